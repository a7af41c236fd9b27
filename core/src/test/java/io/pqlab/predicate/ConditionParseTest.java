package io.pqlab.predicate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConditionParseTest {

    private static final ColumnRef A = ColumnRef.of("a");

    private static Literal value(String condition) {
        return ((Comparison) Condition.parse(condition)).value();
    }

    @Test
    void comparisonsAndFlips() {
        assertThat(Condition.parse("a = 5")).isEqualTo(new Comparison(A, CompareOp.EQ, IntLiteral.of(5)));
        assertThat(Condition.parse("a<>5")).isEqualTo(new Comparison(A, CompareOp.NE, IntLiteral.of(5)));
        assertThat(Condition.parse("a != 5")).isEqualTo(new Comparison(A, CompareOp.NE, IntLiteral.of(5)));
        assertThat(Condition.parse("5 < a")).isEqualTo(new Comparison(A, CompareOp.GT, IntLiteral.of(5)));
        assertThat(Condition.parse("5 <= a")).isEqualTo(new Comparison(A, CompareOp.GE, IntLiteral.of(5)));
        assertThat(Condition.parse("'x' > a")).isEqualTo(new Comparison(A, CompareOp.LT, new StringLiteral("x")));
        assertThat(Condition.parse("-5 >= a")).isEqualTo(new Comparison(A, CompareOp.LE, IntLiteral.of(-5)));
        assertThat(Condition.parse("5 = a")).isEqualTo(new Comparison(A, CompareOp.EQ, IntLiteral.of(5)));
    }

    @Test
    void literals() {
        assertThat(value("a = 123456789012345678901234567890"))
                .isEqualTo(new IntLiteral(new BigInteger("123456789012345678901234567890")));
        assertThat(value("a = +7")).isEqualTo(IntLiteral.of(7));
        assertThat(value("a = - 7")).isEqualTo(IntLiteral.of(-7));
        assertThat(value("a = 2.50")).isEqualTo(new DecimalLiteral(new BigDecimal("2.50")));
        assertThat(value("a = -0.001")).isEqualTo(new DecimalLiteral(new BigDecimal("-0.001")));
        assertThat(value("a = .5")).isEqualTo(new DecimalLiteral(new BigDecimal("0.5")));
        assertThat(value("a = 1e10")).isEqualTo(new FloatLiteral("1e10", 1e10));
        assertThat(value("a = -2.5E-3")).isEqualTo(new FloatLiteral("-2.5E-3", -2.5e-3));
        assertThat(value("a = +1e3")).isEqualTo(new FloatLiteral("1e3", 1e3));
        assertThat(value("a = nan")).isEqualTo(FloatLiteral.NAN);
        assertThat(value("a = INFINITY")).isEqualTo(FloatLiteral.INFINITY);
        assertThat(value("a = -Infinity")).isEqualTo(FloatLiteral.NEGATIVE_INFINITY);
        assertThat(value("a = 'it''s ünï 😀'")).isEqualTo(new StringLiteral("it's ünï 😀"));
        assertThat(value("a = ''")).isEqualTo(new StringLiteral(""));
        assertThat(value("a = true")).isEqualTo(new BoolLiteral(true));
        assertThat(value("a = False")).isEqualTo(new BoolLiteral(false));
        assertThat(value("a = x'00fF10'")).isEqualTo(new BinaryLiteral(new byte[] {0, -1, 16}));
        assertThat(value("a = X''")).isEqualTo(new BinaryLiteral(new byte[0]));
        assertThat(value("a = date '2024-02-29'")).isEqualTo(new DateLiteral(LocalDate.of(2024, 2, 29)));
        assertThat(value("a = TIME '23:59:59.000000001'"))
                .isEqualTo(new TimeLiteral(LocalTime.of(23, 59, 59, 1)));
        assertThat(value("a = TIMESTAMP '2024-01-02 03:04:05.123456'"))
                .isEqualTo(new TimestampLiteral(LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_000), null));
        assertThat(value("a = TIMESTAMP '2024-01-02T03:04:05Z'"))
                .isEqualTo(new TimestampLiteral(LocalDateTime.of(2024, 1, 2, 3, 4, 5), ZoneOffset.UTC));
        assertThat(value("a = TIMESTAMP '2024-01-02 03:04:05-05:30'"))
                .isEqualTo(new TimestampLiteral(LocalDateTime.of(2024, 1, 2, 3, 4, 5), ZoneOffset.ofHoursMinutes(-5, -30)));
        assertThat(value("a = TIMESTAMP '2024-01-02'"))
                .isEqualTo(new TimestampLiteral(LocalDateTime.of(2024, 1, 2, 0, 0), null));
    }

    @Test
    void typedLiteralKeywordsAreAlsoColumnNames() {
        assertThat(Condition.parse("date >= DATE '2020-01-01'")).isEqualTo(
                new Comparison(ColumnRef.of("date"), CompareOp.GE, new DateLiteral(LocalDate.of(2020, 1, 1))));
        assertThat(Condition.parse("x = 'a' AND timestamp IS NULL AND time IN (1)").columns())
                .containsExactly(ColumnRef.of("x"), ColumnRef.of("timestamp"), ColumnRef.of("time"));
    }

    @Test
    void columnPaths() {
        Comparison c = (Comparison) Condition.parse("a.b.\"c.d\" . \"say \"\"hi\"\"\" = 1");
        assertThat(c.column().path()).containsExactly("a", "b", "c.d", "say \"hi\"");
        assertThat(c.column().text()).isEqualTo("a.b.\"c.d\" . \"say \"\"hi\"\"\"");
        assertThat(c.column().canonical()).isEqualTo("a.b.\"c.d\".\"say \"\"hi\"\"\"");
        assertThat(((Comparison) Condition.parse("\"a.b\".c = 1")).column().path()).containsExactly("a.b", "c");
        assertThat(((Comparison) Condition.parse("\"and\" = 1")).column().path()).containsExactly("and");
        assertThat(((Comparison) Condition.parse("Größe = 1")).column().path()).containsExactly("Größe");
        assertThat(ColumnRef.of("and").canonical()).isEqualTo("\"and\"");
        assertThat(ColumnRef.of("ınfinity").canonical()).isEqualTo("ınfinity"); // not ASCII: no keyword
    }

    @Test
    void otherTests() {
        assertThat(Condition.parse("a IS NULL")).isEqualTo(new IsNull(A, false));
        assertThat(Condition.parse("a is not null")).isEqualTo(new IsNull(A, true));
        assertThat(Condition.parse("a IN (1, 'x', 1)"))
                .isEqualTo(new In(A, List.of(IntLiteral.of(1), new StringLiteral("x"), IntLiteral.of(1)), false));
        assertThat(Condition.parse("a NOT IN (1)")).isEqualTo(new In(A, List.of(IntLiteral.of(1)), true));
        assertThat(Condition.parse("a BETWEEN 1 AND 5"))
                .isEqualTo(new Between(A, IntLiteral.of(1), IntLiteral.of(5), false));
        assertThat(Condition.parse("a NOT BETWEEN 1 AND 5").toString()).isEqualTo("a NOT BETWEEN 1 AND 5");
        assertThat(Condition.parse("a LIKE 'ab%'")).isEqualTo(new Like(A, "ab%", false));
        assertThat(Condition.parse("a NOT LIKE 'a!%%' ESCAPE '!'")).isEqualTo(new Like(A, "a!%%", '!', true));
    }

    @Test
    void precedenceAndGrouping() {
        Expr e = Condition.parse("a = 1 OR b = 2 AND NOT c = 3");
        assertThat(e).isInstanceOf(Or.class);
        Or or = (Or) e;
        assertThat(or.terms().get(1)).isInstanceOf(And.class);
        assertThat(((And) or.terms().get(1)).terms().get(1)).isInstanceOf(Not.class);
        assertThat(e.toString()).isEqualTo("a = 1 OR (b = 2 AND NOT c = 3)");
        Expr between = Condition.parse("a BETWEEN 1 AND 5 AND b = 2");
        assertThat(((And) between).terms()).hasSize(2).first().isInstanceOf(Between.class);
        assertThat(Condition.parse("(a = 1 AND b = 2) AND c = 3").toString()).isEqualTo("(a = 1 AND b = 2) AND c = 3");
        assertThat(Condition.parse("((a = 1))")).isEqualTo(Condition.parse("a = 1"));
    }

    @Test
    void likePrefixes() {
        assertThat(new Like(A, "abc%", false).prefix()).contains("abc");
        assertThat(new Like(A, "%", false).prefix()).contains("");
        for (String general : new String[] {"abc", "a%c%", "a_c%", "%abc", "a\\%%", "ab%%", ""}) {
            assertThat(new Like(A, general, false).prefix()).as(general).isEqualTo(Optional.empty());
        }
        assertThat(new Like(A, "a!b%", '!', false).prefix()).isEmpty();
        assertThat(new Like(A, "ab%%", '%', false).prefix()).isEmpty();
        assertThat(new Like(A, "ab%", '!', false).prefix()).contains("ab");
    }

    @Test
    void pushNotRewrites() {
        assertThat(Condition.parse("NOT a < 5").pushNot()).isEqualTo(Condition.parse("a >= 5"));
        assertThat(Condition.parse("NOT a = 5").pushNot()).isEqualTo(Condition.parse("a != 5"));
        assertThat(Condition.parse("NOT a IN (1, 2)").pushNot()).isEqualTo(Condition.parse("a NOT IN (1, 2)"));
        assertThat(Condition.parse("NOT a NOT IN (1)").pushNot()).isEqualTo(Condition.parse("a IN (1)"));
        assertThat(Condition.parse("NOT a BETWEEN 1 AND 5").pushNot()).isEqualTo(Condition.parse("a < 1 OR a > 5"));
        assertThat(Condition.parse("a BETWEEN 1 AND 5").pushNot()).isEqualTo(Condition.parse("a >= 1 AND a <= 5"));
        assertThat(Condition.parse("NOT (x IS NULL)").pushNot()).isEqualTo(Condition.parse("x IS NOT NULL"));
        assertThat(Condition.parse("NOT x LIKE 'a%'").pushNot()).isEqualTo(Condition.parse("x NOT LIKE 'a%'"));
        assertThat(Condition.parse("NOT NOT a = 1").pushNot()).isEqualTo(Condition.parse("a = 1"));
        assertThat(Condition.parse("NOT (a = 1 AND (b = 2 OR NOT c = 3))").pushNot())
                .isEqualTo(Condition.parse("a != 1 OR (b != 2 AND c = 3)"));
        assertThat(Condition.parse("NOT (a = 1 OR b BETWEEN 1 AND 2)").pushNot())
                .isEqualTo(Condition.parse("a != 1 AND (b < 1 OR b > 2)"));
        assertThat(Condition.parse("a = 1 AND (b = 2 AND c = 3)").pushNot())
                .isEqualTo(Condition.parse("a = 1 AND b = 2 AND c = 3"));
    }

    @Test
    void mapLeavesIsTheBindingHook() {
        record Bound(ColumnRef column, boolean negated) implements Expr.TypedLeaf {
            @Override
            public Expr negate() {
                return new Bound(column, !negated);
            }
        }
        Expr e = Condition.parse("NOT (a = 1 OR b IS NULL)").mapLeaves(l -> new Bound(l.column(), false));
        assertThat(e.pushNot()).isEqualTo(Expr.and(new Bound(A, true), new Bound(ColumnRef.of("b"), true)));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            ``                              | 0  | empty condition
            `   `                           | 3  | empty condition
            a =                             | 3  | expected a value after '='
            a = )                           | 4  | expected a value after '=', found ')'
            a = 'abc                        | 4  | unterminated string
            "abc = 1                        | 0  | unterminated quoted name
            "" = 1                          | 0  | empty quoted name
            a = DATE '2021-02-29'           | 9  | invalid date '2021-02-29': day 29 is not 1 to 28
            a = DATE '2021-13-01'           | 9  | month 13
            a = DATE '21-1-1'               | 9  | expected DATE 'YYYY-MM-DD'
            a = TIMESTAMP '2021-01-01 24:00:00' | 14 | hours go to 23
            a = TIMESTAMP '2021-01-01 10:00:00.1234567890' | 14 | more than 9 fractional digits
            a = TIMESTAMP '2021-01-01 10:00:00+19:00' | 14 | invalid offset
            a = TIME '10:00'                | 9  | invalid time
            a = X'abc'                      | 4  | odd number of hex digits
            a = X'zz'                       | 6  | invalid hex digit 'z'
            a = X'ab                        | 4  | unterminated binary literal
            a == 1                          | 2  | unknown operator '==' (write '=')
            a => 1                          | 2  | unknown operator '=>'
            a <=> 1                         | 2  | unknown operator '<=>'
            a = 1 b = 2                     | 6  | unexpected 'b' after a complete condition
            a = 1)                          | 5  | unmatched ')'
            (a = 1                          | 6  | expected ')' to close the '(' at character 0
            a IN ()                         | 6  | empty IN list
            a IN 1                          | 5  | expected '(' after IN
            a IN (1 2)                      | 8  | expected ',' or ')' in the IN list
            a IN (1, NULL)                  | 9  | NULL is not allowed in an IN list
            a = NULL                        | 4  | NULL cannot be compared with '='
            NULL <> a                       | 0  | use IS NULL or IS NOT NULL
            NULL IS NULL                    | 0  | NULL is not a column
            a = b                           | 4  | comparing two columns is not supported (a string is written 'b')
            1 = 2                           | 0  | a comparison needs a column on one side
            1 IN (2)                        | 0  | IN needs a column on its left
            a                               | 1  | expected an operator after a
            a IS 5                          | 5  | expected NULL or NOT NULL after IS
            a NOT = 5                       | 6  | expected IN, BETWEEN, LIKE or ILIKE after NOT
            a BETWEEN 1 OR 5                | 12 | expected AND after BETWEEN's lower bound
            a BETWEEN b AND 5               | 10 | found the column b
            a LIKE 5                        | 7  | expected a 'pattern' string after LIKE
            a LIKE 'x!' ESCAPE '!'          | 7  | ends with its escape character
            a LIKE 'x' ESCAPE 'ab'          | 18 | expected a one-character string after ESCAPE
            a = 1 AND                       | 9  | expected a condition after AND
            a = 1 OR OR b = 1               | 9  | expected a condition after OR, found OR
            NOT                             | 3  | expected a condition after NOT
            a = 1.                          | 6  | expected a digit after the decimal point
            a = 1e                          | 6  | expected the exponent's digits
            a = 1.2.3                       | 7  | a number cannot be followed by '.'
            a = 12abc                       | 6  | a number cannot be followed by 'a'
            a = 1e400                       | 4  | too large for a double
            a = -1e-400                     | 4  | too small for a double
            a = - NaN                       | 6  | expected a number after '-'
            a = #                           | 4  | unexpected character '#'
            a.and = 1                       | 2  | expected a name after '.'
            a. = 1                          | 3  | expected a name after '.'
            and = 1                         | 0  | expected a condition, found AND
            """)
    void errors(String condition, int position, String reason) {
        assertThatThrownBy(() -> Condition.parse(condition))
                .isInstanceOf(ConditionException.class)
                .hasMessageContaining(reason)
                .hasMessageEndingWith(" at character " + position)
                .satisfies(e -> assertThat(((ConditionException) e).position()).isEqualTo(position));
    }

    @Test
    void boundedDepthAndLength() {
        String deep = "(".repeat(Condition.MAX_DEPTH + 1) + "a = 1" + ")".repeat(Condition.MAX_DEPTH + 1);
        assertThatThrownBy(() -> Condition.parse(deep)).isInstanceOf(ConditionException.class)
                .hasMessageContaining("nested more than 200 deep").extracting(e -> ((ConditionException) e).position())
                .isEqualTo(Condition.MAX_DEPTH);
        String nots = "NOT ".repeat(100_000) + "a = 1";
        assertThatThrownBy(() -> Condition.parse(nots)).isInstanceOf(ConditionException.class)
                .extracting(e -> ((ConditionException) e).position()).isEqualTo(4 * Condition.MAX_DEPTH);
        String ok = "(".repeat(Condition.MAX_DEPTH) + "a = 1" + ")".repeat(Condition.MAX_DEPTH);
        assertThat(Condition.parse(ok)).isEqualTo(Condition.parse("a = 1"));
        String tooLong = "a IN (" + "1, ".repeat(Condition.MAX_LENGTH / 3) + "1)";
        assertThatThrownBy(() -> Condition.parse(tooLong)).isInstanceOf(ConditionException.class)
                .hasMessageContaining("longer than");
        String longNumber = "a = " + "9".repeat(5000);
        assertThatThrownBy(() -> Condition.parse(longNumber)).isInstanceOf(ConditionException.class)
                .hasMessageContaining("number longer than");
        assertThatThrownBy(() -> Condition.parse("a = '\ud800'")).isInstanceOf(ConditionException.class)
                .hasMessageContaining("unpaired").extracting(e -> ((ConditionException) e).position()).isEqualTo(5);
        assertThatThrownBy(() -> Condition.parse(null)).isInstanceOf(ConditionException.class);
    }

    @Test
    void caretLine() {
        String text = "a = 1 AND b ==  2";
        ConditionException e = catchCondition(text);
        assertThat(e.getMessage()).isEqualTo("unknown operator '==' (write '=') at character 12");
        assertThat(e.caretLine(text)).isEqualTo(text + "\n" + " ".repeat(12) + "^");
        String multi = "a = 1\n\tAND \"😀\" = 2 AND";
        e = catchCondition(multi);
        assertThat(e.caretLine(multi)).isEqualTo("\tAND \"😀\" = 2 AND\n\t" + " ".repeat(15) + "^");
        String longText = "a IN (" + "1, ".repeat(100) + "1 = 2";
        e = catchCondition(longText);
        String[] lines = e.caretLine(longText).split("\n");
        assertThat(lines[0]).startsWith("...").hasSizeLessThan(80);
        assertThat(lines[1].indexOf('^')).isEqualTo(lines[0].indexOf("1 = 2") + 2);
        assertThat(e.caretLine("")).isEqualTo("\n^"); // a different text must not break it
    }

    private static ConditionException catchCondition(String text) {
        try {
            Condition.parse(text);
        } catch (ConditionException e) {
            return e;
        }
        throw new AssertionError("parsed: " + text);
    }
}
