package io.pqlab.io;

import java.io.IOException;

/**
 * Keeps the file's tail once it has been read (the footer reader's first request fetches
 * {@link ByteSource#firstTailRead()} bytes of it: 64 KiB from a remote source), and serves later
 * reads that fall inside it from memory. Page indexes and Bloom
 * filters usually lie just before the footer, so they then cost no request, and no byte is
 * fetched twice.
 *
 * <p>Thread-safe where the source beneath is: the tail is one immutable value behind a volatile
 * field.
 */
public final class TailCachedSource extends ForwardingSource {
    /** Larger tail reads are passed through without being kept. */
    public static final int MAX_TAIL = 1 << 20;

    private final long size;
    /** The tail kept, bytes and offset together: several threads read through one source. */
    private volatile Tail tail;

    private record Tail(long start, byte[] bytes) {}

    public TailCachedSource(ByteSource inner) throws IOException {
        super(inner);
        this.size = inner.size();
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public void readFully(long offset, byte[] dst, int dstOffset, int length) throws IOException {
        Tail t = tail;
        if (t != null && offset >= t.start() && offset + length <= t.start() + t.bytes().length) {
            System.arraycopy(t.bytes(), (int) (offset - t.start()), dst, dstOffset, length);
            return;
        }
        inner.readFully(offset, dst, dstOffset, length);
        if (offset + length == size && length <= MAX_TAIL && (t == null || length > t.bytes().length)) {
            byte[] copy = new byte[length];
            System.arraycopy(dst, dstOffset, copy, 0, length);
            tail = new Tail(offset, copy); // a race keeps one of two equal-content tails: either is right
        }
    }

    @Override
    public String toString() {
        Tail t = tail;
        return "TailCachedSource[" + inner.name() + ", " + (t == null ? 0 : t.bytes().length) + " tail bytes kept]";
    }

}
