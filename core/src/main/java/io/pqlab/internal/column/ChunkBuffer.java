package io.pqlab.internal.column;

import io.pqlab.io.ByteSource;
import java.io.IOException;

/**
 * A window of file bytes fetched from a {@link ByteSource}, moved forward as pages are read. Every
 * byte is fetched at most once per window: when more is needed past the window's end, the part
 * still wanted is kept and only the new bytes are read. Reads never cross the limit the caller
 * gives (the end of the contiguous span being read), so nothing outside the planned spans is
 * fetched; within a span, one read covers up to {@code readSize} bytes (or a whole page, if
 * larger), which bounds memory by the pages in flight rather than by the span.
 */
final class ChunkBuffer {
    private final ByteSource source;
    private final int readSize;
    private byte[] buf = EMPTY;
    /** The scan's spare arrays (null: each window allocated); see {@link #arrays(AheadBudget)}. */
    private AheadBudget arrays;
    /** File offset of buf[0]. */
    private long start;
    /** Valid bytes in buf. */
    private int length;
    private long bytesFetched;
    private int reads;

    private static final byte[] EMPTY = new byte[0];

    ChunkBuffer(ByteSource source, int readSize) {
        this.source = source;
        this.readSize = Math.max(1, readSize);
    }

    /**
     * Takes windows from the scan's spare arrays and gives them back when replaced or released:
     * nothing outside this object reads a window's array once a page is decoded (values are
     * copied out of it; pages read ahead hold copies).
     */
    void arrays(AheadBudget a) {
        this.arrays = a;
    }

    /**
     * Makes [offset, offset + len) available, reading no byte at or past {@code limit}. The
     * caller has checked that offset + len <= limit and that limit lies inside the file.
     */
    void ensure(long offset, int len, long limit) throws IOException {
        long end = offset + len;
        if (offset >= start && end <= start + length) {
            return;
        }
        long have = start + length;
        // keep [offset, have) when the request starts inside the window; else start afresh
        int keep = offset >= start && offset < have ? (int) (have - offset) : 0;
        long readFrom = keep > 0 ? have : offset;
        long readTo = Math.min(limit, Math.max(end, offset + (long) readSize));
        int total = (int) (readTo - offset);
        if (buf.length < total) {
            // grow geometrically up to the read size, then to what is asked: no more than needed
            int size = (int) Math.max(total, Math.min(readSize, buf.length * 2L));
            byte[] bigger = arrays != null ? arrays.array(size) : new byte[size];
            if (keep > 0) {
                System.arraycopy(buf, (int) (offset - start), bigger, 0, keep);
            }
            giveBack();
            buf = bigger;
        } else if (keep > 0) {
            System.arraycopy(buf, (int) (offset - start), buf, 0, keep);
        }
        int n = (int) (readTo - readFrom);
        source.readFully(readFrom, buf, keep, n);
        bytesFetched += n;
        reads++;
        start = offset;
        length = keep + n;
    }

    /** Drops the window (the reader needs no more bytes); a later {@link #ensure} reads afresh. */
    void release() {
        giveBack();
        buf = EMPTY;
        start = 0;
        length = 0;
    }

    private void giveBack() {
        if (arrays != null) {
            arrays.recycle(buf);
        }
    }

    /** The backing array; file offset f is at index {@link #index}(f). */
    byte[] array() {
        return buf;
    }

    int index(long fileOffset) {
        return (int) (fileOffset - start);
    }

    /** File offset just past the valid bytes. */
    long end() {
        return start + length;
    }

    long bytesFetched() {
        return bytesFetched;
    }

    int reads() {
        return reads;
    }
}
