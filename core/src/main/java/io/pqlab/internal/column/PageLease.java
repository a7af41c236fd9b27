package io.pqlab.internal.column;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * (reuse) The decompressed buffer a PLAIN string page's values view ({@code Binaries.viewPlain}),
 * counted by who may still read it, so that it goes back to the scan's spare arrays
 * ({@link AheadBudget}) only once nothing can: the scan that made the page (one reference, until
 * {@link #seal}: the batch holding the page's last row is made, so no later batch can hold the page),
 * and each row batch holding any of its rows (one each, from the batch's making to its
 * {@code RowBatch.release()}). A batch never released keeps its reference forever: the buffer is
 * then left to the GC with the page, as without leases. Safe for any thread (a batch made on a
 * scan's pool is released by the consumer).
 */
public final class PageLease {
    /** Tests and profiles: buffers given back to the spares by their last release, JVM-wide. */
    private static final java.util.concurrent.atomic.AtomicLong RETURNED = new java.util.concurrent.atomic.AtomicLong();

    private final byte[] buffer;
    private final AheadBudget spares;
    /** The scan's reference (until sealed) plus one per batch holding the page, unreleased. */
    private final AtomicInteger refs = new AtomicInteger(1);
    private final AtomicBoolean sealed = new AtomicBoolean();

    PageLease(byte[] buffer, AheadBudget spares) {
        this.buffer = buffer;
        this.spares = spares;
    }

    /** A batch now holds the page (made by the scan before it is sealed, so never from zero). */
    public void retain() {
        int before = refs.getAndIncrement();
        if (before <= 0) {
            throw new IllegalStateException("a page retained after its buffer was given back");
        }
    }

    /** The scan will put the page in no more batches: drops its reference (once). */
    public void seal() {
        if (sealed.compareAndSet(false, true)) {
            release(false);
        }
    }

    /**
     * A batch that held the page is done with it: drops its reference. {@code byConsumer}: the
     * scan's consumer released it (else the scan dropped a batch it never handed out: compacted).
     */
    public void release(boolean byConsumer) {
        if (byConsumer) {
            spares.consumerReleases(); // from now on the scan's viewed pages take spare arrays
        }
        int left = refs.decrementAndGet();
        if (left == 0) {
            RETURNED.incrementAndGet();
            spares.recycleViewed(buffer);
        } else if (left < 0) {
            throw new IllegalStateException("a page released more often than it was held");
        }
    }

    /**
     * What a batch made from this page's rows but holding none of them (a compacted copy,
     * {@code RowBatch.compact}) runs when the consumer releases it: the scan's viewed pages may
     * take spares. Bound to the budget alone, so the copy does not keep this page's buffer alive.
     */
    public Runnable consumerSignal() {
        AheadBudget s = spares;
        return s::consumerReleases;
    }

    /** Whether the buffer has gone back (tests). */
    boolean returned() {
        return refs.get() == 0;
    }

    /** Buffers given back by their last release so far in this JVM (tests, profiles). */
    public static long returnedCount() {
        return RETURNED.get();
    }
}
