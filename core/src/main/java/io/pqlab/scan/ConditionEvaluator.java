package io.pqlab.scan;


import io.pqlab.internal.column.ColumnBatch;
import io.pqlab.plan.RowRanges;
import io.pqlab.internal.predicate.LeafOp;
import io.pqlab.internal.predicate.Predicate;
import java.io.IOException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Condition evaluation on decoded pages: each condition column's leaves set the bits of the rows
 * they hold true for ({@link RowBits}, row-group-indexed), and the condition combines those sets
 * (each leaf is on one column, so no alignment across columns is needed).
 */
final class ConditionEvaluator {
    private ConditionEvaluator() {}

    /** The distinct leaves (by identity) of p on the column, left to right. */
    static List<Predicate.Leaf> leavesOf(Predicate p, int column) {
        List<Predicate.Leaf> out = new ArrayList<>();
        for (Predicate.Leaf l : p.leaves()) {
            if (l.column() == column && out.stream().noneMatch(x -> x == l)) {
                out.add(l);
            }
        }
        return out;
    }

    /**
     * How the scan evaluates a condition's leaves ({@link #merged}): p itself, unchanged (the
     * bound condition; no leaf in it stands for anything but itself), and its groups of one
     * column's comparisons under one AND or OR, each evaluated once by one merged test. A
     * group's first leaf carries the merged test and its bits; each other leaf of the group is
     * <em>absorbed</em>: it has no test of its own and its bits are the first one's (the same
     * object). That is exact wherever the bits are read: the group's leaves occur once in p, all
     * under that one node, whose AND (or OR) of the merged bits with themselves is the merged
     * bits, and a gate (an AND of top-level conjuncts, {@link WindowedPass#gates}) takes a
     * column's conjuncts all or none.
     */
    record Merged(Predicate p, Map<Predicate.Leaf, CompiledLeaf> groups, Map<Predicate.Leaf, Predicate.Leaf> absorbed) {
        /** The test of a leaf of {@link #p} that is not absorbed: its group's merged test, else its own. */
        CompiledLeaf test(Predicate.Leaf l) {
            if (absorbed.containsKey(l)) {
                throw new IllegalStateException("an absorbed leaf has no test of its own: " + l);
            }
            CompiledLeaf t = groups.get(l);
            return t != null ? t : CompiledLeaf.forLeaf(l);
        }

        /** The first leaf of the group that absorbed l (its bits are l's), or null. */
        Predicate.Leaf absorbedBy(Predicate.Leaf l) {
            return absorbed.get(l);
        }

        /** The distinct leaves of p that are evaluated (each once): those not absorbed, left to right (tests). */
        List<Predicate.Leaf> evaluated() {
            List<Predicate.Leaf> out = new ArrayList<>();
            for (Predicate.Leaf l : p.leaves()) {
                if (!absorbed.containsKey(l) && out.stream().noneMatch(x -> x == l)) {
                    out.add(l);
                }
            }
            return out;
        }
    }

    /**
     * p's groups of leaf terms of one AND (or OR) that compare one column's values by keys
     * ({@link CompiledLeaf#mergeable}) and occur once in p, each given one merged test ({@link
     * CompiledLeaf#merge}) on its first leaf, the others absorbed ({@link Merged}): {@code ts >= a
     * AND ts < b} one pass over the values and one set of bits instead of two, and so {@code x < a
     * OR x > b} (the complement of a range) and {@code x = a OR x = b} (a set of keys, as IN). p
     * is not rewritten: the planner, explain output and statistics see the condition as bound.
     */
    static Merged merged(Predicate p) {
        Map<Predicate.Leaf, Integer> occurs = new IdentityHashMap<>();
        for (Predicate.Leaf l : p.leaves()) {
            occurs.merge(l, 1, Integer::sum);
        }
        Map<Predicate.Leaf, CompiledLeaf> groups = new IdentityHashMap<>();
        Map<Predicate.Leaf, Predicate.Leaf> absorbed = new IdentityHashMap<>();
        group(p, occurs, groups, absorbed);
        return new Merged(p, groups, absorbed);
    }

    private static void group(Predicate p, Map<Predicate.Leaf, Integer> occurs, Map<Predicate.Leaf, CompiledLeaf> groups,
            Map<Predicate.Leaf, Predicate.Leaf> absorbed) {
        boolean and = p instanceof Predicate.And;
        List<Predicate> terms;
        if (p instanceof Predicate.And a) {
            terms = a.terms();
        } else if (p instanceof Predicate.Or o) {
            terms = o.terms();
        } else {
            return;
        }
        Map<Integer, List<Predicate.Leaf>> byColumn = new java.util.LinkedHashMap<>();
        for (Predicate t : terms) {
            group(t, occurs, groups, absorbed);
            if (t instanceof Predicate.Leaf l && CompiledLeaf.mergeable(l) && occurs.getOrDefault(l, 0) == 1) {
                byColumn.computeIfAbsent(l.column(), c -> new ArrayList<>()).add(l);
            }
        }
        for (List<Predicate.Leaf> same : byColumn.values()) {
            if (same.size() < 2) {
                continue;
            }
            Predicate.Leaf first = same.get(0);
            groups.put(first, CompiledLeaf.merge(first, same, and));
            for (Predicate.Leaf l : same.subList(1, same.size())) {
                absorbed.put(l, first);
            }
        }
    }

