package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.internal.predicate.Binder;
import io.pqlab.oracle.ParquetJava;
import java.nio.file.Path;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The windowed pass decodes each page once: a returned condition column whose decoded pages far
 * exceed what the two-pass scan kept decoded (its RETAIN_BYTES, heap/32 up to 32 MiB: here
 * 300,000 distinct strings of 20 to 200 characters, about 35 MB decoded, in pages of 5,000
 * rows) is not decoded a second time for its rows, and a
 * returned column that is not in the condition decodes only the pages holding matching rows. Page
 * counts come from parquet-java's own reading of the chunks; rows from the writer's function.
 */
class OnePassScanTest {
    static final long ROWS = 300_000;

    @TempDir
    static Path dir;

    static Path file;
    static int idPages;
    static int sPages;

    @BeforeAll
    static void write() throws Exception {
        file = BigRowGroups.write(dir.resolve("big.parquet"), ROWS, 5_000, 0);
        assertThat(ParquetJava.footer(file).getBlocks()).hasSize(1);
        idPages = (int) ParquetJava.pages(file, 0, 0).stream().filter(p -> p instanceof org.apache.parquet.column.page.DataPage).count();
        sPages = (int) ParquetJava.pages(file, 0, 1).stream().filter(p -> p instanceof org.apache.parquet.column.page.DataPage).count();
        assertThat(sPages).as("the string column spans many pages").isGreaterThan(20);
    }

    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {1, 4})
    void aReturnedConditionColumnBeyondTheRetainBudgetIsDecodedOnce(int threads) throws Exception {
        // every row matches: every page of both columns is read, each exactly once
        ScanStats st = scan("s IS NOT NULL OR id >= 0", -1, threads, r -> true);
        assertThat(st.pagesDecoded()).isEqualTo(idPages + sPages);
        // matches on every page (every 97th row): the same
        st = scan("s IS NULL", -1, threads, r -> BigRowGroups.s(r, 0) == null);
        assertThat(st.pagesDecoded()).isEqualTo(idPages + sPages);
    }

    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {1, 4})
    void aColumnNotInTheConditionDecodesOnlyThePagesWithMatches(int threads) throws Exception {
        // s is the condition (its pages cannot all be ruled out: its values do not sort); id,
        // returned but not in the condition, adds only the one page holding row 201,234
        String one = BigRowGroups.s(201_234, 0);
        String c = "s = '" + one + "'";
        ScanStats sOnly = scan(c, -1, threads, r -> one.equals(BigRowGroups.s(r, 0)), java.util.List.of(1));
        ScanStats both = scan(c, -1, threads, r -> one.equals(BigRowGroups.s(r, 0)), null);
        assertThat(both.pagesDecoded()).isEqualTo(sOnly.pagesDecoded() + 1);
        assertThat(both.pagesDecoded() + both.pagesSkipped()).as("each page decoded once or skipped")
                .isEqualTo(idPages + sPages);
    }

    @Test
    void theLimitStopsAtTheWindowThatReachesIt() throws Exception {
        ScanStats st = scan("s IS NOT NULL OR id >= 0", 10, 1, r -> r < 10);
        // one window sized by the limit (FIRST_WINDOW rows): the first page of each column
        assertThat(st.rowsEvaluated()).isEqualTo(WindowedPass.FIRST_WINDOW);
        assertThat(st.pagesDecoded()).isEqualTo(2);
        // a match the first windows do not reach (no page can be skipped for it): windows of 1,024
        // rows doubling up to BATCH_ROWS (1,024 + ... + 65,536 = 130,048 rows), then whole ones, to
        // the one holding row 201,234
        ScanStats late = scan("s LIKE '%201234-%'", 1, 1, r -> r == 201_234, java.util.List.of(1));
        assertThat(late.pagesSkipped()).isZero();
        assertThat(Scanner.BATCH_ROWS).isEqualTo(65_536);
        assertThat(late.rowsEvaluated()).isEqualTo(130_048L + 2 * 65_536);
    }

    private static ScanStats scan(String condition, long limit, int threads, LongPredicate matches) throws Exception {
        return scan(condition, limit, threads, matches, null);
    }

    /** Scans id and s with the condition; holds every row to the writer's values; the scan's counts. */
    private static ScanStats scan(String condition, long limit, int threads, LongPredicate matches,
            java.util.List<Integer> columns) throws Exception {
        try (ParquetFile f = ParquetFile.open(file)) {
            Query q = Query.all().threads(threads).limit(limit);
            BoundQuery bq = BoundQuery.of(Binder.bind(condition, f.schema()), columns, q);
            long want = 0;
            long got = 0;
            try (Scanner s = Scanner.open(f, bq)) {
                for (RowBatch b = s.next(); b != null; b = s.next()) {
                    for (int i = 0; i < b.size(); i++) {
                        while (!matches.test(want)) {
                            want++;
                        }
                        long r = b.rowNumber(i);
                        assertThat(r).as(condition).isEqualTo(want);
                        String str = BigRowGroups.s(r, 0);
                        if (columns == null) {
                            assertThat(b.text(0, i)).isEqualTo(Long.toString(r));
                        }
                        assertThat(b.text(columns == null ? 1 : 0, i)).isEqualTo(str == null ? "null" : str);
                        want++;
                        got++;
                    }
                }
                if (limit < 0) {
                    while (want < ROWS && !matches.test(want)) {
                        want++;
                    }
                    assertThat(want).as("rows after the last returned: %s", condition).isEqualTo(ROWS);
                } else {
                    assertThat(got).isEqualTo(limit);
                }
                return s.stats();
            }
        }
    }
}
