package io.pqlab.internal.column;

import io.pqlab.internal.encoding.Binaries;
import io.pqlab.schema.PhysicalType;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.internal.values.ColumnType;
import io.pqlab.internal.values.ValueFormat;

/**
 * One decoded data page of a column chunk: its level entries and its non-null values.
 *
 * <p>Entries are the page's num_values level entries, nulls included; entry {@code e} is null when
 * its definition level is below the column's maximum. Values are only the non-null entries, in
 * order, in one primitive array of the physical type (or one {@link Binaries} for BYTE_ARRAY,
 * FIXED_LEN_BYTE_ARRAY and INT96, the last as 12-byte values): {@link #valueIndex} maps an entry to
 * its value. Arrays may be longer than the counts; only the first {@link #entryCount()} levels and
 * {@link #valueCount()} values are meaningful.
 *
 * <p>Rows: {@link #firstRow()} is the row (within the row group) of the first row that starts in
 * this page, and {@link #rowCount()} how many rows start in it. In a column without repetition each
 * entry is a row. In a repeated column a row starts at each entry whose repetition level is 0;
 * {@link #rowStart(int)} gives those entries. Where a page does not start at a row boundary
 * (allowed only for v1 pages of a chunk without an OffsetIndex), {@link #continuesRow()} is true
 * and entries [0, rowStart(0)) belong to row firstRow - 1, begun in an earlier page.
 *
 * <p>A batch from a reader opened with {@code reuseBatches} is valid until that reader's next call;
 * otherwise it is the caller's to keep. Not thread-safe, except that {@link #binaries()} may be
 * called from several threads (it gathers a dictionary page's values once, under a lock).
 */
public final class ColumnBatch {
    final ColumnDescriptor column;
    final ColumnType type;
    final PhysicalType physical;
    final int maxDef;
    final int maxRep;

    int pageIndex;
    long pageOffset;
    int pageLength;
    int pageType;
    int encoding;
    long firstRow;
    int rowCount;
    boolean continuesRow;
    int entryCount;
    int[] def;
    int[] rep;
    int valueCount;
    /** Every entry holds a value (no nulls, or no definition levels): {@link #valueIndex} is the identity. */
    boolean allDefined;
    boolean[] booleans;
    int[] ints;
    long[] longs;
    float[] floats;
    double[] doubles;
    /**
     * The values; null for a dictionary-encoded page of byte arrays not gathered yet (then
     * {@link #binaries()} gathers them into {@link #gathered} on first call).
     */
    Binaries binaries;
    /**
     * A dictionary-encoded page of byte arrays: value v is entry {@code dictIndices[v]} of
     * {@code dictionary}; else null. Lets a condition be judged once per dictionary entry and
     * {@code ColumnValues} point into the dictionary without copying a row's bytes.
     */
    int[] dictIndices;
    Binaries dictionary;
    /**
     * The bytes the values take once gathered (dictionary pages: the sum of their lengths, checked
     * against the page limit by the reader); -1 where {@link #binaries} holds them already.
     */
    long gatherBytes = -1;
    /**
     * (loops) The dictionary page's values gathered on the first {@link #binaries()}: volatile and
     * gathered under this batch's lock, because a page shared by two row batches may be read by the
     * consumer and by a pool thread evaluating the next batch's condition at once.
     */
    private volatile Binaries gathered;
    /**
     * (reuse, pages) A flat column's page read by a scan: its typed arrays and the decompressed
     * buffer {@link #binaries} may view (a PLAIN string page), counted by the batches that hold
     * this page; null where nothing of the page goes back to the scan's spares (a repeated column,
     * a reader without the scan's spares, a reused batch, a joined or compacted copy).
     */
    PageLease lease;

    /**
     * Lazily built: value index of each entry (-1 for null), and entries where rows start. The
     * value index is built under this batch's lock (volatile, as {@link #gathered}): a page shared
     * by two row batches may be read by the consumer and a pool thread at once.
     */
    private volatile int[] valueIndexOf;
    private volatile boolean valueIndexBuilt;
    private int[] rowStarts;
    private boolean rowStartsBuilt;

