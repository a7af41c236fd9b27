package io.pqlab.arrow;

import io.pqlab.internal.assembly.Shape;
import io.pqlab.internal.assembly.RowPages;
import io.pqlab.internal.column.ColumnBatch;
import io.pqlab.internal.encoding.Binaries;
import io.pqlab.schema.PhysicalType;
import io.pqlab.internal.values.ColumnType;
import io.pqlab.scan.RowBatch;
import io.pqlab.schema.ColumnDescriptor;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * Fills the Arrow vector of a flat column (a top-level leaf, not repeated) straight from the
 * decoded pages of a {@link RowBatch}, where Arrow's layout is the decoded one: fixed-width values
 * copied in bulk from the pages' primitive arrays, strings and binary as offsets and one copy of
 * their bytes, validity from the definition levels. No value becomes an object.
 *
 * <p>A batch's rows of one column come as runs: consecutive rows whose entries are consecutive in
 * one page (a whole page when the scan keeps every row). Within a run the non-null values are
 * consecutive in the page's value array, so each stretch of non-null rows is one copy.
 *
 * <p>Which columns take this path: BOOLEAN, INT32 and INT64 as integers of any width and sign,
 * dates, times, timestamps and decimals, FLOAT, DOUBLE, BYTE_ARRAY as utf8 or binary and
 * FIXED_LEN_BYTE_ARRAY as fixed-size binary or half float ({@link #of} returns null for the
 * rest: INT96, decimals stored as bytes, anything nested, which {@link VectorWriter} writes).
 */
abstract class DirectWriter {
    final int column;
    final int maxDef;

    DirectWriter(int column, ColumnDescriptor c) {
        this.column = column;
        this.maxDef = c.maxDefinitionLevel();
    }

    /** The writer for a top-level leaf read as column index {@code column} of the batches, or null. */
    static DirectWriter of(Shape.Leaf leaf, int column, FieldVector v) {
        ColumnDescriptor c = leaf.column();
        if (c.maxRepetitionLevel() != 0 || leaf.nullBelow() != c.maxDefinitionLevel()) {
            return null;
        }
        ColumnType t = ColumnType.of(c);
        PhysicalType p = c.type();
        if (v instanceof VarCharVector || v instanceof VarBinaryVector) {
            return p == PhysicalType.BYTE_ARRAY && !t.isDecimal()
                    ? new VarWidth(column, c, (BaseVariableWidthVector) v) : null;
        }
        if (!(v instanceof BaseFixedWidthVector f)) {
            return null;
        }
        Kind k = switch (p) {
            case BOOLEAN -> v instanceof BitVector ? Kind.BOOL : null;
            case INT32 -> {
                if (v instanceof TinyIntVector || v instanceof UInt1Vector) {
                    yield Kind.I8;
                }
                if (v instanceof SmallIntVector || v instanceof UInt2Vector) {
                    yield Kind.I16;
                }
                if (v instanceof IntVector || v instanceof UInt4Vector || v instanceof DateDayVector
                        || (v instanceof TimeMilliVector && t.timeUnit() == io.pqlab.schema.TimeUnit.MILLIS)) {
                    yield Kind.I32;
                }
                yield v instanceof DecimalVector ? Kind.DEC32 : null;
            }
            case INT64 -> {
                // times and timestamps are Arrow's in the column's own unit (ArrowTypes): the stored number
                if (v instanceof BigIntVector || v instanceof UInt8Vector || v instanceof TimeMicroVector
                        || v instanceof TimeNanoVector || v instanceof TimeStampVector) {
                    yield Kind.I64;
                }
                yield v instanceof DecimalVector ? Kind.DEC64 : null;
            }
            case FLOAT -> v instanceof Float4Vector ? Kind.F32 : null;
            case DOUBLE -> v instanceof Float8Vector ? Kind.F64 : null;
            // a half float is two little-endian bytes in both
            case FIXED_LEN_BYTE_ARRAY -> (v instanceof FixedSizeBinaryVector && !t.isDecimal())
                    || v instanceof Float2Vector ? Kind.FIXED : null;
            default -> null;
        };
        return k == null ? null : new FixedWidth(column, c, f, k);
    }

    /** Fills the vector with the batch's rows of this column; the vector was reset. */
    final void write(RowBatch b) {
        int n = b.size();
        begin(n);
        int slot = 0;
        while (slot < n) {
            ColumnBatch p = RowPages.page(b, column, slot);
            int first = RowPages.firstEntry(b, column, slot);
            int len = 1;
            while (slot + len < n && RowPages.page(b, column, slot + len) == p
                    && RowPages.firstEntry(b, column, slot + len) == first + len) {
                len++;
            }
            run(p, first, slot, len);
            slot += len;
        }
        end(n);
    }

    /** Entries [first, first + len) of page p into slots [slot, slot + len). */
    private void run(ColumnBatch p, int first, int slot, int len) {
        int[] def = p.definitionLevels();
        if (def == null || p.valueCount() == p.entryCount()) {
            // every entry of the page holds a value: value index = entry
            values(p, first, slot, len);
            setValid(validity(), slot, len);
            return;
        }
        int k = 0;
        int v = -1;
        while (k < len) {
            if (def[first + k] != maxDef) {
                nullAt(slot + k);
                k++;
                continue;
            }
            int j = k + 1;
            while (j < len && def[first + j] == maxDef) {
                j++;
            }
            if (v < 0) {
                v = p.valueIndex(first + k); // later stretches of the run follow on in the value array
            }
            values(p, v, slot + k, j - k);
            setValid(validity(), slot + k, j - k);
            v += j - k;
            k = j;
        }
    }

    abstract void begin(int n);

    /** Values [v, v + count) of page p into slots [slot, slot + count). */
    abstract void values(ColumnBatch p, int v, int slot, int count);

    abstract void nullAt(int slot);

    abstract ArrowBuf validity();

    abstract void end(int n);

    enum Kind { BOOL, I8, I16, I32, I64, F32, F64, DEC32, DEC64, FIXED }

    private static final class FixedWidth extends DirectWriter {
        private final BaseFixedWidthVector v;
        private final Kind kind;
        private final int width;

        FixedWidth(int column, ColumnDescriptor c, BaseFixedWidthVector v, Kind kind) {
            super(column, c);
            this.v = v;
            this.kind = kind;
            this.width = kind == Kind.FIXED ? (v instanceof Float2Vector ? 2 : c.typeLength()) : 0;
        }

        @Override
        void begin(int n) {
            if (v.getValueCapacity() < n) {
                v.allocateNew(n);
            }
        }

        @Override
        void values(ColumnBatch p, int from, int slot, int count) {
            ArrowBuf d = v.getDataBuffer();
            switch (kind) {
                case BOOL -> {
                    boolean[] x = p.booleans();
                    for (int k = 0; k < count; k++) {
                        if (x[from + k]) {
                            BitVectorHelper.setBit(d, slot + k);
                        }
                    }
                }
                case I8 -> {
                    int[] x = p.ints();
                    for (int k = 0; k < count; k++) {
                        d.setByte(slot + k, x[from + k]);
                    }
                }
                case I16 -> {
                    int[] x = p.ints();
                    for (int k = 0; k < count; k++) {
                        d.setShort(2L * (slot + k), (short) x[from + k]);
                    }
                }
                case I32 -> view(d, 4L * slot, 4 * count).asIntBuffer().put(p.ints(), from, count);
                case I64 -> view(d, 8L * slot, 8 * count).asLongBuffer().put(p.longs(), from, count);
                case F32 -> view(d, 4L * slot, 4 * count).asFloatBuffer().put(p.floats(), from, count);
                case F64 -> view(d, 8L * slot, 8 * count).asDoubleBuffer().put(p.doubles(), from, count);
                case DEC32 -> {
                    int[] x = p.ints();
                    for (int k = 0; k < count; k++) {
                        long u = x[from + k];
                        d.setLong(16L * (slot + k), u);
                        d.setLong(16L * (slot + k) + 8, u >> 63); // the sign, extended to 128 bits
                    }
                }
                case DEC64 -> {
                    long[] x = p.longs();
                    for (int k = 0; k < count; k++) {
                        d.setLong(16L * (slot + k), x[from + k]);
                        d.setLong(16L * (slot + k) + 8, x[from + k] >> 63);
                    }
                }
                case FIXED -> {
                    Binaries x = p.binaries();
                    int start = x.offset(from);
                    int bytes = x.offset(from + count) - start;
                    if (bytes != count * width) {
                        throw new IllegalStateException(p + ": values of " + width + " bytes expected, "
                                + bytes + " bytes for " + count);
                    }
                    d.setBytes((long) width * slot, x.data(), start, bytes);
                }
            }
        }

        @Override
        void nullAt(int slot) {
            // reset left the slot zero and its validity bit clear
        }

        @Override
        ArrowBuf validity() {
            return v.getValidityBuffer();
        }

        @Override
        void end(int n) {
            v.setValueCount(n);
        }
    }

    private static final class VarWidth extends DirectWriter {
        private final BaseVariableWidthVector v;
        private long bytes;

        VarWidth(int column, ColumnDescriptor c, BaseVariableWidthVector v) {
            super(column, c);
            this.v = v;
        }

        @Override
        void begin(int n) {
            if (v.getValueCapacity() < n) {
                v.allocateNew(Math.max(v.getByteCapacity(), 32L * n), n);
            }
            bytes = 0;
            v.getOffsetBuffer().setInt(0, 0);
        }

        @Override
        void values(ColumnBatch p, int from, int slot, int count) {
            Binaries x = p.binaries();
            if (x.gap() != 0) { // a view of a PLAIN page: each value after its length, copied one by one
                for (int k = 0; k < count; k++) {
                    copy(p, x, from + k, slot + k, 1);
                }
                return;
            }
            copy(p, x, from, slot, count);
        }

        /** Values [from, from + count) of x, contiguous (or one), into slots [slot, slot + count). */
        private void copy(ColumnBatch p, Binaries x, int from, int slot, int count) {
            int start = x.offset(from);
            int len = x.offset(from + count) - x.gap() - start;
            if (bytes + len > Integer.MAX_VALUE) {
                throw new IllegalStateException("more than 2 GiB of values in one batch of " + p.column().dottedPath());
            }
            while (v.getByteCapacity() < bytes + len) {
                v.reallocDataBuffer();
            }
            ArrowBuf o = v.getOffsetBuffer();
            long base = bytes - start;
            for (int k = 1; k <= count; k++) {
                o.setInt(4L * (slot + k), (int) (base + x.offset(from + k) - x.gap()));
            }
            v.getDataBuffer().setBytes(bytes, x.data(), start, len);
            bytes += len;
        }

        @Override
        void nullAt(int slot) {
            v.getOffsetBuffer().setInt(4L * (slot + 1), (int) bytes);
        }

        @Override
        ArrowBuf validity() {
            return v.getValidityBuffer();
        }

        @Override
        void end(int n) {
            v.setLastSet(n - 1); // every offset is written: no holes to fill
            v.setValueCount(n);
        }
    }

    /**
     * A string or binary column as an Arrow dictionary-encoded vector: int32 indexes into a
     * dictionary of the batch's distinct values, in the order they first occur. The dictionary is
     * built from the values themselves (hashed), not from the file's dictionary page, so pages that
     * fell back to PLAIN in the middle of a chunk, and chunks with no dictionary at all, encode alike.
     */
    static final class DictionaryIndexes extends DirectWriter {
        private final IntVector indexes;
        private final BaseVariableWidthVector dictionary;
        private final Binaries values = new Binaries(1024, 16 * 1024);
        private int[] table = new int[2048]; // open addressing: value index + 1, 0 for empty

        DictionaryIndexes(int column, ColumnDescriptor c, IntVector indexes, BaseVariableWidthVector dictionary) {
            super(column, c);
            this.indexes = indexes;
            this.dictionary = dictionary;
        }

        @Override
        void begin(int n) {
            if (indexes.getValueCapacity() < n) {
                indexes.allocateNew(n);
            }
            values.clear();
            java.util.Arrays.fill(table, 0);
        }

        @Override
        void values(ColumnBatch p, int from, int slot, int count) {
            Binaries x = p.binaries();
            byte[] data = x.data();
            ArrowBuf d = indexes.getDataBuffer();
            for (int k = 0; k < count; k++) {
                int off = x.offset(from + k);
                int len = x.length(from + k);
                d.setInt(4L * (slot + k), find(data, off, len));
            }
        }

        /** The dictionary index of the value data[off, off + len), added if new. */
        private int find(byte[] data, int off, int len) {
            int h = 1;
            for (int i = off; i < off + len; i++) {
                h = 31 * h + data[i];
            }
            h ^= h >>> 16;
            int mask = table.length - 1;
            for (int at = h & mask;; at = (at + 1) & mask) {
                int e = table[at];
                if (e == 0) {
                    int id = values.size();
                    values.append(data, off, len);
                    table[at] = id + 1;
                    if (2 * values.size() > table.length) {
                        grow();
                    }
                    return id;
                }
                if (values.equals(e - 1, data, off, len)) {
                    return e - 1;
                }
            }
        }

        private void grow() {
            int[] t = new int[table.length * 2];
            int mask = t.length - 1;
            byte[] data = values.data();
            for (int id = 0; id < values.size(); id++) {
                int h = 1;
                for (int i = values.offset(id); i < values.offset(id + 1); i++) {
                    h = 31 * h + data[i];
                }
                h ^= h >>> 16;
                int at = h & mask;
                while (t[at] != 0) {
                    at = (at + 1) & mask;
                }
                t[at] = id + 1;
            }
            table = t;
        }

        @Override
        void nullAt(int slot) {
            // reset left the slot zero and its validity bit clear
        }

        @Override
        ArrowBuf validity() {
            return indexes.getValidityBuffer();
        }

        @Override
        void end(int n) {
            indexes.setValueCount(n);
            int size = values.size();
            int bytes = values.byteSize();
            dictionary.reset();
            if (dictionary.getValueCapacity() < size || dictionary.getByteCapacity() < bytes
                    || dictionary.getOffsetBuffer().capacity() < 4L * (size + 1)) { // an empty one too needs offset 0
                dictionary.allocateNew(Math.max(bytes, 1), Math.max(size, 1));
            }
            ArrowBuf o = dictionary.getOffsetBuffer();
            for (int id = 0; id <= size; id++) {
                o.setInt(4L * id, values.offset(id));
            }
            dictionary.getDataBuffer().setBytes(0, values.data(), 0, bytes);
            setValid(dictionary.getValidityBuffer(), 0, size);
            dictionary.setLastSet(size - 1);
            dictionary.setValueCount(size);
        }
    }

    private static java.nio.ByteBuffer view(ArrowBuf d, long at, int length) {
        return d.nioBuffer(at, length).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Sets validity bits [from, from + count): whole bytes at a time where it can. */
    static void setValid(ArrowBuf validity, int from, int count) {
        int i = from;
        int end = from + count;
        while (i < end && (i & 7) != 0) {
            BitVectorHelper.setBit(validity, i++);
        }
        while (end - i >= 8) {
            validity.setByte(i >>> 3, 0xFF);
            i += 8;
        }
        while (i < end) {
            BitVectorHelper.setBit(validity, i++);
        }
    }
}
