package io.pqlab.internal.encoding;

import io.pqlab.MalformedFileException;
import io.pqlab.internal.encoding.Encodings.Type;

/**
 * The values of a dictionary page, decoded once per column chunk into the array of its physical
 * type (exactly one of the accessors returns non-null).
 */
public final class Dictionary {
    private final int type;
    private final int size;
    private final boolean[] booleans;
    private final int[] ints;
    private final long[] longs;
    private final float[] floats;
    private final double[] doubles;
    private final Binaries binaries;
    /** {@link #entryWidth()}. */
    private final int entryWidth;

    private Dictionary(int type, int size, boolean[] booleans, int[] ints, long[] longs, float[] floats,
            double[] doubles, Binaries binaries) {
        this.type = type;
        this.size = size;
        this.booleans = booleans;
        this.ints = ints;
        this.longs = longs;
        this.floats = floats;
        this.doubles = doubles;
        this.binaries = binaries;
        this.entryWidth = binaries == null ? -1 : width(binaries);
    }

    private static int width(Binaries b) {
        int n = b.size();
        if (n == 0) {
            return -1;
        }
        int w = b.length(0);
        for (int i = 1; i < n; i++) {
            if (b.length(i) != w) {
                return -1;
            }
        }
        return w;
    }

    /**
     * Decodes numValues PLAIN values (the dictionary page format; PLAIN_DICTIONARY pages are the
     * same) of the given parquet.thrift Type from buf[off, off+len), whose first byte is at file
     * offset fileOffset. The count is checked against the bytes before anything is allocated.
     */
    public static Dictionary decode(int type, int typeLength, byte[] buf, int off, int len, int numValues,
            long fileOffset) {
        if (numValues < 0) {
            throw new MalformedFileException("dictionary of " + numValues + " values", fileOffset);
        }
        if (type == Type.FIXED_LEN_BYTE_ARRAY && typeLength <= 0 && numValues > 0) {
            // Zero-width entries take no bytes, so no page size bounds their count.
            throw new MalformedFileException("dictionary of " + numValues + " FIXED_LEN_BYTE_ARRAY values of width "
                    + typeLength, fileOffset);
        }
        PlainDecoder d = new PlainDecoder(type, typeLength);
        long min = d.minBytes(numValues);
        if (min > len) {
            throw new MalformedFileException("dictionary of " + numValues + " values needs at least " + min
                    + " bytes, page has " + len, fileOffset);
        }
        d.init(buf, off, len, numValues, fileOffset);
        int n = numValues;
        switch (type) {
            case Type.BOOLEAN -> {
                boolean[] v = new boolean[n];
                d.readBooleans(v, 0, n);
                return new Dictionary(type, n, v, null, null, null, null, null);
            }
            case Type.INT32 -> {
                int[] v = new int[n];
                d.readInts(v, 0, n);
                return ofInts(v);
            }
            case Type.INT64 -> {
                long[] v = new long[n];
                d.readLongs(v, 0, n);
                return ofLongs(v);
            }
            case Type.FLOAT -> {
                float[] v = new float[n];
                d.readFloats(v, 0, n);
                return ofFloats(v);
            }
            case Type.DOUBLE -> {
                double[] v = new double[n];
                d.readDoubles(v, 0, n);
                return ofDoubles(v);
            }
            default -> {
                Binaries v = new Binaries(n, 0);
                d.readBinaries(v, n);
                return new Dictionary(type, n, null, null, null, null, null, v);
            }
        }
    }

    public static Dictionary ofInts(int[] v) {
        return new Dictionary(Type.INT32, v.length, null, v, null, null, null, null);
    }

    public static Dictionary ofLongs(long[] v) {
        return new Dictionary(Type.INT64, v.length, null, null, v, null, null, null);
    }

    public static Dictionary ofFloats(float[] v) {
        return new Dictionary(Type.FLOAT, v.length, null, null, null, v, null, null);
    }

    public static Dictionary ofDoubles(double[] v) {
        return new Dictionary(Type.DOUBLE, v.length, null, null, null, null, v, null);
    }

    /** type is BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY or INT96. */
    public static Dictionary ofBinaries(int type, Binaries v) {
        return new Dictionary(type, v.size(), null, null, null, null, null, v);
    }

    /** parquet.thrift Type id of the values. */
    public int type() {
        return type;
    }

    public int size() {
        return size;
    }

    public boolean[] booleans() {
        return booleans;
    }

    public int[] ints() {
        return ints;
    }

    public long[] longs() {
        return longs;
    }

    public float[] floats() {
        return floats;
    }

    public double[] doubles() {
        return doubles;
    }

    /**
     * The length every byte-array entry has (country codes, FIXED_LEN_BYTE_ARRAY, INT96), or -1
     * where lengths differ, there are no entries, or they are not byte arrays. Read once per chunk
     * so that a page of n indices into it decodes to n times this many bytes without a sum over
     * its indices (the reader bounds that size before anything gathers them).
     */
    public int entryWidth() {
        return entryWidth;
    }

    /** BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY and INT96 entries. */
    public Binaries binaries() {
        return binaries;
    }
}
