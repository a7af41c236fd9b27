package io.pqlab.predicate;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.predicate.Expr.Comparison;
import io.pqlab.predicate.Expr.Like;
import io.pqlab.predicate.Literal.DecimalLiteral;
import io.pqlab.predicate.Literal.FloatLiteral;
import io.pqlab.predicate.Literal.IntLiteral;
import io.pqlab.predicate.Literal.StringLiteral;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Holds the NOT-pushdown test's reference evaluator to DuckDB, so that the semantics it judges by
 * (NaN = NaN and above all numbers, -0.0 = +0.0, nulls UNKNOWN, LIKE without a default escape)
 * are an engine's and not only this project's opinion.
 */
class ReferenceEvaluatorVsDuckDbTest {

    private static final List<Double> DOUBLES = Arrays.asList(null, Double.NaN, 0.0, -0.0, 1.0, -1.0, 2.5,
            Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e10);
    private static final List<String> STRINGS = Arrays.asList(null, "", "a", "ab", "abc", "b", "a%", "a_c", "Ab", "a\\b");
    private static final List<String> PATTERNS = List.of("a%", "%", "ab%", "a_", "%b%", "", "a!%", "_%", "a!%%", "a\\%", "a\\b");

    @Test
    void comparisonsAndLikeAgreeWithDuckDb() throws Exception {
        ColumnRef f = ColumnRef.of("f");
        ColumnRef s = ColumnRef.of("s");
        int checked = 0;
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE t(i INTEGER, f DOUBLE, s VARCHAR)");
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO t VALUES (?, ?, ?)")) {
                for (int i = 0; i < DOUBLES.size(); i++) {
                    ins.setInt(1, i);
                    ins.setObject(2, DOUBLES.get(i));
                    ins.setObject(3, STRINGS.get(i));
                    ins.execute();
                }
            }
            List<Literal> literals = List.of(FloatLiteral.NAN, FloatLiteral.INFINITY, FloatLiteral.NEGATIVE_INFINITY,
                    FloatLiteral.of("0e0"), FloatLiteral.of("-0e0"), FloatLiteral.of("2.5e0"), FloatLiteral.of("-1e0"),
                    new DecimalLiteral(new java.math.BigDecimal("1.0")), IntLiteral.of(10_000_000_000L));
            for (Literal lit : literals) {
                double d = lit instanceof FloatLiteral fl ? fl.value()
                        : lit instanceof DecimalLiteral dl ? dl.value().doubleValue() : ((IntLiteral) lit).value().doubleValue();
                for (CompareOp op : CompareOp.values()) {
                    String sql = "SELECT f, f " + op.symbol() + " CAST(? AS DOUBLE) FROM t ORDER BY i";
                    try (PreparedStatement q = c.prepareStatement(sql)) {
                        q.setDouble(1, d);
                        checked += agree(q, DOUBLES, f, new Comparison(f, op, lit));
                    }
                }
            }
            for (String p : PATTERNS) {
                for (boolean escape : new boolean[] {false, true}) {
                    if (escape && Like.danglingEscape(p, '!')) {
                        continue;
                    }
                    String sql = "SELECT s, s LIKE ?" + (escape ? " ESCAPE '!'" : "") + " FROM t ORDER BY i";
                    try (PreparedStatement q = c.prepareStatement(sql)) {
                        q.setString(1, p);
                        checked += agree(q, STRINGS, s, new Like(s, p, escape ? '!' : Like.NO_ESCAPE, false));
                    }
                }
                for (CompareOp op : CompareOp.values()) {
                    try (PreparedStatement q = c.prepareStatement("SELECT s, s " + op.symbol() + " ? FROM t ORDER BY i")) {
                        q.setString(1, p);
                        checked += agree(q, STRINGS, s, new Comparison(s, op, new StringLiteral(p)));
                    }
                }
            }
        }
        assertThat(checked).isGreaterThan(1000);
    }

    private static int agree(PreparedStatement q, List<?> values, ColumnRef col, Expr e) throws Exception {
        int n = 0;
        try (ResultSet r = q.executeQuery()) {
            for (Object v : values) {
                assertThat(r.next()).isTrue();
                Object duck = r.getObject(2);
                Map<ColumnRef, Object> row = new HashMap<>();
                row.put(col, v);
                assertThat(PushNotSemanticsTest.eval(e, row)).as("%s on %s", e, v).isEqualTo(duck);
                n++;
            }
        }
        return n;
    }
}
