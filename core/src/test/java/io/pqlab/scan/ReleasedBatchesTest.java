package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
 * (reuse) {@link RowBatch#release()}: a released batch's PLAIN string pages go back to the scan's
 * spare arrays once no unreleased batch holds them, and must never before. Every array given back
 * is poisoned ({@link AheadBudget#poisonForTests}); the consumer releases most batches as it goes
 * and keeps some, and every value of every kept batch is checked against the generator's once the
 * whole scan is over (when every buffer that went back has been poisoned and most reused). Pages
 * of 40,000 rows span the scan's 65,536-row batches (a page in two or three batches, a batch in two
 * or three pages), and pages of 600 rows lie many to a batch; PLAIN strings with nulls, dictionary
 * strings with nulls; 1, 2 and 4 threads (batches made ahead and queued on the pool), full and
 * selective scans (sparse batches compacted on the pool).
 */
class ReleasedBatchesTest {
    static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message m { required int64 id; "
            + "optional binary s (STRING); optional binary c (STRING); optional int64 n; }");

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

    // the rows are PageArraysTest's: s strings of varying length, c five values, both with nulls; n nullable
    static String s(long r) {
        return PageArraysTest.s(r);
    }

    static String c(long r) {
        return PageArraysTest.c(r);
    }

    static Long n(long r) {
        return PageArraysTest.n(r);
    }

    static Path write(String name, long rows, int rowGroupRows, int pageRows, WriterVersion version) throws IOException {
        return write(dir.resolve(name), rows, rowGroupRows, pageRows, version, false);
    }

    /** The rows written to {@code target}; {@code exactPages}: every page exactly {@code pageRows} rows (the size checked at every row). */
    static Path write(Path target, long rows, int rowGroupRows, int pageRows, WriterVersion version, boolean exactPages)
            throws IOException {
        ExampleParquetWriter.Builder b = ParquetJava.writer(target, SCHEMA)
                .withCodecFactory(WideProjectionSmallHeapTest.SNAPPY)
                .withRowGroupRowCountLimit(rowGroupRows)
                .withRowGroupSize(256L << 20)
                .withPageRowCountLimit(pageRows)
                .withMinRowCountForPageSizeCheck(exactPages ? 1 : Math.min(pageRows, 100))
                .withPageSize(64 << 20)
                .withDictionaryEncoding(false)
                .withDictionaryEncoding("c", true) // s and n PLAIN, c a dictionary
                .withCompressionCodec(CompressionCodecName.SNAPPY)
                .withWriterVersion(version);
        if (exactPages) {
            b = b.withMaxRowCountForPageSizeCheck(1);
        }
        b = ParquetJava.hadoopFree(b);
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> w = b.build()) {
            for (long r = 0; r < rows; r++) {
                Group g = groups.newGroup();
                g.add(0, r);
                if (s(r) != null) {
                    g.add(1, s(r));
                }
                if (c(r) != null) {
                    g.add(2, c(r));
                }
                if (n(r) != null) {
                    g.add(3, n(r));
                }
                w.write(g);
            }
        }
        return target;
    }

    record File(Path path, long rows) {}

    static List<File> files;

    static synchronized List<File> files() throws IOException {
        if (files == null) {
            files = List.of(new File(write("spanning-v1.parquet", 200_000, 150_000, 40_000, WriterVersion.PARQUET_1_0), 200_000),
                    new File(write("spanning-v2.parquet", 200_000, 200_000, 40_000, WriterVersion.PARQUET_2_0), 200_000),
                    new File(write("small-pages.parquet", 12_000, 4_000, 600, WriterVersion.PARQUET_1_0), 12_000));
        }
        return files;
    }

    @Test
    void noKeptBatchReadsABufferGivenBack() throws Exception {
        for (File f : files()) {
            for (int threads : new int[] {1, 2, 4}) {
                // keep every third batch (1 of 3, from the second), release the others as they come
                scan(f, null, threads, r -> true, k -> k % 3 != 1);
                if (f == files().get(0)) {
                    // keep two in a row, then release two: a page between a kept and a released one
                    scan(f, null, threads, r -> true, k -> k % 4 >= 2);
                }
                // (a selective scan each, the two conditions over the thread counts: the suite's time)
                if (threads != 2) {
                    scan(f, "c = 'c2' OR id >= 150000", threads, r -> "c2".equals(c(r)) || r >= 150_000, k -> k % 2 == 0);
                }
                if (threads != 1) {
                    scan(f, "s IS NULL OR (id >= 60000 AND id < 70000)", threads,
                            r -> s(r) == null || (r >= 60_000 && r < 70_000), k -> k % 3 != 1);
                }
            }
        }
    }

    @Test
    void releasedBuffersAreReused() throws Exception {
        File f = files().get(0);
        for (int threads : new int[] {1, 2}) {
            AheadBudget b = scan(f, null, threads, r -> true, k -> false); // every batch released
            long[] v = b.viewCounts();
            // 5 PLAIN pages of s, each in two batches or more: all but the last go back, and from
            // the third on a page is decompressed into one that did
            assertThat(v[1]).as("viewed buffers given back at %d threads", threads).isGreaterThan(0);
            if (threads == 1) {
                // on a pool the row groups ahead may have decoded every page before the consumer
                // releases the first batch (timing): only at one thread is the order fixed
                assertThat(v[0]).as("viewed pages decompressed into a spare at %d threads", threads).isGreaterThan(0);
            }
            // nothing released: nothing goes back, nothing is taken
            AheadBudget none = scan(f, null, threads, r -> true, k -> true); // every batch kept
            assertThat(none.viewCounts()).as("without release at %d threads", threads).containsExactly(0, 0);
        }
    }

    /**
     * A selective scan whose matches lie in every page (a few ids in each 40,000-row page): the
     * scan's pages are given back once the pass has gone past them, not only when a batch holds
     * their last row (before, such a scan gave back 0-1 buffers); some batches kept and checked
     * after the scan, at 1, 2 and 4 threads (compacted on the pool).
     */
    @Test
    void aSparseScanGivesBackThePagesItPassed() throws Exception {
        File f = files().get(0); // s: row groups of 150,000 and 50,000 rows, pages of 40,000: 6 pages
        String in = "id IN (7, 39999, 40000, 79999, 80001, 119999, 120000, 149999, 150000, 189999, 199999)";
        java.util.Set<Long> ids = java.util.Set.of(7L, 39_999L, 40_000L, 79_999L, 80_001L, 119_999L, 120_000L,
                149_999L, 150_000L, 189_999L, 199_999L);
        for (int threads : new int[] {1, 2, 4}) {
            AheadBudget b = scan(f, in, threads, ids::contains, k -> k % 2 == 0);
            // every page of s holds a match, none is held by a kept batch at its last row; at least
            // those of the released batches go back (the kept ones hold theirs)
            assertThat(b.viewCounts()[1]).as("viewed buffers given back at %d threads", threads).isGreaterThanOrEqualTo(2);
            AheadBudget all = scan(f, in, threads, ids::contains, k -> false); // every batch released
            assertThat(all.viewCounts()[1]).as("viewed buffers given back, all released, at %d threads", threads)
                    .isGreaterThanOrEqualTo(5);
        }
    }

    /**
     * A PLAIN string condition column not returned, gated by an earlier column ({@code n IS NOT
     * NULL}): its pages are no cursor's, so the pass seals them itself once their leaves are
     * evaluated, except the page carried into the next window (40,000-row pages across
     * 65,536-row windows), which is evaluated again there and must not go back before; and the
     * same column ungated (its pages sealed as soon as their leaves have run). The condition reads
     * each value's digits, so a buffer given back and reused early changes which rows match.
     */
    @Test
    void aGatedConditionColumnsCarryIsNotGivenBackEarly() throws Exception {
        // s >= 's5' depends on each value's digits (a buffer reused by another page flips rows);
        // after n IS NOT NULL s is gated (its carry page re-read in the next window), alone it is not
        java.util.function.LongPredicate sMatches = r -> s(r) != null && s(r).compareTo("s5") >= 0;
        for (boolean gated : new boolean[] {true, false}) {
            java.util.function.LongPredicate matches = gated ? r -> n(r) != null && sMatches.test(r) : sMatches;
            for (File f : files()) {
                for (int threads : new int[] {1, 2}) {
                    String context = (gated ? "gated" : "ungated") + " s, not returned, at " + threads + " threads on "
                            + f.path().getFileName();
                    long want = 0;
                    long givenBack;
                    try (ParquetFile pf = ParquetFile.open(f.path())) {
                        BoundQuery q = BoundQuery.of(Binder.bind((gated ? "n IS NOT NULL AND " : "") + "s >= 's5'", pf.schema()),
                                List.of(0, 2), Query.all().threads(threads));
                        try (Scanner sc = Scanner.open(pf, q, PageSource.AHEAD_BYTES, 0)) {
                            for (RowBatch b = sc.next(); b != null; b = sc.next()) {
                                for (int i = 0; i < b.size(); i++) {
                                    while (want < f.rows() && !matches.test(want)) {
                                        want++;
                                    }
                                    long r = b.rowNumber(i);
                                    same(r, want, "row", r, context);
                                    same(b.getLong(0, i), r, "id", r, context);
                                    same(b.isNull(1, i) ? null : b.getString(1, i), c(r), "c", r, context);
                                    want++;
                                }
                                b.release();
                            }
                            givenBack = sc.aheadBudget().viewCounts()[1];
                        }
                    }
                    while (want < f.rows() && !matches.test(want)) {
                        want++;
                    }
                    assertThat(want).as("rows after the last returned: %s", context).isEqualTo(f.rows());
                    if (f != files().get(1)) { // the v2 file gives back none: parquet-java writes its v2 strings DELTA_BYTE_ARRAY, never leased (PlainV2PagesReleasedTest has v2 PLAIN pages)
                        assertThat(givenBack).as("s pages given back: %s", context).isPositive();
                    }
                }
            }
        }
    }

    @Test
    void aReleasedBatchThrowsAndAHeadSharesItsRelease() throws Exception {
        File f = files().get(2);
        try (ParquetFile pf = ParquetFile.open(f.path()); io.pqlab.scan.Scan s = pf.scan(Query.all().threads(1))) {
            RowBatch b = s.nextBatch();
            RowBatch h = b.head(10);
            assertThat(h.getString(1, 0)).isEqualTo(s(0));
            h.release();
            assertThatThrownBy(() -> b.getString(1, 1)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("released");
            assertThatThrownBy(() -> b.values(1)).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(() -> h.isNull(1, 0)).isInstanceOf(IllegalStateException.class);
            b.release(); // twice: nothing
            assertThat(s.nextBatch().getLong(0, 0)).isEqualTo(b.rowNumber(0) + b.size());
        }
    }

    /**
     * Scans every column; checks each batch as it comes, then releases it unless {@code keep} says
     * to keep it (by its index in the scan); once the scan is over, checks every kept batch again.
     */
    private static AheadBudget scan(File f, String condition, int threads, LongPredicate matches,
            java.util.function.IntPredicate keep) throws IOException {
        String context = (condition == null ? "every row" : condition) + " at " + threads + " threads on "
                + f.path().getFileName();
        List<RowBatch> kept = new ArrayList<>();
        AheadBudget budget;
        try (ParquetFile pf = ParquetFile.open(f.path())) {
            BoundQuery q = BoundQuery.of(condition == null ? null : Binder.bind(condition, pf.schema()), null,
                    Query.all().threads(threads));
            long want = 0;
            // on the pool at 2 and 4 threads however small the file (no INLINE_BYTES cut)
            try (Scanner sc = Scanner.open(pf, q, PageSource.AHEAD_BYTES, 0)) {
                budget = sc.aheadBudget();
                int k = 0;
                for (RowBatch b = sc.next(); b != null; b = sc.next(), k++) {
                    want = check(b, want, matches, f.rows(), context + ", batch " + k + " as it came");
                    if (keep.test(k)) {
                        kept.add(b);
                    } else {
                        b.release();
                    }
                }
            }
            while (want < f.rows() && !matches.test(want)) {
                want++;
            }
            assertThat(want).as("rows after the last returned: %s", context).isEqualTo(f.rows());
            for (RowBatch b : kept) {
                // its rows are checked against the generator (not against the first read)
                check(b, 0, null, f.rows(), context + ", a kept batch after the scan");
            }
        }
        return budget;
    }

    /** Every value of the batch against the generator's; rows from {@code want} on that match. */
    private static long check(RowBatch b, long want, LongPredicate matches, long rows, String context) {
        ColumnValues ss = b.values(1);
        ColumnValues cs = b.values(2);
        ColumnValues ns = b.values(3);
        long[] ids = b.values(0).longs();
        for (int i = 0; i < b.size(); i++) {
            long r = b.rowNumber(i);
            if (matches != null) {
                while (want < rows && !matches.test(want)) {
                    want++;
                }
                same(r, want, "row", r, context);
            }
            same(ids[i], r, "id", r, context);
            same(ss.isNull(i) ? null : ss.string(i), s(r), "s", r, context);
            same(cs.isNull(i) ? null : cs.string(i), c(r), "c", r, context);
            same(ns.isNull(i) ? null : ns.longs()[i], n(r), "n", r, context);
            same(b.isNull(1, i) ? null : b.getString(1, i), s(r), "s (getter)", r, context);
            same(b.isNull(2, i) ? null : b.getString(2, i), c(r), "c (getter)", r, context);
            want++;
        }
        return want;
    }

    private static void same(Object got, Object want, String what, long row, String context) {
        if (!java.util.Objects.equals(got, want)) {
            throw new AssertionError(what + " of row " + row + ": " + got + ", written " + want + ": " + context);
        }
    }
}
