package io.pqlab.internal.column;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * (reuse) A flat column's decoded page in a scan, counted by who may still read it, so that its
 * arrays go back to the scan's spares ({@link AheadBudget}) only once nothing can: (pages) its
 * typed arrays (values, definition levels, dictionary indices, value indexes) and, for a PLAIN
 * string page, the decompressed buffer its values view ({@code Binaries.viewPlain}). Who may
 * read it: the scan that made the page (one reference, until {@link #seal}: the batch holding the
 * page's last row is made, or the pass has gone past the page, so no later batch can hold it),
 * and each row batch holding any of its rows (one each, from the batch's making to its
 * {@code RowBatch.release()}). A batch never released keeps its reference forever: the arrays are
 * then left to the GC with the page, as without leases. Safe for any thread (a batch made on a
 * scan's pool is released by the consumer).
 */
public final class PageLease {
    /** Tests and profiles: buffers given back to the spares by their last release, JVM-wide. */
    private static final java.util.concurrent.atomic.AtomicLong RETURNED = new java.util.concurrent.atomic.AtomicLong();

    /** The viewed buffer of a PLAIN string page, else null; set by the reader before the page is handed out. */
    private byte[] buffer;
    /** (pages) The page whose typed arrays go back with it (read at the last release, never changed by then). */
    private final ColumnBatch page;
    private final AheadBudget spares;
    /** The scan's reference (until sealed) plus one per batch holding the page, unreleased. */
    private final AtomicInteger refs = new AtomicInteger(1);
    private final AtomicBoolean sealed = new AtomicBoolean();

    PageLease(ColumnBatch page, AheadBudget spares) {
        this.page = page;
        this.spares = spares;
    }

    /** The page's values view this buffer (before the page is handed out). */
    void view(byte[] buffer) {
        this.buffer = buffer;
    }

    /** (pages) The scan's spares, for the page's arrays made after decoding (its value indexes). */
    AheadBudget spares() {
        return spares;
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
            if (buffer != null) {
                RETURNED.incrementAndGet();
                spares.recycleViewed(buffer);
            }
            page.giveBackArrays(spares);
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

    /** Whether the arrays have gone back (tests). */
    boolean returned() {
        return refs.get() == 0;
    }

    /** Buffers given back by their last release so far in this JVM (tests, profiles). */
    public static long returnedCount() {
        return RETURNED.get();
    }
}
