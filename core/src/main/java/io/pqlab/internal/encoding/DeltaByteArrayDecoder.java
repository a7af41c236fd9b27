package io.pqlab.internal.encoding;

import io.pqlab.MalformedFileException;

/**
 * DELTA_BYTE_ARRAY (Encodings.md) for BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY: prefix lengths as
 * DELTA_BINARY_PACKED, then the suffixes as DELTA_LENGTH_BYTE_ARRAY; value i is the first
 * prefix[i] bytes of value i-1 followed by suffix i. A prefix longer than the previous value, or
 * (FLBA) a value of the wrong width, is malformed.
 *
 * <p>Output can legitimately be far larger than the input (long shared prefixes); it is bounded
 * by the announced value count times the largest value, which can only grow by suffix bytes that
 * are present, and by {@link Binaries#MAX_BYTES}.
 */
public final class DeltaByteArrayDecoder extends ValuesDecoder {
    private final int fixedWidth;
    private final DeltaBinaryPackedDecoder prefixDecoder = new DeltaBinaryPackedDecoder();
    private final DeltaLengthByteArrayDecoder suffixes = new DeltaLengthByteArrayDecoder();
    private int[] prefixes = new int[0];
    private long prefixesOffset;
    private byte[] prev = new byte[32];
    private int prevLen;
    private boolean carryOver;

    /** For BYTE_ARRAY. */
    public DeltaByteArrayDecoder() {
        this(-1);
    }

    /** For FIXED_LEN_BYTE_ARRAY of the given width (every value must have it); -1 for BYTE_ARRAY. */
    public DeltaByteArrayDecoder(int fixedWidth) {
        if (fixedWidth < -1) {
            throw new IllegalArgumentException("width " + fixedWidth);
        }
        this.fixedWidth = fixedWidth;
    }

    /**
     * When set, the first value of the next section may share a prefix with the last value this
     * decoder produced: pages written by parquet-mr before 1.8.0 (PARQUET-246) depend on the
     * previous page this way. Readers set it for such writers and reuse one decoder per chunk.
     */
    public void setCarryOver(boolean carryOver) {
        this.carryOver = carryOver;
    }

    @Override
    void start() {
        prefixesOffset = in.offsetOf(in.pos);
        prefixDecoder.init(in.buf, in.pos, in.end - in.pos, numValues, prefixesOffset);
        if (prefixes.length < numValues) {
            prefixes = new int[numValues];
        }
        prefixDecoder.readInts(prefixes, 0, numValues);
        for (int i = 0; i < numValues; i++) {
            if (prefixes[i] < 0) {
                throw DeltaBinaryPackedDecoder.negativeLength("DELTA_BYTE_ARRAY prefix length of value " + i,
                        prefixes[i], prefixesOffset);
            }
        }
        int suffixStart = prefixDecoder.skipToEnd();
        suffixes.init(in.buf, suffixStart, in.end - suffixStart, numValues, in.offsetOf(suffixStart));
        if (!carryOver) {
            prevLen = 0;
        }
    }

    @Override
    public int position() {
        return empty ? in.base : suffixes.position();
    }

    @Override
    public void readBinaries(Binaries dst, int n) {
        int first = valuesRead;
        take(n);
        for (int i = first; i < first + n; i++) {
            int len = next(i);
            checkGrowth(dst, len);
            dst.reserve(1, len);
            System.arraycopy(prev, 0, dst.data(), dst.end(), len);
            dst.commit(len);
        }
    }

    @Override
    public void skip(int n) {
        int first = valuesRead;
        take(n);
        for (int i = first; i < first + n; i++) {
            next(i);
        }
    }

    /** Builds value i in prev and returns its length. */
    private int next(int i) {
        int p = prefixes[i];
        if (p > prevLen) {
            throw new MalformedFileException("DELTA_BYTE_ARRAY prefix length " + p + " of value " + i
                    + " exceeds the previous value's " + prevLen + " bytes", prefixesOffset);
        }
        int sLen = suffixes.nextLength();
        int sPos = suffixes.nextDataPos();
        long len = (long) p + sLen;
        if (fixedWidth >= 0 && len != fixedWidth) {
            throw new MalformedFileException("DELTA_BYTE_ARRAY value " + i + " has " + len
                    + " bytes, FIXED_LEN_BYTE_ARRAY width is "
                    + fixedWidth, in.offsetOf(sPos));
        }
        if (len > Binaries.MAX_BYTES) {
            throw new MalformedFileException("DELTA_BYTE_ARRAY value " + i + " exceeds " + Binaries.MAX_BYTES
                    + " bytes", in.offsetOf(sPos));
        }
        if (len > prev.length) {
            prev = java.util.Arrays.copyOf(prev, (int) Math.min(Binaries.MAX_BYTES, Math.max(len, 2L * prev.length)));
        }
        System.arraycopy(in.buf, sPos, prev, p, sLen);
        suffixes.skip(1);
        prevLen = (int) len;
        return prevLen;
    }
}
