package io.pqlab.internal.encoding;

/**
 * DELTA_LENGTH_BYTE_ARRAY (Encodings.md): the lengths as DELTA_BINARY_PACKED, then all the bytes
 * back to back. The lengths of the announced values are decoded at init and checked (none
 * negative, their sum within the data) before any value is copied.
 */
public final class DeltaLengthByteArrayDecoder extends ValuesDecoder {
    private final DeltaBinaryPackedDecoder lengthsDecoder = new DeltaBinaryPackedDecoder();
    /** Lengths of the announced values; kept so that a reused decoder does not reallocate. */
    private int[] lengths = new int[0];

    @Override
    void start() {
        in.pos = readLengths(lengthsDecoder, in, numValues);
    }

    /**
     * Decodes n lengths from a DELTA_BINARY_PACKED stream at in.pos, checks them and their sum
     * against the data after the stream, and returns where that data begins. Leaves the lengths in
     * lengths[0, n).
     */
    int readLengths(DeltaBinaryPackedDecoder dec, Bytes.Cursor c, int n) {
        dec.init(c.buf, c.pos, c.end - c.pos, n, c.offsetOf(c.pos));
        if (lengths.length < n) {
            lengths = new int[n];
        }
        int[] l = lengths;
        dec.readInts(l, 0, n);
        int start = dec.skipToEnd();
        long sum = 0;
        for (int i = 0; i < n; i++) {
            if (l[i] < 0) {
                throw DeltaBinaryPackedDecoder.negativeLength("DELTA_LENGTH_BYTE_ARRAY length of value " + i, l[i],
                        c.offsetOf(c.pos));
            }
            sum += l[i];
        }
        if (sum > c.end - start) {
            throw c.error("DELTA_LENGTH_BYTE_ARRAY lengths add up to " + sum + " bytes, " + (c.end - start)
                    + " present", start);
        }
        return start;
    }

    @Override
    public int position() {
        return in.pos;
    }

    @Override
    public void readBinaries(Binaries dst, int n) {
        int first = valuesRead;
        take(n);
        long total = 0;
        for (int i = first; i < first + n; i++) {
            total += lengths[i];
        }
        checkGrowth(dst, total);
        dst.reserve(n, total);
        byte[] d = dst.data();
        byte[] b = in.buf;
        int p = in.pos;
        for (int i = first; i < first + n; i++) {
            int len = lengths[i];
            System.arraycopy(b, p, d, dst.end(), len);
            dst.commit(len);
            p += len;
        }
        in.pos = p;
    }

    @Override
    public void skip(int n) {
        int first = valuesRead;
        take(n);
        long total = 0;
        for (int i = first; i < first + n; i++) {
            total += lengths[i];
        }
        in.pos += (int) total;
    }

    /** Length of the next value to read, for DELTA_BYTE_ARRAY which reads suffixes one by one. */
    int nextLength() {
        return lengths[valuesRead];
    }

    /** Index in the buffer of the next value's bytes. */
    int nextDataPos() {
        return in.pos;
    }
}
