package io.pqlab.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Holds one plan to the data: every row the reference evaluator says matches lies in a kept row
 * range of its row group, and in a page that every projected column reads (by parquet-java's
 * reading of the OffsetIndex; the whole chunk where there is none, or where a repeated column is
 * read whole), with the dictionary page before it; every row in an all-match range matches.
 */
final class PlanAssert {
    private PlanAssert() {}

    /** What one check saw. */
    record Seen(long matching, long kept, long rows) {}

    /** Which rows of each row group match, by the reference evaluator. */
    static boolean[][] matches(OracleData d, Sql cond) {
        boolean[][] out = new boolean[d.groups][];
        for (int g = 0; g < d.groups; g++) {
            int n = Math.toIntExact(d.rows[g]);
            out[g] = new boolean[n];
            for (int i = 0; i < n; i++) {
                out[g][i] = cond.matches(d.row(g, i));
            }
        }
        return out;
    }

    static Seen sound(OracleData d, Sql cond, Plan plan, List<Integer> projection, String context) {
        return sound(d, cond, matches(d, cond), plan, projection, context);
    }

    static Seen sound(OracleData d, Sql cond, boolean[][] matches, Plan plan, List<Integer> projection, String context) {
        String where = context + "\n  condition: " + cond.text() + "\n  bound as:  " + plan.predicate()
                + "\n  mechanisms: " + plan.mechanisms() + "\n  file: " + d.path;
        check(plan.rowGroups().size() == d.groups, where, () -> "the plan has " + plan.rowGroups().size() + " row groups");
        long matching = 0;
        long kept = 0;
        long total = 0;
        for (int g = 0; g < d.groups; g++) {
            RowGroupPlan rg = plan.rowGroups().get(g);
            total += d.rows[g];
            kept += rg.rows().rowCount();
            matching += group(d, cond, matches[g], g, rg, projection, where);
        }
        return new Seen(matching, kept, total);
    }

