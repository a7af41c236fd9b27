package io.pqlab.scan;

import io.pqlab.internal.column.ColumnBatch;
import io.pqlab.schema.PhysicalType;
import io.pqlab.schema.ColumnDescriptor;
import java.util.List;

/**
 * Matching rows of one row group, in file order: their file row numbers and each returned
 * column's values. Values stay in the decoded pages' primitive arrays; nothing is copied per value.
 *
 * <p>Read a value with the typed getters, by column index (the order of {@link #columns()}) or by
 * dotted path, and check {@link #isNull} first for a nullable column:
 *
 * <pre>{@code
 * for (int i = 0; i < b.size(); i++) {
 *     long id = b.getLong("order_id", i);
 *     String country = b.isNull("country", i) ? null : b.getString("country", i);
 * }
 * }</pre>
 *
 * The getters follow the column's physical type: {@link #getInt} for INT32, {@link #getLong} for
 * INT32 and INT64, {@link #getFloat} for FLOAT, {@link #getDouble} for FLOAT and DOUBLE,
 * {@link #getBoolean} for BOOLEAN, {@link #getString} and {@link #getBinary} for BYTE_ARRAY and
 * FIXED_LEN_BYTE_ARRAY; {@link #text} gives any value in its logical type. A getter on a null value,
 * on the wrong type or on a repeated column throws an {@link IllegalStateException} saying so.
 *
 * <p>To read a whole column of the batch at once (primitive arrays by row, null flags, byte strings
 * as offsets and lengths into the decoded pages' arrays, nothing copied per value), use
 * {@link #values(int)}: the fast way for code that reads every value. A column inside a repeated
 * field is read with {@link #value} (assembled) or {@link #text}.
 *
 * <p>Not thread-safe: a batch makes its per-row arrays and its {@link ColumnValues} when first
 * asked, so one thread reads it at a time (hand it to another through a queue or a lock).
 *
 * <p>A batch stays valid as long as it is referenced. A consumer that copies what it needs out of
 * each batch may {@link #release()} it once done, so that the scan reuses the arrays it views.
 */
public final class RowBatch {
    private final int rowGroup;
    /** The rows' file row numbers, as runs of consecutive numbers (no per-row array: {@link RowNumbers}). */
    private final RowNumbers rowNumbers;
    private final List<ColumnDescriptor> columns;
    /** Per column: its rows as runs of pages (what the assembler made). */
    private final Runs[] runs;
    /** Per column, built from its runs when a per-row getter first needs them: */
    private final ColumnBatch[][] pages; // [column][row]
    private final int[][] start; // first entry of the row in its page
    private final int[][] end; // one past its last entry
    private final ColumnValues[] values;
    private java.util.Map<io.pqlab.schema.SchemaNode, io.pqlab.internal.assembly.FieldReader> readers;
    /** The file's schema, for a repeated column's value as its field ({@link #text}); null where not given. */
    private io.pqlab.schema.Schema schema;
    /** Per column: the reader of its pruned top-level field, made when first asked. */
    private io.pqlab.internal.assembly.FieldReader[] leafFields;

    /** (reuse) The page buffers this batch holds a reference to, shared with its {@link #head}s. */
    private final Held held;

    /** A batch just assembled from the scan's pages: it takes a reference to each leased page it holds. */
    RowBatch(int rowGroup, RowNumbers rowNumbers, List<ColumnDescriptor> columns, Runs[] runs) {
        this(rowGroup, rowNumbers, columns, runs, Held.of(runs));
    }

    /** A batch of these row numbers, one run each (tests). */
    RowBatch(int rowGroup, long[] rowNumbers, List<ColumnDescriptor> columns, Runs[] runs) {
        this(rowGroup, RowNumbers.of(rowNumbers), columns, runs);
    }

    private RowBatch(int rowGroup, RowNumbers rowNumbers, List<ColumnDescriptor> columns, Runs[] runs, Held held) {
        this.held = held;
        this.rowGroup = rowGroup;
        this.rowNumbers = rowNumbers;
        this.columns = columns;
        this.runs = runs;
        int n = columns.size();
        this.pages = new ColumnBatch[n][];
        this.start = new int[n][];
        this.end = new int[n][];
        this.values = new ColumnValues[n];
    }

