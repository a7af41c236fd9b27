package io.pqlab.internal.io;

import io.pqlab.io.ByteSource;

import io.pqlab.io.ForwardingSource;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts what is asked of another source: bytes and separate reads. Plans promise which bytes a
 * scan fetches; these counts are how tests and {@code --stats} hold them to it.
 *
 * <p>Thread-safe where the source beneath is (atomic counters).
 */
public final class CountingSource extends ForwardingSource {
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicLong reads = new AtomicLong();

    public CountingSource(ByteSource inner) {
        super(inner);
    }

    @Override
    public void readFully(long offset, byte[] dst, int dstOffset, int length) throws IOException {
        inner.readFully(offset, dst, dstOffset, length);
        bytes.addAndGet(length);
        reads.incrementAndGet();
    }

    /** Bytes read so far. */
    public long bytesRead() {
        return bytes.get();
    }

    /** Separate reads so far. */
    public long reads() {
        return reads.get();
    }

    public void reset() {
        bytes.set(0);
        reads.set(0);
    }

    @Override
    public String toString() {
        return "CountingSource[" + inner.name() + ", " + reads.get() + " reads, " + bytes.get() + " bytes]";
    }

}
