package io.pqlab.predicate;

import io.pqlab.fixtures.DuckDb;
import io.pqlab.internal.predicate.Binder;
import io.pqlab.internal.predicate.ValueMatch;
import io.pqlab.internal.predicate.LeafOp;
import io.pqlab.internal.predicate.Predicate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.ParquetFile;
import io.pqlab.Mechanism;
import io.pqlab.scan.RowBatch;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.internal.plan.Scans;
import io.pqlab.scan.Scan;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The condition language where users trip (issue 13): ILIKE, CAST on literals, TIMESTAMPTZ, a
 * leading WHERE and a trailing ';', "SE" as a quoted name, LIKE's ESCAPE kept in the bound form.
 * ILIKE is held to DuckDB's answer on a file it wrote, every mechanism on.
 */
class ConditionUsabilityTest {
    @TempDir
    static Path dir;
    static Path file;

    @BeforeAll
    static void write() throws Exception {
        file = dir.resolve("names.parquet");
        // sorted so that statistics and the page index have narrow ranges a wrong skip would use
        DuckDb.execute("COPY (SELECT * FROM (SELECT range AS id, CASE range % 7 WHEN 0 THEN 'Sweden' WHEN 1 THEN 'SWEDEN'"
                + " WHEN 2 THEN 'sweden' WHEN 3 THEN 'Spain' WHEN 4 THEN 'S%x' WHEN 5 THEN NULL ELSE 'Ärlig' END AS name"
                + " FROM range(7000)) ORDER BY name) TO '" + file + "' (FORMAT PARQUET, ROW_GROUP_SIZE 1000)");
    }

