package io.pqlab.internal.encoding;

import io.pqlab.MalformedFileException;

/**
 * DELTA_BINARY_PACKED (Encodings.md) for INT32 and INT64: a header (block size, miniblocks per
 * block, total count, zigzag first value), then blocks of a zigzag min delta, one bit width byte
 * per miniblock, and the bit-packed miniblocks. Arithmetic wraps in two's complement; INT32 values
 * are the low 32 bits of the same 64-bit sums, which equals 32-bit wrapping arithmetic.
 *
 * <p>Nothing is allocated from the header: miniblock widths are read in place and values are
 * unpacked straight into the caller's array, so a header announcing huge blocks costs nothing
 * until its bytes are shown to exist. The unused tail of the last block (widths of empty
 * miniblocks, bytes past the last value) is never read, as the spec requires.
 */
public final class DeltaBinaryPackedDecoder extends ValuesDecoder {
    private static final int MAX_WIDTH = 64;

    private int valuesPerMiniblock;
    private int miniblocksPerBlock;
    private int totalCount;
    /** Values of the stream not yet returned, the first value included. */
    private long streamLeft;
    private boolean firstPending;
    private long last;

    private long minDelta;
    /** Index in the buffer of the current block's width bytes; miniblock index in the block. */
    private int widthsPos;
    private int miniblock;
    /** Current miniblock: start of its bits, width, next value index, values left in it. */
    private int mbPos;
    private int mbWidth;
    private int mbNext;
    private int mbLeft;
    private int mbHeaderPos;
    /** Deltas still to come after the current miniblock. */
    private long deltasAfter;

    private long[] scratch;

    @Override
    void start() {
        int headerPos = in.pos;
        long blockSize = in.uleb32("DELTA_BINARY_PACKED block size");
        long miniblocks = in.uleb32("DELTA_BINARY_PACKED miniblock count");
        long total = in.uleb32("DELTA_BINARY_PACKED value count");
        long first = in.zigzag64("DELTA_BINARY_PACKED first value");
        if (blockSize == 0 || blockSize % 128 != 0 || blockSize > Integer.MAX_VALUE) {
            throw in.error("DELTA_BINARY_PACKED block size " + blockSize + " is not a positive multiple of 128",
                    headerPos);
        }
        if (miniblocks == 0 || blockSize % miniblocks != 0 || (blockSize / miniblocks) % 32 != 0) {
            throw in.error("DELTA_BINARY_PACKED " + miniblocks + " miniblocks do not split a block of " + blockSize
                    + " into multiples of 32", headerPos);
        }
        if (total > Integer.MAX_VALUE) {
            throw in.error("DELTA_BINARY_PACKED value count " + total + " exceeds 2^31-1", headerPos);
        }
        if (total < numValues) {
            throw in.error("DELTA_BINARY_PACKED holds " + total + " values, " + numValues + " expected", headerPos);
        }
        valuesPerMiniblock = (int) (blockSize / miniblocks);
        miniblocksPerBlock = (int) miniblocks;
        totalCount = (int) total;
        streamLeft = total;
        firstPending = total > 0;
        last = first;
        deltasAfter = Math.max(0, total - 1);
        miniblock = miniblocksPerBlock; // no block loaded
        mbLeft = 0;
    }

    /** The value count the header announces (at least the number announced at init). */
    public int totalCount() {
        return totalCount;
    }

    @Override
    public int position() {
        return in.pos;
    }

    @Override
    public void readInts(int[] dst, int off, int n) {
        take(dst.length, off, n);
        int i = 0;
        if (n > 0 && firstPending) {
            dst[off] = (int) last;
            firstPending = false;
            streamLeft--;
            i = 1;
        }
        long[] s = scratch();
        while (i < n) {
            if (mbLeft == 0) {
                nextMiniblock();
            }
            int k = Math.min(Math.min(n - i, mbLeft), s.length);
            BitPacking.unpackLongs(in.buf, mbPos, in.end, (long) mbNext * mbWidth, mbWidth, s, 0, k);
            long v = last;
            long md = minDelta;
            for (int j = 0; j < k; j++) {
                v += md + s[j];
                dst[off + i + j] = (int) v;
            }
            last = v;
            advance(k);
            i += k;
        }
    }