    /** Checks one row group's plan; returns its matching rows. */
    private static int group(OracleData d, Sql cond, boolean[] match, int g, RowGroupPlan rg, List<Integer> projection,
            String where) {
        {
            int n = Math.toIntExact(d.rows[g]);
            check(rg.index() == g && rg.numRows() == n, where, () -> "row group " + g + " is described wrongly");
            List<Integer> rows = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (match[i]) {
                    rows.add(i);
                }
            }
            if (!rows.isEmpty()) {
                check(!rg.skipped(), where, () -> "row group " + g + " is skipped but rows " + sample(rows) + " match: "
                        + showRow(d, g, rows.get(0), cond) + "\n  steps: " + rg.steps());
                for (int i : rows) {
                    check(rg.rows().contains(i), where, () -> "row " + i + " of row group " + g + " matches ("
                            + showRow(d, g, i, cond) + ") but lies outside the kept rows " + rg.rows()
                            + "\n  steps: " + rg.steps());
                }
            }
            RowRanges all = rg.allMatch();
            for (int r = 0; r < all.size(); r++) {
                for (long row = all.start(r); row < all.end(r); row++) {
                    long i = row;
                    check(i < n && match[(int) i], where, () -> "row " + i + " of row group " + g
                            + " lies in an all-match range " + all + " but does not match: "
                            + (i < n ? showRow(d, g, (int) i, cond) : "no such row") + "\n  steps: " + rg.steps());
                }
            }
            if (rg.verdict() == Verdict.ALL) {
                for (int row = 0; row < n; row++) {
                    int i = row;
                    check(match[i], where, () -> "row group " + g + " is said to match in full, but row " + i
                            + " does not: " + showRow(d, g, i, cond));
                }
            }
            if (rg.skipped()) {
                return rows.size();
            }
            List<Integer> cols = projection != null ? projection : new ArrayList<>();
            if (projection == null) {
                for (int c = 0; c < d.leaves.size(); c++) {
                    cols.add(c);
                }
            }
            check(rg.reads().size() == cols.size(), where, () -> "row group " + g + " reads " + rg.reads().size()
                    + " columns, not the " + cols.size() + " projected");
            if (rows.isEmpty()) {
                return 0;
            }
            for (int read = 0; read < cols.size(); read++) {
                int k = read;
                int c = cols.get(k);
                ColumnRead cr = rg.reads().get(k);
                check(cr.column() == c, where, () -> "read " + k + " of row group " + g + " is column " + cr.column()
                        + ", not " + c);
                OracleData.Chunk ch = d.chunks[g][c];
                List<long[]> spans = merged(cr.spans());
                boolean flat = d.leaves.get(c).getMaxRepetitionLevel() == 0;
                if (!ch.hasPages() || (!flat && cr.pages().isEmpty())) {
                    // (a repeated column read by pages is held to parquet-java's OffsetIndex as a flat one)
                    check(covers(spans, ch.start(), ch.start() + ch.size()), where, () -> "column " + c + " of row group "
                            + g + " has matching rows but its chunk [" + ch.start() + ", +" + ch.size()
                            + ") is not read whole: " + cr.spans() + " (" + cr.why() + ")");
                    continue;
                }
                boolean anyPage = false;
                int last = -1;
                for (int i : rows) {
                    int p = ch.pageOf(i);
                    if (p == last) {
                        continue;
                    }
                    last = p;
                    anyPage = true;
                    check(covers(spans, ch.offsets()[p], ch.offsets()[p] + ch.sizes()[p]), where, () -> "row " + i
                            + " of row group " + g + " matches (" + showRow(d, g, i, cond) + ") and lies in page " + p
                            + " of column " + c + " (" + String.join(".", d.leaves.get(c).getPath()) + ") at "
                            + ch.offsets()[p] + ", which the plan does not read: " + cr.spans() + " (" + cr.why() + ")");
                }
                if (anyPage && ch.start() < ch.offsets()[0]) {
                    check(covers(spans, ch.start(), ch.offsets()[0]), where, () -> "column " + c + " of row group " + g
                            + " reads data pages but not what precedes the first (the dictionary page) at ["
                            + ch.start() + ", " + ch.offsets()[0] + "): " + cr.spans());
                }
            }
            return rows.size();
        }
    }

    private static void check(boolean ok, String where, java.util.function.Supplier<String> what) {
        if (!ok) {
            throw new AssertionError(what.get() + "\n  " + where);
        }
    }

    private static String sample(List<Integer> rows) {
        return rows.size() <= 5 ? rows.toString() : rows.subList(0, 5) + "... (" + rows.size() + ")";
    }

    static String showRow(OracleData d, int g, int i, Sql cond) {
        java.util.Set<Integer> cols = new java.util.TreeSet<>();
        cond.columns(cols);
        List<String> s = new ArrayList<>();
        for (int c : cols) {
            s.add(String.join(".", d.leaves.get(c).getPath()) + "=" + d.columns[c].show(d.keys[g][c][i]));
        }
        return String.join(", ", s);
    }

    /** Spans as [start, end), sorted and merged where they touch or overlap. */
    private static List<long[]> merged(List<Span> spans) {
        List<long[]> s = new ArrayList<>();
        for (Span x : spans) {
            s.add(new long[] {x.offset(), x.offset() + x.length()});
        }
        s.sort(Comparator.comparingLong(a -> a[0]));
        List<long[]> out = new ArrayList<>();
        for (long[] x : s) {
            if (!out.isEmpty() && x[0] <= out.get(out.size() - 1)[1]) {
                out.get(out.size() - 1)[1] = Math.max(out.get(out.size() - 1)[1], x[1]);
            } else {
                out.add(x.clone());
            }
        }
        return out;
    }

    private static boolean covers(List<long[]> spans, long start, long end) {
        if (end <= start) {
            return true;
        }
        int lo = 0;
        int hi = spans.size() - 1;
        while (lo <= hi) { // the last span starting at or before start
            int mid = (lo + hi) >>> 1;
            if (spans.get(mid)[0] <= start) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return hi >= 0 && end <= spans.get(hi)[1];
    }
}
