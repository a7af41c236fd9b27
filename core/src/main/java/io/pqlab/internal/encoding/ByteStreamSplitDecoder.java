package io.pqlab.internal.encoding;

import io.pqlab.MalformedFileException;

/**
 * BYTE_STREAM_SPLIT (Encodings.md) for FLOAT, DOUBLE, INT32, INT64 and FIXED_LEN_BYTE_ARRAY of any
 * width (FLOAT16 is width 2): K streams of N bytes, byte k of value i at stream k, position i. N is
 * the section length divided by K (the streams run to the end of the page), which must be exact
 * and at least the announced value count.
 */
public final class ByteStreamSplitDecoder extends ValuesDecoder {
    private final int width;
    private int stride;

    /** width: 4 for FLOAT/INT32, 8 for DOUBLE/INT64, the type length for FIXED_LEN_BYTE_ARRAY. */
    public ByteStreamSplitDecoder(int width) {
        if (width < 1) {
            throw new IllegalArgumentException("BYTE_STREAM_SPLIT width " + width);
        }
        this.width = width;
    }

    @Override
    void start() {
        int len = in.end - in.base;
        if (len % width != 0) {
            throw new MalformedFileException("BYTE_STREAM_SPLIT data of " + len + " bytes is not a multiple of the "
                    + width + "-byte value width", in.fileOffset);
        }
        stride = len / width;
        if (stride < numValues) {
            throw new MalformedFileException("BYTE_STREAM_SPLIT data holds " + stride + " values, " + numValues
                    + " expected", in.fileOffset);
        }
        in.pos = in.end;
    }

    @Override
    public int position() {
        return in.end;
    }

    @Override
    public void readInts(int[] dst, int off, int n) {
        expectWidth(4);
        int first = valuesRead;
        take(dst.length, off, n);
        byte[] b = in.buf;
        int s0 = in.base + first;
        int s = stride;
        for (int i = 0; i < n; i++) {
            int p = s0 + i;
            dst[off + i] = (b[p] & 0xFF) | (b[p + s] & 0xFF) << 8 | (b[p + 2 * s] & 0xFF) << 16 | b[p + 3 * s] << 24;
        }
    }

    @Override
    public void readFloats(float[] dst, int off, int n) {
        expectWidth(4);
        int first = valuesRead;
        take(dst.length, off, n);
        byte[] b = in.buf;
        int s0 = in.base + first;
        int s = stride;
        for (int i = 0; i < n; i++) {
            int p = s0 + i;
            dst[off + i] = Float.intBitsToFloat(
                    (b[p] & 0xFF) | (b[p + s] & 0xFF) << 8 | (b[p + 2 * s] & 0xFF) << 16 | b[p + 3 * s] << 24);
        }
    }

    @Override
    public void readLongs(long[] dst, int off, int n) {
        expectWidth(8);
        int first = valuesRead;
        take(dst.length, off, n);
        for (int i = 0; i < n; i++) {
            dst[off + i] = gather8(in.base + first + i);
        }
    }

    @Override
    public void readDoubles(double[] dst, int off, int n) {
        expectWidth(8);
        int first = valuesRead;
        take(dst.length, off, n);
        for (int i = 0; i < n; i++) {
            dst[off + i] = Double.longBitsToDouble(gather8(in.base + first + i));
        }
    }

    @Override
    public void readBinaries(Binaries dst, int n) {
        int first = valuesRead;
        take(n);
        long total = (long) n * width;
        checkGrowth(dst, total);
        dst.reserve(n, total);
        byte[] b = in.buf;
        byte[] d = dst.data();
        int s = stride;
        for (int i = 0; i < n; i++) {
            int e = dst.end();
            int p = in.base + first + i;
            for (int k = 0; k < width; k++) {
                d[e + k] = b[p + k * s];
            }
            dst.commit(width);
        }
    }

    @Override
    public void skip(int n) {
        take(n);
    }

    private long gather8(int p) {
        byte[] b = in.buf;
        int s = stride;
        long v = 0;
        for (int k = 7; k >= 0; k--) {
            v = (v << 8) | (b[p + k * s] & 0xFFL);
        }
        return v;
    }

    private void expectWidth(int w) {
        if (width != w) {
            throw new UnsupportedOperationException("BYTE_STREAM_SPLIT of width " + width + " read as " + w
                    + "-byte values");
        }
    }
}