    /** Column c's rows as runs of pages (the scanner counts the pages a queued batch holds). */
    Runs runs(int c) {
        return runs[c];
    }

    /** Column c's per-row page and entries, derived from its runs the first time a row getter needs them. */
    private void rows(int c) {
        if (pages[c] != null) {
            if (held.released) {
                throw released();
            }
            return;
        }
        live();
        Runs r = runs[c];
        int n = rowNumbers.size();
        ColumnBatch[] pg = new ColumnBatch[n];
        int[] st = new int[n];
        int[] en = new int[n];
        for (int s = 0; s < r.size(); s++) {
            ColumnBatch b = r.page(s);
            int row = r.row(s);
            int k = r.count(s);
            int kth = r.kth(s);
            java.util.Arrays.fill(pg, row, row + k, b);
            if (b.repetitionLevels() == null) {
                for (int j = 0; j < k; j++) {
                    st[row + j] = kth + j;
                    en[row + j] = kth + j + 1;
                }
            } else {
                for (int j = 0; j < k; j++) {
                    st[row + j] = b.rowStart(kth + j);
                    en[row + j] = b.rowStart(kth + j + 1);
                }
            }
        }
        start[c] = st;
        end[c] = en;
        pages[c] = pg; // last: the guard above
    }

    /**
     * (par) This batch with each column's rows copied out of their pages into a page of their own
     * ({@link io.pqlab.internal.column.PageRows}), so that it holds its rows, not the pages they lie in:
     * for a batch queued on a scan's pool whose rows are a small part of its pages
     * ({@link PooledRows}). This batch itself where a column is repeated. The values, nulls and
     * row numbers are the same; the per-row arrays and {@link ColumnValues} are made afresh.
     */
    RowBatch compact() {
        for (ColumnDescriptor d : columns) {
            if (d.maxRepetitionLevel() > 0) {
                return this;
            }
        }
        Runs[] out = new Runs[runs.length];
        java.util.Map<Runs, Runs> copied = new java.util.IdentityHashMap<>(); // a column returned twice shares its runs
        for (int c = 0; c < runs.length; c++) {
            Runs r = runs[c];
            Runs done = copied.get(r);
            if (done == null) {
                int n = r.size();
                ColumnBatch[] p = new ColumnBatch[n];
                int[] from = new int[n];
                int[] count = new int[n];
                for (int s = 0; s < n; s++) {
                    p[s] = r.page(s);
                    from[s] = r.kth(s);
                    count[s] = r.count(s);
                }
                done = new Runs();
                if (n > 0) {
                    done.add(io.pqlab.internal.column.PageRows.copy(p, from, count, n), 0, r.rows());
                }
                copied.put(r, done);
            }
            out[c] = done;
        }
        RowBatch copy = new RowBatch(rowGroup, rowNumbers, columns, out, held.copied()).in(schema);
        held.drop(false); // (reuse) the copy shares no array with the pages: this batch is not handed out
        return copy;
    }

    /** The batch, knowing the file's schema (the scanner gives it; a repeated column's value needs it). */
    RowBatch in(io.pqlab.schema.Schema s) {
        this.schema = s;
        return this;
    }

    /**
     * (reuse) The batch, its {@link ColumnValues} taking their arrays from the scan's spares and
     * giving them back when it (or a head of it) is released. The scanner sets it on the batch it
     * hands out, on the consumer's thread; a batch without it makes new arrays, as before.
     */
    RowBatch reusing(ColumnValues.Spares s) {
        held.spares = s;
        return this;
    }

    public int rowGroup() {
        return rowGroup;
    }

    /** The number of rows. */
    public int size() {
        return rowNumbers.size();
    }

