package io.pqlab.internal.encoding;

import java.util.Arrays;

/**
 * Unpacking of fixed-width bit-packed values. The caller has checked that every bit it asks for
 * lies in [pos, end); these loops then never read outside the array (the word loads fall back to
 * byte loads near its end) and mask off any bits past the requested ones.
 */
final class BitPacking {
    private BitPacking() {}

    /**
     * LSB-first (RLE hybrid, DELTA_BINARY_PACKED, PLAIN booleans): value i occupies bits
     * [firstBit + i*w, firstBit + (i+1)*w) counting from the least significant bit of buf[pos].
     * Widths 0..32.
     */
    static void unpackInts(byte[] buf, int pos, int end, long firstBit, int w, int[] dst, int dstOff, int count) {
        if (w == 0) {
            Arrays.fill(dst, dstOff, dstOff + count, 0);
            return;
        }
        long mask = (1L << w) - 1;
        long bit = firstBit;
        if ((firstBit & 7) == 0 && count >= 8) {
            // Groups of 8 values occupy exactly w bytes and start byte-aligned: the common shape of
            // levels and dictionary ids. One 64-bit load per value (shift + w <= 39 bits).
            int p = pos + (int) (firstBit >>> 3);
            int i = 0;
            int safe = buf.length - 8;
            for (; i + 8 <= count && p + w <= safe; i += 8, p += w) {
                long word = Bytes.longLE(buf, p);
                if (w <= 8) {
                    // all 8 values of a group in the first 64 bits
                    for (int k = 0; k < 8; k++) {
                        dst[dstOff + i + k] = (int) ((word >>> (k * w)) & mask);
                    }
                } else {
                    for (int k = 0; k < 8; k++) {
                        int b = k * w;
                        dst[dstOff + i + k] = (int) ((Bytes.longLE(buf, p + (b >>> 3)) >>> (b & 7)) & mask);
                    }
                }
            }
            bit = firstBit + (long) i * w;
            dstOff += i;
            count -= i;
        }
        for (int i = 0; i < count; i++, bit += w) {
            int byteIdx = pos + (int) (bit >>> 3);
            dst[dstOff + i] = (int) ((Bytes.wordLE(buf, byteIdx, end) >>> (bit & 7)) & mask);
        }
    }

    /** As {@link #unpackInts} for widths 0..64, into longs. */
    static void unpackLongs(byte[] buf, int pos, int end, long firstBit, int w, long[] dst, int dstOff, int count) {
        if (w == 0) {
            Arrays.fill(dst, dstOff, dstOff + count, 0L);
            return;
        }
        long mask = w == 64 ? -1L : (1L << w) - 1;
        long bit = firstBit;
        for (int i = 0; i < count; i++, bit += w) {
            int byteIdx = pos + (int) (bit >>> 3);
            int shift = (int) (bit & 7);
            long v = Bytes.wordLE(buf, byteIdx, end) >>> shift;
            if (shift + w > 64) {
                // the value spills into a ninth byte, which the caller's bounds check covers
                v |= (buf[byteIdx + 8] & 0xFFL) << (64 - shift);
            }
            dst[dstOff + i] = v & mask;
        }
    }

    /**
     * MSB-first (the deprecated BIT_PACKED levels): value i occupies bits [i*w, (i+1)*w) counting
     * from the most significant bit of buf[pos]. Widths 0..32.
     */
    static void unpackIntsMsb(byte[] buf, int pos, int end, int w, int[] dst, int dstOff, int count) {
        if (w == 0) {
            Arrays.fill(dst, dstOff, dstOff + count, 0);
            return;
        }
        long bit = 0;
        for (int i = 0; i < count; i++, bit += w) {
            int byteIdx = pos + (int) (bit >>> 3);
            long word = Bytes.wordBE(buf, byteIdx, end);
            dst[dstOff + i] = (int) ((word << (bit & 7)) >>> (64 - w));
        }
    }

    /** Bytes needed for count values of w bits, as a long so that no product overflows. */
    static long bytesFor(long count, int w) {
        return (count * w + 7) >>> 3;
    }
}