    /** The value of a condition that reads no column. */
    static boolean constant(Predicate p) {
        return p.holds(l -> {
            throw new IllegalStateException("a condition on a column: " + p);
        });
    }

    /** The kept rows for which p holds, from its leaves' bits. */
    static RowBits eval(Predicate p, Map<Predicate.Leaf, RowBits> leafBits, RowRanges rows) {
        return p.fold(new Predicate.Fold<RowBits>() {
            @Override
            public RowBits leaf(Predicate.Leaf l) {
                return leafBits.get(l);
            }

            @Override
            public RowBits constant(Predicate.Constant c) {
                RowBits b = new RowBits();
                if (c.value()) {
                    for (int i = 0; i < rows.size(); i++) {
                        b.set((int) rows.start(i), (int) rows.end(i));
                    }
                }
                return b;
            }

            @Override
            public RowBits and(List<RowBits> terms) {
                return combine(terms, true);
            }

            @Override
            public RowBits or(List<RowBits> terms) {
                return combine(terms, false);
            }
        });
    }

    /** The terms' bits ANDed or ORed into a copy; the leaves' own bits stay as they are. */
    private static RowBits combine(List<RowBits> terms, boolean and) {
        RowBits acc = null;
        for (RowBits b : terms) {
            if (acc == null) {
                acc = b.copy();
            } else if (and) {
                acc.and(b);
            } else {
                acc.or(b);
            }
        }
        return acc == null ? new RowBits() : acc;
    }

    /**
     * Sets in {@code out} the kept rows of page b whose value satisfies the leaf; conditions are
     * on flat columns (an entry is a row).
     */
    static void evalLeaf(Predicate.Leaf leaf, CompiledLeaf test, ColumnBatch b, RowRanges rows, RowBits out) {
        if (leaf.nested() != null) {
            evalNested((CompiledLeaf.Nested) test, b, rows, out);
            return;
        }
        long first = b.firstRow();
        long last = first + b.entryCount();
        LeafOp op = leaf.op();
        for (int i = firstRangeEndingAfter(rows, first); i < rows.size() && rows.start(i) < last; i++) {
            long from = Math.max(first, rows.start(i));
            long to = Math.min(last, rows.end(i));
            int e0 = (int) (from - first);
            int e1 = (int) (to - first);
            int base = (int) first; // bit base + e is entry e's row
            if (op != LeafOp.IS_NULL && op != LeafOp.IS_NOT_NULL) {
                test.matchEntries(b, e0, e1, base, out); // a loop over the page's values, no call per row
            } else if (b.entriesAreValues()) {
                if (op == LeafOp.IS_NOT_NULL) {
                    out.set(base + e0, base + e1); // no nulls in the page
                }
            } else {
                nullWords(b.definitionLevels(), b.column().maxDefinitionLevel(), op == LeafOp.IS_NULL, e0, e1, base, out);
            }
        }
    }

    /**
     * IS NULL (or, without {@code wantNull}, IS NOT NULL) on entries [e0, e1) of a flat column's
     * page from its definition levels (a null: below the maximum), 64 rows' bits at a time,
     * without building the page's value indexes or a branch per row.
     */
    static void nullWords(int[] def, int maxDef, boolean wantNull, int e0, int e1, int base, RowBits out) {
        long flip = wantNull ? 0 : 1;
        int p = base + e0;
        int end = base + e1;
        int e = e0;
        while (p < end) {
            int k = p >>> 6;
            int stop = Math.min(end, (k + 1) << 6);
            long w = 0;
            for (; p < stop; p++, e++) {
                w |= (((def[e] - maxDef) >>> 31) ^ flip) << p; // levels lie in [0, maxDef]: negative iff a null
            }
            out.orWord(k, w);
        }
    }

    /**
     * A leaf on a list column: each kept row that starts in page b, over its entries
     * [rowStart(k), rowStart(k + 1)) (the scan joins pages so that a row's entries lie in one
     * batch; entries before rowStart(0) end a row begun before it, already judged).
     */
    static void evalNested(CompiledLeaf.Nested test, ColumnBatch b, RowRanges rows, RowBits out) {
        long first = b.firstRow();
        long last = first + b.rowCount();
        for (int i = firstRangeEndingAfter(rows, first); i < rows.size() && rows.start(i) < last; i++) {
            long from = Math.max(first, rows.start(i));
            long to = Math.min(last, rows.end(i));
            for (long row = from; row < to; row++) {
                int k = (int) (row - first);
                if (test.row(b, b.rowStart(k), b.rowStart(k + 1))) {
                    out.set((int) row);
                }
            }
        }
    }

    static int firstRangeEndingAfter(RowRanges r, long row) {
        int lo = 0;
        int hi = r.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (r.end(mid) <= row) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    // ---- rows -------------------------------------------------------------------------------

    static RowRanges toRanges(RowBits bits) {
        List<long[]> out = new ArrayList<>();
        for (int s = bits.nextSetBit(0); s >= 0; ) {
            int e = bits.nextClearBit(s);
            out.add(new long[] {s, e});
            s = bits.nextSetBit(e);
        }
        return RowRanges.union(out);
    }
}
