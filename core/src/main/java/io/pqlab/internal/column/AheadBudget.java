package io.pqlab.internal.column;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes that pages decompressed ahead may hold together (their stored copies and decompressed
 * sizes), shared by every reader of one scan ({@link ColumnChunkReader#decompressAhead}): a wide
 * projection or more row groups in flight split one budget instead of multiplying it. A reader
 * takes a page's cost before it queues the page and gives it back once the page is decoded or
 * dropped. Safe for any thread.
 */
public final class AheadBudget {
    private final long limit;
    private final AtomicLong held = new AtomicLong();
    private final AtomicLong peak = new AtomicLong();

    public AheadBudget(long limit) {
        this.limit = limit;
    }

    /** Takes {@code cost} if it fits what is left; false (nothing taken) if it does not. */
    boolean take(long cost) {
        while (true) {
            long h = held.get();
            if (h + cost > limit || h + cost < h) {
                return false;
            }
            if (held.compareAndSet(h, h + cost)) {
                peak.accumulateAndGet(h + cost, Math::max);
                return true;
            }
        }
    }

    void release(long cost) {
        held.addAndGet(-cost);
    }

    public long limit() {
        return limit;
    }

    /** Bytes held ahead now. */
    public long held() {
        return held.get();
    }

    /** The most bytes held ahead at once so far. */
    public long peak() {
        return peak.get();
    }
}
