package io.pqlab.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A byte range of the file: [offset, offset + length).
 *
 * <p>Immutable and safe to share between threads.
 */
public record Span(long offset, long length) {
    public long end() {
        return offset + length;
    }

    /**
     * Sorts spans and merges those that overlap, touch, or lie less than {@code gap} bytes apart:
     * each merged span is one request. A gap of 0 merges only touching and overlapping spans.
     */
    public static List<Span> coalesce(List<Span> spans, long gap) {
        List<Span> sorted = new ArrayList<>(spans);
        sorted.removeIf(s -> s.length <= 0);
        sorted.sort(Comparator.comparingLong(Span::offset));
        List<Span> out = new ArrayList<>();
        for (Span s : sorted) {
            if (!out.isEmpty()) {
                Span last = out.get(out.size() - 1);
                if (s.offset <= last.end() + Math.max(gap, 0)) {
                    out.set(out.size() - 1, new Span(last.offset, Math.max(last.end(), s.end()) - last.offset));
                    continue;
                }
            }
            out.add(s);
        }
        return out;
    }

    /** The total length of spans, counting overlapping bytes once. */
    public static long totalBytes(List<Span> spans) {
        long n = 0;
        for (Span s : coalesce(spans, 0)) {
            n += s.length;
        }
        return n;
    }
}
