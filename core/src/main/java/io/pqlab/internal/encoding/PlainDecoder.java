package io.pqlab.internal.encoding;

import io.pqlab.MalformedFileException;
import io.pqlab.internal.encoding.Encodings.Type;

/**
 * PLAIN (Encodings.md): BOOLEAN bit-packed LSB first; INT32, INT64, FLOAT, DOUBLE little-endian;
 * INT96 12 bytes; BYTE_ARRAY a 4-byte little-endian length then the bytes; FIXED_LEN_BYTE_ARRAY
 * the bytes of the declared width. Also the format of dictionary pages.
 */
public final class PlainDecoder extends ValuesDecoder {
    private final int type;
    private final int width;
    /** BOOLEAN: bits consumed from the start of the section. */
    private long bit;

    /** type is parquet.thrift's Type id; typeLength is used for FIXED_LEN_BYTE_ARRAY only. */
    public PlainDecoder(int type, int typeLength) {
        this.type = type;
        this.width = switch (type) {
            case Type.BOOLEAN, Type.BYTE_ARRAY -> 0;
            case Type.INT32, Type.FLOAT -> 4;
            case Type.INT64, Type.DOUBLE -> 8;
            case Type.INT96 -> 12;
            case Type.FIXED_LEN_BYTE_ARRAY -> {
                if (typeLength < 0) {
                    throw new IllegalArgumentException("FIXED_LEN_BYTE_ARRAY width " + typeLength);
                }
                yield typeLength;
            }
            default -> throw new IllegalArgumentException("physical type " + type);
        };
    }

    /**
     * The fewest bytes n PLAIN values of this type can take; callers sizing arrays from a count
     * in the file (dictionary pages) check it first.
     */
    public long minBytes(long n) {
        return switch (type) {
            case Type.BOOLEAN -> (n + 7) >>> 3;
            case Type.BYTE_ARRAY -> 4 * n;
            default -> n * width;
        };
    }

    @Override
    void start() {
        bit = 0;
    }

    @Override
    void clear() {
        bit = 0;
    }

    @Override
    public int position() {
        return type == Type.BOOLEAN ? in.base + (int) ((bit + 7) >>> 3) : in.pos;
    }

    @Override
    public void readBooleans(boolean[] dst, int off, int n) {
        expect(Type.BOOLEAN, "readBooleans");
        take(dst.length, off, n);
        needBits(n);
        byte[] b = in.buf;
        int base = in.base;
        long p = bit;
        for (int i = 0; i < n; i++, p++) {
            dst[off + i] = ((b[base + (int) (p >>> 3)] >>> (p & 7)) & 1) != 0;
        }
        bit = p;
    }

