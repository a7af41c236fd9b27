package io.pqlab.internal.encoding;

import io.pqlab.MalformedFileException;

/**
 * The deprecated BIT_PACKED encoding (BIT_PACKED = 4), used only for levels in old v1 pages:
 * values packed MSB first, no length prefix, ceil(n * bitWidth / 8) bytes in all.
 */
public final class BitPackedLevels {
    private BitPackedLevels() {}

    /**
     * Decodes n levels of bitWidth (0..32) bits from buf[off, off+len), whose first byte is at file
     * offset fileOffset, into dst[dstOff, dstOff+n). Returns the bytes consumed.
     */
    public static int decode(byte[] buf, int off, int len, int bitWidth, int n, int[] dst, int dstOff,
            long fileOffset) {
        Bytes.checkRange(buf, off, len);
        if (bitWidth < 0 || bitWidth > 32) {
            throw new IllegalArgumentException("bit width " + bitWidth);
        }
        if (n < 0 || dstOff < 0 || dstOff > dst.length - n) {
            throw new IndexOutOfBoundsException("dstOff " + dstOff + " n " + n + " length " + dst.length);
        }
        long bytes = BitPacking.bytesFor(n, bitWidth);
        if (bytes > len) {
            throw new MalformedFileException("BIT_PACKED levels: " + n + " values of " + bitWidth + " bits need "
                    + bytes + " bytes, " + len + " left", fileOffset);
        }
        BitPacking.unpackIntsMsb(buf, off, off + (int) bytes, bitWidth, dst, dstOff, n);
        return (int) bytes;
    }
}
