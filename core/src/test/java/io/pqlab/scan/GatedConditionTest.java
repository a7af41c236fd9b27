package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.Mechanism;
import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.internal.predicate.Binder;
import io.pqlab.oracle.ParquetJava;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An AND's later condition columns gated by its conjuncts on earlier ones ({@link
 * WindowedPass#gates}): the rows equal those of the ungated pass (late materialisation off) and
 * of the writer's row function, with nulls and NaN in the gated columns, pages that run across
 * windows (70,000 rows in pages of 20,000; windows of 65,536, or of 1,024 doubling under a limit), chains of
 * three columns, conjuncts that are ORs, and with and without the page index (a progressive
 * source choosing pages, or walking the chunk). A gate false on every row (a value absent
 * inside the column's range, no dictionary or Bloom filter) decodes none of the gated column's pages.
 */
class GatedConditionTest {
    static final int ROWS = 70_000;
    static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
            "message m { required int64 a; optional double b; optional binary c (STRING); }");

    @TempDir
    static Path dir;

    static Path file;

    /** Even values from 0 to 998, each on every 500th row, in no order. */
    static long a(long i) {
        return 2 * ((i * 7919) % 500);
    }

    /** null on every 13th row, NaN on every 17th, else a fraction in [0, 1). */
    static Double b(long i) {
        return i % 13 == 0 ? null : i % 17 == 0 ? Double.NaN : ((i * 104_729) % 1000) / 1000.0;
    }

    /** null on every 11th row, else "x" and a digit. */
    static String c(long i) {
        return i % 11 == 0 ? null : "x" + (i / 3 % 10);
    }

    @BeforeAll
    static void write() throws Exception {
        file = dir.resolve("gated.parquet");
        var builder = ParquetJava.hadoopFree(ParquetJava.writer(file, SCHEMA)
                .withRowGroupRowCountLimit(ROWS)
                .withRowGroupSize(1L << 30)
                .withPageRowCountLimit(20_000)
                .withMinRowCountForPageSizeCheck(100)
                .withPageSize(1 << 20)
                .withDictionaryEncoding(false));
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> w = builder.build()) {
            for (long i = 0; i < ROWS; i++) {
                Group g = groups.newGroup();
                g.add(0, a(i));
                if (b(i) != null) {
                    g.add(1, b(i));
                }
                if (c(i) != null) {
                    g.add(2, c(i));
                }
                w.write(g);
            }
        }
    }

    /** Conditions whose answer the row function gives without NaN's ordering (null is never true). */
    @Test
    void rowsEqualTheRowFunctions() throws Exception {
        check("a = 8 AND c IS NULL", i -> a(i) == 8 && c(i) == null);
        check("a < 3 AND c <> 'x5'", i -> a(i) < 3 && c(i) != null && !c(i).equals("x5"));
        check("c = 'x3' AND a >= 990", i -> "x3".equals(c(i)) && a(i) >= 990);
        check("(a = 2 OR a = 4) AND c IS NOT NULL AND c IN ('x1', 'x2')",
                i -> (a(i) == 2 || a(i) == 4) && c(i) != null && (c(i).equals("x1") || c(i).equals("x2")));
        check("a >= 995 AND b IS NULL AND c = 'x4'", i -> a(i) >= 995 && b(i) == null && "x4".equals(c(i)));
    }

    /** With b's NaN the ungated pass is the judge: the gate must not change which rows match. */
    @Test
    void rowsEqualTheUngatedPass() throws Exception {
        for (String cond : List.of("a = 8 AND b > 0.5", "a < 5 AND b <= 0.25 AND c <> 'x1'",
                "b > 0.9 AND a < 100", "a > 500 AND (b < 0.1 OR c = 'x3')", "a = 6 AND b <> 0.5", "a = 8 OR c = 'x3'",
                "a < 20 AND b IS NOT NULL AND b >= 0.5 AND c IS NULL")) {
            check(cond, null);
        }
    }

    @Test
    void aGateFalseEverywhereDecodesNoneOfTheGatedPages() throws Exception {
        ScanStats on = stats("a = 501 AND c = 'x1'", true);
        ScanStats off = stats("a = 501 AND c = 'x1'", false);
        assertThat(on.pagesDecoded()).as("a's pages only").isEqualTo((ROWS + 19_999) / 20_000);
        assertThat(off.pagesDecoded()).as("a's and c's").isEqualTo(2L * ((ROWS + 19_999) / 20_000));
    }

    private static ScanStats stats(String condition, boolean late) throws Exception {
        try (ParquetFile f = ParquetFile.open(file)) {
            Query q = Query.all().threads(1).lateMaterialization(late);
            try (Scanner s = Scanner.open(f, BoundQuery.of(Binder.bind(condition, f.schema()), null, q))) {
                while (s.next() != null) {
                    // drain
                }
                return s.stats();
            }
        }
    }

    /**
     * The condition's rows and values at 1 and 4 threads, with the page index and without, with
     * no limit and under one (small windows), against the row function or, if none, the pass
     * with late materialisation off.
     */
    private static void check(String condition, LongPredicate rows) throws Exception {
        List<String> expected = rows != null ? expected(rows) : scan(condition, Query.all().threads(1).lateMaterialization(false));
        assertThat(expected).as("%s matches some rows", condition).isNotEmpty();
        for (int threads : new int[] {1, 4}) {
            for (boolean pageIndex : new boolean[] {true, false}) {
                Query q = Query.all().threads(threads);
                if (!pageIndex) {
                    q = q.using(Mechanism.STATISTICS);
                }
                assertThat(scan(condition, q)).as("%s, %d threads, page index %s", condition, threads, pageIndex)
                        .isEqualTo(expected);
                if (threads == 1) {
                    int n = Math.min(expected.size(), 60_000);
                    assertThat(scan(condition, q.limit(n))).as("%s, limit %d", condition, n)
                            .isEqualTo(expected.subList(0, n));
                }
            }
        }
    }

    private static List<String> expected(LongPredicate rows) {
        List<String> out = new ArrayList<>();
        for (long i = 0; i < ROWS; i++) {
            if (rows.test(i)) {
                Double b = b(i);
                out.add(i + " " + a(i) + " " + (b == null ? "null" : b.isNaN() ? "NaN" : b.toString()) + " "
                        + (c(i) == null ? "null" : c(i)));
            }
        }
        return out;
    }

    private static List<String> scan(String condition, Query q) throws Exception {
        List<String> out = new ArrayList<>();
        try (ParquetFile f = ParquetFile.open(file);
                Scanner s = Scanner.open(f, BoundQuery.of(Binder.bind(condition, f.schema()), null, q))) {
            for (RowBatch b = s.next(); b != null; b = s.next()) {
                for (int i = 0; i < b.size(); i++) {
                    out.add(b.rowNumber(i) + " " + b.text(0, i) + " " + b.text(1, i) + " " + b.text(2, i));
                }
            }
        }
        return out;
    }
}
