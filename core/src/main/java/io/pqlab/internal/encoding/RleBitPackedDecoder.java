package io.pqlab.internal.encoding;

import io.pqlab.MalformedFileException;

/**
 * The RLE / bit-packing hybrid (Encodings.md, RLE = 3) for bit widths 0..32: definition and
 * repetition levels, dictionary indices and RLE booleans. Reusable: call one of the init methods,
 * then read or skip values in as many batches as needed.
 *
 * <p>Bounds: every run header and value is checked against the bytes given; asking for more values
 * than the runs hold is a {@link MalformedFileException} at the absolute offset where data ran out.
 * A final bit-packed run may declare more groups than its bytes hold (writers pad to whole groups;
 * parquet-java and Arrow read such runs as far as the values asked for), but every value actually
 * read must lie within the data.
 */
public final class RleBitPackedDecoder {
    private final Bytes.Cursor in = new Bytes.Cursor();
    private int bitWidth;
    private int valueBytes;

    /** Values left in the current run. */
    private long runLeft;
    private boolean rle;
    private int rleValue;
    /** Bit-packed run: start of its bytes, index of the next value in it, values whose bits are present. */
    private int packedStart;
    private long packedNext;
    private long packedAvailable;
    private int runHeaderPos;

    /** Runs occupy exactly buf[off, off+len) (v2 levels, or a section whose length is known). */
    public RleBitPackedDecoder init(byte[] buf, int off, int len, int bitWidth, long fileOffset) {
        if (bitWidth < 0 || bitWidth > 32) {
            throw new IllegalArgumentException("bit width " + bitWidth);
        }
        in.reset(buf, off, len, fileOffset);
        this.bitWidth = bitWidth;
        this.valueBytes = (bitWidth + 7) >>> 3;
        this.runLeft = 0;
        this.runHeaderPos = off;
        return this;
    }

    /**
     * A 4-byte little-endian length, then that many bytes of runs (v1 levels, RLE booleans). Returns
     * the bytes this section occupies, 4 + length, so the caller can find what follows.
     */
    public int initLengthPrefixed(byte[] buf, int off, int len, int bitWidth, long fileOffset) {
        Bytes.checkRange(buf, off, len);
        if (len < 4) {
            throw new MalformedFileException("RLE length prefix: needs 4 bytes, " + len + " left", fileOffset);
        }
        long runsLen = Bytes.intLE(buf, off) & 0xFFFF_FFFFL;
        if (runsLen > len - 4) {
            throw new MalformedFileException("RLE data length " + runsLen + " exceeds the " + (len - 4)
                    + " bytes left", fileOffset);
        }
        init(buf, off + 4, (int) runsLen, bitWidth, fileOffset + 4);
        return 4 + (int) runsLen;
    }

    /** Dictionary indices: one byte of bit width (0..32), then runs to the end of the range. */
    public RleBitPackedDecoder initDictionaryIndices(byte[] buf, int off, int len, long fileOffset) {
        Bytes.checkRange(buf, off, len);
        if (len < 1) {
            throw new MalformedFileException("dictionary indices: missing bit width byte", fileOffset);
        }
        int w = buf[off] & 0xFF;
        if (w > 32) {
            throw new MalformedFileException("dictionary index bit width " + w + " exceeds 32", fileOffset);
        }
        return init(buf, off + 1, len - 1, w, fileOffset + 1);
    }

    public int bitWidth() {
        return bitWidth;
    }

    /**
     * Index in the buffer just past the bytes consumed: the end of the last run started (clipped
     * to the data for a short final bit-packed run).
     */
    public int position() {
        return in.pos;
    }

    /** Absolute file offset of the current run's header, for error messages of callers. */
    public long runFileOffset() {
        return in.offsetOf(runHeaderPos);
    }

    /** Decodes the next n values into dst[off, off+n). */
    public void readInts(int[] dst, int off, int n) {
        checkArgs(dst.length, off, n);
        while (n > 0) {
            if (runLeft == 0) {
                nextRun(n);
            }
            int k = (int) Math.min(n, runLeft);
            if (rle) {
                java.util.Arrays.fill(dst, off, off + k, rleValue);
            } else {
                checkPacked(k);
                BitPacking.unpackInts(in.buf, packedStart, in.end, packedNext * bitWidth, bitWidth, dst, off, k);
                packedNext += k;
            }
            runLeft -= k;
            off += k;
            n -= k;
        }
    }