    /**
     * The first {@code n} rows (this batch where it has no more): what a scan of several files
     * returns of the batch that reaches its limit. The pages are shared, not copied.
     */
    public RowBatch head(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("a negative row count: " + n);
        }
        live();
        if (n >= size()) {
            return this;
        }
        Runs[] r = new Runs[runs.length];
        for (int c = 0; c < runs.length; c++) {
            r[c] = runs[c].head(n);
        }
        // (reuse) the head holds this batch's references: releasing either releases both
        return new RowBatch(rowGroup, rowNumbers.head(n), columns, r, held).in(schema);
    }

    /**
     * Says the caller is done with this batch, so that the scan may reuse the arrays it views
     * (optional: a batch never released stays valid forever, as it always did). After it, this
     * batch and everything read from it without a copy are invalid: the {@link ColumnValues} it
     * gave (their byte arrays, offsets and lengths point into the decoded pages), and any
     * {@link #head} of it or batch it is a head of (they share
     * its pages: releasing either releases both). Reading this batch again throws an
     * {@link IllegalStateException}; what was read into values of the caller's own (a {@code long},
     * a {@code String}, a {@link #getBinary} copy, an Arrow vector filled from it) stays valid.
     * Releasing twice does nothing.
     *
     * <p>What is reused today: the decompressed buffer of a PLAIN-encoded string page, which the
     * batch's strings view instead of copying them (on DuckDB's 10M-row file 1.15 GB of fresh,
     * zeroed arrays a full scan). Such a buffer goes back to the scan's spare arrays once every
     * batch that holds rows of its page has been released and the scan has made the last batch
     * that can hold the page; from then on the scan's next such pages are decompressed into the
     * spares. Batches made ahead, queued on the scan's pool, or held unreleased by the caller keep
     * their pages, however many batches later ones are released. And the arrays of the
     * {@link ColumnValues} this batch and its heads made (numbers, null flags, offsets and
     * lengths): they go back to the scan at once, and a later batch's {@code values} fills them
     * (a full scan's {@code long[65536]} per INT64 column and batch, otherwise a new humongous G1
     * region each). Release from the thread that reads the batch (any thread may, one at a time).
     */
    public void release() {
        held.drop(true);
    }

    private void live() {
        if (held.released) {
            throw released();
        }
    }

    private IllegalStateException released() {
        return new IllegalStateException("this batch was released (RowBatch.release): its values may have been"
                + " overwritten by later pages");
    }

    /** (reuse) The leased pages a batch holds, taken once and released once (by the batch or any head of it). */
    private static final class Held {
        private static final io.pqlab.internal.column.PageLease[] NO_LEASES = {};

        private final io.pqlab.internal.column.PageLease[] leases;
        /**
         * A compacted copy's: tells the scan its consumer releases batches ({@code AheadBudget.viewArray});
         * else null. Without it a scan whose batches are all compacted (a sparse one on a pool) would
         * never learn it, and its viewed pages would never take spares. It reaches the scan's budget
         * only, never a lease: a lease holds its page's buffer, which a queued or kept copy must not
         * pin (the copy is weighed by its rows, PooledRows).
         */
        private final Runnable signal;
        private volatile boolean released;
        /** (reuse) The scan's spare ColumnValues arrays, or null (a batch not handed out by a scanner). */
        private volatile ColumnValues.Spares spares;
        /** (reuse) The ColumnValues this batch and its heads made, whose arrays go back to the spares on release. */
        private ColumnValues[] made;
        private int madeCount;

        private Held(io.pqlab.internal.column.PageLease[] leases) {
            this(leases, null);
        }

        private Held(io.pqlab.internal.column.PageLease[] leases, Runnable signal) {
            this.leases = leases;
            this.signal = signal;
        }

        /** The Held of a compacted copy of this batch: no page, the signal only. */
        Held copied() {
            return new Held(NO_LEASES, leases.length > 0 ? leases[0].consumerSignal() : signal);
        }

        /**
         * A reference to each leased page of the runs (once per page, a column returned twice
         * included); and for a page whose last row is in them, the scan's own reference dropped:
         * rows are assembled in order, so no later batch can hold that page.
         */
        static Held of(Runs[] runs) {
            io.pqlab.internal.column.PageLease[] out = null;
            int n = 0;
            for (int c = 0; c < runs.length; c++) {
                Runs r = runs[c];
                for (int s = 0; s < r.size(); s++) {
                    ColumnBatch p = r.page(s);
                    io.pqlab.internal.column.PageLease l = p.lease();
                    if (l == null) {
                        continue;
                    }
                    if (out == null) {
                        out = new io.pqlab.internal.column.PageLease[4];
                    }
                    if (!contains(out, n, l)) {
                        if (n == out.length) {
                            out = java.util.Arrays.copyOf(out, 2 * n);
                        }
                        out[n++] = l;
                        l.retain();
                    }
                    // a lease is only on a flat column's page: its k-th row is its k-th entry
                    if (r.kth(s) + r.count(s) == p.rowCount()) {
                        l.seal();
                    }
                }
            }
            return new Held(out == null ? NO_LEASES : java.util.Arrays.copyOf(out, n));
        }

        private static boolean contains(io.pqlab.internal.column.PageLease[] a, int n, io.pqlab.internal.column.PageLease l) {
            for (int i = 0; i < n; i++) {
                if (a[i] == l) {
                    return true;
                }
            }
            return false;
        }

        /** Records a ColumnValues made from these pages (its arrays given back, its getters closed, on release); false if released. */
        synchronized boolean made(ColumnValues v) {
            if (released) {
                return false;
            }
            // (recorded with no spares too: its arrays go to the GC, but it must refuse reads once released)
            if (made == null) {
                made = new ColumnValues[4];
            } else if (madeCount == made.length) {
                made = java.util.Arrays.copyOf(made, 2 * madeCount);
            }
            made[madeCount++] = v;
            return true;
        }

        synchronized void drop(boolean byConsumer) {
            if (released) {
                return;
            }
            released = true;
            for (io.pqlab.internal.column.PageLease l : leases) {
                l.release(byConsumer);
            }
            if (byConsumer) {
                for (int i = 0; i < madeCount; i++) {
                    made[i].giveBack(); // the caller's promise: nothing reads them any more
                }
            }
            made = null;
            if (byConsumer && signal != null) {
                signal.run();
            }
        }
    }

    /** The file row number (0-based, across row groups) of row i. */
    public long rowNumber(int i) {
        return rowNumbers.get(i);
    }

    /**
     * (arrays) A batch's file row numbers as runs of consecutive numbers: batch rows [at(s), at(s+1))
     * are file rows first(s), first(s) + 1, ... What the assembler adds run by run; a full scan's
     * batch is one run, where a {@code long[]} per batch was 512 KiB, a humongous G1 region a
     * batch (bench/profiles/heap-1thread.txt). Immutable once built: shared by a batch, its heads
     * and its compacted copy.
     */
    static final class RowNumbers {
        private long[] first = new long[4];
        private int[] at = new int[4];
        private int runs;
        private int size;

        static RowNumbers of(long... numbers) {
            RowNumbers r = new RowNumbers();
            for (long n : numbers) {
                r.add(n, 1);
            }
            return r;
        }

        /** Appends k rows numbered from {@code from} (joined to the last run where they follow on). */
        void add(long from, int k) {
            if (k <= 0) {
                return;
            }
            if (runs > 0 && first[runs - 1] + (size - at[runs - 1]) == from) {
                size += k;
                return;
            }
            if (runs == first.length) {
                first = java.util.Arrays.copyOf(first, 2 * runs);
                at = java.util.Arrays.copyOf(at, 2 * runs);
            }
            first[runs] = from;
            at[runs] = size;
            runs++;
            size += k;
        }

        int size() {
            return size;
        }

        /** Runs of consecutive numbers (tests). */
        int runs() {
            return runs;
        }

        long get(int i) {
            if (i < 0 || i >= size) {
                throw new ArrayIndexOutOfBoundsException("Index " + i + " out of bounds for length " + size);
            }
            // the last run starting at or before i (one run in a full scan: no search)
            int lo = 0;
            int hi = runs - 1;
            while (lo < hi) {
                int mid = (lo + hi + 1) >>> 1;
                if (at[mid] <= i) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            return first[lo] + (i - at[lo]);
        }

        /** The first n numbers (n at most {@link #size()}). */
        RowNumbers head(int n) {
            RowNumbers h = new RowNumbers();
            for (int s = 0; s < runs && at[s] < n; s++) {
                int end = s + 1 < runs ? at[s + 1] : size;
                h.add(first[s], Math.min(end, n) - at[s]);
            }
            return h;
        }
    }

    public List<ColumnDescriptor> columns() {
        return columns;
    }

    /** The index in {@link #columns()} of the column with this dotted path (the first, if returned twice). */
    public int column(String dottedPath) {
        for (int c = 0; c < columns.size(); c++) {
            if (columns.get(c).dottedPath().equals(dottedPath)) {
                return c;
            }
        }
        throw new IllegalArgumentException("column \"" + dottedPath + "\" is not returned by this scan; it returns "
                + String.join(", ", columns.stream().map(ColumnDescriptor::dottedPath).toList()));
    }

    // ---- columnar values ----------------------------------------------------------------------

    /**
     * Column c's values by row, for reading a whole column of the batch at once: primitive arrays,
     * null flags, and byte strings as offsets and lengths into the decoded pages' arrays
     * ({@link ColumnValues}). Made once per batch and column; a flat column only.
     *
     * @throws IllegalStateException if the column is inside a repeated field
     */
    public ColumnValues values(int c) {
        live();
        ColumnValues v = values[c];
        if (v == null) {
            v = ColumnValues.of(columns.get(c), runs[c], held.spares);
            if (!held.made(v)) {
                throw released(); // released meanwhile on another thread: its arrays are not given back
            }
            values[c] = v;
        }
        return v;
    }

    /** {@link #values(int)} of the column with this dotted path. */
    public ColumnValues values(String column) {
        return values(column(column));
    }

    // ---- typed values -------------------------------------------------------------------------

    /** Whether row i's value of a flat column is null. */
    public boolean isNull(String column, int i) {
        return isNull(column(column), i);
    }

    public int getInt(int c, int i) {
        ColumnBatch b = value(c, i, PhysicalType.INT32);
        return b.getInt(b.valueIndex(start[c][i]));
    }

    public int getInt(String column, int i) {
        return getInt(column(column), i);
    }

    /** An INT64 value, or an INT32 value widened. */
    public long getLong(int c, int i) {
        ColumnBatch b = value(c, i, PhysicalType.INT64, PhysicalType.INT32);
        int v = b.valueIndex(start[c][i]);
        return b.column().type() == PhysicalType.INT32 ? b.getInt(v) : b.getLong(v);
    }

    public long getLong(String column, int i) {
        return getLong(column(column), i);
    }

    public float getFloat(int c, int i) {
        ColumnBatch b = value(c, i, PhysicalType.FLOAT);
        return b.getFloat(b.valueIndex(start[c][i]));
    }

    public float getFloat(String column, int i) {
        return getFloat(column(column), i);
    }

    /** A DOUBLE value, or a FLOAT value widened. */
    public double getDouble(int c, int i) {
        ColumnBatch b = value(c, i, PhysicalType.DOUBLE, PhysicalType.FLOAT);
        int v = b.valueIndex(start[c][i]);
        return b.column().type() == PhysicalType.FLOAT ? b.getFloat(v) : b.getDouble(v);
    }

    public double getDouble(String column, int i) {
        return getDouble(column(column), i);
    }

    public boolean getBoolean(int c, int i) {
        ColumnBatch b = value(c, i, PhysicalType.BOOLEAN);
        return b.getBoolean(b.valueIndex(start[c][i]));
    }

    public boolean getBoolean(String column, int i) {
        return getBoolean(column(column), i);
    }

    /** A BYTE_ARRAY or FIXED_LEN_BYTE_ARRAY value's bytes, decoded as UTF-8. */
    public String getString(int c, int i) {
        ColumnBatch b = value(c, i, PhysicalType.BYTE_ARRAY, PhysicalType.FIXED_LEN_BYTE_ARRAY);
        return b.binaries().string(b.valueIndex(start[c][i]));
    }

    public String getString(String column, int i) {
        return getString(column(column), i);
    }

    /** A BYTE_ARRAY or FIXED_LEN_BYTE_ARRAY value's bytes (a copy). */
    public byte[] getBinary(int c, int i) {
        ColumnBatch b = value(c, i, PhysicalType.BYTE_ARRAY, PhysicalType.FIXED_LEN_BYTE_ARRAY);
        return b.binaries().get(b.valueIndex(start[c][i]));
    }

    public byte[] getBinary(String column, int i) {
        return getBinary(column(column), i);
    }

    /** Row i's value of column c as text in its logical type ("null" for null). */
    public String text(String column, int i) {
        return text(column(column), i);
    }

    /** The page of a flat, non-null value of one of these types; else a message that says what is wrong. */
    private ColumnBatch value(int c, int i, PhysicalType... types) {
        rows(c);
        ColumnBatch b = pages[c][i];
        ColumnDescriptor d = columns.get(c);
        if (d.maxRepetitionLevel() > 0) {
            throw new IllegalStateException("column \"" + d.dottedPath() + "\" is repeated: a row holds a list;"
                    + " read it with value(node, row) or text()");
        }
        if (!java.util.List.of(types).contains(d.type())) {
            throw new IllegalStateException("column \"" + d.dottedPath() + "\" is " + d.type()
                    + ", not " + java.util.List.of(types).get(0) + ": use the getter of its type");
        }
        if (b.isNull(start[c][i])) {
            throw new IllegalStateException("row " + i + " of column \"" + d.dottedPath()
                    + "\" is null: check isNull first");
        }
        return b;
    }

    // ---- low level ----------------------------------------------------------------------------

    static {
        io.pqlab.internal.assembly.RowPages.install(new io.pqlab.internal.assembly.RowPages.Access() {
            @Override
            public ColumnBatch page(RowBatch b, int c, int i) {
                return b.page(c, i);
            }

            @Override
            public int firstEntry(RowBatch b, int c, int i) {
                return b.firstEntry(c, i);
            }

            @Override
            public int endEntry(RowBatch b, int c, int i) {
                return b.endEntry(c, i);
            }
        });
    }

    /** The page holding row i of column c (outside this package: {@code internal.assembly.RowPages}). */
    ColumnBatch page(int c, int i) {
        rows(c);
        return pages[c][i];
    }

    /** The first entry of row i of column c in its page. */
    int firstEntry(int c, int i) {
        rows(c);
        return start[c][i];
    }

    /** One past the last entry of row i of column c in its page. */
    int endEntry(int c, int i) {
        rows(c);
        return end[c][i];
    }

    /** Whether row i's value of a flat column c is null. */
    public boolean isNull(int c, int i) {
        rows(c);
        return pages[c][i].isNull(start[c][i]);
    }

    /**
     * Row i's value of column c as PLAIN bytes, or null; for a flat column only (a repeated column's
     * row holds several entries: use {@link #value} or {@link #text}).
     */
    public byte[] plain(int c, int i) {
        rows(c);
        ColumnBatch b = pages[c][i];
        int v = b.valueIndex(start[c][i]);
        return v < 0 ? null : b.plain(v);
    }

    /**
     * Row i's value of column c as text in its logical type ("null" for null). For a column inside
     * a repeated field (a row holds many of its values): its top-level field pruned to this column
     * (and a map's keys), as JSON, with every null and all structure kept, exactly as {@code pqlab
     * scan --select COLUMN} prints it in csv and jsonl: for {@code pts.list.element.x} of
     * {@code pts list<struct<x, y>>}, {@code [{"x": null}, null]}.
     */
    public String text(int c, int i) {
        return render(c, i, false);
    }

    /** Row i's value of column c as a JSON value (a repeated column: as {@link #text(int, int)} says). */
    public String json(int c, int i) {
        return render(c, i, true);
    }

    private String render(int c, int i, boolean json) {
        rows(c);
        ColumnBatch b = pages[c][i];
        int s = start[c][i];
        int e = end[c][i];
        if (b.column().maxRepetitionLevel() == 0) {
            return json ? b.jsonEntry(s) : nullText(b.formatEntry(s));
        }
        io.pqlab.internal.assembly.FieldReader field = leafField(c);
        if (field != null) {
            return io.pqlab.internal.assembly.NestedJson.json(field.read(this, i), field.shape());
        }
        return leafList(b, s, e, json);
    }

    /** Column c's pruned top-level field, or null where the schema is not known or a map's keys are not read. */
    private io.pqlab.internal.assembly.FieldReader leafField(int c) {
        if (schema == null) {
            return null;
        }
        if (leafFields == null) {
            leafFields = new io.pqlab.internal.assembly.FieldReader[columns.size()];
        }
        if (leafFields[c] == null) {
            List<io.pqlab.internal.assembly.OutputFields.Field> f =
                    io.pqlab.internal.assembly.OutputFields.of(schema, List.of(columns.get(c)));
            if (f.size() != 1 || !(f.get(0) instanceof io.pqlab.internal.assembly.OutputFields.Nested n)) {
                return null;
            }
            try {
                leafFields[c] = io.pqlab.internal.assembly.FieldReader.of(n.name(), n.shape(), columns,
                        io.pqlab.internal.assembly.JsonToken::forColumn);
            } catch (IllegalArgumentException notRead) {
                return null; // a map value without its keys
            }
        }
        return leafFields[c];
    }

    /** The old rendering, where the field cannot be assembled: the row's leaf values as a list. */
    private static String leafList(ColumnBatch b, int s, int e, boolean json) {
        // A repeated leaf: the row's elements as a list. An entry below the element's level is an
        // empty or null list (or a null ancestor), which adds no element.
        int maxDef = b.column().maxDefinitionLevel();
        if (e - s == 1 && b.definitionLevel(s) == 0 && maxDef > 0) {
            return "null";
        }
        StringBuilder out = new StringBuilder("[");
        boolean first = true;
        boolean optionalLeaf = b.column().element().repetition() == io.pqlab.schema.Repetition.OPTIONAL;
        for (int k = s; k < e; k++) {
            int d = b.definitionLevel(k);
            boolean element = d == maxDef || (optionalLeaf && d == maxDef - 1);
            if (!element) {
                continue;
            }
            if (!first) {
                out.append(", ");
            }
            first = false;
            out.append(json ? b.jsonEntry(k) : nullText(b.formatEntry(k)));
        }
        return out.append(']').toString();
    }

    /**
     * Row i's value of a schema node, assembled from its columns' levels: a top-level field, or any
     * group or leaf with no repeated field above it (a leaf in a list has many values per row: ask
     * for the list). Null, a leaf value or a {@link NestedValue}, as {@link NestedValue} documents;
     * every leaf of the node must be among {@link #columns()}.
     *
     * @throws IllegalArgumentException if the node lies inside a repeated field or a leaf is not read
     * @throws io.pqlab.MalformedFileException if the row's levels contradict each other
     */
    public Object value(io.pqlab.schema.SchemaNode node, int i) {
        live();
        if (readers == null) {
            readers = new java.util.IdentityHashMap<>();
        }
        io.pqlab.internal.assembly.FieldReader r = readers.get(node);
        if (r == null) {
            r = io.pqlab.internal.assembly.FieldReader.of(node, columns, io.pqlab.internal.assembly.JavaValues::of);
            readers.put(node, r);
        }
        return r.read(this, i);
    }

    private static String nullText(String s) {
        return s == null ? "null" : s;
    }

    /** The row group, the row count and the columns (the values are read through the getters). */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("RowBatch[row group ").append(rowGroup).append(", ").append(size())
                .append(" rows, columns");
        for (ColumnDescriptor c : columns) {
            b.append(' ').append(c.dottedPath());
        }
        return b.append(']').toString();
    }
}
