package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.internal.predicate.Binder;
import io.pqlab.oracle.ParquetJava;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.function.LongPredicate;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * (reuse) The consumer's arrays: a batch's row numbers kept as runs ({@link RowBatch.RowNumbers}),
 * and its {@link ColumnValues}' arrays, which go back to the scan's spares when the batch (or a
 * head of it) is released and are taken by later batches' ColumnValues. Every array given back
 * is poisoned ({@link ColumnValues.Spares#poisonForTests}). Each column's values are written as a
 * function of the row ({@code id} is the row number), so every value and row number is checked
 * against the generator: as each batch comes, and for the kept batches again once the scan is
 * over (when most arrays have gone back poisoned and been reused). Every type the spares hold
 * (INT32 with its widened longs, INT64, FLOAT with its widened doubles, DOUBLE, BOOLEAN, the null
 * flags, PLAIN and dictionary strings' offsets and lengths), with nulls; released, kept and
 * headed batches; 1 and 2 threads (batches made on the pool); with and without conditions.
 */
class ConsumerArraysTest {
    static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message m { required int64 id; "
            + "optional int32 i; optional double d; optional float f; optional boolean b; "
            + "optional binary s (STRING); optional binary c (STRING); optional int64 n; }");
    static final int ID = 0, I = 1, D = 2, F = 3, B = 4, S = 5, C = 6, N = 7;

    @TempDir
    static Path dir;

    @BeforeAll
    static void poison() {
        ColumnValues.Spares.poisonForTests(true);
    }

    @AfterAll
    static void cure() {
        ColumnValues.Spares.poisonForTests(false);
    }

    static Integer i(long r) {
        return r % 7 == 3 ? null : (int) (r * 31 % 100_000) - 50_000;
    }

    static Double d(long r) {
        return r % 5 == 1 ? null : r * 0.5;
    }

    static Float f(long r) {
        return r % 11 == 2 ? null : (r % 1000) / 4f;
    }

    static Boolean b(long r) {
        return r % 13 == 0 ? null : r % 3 == 0;
    }

    static String s(long r) {
        return r % 9 == 4 ? null : "s" + r;
    }

    static String c(long r) {
        return r % 6 == 5 ? null : "c" + r % 5;
    }

    static Long n(long r) {
        return r % 4 == 0 ? null : r * 3;
    }

    record File(Path path, long rows) {}

    static List<File> files;

    static synchronized List<File> files() throws IOException {
        if (files == null) {
            // 40,000-row pages across the 65,536-row batches; 600-row pages many to a batch; 150,000-row
            // pages, each holding whole batches (id, without nulls, one array copy: ColumnValues.wholeRun)
            files = List.of(new File(write("spanning.parquet", 200_000, 150_000, 40_000), 200_000),
                    new File(write("small-pages.parquet", 12_000, 4_000, 600), 12_000),
                    new File(write("big-pages.parquet", 300_000, 300_000, 150_000), 300_000));
        }
        return files;
    }

    static Path write(String name, long rows, int rowGroupRows, int pageRows) throws IOException {
        Path target = dir.resolve(name);
        var b = ParquetJava.hadoopFree(ParquetJava.writer(target, SCHEMA)
                .withCodecFactory(WideProjectionSmallHeapTest.SNAPPY)
                .withRowGroupRowCountLimit(rowGroupRows)
                .withRowGroupSize(256L << 20)
                .withPageRowCountLimit(pageRows)
                .withMinRowCountForPageSizeCheck(Math.min(pageRows, 100))
                .withPageSize(64 << 20)
                .withDictionaryEncoding(false)
                .withDictionaryEncoding("c", true)
                .withCompressionCodec(CompressionCodecName.SNAPPY)
                .withWriterVersion(WriterVersion.PARQUET_1_0));
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> w = b.build()) {
            for (long r = 0; r < rows; r++) {
                w.write(ParquetJava.group(groups, new Object[] {r, i(r), d(r), f(r), b(r), s(r), c(r), n(r)}));
            }
        }
        return target;
    }

    /** The conditions: none, one whose matches are many short runs (every 7th row, then a tail), a gated one. */
    static final String[] CONDITIONS = {null, "i IS NULL OR id >= 150000", "n IS NOT NULL AND id < 100000"};
    static final LongPredicate[] MATCHES = {r -> true, r -> i(r) == null || r >= 150_000, r -> n(r) != null && r < 100_000};

    @Test
    void valuesAndRowNumbersWithBatchesReleasedKeptAndHeaded() throws Exception {
        for (File file : files()) {
            for (int threads : new int[] {1, 2}) {
                for (int c = 0; c < CONDITIONS.length; c++) {
                    // release most, keep every third from the second, release every fifth through a head of it
                    scan(file, CONDITIONS[c], MATCHES[c], threads, k -> k % 3 == 1, k -> k % 5 == 2);
                    // every batch released (the spares at their busiest)
                    Spares counts = scan(file, CONDITIONS[c], MATCHES[c], threads, k -> false, k -> false);
                    if (threads == 1 && c == 0 && file == files().get(0)) {
                        // one thread, every batch released before the next is made: each later batch's
                        // arrays are the last one's
                        assertThat(counts.taken()).as("arrays taken from the spares").isGreaterThan(0);
                    }
                }
            }
        }
    }

    @Test
    void aKeptBatchKeepsItsArrays() throws Exception {
        // nothing released: nothing goes back, nothing is taken, whatever the thread count
        for (int threads : new int[] {1, 2}) {
            Spares counts = scan(files().get(0), null, MATCHES[0], threads, k -> true, k -> false);
            assertThat(counts.taken()).as("taken at %d threads", threads).isZero();
            assertThat(counts.given()).as("given back at %d threads", threads).isZero();
        }
    }

    /** A released batch's arrays are given back (poisoned here) and the next batch's are among them: reused, and read correctly. */
    @Test
    void aReleasedBatchsArraysAreReusedNotRead() throws Exception {
        File file = files().get(0);
        try (ParquetFile pf = ParquetFile.open(file.path())) {
            BoundQuery q = BoundQuery.of(null, null, Query.all().threads(1));
            try (Scanner sc = Scanner.open(pf, q, PageSource.AHEAD_BYTES, 0)) {
                RowBatch first = sc.next();
                assertThat(first.size()).isEqualTo(Scanner.BATCH_ROWS);
                long[] ids = first.values(ID).longs();
                long[] ns = first.values(N).longs();
                int[] is = first.values(I).ints();
                Map<Object, Boolean> released = new IdentityHashMap<>();
                for (int c = 0; c < SCHEMA.getFieldCount(); c++) {
                    arrays(first.values(c), released);
                }
                first.release();
                assertThat(ids[0]).as("an id given back, poisoned").isEqualTo(0xA7A7A7A7A7A7A7A7L);
                assertThat(ns[1]).as("an n given back, poisoned").isEqualTo(0xA7A7A7A7A7A7A7A7L);
                assertThat(is[1]).as("an i given back, poisoned").isEqualTo(0xA7A7A7A7);
                assertThatThrownBy(() -> first.values(ID)).isInstanceOf(IllegalStateException.class);
                RowBatch second = sc.next();
                check(second, Scanner.BATCH_ROWS, r -> true, file.rows(), "the batch after a released one");
                Map<Object, Boolean> now = new IdentityHashMap<>();
                for (int c = 0; c < SCHEMA.getFieldCount(); c++) {
                    arrays(second.values(c), now);
                }
                int reused = 0;
                for (Object a : now.keySet()) {
                    reused += released.containsKey(a) ? 1 : 0;
                }
                assertThat(reused).as("the second batch's arrays that were the first's").isGreaterThanOrEqualTo(8);
            }
        }
    }

    /** A ColumnValues got before its batch was released refuses every read after: its arrays and pages are the scan's again. */
    @Test
    void aReleasedBatchsColumnValuesRefuseReads() throws Exception {
        File file = files().get(0);
        for (int threads : new int[] {1, 2}) {
            try (ParquetFile pf = ParquetFile.open(file.path())) {
                BoundQuery q = BoundQuery.of(null, null, Query.all().threads(threads));
                try (Scanner sc = Scanner.open(pf, q, PageSource.AHEAD_BYTES, 0)) {
                    RowBatch first = sc.next();
                    ColumnValues id = first.values(ID);
                    ColumnValues d = first.values(D);
                    ColumnValues f = first.values(F);
                    ColumnValues s = first.values(S);
                    ColumnValues i = first.values(I);
                    assertThat(id.longs()[5]).isEqualTo(5L);
                    assertThat(s.string(5)).isEqualTo(s(5));
                    RowBatch second = sc.next();
                    ColumnValues later = second.values(ID);
                    // released through a head of it: the head and the batch share their pages
                    first.head(10).release();
                    List<Runnable> reads = List.of(id::longs, id::hasNulls, id::nulls, () -> d.isNull(0), d::doubles,
                            f::floats, f::doubles, i::ints, i::longs, s::offsets, s::lengths, () -> s.bytes(0),
                            () -> s.string(0), () -> s.length(0));
                    for (int k = 0; k < reads.size(); k++) {
                        assertThatThrownBy(reads.get(k)::run).as("read %d after release at %d threads", k, threads)
                                .isInstanceOf(IllegalStateException.class).hasMessageContaining("released");
                    }
                    assertThat(later.longs()[0]).as("the next batch's, unreleased").isEqualTo(Scanner.BATCH_ROWS);
                }
            }
        }
    }

    @Test
    void rowNumbersAsRuns() {
        RowBatch.RowNumbers r = new RowBatch.RowNumbers();
        r.add(100, 3); // 100 101 102
        r.add(103, 2); // follows on: one run
        r.add(200, 1);
        r.add(300, 4);
        assertThat(r.runs()).isEqualTo(3);
        long[] want = {100, 101, 102, 103, 104, 200, 300, 301, 302, 303};
        assertThat(r.size()).isEqualTo(want.length);
        for (int n = 0; n <= want.length; n++) {
            RowBatch.RowNumbers h = r.head(n);
            assertThat(h.size()).isEqualTo(n);
            for (int i = 0; i < n; i++) {
                assertThat(h.get(i)).as("row %d of the first %d", i, n).isEqualTo(want[i]);
            }
        }
        assertThatThrownBy(() -> r.get(want.length)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> r.get(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    /** Heads of a many-run batch (the every-7th-row condition): their row numbers and values, and a head's release. */
    @Test
    void headsOfManyRuns() throws Exception {
        File file = files().get(0);
        try (ParquetFile pf = ParquetFile.open(file.path())) {
            BoundQuery q = BoundQuery.of(Binder.bind(CONDITIONS[1], pf.schema()), null, Query.all().threads(1));
            try (Scanner sc = Scanner.open(pf, q, PageSource.AHEAD_BYTES, 0)) {
                RowBatch b = sc.next();
                assertThat(b.size()).isGreaterThan(1000);
                for (int n : new int[] {0, 1, 2, 7, 1000, b.size() - 1}) {
                    RowBatch h = b.head(n);
                    assertThat(h.size()).isEqualTo(n);
                    check(h, 0, MATCHES[1], file.rows(), "the first " + n + " rows");
                }
                check(b, 0, MATCHES[1], file.rows(), "the batch, after its heads");
                b.head(5).release();
                assertThatThrownBy(() -> b.values(ID)).isInstanceOf(IllegalStateException.class);
                assertThatThrownBy(() -> b.head(3)).isInstanceOf(IllegalStateException.class);
            }
        }
    }

    record Spares(long taken, long given) {}

    /**
     * Scans every column, checking each batch as it comes; releases it unless {@code keep} (by its
     * index), through a head of it where {@code viaHead}; once the scan is over, checks every kept
     * batch again. No array is in two unreleased batches' ColumnValues at once.
     */
    private static Spares scan(File f, String condition, LongPredicate matches, int threads, IntPredicate keep,
            IntPredicate viaHead) throws IOException {
        String context = (condition == null ? "every row" : condition) + " at " + threads + " threads on "
                + f.path().getFileName();
        List<RowBatch> kept = new ArrayList<>();
        Map<Object, String> live = new IdentityHashMap<>(); // arrays of unreleased batches -> whose
        long[] counts;
        try (ParquetFile pf = ParquetFile.open(f.path())) {
            BoundQuery q = BoundQuery.of(condition == null ? null : Binder.bind(condition, pf.schema()), null,
                    Query.all().threads(threads));
            long want = 0;
            try (Scanner sc = Scanner.open(pf, q, PageSource.AHEAD_BYTES, 0)) {
                int k = 0;
                for (RowBatch b = sc.next(); b != null; b = sc.next(), k++) {
                    String at = context + ", batch " + k;
                    want = check(b, want, matches, f.rows(), at + " as it came");
                    Map<Object, Boolean> mine = new IdentityHashMap<>();
                    for (int c = 0; c < SCHEMA.getFieldCount(); c++) {
                        arrays(b.values(c), mine);
                    }
                    RowBatch h = viaHead.test(k) ? b.head(b.size() / 2 + 1) : null;
                    if (h != null) {
                        check(h, h.size() > 0 ? h.rowNumber(0) : 0, matches, f.rows(), at + ", its head");
                        for (int c = 0; c < SCHEMA.getFieldCount(); c++) {
                            arrays(h.values(c), mine);
                        }
                    }
                    for (Object a : mine.keySet()) {
                        String other = live.put(a, at);
                        if (other != null) {
                            throw new AssertionError("an array of " + at + " is also " + other + "'s, not released");
                        }
                    }
                    if (keep.test(k)) {
                        kept.add(b);
                    } else {
                        mine.keySet().forEach(live::remove);
                        (h != null ? h : b).release();
                        if (h != null) {
                            RowBatch released = b;
                            assertThatThrownBy(() -> released.values(ID)).as("%s: released by its head", at)
                                    .isInstanceOf(IllegalStateException.class);
                        }
                    }
                }
                counts = sc.valueArrays().counts();
            }
            while (want < f.rows() && !matches.test(want)) {
                want++;
            }
            assertThat(want).as("rows after the last returned: %s", context).isEqualTo(f.rows());
            for (RowBatch b : kept) {
                check(b, -1, matches, f.rows(), context + ", a kept batch after the scan");
            }
        }
        return new Spares(counts[0], counts[1]);
    }

    /** The arrays a ColumnValues holds (those the spares take and give back). */
    private static void arrays(ColumnValues v, Map<Object, Boolean> into) {
        switch (v.column().type()) {
            case INT32 -> {
                into.put(v.ints(), true);
                into.put(v.longs(), true);
            }
            case INT64 -> into.put(v.longs(), true);
            case FLOAT -> {
                into.put(v.floats(), true);
                into.put(v.doubles(), true);
            }
            case DOUBLE -> into.put(v.doubles(), true);
            case BOOLEAN -> into.put(v.booleans(), true);
            default -> {
                into.put(v.offsets(), true);
                into.put(v.lengths(), true);
            }
        }
        if (v.nulls() != null) {
            into.put(v.nulls(), true);
        }
    }

    /**
     * Every value of the batch, through its ColumnValues and getters, against the generator's;
     * its row numbers are the matching rows from {@code want} on (-1: each a matching row).
     */
    private static long check(RowBatch b, long want, LongPredicate matches, long rows, String context) {
        ColumnValues[] v = new ColumnValues[SCHEMA.getFieldCount()];
        for (int c = 0; c < v.length; c++) {
            v[c] = b.values(c);
            same(v[c].size(), b.size(), "size of column " + c, -1, context);
        }
        for (int x = 0; x < b.size(); x++) {
            long r = b.rowNumber(x);
            if (want >= 0) {
                while (want < rows && !matches.test(want)) {
                    want++;
                }
                same(r, want, "row", r, context);
                want++;
            } else {
                same(matches.test(r), true, "a matching row", r, context);
            }
            same(v[ID].longs()[x], r, "id", r, context);
            same(b.getLong(ID, x), r, "id (getter)", r, context);
            same(v[I].isNull(x) ? null : v[I].ints()[x], i(r), "i", r, context);
            same(v[I].isNull(x) ? null : v[I].longs()[x], i(r) == null ? null : (long) i(r), "i widened", r, context);
            same(v[D].isNull(x) ? null : v[D].doubles()[x], d(r), "d", r, context);
            same(v[F].isNull(x) ? null : v[F].floats()[x], f(r), "f", r, context);
            same(v[F].isNull(x) ? null : v[F].doubles()[x], f(r) == null ? null : (double) f(r), "f widened", r, context);
            same(v[B].isNull(x) ? null : v[B].booleans()[x], b(r), "b", r, context);
            same(v[S].string(x), s(r), "s", r, context);
            same(v[C].string(x), c(r), "c", r, context);
            same(v[N].isNull(x) ? null : v[N].longs()[x], n(r), "n", r, context);
            same(b.isNull(S, x) ? null : b.getString(S, x), s(r), "s (getter)", r, context);
            // a null row holds 0, false and length 0 (ColumnValues says so): a spare's old value must not show
            if (i(r) == null) {
                same(v[I].ints()[x], 0, "i of a null", r, context);
                same(v[I].longs()[x], 0L, "i widened of a null", r, context);
            }
            if (d(r) == null) {
                same(v[D].doubles()[x], 0d, "d of a null", r, context);
            }
            if (f(r) == null) {
                same(v[F].floats()[x], 0f, "f of a null", r, context);
            }
            if (b(r) == null) {
                same(v[B].booleans()[x], false, "b of a null", r, context);
            }
            if (s(r) == null) {
                same(v[S].length(x), 0, "s length of a null", r, context);
            }
            if (c(r) == null) {
                same(v[C].length(x), 0, "c length of a null", r, context);
            }
            if (n(r) == null) {
                same(v[N].longs()[x], 0L, "n of a null", r, context);
            }
        }
        return want;
    }

    private static void same(Object got, Object want, String what, long row, String context) {
        if (!java.util.Objects.equals(got, want)) {
            throw new AssertionError(what + " of row " + row + ": " + got + ", written " + want + ": " + context);
        }
    }
}
