package io.pqlab.internal.encoding;

/**
 * BOOLEAN values in the RLE encoding (RLE = 3): a 4-byte little-endian length (in v1 and v2 pages
 * alike), then the hybrid runs with bit width 1.
 */
public final class RleBooleanDecoder extends ValuesDecoder {
    private final RleBitPackedDecoder runs = new RleBitPackedDecoder();
    private final int[] scratch = new int[512];
    private int end;

    @Override
    void start() {
        end = in.base + runs.initLengthPrefixed(in.buf, in.base, in.end - in.base, 1, in.fileOffset);
    }

    /** The end of the length-prefixed section. */
    @Override
    public int position() {
        return empty ? in.base : end;
    }

    @Override
    public void readBooleans(boolean[] dst, int off, int n) {
        take(dst.length, off, n);
        runs.readBooleans(dst, off, n, scratch);
    }

    @Override
    public void skip(int n) {
        take(n);
        runs.skip(n);
    }
}
