package io.pqlab.internal.encoding;

import io.pqlab.MalformedFileException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Little-endian loads and ULEB128 reads shared by the decoders; every read is bounds-checked. */
final class Bytes {
    private Bytes() {}

    static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    static int intLE(byte[] b, int i) {
        return (int) INT_LE.get(b, i);
    }

    static long longLE(byte[] b, int i) {
        return (long) LONG_LE.get(b, i);
    }

    /**
     * Reads up to 8 bytes little-endian starting at {@code i}, taking only bytes below {@code end}
     * (missing bytes read as zero). The fast path needs 8 readable bytes in the array; bits past
     * {@code end} are garbage the caller masks off, never data of another value it relies on.
     */
    static long wordLE(byte[] b, int i, int end) {
        if (i + 8 <= b.length) {
            return (long) LONG_LE.get(b, i);
        }
        long v = 0;
        int lim = Math.min(end, b.length);
        for (int k = 0; k < 8 && i + k < lim; k++) {
            v |= (b[i + k] & 0xFFL) << (8 * k);
        }
        return v;
    }

    /** As {@link #wordLE} but big-endian: byte i lands in the top 8 bits. */
    static long wordBE(byte[] b, int i, int end) {
        if (i + 8 <= b.length) {
            return (long) LONG_BE.get(b, i);
        }
        long v = 0;
        int lim = Math.min(end, b.length);
        for (int k = 0; k < 8 && i + k < lim; k++) {
            v |= (b[i + k] & 0xFFL) << (56 - 8 * k);
        }
        return v;
    }

    static MalformedFileException error(String what, long fileOffset, int base, int pos) {
        return new MalformedFileException(what, fileOffset + (pos - base));
    }

    /**
     * A cursor over [pos, end) of a buffer whose byte {@code base} is at absolute file offset
     * {@code fileOffset}; used for the varint headers of the encodings.
     */
    static final class Cursor {
        byte[] buf;
        int base;
        int pos;
        int end;
        long fileOffset;

        void reset(byte[] buf, int off, int len, long fileOffset) {
            checkRange(buf, off, len);
            this.buf = buf;
            this.base = off;
            this.pos = off;
            this.end = off + len;
            this.fileOffset = fileOffset;
        }

        int remaining() {
            return end - pos;
        }

        long offsetOf(int p) {
            return fileOffset + (p - base);
        }

        MalformedFileException error(String what) {
            return new MalformedFileException(what, offsetOf(pos));
        }

        MalformedFileException error(String what, int at) {
            return new MalformedFileException(what, offsetOf(at));
        }

        void need(long n, String what) {
            if (n > end - pos) {
                throw error(what + ": needs " + n + " bytes, " + (end - pos) + " left");
            }
        }

        int u8(String what) {
            if (pos >= end) {
                throw error(what + ": unexpected end of data");
            }
            return buf[pos++] & 0xFF;
        }

        /** ULEB128 of at most 32 bits, returned unsigned in a long. */
        long uleb32(String what) {
            int start = pos;
            long v = 0;
            for (int shift = 0; shift < 35; shift += 7) {
                if (pos >= end) {
                    throw error(what + ": varint runs past the end of the data", start);
                }
                int b = buf[pos++];
                v |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    if (v > 0xFFFF_FFFFL) {
                        throw error(what + ": varint exceeds 32 bits", start);
                    }
                    return v;
                }
            }
            throw error(what + ": varint longer than 5 bytes", start);
        }

        /** ULEB128 of at most 64 bits. */
        long uleb64(String what) {
            int start = pos;
            long v = 0;
            for (int shift = 0; shift < 70; shift += 7) {
                if (pos >= end) {
                    throw error(what + ": varint runs past the end of the data", start);
                }
                int b = buf[pos++];
                if (shift == 63 && (b & 0x7E) != 0) {
                    throw error(what + ": varint exceeds 64 bits", start);
                }
                v |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    return v;
                }
            }
            throw error(what + ": varint longer than 10 bytes", start);
        }

        long zigzag64(String what) {
            long n = uleb64(what);
            return (n >>> 1) ^ -(n & 1);
        }
    }

    static void checkRange(byte[] buf, int off, int len) {
        if (off < 0 || len < 0 || off > buf.length - len) {
            throw new IndexOutOfBoundsException("range [" + off + ", " + off + "+" + len + ") outside array of "
                    + buf.length);
        }
    }
}
