package io.pqlab.scan;


import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.internal.column.Chunks;
import io.pqlab.internal.column.ColumnBatch;
import io.pqlab.internal.compress.Decompressor;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.oracle.ParquetJava;
import io.pqlab.oracle.ParquetJava.Triple;
import io.pqlab.Mechanism;
import io.pqlab.MechanismSets;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.plan.Reference;
import io.pqlab.internal.predicate.Binder;
import io.pqlab.internal.predicate.Predicate;
import io.pqlab.schema.ColumnDescriptor;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Scans judged by the data: on every fixture and every parquet-testing file the oracle reads,
 * generated conditions (the planner tests' {@link Reference}: parquet-java's values, the test's own
 * SQL evaluator) are scanned with every mechanism on, and again with a random variant (a subset of
 * the mechanisms or none, late materialisation off, a limit, a random projection). The rows
 * returned must be exactly, in order, the file rows the reference selects (the first N of them
 * under a limit), and each returned row's entries (repetition level, definition level, value) in
 * each returned column must be parquet-java's for that row: for a repeated column, the entries
 * from its repetition level 0 to the next. Every scan runs at one thread or at four ({@link #THREADS}):
 * the rows and values must not depend on it.
 */
class ScanAgreementTest {
    static final int CONDITIONS_PER_FILE = 120;
    /** Rows whose values are compared per batch, at most (every row when fewer; spread otherwise). */
    static final int VALUE_ROWS_PER_BATCH = 64;

    private static final AtomicLong SCANS = new AtomicLong();
    private static final AtomicLong ROWS = new AtomicLong();
    private static final AtomicLong VALUES = new AtomicLong();

    static List<Path> files() throws IOException {
        return codecSwitchChanges(Reference.files());
    }

    /**
     * In the run with {@code -Dpqlab.codecs=java} (core/pom.xml's execution pure-java-codecs),
     * only the files with a page whose codec the switch moves from native code to pure Java
     * (Snappy, Zstandard, LZ4, LZ4_RAW where their JNI libraries load). Every other file
     * (uncompressed, GZIP, Brotli: the trap files are all uncompressed) is read by the same code
     * in both runs, and the default run has checked it already. Every file in any other run.
     */
    static List<Path> codecSwitchChanges(List<Path> files) throws IOException {
        if (!Decompressor.pureJavaRequested()) {
            return files;
        }
        List<Path> out = new ArrayList<>();
        try (Decompressor natives = new Decompressor(Decompressor.DEFAULT_MAX_UNCOMPRESSED_SIZE, false)) {
            for (Path p : files) {
                try (ParquetFile f = ParquetFile.open(p)) {
                    boolean changes = false;
                    for (int g = 0; g < f.rowGroupCount() && !changes; g++) {
                        for (int c = 0; c < f.schema().columnCount() && !changes; c++) {
                            changes = natives.isNative(ParquetFiles.chunk(f, g, c).metaData().codec());
                        }
                    }
                    if (changes) {
                        out.add(p);
                    }
                }
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0}", allowZeroInvocations = true)
    @MethodSource("files")
    void scansReturnExactlyTheMatchingRowsWithTheOraclesValues(Path path) throws IOException {
        check(path, CONDITIONS_PER_FILE, path.getFileName().toString().hashCode());
    }

    /** The planner traps' files: the values the fixtures lack (-0.0, NaN, unsigned, decimals, ...). */
    @Test
    void trapFiles(@TempDir Path dir) throws IOException {
        List<Path> traps = codecSwitchChanges(Reference.trapFiles(dir));
        Assumptions.assumeFalse(traps.isEmpty(), "no trap file has a page the codec switch decodes differently");
        for (Path p : traps) {
            check(p, CONDITIONS_PER_FILE, p.getFileName().toString().hashCode());
        }
    }

    static void check(Path path, int conditions, long seed) throws IOException {
        check(path, conditions, seed, io.pqlab.Decryption.NONE);
    }

    /** The same for a file pqlab opens with {@code keys} (an encrypted one; the oracle has its own). */
    static void check(Path path, int conditions, long seed, io.pqlab.Decryption keys) throws IOException {
        Reference ref = Reference.read(path);
        Entries oracle = new Entries(path, ref);
        Random rnd = new Random(seed);
        List<Reference.Condition> conds = ref.conditions(conditions, seed);
        try (ParquetFile f = ParquetFile.open(path, keys)) {
            // every row of the file, every column: the scan without a condition
            long[] all = new long[Math.toIntExact(ref.totalRows())];
            Arrays.setAll(all, i -> i);
            // at one thread (on the caller's) and at four (pages decoded ahead on a pool)
            for (int threads : THREADS) {
                scan(f, oracle, "no condition", threads(BoundQuery.of(null), threads), all);
            }
            scan(f, oracle, "no condition, no mechanisms", BoundQuery.of(null).withMechanisms(Mechanism.none())
                    .withLateMaterialization(false).withLimit(rnd.nextInt(all.length + 2)), all);
            for (int k = 0; k < conds.size(); k++) {
                Reference.Condition cond = conds.get(k);
                Predicate p;
                try {
                    p = Binder.bind(cond.text(), f.schema());
                } catch (RuntimeException e) {
                    throw new AssertionError("cannot bind a generated condition: " + cond + " on " + path, e);
                }
                long[] expected = cond.matchingRows();
                BoundQuery base = threads(BoundQuery.of(p), THREADS[k % THREADS.length]);
                scan(f, oracle, cond.text(), base, expected);
                scan(f, oracle, cond.text(), variant(base, f, rnd, expected.length), expected);
                if (k % 10 == 0) {
                    scan(f, oracle, cond.text(), base.withMechanisms(Mechanism.none()).withLateMaterialization(false),
                            expected);
                }
            }
        }
    }

    /** The thread counts scans run at: one (everything on the caller's thread) and four (a pool decoding ahead). */
    static final int[] THREADS = {1, 4};

    static BoundQuery threads(BoundQuery o, int n) {
        return o.with(o.query().threads(n));
    }

    /** A random variant: some mechanisms (maybe none), late materialisation maybe off, maybe a limit and a projection, 1 or 4 threads. */
    static BoundQuery variant(BoundQuery o, ParquetFile f, Random rnd, int matching) {
        int m = rnd.nextInt(16);
        o = o.withMechanisms(MechanismSets.of((m & 1) != 0, (m & 2) != 0, (m & 4) != 0, (m & 8) != 0))
                .withLateMaterialization(rnd.nextBoolean());
        o = threads(o, THREADS[rnd.nextInt(THREADS.length)]);
        if (rnd.nextInt(3) == 0) {
            o = o.withLimit(rnd.nextInt(3) == 0 ? rnd.nextInt(3) : rnd.nextInt(matching + 2));
        }
        if (rnd.nextBoolean()) {
            List<Integer> cols = new ArrayList<>();
            int n = f.schema().columnCount();
            for (int c = 0; c < n; c++) {
                if (rnd.nextInt(3) == 0) {
                    cols.add(c);
                }
            }
            if (rnd.nextInt(5) == 0 && n > 0) {
                cols.add(rnd.nextInt(n)); // a column asked for twice, as --select a,a does
            }
            java.util.Collections.shuffle(cols, rnd);
            o = o.withColumns(cols);
        }
        return o;
    }

    /** Scans and holds the result to the expected rows (a prefix of them under a limit) and the oracle's values. */
    static void scan(ParquetFile f, Entries oracle, String text, BoundQuery o, long[] expected) throws IOException {
        String context = text + " at " + o.threads() + " threads with " + o.mechanisms() + (o.lateMaterialization() ? "" : ", late materialisation off")
                + (o.limit() >= 0 ? ", limit " + o.limit() : "") + (o.columns() != null ? ", columns " + o.columns() : "")
                + " on " + oracle.path;
        long[] want = o.limit() >= 0 && o.limit() < expected.length
                ? Arrays.copyOf(expected, (int) o.limit()) : expected;
        List<Integer> cols = new ArrayList<>();
        if (o.columns() == null) {
            for (int c = 0; c < f.schema().columnCount(); c++) {
                cols.add(c);
            }
        } else {
            cols.addAll(o.columns());
        }
        long[] got = new long[want.length];
        int n = 0;
        Scanner s;
        try {
            s = Scanner.open(f, o);
            for (RowBatch b = s.next(); b != null; b = s.next()) {
                assertThat(b.size()).as("an empty batch: %s", context).isPositive();
                assertThat(b.columns().stream().map(ColumnDescriptor::index).toList()).as(context).isEqualTo(cols);
                long first = oracle.firstRow[b.rowGroup()];
                for (int i = 0; i < b.size(); i++) {
                    long row = b.rowNumber(i);
                    if (n >= got.length) {
                        got = Arrays.copyOf(got, got.length * 2 + 1);
                    }
                    got[n++] = row;
                    assertThat(row).as("row %d outside its row group %d: %s", row, b.rowGroup(), context)
                            .isBetween(first, first + oracle.rows[b.rowGroup()] - 1);
                }
                int step = Math.max(1, b.size() / VALUE_ROWS_PER_BATCH);
                for (int i = 0; i < b.size(); i++) {
                    if (i % step == 0 || i == b.size() - 1) {
                        for (int ci = 0; ci < cols.size(); ci++) {
                            checkRow(oracle, b, ci, cols.get(ci), i, context);
                        }
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new AssertionError("scan failed: " + context, e);
        }
        sameRows(Arrays.copyOf(got, n), want, context);
        assertThat(s.stats().rowsReturned()).as(context).isEqualTo(want.length);
        SCANS.incrementAndGet();
        ROWS.addAndGet(n);
    }

    /** The rows returned are the rows wanted; else says where they first differ (not two long lists). */
    static void sameRows(long[] got, long[] want, String context) {
        if (Arrays.equals(got, want)) {
            return;
        }
        int i = Arrays.mismatch(got, want);
        throw new AssertionError(got.length + " rows returned, " + want.length + " expected; the first difference at "
                + i + ": " + (i < got.length ? "row " + got[i] : "nothing") + " returned where " + (i < want.length
                        ? "row " + want[i] : "nothing") + " was expected: " + context);
    }

    /** Row i of the batch, column ci (leaf c): its entries equal the oracle's entries of that row. */
    static void checkRow(Entries oracle, RowBatch b, int ci, int c, int i, String context) {
        int g = b.rowGroup();
        long row = b.rowNumber(i) - oracle.firstRow[g];
        List<Triple> want = oracle.row(g, c, (int) row);
        ColumnBatch page = b.page(ci, i);
        int s = b.firstEntry(ci, i);
        int e = b.endEntry(ci, i);
        List<Triple> got = new ArrayList<>();
        int maxDef = page.column().maxDefinitionLevel();
        for (int k = s; k < e; k++) {
            int d = page.definitionLevel(k);
            got.add(new Triple(page.repetitionLevel(k), d, d == maxDef ? Chunks.value(page, page.valueIndex(k)) : null));
        }
        if (!got.equals(want)) {
            throw new AssertionError("row " + b.rowNumber(i) + " column " + page.column().dottedPath() + ": scan gives "
                    + got + ", parquet-java " + want + ": " + context);
        }
        // rendering must not fail on any value
        b.text(ci, i);
        b.json(ci, i);
        VALUES.addAndGet(want.size());
    }

    /** parquet-java's entries of every column of a file, and where each row starts among them. */
    static final class Entries {
        final Path path;
        final long[] rows;
        final long[] firstRow;
        private final List<List<List<Triple>>> triples = new ArrayList<>();
        private final List<List<int[]>> rowStarts = new ArrayList<>();

        Entries(Path path, Reference ref) {
            this.path = path;
            int groups = ref.rowGroups();
            rows = new long[groups];
            firstRow = new long[groups];
            long first = 0;
            for (int g = 0; g < groups; g++) {
                rows[g] = ref.rows(g);
                firstRow[g] = first;
                first += rows[g];
                List<List<Triple>> t = new ArrayList<>();
                List<int[]> r = new ArrayList<>();
                for (int c = 0; c < ref.columnCount(); c++) {
                    List<Triple> col = ParquetJava.triples(path, g, c);
                    int[] starts = new int[Math.toIntExact(rows[g]) + 1];
                    int k = 0;
                    for (int e = 0; e < col.size(); e++) {
                        if (col.get(e).repetitionLevel() == 0) {
                            starts[k++] = e;
                        }
                    }
                    if (k != rows[g]) {
                        throw new IllegalStateException(path + " row group " + g + " column " + c + ": " + k
                                + " rows in parquet-java's entries, " + rows[g] + " in the footer");
                    }
                    starts[k] = col.size();
                    t.add(col);
                    r.add(starts);
                }
                triples.add(t);
                rowStarts.add(r);
            }
        }

        List<Triple> row(int g, int c, int row) {
            int[] starts = rowStarts.get(g).get(c);
            return triples.get(g).get(c).subList(starts[row], starts[row + 1]);
        }
    }

    @AfterAll
    static void summary() {
        System.out.printf("scan agreement: %d scans, %d rows returned and checked, %d entries compared with parquet-java%n",
                SCANS.get(), ROWS.get(), VALUES.get());
    }
}
