package io.pqlab.internal.plan;

import io.pqlab.internal.pageindex.BoundaryOrder;
import io.pqlab.internal.pageindex.ColumnIndex;
import io.pqlab.internal.pageindex.OffsetIndex;
import io.pqlab.internal.predicate.LeafOp;
import io.pqlab.internal.predicate.Predicate.Leaf;
import io.pqlab.internal.stats.SortOrder;
import io.pqlab.internal.stats.StatisticsJudge;
import io.pqlab.internal.stats.TrustedStatistics;
import io.pqlab.internal.stats.ValueOrder;
import io.pqlab.plan.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * One leaf against every page of a ColumnIndex. Where the index says its bounds are ascending or
 * descending, the claim is first checked (a false claim would make a binary search skip pages
 * that match), then each value of the condition is placed by binary search, so that an IN list
 * of k values costs k searches rather than k passes over the pages.
 */
public final class PageVerdicts {
    private PageVerdicts() {}

    /**
     * @param pages for a list column, each page's rows, element bounds and verdict in words (the
     *     first few), for the plan's reason; else null
     */
    public record Result(Verdict[] verdicts, String how, String pages) {
        Result(Verdict[] verdicts, String how) {
            this(verdicts, how, null);
        }
    }

    /** Pages shown one by one in a list leaf's reason; the rest are counted. */
    static final int PAGES_SHOWN = 6;

    /**
     * A leaf on a list column against every page: each page's bounds bound its elements, its
     * definition-level histogram (where the index has one) counts its null and empty lists, its
     * rows are the OffsetIndex's (the caller has checked they can be: {@code RowBoundaries}).
     * Pages are judged one by one (a list's page bounds need not be ordered as its rows).
     */
    public static Result judgeNested(Leaf l, TrustedStatistics[] judged, ColumnIndex ci, OffsetIndex oi, long numRows,
            io.pqlab.internal.values.ColumnType type) {
        int pages = oi.pageCount();
        Verdict[] out = new Verdict[pages];
        long[] def = ci.definitionLevelHistograms();
        int levels = l.nested().maxDefinition() + 1;
        StringBuilder shown = new StringBuilder("pages:");
        int listed = 0;
        for (int i = 0; i < pages; i++) {
            long first = oi.firstRow(i);
            long end = oi.endRow(i, numRows);
            ListCheck.Levels lv = def == null ? ListCheck.Levels.unknown(end - first, l.nested())
                    : ListCheck.Levels.of(end - first, l.nested(), def, i * levels, "the page's definition-level histogram");
            Decision flat = null;
            TrustedStatistics st = null;
            if (l.nested().element() != null) {
                if (ci.isNullPage(i)) {
                    long e = lv.entries() > 0 ? lv.entries() : 1; // no element value: every entry below the maximum
                    st = TrustedStatistics.countsOnly("a page without element values", e, 0, e);
                } else {
                    // the page's bounds as judged once; its counts are of levels, not of elements
                    TrustedStatistics j = judged[i];
                    st = ListCheck.elements(new TrustedStatistics(j.min(), j.max(), j.why(), j.minExact(), j.maxExact(),
                            -1, ci.nanCount(i), -1), lv);
                }
                TrustedStatistics page = st;
                flat = ListCheck.flat(l.nested().element(), sub -> BoundsCheck.judge(sub, page));
            }
            Decision d = ListCheck.decide(l, flat, lv);
            out[i] = d.verdict();
            if (listed < PAGES_SHOWN) {
                listed++;
                shown.append(listed == 1 ? " " : "; ").append(i).append(" rows [").append(first).append(", ").append(end)
                        .append(")");
                if (st != null) {
                    shown.append(st.hasBounds() ? " elements in [" + show(type, st.min()) + ", " + show(type, st.max()) + "]"
                            : ci.isNullPage(i) ? " no element value" : " element bounds not used");
                }
                shown.append(d.verdict() == Verdict.NONE ? " skipped: " : d.verdict() == Verdict.ALL ? " all match: "
                        : " kept: ").append(d.why());
            }
        }
        if (pages > listed) {
            shown.append("; and ").append(pages - listed).append(" more");
        }
        return new Result(out, " (each page judged alone)", shown.toString());
    }

