package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.internal.column.AheadBudget;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.internal.predicate.Binder;
import io.pqlab.oracle.ParquetJava;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scan's spare page arrays ({@link AheadBudget}) must never be handed back while a batch a
 * consumer may read still points into them. Every array given back is poisoned (filled with one
 * byte), and every batch of a scan is kept and read only after the whole scan has ended, when
 * every array any reader gave back has been poisoned and most reused: each value must still be
 * the writer's (a function of the row, not another read). Snappy files written by parquet-java,
 * v1 and v2 pages, several row groups of many pages and of one page per chunk (DuckDB's layout),
 * PLAIN strings (views of their decompressed page), dictionary strings (gathered lazily), a
 * dictionary that falls back to PLAIN mid-chunk, nulls; at 1, 2 and 4 threads, with and without a
 * condition.
 */
class PageArraysTest {
    static final long ROWS = 12_000;
    static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message m { required int64 id; "
            + "optional int64 n; optional binary s (STRING); optional binary c (STRING); optional double d; }");

    @TempDir
    static Path dir;

    @BeforeAll
    static void poison() {
        AheadBudget.poisonForTests(true);
    }

    @AfterAll
    static void cure() {
        AheadBudget.poisonForTests(false);
    }

    static Long n(long r) {
        return r % 7 == 3 ? null : r * 1_000_003L;
    }

    static String s(long r) {
        if (r % 11 == 5) {
            return null;
        }
        StringBuilder b = new StringBuilder().append('s').append(r).append(':');
        for (int k = 0; k < r % 37; k++) {
            b.append((char) ('a' + (r + k) % 26));
        }
        return b.toString();
    }

    static String c(long r) {
        return r % 13 == 0 ? null : "c" + (r % 5);
    }

    static double d(long r) {
        return r / 8.0;
    }

    static Path write(String name, int rowGroupRows, int pageRows, WriterVersion version) throws IOException {
        Path target = dir.resolve(name);
        ExampleParquetWriter.Builder b = ParquetJava.writer(target, SCHEMA)
                .withCodecFactory(WideProjectionSmallHeapTest.SNAPPY)
                .withRowGroupRowCountLimit(rowGroupRows)
                .withRowGroupSize(64L << 20)
                .withPageRowCountLimit(pageRows)
                .withMinRowCountForPageSizeCheck(Math.min(pageRows, 100))
                .withPageSize(8 << 20)
                .withDictionaryEncoding(true)
                .withDictionaryPageSize(4096) // id, n and s fall back to PLAIN within their first page
                .withCompressionCodec(CompressionCodecName.SNAPPY)
                .withWriterVersion(version);
        b = ParquetJava.hadoopFree(b);
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> w = b.build()) {
            for (long r = 0; r < ROWS; r++) {
                Group g = groups.newGroup();
                g.add(0, r);
                if (n(r) != null) {
                    g.add(1, n(r));
                }
                if (s(r) != null) {
                    g.add(2, s(r));
                }
                if (c(r) != null) {
                    g.add(3, c(r));
                }
                g.add(4, d(r));
                w.write(g);
            }
        }
        return target;
    }

    @Test
    void noBatchReadsAnArrayGivenBack() throws Exception {
        // pages of 600 rows: 4,800 bytes of ids, above the arrays pooled (AheadBudget.MIN_POOLED)
        List<Path> files = List.of(write("pages-v1.parquet", 4_000, 600, WriterVersion.PARQUET_1_0),
                write("pages-v2.parquet", 4_000, 600, WriterVersion.PARQUET_2_0),
                write("one-page-v1.parquet", 2_400, 2_400, WriterVersion.PARQUET_1_0));
        for (Path file : files) {
            for (int threads : new int[] {1, 2, 4}) {
                AheadBudget used = check(file, null, threads, r -> true);
                if (threads != 2) {
                    check(file, "c = 'c2' OR id >= 10000", threads, r -> "c2".equals(c(r)) || r >= 10_000);
                    check(file, "s IS NULL AND n > 0", threads, r -> s(r) == null && n(r) != null && n(r) > 0);
                }
                // the arrays are passed on (at one thread, from each row group's readers to the
                // next's: fewer made than reused; on a pool, how many depends on the timing)
                long[] counts = used.arrayCounts();
                assertThat(counts[0]).as("arrays reused, %s at %d threads", file.getFileName(), threads)
                        .isGreaterThan(threads == 1 ? counts[1] : 0);
                assertThat(used.spareBytes()).as("spares left after the scan").isZero();
            }
        }
    }

    /** Scans every column, keeps every batch, and reads them all only once the scan is over. */
    private static AheadBudget check(Path file, String condition, int threads, LongPredicate matches)
            throws IOException {
        String context = (condition == null ? "every row" : condition) + " at " + threads + " threads on "
                + file.getFileName();
        List<RowBatch> batches = new ArrayList<>();
        AheadBudget budget;
        try (ParquetFile f = ParquetFile.open(file)) {
            BoundQuery q = BoundQuery.of(condition == null ? null : Binder.bind(condition, f.schema()), null,
                    Query.all().threads(threads));
            // on the pool at 2 and 4 threads however small the file (no INLINE_BYTES cut)
            try (Scanner sc = Scanner.open(f, q, PageSource.AHEAD_BYTES, 0)) {
                budget = sc.aheadBudget();
                for (RowBatch b = sc.next(); b != null; b = sc.next()) {
                    batches.add(b);
                }
            }
            long want = 0;
            for (RowBatch b : batches) {
                ColumnValues ns = b.values(1);
                ColumnValues ss = b.values(2);
                ColumnValues cs = b.values(3);
                ColumnValues ds = b.values(4);
                long[] ids = b.values(0).longs();
                for (int i = 0; i < b.size(); i++) {
                    while (!matches.test(want)) {
                        want++;
                    }
                    long r = b.rowNumber(i);
                    same(r, want, "row", r, context);
                    same(ids[i], r, "id", r, context);
                    same(ns.isNull(i) ? null : ns.longs()[i], n(r), "n", r, context);
                    same(ss.isNull(i) ? null : ss.string(i), s(r), "s", r, context);
                    same(cs.isNull(i) ? null : cs.string(i), c(r), "c", r, context);
                    same(ds.doubles()[i], d(r), "d", r, context);
                    // the per-row getters (the dictionary strings gathered now, after the scan)
                    same(b.isNull(2, i) ? null : b.getString(2, i), s(r), "s (getter)", r, context);
                    same(b.isNull(3, i) ? null : b.getString(3, i), c(r), "c (getter)", r, context);
                    want++;
                }
            }
            while (want < ROWS && !matches.test(want)) {
                want++;
            }
            assertThat(want).as("rows after the last returned: %s", context).isEqualTo(ROWS);
        }
        return budget;
    }

    /** One value against the writer's (a plain comparison: assertj per value took seconds here). */
    private static void same(Object got, Object want, String what, long row, String context) {
        if (!java.util.Objects.equals(got, want)) {
            throw new AssertionError(what + " of row " + row + ": " + got + ", written " + want + ": " + context);
        }
    }
}
