package io.pqlab.scan;

import io.pqlab.internal.column.ColumnBatch;
import io.pqlab.internal.encoding.Binaries;
import io.pqlab.schema.ColumnDescriptor;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One flat column's values in one {@link RowBatch}, by row: index i is the batch's row i. The
 * columnar way to read a batch, for code that reads every value ({@link RowBatch#values(int)}):
 *
 * <pre>{@code
 * ColumnValues amount = batch.values("amount_cents");
 * long[] a = amount.longs();
 * for (int i = 0; i < amount.size(); i++) {
 *     if (!amount.isNull(i)) {
 *         sum += a[i];
 *     }
 * }
 * ColumnValues note = batch.values("note");
 * for (int i = 0; i < note.size(); i++) {
 *     totalLength += note.length(i); // a null is empty: check isNull(i) where that matters
 * }
 * }</pre>
 *
 * <ul>
 *   <li>Nulls: {@link #isNull(int)}; {@link #nulls()} is the flags as an array (true = null), or
 *       null when no row of the batch is null in this column ({@link #hasNulls()}).
 *   <li>Numbers and booleans: one array per type, of at least {@link #size()} entries, row i at
 *       index i (a null row holds 0 or false): {@link #ints()} for INT32, {@link #longs()} for
 *       INT64 (INT32 widened), {@link #floats()} for FLOAT, {@link #doubles()} for DOUBLE (FLOAT
 *       widened), {@link #booleans()} for BOOLEAN. The arrays are copied from the decoded pages
 *       once, when the batch is first asked for the column; once the batch is released
 *       ({@link RowBatch#release()}) they are the scan's, refilled for a later batch.
 *   <li>Byte strings (BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY, INT96 as 12 bytes): row i's bytes are
 *       {@code bytes(i)[offset(i) .. offset(i) + length(i))}, or the arrays {@link #offsets()} and
 *       {@link #lengths()} into {@link #bytes(int)}. Nothing is copied: {@code bytes(i)} is the
 *       decoded page's own array, or for a dictionary-encoded page its dictionary's (one per
 *       page or dictionary, so rows in different pages may have different arrays; a null row's
 *       is its page's, with length 0).
 * </ul>
 *
 * The arrays are the batch's own: read them, do not change them. Once the batch is released,
 * every getter of this object throws an {@link IllegalStateException} (arrays got before keep
 * whatever a later batch writes into them). A getter of the wrong type
 * throws an {@link IllegalStateException} naming the column's type; a column inside a repeated
 * field (several values a row) has no {@code ColumnValues}: read it with {@link RowBatch#value}.
 */
public final class ColumnValues {
    private final ColumnDescriptor column;
    private final int size;
    private boolean[] nulls;
    private boolean[] booleans;
    private int[] ints;
    private long[] longs;
    private float[] floats;
    private double[] doubles;
    /** Row i's array, made from the runs when {@link #bytes} is first called (a reader of lengths never needs it). */
    private byte[][] data;
    private Runs runs;
    private int[] offsets;
    private int[] lengths;
    /** (reuse) Where this column's arrays come from and go back to once its batch is released; null: always new arrays. */
    private final Spares spares;
    /**
     * Its batch was released: the arrays, and the pages' arrays the strings are in, are the
     * scan's again, so every getter refuses rather than hand out a later batch's values.
     */
    private boolean released;

    private ColumnValues(ColumnDescriptor column, int size, Spares spares) {
        this.column = column;
        this.size = size;
        this.spares = spares;
    }

    public ColumnDescriptor column() {
        return column;
    }

    /** Rows: the batch's {@link RowBatch#size()}. */
    public int size() {
        return size;
    }

    /** Whether any row of the batch is null in this column. */
    public boolean hasNulls() {
        live();
        return nulls != null;
    }

    /** Whether row i is null. */
    public boolean isNull(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("row " + i + " of " + size);
        }
        live();
        return nulls != null && nulls[i];
    }

    /** Null flags by row (true = null), or null when no row is null. */
    public boolean[] nulls() {
        live();
        return nulls;
    }

    /** BOOLEAN values by row. */
    public boolean[] booleans() {
        return need(booleans, "BOOLEAN", "booleans()");
    }

    /** INT32 values by row. */
    public int[] ints() {
        return need(ints, "INT32", "ints()");
    }

    /** INT64 values by row, or INT32 values widened. */
    public long[] longs() {
        live();
        if (longs == null && ints != null) {
            longs = (long[]) array(Spares.LONG);
            for (int i = 0; i < size; i++) {
                longs[i] = ints[i];
            }
        }
        return need(longs, "INT64 or INT32", "longs()");
    }

    /** FLOAT values by row. */
    public float[] floats() {
        return need(floats, "FLOAT", "floats()");
    }

    /** DOUBLE values by row, or FLOAT values widened. */
    public double[] doubles() {
        live();
        if (doubles == null && floats != null) {
            doubles = (double[]) array(Spares.DOUBLE);
            for (int i = 0; i < size; i++) {
                doubles[i] = floats[i];
            }
        }
        return need(doubles, "DOUBLE or FLOAT", "doubles()");
    }

    /** Where row i's bytes start in {@link #bytes(int)}, by row. */
    public int[] offsets() {
        return need(offsets, "a byte string", "offsets()");
    }

    /** Row i's length in bytes, by row (0 for a null row). */
    public int[] lengths() {
        return need(lengths, "a byte string", "lengths()");
    }

    /** The array holding row i's bytes (the decoded page's or its dictionary's; shared by the rows of that page). */
    public byte[] bytes(int i) {
        need(offsets, "a byte string", "bytes(i)");
        if (data == null) {
            byte[][] d = new byte[size][];
            for (int s = 0; s < runs.size(); s++) {
                ColumnBatch p = runs.page(s);
                byte[] bytes = p.valuesInDictionary() ? p.dictionary().data() : p.binaries().data();
                java.util.Arrays.fill(d, runs.row(s), runs.row(s) + runs.count(s), bytes);
            }
            data = d;
        }
        return data[i];
    }

    /** Where row i's bytes start in {@link #bytes(int)}. */
    public int offset(int i) {
        return offsets()[i];
    }

    /** Row i's length in bytes (0 for a null row). */
    public int length(int i) {
        return lengths()[i];
    }

    /** Row i's bytes decoded as UTF-8, or null for a null row. */
    public String string(int i) {
        return isNull(i) ? null : new String(bytes(i), offset(i), length(i), StandardCharsets.UTF_8);
    }

    private <T> T need(T values, String type, String getter) {
        live();
        if (values == null) {
            throw new IllegalStateException("column \"" + column.dottedPath() + "\" is " + column.type()
                    + ": " + getter + " is for " + type + " columns");
        }
        return values;
    }

    /**
     * Column c's values, copied run by run from its pages (a page without nulls with one array
     * copy), into arrays taken from {@code spares} where it has them (null: new arrays).
     */
    static ColumnValues of(ColumnDescriptor column, Runs runs, Spares spares) {
        if (column.maxRepetitionLevel() > 0) {
            throw new IllegalStateException("column \"" + column.dottedPath() + "\" is repeated: a row holds a list;"
                    + " read it with RowBatch.value or text");
        }
        int n = runs.rows();
        ColumnValues out = new ColumnValues(column, n, spares);
        if (runs.size() == 1 && runs.row(0) == 0 && runs.count(0) == n
                && out.wholeRun(runs.page(0), runs.kth(0), n)) {
            return out;
        }
        // (reuse) a spare holds an earlier batch's values: every row below is written (a null row's zeroed)
        switch (column.type()) {
            case BOOLEAN -> out.booleans = (boolean[]) out.array(Spares.BOOLEAN);
            case INT32 -> out.ints = (int[]) out.array(Spares.INT);
            case INT64 -> out.longs = (long[]) out.array(Spares.LONG);
            case FLOAT -> out.floats = (float[]) out.array(Spares.FLOAT);
            case DOUBLE -> out.doubles = (double[]) out.array(Spares.DOUBLE);
            default -> {
                out.runs = runs;
                out.offsets = (int[]) out.array(Spares.INT);
                out.lengths = (int[]) out.array(Spares.INT);
            }
        }
        for (int s = 0; s < runs.size(); s++) {
            out.copy(runs.page(s), runs.kth(s), runs.row(s), runs.count(s));
        }
        return out;
    }

    /**
     * (arrays) The batch is one run of a page without nulls, entries [e, e + n), of numbers: its
     * array is one {@code Arrays.copyOfRange}, which the JIT fills without zeroing it first (a
     * new array per column and batch: 336 MB of zeroing a full scan of DuckDB's file). False
     * (nothing set) otherwise.
     */
    private boolean wholeRun(ColumnBatch p, int e, int n) {
        if (!p.entriesAreValues() || e < 0 || e + n > p.valueCount()) {
            return false; // (copyOfRange would pad a run past the page's values with zeros, silently)
        }
        int kind = Spares.kind(column.type());
        Object spare = kind < 0 || spares == null ? null : spares.take(kind, n);
        if (spare != null) {
            // (reuse) a spare is not zeroed either: the same one copy
            switch (kind) {
                case Spares.INT -> ints = (int[]) spare;
                case Spares.LONG -> longs = (long[]) spare;
                case Spares.FLOAT -> floats = (float[]) spare;
                case Spares.DOUBLE -> doubles = (double[]) spare;
                default -> booleans = (boolean[]) spare;
            }
            copyValues(p, e, 0, n);
            return true;
        }
        switch (column.type()) {
            case INT32 -> ints = Arrays.copyOfRange(p.ints(), e, e + n);
            case INT64 -> longs = Arrays.copyOfRange(p.longs(), e, e + n);
            case FLOAT -> floats = Arrays.copyOfRange(p.floats(), e, e + n);
            case DOUBLE -> doubles = Arrays.copyOfRange(p.doubles(), e, e + n);
            case BOOLEAN -> booleans = Arrays.copyOfRange(p.booleans(), e, e + n);
            default -> {
                return false;
            }
        }
        return true;
    }

    /** Entries [e, e + k) of page p (a flat column: entry = the page's row) into rows [r, r + k). */
    private void copy(ColumnBatch p, int e, int r, int k) {
        int[] def = p.definitionLevels();
        if (def == null || p.valueCount() == p.entryCount()) {
            copyValues(p, e, r, k); // every entry holds a value: value index = entry
            return;
        }
        int maxDef = column.maxDefinitionLevel();
        int v = -1; // the value index of the next defined entry, found once
        int j = 0;
        while (j < k) {
            if (def[e + j] != maxDef) {
                if (nulls == null) {
                    nulls = (boolean[]) array(Spares.BOOLEAN);
                    if (spares != null) {
                        Arrays.fill(nulls, 0, size, false); // a spare's old flags (a new array is all false)
                    }
                }
                int z = j;
                while (z < k && def[e + z] != maxDef) {
                    nulls[r + z] = true;
                    z++;
                }
                clear(r + j, r + z);
                j = z;
                continue;
            }
            int z = j + 1;
            while (z < k && def[e + z] == maxDef) {
                z++;
            }
            if (v < 0) {
                v = p.valueIndex(e + j); // later stretches follow on in the value array
            }
            copyValues(p, v, r + j, z - j);
            v += z - j;
            j = z;
        }
    }

    /** A null's rows [from, to): 0 or false, as the class says (a spare holds an earlier batch's values there). */
    private void clear(int from, int to) {
        if (spares == null) {
            return; // new arrays are zeroed
        }
        switch (column.type()) {
            case BOOLEAN -> Arrays.fill(booleans, from, to, false);
            case INT32 -> Arrays.fill(ints, from, to, 0);
            case INT64 -> Arrays.fill(longs, from, to, 0L);
            case FLOAT -> Arrays.fill(floats, from, to, 0f);
            case DOUBLE -> Arrays.fill(doubles, from, to, 0d);
            default -> {
                Arrays.fill(offsets, from, to, 0);
                Arrays.fill(lengths, from, to, 0);
            }
        }
    }

    private void live() {
        if (released) {
            throw new IllegalStateException("column \"" + column.dottedPath() + "\": its batch was released"
                    + " (RowBatch.release), its arrays are the scan's again; read a column before releasing its batch");
        }
    }

    /** An array of this kind of at least {@link #size} entries: a spare, or a new one. */
    private Object array(int kind) {
        Object a = spares == null ? null : spares.take(kind, size);
        return a != null ? a : Spares.allocate(kind, size);
    }

    /**
     * (reuse) Its batch was released: this column's arrays go back to the scan's spares (the
     * caller's promise, RowBatch.release, that nothing reads them any more). Called once.
     */
    void giveBack() {
        released = true;
        if (spares == null) {
            return;
        }
        spares.give(Spares.BOOLEAN, nulls);
        spares.give(Spares.BOOLEAN, booleans);
        spares.give(Spares.INT, ints);
        spares.give(Spares.LONG, longs);
        spares.give(Spares.FLOAT, floats);
        spares.give(Spares.DOUBLE, doubles);
        spares.give(Spares.INT, offsets);
        spares.give(Spares.INT, lengths);
    }

    /**
     * (reuse) One scan's spare {@link ColumnValues} arrays: given back by released batches
     * ({@link RowBatch#release}), taken by later {@link ColumnValues#of}. A full scan's
     * {@code long[65536]} per INT64 column and batch is 512 KiB + 16 bytes, a whole humongous G1
     * region each (bench/profiles/heap-1thread.txt: 596 of them a scan of the sorted file); the
     * dead ones set when G1 collects. Bounded in bytes ({@link #limit}: an array that does not fit
     * is left to the GC), arrays below {@link #MIN_POOLED} entries not kept. An array is in the
     * spares or in one ColumnValues, never both: taken arrays leave the spares, an array given
     * back twice throws. Safe for any thread (batches may be released on any thread, one at a time).
     */
    static final class Spares {
        static final int BOOLEAN = 0;
        static final int INT = 1;
        static final int LONG = 2;
        static final int FLOAT = 3;
        static final int DOUBLE = 4;
        /** Smaller arrays are allocated plainly (in the thread's TLAB): not worth a lookup. */
        static final int MIN_POOLED = 1024;

        /** Tests: fill every array given back with garbage, so a reader of a returned array sees it. */
        private static volatile boolean poison;

        private final long limit;
        @SuppressWarnings("unchecked")
        private final java.util.ArrayDeque<Object>[] byKind = new java.util.ArrayDeque[5];
        // guarded by this
        private long bytes;
        private boolean freed;
        private long taken;
        private long given;

        Spares(long limit) {
            this.limit = limit;
            for (int k = 0; k < byKind.length; k++) {
                byKind[k] = new java.util.ArrayDeque<>();
            }
        }

        /** The spares of a scan at this heap: a few batches' arrays, never more than 1/16 of the heap. */
        static Spares forHeap(long maxMemory) {
            return new Spares(Math.min(64L << 20, maxMemory / 16));
        }

        static void poisonForTests(boolean on) {
            poison = on;
        }

        /** The kind of a column type's values array, or -1 (byte strings: offsets and lengths are INT). */
        static int kind(io.pqlab.schema.PhysicalType t) {
            return switch (t) {
                case BOOLEAN -> BOOLEAN;
                case INT32 -> INT;
                case INT64 -> LONG;
                case FLOAT -> FLOAT;
                case DOUBLE -> DOUBLE;
                default -> -1;
            };
        }

        static Object allocate(int kind, int n) {
            return switch (kind) {
                case BOOLEAN -> new boolean[n];
                case INT -> new int[n];
                case LONG -> new long[n];
                case FLOAT -> new float[n];
                default -> new double[n];
            };
        }

        private static int length(Object a) {
            return java.lang.reflect.Array.getLength(a);
        }

        private static long bytes(int kind, int length) {
            return (long) length * (kind == BOOLEAN ? 1 : kind == LONG || kind == DOUBLE ? 8 : 4);
        }

        /**
         * A spare of this kind of at least n entries and at most twice that (a small batch does not
         * pin a large array), newest first; or null.
         */
        synchronized Object take(int kind, int n) {
            if (n < MIN_POOLED) {
                return null;
            }
            for (java.util.Iterator<Object> it = byKind[kind].iterator(); it.hasNext(); ) {
                Object a = it.next();
                int len = length(a);
                if (len >= n && len / 2 <= n) {
                    it.remove();
                    bytes -= bytes(kind, len);
                    taken++;
                    return a;
                }
            }
            return null;
        }

        /** Gives back an array nothing reads any more (the caller's promise); null: nothing. */
        void give(int kind, Object a) {
            if (a == null) {
                return;
            }
            int len = length(a);
            if (len < MIN_POOLED) {
                return;
            }
            if (poison) {
                switch (kind) {
                    case BOOLEAN -> Arrays.fill((boolean[]) a, true);
                    case INT -> Arrays.fill((int[]) a, 0xA7A7A7A7);
                    case LONG -> Arrays.fill((long[]) a, 0xA7A7A7A7A7A7A7A7L);
                    case FLOAT -> Arrays.fill((float[]) a, Float.intBitsToFloat(0x7FA7A7A7));
                    default -> Arrays.fill((double[]) a, Double.longBitsToDouble(0x7FF7A7A7A7A7A7A7L));
                }
            }
            synchronized (this) {
                for (Object x : byKind[kind]) {
                    if (x == a) {
                        // two batches would then write one array: a wrong value, never to be risked
                        throw new IllegalStateException("a ColumnValues array of " + len + " entries given back twice");
                    }
                }
                long b = bytes(kind, len);
                if (freed || bytes + b > limit) {
                    return;
                }
                byKind[kind].push(a);
                bytes += b;
                given++;
            }
        }

        /** The scan is over: drops the spares, and any array given back later. */
        synchronized void free() {
            freed = true;
            for (java.util.ArrayDeque<Object> q : byKind) {
                q.clear();
            }
            bytes = 0;
        }

        /** Arrays taken from the spares and arrays kept as spares, so far (tests). */
        synchronized long[] counts() {
            return new long[] {taken, given};
        }
    }

    /** Values [v, v + k) of page p into rows [r, r + k). */
    private void copyValues(ColumnBatch p, int v, int r, int k) {
        switch (column.type()) {
            case BOOLEAN -> System.arraycopy(p.booleans(), v, booleans, r, k);
            case INT32 -> System.arraycopy(p.ints(), v, ints, r, k);
            case INT64 -> System.arraycopy(p.longs(), v, longs, r, k);
            case FLOAT -> System.arraycopy(p.floats(), v, floats, r, k);
            case DOUBLE -> System.arraycopy(p.doubles(), v, doubles, r, k);
            default -> {
                if (p.valuesInDictionary()) {
                    fromDictionary(p, v, r, k);
                    return;
                }
                Binaries b = p.binaries();
                if (v < 0 || v + k > b.size()) {
                    throw new IndexOutOfBoundsException("values " + v + "+" + k + " of " + b.size());
                }
                int[] from = b.offsets();
                int g = b.gap(); // 4 where the values are a view of a PLAIN page
                System.arraycopy(from, v, offsets, r, k);
                for (int j = 0; j < k; j++) {
                    lengths[r + j] = from[v + j + 1] - from[v + j] - g;
                }
            }
        }
    }

    /**
     * (loops) Values [v, v + k) of a dictionary-encoded page into rows [r, r + k) as offsets into
     * the dictionary's array: nothing of a row's bytes is copied (the indices were checked
     * against the dictionary's size by its decoder).
     */
    private void fromDictionary(ColumnBatch p, int v, int r, int k) {
        int[] idx = p.dictionaryIndices();
        if (v < 0 || v + k > p.valueCount()) {
            throw new IndexOutOfBoundsException("values " + v + "+" + k + " of " + p.valueCount());
        }
        Binaries dict = p.dictionary();
        int[] from = dict.offsets();
        int g = dict.gap();
        for (int j = 0; j < k; j++) {
            int x = idx[v + j];
            int o = from[x];
            offsets[r + j] = o;
            lengths[r + j] = from[x + 1] - o - g;
        }
    }

    /** The column and the batch's row count (the values are read through the getters). */
    @Override
    public String toString() {
        return "ColumnValues[" + column.dottedPath() + ", " + size + " rows]";
    }
}