    @Override
    public void readInts(int[] dst, int off, int n) {
        expect(Type.INT32, "readInts");
        take(dst.length, off, n);
        int p = need(4L * n);
        // one bulk copy (the JDK's copyMemory where the platform is little-endian) instead of a load per value
        java.nio.ByteBuffer.wrap(in.buf, p, 4 * n).order(java.nio.ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(dst, off, n);
    }

    @Override
    public void readLongs(long[] dst, int off, int n) {
        expect(Type.INT64, "readLongs");
        take(dst.length, off, n);
        int p = need(8L * n);
        java.nio.ByteBuffer.wrap(in.buf, p, 8 * n).order(java.nio.ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(dst, off, n);
    }

    @Override
    public void readFloats(float[] dst, int off, int n) {
        expect(Type.FLOAT, "readFloats");
        take(dst.length, off, n);
        int p = need(4L * n);
        byte[] b = in.buf;
        for (int i = 0; i < n; i++, p += 4) {
            // intBitsToFloat keeps NaN payloads, which statistics and Bloom filters hash
            dst[off + i] = Float.intBitsToFloat(Bytes.intLE(b, p));
        }
    }

    @Override
    public void readDoubles(double[] dst, int off, int n) {
        expect(Type.DOUBLE, "readDoubles");
        take(dst.length, off, n);
        int p = need(8L * n);
        byte[] b = in.buf;
        for (int i = 0; i < n; i++, p += 8) {
            dst[off + i] = Double.longBitsToDouble(Bytes.longLE(b, p));
        }
    }

    @Override
    public void readBinaries(Binaries dst, int n) {
        if (type == Type.BYTE_ARRAY) {
            take(n);
            readByteArrays(dst, n);
        } else if (type == Type.FIXED_LEN_BYTE_ARRAY || type == Type.INT96) {
            take(n);
            long total = (long) n * width;
            int p = need(total);
            checkGrowth(dst, total);
            dst.reserve(n, total);
            byte[] d = dst.data();
            int e = dst.end();
            System.arraycopy(in.buf, p, d, e, (int) total);
            for (int i = 0; i < n; i++) {
                dst.commit(width);
            }
        } else {
            throw new UnsupportedOperationException("PLAIN type " + type + " is not a byte array");
        }
    }

    @Override
    public void readBinaries(Binaries dst, int n, boolean mayKeepInput) {
        if (mayKeepInput && type == Type.BYTE_ARRAY && dst.size() == 0 && n > 0) {
            take(n);
            viewByteArrays(dst, n);
        } else {
            readBinaries(dst, n);
        }
    }

    /**
     * The values left in the page, each after its length: only the lengths are read and checked,
     * dst becomes a view of the page (gap 4). Its offsets array is reused when large enough.
     */
    private void viewByteArrays(Binaries dst, int n) {
        byte[] b = in.buf;
        int p = in.pos;
        int end = in.end;
        int[] starts = dst.offsets().length > n ? dst.offsets() : new int[n + 1];
        int last = end - 1;
        int touched = 0;
        try {
            for (int i = 0; i < n; i++) {
                // (loops) each length's load waits for the one before (PLAIN puts it before its
                // value), and a page just decompressed is mostly out of the caches: a load
                // TOUCH_AHEAD bytes on, whose result only feeds `touched`, brings the lines in
                // while the walk waits (about a quarter less time per value on a cold 13 MB page)
                if (end - p < 4) {
                    in.pos = p;
                    throw in.error("BYTE_ARRAY length: value " + i + " of " + n + " runs past the end of the data");
                }
                touched += b[Math.min(p, last - TOUCH_AHEAD) + TOUCH_AHEAD]; // in [p, last]: end > p here, no overflow
                int len = Bytes.intLE(b, p);
                p += 4;
                if (len < 0 || len > end - p) {
                    throw new MalformedFileException("BYTE_ARRAY length " + (len & 0xFFFF_FFFFL) + " exceeds the "
                            + (end - p) + " bytes left", in.offsetOf(p - 4));
                }
                starts[i] = p;
                p += len;
            }
        } catch (RuntimeException e) {
            starts[0] = 0; // dst may own this array: an empty container's first offset is 0
            throw e;
        }
        dst.viewPlain(b, starts, n, p);
        in.pos = p;
        this.touched = touched; // used, so the loads ahead stay
    }

    /** Bytes ahead of the lengths walk that {@link #viewByteArrays} loads early. */
    private static final int TOUCH_AHEAD = 1024;
    /** The sum of the bytes loaded ahead: kept only so that the compiler keeps the loads. */
    @SuppressWarnings("unused")
    private int touched;

    private void readByteArrays(Binaries dst, int n) {
        byte[] b = in.buf;
        int p = in.pos;
        int end = in.end;
        // The values cannot hold more bytes than remain, so reserving that much is bounded by the input.
        checkGrowth(dst, Math.min((long) end - p, Binaries.MAX_BYTES));
        dst.reserve(n, end - p);
        byte[] d = dst.data();
        for (int i = 0; i < n; i++) {
            if (end - p < 4) {
                in.pos = p;
                throw in.error("BYTE_ARRAY length: value " + i + " of " + n + " runs past the end of the data");
            }
            int len = Bytes.intLE(b, p);
            p += 4;
            if (len < 0 || len > end - p) {
                throw new MalformedFileException("BYTE_ARRAY length " + (len & 0xFFFF_FFFFL) + " exceeds the "
                        + (end - p) + " bytes left", in.offsetOf(p - 4));
            }
            System.arraycopy(b, p, d, dst.end(), len);
            dst.commit(len);
            p += len;
        }
        in.pos = p;
    }

    @Override
    public void skip(int n) {
        take(n);
        switch (type) {
            case Type.BOOLEAN -> {
                needBits(n);
                bit += n;
            }
            case Type.BYTE_ARRAY -> {
                int p = in.pos;
                for (int i = 0; i < n; i++) {
                    if (in.end - p < 4) {
                        in.pos = p;
                        throw in.error("BYTE_ARRAY length runs past the end of the data");
                    }
                    int len = Bytes.intLE(in.buf, p);
                    if (len < 0 || len > in.end - p - 4) {
                        throw new MalformedFileException("BYTE_ARRAY length " + (len & 0xFFFF_FFFFL)
                                + " exceeds the bytes left", in.offsetOf(p));
                    }
                    p += 4 + len;
                }
                in.pos = p;
            }
            default -> need((long) n * width);
        }
    }

    /** Checks that bytes remain, advances past them and returns where they start. */
    private int need(long bytes) {
        if (bytes > in.end - in.pos) {
            throw in.error("PLAIN values: need " + bytes + " bytes, " + (in.end - in.pos) + " left");
        }
        int p = in.pos;
        in.pos += (int) bytes;
        return p;
    }

    private void needBits(int n) {
        long endBit = bit + n;
        if (((endBit + 7) >>> 3) > in.end - in.base) {
            throw new MalformedFileException("PLAIN booleans: need " + ((endBit + 7) >>> 3) + " bytes, "
                    + (in.end - in.base) + " present", in.offsetOf(in.base + (int) (bit >>> 3)));
        }
    }

    private void expect(int t, String method) {
        if (type != t) {
            throw new UnsupportedOperationException("PLAIN decoder of type " + type + ": " + method);
        }
    }
}