    /**
     * Whether the next n values are all {@code value} in one RLE run; if so they are consumed (as
     * {@link #readInts} would, without writing them anywhere), else nothing is (the next run's
     * header may be read: a later read goes on from it). Levels of a page without nulls are one
     * run of the maximum: the caller need not fill and count n entries.
     */
    public boolean skipIfOneRun(int value, int n) {
        if (n <= 0) {
            return false;
        }
        if (runLeft == 0) {
            nextRun(n);
        }
        if (rle && rleValue == value && runLeft >= n) {
            runLeft -= n;
            return true;
        }
        return false;
    }

    /** Decodes one value. */
    public int readInt() {
        if (runLeft == 0) {
            nextRun(1);
        }
        int v;
        if (rle) {
            v = rleValue;
        } else {
            checkPacked(1);
            long bit = packedNext * bitWidth;
            int byteIdx = packedStart + (int) (bit >>> 3);
            v = bitWidth == 0 ? 0
                    : (int) ((Bytes.wordLE(in.buf, byteIdx, in.end) >>> (bit & 7)) & ((1L << bitWidth) - 1));
            packedNext++;
        }
        runLeft--;
        return v;
    }

    /** Skips n values (still checking that they are present). */
    public void skip(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("n " + n);
        }
        while (n > 0) {
            if (runLeft == 0) {
                nextRun(n);
            }
            int k = (int) Math.min(n, runLeft);
            if (!rle) {
                checkPacked(k);
                packedNext += k;
            }
            runLeft -= k;
            n -= k;
        }
    }

    /**
     * Decodes n values as booleans (bit width 1; any non-zero value is true). Uses scratch for the
     * batch, which must hold at least one value.
     */
    void readBooleans(boolean[] dst, int off, int n, int[] scratch) {
        checkArgs(dst.length, off, n);
        while (n > 0) {
            int k = Math.min(n, scratch.length);
            readInts(scratch, 0, k);
            for (int i = 0; i < k; i++) {
                dst[off + i] = scratch[i] != 0;
            }
            off += k;
            n -= k;
        }
    }

    private void nextRun(int wanted) {
        // Each header consumes at least one byte, so this loop ends with the data even when a
        // writer emits empty runs.
        do {
            if (in.pos >= in.end) {
                throw in.error("RLE/bit-packed data ends with " + wanted + " value(s) still expected");
            }
            runHeaderPos = in.pos;
            long h = in.uleb32("RLE run header");
            if ((h & 1) != 0) {
                long groups = h >>> 1;
                runLeft = groups * 8;
                rle = false;
                packedStart = in.pos;
                packedNext = 0;
                long bytes = groups * bitWidth;
                long avail = in.end - in.pos;
                packedAvailable = bitWidth == 0 ? runLeft : Math.min(runLeft, avail * 8 / bitWidth);
                in.pos += (int) Math.min(bytes, avail);
            } else {
                runLeft = h >>> 1;
                rle = true;
                in.need(valueBytes, "RLE run value");
                int v = 0;
                for (int i = 0; i < valueBytes; i++) {
                    v |= (in.buf[in.pos + i] & 0xFF) << (8 * i);
                }
                if (bitWidth < 32 && v >>> bitWidth != 0) {
                    // A level or index wider than its bit width is no value the writer encoded
                    // (a level above the maximum, an index past the dictionary's reach).
                    throw in.error("RLE run value " + (v & 0xFFFFFFFFL) + " does not fit in " + bitWidth + " bits",
                            runHeaderPos);
                }
                in.pos += valueBytes;
                rleValue = v;
            }
        } while (runLeft == 0);
    }

    private void checkPacked(int k) {
        if (packedNext + k > packedAvailable) {
            throw in.error("bit-packed run of " + (packedNext + runLeft) + " values holds bits for only "
                    + packedAvailable, runHeaderPos);
        }
    }

    private static void checkArgs(int dstLen, int off, int n) {
        if (n < 0 || off < 0 || off > dstLen - n) {
            throw new IndexOutOfBoundsException("off " + off + " n " + n + " length " + dstLen);
        }
    }
}