    ColumnBatch(ColumnDescriptor column, ColumnType type) {
        this.column = column;
        this.type = type;
        this.physical = column.type();
        this.maxDef = column.maxDefinitionLevel();
        this.maxRep = column.maxRepetitionLevel();
    }

    /** Forgets derived indexes; the reader calls it before refilling a reused batch. */
    void reset() {
        dictIndices = null;
        dictionary = null;
        gatherBytes = -1;
        gathered = null;
        lease = null;
        valueIndexBuilt = false;
        rowStartsBuilt = false;
    }

    /** (reuse) The lease on this page's arrays, or null (see {@link PageLease}). */
    public PageLease lease() {
        return lease;
    }

    public ColumnDescriptor column() {
        return column;
    }

    public ColumnType type() {
        return type;
    }

    /** The data page's position among the chunk's data pages (the OffsetIndex's numbering). */
    public int pageIndex() {
        return pageIndex;
    }

    /** Where the page (its header) starts in the file. */
    public long pageOffset() {
        return pageOffset;
    }

    /** The page's size in the file, header and stored body: an OffsetIndex's compressed_page_size. */
    public int pageLength() {
        return pageLength;
    }

    /** Whether it was a v2 data page. */
    public boolean isV2() {
        return pageType == io.pqlab.internal.format.PageHeader.DATA_PAGE_V2;
    }

    /** The values' encoding (parquet.thrift Encoding id). */
    public int encoding() {
        return encoding;
    }

    /** The row group row of the first row starting in this page. */
    public long firstRow() {
        return firstRow;
    }

    /** Rows that start in this page. */
    public int rowCount() {
        return rowCount;
    }

    /** Whether the first entries continue a row begun in an earlier page. */
    public boolean continuesRow() {
        return continuesRow;
    }

    /** Level entries (the page's num_values, nulls included). */
    public int entryCount() {
        return entryCount;
    }

    /**
     * Definition levels, or null when every entry is defined: the column's maximum is 0, or the
     * page has no nulls and its levels were one run of the maximum, not filled (then {@link
     * #entriesAreValues()}; {@link #definitionLevel} gives the maximum).
     */
    public int[] definitionLevels() {
        return def;
    }

    /** Repetition levels, or null when the column's maximum is 0. */
    public int[] repetitionLevels() {
        return rep;
    }

    public int definitionLevel(int entry) {
        checkEntry(entry);
        return def == null ? maxDef : def[entry]; // null: a required column (0), or no nulls in the page
    }

    public int repetitionLevel(int entry) {
        checkEntry(entry);
        return rep == null ? 0 : rep[entry];
    }

    /** Non-null values. */
    public int valueCount() {
        return valueCount;
    }

    /** Whether the entry holds no value (its definition level is below the maximum). */
    /** Whether entry e is value e for every entry: a column without definition levels, or a page without nulls. */
    public boolean entriesAreValues() {
        return def == null || allDefined;
    }

    public boolean isNull(int entry) {
        checkEntry(entry);
        return !allDefined && def != null && def[entry] < maxDef;
    }

    /** The index of the entry's value, or -1 when the entry is null. */
    public int valueIndex(int entry) {
        checkEntry(entry);
        if (def == null || allDefined) {
            return entry;
        }
        return valueIndexes()[entry];
    }

    /**
     * Each entry's value index, -1 for a null ({@link #valueIndex} for every entry at once; the
     * array may be longer than {@link #entryCount()}): for loops over a page with nulls. Only
     * for a page whose entries are not all values ({@link #entriesAreValues()} false).
     */
    public int[] valueIndexes() {
        if (def == null || allDefined) {
            throw new IllegalStateException("every entry is a value");
        }
        if (!valueIndexBuilt) {
            buildValueIndexes();
        }
        return valueIndexOf;
    }