    static long duckdb(String where) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT count(*) FROM read_parquet('" + file + "') WHERE " + where)) {
            r.next();
            return r.getLong(1);
        }
    }

    static long pqlab(String where) throws Exception {
        try (ParquetFile f = ParquetFile.open(file)) {
            Predicate p = Binder.bind(where, f.schema());
            Scan s = Scans.open(f, BoundQuery.of(p, Mechanism.all()));
            long n = 0;
            for (RowBatch b = s.nextBatch(); b != null; b = s.nextBatch()) {
                n += b.size();
            }
            return n;
        }
    }

    @Test
    void ilikeMatchesWhatDuckDbMatches() throws Exception {
        for (String where : List.of("name ILIKE 'sweden'", "name ILIKE 'SW%'", "name ILIKE 's%'", "name NOT ILIKE 'sw%'",
                "name ILIKE '%DEN'", "name ILIKE 'ärlig'", "name ILIKE '_WEDEN'", "NOT (name ILIKE 'spain')",
                "name ILIKE 's!%%' ESCAPE '!'", "name LIKE 'S!%%' ESCAPE '!'", "name ILIKE '%'")) {
            assertThat(pqlab(where)).as(where).isEqualTo(duckdb(where)).isPositive();
        }
    }

    @Test
    void ilikeIsNeverJudgedByBounds() {
        Predicate.Leaf l = (Predicate.Leaf) Binder.bind("name ILIKE 'sw%'", schema());
        assertThat(l.op()).isEqualTo(LeafOp.ILIKE); // not a byte prefix: 'SWEDEN' does not start with "sw"
        assertThat(ValueMatch.matches(l, "SWEDEN".getBytes(java.nio.charset.StandardCharsets.UTF_8))).isTrue();
        assertThat(ValueMatch.matches(l, "Spain".getBytes(java.nio.charset.StandardCharsets.UTF_8))).isFalse();
        assertThat(Binder.bind("name NOT ILIKE 'x'", schema())).extracting(p -> ((Predicate.Leaf) p).op())
                .isEqualTo(LeafOp.NOT_ILIKE);
    }

    static io.pqlab.schema.Schema schema() {
        try (ParquetFile f = ParquetFile.open(file)) {
            return f.schema();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The bound form keeps ESCAPE, and what it prints binds back to the same leaf. */
    @Test
    void theBoundFormPrintsItsEscapeAndRoundTrips() throws Exception {
        for (String c : List.of("name LIKE 'S!%%' ESCAPE '!'", "name NOT LIKE 'a#_%' ESCAPE '#'", "name ILIKE 'S!%%' ESCAPE '!'",
                "name LIKE '%x%'", "name ILIKE 'Sw%'")) {
            Predicate p = Binder.bind(c, schema());
            assertThat(p.toString()).as(c).isEqualTo(c);
            Predicate again = Binder.bind(p.toString(), schema());
            Predicate.Leaf a = (Predicate.Leaf) p;
            Predicate.Leaf b = (Predicate.Leaf) again;
            assertThat(b.op()).isEqualTo(a.op());
            assertThat(b.values()).usingElementComparator(java.util.Arrays::compare).isEqualTo(a.values());
            assertThat(pqlab(p.toString())).as(c).isEqualTo(duckdb(c));
            // the syntax tree prints and parses back equal too
            assertThat(Condition.parse(Condition.parse(c).toString())).isEqualTo(Condition.parse(c));
        }
        assertThat(pqlab("name LIKE 'S!%%' ESCAPE '!'")).as("only 'S%x'").isEqualTo(1000);
    }

    @Test
    void castFoldsIntoTheLiteral() {
        assertThat(Condition.parse("d = CAST('2024-01-31' AS DATE)")).isEqualTo(Condition.parse("d = DATE '2024-01-31'"));
        assertThat(Condition.parse("x < cast(5 as bigint)")).isEqualTo(Condition.parse("x < 5"));
        assertThat(Condition.parse("x = CAST('12' AS INTEGER)")).isEqualTo(Condition.parse("x = 12"));
        assertThat(Condition.parse("x = CAST(2.50 AS DECIMAL(9, 2))")).isEqualTo(Condition.parse("x = 2.50"));
        assertThat(Condition.parse("x = CAST(3 AS DOUBLE)")).isEqualTo(Condition.parse("x = 3e0"));
        assertThat(Condition.parse("t > CAST('2024-01-31 10:00:00' AS TIMESTAMP)"))
                .isEqualTo(Condition.parse("t > TIMESTAMP '2024-01-31 10:00:00'"));
        assertThat(Condition.parse("s = CAST(42 AS VARCHAR)")).isEqualTo(Condition.parse("s = '42'"));
        assertThat(Condition.parse("b = CAST('t' AS BOOLEAN)")).isEqualTo(Condition.parse("b = TRUE"));
        // what SQL would round, or cannot hold, is said
        assertThatThrownBy(() -> Condition.parse("x = CAST(2.5 AS INTEGER)")).hasMessageContaining("would round");
        assertThatThrownBy(() -> Condition.parse("x = CAST(300 AS TINYINT)")).hasMessageContaining("out of range");
        assertThatThrownBy(() -> Condition.parse("x = CAST('x' AS WIBBLE)")).hasMessageContaining("unknown type WIBBLE");
        assertThatThrownBy(() -> Condition.parse("x = CAST('2024-13-01' AS DATE)")).hasMessageContaining("month 13");
        // CAST is still a fine column name
        assertThat(Condition.parse("cast = 1")).isEqualTo(new Expr.Comparison(ColumnRef.of("cast"), CompareOp.EQ,
                Literal.IntLiteral.of(1)));
    }

    @Test
    void timestamptzIsAnInstantUtcWithoutAnOffset() {
        assertThat(Condition.parse("t = TIMESTAMPTZ '2024-01-31 10:00:00'"))
                .isEqualTo(Condition.parse("t = TIMESTAMP '2024-01-31 10:00:00Z'"));
        assertThat(Condition.parse("t = TIMESTAMPTZ '2024-01-31 12:00:00+02:00'"))
                .isEqualTo(Condition.parse("t = TIMESTAMP '2024-01-31 12:00:00+02:00'"));
        Expr e = Condition.parse("t = TIMESTAMPTZ '2024-01-31 10:00:00'");
        assertThat(Condition.parse(e.toString())).isEqualTo(e);
    }

    @Test
    void aLeadingWhereAndATrailingSemicolonAreSqlsPunctuation() {
        Expr plain = Condition.parse("country = 'SE'");
        assertThat(Condition.parse("WHERE country = 'SE'")).isEqualTo(plain);
        assertThat(Condition.parse("where country = 'SE';")).isEqualTo(plain);
        assertThat(Condition.parse("country = 'SE' ;  ")).isEqualTo(plain);
        // a column called where stays one
        assertThat(Condition.parse("where = 1")).isEqualTo(Condition.parse("\"where\" = 1"));
        assertThat(Condition.parse("where IS NULL")).isEqualTo(Condition.parse("\"where\" IS NULL"));
        assertThatThrownBy(() -> Condition.parse("x = 1; y = 2")).hasMessageContaining("after ';'");
        assertThatThrownBy(() -> Condition.parse(";")).hasMessageContaining("empty condition");
    }

    @Test
    void aDoubleQuotedStringIsExplainedAsAColumnName() {
        assertThatThrownBy(() -> Condition.parse("country = \"SE\""))
                .hasMessageContaining("\"SE\" in double quotes is a column name; a string is written 'SE'");
        assertThatThrownBy(() -> Condition.parse("\"SE\" = country"))
                .hasMessageContaining("\"SE\" in double quotes is a column name; a string is written 'SE'");
        assertThatThrownBy(() -> Condition.parse("country IN ('PL', \"SE\")"))
                .hasMessageContaining("\"SE\" in double quotes is a column name; a string is written 'SE'");
    }

    @Test
    void namesIgnoreCaseUnlessTwoColumnsDifferOnlyInCase() {
        List<String> found = new ArrayList<>();
        found.add(Binder.bind("NAME = 'x'", schema()).toString());
        found.add(Binder.bind("\"Name\" = 'x'", schema()).toString());
        assertThat(found).containsOnly("name = 'x'");
    }
}
