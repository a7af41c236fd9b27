package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.internal.plan.BoundQuery;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * (par) A plan that reads at most Scanner.INLINE_BYTES of column chunks runs on the caller's
 * thread at any thread count: no pool is started (its cost exceeded what a second thread gained
 * on a few pages). Judged on the plan's bytes (Scanner.plannedBytes), one byte either side; the
 * rows are the same either way. (The test JVMs set the threshold to 0 so that the other
 * tests' small fixtures still run on the pool; here it is given explicitly.)
 */
class SmallScanInlineTest {
    @TempDir
    static Path dir;
    static Path file;

    @BeforeAll
    static void write() throws Exception {
        file = dir.resolve("small.parquet");
        WideProjectionSmallHeapTest.writeWide(file, 4, 4096, 3);
    }

    private record Run(List<Long> values, boolean pooled, int pools, long planned) {}

    private static Run scan(Query q, long inlineBytes) throws Exception {
        List<Long> values = new ArrayList<>();
        try (ParquetFile f = ParquetFile.open(file);
                Scanner s = Scanner.open(f, BoundQuery.bind(q, f.schema()), PageSource.AHEAD_BYTES, inlineBytes)) {
            for (RowBatch b = s.next(); b != null; b = s.next()) {
                for (int i = 0; i < b.size(); i++) {
                    values.add(b.rowNumber(i));
                    values.add(b.getLong(3, i));
                }
            }
            return new Run(values, s.pooled(), s.poolsStarted(), Scanner.plannedBytes(s.plan()));
        }
    }

    @Test
    void aSmallPlanRunsWithoutThePool() throws Exception {
        Query all = Query.all().threads(4);
        Run inline = scan(all, Scanner.DEFAULT_INLINE_BYTES);
        assertThat(inline.planned()).as("the fixture's plan is small").isPositive().isLessThan(Scanner.DEFAULT_INLINE_BYTES);
        assertThat(inline.pooled()).isFalse();
        assertThat(inline.pools()).as("no pool started").isZero();
        Run atThreshold = scan(all, inline.planned());
        assertThat(atThreshold.pools()).as("a plan of exactly the threshold runs inline").isZero();
        Run pooled = scan(all, inline.planned() - 1);
        assertThat(pooled.pooled()).isTrue();
        assertThat(pooled.pools()).as("one byte more: the pool").isEqualTo(1);
        Run one = scan(Query.all().threads(1), 0);
        assertThat(one.pools()).as("one thread never pools").isZero();
        assertThat(inline.values()).isEqualTo(one.values()).isEqualTo(pooled.values()).hasSize(2 * 4096 * 3);
    }

    /**
     * Over a network the rule does not hold: a small plan read over HTTP (in phases, as ParquetFile
     * opens a remote source) still runs on the pool, whose row groups' tasks overlap the requests
     * the phased prefetch has not made yet; inline they would wait for each other.
     */
    @Test
    void aSmallPlanOverANetworkStillRunsOnThePool() throws Exception {
        try (io.pqlab.internal.net.RangeServer server = new io.pqlab.internal.net.RangeServer(dir);
                ParquetFile f = ParquetFile.open(java.net.URI.create(server.url(file)))) {
            assertThat(Scanner.remote(f.source())).isTrue();
            List<Long> values = new ArrayList<>();
            try (Scanner s = Scanner.open(f, BoundQuery.bind(Query.all().threads(4), f.schema()), PageSource.AHEAD_BYTES,
                    Scanner.DEFAULT_INLINE_BYTES)) {
                assertThat(Scanner.plannedBytes(s.plan())).isLessThan(Scanner.DEFAULT_INLINE_BYTES);
                for (RowBatch b = s.next(); b != null; b = s.next()) {
                    for (int i = 0; i < b.size(); i++) {
                        values.add(b.rowNumber(i));
                        values.add(b.getLong(3, i));
                    }
                }
                assertThat(s.pooled()).isTrue();
                assertThat(s.poolsStarted()).isEqualTo(1);
            }
            assertThat(values).isEqualTo(scan(Query.all().threads(1), 0).values());
        }
        try (ParquetFile f = ParquetFile.open(file)) {
            assertThat(Scanner.remote(f.source())).as("a local file").isFalse();
        }
    }
}