    private synchronized void buildValueIndexes() {
        if (valueIndexBuilt) {
            return;
        }
        int[] vi = valueIndexOf;
        if (vi == null || vi.length < entryCount) {
            // (pages) a leased page's index goes back with its other arrays
            vi = lease != null ? lease.spares().ints(entryCount) : new int[entryCount];
        }
        int v = 0;
        for (int e = 0; e < entryCount; e++) {
            vi[e] = def[e] == maxDef ? v++ : -1;
        }
        valueIndexOf = vi;
        valueIndexBuilt = true;
    }

    /**
     * (pages) The lease's last release: this page's typed arrays (and its strings' offsets) to the scan's spares (nothing
     * reads the page any more; see {@link PageLease}). Each array is this page's alone: a leased
     * page's arrays are made for it or taken from the spares, never a reader's reused ones.
     */
    void giveBackArrays(AheadBudget spares) {
        spares.recycleTyped(booleans);
        spares.recycleTyped(ints);
        spares.recycleTyped(longs);
        spares.recycleTyped(floats);
        spares.recycleTyped(doubles);
        spares.recycleTyped(def);
        spares.recycleTyped(dictIndices);
        spares.recycleTyped(valueIndexOf);
        if (binaries != null) {
            // this page's own (never the dictionary's: a dictionary page's values are gathered apart)
            spares.recycleTyped(binaries.offsets());
        }
    }

    /**
     * The entry at which the k-th row starting in this page begins, for k in [0, rowCount];
     * rowStart(rowCount) is entryCount. Row firstRow + k spans [rowStart(k), rowStart(k + 1)).
     */
    public int rowStart(int k) {
        if (k < 0 || k > rowCount) {
            throw new IndexOutOfBoundsException("row " + k + " of " + rowCount);
        }
        if (k == rowCount) {
            return entryCount;
        }
        if (rep == null) {
            return k;
        }
        if (!rowStartsBuilt) {
            if (rowStarts == null || rowStarts.length < rowCount) {
                rowStarts = new int[rowCount];
            }
            int r = 0;
            for (int e = 0; e < entryCount; e++) {
                if (rep[e] == 0) {
                    rowStarts[r++] = e;
                }
            }
            rowStartsBuilt = true;
        }
        return rowStarts[k];
    }

