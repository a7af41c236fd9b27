package io.pqlab.predicate;

import io.pqlab.predicate.Expr.And;
import io.pqlab.predicate.Expr.Between;
import io.pqlab.predicate.Expr.Comparison;
import io.pqlab.predicate.Expr.In;
import io.pqlab.predicate.Expr.IsNull;
import io.pqlab.predicate.Expr.Like;
import io.pqlab.predicate.Expr.Not;
import io.pqlab.predicate.Expr.Or;
import io.pqlab.predicate.Literal.BinaryLiteral;
import io.pqlab.predicate.Literal.BoolLiteral;
import io.pqlab.predicate.Literal.DateLiteral;
import io.pqlab.predicate.Literal.DecimalLiteral;
import io.pqlab.predicate.Literal.FloatLiteral;
import io.pqlab.predicate.Literal.IntLiteral;
import io.pqlab.predicate.Literal.StringLiteral;
import io.pqlab.predicate.Literal.TimeLiteral;
import io.pqlab.predicate.Literal.TimestampLiteral;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/** jqwik generators of condition trees for the property tests. */
final class Generators {
    private Generators() {}

    /** Text of valid UTF-16, biased towards the characters that need quoting or escaping. */
    static Arbitrary<String> unicode(int minLength, int maxLength) {
        Arbitrary<Integer> special = Arbitraries.of((int) '\'', (int) '"', (int) '.', (int) ' ', (int) '%', (int) '_',
                (int) '\\', (int) '\n', (int) '\t', 0, 0x1F600, 0xE9, 0x131, (int) 'a', (int) 'Z', (int) '1');
        Arbitrary<Integer> any = Arbitraries.integers().between(0, 0x10FFFF)
                .filter(cp -> cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE);
        return Arbitraries.frequencyOf(Tuple.of(3, special), Tuple.of(1, any)).list().ofMinSize(minLength)
                .ofMaxSize(maxLength).map(cps -> {
                    StringBuilder b = new StringBuilder();
                    cps.forEach(b::appendCodePoint);
                    return b.toString();
                });
    }

    static Arbitrary<String> name() {
        Arbitrary<String> plain = Arbitraries.strings().withCharRange('a', 'z').withChars('_', 'Q').ofMinLength(1)
                .ofMaxLength(6);
        Arbitrary<String> keyword = Arbitraries.of("and", "OR", "Not", "is", "null", "in", "between", "like", "escape",
                "true", "False", "nan", "Infinity", "date", "TIME", "timestamp", "x", "X", "e1", "ınfinity");
        return Arbitraries.frequencyOf(Tuple.of(4, plain), Tuple.of(2, keyword), Tuple.of(2, unicode(1, 6)));
    }

    static Arbitrary<ColumnRef> column() {
        return name().list().ofMinSize(1).ofMaxSize(3).map(p -> new ColumnRef(p, null));
    }

    static Arbitrary<Literal> literal() {
        Arbitrary<Literal> ints = Arbitraries.bigIntegers().between(BigInteger.TEN.pow(40).negate(), BigInteger.TEN.pow(40))
                .map(IntLiteral::new);
        Arbitrary<Literal> decimals = Combinators.combine(
                        Arbitraries.bigIntegers().between(BigInteger.valueOf(-1_000_000_000L), BigInteger.valueOf(1_000_000_000L)),
                        Arbitraries.integers().between(1, 20))
                .as((u, s) -> new DecimalLiteral(new BigDecimal(u, s)));
        Arbitrary<Literal> floats = Arbitraries.doubles().map(d -> {
            String t = Double.toString(d);
            return new FloatLiteral(t.contains("E") ? t : t + "e0", d);
        });
        Arbitrary<Literal> floatTexts = Combinators.combine(Arbitraries.of("", "-"), Arbitraries.of("1", "0", ".5", "12.25", "007"),
                        Arbitraries.of("e", "E"), Arbitraries.of("", "+", "-"), Arbitraries.integers().between(0, 300))
                .as((sign, m, e, es, x) -> FloatLiteral.of(sign + m + e + es + x));
        Arbitrary<Literal> specials = Arbitraries.of(FloatLiteral.NAN, FloatLiteral.INFINITY, FloatLiteral.NEGATIVE_INFINITY);
        Arbitrary<Literal> strings = unicode(0, 8).map(StringLiteral::new);
        Arbitrary<Literal> bools = Arbitraries.of(true, false).map(BoolLiteral::new);
        Arbitrary<LocalDate> dates = Arbitraries.longs()
                .between(LocalDate.of(0, 1, 1).toEpochDay(), LocalDate.of(9999, 12, 31).toEpochDay()).map(LocalDate::ofEpochDay);
        Arbitrary<LocalTime> times = Combinators.combine(Arbitraries.longs().between(0, 86_399),
                        Arbitraries.of(0, 1, 500_000_000, 123_456_789, 120_000))
                .as((s, n) -> LocalTime.ofSecondOfDay(s).withNano(n));
        Arbitrary<ZoneOffset> offsets = Arbitraries.integers().between(-18 * 60, 18 * 60)
                .map(m -> ZoneOffset.ofTotalSeconds(m * 60)).injectNull(0.5);
        Arbitrary<Literal> timestamps = Combinators.combine(dates, times, offsets)
                .as((d, t, o) -> new TimestampLiteral(LocalDateTime.of(d, t), o));
        Arbitrary<Literal> binaries = Arbitraries.bytes().array(byte[].class).ofMaxSize(6).map(BinaryLiteral::new);
        return Arbitraries.oneOf(ints, decimals, floats, floatTexts, specials, strings, bools, dates.map(DateLiteral::new),
                times.map(TimeLiteral::new), timestamps, binaries);
    }

