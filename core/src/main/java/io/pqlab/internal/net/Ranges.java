package io.pqlab.internal.net;

import io.pqlab.plan.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A set of byte ranges, kept merged: [start, end) runs that neither overlap nor touch. Not
 * thread-safe.
 */
final class Ranges {
    /** Run start to run end. */
    private final TreeMap<Long, Long> runs = new TreeMap<>();

    static Ranges of(List<Span> spans) {
        Ranges r = new Ranges();
        spans.forEach(s -> r.add(s.offset(), s.end()));
        return r;
    }

    void add(long start, long end) {
        if (end <= start) {
            return;
        }
        Map.Entry<Long, Long> before = runs.floorEntry(start);
        if (before != null && before.getValue() >= start) {
            if (before.getValue() >= end) {
                return;
            }
            start = before.getKey();
        }
        // absorb every run that begins inside [start, end]
        for (Map.Entry<Long, Long> e = runs.ceilingEntry(start); e != null && e.getKey() <= end;
                e = runs.ceilingEntry(start)) {
            end = Math.max(end, e.getValue());
            runs.remove(e.getKey());
        }
        runs.put(start, end);
    }

    /** How many bytes of [from, to) the set holds. */
    long overlap(long from, long to) {
        long n = 0;
        Map.Entry<Long, Long> e = runs.floorEntry(from);
        Long key = e != null && e.getValue() > from ? e.getKey() : runs.ceilingKey(from);
        while (key != null && key < to) {
            long end = runs.get(key);
            n += Math.max(0, Math.min(end, to) - Math.max(key, from));
            key = runs.higherKey(key);
        }
        return n;
    }

    /** The parts of the set inside [from, to). */
    List<Span> spans(long from, long to) {
        List<Span> out = new ArrayList<>();
        Map.Entry<Long, Long> e = runs.floorEntry(from);
        Long key = e != null && e.getValue() > from ? e.getKey() : runs.ceilingKey(from);
        while (key != null && key < to) {
            long s = Math.max(key, from);
            long t = Math.min(runs.get(key), to);
            if (t > s) {
                out.add(new Span(s, t - s));
            }
            key = runs.higherKey(key);
        }
        return out;
    }

    /** The parts of [from, to) the set does not hold, in order. */
    List<Span> gaps(long from, long to) {
        List<Span> out = new ArrayList<>();
        long at = from;
        for (Span s : spans(from, to)) {
            if (s.offset() > at) {
                out.add(new Span(at, s.offset() - at));
            }
            at = s.end();
        }
        if (at < to) {
            out.add(new Span(at, to - at));
        }
        return out;
    }

    List<Span> spans() {
        List<Span> out = new ArrayList<>(runs.size());
        runs.forEach((s, e) -> out.add(new Span(s, e - s)));
        return out;
    }
}