    /**
     * Consecutive decoded pages of one column chunk as one batch: their entries and values in
     * order, the rows of the first page and of those after it. For a row that begins in one page
     * and continues in the next ones (v1 pages may split a row), so that the row's entries lie in
     * one batch. Each page after the first must continue a row; the result keeps the first page's
     * position and is the caller's to keep.
     */
    public static ColumnBatch join(java.util.List<ColumnBatch> pages) {
        if (pages.isEmpty()) {
            throw new IllegalArgumentException("no pages to join");
        }
        ColumnBatch first = pages.get(0);
        long entries = 0;
        long values = 0;
        long bytes = 0;
        int rows = 0;
        for (int i = 0; i < pages.size(); i++) {
            ColumnBatch p = pages.get(i);
            if (p.column != first.column || (i > 0 && !p.continuesRow)) {
                throw new IllegalArgumentException("only consecutive pages of one chunk, each continuing a row, join: "
                        + pages);
            }
            entries += p.entryCount;
            values += p.valueCount;
            rows += p.rowCount;
            Binaries pb = p.binaries();
            bytes += pb == null ? 0 : pb.byteSize();
        }
        if (entries > Integer.MAX_VALUE - 16 || bytes > Binaries.MAX_BYTES) {
            throw new IllegalArgumentException("pages too large to join: " + entries + " entries, " + bytes + " bytes");
        }
        ColumnBatch b = new ColumnBatch(first.column, first.type);
        b.pageIndex = first.pageIndex;
        b.pageOffset = first.pageOffset;
        b.pageLength = first.pageLength;
        b.pageType = first.pageType;
        b.encoding = first.encoding;
        b.firstRow = first.firstRow;
        b.rowCount = rows;
        b.continuesRow = first.continuesRow;
        b.entryCount = (int) entries;
        b.valueCount = (int) values;
        b.allDefined = b.entryCount == b.valueCount;
        // a part without levels of its own has every entry defined (see definitionLevels)
        b.def = b.allDefined ? null : new int[b.entryCount];
        b.rep = first.rep == null ? null : new int[b.entryCount];
        switch (first.physical) {
            case BOOLEAN -> b.booleans = new boolean[b.valueCount];
            case INT32 -> b.ints = new int[b.valueCount];
            case INT64 -> b.longs = new long[b.valueCount];
            case FLOAT -> b.floats = new float[b.valueCount];
            case DOUBLE -> b.doubles = new double[b.valueCount];
            default -> {
                b.binaries = new Binaries(b.valueCount, 0);
                b.binaries.reserve(b.valueCount, bytes);
            }
        }
        int e = 0;
        int v = 0;
        for (ColumnBatch p : pages) {
            if (b.def != null && p.def != null) {
                System.arraycopy(p.def, 0, b.def, e, p.entryCount);
            } else if (b.def != null) {
                java.util.Arrays.fill(b.def, e, e + p.entryCount, p.maxDef);
            }
            if (b.rep != null) {
                System.arraycopy(p.rep, 0, b.rep, e, p.entryCount);
            }
            switch (first.physical) {
                case BOOLEAN -> System.arraycopy(p.booleans, 0, b.booleans, v, p.valueCount);
                case INT32 -> System.arraycopy(p.ints, 0, b.ints, v, p.valueCount);
                case INT64 -> System.arraycopy(p.longs, 0, b.longs, v, p.valueCount);
                case FLOAT -> System.arraycopy(p.floats, 0, b.floats, v, p.valueCount);
                case DOUBLE -> System.arraycopy(p.doubles, 0, b.doubles, v, p.valueCount);
                default -> {
                    for (int i = 0; i < p.valueCount; i++) {
                        b.binaries.append(p.binaries(), i);
                    }
                }
            }
            e += p.entryCount;
            v += p.valueCount;
        }
        return b;
    }

    // ---- values -------------------------------------------------------------------------------

    /** BOOLEAN values, else null. */
    public boolean[] booleans() {
        return booleans;
    }

    /** INT32 values, else null. */
    public int[] ints() {
        return ints;
    }

    /** INT64 values, else null. */
    public long[] longs() {
        return longs;
    }

    public float[] floats() {
        return floats;
    }

    public double[] doubles() {
        return doubles;
    }

    /** BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY and INT96 values, else null. */
    /** Value v's entry in {@link #dictionary()}, by value; null unless the page is dictionary-encoded byte arrays. */
    public int[] dictionaryIndices() {
        return dictIndices;
    }

    /** The dictionary's values that {@link #dictionaryIndices()} index; null with them. */
    public Binaries dictionary() {
        return dictionary;
    }

    public Binaries binaries() {
        Binaries b = binaries;
        if (b != null || gatherBytes < 0) {
            return b;
        }
        b = gathered;
        return b != null ? b : gather();
    }

    /**
     * Whether the byte-array values are still only indices into {@link #dictionary()} (not gathered
     * yet): {@code ColumnValues} then reads the dictionary's offsets through the indices.
     */
    public boolean valuesInDictionary() {
        return binaries == null && gatherBytes >= 0 && dictIndices != null;
    }

    /**
     * The bytes the byte-array values take (gathered or not: a dictionary page counts as if its
     * values were copied), for memory estimates; -1 for other types.
     */
    public long binaryBytes() {
        if (binaries != null) {
            return binaries.data().length;
        }
        return gatherBytes;
    }