    private static String show(io.pqlab.internal.values.ColumnType type, byte[] v) {
        try {
            return io.pqlab.internal.values.ValueFormat.format(v, type);
        } catch (RuntimeException e) {
            return v.length + " bytes"; // a truncated bound need not be a value of the type
        }
    }

    /**
     * Every page of a ColumnIndex judged once (a page of nulls: its counts only), for
     * {@link #judge} and {@code IndexTrust}, which consult the same bounds: a plan judges each
     * page of a column once, however many checks and leaves read it.
     */
    public static TrustedStatistics[] pageStatistics(StatisticsJudge judge, ColumnIndex ci, OffsetIndex oi,
            long numRows) {
        int pages = oi.pageCount();
        TrustedStatistics[] stats = new TrustedStatistics[pages];
        for (int i = 0; i < pages; i++) {
            long rows = oi.endRow(i, numRows) - oi.firstRow(i);
            long nulls = ci.nullCount(i);
            if (nulls > rows) {
                nulls = -1; // impossible, so unknown
            }
            if (ci.isNullPage(i)) {
                stats[i] = TrustedStatistics.countsOnly("a page of nulls", rows, 0, rows);
            } else {
                stats[i] = judge.judgePage(ci.min(i), ci.max(i), nulls, ci.nanCount(i), rows);
            }
        }
        return stats;
    }

    /** One leaf on a flat column against every page, judged by {@link #pageStatistics}. */
    public static Result judge(Leaf l, TrustedStatistics[] stats, ColumnIndex ci) {
        int pages = stats.length;
        String how = "";
        boolean[] candidate = null;
        BoundaryOrder bo = ci.boundaryOrder();
        String unusable = null;
        for (int i = 0; i < pages && unusable == null; i++) {
            if (!ci.isNullPage(i) && !stats[i].hasBounds()) {
                unusable = stats[i].why();
            }
        }
        if (unusable != null) {
            // Say why, rather than blame the boundary order: the bounds themselves cannot be used.
            how = " (page bounds not used: " + unusable + ")";
        } else if ((bo == BoundaryOrder.ASCENDING || bo == BoundaryOrder.DESCENDING) && searchable(l, ci, pages)) {
            int[] seq = ordered(stats, bo == BoundaryOrder.DESCENDING, l.order());
            if (seq == null) {
                how = " (the bounds are not " + bo + " as the index claims; each page judged alone)";
            } else {
                candidate = candidates(l, stats, seq, pages);
                how = " (binary search over " + bo + " bounds)";
            }
        }
        Verdict[] out = new Verdict[pages];
        for (int i = 0; i < pages; i++) {
            if (candidate != null && !ci.isNullPage(i) && !candidate[i]) {
                out[i] = Verdict.NONE;
            } else {
                out[i] = BoundsCheck.judge(l, stats[i]).verdict();
            }
        }
        return new Result(out, how);
    }

    /**
     * Why a flat column's index contradicts itself about nulls, or null: a page marked as holding
     * only nulls must count one null per row where it counts them, and a page with bounds cannot
     * count a null for every row. Either lie would rule pages in or out against their values.
     */
    public static String contradiction(ColumnIndex ci, OffsetIndex oi, long numRows) {
        for (int i = 0; i < oi.pageCount(); i++) {
            long rows = oi.endRow(i, numRows) - oi.firstRow(i);
            long nulls = ci.nullCount(i);
            if (nulls < 0) {
                continue; // not counted
            }
            if (ci.isNullPage(i) && nulls != rows) {
                return "page " + i + " is marked as holding only nulls but counts " + nulls + " nulls in " + rows
                        + " rows";
            }
            if (!ci.isNullPage(i) && nulls >= rows && rows > 0) {
                return "page " + i + " has bounds but counts a null for each of its " + rows + " rows";
            }
        }
        return null;
    }

