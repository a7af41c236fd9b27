package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.internal.column.ColumnChunkReader;
import io.pqlab.internal.plan.BoundQuery;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Review finding F1's bound: the pages all readers of one scan decompress ahead share one budget,
 * however many columns and row groups are in flight (before the fix each reader had a budget of
 * its own, so a wide projection multiplied it). Checked on what the readers hold
 * ({@link ColumnChunkReader#HELD_AHEAD}, summed over every reader whatever budget it was given),
 * not on running out of memory: 24 Snappy columns of eight pages a chunk, four row groups, at 4
 * threads, with a budget of about three pages; each reader alone would take four.
 */
class AheadBudgetTest {
    static final int COLUMNS = 24;
    static final int ROWS_PER_GROUP = 16 * 1024;
    static final int GROUPS = 4;

    @TempDir
    Path dir;

    @Test
    void pagesAheadStayWithinOneBudgetPerScan() throws Exception {
        Path file = dir.resolve("wide.parquet");
        WideProjectionSmallHeapTest.writeWide(file, COLUMNS, ROWS_PER_GROUP, GROUPS);
        long budget = 80 << 10; // about three pages' stored and decompressed bytes
        // HELD_AHEAD is the JVM's: another test's scan still finishing can add to it while this one
        // runs (once in the whole suite, 332 bytes over). What the bound guards against, readers
        // on budgets of their own (review finding F1), exceeds it on every try (5.2 MB against
        // 80 KiB then), so three tries after the gauge is quiet keep that failing.
        long over = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 3 && over > budget; attempt++) {
            awaitQuiet();
            over = heldAheadByOneScan(file, budget);
        }
        assertThat(over).as("bytes held ahead by all readers at once").isPositive().isLessThanOrEqualTo(budget);
    }

    /** Waits (up to 5 s) until the JVM's held-ahead gauge has not moved for 100 ms. */
    private static void awaitQuiet() throws InterruptedException {
        long last = ColumnChunkReader.HELD_AHEAD.now();
        long quietSince = System.nanoTime();
        long end = quietSince + 5_000_000_000L;
        while (System.nanoTime() < end && System.nanoTime() - quietSince < 100_000_000L) {
            Thread.sleep(5);
            long now = ColumnChunkReader.HELD_AHEAD.now();
            if (now != last) {
                last = now;
                quietSince = System.nanoTime();
            }
        }
    }

    /** The most bytes all readers held ahead at once during one full scan at 4 threads. */
    private static long heldAheadByOneScan(Path file, long budget) throws Exception {
        try (ParquetFile f = ParquetFile.open(file)) {
            assertThat(io.pqlab.internal.format.ParquetFiles.chunk(f, 0, 0).metaData().codec())
                    .isEqualTo(io.pqlab.internal.compress.Decompressor.SNAPPY);
            ColumnChunkReader.HELD_AHEAD.resetPeak();
            long before = ColumnChunkReader.HELD_AHEAD.now();
            long n = 0;
            try (Scanner s = Scanner.open(f, BoundQuery.of(null, null, Query.all().threads(4)), budget)) {
                for (RowBatch batch = s.next(); batch != null; batch = s.next()) {
                    long[] v = batch.values(COLUMNS - 1).longs();
                    assertThat(v[0]).isEqualTo(WideProjectionSmallHeapTest.value(batch.rowNumber(0), COLUMNS - 1));
                    n += batch.size();
                }
                assertThat(s.aheadBudget().peak()).as("pages were decompressed ahead").isPositive();
            }
            assertThat(n).isEqualTo((long) ROWS_PER_GROUP * GROUPS);
            long over = ColumnChunkReader.HELD_AHEAD.peak() - before;
            assertThat(ColumnChunkReader.HELD_AHEAD.now()).as("everything given back at the end").isEqualTo(before);
            return over;
        }
    }
}