    @Override
    public void readLongs(long[] dst, int off, int n) {
        take(dst.length, off, n);
        int i = 0;
        if (n > 0 && firstPending) {
            dst[off] = last;
            firstPending = false;
            streamLeft--;
            i = 1;
        }
        while (i < n) {
            if (mbLeft == 0) {
                nextMiniblock();
            }
            int k = Math.min(n - i, mbLeft);
            BitPacking.unpackLongs(in.buf, mbPos, in.end, (long) mbNext * mbWidth, mbWidth, dst, off + i, k);
            long v = last;
            long md = minDelta;
            for (int j = off + i, e = off + i + k; j < e; j++) {
                v += md + dst[j];
                dst[j] = v;
            }
            last = v;
            advance(k);
            i += k;
        }
    }

    @Override
    public void skip(int n) {
        take(n);
        int i = 0;
        if (n > 0 && firstPending) {
            firstPending = false;
            streamLeft--;
            i = 1;
        }
        long[] s = scratch();
        while (i < n) {
            if (mbLeft == 0) {
                nextMiniblock();
            }
            int k = Math.min(Math.min(n - i, mbLeft), s.length);
            // the running value must still be computed: later values are relative to it
            BitPacking.unpackLongs(in.buf, mbPos, in.end, (long) mbNext * mbWidth, mbWidth, s, 0, k);
            long v = last;
            for (int j = 0; j < k; j++) {
                v += minDelta + s[j];
            }
            last = v;
            advance(k);
            i += k;
        }
    }

    /**
     * Moves past the rest of the stream (values not read included) without decoding it and returns
     * the buffer index where it ends: where DELTA_LENGTH_BYTE_ARRAY data and DELTA_BYTE_ARRAY
     * suffixes begin. Every step consumes header bytes, so the walk is bounded by the data.
     */
    int skipToEnd() {
        // the current miniblock's bytes were already consumed when it was entered
        mbLeft = 0;
        while (deltasAfter > 0) {
            enterMiniblock();
            mbLeft = 0;
        }
        streamLeft = 0;
        firstPending = false;
        return in.pos;
    }

    private void advance(int k) {
        mbNext += k;
        mbLeft -= k;
        streamLeft -= k;
    }

    private void nextMiniblock() {
        if (deltasAfter == 0) {
            // take() admits only announced values and start() checked total >= announced
            throw new IllegalStateException("DELTA_BINARY_PACKED stream exhausted");
        }
        enterMiniblock();
    }

    /** Reads the block header if needed, then consumes the next miniblock's bytes. */
    private void enterMiniblock() {
        if (miniblock == miniblocksPerBlock) {
            int blockPos = in.pos;
            minDelta = in.zigzag64("DELTA_BINARY_PACKED min delta");
            if (miniblocksPerBlock > in.end - in.pos) {
                throw in.error("DELTA_BINARY_PACKED block needs " + miniblocksPerBlock + " miniblock widths, "
                        + (in.end - in.pos) + " bytes left", blockPos);
            }
            widthsPos = in.pos;
            in.pos += miniblocksPerBlock;
            miniblock = 0;
        }
        mbHeaderPos = widthsPos + miniblock;
        int w = in.buf[mbHeaderPos] & 0xFF;
        miniblock++;
        if (w > MAX_WIDTH) {
            throw in.error("DELTA_BINARY_PACKED miniblock bit width " + w + " exceeds 64", mbHeaderPos);
        }
        // whole miniblocks are stored, the last one padded (Encodings.md)
        long bytes = (long) valuesPerMiniblock * w / 8;
        if (bytes > in.end - in.pos) {
            throw in.error("DELTA_BINARY_PACKED miniblock needs " + bytes + " bytes, " + (in.end - in.pos)
                    + " left");
        }
        mbPos = in.pos;
        in.pos += (int) bytes;
        mbWidth = w;
        mbNext = 0;
        mbLeft = (int) Math.min(valuesPerMiniblock, deltasAfter);
        deltasAfter -= mbLeft;
    }

    private long[] scratch() {
        if (scratch == null) {
            scratch = new long[256];
        }
        return scratch;
    }

    static MalformedFileException negativeLength(String what, long value, long offset) {
        return new MalformedFileException(what + " " + value + " is negative", offset);
    }
}
