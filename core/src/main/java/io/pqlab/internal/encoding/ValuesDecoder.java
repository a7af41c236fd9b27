package io.pqlab.internal.encoding;

import io.pqlab.MalformedFileException;

/**
 * Decodes the values section of a page (or a dictionary page) in one encoding. Reusable: {@link
 * #init} points it at bytes, then the read methods fill primitive arrays or a {@link Binaries} in
 * as many batches as wanted, up to the number of values announced at init. Each decoder supports
 * the read methods of the physical types its encoding allows and throws
 * UnsupportedOperationException for the others (a caller bug, not a file problem).
 *
 * <p>Bounds: lengths and counts read from the data are checked against the bytes given and
 * against the announced count before anything is allocated from them; running out of data is a
 * {@link MalformedFileException} with the absolute file offset.
 */
public abstract class ValuesDecoder {
    final Bytes.Cursor in = new Bytes.Cursor();
    int numValues;
    int valuesRead;
    /** No values announced and no bytes given: nothing to parse (all-null pages of some writers). */
    boolean empty;

    ValuesDecoder() {}

    /**
     * Points the decoder at buf[off, off+len), whose first byte is at absolute file offset
     * fileOffset, holding (at least) numValues values; for the values section of a page, len runs
     * to the end of the page. With no values and no bytes nothing is parsed, not even a header.
     */
    public final void init(byte[] buf, int off, int len, int numValues, long fileOffset) {
        if (numValues < 0) {
            throw new IllegalArgumentException("numValues " + numValues);
        }
        in.reset(buf, off, len, fileOffset);
        this.numValues = numValues;
        this.valuesRead = 0;
        this.empty = numValues == 0 && len == 0;
        if (!empty) {
            start();
        } else {
            clear();
        }
    }

    /**
     * Forgets the previous section's state where {@link #start} is not called (an empty section: a
     * page whose entries are all null, after one with values, on a reused decoder).
     */
    void clear() {}

    /** Reads the encoding's header, if any, and checks it against the data and numValues. */
    abstract void start();

    /** Values announced at init that have not been read or skipped yet. */
    public final int remaining() {
        return numValues - valuesRead;
    }

    /**
     * Index in the buffer just past the bytes consumed so far. For BYTE_STREAM_SPLIT, whose values
     * are spread over the whole section, the end of the section.
     */
    public abstract int position();

    public void readBooleans(boolean[] dst, int off, int n) {
        throw unsupported("BOOLEAN");
    }

    public void readInts(int[] dst, int off, int n) {
        throw unsupported("INT32");
    }

    public void readLongs(long[] dst, int off, int n) {
        throw unsupported("INT64");
    }

    public void readFloats(float[] dst, int off, int n) {
        throw unsupported("FLOAT");
    }

    public void readDoubles(double[] dst, int off, int n) {
        throw unsupported("DOUBLE");
    }

    /** Appends n values to dst: BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY and INT96 (12 bytes each). */
    public void readBinaries(Binaries dst, int n) {
        throw unsupported("byte array");
    }

    /**
     * As {@link #readBinaries(Binaries, int)}; when {@code mayKeepInput}, the caller gives up the
     * bytes given to {@link #init} (nobody writes them again), so a decoder may leave the values
     * where they are and make an empty dst a view of them ({@link Binaries#gap()}) instead of
     * copying. Only PLAIN BYTE_ARRAY does.
     */
    public void readBinaries(Binaries dst, int n, boolean mayKeepInput) {
        readBinaries(dst, n);
    }

    /** Skips n values, checking that they are present. */
    public abstract void skip(int n);

    /** Counts n values against the announced total; checks the destination range. */
    final void take(int dstLength, int off, int n) {
        if (n < 0 || off < 0 || off > dstLength - n) {
            throw new IndexOutOfBoundsException("off " + off + " n " + n + " length " + dstLength);
        }
        take(n);
    }

    final void take(int n) {
        if (n < 0 || n > numValues - valuesRead) {
            throw new IllegalArgumentException("asked for " + n + " values, " + (numValues - valuesRead)
                    + " of the " + numValues + " announced remain");
        }
        valuesRead += n;
    }

    /** Checks that appending bytes more bytes to dst stays within a Java array. */
    final void checkGrowth(Binaries dst, long bytes) {
        if ((long) dst.byteSize() + bytes > Binaries.MAX_BYTES) {
            throw new MalformedFileException("decoded byte arrays exceed " + Binaries.MAX_BYTES + " bytes",
                    in.offsetOf(in.pos));
        }
    }

    private UnsupportedOperationException unsupported(String type) {
        return new UnsupportedOperationException(getClass().getSimpleName() + " does not decode " + type);
    }
}
