package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.internal.plan.BoundQuery;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A full pass opens its next row group only once what the consumer has still to take before it
 * fits the lead ({@code Scanner.leadFits}: the queue's budget, a quarter of it on a heap too small
 * for the thread count's row groups ahead), so that a row group
 * ahead does not fill the queue and then hold its batches and pages for most of the current one's
 * time (the peak heap of the two-thread full scan of the sorted file at -Xmx512m:
 * docs/design/decoding.md "Parallel decoding"). Checked from outside the scan, not on memory nor
 * on the scan's own count: after each batch, the row groups opened so far (the batch's row group,
 * those before it and {@code Scanner.rowGroupsAhead}), and for each row group the decoded bytes of
 * the rows the consumer took from the ones before it between its opening and its first batch
 * (rows times the file's 24 bytes a row), against the configured queue budget. Four row groups of
 * eight batches each (three INT64 columns, 1.5 MiB of decoded values a batch), a queue of 8 MiB,
 * so a lead of 8 or 2 MiB; a row group opened at once would be opened a whole row group (12 MiB)
 * or more ahead (planted: leadFits always true fails it).
 */
class RowGroupLeadTest {
    static final int COLUMNS = 3;
    static final int ROWS_PER_GROUP = 8 * Scanner.BATCH_ROWS;
    static final int GROUPS = 4;
    static final long QUEUE = 8L << 20;

    @TempDir
    static Path dir;

    static Path file;

    @BeforeAll
    static void write() throws Exception {
        file = dir.resolve("groups.parquet");
        WideProjectionSmallHeapTest.writeWide(file, COLUMNS, ROWS_PER_GROUP, GROUPS);
    }

    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {2, 4})
    void rowGroupsAheadAreOpenedWithinTheLead(int threads) throws Exception {
        long batchWeight = 8L * COLUMNS * Scanner.BATCH_ROWS;
        long rowBytes = 8L * COLUMNS; // three INT64 columns, no nulls: a row's decoded bytes, from the file
        try (ParquetFile f = ParquetFile.open(file);
                Scanner s = Scanner.open(f, BoundQuery.of(null, null, Query.all().threads(threads)),
                        PageSource.AHEAD_BYTES, 0, QUEUE)) {
            assertThat(s.pooled()).isTrue();
            long n = 0;
            // observed from outside, after each batch: the row groups opened so far (the current
            // one, its predecessors, and those opened ahead), and, for each row group, the rows the
            // consumer took from the ones before it between its opening and its first batch
            int opened = 1;
            long[] takenAtOpen = new long[GROUPS];
            long[] observedLead = new long[GROUPS];
            java.util.Arrays.fill(takenAtOpen, -1);
            int currentGroup = -1;
            for (RowBatch b = s.next(); b != null; b = s.next()) {
                for (int c = 0; c < COLUMNS; c++) {
                    long[] v = b.values(c).longs();
                    for (int i = 0; i < b.size(); i++) {
                        long row = b.rowNumber(i);
                        if (v[i] != WideProjectionSmallHeapTest.value(row, c)) {
                            throw new AssertionError("c" + c + " of row " + row + ": " + v[i]);
                        }
                    }
                }
                int g = (int) (b.rowNumber(0) / ROWS_PER_GROUP);
                if (g != currentGroup) {
                    currentGroup = g;
                    if (g > 0) {
                        observedLead[g] = (n - takenAtOpen[g]) * rowBytes; // n: rows taken before this batch
                    }
                }
                n += b.size();
                for (int k = opened; k < Math.min(GROUPS, g + 1 + s.rowGroupsAhead()); k++) {
                    takenAtOpen[k] = n; // opened by now (at the latest during this call)
                }
                opened = Math.max(opened, g + 1 + s.rowGroupsAhead());
            }
            assertThat(n).isEqualTo((long) ROWS_PER_GROUP * GROUPS);
            // the configured budget of queued bytes bounds the lead (a quarter of it on a heap that
            // cuts the row groups ahead), give or take the batch in whose call the row group was
            // opened; a row group opened at once would be opened a whole row group (12 MiB, eight
            // batches) or more ahead of the consumer
            for (int g = 1; g < GROUPS; g++) {
                assertThat(observedLead[g]).as("bytes the consumer took from the row groups before %d after it opened", g)
                        .isPositive() // opened before the consumer reached it: the second thread had it to work on
                        .isLessThanOrEqualTo(QUEUE + batchWeight);
            }
        }
    }

    /** The whole queue where the heap holds the thread count's row groups ahead, a quarter where it cut them (RowGroupsAheadTest). */
    @Test
    void theLeadIsAQuarterOfTheQueueOnASmallHeap() {
        long q = 64L << 20;
        assertThat(lead(2, 512)).isEqualTo(lead(8, 512)).isEqualTo(lead(4, 64)).isEqualTo(q / 4);
        assertThat(lead(2, 1024)).isEqualTo(lead(2, 2048)).isEqualTo(lead(8, 6 * 1024)).isEqualTo(q);
        assertThat(lead(8, 2048)).isEqualTo(q / 4); // 6 row groups ahead fit, not 8
    }

    private static long lead(int threads, long heapMiB) {
        long heap = heapMiB << 20;
        return Scanner.lead(threads, heap, Scanner.batchBytes(heap), 64L << 20);
    }
}
