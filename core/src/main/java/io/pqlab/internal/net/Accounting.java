package io.pqlab.internal.net;

import io.pqlab.plan.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * What a read cost, phase by phase: requests, bytes, the wall time measured here, and the time the
 * same requests would take on the modelled network.
 *
 * @param phases footer, indexes, data, in that order
 * @param model the network the times were modelled for
 * @param retries failed attempts that were retried (requests the server saw beyond those counted)
 */
public record Accounting(List<PhaseCost> phases, CostModel model, long retries) {

    /**
     * One phase.
     *
     * @param requests the requests, in the order issued (for a phase not executed: that would be issued)
     * @param wallNanos measured time from the phase's start to its end; 0 where not executed
     * @param modelMicros the time on the modelled network
     * @param executed false for a phase only planned ({@code skipping} plans data without reading it)
     */
    public record PhaseCost(String phase, List<RequestLog.Request> requests, long wallNanos, long modelMicros,
            boolean executed) {
        public PhaseCost {
            requests = List.copyOf(requests);
        }

        public int requestCount() {
            return requests.size();
        }

        public long bytes() {
            return requests.stream().mapToLong(RequestLog.Request::length).sum();
        }
    }

    public Accounting {
        phases = List.copyOf(phases);
    }

    /**
     * Each request's modelled {start, end} in micros from the read's start, in the order of
     * {@link #requestList()}.
     */
    public List<long[]> schedule() {
        List<List<Long>> batches = new ArrayList<>();
        for (PhaseCost p : phases) {
            java.util.TreeMap<Integer, List<Long>> byBatch = new java.util.TreeMap<>();
            p.requests().forEach(r -> byBatch.computeIfAbsent(r.batch(), b -> new ArrayList<>()).add(r.length()));
            batches.addAll(byBatch.values());
        }
        long[][][] s = model.schedule(batches);
        // requests of a phase in log order map to their batch's slots in order
        List<long[]> out = new ArrayList<>();
        int step = 0;
        for (PhaseCost p : phases) {
            java.util.TreeMap<Integer, Integer> stepOf = new java.util.TreeMap<>();
            for (RequestLog.Request r : p.requests()) {
                stepOf.putIfAbsent(r.batch(), 0);
            }
            int k = step;
            for (Integer b : stepOf.keySet()) {
                stepOf.put(b, k++);
            }
            java.util.Map<Integer, Integer> used = new java.util.HashMap<>();
            for (RequestLog.Request r : p.requests()) {
                int st = stepOf.get(r.batch());
                int i = used.merge(st, 1, Integer::sum) - 1;
                out.add(s[st][i]);
            }
            step = k;
        }
        return out;
    }

    static Accounting of(RequestLog log, List<Span> plannedData, CostModel model, long retries) {
        String[] names = {RequestLog.FOOTER, RequestLog.INDEXES, RequestLog.DATA};
        List<List<RequestLog.Request>> lists = new ArrayList<>();
        long[] micros = new long[names.length];
        for (int i = 0; i < names.length; i++) {
            String name = names[i];
            List<RequestLog.Request> rs = new ArrayList<>(log.requests(name));
            if (name.equals(RequestLog.DATA) && plannedData != null) {
                rs.clear();
                for (Span s : plannedData) {
                    rs.add(new RequestLog.Request(name, "GET", s.offset(), s.length(), 0, 0, Integer.MAX_VALUE));
                }
            }
            lists.add(rs);
            // Requests sent together may overlap on the connections; each batch waits for the one
            // before (the reader needed its bytes to know what to ask for next).
            java.util.TreeMap<Integer, List<Long>> batches = new java.util.TreeMap<>();
            rs.forEach(r -> batches.computeIfAbsent(r.batch(), b -> new ArrayList<>()).add(r.length()));
            for (long m : model.phaseMicros(new ArrayList<>(batches.values()))) {
                micros[i] += m;
            }
        }
        List<PhaseCost> out = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            long wall = 0;
            for (RequestLog.Phase p : log.phases()) {
                if (p.name().equals(names[i])) {
                    wall += p.wallNanos();
                }
            }
            boolean executed = !(names[i].equals(RequestLog.DATA) && plannedData != null);
            out.add(new PhaseCost(names[i], lists.get(i), executed ? wall : 0, micros[i], executed));
        }
        return new Accounting(out, model, retries);
    }

    // the totals over the phases
    public int requests() { return phases.stream().mapToInt(PhaseCost::requestCount).sum(); }
    public long bytes() { return sum(PhaseCost::bytes); }
    public long wallNanos() { return sum(PhaseCost::wallNanos); }
    public long modelMicros() { return sum(PhaseCost::modelMicros); }

    private long sum(ToLongFunction<PhaseCost> f) {
        return phases.stream().mapToLong(f).sum();
    }

    /** Every request, phase after phase. */
    public List<RequestLog.Request> requestList() {
        List<RequestLog.Request> out = new ArrayList<>();
        phases.forEach(p -> out.addAll(p.requests()));
        return out;
    }

    public PhaseCost phase(String name) {
        for (PhaseCost p : phases) {
            if (p.phase().equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("no phase " + name);
    }
}