    private static boolean searchable(Leaf l, ColumnIndex ci, int pages) {
        LeafOp op = l.op();
        if (op != LeafOp.EQ && op != LeafOp.IN && op != LeafOp.LT && op != LeafOp.LE
                && op != LeafOp.GT && op != LeafOp.GE) {
            return false;
        }
        SortOrder order = l.order().order();
        if ((order == SortOrder.FLOAT || order == SortOrder.FLOAT16) && (op == LeafOp.GT || op == LeafOp.GE)) {
            // NaN satisfies > and >= whatever the bounds say: only pages proved NaN-free may be ruled out.
            for (int i = 0; i < pages; i++) {
                if (!ci.isNullPage(i) && ci.nanCount(i) != 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * The non-null pages in ascending order of their bounds (reversed for a descending index), or
     * null if a page has no usable bounds or the bounds are not in the claimed order.
     */
    private static int[] ordered(TrustedStatistics[] stats, boolean descending, ValueOrder order) {
        List<Integer> pages = new ArrayList<>();
        for (int i = 0; i < stats.length; i++) {
            boolean nullPage = stats[i].allNull() && !stats[i].hasBounds();
            if (nullPage) {
                continue;
            }
            if (!stats[i].hasBounds()) {
                return null;
            }
            pages.add(i);
        }
        int k = pages.size();
        int[] seq = new int[k];
        for (int j = 0; j < k; j++) {
            seq[j] = pages.get(descending ? k - 1 - j : j);
        }
        for (int j = 1; j < k; j++) {
            TrustedStatistics a = stats[seq[j - 1]];
            TrustedStatistics b = stats[seq[j]];
            if (order.compare(a.min(), b.min()) > 0 || order.compare(a.max(), b.max()) > 0) {
                return null;
            }
        }
        return seq;
    }

    /** Pages whose bounds may hold a value satisfying the leaf, found by binary search. */
    private static boolean[] candidates(Leaf l, TrustedStatistics[] stats, int[] seq, int pages) {
        boolean[] out = new boolean[pages];
        ValueOrder order = l.order();
        int k = seq.length;
        for (byte[] v : l.values()) {
            int from;
            int to; // inclusive positions in seq
            switch (l.op()) {
                case EQ, IN -> {
                    from = firstMaxAtLeast(stats, seq, order, v, false);
                    to = lastMinAtMost(stats, seq, order, v, false);
                }
                case LT -> {
                    from = 0;
                    to = lastMinAtMost(stats, seq, order, v, true);
                }
                case LE -> {
                    from = 0;
                    to = lastMinAtMost(stats, seq, order, v, false);
                }
                case GT -> {
                    from = firstMaxAtLeast(stats, seq, order, v, true);
                    to = k - 1;
                }
                case GE -> {
                    from = firstMaxAtLeast(stats, seq, order, v, false);
                    to = k - 1;
                }
                default -> throw new IllegalStateException(l.op().name());
            }
            for (int j = from; j <= to; j++) {
                out[seq[j]] = true;
            }
        }
        return out;
    }

    /** The first position whose maximum is >= v (or > v when strict); k if none. */
    private static int firstMaxAtLeast(TrustedStatistics[] stats, int[] seq, ValueOrder order, byte[] v, boolean strict) {
        return firstWhere(seq.length, mid -> {
            int c = order.compare(stats[seq[mid]].max(), v);
            return strict ? c > 0 : c >= 0;
        });
    }

    /** The last position whose minimum is <= v (or < v when strict); -1 if none. */
    private static int lastMinAtMost(TrustedStatistics[] stats, int[] seq, ValueOrder order, byte[] v, boolean strict) {
        return firstWhere(seq.length, mid -> {
            int c = order.compare(stats[seq[mid]].min(), v);
            return strict ? c >= 0 : c > 0;
        }) - 1;
    }

    /**
     * A binary search over positions {@code [0, n)} ordered so that {@code from} is false up to a
     * point and true from there on: that point, or n.
     */
    private static int firstWhere(int n, IntPredicate from) {
        int lo = 0;
        int hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (from.test(mid)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }
}
