package io.pqlab.internal.net;

/**
 * How a read turns into requests.
 *
 * @param prefetch the footer: 0 for a HEAD, a read of the 8-byte trailer and a read of the footer;
 *     N for one suffix read of the last N bytes (which often holds the page indexes and Bloom
 *     filters too), plus a read of the rest of the footer where it is longer
 * @param gap data (and index) ranges closer than this many bytes are merged into one request; 0
 *     merges ranges that touch, {@link #NO_MERGING} only ranges that overlap
 * @param connections requests in flight at once
 * @param indexPrefetch whether the page indexes and Bloom filters of the row groups the statistics
 *     leave undecided are fetched in one phase before planning (else the planner fetches each
 *     structure as it needs it, one request each)
 */
public record Strategy(int prefetch, long gap, int connections, boolean indexPrefetch) {
    public static final long NO_MERGING = -1;
    public static final int DEFAULT_PREFETCH = 64 * 1024;

    /** A 64 KiB suffix read, touching ranges merged, one connection, indexes fetched ahead. */
    public static final Strategy DEFAULT = new Strategy(DEFAULT_PREFETCH, 0, 1, true);

    public Strategy {
        if (prefetch < 0) {
            throw new IllegalArgumentException("--prefetch must be 0 or more");
        }
        if (connections < 1) {
            throw new IllegalArgumentException("--connections must be at least 1");
        }
        if (gap < NO_MERGING) {
            throw new IllegalArgumentException("the coalescing gap must be 0 or more");
        }
    }

    /** The strategy of a phased read with these options. */
    public static Strategy of(io.pqlab.ReadOptions o) {
        return new Strategy(o.prefetch(), o.coalesceGap(), o.connections(), o.indexPrefetch());
    }

    /** Phased read options with this strategy, holding at most {@code maxHeld} bytes. */
    public io.pqlab.ReadOptions options(long maxHeld) {
        return io.pqlab.ReadOptions.defaults().withRequests(io.pqlab.ReadOptions.Requests.PHASED)
                .withPrefetch(prefetch).withCoalesceGap(gap).withConnections(connections)
                .withIndexPrefetch(indexPrefetch).withMaxHeld(maxHeld);
    }

    public Strategy withPrefetch(int n) {
        return new Strategy(n, gap, connections, indexPrefetch);
    }

    public Strategy withGap(long g) {
        return new Strategy(prefetch, g, connections, indexPrefetch);
    }

    public Strategy withConnections(int n) {
        return new Strategy(prefetch, gap, n, indexPrefetch);
    }
}