    private synchronized Binaries gather() {
        Binaries b = gathered;
        if (b == null) {
            b = new Binaries(valueCount, 0);
            b.reserve(valueCount, gatherBytes);
            b.appendGather(dictionary, dictIndices, valueCount);
            gathered = b;
        }
        return b;
    }

    public boolean getBoolean(int v) {
        checkValue(v);
        return booleans[v];
    }

    public int getInt(int v) {
        checkValue(v);
        return ints[v];
    }

    public long getLong(int v) {
        checkValue(v);
        return longs[v];
    }

    public float getFloat(int v) {
        checkValue(v);
        return floats[v];
    }

    public double getDouble(int v) {
        checkValue(v);
        return doubles[v];
    }

    /** Value v's length in PLAIN form (BYTE_ARRAY without its length prefix). */
    public int plainLength(int v) {
        checkValue(v);
        return switch (physical) {
            case BOOLEAN -> 1;
            case INT32, FLOAT -> 4;
            case INT64, DOUBLE -> 8;
            default -> binaries().length(v);
        };
    }

    /**
     * Value v in PLAIN form: what statistics, page indexes, dictionaries, Bloom filters and
     * {@link io.pqlab.internal.predicate.ValueMatch} take (BYTE_ARRAY without its length prefix, BOOLEAN as
     * one byte 0 or 1).
     */
    public byte[] plain(int v) {
        return plain(v, null);
    }

    /**
     * As {@link #plain(int)}, writing into {@code reuse} when it has exactly the value's length
     * (fixed-width types then allocate nothing per value).
     */
    public byte[] plain(int v, byte[] reuse) {
        int len = plainLength(v);
        byte[] out = reuse != null && reuse.length == len ? reuse : new byte[len];
        switch (physical) {
            case BOOLEAN -> out[0] = (byte) (booleans[v] ? 1 : 0);
            case INT32 -> putInt(out, ints[v]);
            case FLOAT -> putInt(out, Float.floatToRawIntBits(floats[v]));
            case INT64 -> putLong(out, longs[v]);
            case DOUBLE -> putLong(out, Double.doubleToRawLongBits(doubles[v]));
            default -> System.arraycopy(binaries().data(), binaries().offset(v), out, 0, len);
        }
        return out;
    }

    /** Value v in its logical type, as text ({@link ValueFormat#format}). */
    public String format(int v) {
        return ValueFormat.format(plain(v), type);
    }

    /** Value v as a JSON token ({@link ValueFormat#json}). */
    public String json(int v) {
        return ValueFormat.json(plain(v), type);
    }

    /** Entry e in its logical type as text, "null" for a null entry. */
    public String formatEntry(int e) {
        int v = valueIndex(e);
        return v < 0 ? "null" : format(v);
    }

    /** Entry e as a JSON token, null for a null entry. */
    public String jsonEntry(int e) {
        int v = valueIndex(e);
        return v < 0 ? "null" : json(v);
    }

    private static void putInt(byte[] b, int x) {
        b[0] = (byte) x;
        b[1] = (byte) (x >>> 8);
        b[2] = (byte) (x >>> 16);
        b[3] = (byte) (x >>> 24);
    }

    private static void putLong(byte[] b, long x) {
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (x >>> (8 * i));
        }
    }

    private void checkEntry(int e) {
        if (e < 0 || e >= entryCount) {
            throw new IndexOutOfBoundsException("entry " + e + " of " + entryCount);
        }
    }

    private void checkValue(int v) {
        if (v < 0 || v >= valueCount) {
            throw new IndexOutOfBoundsException("value " + v + " of " + valueCount);
        }
    }

    @Override
    public String toString() {
        return "ColumnBatch[" + column.dottedPath() + " page " + pageIndex + " at " + pageOffset + ", rows "
                + firstRow + "+" + rowCount + (continuesRow ? " (continues a row)" : "") + ", " + entryCount
                + " entries, " + valueCount + " values]";
    }
}
