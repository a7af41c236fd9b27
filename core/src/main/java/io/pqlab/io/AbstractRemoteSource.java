package io.pqlab.io;

import java.io.IOException;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The part of a {@link RemoteSource} that does not depend on the protocol, written once for HTTP
 * and S3 (and a caller's own store): every request runs under the {@link RetryPolicy}, its
 * failed attempts counted; the size, once learned from a reply, is kept and costs no request; a
 * read is checked against a known size before anything is asked for. A subclass says how one
 * attempt of each request is made ({@link #head}, {@link #suffix}, {@link #range}) and checks
 * what the server sent; where a reply tells the size it calls {@link #sizeIs} (under the
 * object's lock, with its own check that the file did not change).
 */
public abstract class AbstractRemoteSource implements RemoteSource {
    protected final RetryPolicy retry;
    private final AtomicLong retries = new AtomicLong();
    private volatile long size = -1;

    protected AbstractRemoteSource(RetryPolicy retry) {
        this.retry = Objects.requireNonNull(retry, "retry");
    }

    /** One attempt at learning the size (a HEAD or its like); it calls {@link #sizeIs}. */
    protected abstract long head() throws IOException;

    /** One attempt at {@link #readSuffix}; {@code n} is at least 1. */
    protected abstract Suffix suffix(int n) throws IOException;

    /** One attempt at reading exactly {@code length} (at least 1) bytes at {@code offset}. */
    protected abstract byte[] range(long offset, int length) throws IOException;

    /** The size learned so far, or -1. */
    protected final long knownSize() {
        return size;
    }

    /** Keeps the size a reply told (the caller has checked it against {@link #knownSize()}). */
    protected final void sizeIs(long total) {
        size = total;
    }

    @Override
    public boolean sizeKnown() {
        return size >= 0;
    }

    @Override
    public long retries() {
        return retries.get();
    }

    /** The size, from a HEAD the first time it is asked for (unless another reply told it). */
    @Override
    public long size() throws IOException {
        long s = size;
        if (s >= 0) {
            return s;
        }
        return retry.run("HEAD", retries, this::head);
    }

    @Override
    public Suffix readSuffix(int n) throws IOException {
        if (n < 1) {
            throw new IllegalArgumentException("a suffix of " + n + " bytes");
        }
        return retry.run("GET the last " + n + " bytes", retries, () -> suffix(n));
    }

    @Override
    public void readFully(long offset, byte[] dst, int dstOffset, int length) throws IOException {
        if (length == 0) {
            return;
        }
        long known = size;
        if (known >= 0) {
            ByteSource.checkRange(offset, length, known, "a read");
        }
        byte[] got = retry.run("GET bytes " + offset + "-" + (offset + length - 1), retries,
                () -> range(offset, length));
        System.arraycopy(got, 0, dst, dstOffset, length);
    }
}
