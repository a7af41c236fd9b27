package io.pqlab.internal.net;

import java.util.ArrayList;
import java.util.List;

/**
 * Every request a read made, in the order issued, each in the phase that was current: what
 * {@code --stats}, {@code skipping --json} and the tests hold pqlab to. Safe to use from several
 * threads.
 */
public final class RequestLog {
    /** The phases of a read, in order. */
    public static final String FOOTER = "footer";
    public static final String INDEXES = "indexes";
    public static final String DATA = "data";

    /**
     * One request.
     *
     * @param phase the phase it belongs to
     * @param method HEAD or GET
     * @param offset the first byte asked for (0 for a HEAD)
     * @param length bytes asked for (0 for a HEAD)
     * @param startNanos when it was sent ({@link System#nanoTime()})
     * @param endNanos when its last byte arrived
     * @param batch requests sent together share a batch (they may be in flight at once); a later
     *     batch was sent after the earlier ones had their answers
     */
    public record Request(String phase, String method, long offset, long length, long startNanos, long endNanos,
            int batch) {
        public long end() {
            return offset + length;
        }
    }

    /** A phase: when it began and ended, for its wall time. */
    public record Phase(String name, long startNanos, long endNanos) {
        public long wallNanos() {
            return Math.max(0, endNanos - startNanos);
        }
    }

    private final List<Request> requests = new ArrayList<>();
    private final List<Phase> phases = new ArrayList<>();
    private String phase = FOOTER;
    private long phaseStart = System.nanoTime();

    /** Ends the current phase and begins another. */
    public synchronized void begin(String name) {
        end();
        phase = name;
        phaseStart = System.nanoTime();
    }

    /** Ends the current phase (if not already ended). */
    public synchronized void end() {
        if (phase != null) {
            phases.add(new Phase(phase, phaseStart, System.nanoTime()));
            phase = null;
        }
    }

    /** The current phase, or the last one if all have ended. */
    public synchronized String phase() {
        if (phase != null) {
            return phase;
        }
        return phases.isEmpty() ? FOOTER : phases.get(phases.size() - 1).name();
    }

    private int batches;

    /** A new batch number: the requests that will be sent together. */
    public synchronized int newBatch() {
        return ++batches;
    }

    public synchronized void add(String method, long offset, long length, long startNanos, long endNanos, int batch) {
        requests.add(new Request(phase(), method, offset, length, startNanos, endNanos, batch));
    }

    /** Adds a request sent on its own, after every earlier one had its answer. */
    public synchronized void add(String method, long offset, long length, long startNanos, long endNanos) {
        add(method, offset, length, startNanos, endNanos, newBatch());
    }

    public synchronized List<Request> requests() {
        return List.copyOf(requests);
    }

    /** The phases ended so far, and the current one up to now. */
    public synchronized List<Phase> phases() {
        List<Phase> out = new ArrayList<>(phases);
        if (phase != null) {
            out.add(new Phase(phase, phaseStart, System.nanoTime()));
        }
        return out;
    }

    /** Requests of one phase. */
    public synchronized List<Request> requests(String phaseName) {
        List<Request> out = new ArrayList<>();
        for (Request r : requests) {
            if (r.phase().equals(phaseName)) {
                out.add(r);
            }
        }
        return out;
    }
    @Override
    public synchronized String toString() {
        long bytes = 0;
        for (Request r : requests) {
            bytes += r.length();
        }
        return "RequestLog[" + requests.size() + " requests, " + bytes + " bytes, phase " + phase() + "]";
    }

}
