package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.internal.column.AheadBudget;
import io.pqlab.oracle.ParquetJava;
import java.io.IOException;
import java.nio.file.Path;
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

    /** {@code sPages}: s's {@link ReleasingScan#pages} where they are leased (PLAIN), else null. */
    record File(Path path, long rows, ReleasingScan.Leased sPages) {
        File(Path path, long rows, boolean leased) {
            this(path, rows, leased ? ReleasingScan.pages(path, 1) : null);
        }

        int sPageCount() {
            return sPages.pages() - sPages.valueless().cardinality();
        }
    }

    static List<File> files;

    static synchronized List<File> files() throws IOException {
        if (files == null) {
            // the v2 file's s is DELTA_BYTE_ARRAY (parquet-java's v2 writer), never leased
            files = List.of(new File(write("spanning-v1.parquet", 200_000, 150_000, 40_000, WriterVersion.PARQUET_1_0), 200_000, true),
                    new File(write("spanning-v2.parquet", 200_000, 200_000, 40_000, WriterVersion.PARQUET_2_0), 200_000, false),
                    new File(write("small-pages.parquet", 12_000, 4_000, 600, WriterVersion.PARQUET_1_0), 12_000, true));
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

    /**
     * Every batch released: every page of s comes back, exactly, at 1, 2 and 3 threads (a full
     * scan's batches are never compacted, and every batch holding a page is released whichever
     * thread made it: the count does not depend on the order); at one thread, where the order is
     * fixed, later pages are decompressed into buffers that came back. None released: nothing
     * goes back, nothing is taken.
     */
    @Test
    void releasedBuffersAreReused() throws Exception {
        File f = files().get(0); // s: 6 PLAIN pages, each in two batches or more
        for (int threads : new int[] {1, 2, 3}) {
            ReleasingScan.Seen all = scan(f, null, threads, r -> true, k -> false);
            assertThat(all.compacted()).as("compacted, full scan at %d threads", threads).isZero();
            assertThat(all.givenBack()).as("viewed buffers given back at %d threads", threads).isEqualTo(f.sPageCount());
            if (threads == 1) {
                // on a pool the row groups ahead may have decoded every page before the consumer
                // releases the first batch (timing): only at one thread is the order fixed
                assertThat(all.budget().viewCounts()[0]).as("viewed pages decompressed into a spare").isPositive();
            }
            ReleasingScan.Seen none = scan(f, null, threads, r -> true, k -> true); // every batch kept
            assertThat(none.budget().viewCounts()).as("without release at %d threads", threads).containsExactly(0, 0);
        }
    }

    /**
     * A selective scan whose matches lie in every page (a few ids in each 40,000-row page): the
     * scan's pages are given back once the pass has gone past them, not only when a batch holds
     * their last row (before, such a scan gave back 0-1 buffers); half the batches kept and checked
     * after the scan, at 1, 2, 3 and 4 threads (compacted on the pool). Counted: every batch
     * released, every page comes back whatever the order; half kept, at least the pages no kept
     * batch holds a row of ({@link ReleasingScan#givenBackBounds}, in every scan of this class).
     */
    @Test
    void aSparseScanGivesBackThePagesItPassed() throws Exception {
        File f = files().get(0); // s: row groups of 150,000 and 50,000 rows, pages of 40,000: 6 pages
        String in = "id IN (7, 39999, 40000, 79999, 80001, 119999, 120000, 149999, 150000, 189999, 199999)";
        java.util.Set<Long> ids = java.util.Set.of(7L, 39_999L, 40_000L, 79_999L, 80_001L, 119_999L, 120_000L,
                149_999L, 150_000L, 189_999L, 199_999L);
        for (int threads : new int[] {1, 2, 3, 4}) {
            ReleasingScan.Seen half = scan(f, in, threads, ids::contains, k -> k % 2 == 0);
            // every page of s holds a match and a batch's last row is never a page's: only the
            // pass's seals give these back
            assertThat(ReleasingScan.givenBackBounds(half, f.sPages())[0]).as("pages no kept batch holds")
                    .isGreaterThanOrEqualTo(2);
            ReleasingScan.Seen all = scan(f, in, threads, ids::contains, k -> false); // every batch released
            assertThat(all.givenBack()).as("viewed buffers given back, all released, at %d threads", threads)
                    .isEqualTo(f.sPageCount());
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
        LongPredicate sMatches = r -> s(r) != null && s(r).compareTo("s5") >= 0;
        ReleasingScan.Check idAndC = (b, context) -> {
            for (int i = 0; i < b.size(); i++) {
                long r = b.rowNumber(i);
                same(b.getLong(0, i), r, "id", r, context);
                same(b.isNull(1, i) ? null : b.getString(1, i), c(r), "c", r, context);
            }
        };
        for (boolean gated : new boolean[] {true, false}) {
            LongPredicate matches = gated ? r -> n(r) != null && sMatches.test(r) : sMatches;
            for (File f : files()) {
                for (int threads : new int[] {1, 2}) {
                    ReleasingScan.Seen seen = ReleasingScan.scan(f.path(), (gated ? "n IS NOT NULL AND " : "") + "s >= 's5'",
                            List.of(0, 2), Query.all().threads(threads), matches, f.rows(), k -> false, idAndC);
                    if (f.sPages() != null) {
                        // s is no batch's: the pages of the rows it matched all come back
                        assertThat(ReleasingScan.assertGivenBack(seen, f.sPages())).as("s pages given back: %s", seen.context())
                                .isPositive();
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
     * Scans every column ({@link ReleasingScan}: each batch checked as it comes, released unless
     * {@code keep} keeps it, the kept ones checked again after the scan), and holds the buffers
     * given back within what the batches' rows allow ({@link ReleasingScan#givenBackBounds}).
     */
    private static ReleasingScan.Seen scan(File f, String condition, int threads, LongPredicate matches,
            java.util.function.IntPredicate keep) throws IOException {
        ReleasingScan.Seen seen = ReleasingScan.scan(f.path(), condition, null, Query.all().threads(threads), matches,
                f.rows(), keep, ReleasedBatchesTest::check);
        if (f.sPages() != null) {
            ReleasingScan.assertGivenBack(seen, f.sPages());
        }
        return seen;
    }

    /** Every value of the batch against the generator's (the rows' order is ReleasingScan's). */
    private static void check(RowBatch b, String context) {
        ColumnValues ss = b.values(1);
        ColumnValues cs = b.values(2);
        ColumnValues ns = b.values(3);
        long[] ids = b.values(0).longs();
        for (int i = 0; i < b.size(); i++) {
            long r = b.rowNumber(i);
            same(ids[i], r, "id", r, context);
            same(ss.isNull(i) ? null : ss.string(i), s(r), "s", r, context);
            same(cs.isNull(i) ? null : cs.string(i), c(r), "c", r, context);
            same(ns.isNull(i) ? null : ns.longs()[i], n(r), "n", r, context);
            same(b.isNull(1, i) ? null : b.getString(1, i), s(r), "s (getter)", r, context);
            same(b.isNull(2, i) ? null : b.getString(2, i), c(r), "c (getter)", r, context);
        }
    }

    private static void same(Object got, Object want, String what, long row, String context) {
        if (!java.util.Objects.equals(got, want)) {
            throw new AssertionError(what + " of row " + row + ": " + got + ", written " + want + ": " + context);
        }
    }
}