    static Arbitrary<Expr> leaf() {
        Arbitrary<Expr> cmp = Combinators.combine(column(), Arbitraries.of(CompareOp.class), literal()).as(Comparison::new);
        Arbitrary<Expr> in = Combinators.combine(column(), literal().list().ofMinSize(1).ofMaxSize(4), Arbitraries.of(true, false))
                .as(In::new);
        Arbitrary<Expr> between = Combinators.combine(column(), literal(), literal(), Arbitraries.of(true, false))
                .as(Between::new);
        Arbitrary<Expr> isNull = Combinators.combine(column(), Arbitraries.of(true, false)).as(IsNull::new);
        Arbitrary<Integer> escapes = Arbitraries.oneOf(Arbitraries.just(Like.NO_ESCAPE), Arbitraries.of((int) '!', (int) '\\',
                (int) '%', (int) '\'', 0x1F600));
        Arbitrary<Expr> like = Combinators.combine(column(), unicode(0, 6), escapes, Arbitraries.of(true, false))
                .filter((c, p, e, n) -> !Like.danglingEscape(p, e)).as(Like::new);
        return Arbitraries.frequencyOf(Tuple.of(4, cmp), Tuple.of(1, in), Tuple.of(1, between), Tuple.of(1, isNull),
                Tuple.of(1, like));
    }

    /** Trees of AND, OR and NOT over {@code leaf}, at most {@code depth} connectives deep. */
    static Arbitrary<Expr> tree(Arbitrary<Expr> leaf, int depth) {
        if (depth == 0) {
            return leaf;
        }
        Arbitrary<Expr> sub = Arbitraries.lazy(() -> tree(leaf, depth - 1));
        return Arbitraries.frequencyOf(
                Tuple.of(3, leaf),
                Tuple.of(2, sub.list().ofMinSize(2).ofMaxSize(3).map(And::new)),
                Tuple.of(2, sub.list().ofMinSize(2).ofMaxSize(3).map(Or::new)),
                Tuple.of(2, sub.map(Not::new)));
    }

    static List<String> vocabulary() {
        return List.of("a", "b.c", "\"q\"", "\"a.b\".c", "=", "<>", "!=", "<", "<=", ">", ">=", "==", "IN", "NOT", "AND", "OR",
                "(", ")", ",", "'s'", "'", "\"", "1", "-", "+", "1.5", "1e3", "1e", "1.", ".5", "NaN", "Infinity",
                "NULL", "IS", "BETWEEN", "LIKE", "'a%'", "ESCAPE", "'!'", "DATE", "'2020-01-01'", "'2020-02-30'", "TIME",
                "'10:00:00.5'", "TIMESTAMP", "'2020-01-01 10:00:00Z'", "X'0a'", "X'", "x'abc'", "TRUE", "false", ".",
                "#", "😀", "\ud800", "\t", "\n", "é", "1e999", "99999999999999999999999");
    }
}
