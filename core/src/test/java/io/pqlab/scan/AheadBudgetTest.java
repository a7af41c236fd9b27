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
            assertThat(ColumnChunkReader.HELD_AHEAD.peak() - before).as("bytes held ahead by all readers at once")
                    .isPositive().isLessThanOrEqualTo(budget);
            assertThat(ColumnChunkReader.HELD_AHEAD.now()).as("everything given back at the end").isEqualTo(before);
        }
    }
}
