package io.pqlab.io;

import java.io.IOException;
import java.util.Objects;

/**
 * A source over another: what a wrapper (counting, caching the tail, fetching ahead) does not
 * change it passes on. The wrappers override what they add to; the rest is said once, here.
 * Public, as the base of {@link TailCachedSource} and of a caller's own wrappers (a cache, a
 * metric).
 */
public abstract class ForwardingSource implements ByteSource {
    protected final ByteSource inner;

    protected ForwardingSource(ByteSource inner) {
        this.inner = Objects.requireNonNull(inner, "inner");
    }

    /** The source beneath. */
    public ByteSource inner() {
        return inner;
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public int firstTailRead() {
        return inner.firstTailRead();
    }

    @Override
    public boolean remote() {
        return inner.remote();
    }

    @Override
    public long size() throws IOException {
        return inner.size();
    }

    @Override
    public void readFully(long offset, byte[] dst, int dstOffset, int length) throws IOException {
        inner.readFully(offset, dst, dstOffset, length);
    }

    @Override
    public void close() throws IOException {
        inner.close();
    }
}
