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
import java.util.function.IntPredicate;
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
 * (pages) A scan's typed page arrays (values, definition levels, dictionary indices, value indexes)
 * go back to its spares through the page's lease, and must never while a batch may still read them.
 * Every array given back is poisoned ({@link AheadBudget#poisonForTests}); the consumer reads each
 * batch as it comes, releases most and keeps every third, whose values it reads only after the
 * whole scan (through the getters, which read the pages, and {@link ColumnValues} made then, from
 * the pages too), against the generator's values (written by parquet-java). INT64, INT32 and
 * DOUBLE, PLAIN and dictionary, with nulls and without; dictionary and PLAIN strings; pages of 40,000 rows
 * across the 65,536-row batches, and a file whose every page is a whole row group of 122,880 rows
 * (DuckDB's layout); 1 and 2 threads; no condition, a condition on returned columns, one on
 * columns not returned (gated), and a sparse one (compacted on the pool).
 */
class PageTypedArraysTest {
    static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message m { required int64 id; "
            + "optional int64 n; optional int32 i; optional double d; required int64 m; required int32 e; "
            + "optional binary c (STRING); optional binary s (STRING); }");

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

    // n PLAIN with nulls, i a dictionary with nulls, d PLAIN with nulls, m a dictionary, e PLAIN, c a dictionary string
    static Long n(long r) {
        return r % 7 == 3 ? null : r * 1_000_003L;
    }

    static Integer i(long r) {
        return r % 11 == 5 ? null : (int) (r % 50);
    }

    static Double d(long r) {
        return r % 13 == 0 ? null : r / 8.0;
    }

    static long m(long r) {
        return (r % 97) * 1_000_000_007L;
    }

    static int e(long r) {
        return (int) (r * 31 + 7);
    }

    static String c(long r) {
        return r % 17 == 0 ? null : "c" + (r % 5);
    }

    // PLAIN strings: a view of the page, its offsets a spare
    static String s(long r) {
        return r % 19 == 4 ? null : "s" + r + ":".repeat((int) (r % 5));
    }

    record File(Path path, long rows) {}

    static List<File> files;

    static synchronized List<File> files() throws IOException {
        if (files == null) {
            files = List.of(new File(write("spanning.parquet", 200_000, 150_000, 40_000, false), 200_000),
                    // one page a chunk (DuckDB's): a long[] of 122,880 values is a humongous array
                    new File(write("whole-row-groups.parquet", 2 * 122_880 + 10_000, 122_880, 1 << 20, false),
                            2 * 122_880 + 10_000),
                    // pages of exactly one row more than a batch: the first batch ends at a page's
                    // second-to-last row, the next holds its last
                    new File(write("batch-plus-one.parquet", 3 * 65_537 + 1_000, 3 * 65_537, 65_537, true),
                            3 * 65_537 + 1_000));
        }
        return files;
    }

    /** {@code exactPages}: every page exactly {@code pageRows} rows (the size checked at every row). */
    static Path write(String name, long rows, int rowGroupRows, int pageRows, boolean exactPages) throws IOException {
        ExampleParquetWriter.Builder b = ParquetJava.writer(dir.resolve(name), SCHEMA)
                .withCodecFactory(WideProjectionSmallHeapTest.SNAPPY)
                .withRowGroupRowCountLimit(rowGroupRows)
                .withRowGroupSize(256L << 20)
                .withPageRowCountLimit(pageRows)
                .withMinRowCountForPageSizeCheck(exactPages ? 1 : Math.min(pageRows, 100))
                .withPageSize(64 << 20)
                .withDictionaryPageSize(64 << 20)
                .withDictionaryEncoding(false)
                .withDictionaryEncoding("i", true)
                .withDictionaryEncoding("m", true)
                .withDictionaryEncoding("c", true)
                .withCompressionCodec(CompressionCodecName.SNAPPY)
                .withWriterVersion(WriterVersion.PARQUET_1_0);
        if (exactPages) {
            b = b.withMaxRowCountForPageSizeCheck(1);
        }
        b = ParquetJava.hadoopFree(b);
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> w = b.build()) {
            for (long r = 0; r < rows; r++) {
                Group g = groups.newGroup();
                g.add(0, r);
                if (n(r) != null) {
                    g.add(1, n(r));
                }
                if (i(r) != null) {
                    g.add(2, i(r));
                }
                if (d(r) != null) {
                    g.add(3, d(r));
                }
                g.add(4, m(r));
                g.add(5, e(r));
                if (c(r) != null) {
                    g.add(6, c(r));
                }
                if (s(r) != null) {
                    g.add(7, s(r));
                }
                w.write(g);
            }
        }
        return dir.resolve(name);
    }

    static final List<String> ALL = List.of("id", "n", "i", "d", "m", "e", "c", "s");

    @Test
    void noKeptBatchReadsATypedArrayGivenBack() throws Exception {
        for (File f : files()) {
            for (int threads : new int[] {1, 2}) {
                scan(f, null, ALL, threads, r -> true, k -> k % 3 == 1);
                // a condition on returned columns, value-sensitive (a reused or poisoned array changes the rows)
                scan(f, "i = 7 OR n >= 150000450000", ALL, threads,
                        r -> Integer.valueOf(7).equals(i(r)) || (n(r) != null && n(r) >= 150_000_450_000L), k -> k % 3 == 1);
                // condition columns not returned: d gated by n (its pages the pass seals itself, a carry re-read)
                scan(f, "n >= 30000090000 AND d < 20000", List.of("id", "i", "m", "e", "c"), threads,
                        r -> n(r) != null && n(r) >= 30_000_090_000L && d(r) != null && d(r) < 20_000, k -> k % 3 == 1);
                // sparse: about one row in 97, compacted on the pool
                scan(f, "m = 3000000021", ALL, threads, r -> m(r) == 3_000_000_021L, k -> k % 2 == 0);
                // a few rows from a page's first on (one run per page, compacted on the pool: the copy's
                // values are the page's first ones, which a copy must copy, not view), every batch kept
                scan(f, "(id >= 40000 AND id < 40050) OR (id >= 65537 AND id < 65587) OR (id >= 122880 AND id < 122930)",
                        ALL, threads, r -> (r >= 40_000 && r < 40_050) || (r >= 65_537 && r < 65_587)
                                || (r >= 122_880 && r < 122_930), k -> true);
            }
        }
    }

    @Test
    void releasedPagesGiveBackTheirTypedArraysAndKeptOnesDoNot() throws Exception {
        for (File f : files()) {
            for (int threads : new int[] {1, 2}) {
                long[] all = scan(f, null, ALL, threads, r -> true, k -> false).typedCounts();
                assertThat(all[2]).as("typed arrays given back, all released, at %d threads on %s", threads,
                        f.path().getFileName()).isGreaterThan(10);
                if (threads == 1) {
                    // at one thread the order is fixed: pages decoded after the first release take the spares
                    assertThat(all[0]).as("typed arrays reused at 1 thread on %s", f.path().getFileName()).isGreaterThan(0);
                }
                long[] none = scan(f, null, ALL, threads, r -> true, k -> true).typedCounts();
                assertThat(none).as("nothing released at %d threads on %s", threads, f.path().getFileName())
                        .containsExactly(0, 0, 0);
                long[] sparse = scan(f, "m = 3000000021", ALL, threads, r -> m(r) == 3_000_000_021L, k -> false)
                        .typedCounts();
                assertThat(sparse[2]).as("typed arrays given back by a sparse scan at %d threads on %s", threads,
                        f.path().getFileName()).isGreaterThan(10);
            }
        }
    }

    /**
     * Before the consumer has released anything (here: never), the pages no batch held (a
     * condition column's, in windows without a match) give their arrays back when the pass seals
     * them, and later pages take them: a scan that matches nothing does not allocate every page's
     * arrays afresh (a 1 MiB page's long[] is a humongous array). {@code 's5x'} lies within every
     * page's bounds of s and is in none (PLAIN, no dictionary, no Bloom filter), so every s page is
     * decoded; the second scan's one match, the file's last row, is kept and read again after the
     * scan from pages made of those spares (poisoned when given back).
     */
    @Test
    void pagesNoBatchHeldAreReusedBeforeAnyRelease() throws Exception {
        for (File f : files()) {
            long last = f.rows() - 1;
            for (int threads : new int[] {1, 2}) {
                long[] none = scan(f, "s = 's5x'", ALL, threads, r -> false, k -> true).typedCounts();
                long[] one = scan(f, "s = 's5x' OR id = " + last, ALL, threads, r -> r == last, k -> true)
                        .typedCounts();
                for (long[] counts : List.of(none, one)) {
                    assertThat(counts[1]).as("arrays of a size class made before any release at %d threads on %s",
                            threads, f.path().getFileName()).isZero();
                    if (threads == 1 && f.path().getFileName().toString().startsWith("spanning")) {
                        // asserted on the file whose chunks hold several pages of one size: on the
                        // other two no page was seen to reuse one (not established why; see
                        // decoding.md, seventh round), and both are still checked value by value
                        assertThat(counts[0]).as("typed arrays reused before any release on %s",
                                f.path().getFileName()).isGreaterThan(0);
                    }
                }
            }
        }
    }

    /**
     * Scans {@code columns}; each batch is read as it comes (a released one through
     * {@link ColumnValues}, a kept one through the getters), then released unless {@code keep}
     * says to keep it; once the scan is over, every kept batch is read again, getters and values.
     */
    private static AheadBudget scan(File f, String condition, List<String> columns, int threads, LongPredicate matches,
            IntPredicate keep) throws IOException {
        String context = (condition == null ? "every row" : condition) + " at " + threads + " threads on "
                + f.path().getFileName();
        List<RowBatch> kept = new ArrayList<>();
        AheadBudget budget;
        try (ParquetFile pf = ParquetFile.open(f.path())) {
            List<Integer> cols = columns.stream().map(ALL::indexOf).toList();
            BoundQuery q = BoundQuery.of(condition == null ? null : Binder.bind(condition, pf.schema()), cols,
                    Query.all().threads(threads));
            long want = 0;
            // on the pool at 2 threads however small the file (no INLINE_BYTES cut)
            try (Scanner sc = Scanner.open(pf, q, PageSource.AHEAD_BYTES, 0)) {
                budget = sc.aheadBudget();
                int k = 0;
                for (RowBatch b = sc.next(); b != null; b = sc.next(), k++) {
                    boolean keepIt = keep.test(k);
                    want = check(b, columns, want, matches, f.rows(), !keepIt, !keepIt,
                            context + ", batch " + k + " as it came");
                    if (keepIt) {
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
                check(b, columns, 0, null, f.rows(), true, false, context + ", a kept batch after the scan");
            }
        }
        return budget;
    }

    /** Every value of the batch against the generator's; rows from {@code want} on that match. */
    private static long check(RowBatch b, List<String> columns, long want, LongPredicate matches, long rows,
            boolean values, boolean valuesOnly, String context) {
        for (int i = 0; i < b.size(); i++) {
            long r = b.rowNumber(i);
            if (matches != null) {
                while (want < rows && !matches.test(want)) {
                    want++;
                }
                same(r, want, "row", r, context);
            }
            want++;
        }
        for (int c = 0; c < columns.size(); c++) {
            String name = columns.get(c);
            ColumnValues v = values ? b.values(c) : null;
            for (int i = 0; i < b.size(); i++) {
                long r = b.rowNumber(i);
                Object written = written(name, r);
                if (v != null) {
                    Object got = v.isNull(i) ? null : switch (name) {
                        case "id", "n", "m" -> v.longs()[i];
                        case "i", "e" -> v.ints()[i];
                        case "d" -> v.doubles()[i];
                        default -> v.string(i);
                    };
                    same(got, written, name + " (values)", r, context);
                }
                if (!valuesOnly) {
                    Object got = b.isNull(c, i) ? null : switch (name) {
                        case "id", "n", "m" -> b.getLong(c, i);
                        case "i", "e" -> b.getInt(c, i);
                        case "d" -> b.getDouble(c, i);
                        default -> b.getString(c, i);
                    };
                    same(got, written, name + " (getter)", r, context);
                }
            }
        }
        return want;
    }

    private static Object written(String column, long r) {
        return switch (column) {
            case "id" -> r;
            case "n" -> n(r);
            case "i" -> i(r);
            case "d" -> d(r);
            case "m" -> m(r);
            case "e" -> e(r);
            case "c" -> c(r);
            default -> s(r);
        };
    }

    private static void same(Object got, Object want, String what, long row, String context) {
        if (!java.util.Objects.equals(got, want)) {
            throw new AssertionError(what + " of row " + row + ": " + got + ", written " + want + ": " + context);
        }
    }
}
