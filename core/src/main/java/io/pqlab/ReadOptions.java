package io.pqlab;

import io.pqlab.io.RetryPolicy;
import java.util.Objects;

/**
 * How a file is read: options fixed when it is opened, apart from the query. The defaults suit a
 * local file and a file on a server alike; {@link Requests} says how reads become requests.
 *
 * <p>New options are new components with a {@code with} method; callers that start from
 * {@link #defaults()} are not affected.
 *
 * @param requests how reads become requests
 * @param prefetch for the footer of a phased read: N for one suffix read of the last N bytes
 *     (which often holds the page indexes and Bloom filters too); 0 for a HEAD, the 8-byte trailer
 *     and the footer
 * @param coalesceGap byte ranges closer than this are merged into one request; 0 merges ranges
 *     that touch, -1 only ranges that overlap
 * @param connections requests in flight at once (phased reads)
 * @param indexPrefetch whether a phased read fetches the page indexes and Bloom filters the plan
 *     may consult in one round before planning (else the planner fetches each as it needs it)
 * @param maxHeld the most fetched bytes a phased read keeps in memory; beyond, reads pass through
 * @param retry how a remote source retries and times out (for files opened by URL or URI)
 */
public record ReadOptions(Requests requests, int prefetch, long coalesceGap, int connections,
        boolean indexPrefetch, long maxHeld, RetryPolicy retry) {

    /** How reads become requests. */
    public enum Requests {
        /** {@link #PHASED} for a remote source (HTTP, S3), {@link #DIRECT} for a local one. */
        AUTO,
        /**
         * Each read goes to the source as the planner and scanner make it (the file's tail read for
         * the footer is kept): cheapest where a read costs no round trip.
         */
        DIRECT,
        /**
         * Three phases, each one round of requests made together and merged across the gap, with
         * {@code connections} in flight: the footer; the indexes and filters the plan may consult;
         * the data the plan keeps. Every request is logged, and no byte is fetched twice.
         */
        PHASED
    }

    public static final int DEFAULT_PREFETCH = 64 * 1024;
    public static final long DEFAULT_MAX_HELD = 256L * 1024 * 1024;

    public ReadOptions {
        Objects.requireNonNull(requests, "requests");
        Objects.requireNonNull(retry, "retry");
        if (prefetch < 0) {
            throw new IllegalArgumentException("prefetch must be 0 or more");
        }
        if (connections < 1) {
            throw new IllegalArgumentException("connections must be at least 1");
        }
        if (coalesceGap < -1) {
            throw new IllegalArgumentException("the coalescing gap must be 0 or more (or -1: merge only overlaps)");
        }
        if (maxHeld < 0) {
            throw new IllegalArgumentException("maxHeld must be 0 or more");
        }
    }

    /** AUTO requests, a 64 KiB footer read, touching ranges merged, one connection, indexes fetched ahead. */
    public static ReadOptions defaults() {
        return new ReadOptions(Requests.AUTO, DEFAULT_PREFETCH, 0, 1, true, DEFAULT_MAX_HELD, RetryPolicy.DEFAULT);
    }

    public ReadOptions withRequests(Requests r) {
        return new ReadOptions(r, prefetch, coalesceGap, connections, indexPrefetch, maxHeld, retry);
    }

    public ReadOptions withPrefetch(int n) {
        return new ReadOptions(requests, n, coalesceGap, connections, indexPrefetch, maxHeld, retry);
    }

    public ReadOptions withCoalesceGap(long g) {
        return new ReadOptions(requests, prefetch, g, connections, indexPrefetch, maxHeld, retry);
    }

    public ReadOptions withConnections(int n) {
        return new ReadOptions(requests, prefetch, coalesceGap, n, indexPrefetch, maxHeld, retry);
    }

    public ReadOptions withIndexPrefetch(boolean on) {
        return new ReadOptions(requests, prefetch, coalesceGap, connections, on, maxHeld, retry);
    }

    public ReadOptions withMaxHeld(long n) {
        return new ReadOptions(requests, prefetch, coalesceGap, connections, indexPrefetch, n, retry);
    }

    public ReadOptions withRetry(RetryPolicy r) {
        return new ReadOptions(requests, prefetch, coalesceGap, connections, indexPrefetch, maxHeld, r);
    }
}
