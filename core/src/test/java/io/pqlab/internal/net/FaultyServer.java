package io.pqlab.internal.net;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the test servers ({@link RangeServer}, and s3's S3Server) share: the log of the requests they
 * answered, and the faults they meet on demand, the next requests' in order or the next ones' for
 * paths ending with a suffix.
 *
 * @param <L> one logged request
 * @param <F> the server's kinds of fault
 */
public abstract class FaultyServer<L, F> implements AutoCloseable {
    /** Appended to as each request arrives, so that a client that has its answer finds it logged. */
    protected final List<L> log = new CopyOnWriteArrayList<>();
    private final ConcurrentLinkedQueue<F> faults = new ConcurrentLinkedQueue<>();
    private final Map<String, ConcurrentLinkedQueue<F>> pathFaults = new ConcurrentHashMap<>();
    /** How long a slow reply waits. */
    protected volatile long slowMillis = 2000;

    public List<L> log() {
        return new ArrayList<>(log);
    }

    public void clearLog() {
        log.clear();
    }

    /** The next requests meet these faults, one each, in order. */
    @SafeVarargs
    public final void fail(F... f) {
        faults.addAll(List.of(f));
    }

    /** The next requests for paths ending with {@code suffix} meet these faults, one each, in order. */
    @SafeVarargs
    public final void fail(String suffix, F... f) {
        pathFaults.computeIfAbsent(suffix, k -> new ConcurrentLinkedQueue<>()).addAll(List.of(f));
    }

    /** Drops every fault not met yet. */
    public void clearFaults() {
        faults.clear();
        pathFaults.clear();
    }

    public void slowMillis(long ms) {
        slowMillis = ms;
    }

    /** The fault a request for {@code path} meets (one for its suffix first), or null. */
    protected F next(String path) {
        for (Map.Entry<String, ConcurrentLinkedQueue<F>> e : pathFaults.entrySet()) {
            if (path.endsWith(e.getKey())) {
                F f = e.getValue().poll();
                if (f != null) {
                    return f;
                }
            }
        }
        return faults.poll();
    }
}
