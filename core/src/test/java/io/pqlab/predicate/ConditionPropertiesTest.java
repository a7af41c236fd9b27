package io.pqlab.predicate;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.predicate.Expr.And;
import io.pqlab.predicate.Expr.Between;
import io.pqlab.predicate.Expr.Comparison;
import io.pqlab.predicate.Expr.In;
import io.pqlab.predicate.Expr.IsNull;
import io.pqlab.predicate.Expr.Like;
import io.pqlab.predicate.Expr.Not;
import io.pqlab.predicate.Expr.Or;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Round trips over generated trees, and robustness over generated and mutated text. */
class ConditionPropertiesTest {

    @Provide
    Arbitrary<Expr> trees() {
        return Generators.tree(Generators.leaf(), 3);
    }

    @Property(tries = 1500)
    void printedTreesParseBackEqual(@ForAll("trees") Expr e) {
        String text = e.toString();
        Expr parsed = Condition.parse(text);
        assertThat(parsed).as(text).isEqualTo(e);
        assertThat(parsed.toString()).isEqualTo(text);
        Expr pushed = e.pushNot();
        assertThat(Condition.parse(pushed.toString())).isEqualTo(pushed);
    }

    @Property(tries = 1500)
    void pushedFormIsNotFreeAndStable(@ForAll("trees") Expr e) {
        Expr pushed = e.pushNot();
        pushed.mapLeaves(l -> {
            assertThat(l).isNotInstanceOf(Between.class);
            return l;
        });
        assertThat(pushed.toString()).doesNotContain("NOT (", "NOT NOT");
        assertNoNot(pushed);
        assertThat(pushed.pushNot()).isEqualTo(pushed);
        assertThat(new Not(new Not(e)).pushNot()).isEqualTo(pushed);
        assertThat(pushed.columns()).isEqualTo(e.columns());
    }

    private static void assertNoNot(Expr e) {
        assertThat(e).isNotInstanceOf(Not.class);
        if (e instanceof And a) {
            a.terms().forEach(t -> {
                assertThat(t).isNotInstanceOf(And.class);
                assertNoNot(t);
            });
        } else if (e instanceof Or o) {
            o.terms().forEach(t -> {
                assertThat(t).isNotInstanceOf(Or.class);
                assertNoNot(t);
            });
        }
    }

    @Provide
    Arbitrary<String> tokenSoup() {
        Arbitrary<String> token = Arbitraries.of(Generators.vocabulary());
        Arbitrary<String> sep = Arbitraries.of("", " ", " ", "  ");
        return Combinators.combine(token, sep).as((t, s) -> t + s).list().ofMaxSize(14).map(l -> String.join("", l));
    }

    @Provide
    Arbitrary<String> mutated() {
        Arbitrary<String> printed = trees().map(Expr::toString);
        return Combinators.combine(printed, Arbitraries.integers().between(0, 1000), Arbitraries.integers().between(0, 6),
                Arbitraries.of(Generators.vocabulary()), Arbitraries.of(0, 1, 2)).as((s, at, len, tok, kind) -> {
                    int i = Math.min(at, s.length());
                    int j = Math.min(s.length(), i + len);
                    return switch (kind) {
                        case 0 -> s.substring(0, i) + s.substring(j); // delete
                        case 1 -> s.substring(0, i) + tok + s.substring(i); // insert
                        default -> s.substring(0, i) + tok + s.substring(j); // replace
                    };
                });
    }

    @Provide
    Arbitrary<String> anyText() {
        return Arbitraries.strings().all().ofMaxLength(40);
    }

    @Property(tries = 3000)
    void tokenSoupFailsOnlyCleanly(@ForAll("tokenSoup") String text) {
        checkClean(text);
    }

    @Property(tries = 3000)
    void mutatedConditionsFailOnlyCleanly(@ForAll("mutated") String text) {
        checkClean(text);
    }

    @Property(tries = 2000)
    void arbitraryTextFailsOnlyCleanly(@ForAll("anyText") String text) {
        checkClean(text);
    }

    /** Parses or throws ConditionException with a position inside the text; what parses round-trips. */
    private static void checkClean(String text) {
        Expr e;
        try {
            e = Condition.parse(text);
        } catch (ConditionException x) {
            assertThat(x.position()).as(x.getMessage()).isBetween(0, text.length());
            assertThat(x.getMessage()).endsWith(" at character " + x.position());
            assertThat(x.caretLine(text)).contains("^");
            return;
        }
        assertThat(Condition.parse(e.toString())).isEqualTo(e);
        assertThat(Condition.parse(e.pushNot().toString())).isEqualTo(e.pushNot());
    }

    @Property(tries = 200)
    void literalsKeepTheirValues(@ForAll("trees") Expr e) {
        // Every literal of a generated tree prints to text that reads back as the same literal
        // when it stands alone on the right of a comparison.
        e.mapLeaves(l -> {
            if (l instanceof Comparison c) {
                Expr back = Condition.parse("a = " + c.value());
                assertThat(((Comparison) back).value()).isEqualTo(c.value());
            } else if (l instanceof In in) {
                assertThat(((In) Condition.parse(in.toString())).values()).isEqualTo(in.values());
            } else if (l instanceof Like like) {
                assertThat(((Like) Condition.parse(like.toString())).pattern()).isEqualTo(like.pattern());
            } else if (l instanceof IsNull n) {
                assertThat(Condition.parse(n.toString())).isEqualTo(n);
            }
            return l;
        });
    }

    @Property(tries = 50)
    void caretSitsUnderThePosition(@ForAll("tokenSoup") String text) {
        String plain = text.replace("\t", " ").replace("\n", " ").replace("😀", "?").replace("\ud800", "?");
        try {
            Condition.parse(plain);
        } catch (ConditionException x) {
            String[] lines = x.caretLine(plain).split("\n", -1);
            if (!lines[0].startsWith("...")) {
                assertThat(lines[1].indexOf('^')).isEqualTo(x.position());
            }
        }
    }
}
