package io.pqlab.internal.net;

import java.util.List;

/**
 * What requests would cost on a given network, in the simplest model that shows why requests
 * matter more than bytes on an object store: each request costs the latency plus its bytes over
 * the bandwidth; with N connections a request takes the connection that frees first (the lowest
 * on a tie) and starts no earlier than its phase; a phase starts when
 * every request of the phases before it has ended (the reader needs their bytes to decide what
 * to ask for next). Within a phase, requests sent one after another (the footer's HEAD, trailer
 * and footer; reads a planner makes as it goes) wait for each other in the same way: the model is
 * fed batches, the requests sent together.
 *
 * @param latencyMicros the cost of one request before its first byte, in microseconds
 * @param bandwidth bytes per second one request transfers; 0 for unlimited
 * @param connections requests in flight at once
 */
public record CostModel(long latencyMicros, long bandwidth, int connections) {
    /** A typical object store seen from outside its region: 20 ms a request, 100 MB/s. */
    public static final long DEFAULT_LATENCY_MICROS = 20_000;
    public static final long DEFAULT_BANDWIDTH = 100_000_000;
    /** The smallest and largest gap {@link #autoGap} chooses. */
    public static final long MIN_GAP = 4 * 1024;
    public static final long MAX_GAP = 32L * 1024 * 1024;

    public CostModel {
        if (latencyMicros < 0 || bandwidth < 0 || connections < 1) {
            throw new IllegalArgumentException("latency and bandwidth must be 0 or more, and connections at least 1");
        }
    }

    public static CostModel of(int connections) {
        return new CostModel(DEFAULT_LATENCY_MICROS, DEFAULT_BANDWIDTH, connections);
    }

    public CostModel withConnections(int n) {
        return new CostModel(latencyMicros, bandwidth, n);
    }

    /** One request of {@code bytes}: latency + ceil(bytes × 10^6 / bandwidth) µs. */
    public long requestMicros(long bytes) {
        if (bandwidth == 0) {
            return latencyMicros;
        }
        return latencyMicros + ceilDiv(bytes * 1_000_000L, bandwidth);
    }

    /**
     * Micros each step takes, step after step; each inner list holds the sizes of the requests sent
     * together in one step (a phase, or a batch within one), in the order they are sent.
     */
    public long[] phaseMicros(List<List<Long>> steps) {
        long[][][] s = schedule(steps);
        long[] out = new long[steps.size()];
        long start = 0;
        for (int p = 0; p < steps.size(); p++) {
            long end = start;
            for (long[] r : s[p]) {
                end = Math.max(end, r[1]);
            }
            out[p] = end - start;
            start = end;
        }
        return out;
    }

    /**
     * When each request starts and ends (micros from the first), step after step: a request takes
     * the connection that frees first (the lowest on a tie), no earlier than its step's start,
     * which is when every request of the steps before has ended.
     *
     * @return for each step, for each request, {start, end}
     */
    public long[][][] schedule(List<List<Long>> steps) {
        long[][][] out = new long[steps.size()][][];
        long start = 0;
        for (int p = 0; p < steps.size(); p++) {
            List<Long> step = steps.get(p);
            long[] free = new long[connections];
            long end = start;
            out[p] = new long[step.size()][];
            for (int k = 0; k < step.size(); k++) {
                int c = 0;
                for (int i = 1; i < connections; i++) {
                    if (free[i] < free[c]) {
                        c = i;
                    }
                }
                long begin = Math.max(free[c], start);
                free[c] = begin + requestMicros(step.get(k));
                out[p][k] = new long[] {begin, free[c]};
                end = Math.max(end, free[c]);
            }
            start = end;
        }
        return out;
    }

    /**
     * The gap below which two ranges are better read as one, as DuckDB's prefetch cost model
     * sets it: reading the bytes between them costs less than another request while
     * gap / bandwidth < latency, so the gap is latency × bandwidth, clamped to [4 KiB, 32 MiB].
     */
    public long autoGap() {
        return autoGap(latencyMicros, bandwidth);
    }

    public static long autoGap(long latencyMicros, long bandwidth) {
        if (bandwidth == 0) {
            return MAX_GAP; // bytes cost nothing: merge all that may be merged
        }
        double gap = (double) latencyMicros * bandwidth / 1_000_000.0;
        return (long) Math.max(MIN_GAP, Math.min(MAX_GAP, gap));
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }
}
