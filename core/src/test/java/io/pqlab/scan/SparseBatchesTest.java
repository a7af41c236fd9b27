package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.oracle.ParquetJava;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * (par) A batch of a rare condition made on the pool is queued compacted: its rows copied out of
 * the pages they lie in (PooledRows.SPARSE, RowBatch.compact, PageRows), so that the row groups
 * ahead are not held back by whole pages queued for a few rows. Every returned value is checked
 * against the generator (not against the scan at one thread): nullable INT64 and INT32, PLAIN
 * and dictionary strings with nulls, DOUBLE, BOOLEAN, pages of 512 rows with a match or none
 * each. The counter says the copies were made (it is 0 without the compaction); a dense
 * condition's batches are never copied, and at one thread nothing is.
 */
class SparseBatchesTest {
    static final int GROUPS = 3;
    static final int ROWS = 6_000; // per row group: one window

    @TempDir
    static Path dir;
    static Path file;

    @BeforeAll
    static void write() throws Exception {
        file = dir.resolve("sparse.parquet");
        MessageType type = MessageTypeParser.parseMessageType("message m { required int64 id; required int32 r;"
                + " optional int64 n; optional binary s (UTF8); optional binary d (UTF8); required double x;"
                + " optional int32 i; required boolean b;"
                + " optional int64 z; }");
        var b = ParquetJava.writer(file, type)
                .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
                .withRowGroupRowCountLimit(ROWS)
                .withRowGroupSize(1L << 30)
                .withPageRowCountLimit(512)
                .withMinRowCountForPageSizeCheck(256)
                .withDictionaryEncoding(true)
                .withDictionaryEncoding("s", false);
        SimpleGroupFactory f = new SimpleGroupFactory(type);
        try (ParquetWriter<Group> w = ParquetJava.hadoopFree(b).build()) {
            for (long id = 0; id < (long) ROWS * GROUPS; id++) {
                Group g = f.newGroup();
                g.add("id", id);
                g.add("r", rare(id) ? 1 : 0);
                if (id % 3 != 0) {
                    g.add("n", id * 7);
                }
                if (id % 5 != 1) {
                    g.add("s", "s" + id);
                }
                if (id % 4 != 2) {
                    g.add("d", "d" + id % 9);
                }
                g.add("x", id / 4.0);
                if (id % 2 == 0) {
                    g.add("i", (int) id);
                }
                g.add("b", id % 3 == 1);
                if (!zNull(id)) {
                    g.add("z", id);
                }
                w.write(g);
            }
        }
    }

    static boolean rare(long id) {
        return id % 997 == 5 || id % 1009 == 0;
    }

    /**
     * z has no null in a row group's first half (pages whose definition levels are one run of
     * the maximum, which the reader leaves unfilled) and some in its second: a compacted batch
     * joins both kinds of page.
     */
    static boolean zNull(long id) {
        return id % ROWS >= ROWS / 2 && id % 7 == 0;
    }

    /** Row i of the batch against the generator, every column, through the getters and the columnar values. */
    private static void check(RowBatch batch, int step) {
        ColumnValues n = batch.values(2);
        ColumnValues s = batch.values(3);
        for (int i = 0; i < batch.size(); i += step) {
            long id = batch.rowNumber(i);
            assertThat(batch.getLong(0, i)).isEqualTo(id);
            assertThat(batch.getInt(1, i)).isEqualTo(rare(id) ? 1 : 0);
            assertThat(batch.isNull(2, i)).isEqualTo(id % 3 == 0);
            if (id % 3 != 0) {
                assertThat(batch.getLong(2, i)).isEqualTo(id * 7);
                assertThat(n.longs()[i]).isEqualTo(id * 7);
            }
            assertThat(n.nulls() != null && n.nulls()[i]).isEqualTo(id % 3 == 0);
            assertThat(batch.text(3, i)).isEqualTo(id % 5 != 1 ? "s" + id : "null");
            if (id % 5 != 1) {
                assertThat(s.string(i)).isEqualTo("s" + id);
            }
            assertThat(batch.isNull(4, i)).isEqualTo(id % 4 == 2);
            if (id % 4 != 2) {
                assertThat(batch.getString(4, i)).isEqualTo("d" + id % 9);
            }
            assertThat(batch.getDouble(5, i)).isEqualTo(id / 4.0);
            assertThat(batch.isNull(6, i)).isEqualTo(id % 2 != 0);
            if (id % 2 == 0) {
                assertThat(batch.getInt(6, i)).isEqualTo((int) id);
            }
            assertThat(batch.getBoolean(7, i)).isEqualTo(id % 3 == 1);
            assertThat(batch.isNull(8, i)).isEqualTo(zNull(id));
            if (!zNull(id)) {
                assertThat(batch.getLong(8, i)).isEqualTo(id);
            }
        }
    }

    /** The rows of a scan, each checked; waits after the first batch until the row groups ahead are done on the pool. */
    private static List<Long> scan(String condition, int threads, long[] compacted) throws Exception {
        List<Long> rows = new ArrayList<>();
        try (ParquetFile f = ParquetFile.open(file);
                Scanner sc = Scanner.open(f, BoundQuery.bind(Query.where(condition).threads(threads), f.schema()))) {
            for (RowBatch batch = sc.next(); batch != null; batch = sc.next()) {
                while (!sc.aheadMade()) {
                    Thread.sleep(1); // the batches ahead are made on the pool, not by this thread
                }
                check(batch, condition.equals("r = 1") ? 1 : 61); // a dense scan: a sample of its rows
                for (int i = 0; i < batch.size(); i++) {
                    rows.add(batch.rowNumber(i));
                }
            }
            compacted[0] = sc.batchesCompacted();
        }
        return rows;
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aRareConditionsBatchesAreQueuedCompactedWithTheSameValues() throws Exception {
        List<Long> expected = new ArrayList<>();
        for (long id = 0; id < (long) ROWS * GROUPS; id++) {
            if (rare(id)) {
                expected.add(id);
            }
        }
        long[] at2 = {0};
        assertThat(scan("r = 1", 2, at2)).isEqualTo(expected);
        assertThat(at2[0]).as("batches of row groups ahead, made on the pool, queued compacted").isPositive();
        long[] at1 = {0};
        assertThat(scan("r = 1", 1, at1)).isEqualTo(expected);
        assertThat(at1[0]).as("one thread: no pool, nothing copied").isZero();
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aDenseConditionsBatchesAreNotCopied() throws Exception {
        long dense = 0;
        for (long id = 0; id < (long) ROWS * GROUPS; id++) {
            dense += rare(id) ? 0 : 1;
        }
        long[] at2 = {0};
        assertThat(scan("r = 0", 2, at2)).hasSize((int) dense);
        assertThat(at2[0]).as("batches holding most of their pages' rows").isZero();
    }
}
