package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.internal.predicate.Binder;
import io.pqlab.oracle.ParquetJava;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * (reuse) A compacted copy must not pin a page ({@code RowBatch.compact}, {@code RowBatch.Held.copied}):
 * a sparse batch made on the pool is queued as a copy of its rows, weighed by its rows
 * ({@link PooledRows}), so a copy the consumer keeps (or one queued) must hold its rows, not the
 * page buffers of the batch it was made from. Its first version reached the scan's budget through
 * a lease of the original batch, and a lease holds its page's buffer: one whole page a copy.
 *
 * <p>A file of {@value #GROUPS} row groups, each one page a column (as DuckDB writes), whose PLAIN
 * Snappy string page decompresses to 1 MiB (64 values of 16 KiB) and one row of which matches; a
 * two-thread scan in the 64 MiB "small-heap" JVM keeps every batch unreleased (200 MiB of pages,
 * were they pinned). Measured, not left to an OOM: after each batch the consumer waits until the
 * row group ahead is made on the pool (so its batch is compacted), and every 8 batches the heap
 * after a full collection may grow by the kept copies' rows and little more (a pinned page is
 * 1 MiB a copy: 16 pinned pass the slack, and fail the first check after it, long before the
 * heap is full). Every kept row is checked again after the scan.
 */
@Tag("small-heap")
class CompactedCopySmallHeapTest {
    static final int GROUPS = 200;
    static final int ROWS_PER_GROUP = 64;
    static final int VALUE_BYTES = 16 << 10;
    /** The row of each row group that matches ({@code k = 1}): not its last. */
    static final int MATCH = 5;
    /** What may come and go between two checks besides the kept copies: the scan's spare arrays (a 16th of the heap) and a few pages in flight. */
    static final long SLACK = 6L << 20;
    /** What a kept copy may add: its row's 16 KiB value and its batch's arrays, far below a 1 MiB page. */
    static final long PER_COPY = 64L << 10;

    static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
            "message m { required int64 id; required int32 k; required binary s (STRING); }");

    @TempDir
    static Path dir;

    static Path file;

    /** Row r's 16 KiB string: its number, then letters shifted by it (Snappy packs a page to a few KiB). */
    static String s(long r) {
        String head = "s" + r + ":";
        return head + LETTERS[(int) (r % 26)].substring(head.length());
    }

    /** Letter i of LETTERS[j] is 'a' + (j + i) % 26. */
    private static final String[] LETTERS = new String[26];

    static {
        for (int j = 0; j < 26; j++) {
            StringBuilder b = new StringBuilder(VALUE_BYTES);
            for (int i = 0; i < VALUE_BYTES; i++) {
                b.append((char) ('a' + (j + i) % 26));
            }
            LETTERS[j] = b.toString();
        }
    }

    @BeforeAll
    static void write() throws Exception {
        file = dir.resolve("page-a-chunk-1mib.parquet");
        var b = ParquetJava.writer(file, SCHEMA)
                .withCodecFactory(WideProjectionSmallHeapTest.SNAPPY)
                .withCompressionCodec(CompressionCodecName.SNAPPY)
                .withRowGroupRowCountLimit(ROWS_PER_GROUP)
                .withRowGroupSize(256L << 20)
                .withPageRowCountLimit(ROWS_PER_GROUP)
                .withPageSize(64 << 20)
                .withDictionaryEncoding(false);
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> w = ParquetJava.hadoopFree(b).build()) {
            for (long r = 0; r < (long) GROUPS * ROWS_PER_GROUP; r++) {
                Group g = groups.newGroup();
                g.add(0, r);
                g.add(1, r % ROWS_PER_GROUP == MATCH ? 1 : 0);
                g.add(2, s(r));
                w.write(g);
            }
        }
    }

    @Test
    void keptCompactedCopiesHoldTheirRowsNotThePages() throws Exception {
        try (var r = ParquetJava.open(file)) {
            var blocks = r.getFooter().getBlocks();
            assertThat(blocks).as("row groups").hasSize(GROUPS);
            for (var g : blocks) {
                assertThat(r.readOffsetIndex(g.getColumns().get(2)).getPageCount()).as("s pages of a row group").isEqualTo(1);
            }
        }
        List<RowBatch> kept = new ArrayList<>();
        long baseline = heapAfterGc();
        long atFirstCheck = -1;
        int firstCheck = 8;
        try (ParquetFile pf = ParquetFile.open(file);
                Scanner sc = Scanner.open(pf, BoundQuery.of(Binder.bind("k = 1", pf.schema()), null, Query.all().threads(2)),
                        PageSource.AHEAD_BYTES, 0)) {
            assertThat(sc.pooled()).isTrue();
            for (RowBatch b = sc.next(); b != null; b = sc.next()) {
                check(b, kept.size(), "batch " + kept.size() + " as it came");
                kept.add(b); // never released
                while (!sc.aheadMade()) {
                    Thread.sleep(1); // the next row group's batch is made on the pool, so compacted
                }
                int n = kept.size();
                if (n % 8 == 0) {
                    long used = heapAfterGc();
                    if (n == firstCheck) {
                        atFirstCheck = used;
                    } else {
                        assertThat(used - atFirstCheck).as("heap grown from %d to %d kept copies (%d compacted so far):"
                                + " a kept copy pins its page?", firstCheck, n, sc.batchesCompacted())
                                .isLessThanOrEqualTo(SLACK + (n - firstCheck) * PER_COPY);
                    }
                }
            }
            // the first row group's batch may be made by the consumer itself (not compacted: it holds its page)
            assertThat(sc.batchesCompacted()).as("batches compacted on the pool").isGreaterThanOrEqualTo(GROUPS - 2);
        }
        assertThat(kept).hasSize(GROUPS);
        assertThat(heapAfterGc() - baseline).as("heap held by %d kept copies after the scan", GROUPS)
                .isLessThanOrEqualTo(SLACK + GROUPS * PER_COPY);
        for (int g = 0; g < GROUPS; g++) {
            check(kept.get(g), g, "batch " + g + " after the scan");
        }
    }

    /** Row group g's one match: id, k, and its whole 16 KiB string. */
    private static void check(RowBatch b, int g, String context) {
        long r = (long) g * ROWS_PER_GROUP + MATCH;
        assertThat(b.size()).as("rows of %s", context).isEqualTo(1);
        assertThat(b.rowNumber(0)).as("row of %s", context).isEqualTo(r);
        assertThat(b.getLong(0, 0)).as("id of %s", context).isEqualTo(r);
        assertThat(b.getInt(1, 0)).as("k of %s", context).isEqualTo(1);
        if (!b.getString(2, 0).equals(s(r))) {
            throw new AssertionError("s of row " + r + " differs from the written value: " + context);
        }
    }

    /** Heap in use after a full collection: what is reachable (with a margin for what the JVM does meanwhile). */
    private static long heapAfterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
