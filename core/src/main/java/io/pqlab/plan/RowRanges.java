package io.pqlab.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A set of rows as sorted, disjoint, non-adjacent half-open ranges [start, end), relative to a
 * row group. AND of conditions intersects these, OR unites them.
 *
 * <p>Immutable (union and intersect return new sets) and safe to share between threads.
 */
public final class RowRanges {
    private static final RowRanges EMPTY = new RowRanges(new long[0]);
    private final long[] bounds; // start0, end0, start1, end1, ...

    private RowRanges(long[] bounds) {
        this.bounds = bounds;
    }

    public static RowRanges empty() {
        return EMPTY;
    }

    /** Rows [0, numRows). */
    public static RowRanges all(long numRows) {
        return numRows <= 0 ? EMPTY : new RowRanges(new long[] {0, numRows});
    }

    public static RowRanges of(long start, long end) {
        return start >= end ? EMPTY : new RowRanges(new long[] {start, end});
    }

    /** Builds ranges from [start, end) pairs in any order, merging overlapping and touching ones. */
    public static RowRanges union(List<long[]> ranges) {
        List<long[]> sorted = new ArrayList<>();
        for (long[] r : ranges) {
            if (r[0] < r[1]) {
                sorted.add(r);
            }
        }
        sorted.sort((a, b) -> Long.compare(a[0], b[0]));
        long[] out = new long[sorted.size() * 2];
        int n = 0;
        for (long[] r : sorted) {
            if (n > 0 && r[0] <= out[n - 1]) {
                out[n - 1] = Math.max(out[n - 1], r[1]);
            } else {
                out[n++] = r[0];
                out[n++] = r[1];
            }
        }
        return new RowRanges(Arrays.copyOf(out, n));
    }

    public boolean isEmpty() {
        return bounds.length == 0;
    }

    /** The number of ranges. */
    public int size() {
        return bounds.length / 2;
    }

    public long start(int i) {
        return bounds[2 * i];
    }

    public long end(int i) {
        return bounds[2 * i + 1];
    }

    /** The number of rows in the set. */
    public long rowCount() {
        long n = 0;
        for (int i = 0; i < bounds.length; i += 2) {
            n += bounds[i + 1] - bounds[i];
        }
        return n;
    }

    /** Whether the set is exactly [0, numRows). */
    public boolean coversAll(long numRows) {
        return numRows <= 0 || (bounds.length == 2 && bounds[0] <= 0 && bounds[1] >= numRows);
    }

    public boolean contains(long row) {
        int lo = 0;
        int hi = size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (row < start(mid)) {
                hi = mid - 1;
            } else if (row >= end(mid)) {
                lo = mid + 1;
            } else {
                return true;
            }
        }
        return false;
    }

    /** Whether any row of [start, end) is in the set. */
    public boolean overlaps(long start, long end) {
        if (start >= end) {
            return false;
        }
        // the first range ending after start
        int lo = 0;
        int hi = size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (end(mid) <= start) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo < size() && start(lo) < end;
    }

    public RowRanges union(RowRanges other) {
        if (other.isEmpty()) {
            return this;
        }
        if (isEmpty()) {
            return other;
        }
        long[] out = new long[bounds.length + other.bounds.length];
        int n = 0;
        int i = 0;
        int j = 0;
        while (i < bounds.length || j < other.bounds.length) {
            long s;
            long e;
            if (j >= other.bounds.length || (i < bounds.length && bounds[i] <= other.bounds[j])) {
                s = bounds[i];
                e = bounds[i + 1];
                i += 2;
            } else {
                s = other.bounds[j];
                e = other.bounds[j + 1];
                j += 2;
            }
            if (n > 0 && s <= out[n - 1]) {
                out[n - 1] = Math.max(out[n - 1], e);
            } else {
                out[n++] = s;
                out[n++] = e;
            }
        }
        return new RowRanges(Arrays.copyOf(out, n));
    }

    public RowRanges intersect(RowRanges other) {
        if (isEmpty() || other.isEmpty()) {
            return EMPTY;
        }
        long[] out = new long[bounds.length + other.bounds.length];
        int n = 0;
        int i = 0;
        int j = 0;
        while (i < bounds.length && j < other.bounds.length) {
            long s = Math.max(bounds[i], other.bounds[j]);
            long e = Math.min(bounds[i + 1], other.bounds[j + 1]);
            if (s < e) {
                out[n++] = s;
                out[n++] = e;
            }
            if (bounds[i + 1] < other.bounds[j + 1]) {
                i += 2;
            } else {
                j += 2;
            }
        }
        return new RowRanges(Arrays.copyOf(out, n));
    }

    /** The ranges as [start, end) pairs. */
    public List<long[]> toList() {
        List<long[]> out = new ArrayList<>(size());
        for (int i = 0; i < bounds.length; i += 2) {
            out.add(new long[] {bounds[i], bounds[i + 1]});
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RowRanges r && Arrays.equals(bounds, r.bounds);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bounds);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < bounds.length; i += 2) {
            if (i > 0) {
                b.append(", ");
            }
            b.append('[').append(bounds[i]).append(", ").append(bounds[i + 1]).append(')');
        }
        return b.append(']').toString();
    }
}
