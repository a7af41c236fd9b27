package io.pqlab.internal.encoding;

import io.pqlab.MalformedFileException;

/**
 * RLE_DICTIONARY / PLAIN_DICTIONARY data pages: one byte of bit width, then the indices as the
 * RLE/bit-packed hybrid. Values are looked up in the {@link Dictionary}; an index outside it is
 * malformed. {@link #readIndices} gives the raw indices for callers that evaluate predicates on the
 * dictionary once.
 */
public final class DictionaryDecoder extends ValuesDecoder {
    private static final int BATCH = 1024;
    private final Dictionary dictionary;
    private final RleBitPackedDecoder indices = new RleBitPackedDecoder();
    private int[] scratch;

    public DictionaryDecoder(Dictionary dictionary) {
        this.dictionary = dictionary;
    }

    public Dictionary dictionary() {
        return dictionary;
    }

    @Override
    void start() {
        indices.initDictionaryIndices(in.buf, in.base, in.end - in.base, in.fileOffset);
    }

    @Override
    public int position() {
        return empty ? in.base : indices.position();
    }

    /** Decodes n indices, each checked against the dictionary size. */
    public void readIndices(int[] dst, int off, int n) {
        take(dst.length, off, n);
        decode(dst, off, n);
    }

    private void decode(int[] dst, int off, int n) {
        indices.readInts(dst, off, n);
        int size = dictionary.size();
        for (int i = off; i < off + n; i++) {
            if (Integer.compareUnsigned(dst[i], size) >= 0) {
                throw new MalformedFileException("dictionary index " + Integer.toUnsignedString(dst[i])
                        + " outside a dictionary of " + size, indices.runFileOffset());
            }
        }
    }

    private int[] scratch(int n) {
        if (scratch == null) {
            scratch = new int[BATCH];
        }
        return scratch;
    }

    @Override
    public void readBooleans(boolean[] dst, int off, int n) {
        take(dst.length, off, n);
        boolean[] d = need(dictionary.booleans(), "BOOLEAN");
        int[] s = scratch(n);
        for (int done = 0; done < n;) {
            int k = Math.min(n - done, s.length);
            decode(s, 0, k);
            for (int i = 0; i < k; i++) {
                dst[off + done + i] = d[s[i]];
            }
            done += k;
        }
    }

    @Override
    public void readInts(int[] dst, int off, int n) {
        take(dst.length, off, n);
        int[] d = need(dictionary.ints(), "INT32");
        // decode the indices in place, then replace each by its value
        decode(dst, off, n);
        for (int i = off; i < off + n; i++) {
            dst[i] = d[dst[i]];
        }
    }

    @Override
    public void readLongs(long[] dst, int off, int n) {
        take(dst.length, off, n);
        long[] d = need(dictionary.longs(), "INT64");
        int[] s = scratch(n);
        for (int done = 0; done < n;) {
            int k = Math.min(n - done, s.length);
            decode(s, 0, k);
            for (int i = 0; i < k; i++) {
                dst[off + done + i] = d[s[i]];
            }
            done += k;
        }
    }

    @Override
    public void readFloats(float[] dst, int off, int n) {
        take(dst.length, off, n);
        float[] d = need(dictionary.floats(), "FLOAT");
        int[] s = scratch(n);
        for (int done = 0; done < n;) {
            int k = Math.min(n - done, s.length);
            decode(s, 0, k);
            for (int i = 0; i < k; i++) {
                dst[off + done + i] = d[s[i]];
            }
            done += k;
        }
    }

    @Override
    public void readDoubles(double[] dst, int off, int n) {
        take(dst.length, off, n);
        double[] d = need(dictionary.doubles(), "DOUBLE");
        int[] s = scratch(n);
        for (int done = 0; done < n;) {
            int k = Math.min(n - done, s.length);
            decode(s, 0, k);
            for (int i = 0; i < k; i++) {
                dst[off + done + i] = d[s[i]];
            }
            done += k;
        }
    }

    @Override
    public void readBinaries(Binaries dst, int n) {
        take(n);
        Binaries d = need(dictionary.binaries(), "byte array");
        int[] s = scratch(n);
        for (int done = 0; done < n;) {
            int k = Math.min(n - done, s.length);
            decode(s, 0, k);
            long bytes = 0;
            for (int i = 0; i < k; i++) {
                bytes += d.length(s[i]);
            }
            checkGrowth(dst, bytes);
            dst.reserve(k, bytes);
            for (int i = 0; i < k; i++) {
                dst.append(d, s[i]);
            }
            done += k;
        }
    }

    @Override
    public void skip(int n) {
        take(n);
        indices.skip(n);
    }

    private static <T> T need(T values, String type) {
        if (values == null) {
            throw new UnsupportedOperationException("dictionary does not hold " + type + " values");
        }
        return values;
    }
}
