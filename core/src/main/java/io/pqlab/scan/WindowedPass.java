package io.pqlab.scan;

import io.pqlab.internal.column.ColumnBatch;
import io.pqlab.internal.predicate.Predicate;
import io.pqlab.plan.RowGroupPlan;
import io.pqlab.plan.RowRanges;
import io.pqlab.schema.ColumnDescriptor;
import java.io.IOException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * One pass over a row group with a condition on columns: windows of up to {@link
 * Scanner#BATCH_ROWS} kept rows, each evaluated and then handed out before the next is read.
 *
 * <p>Per window: each condition column's pages are decoded (in order, each once) until they cover
 * the window, and its leaves set the bits of every kept row of each new page (a page running into
 * the next window is carried over, its bits already set); the condition gives the window's
 * matches (cut to what the limit still allows); every other returned column's progressive source
 * is told them and chooses the pages that hold them, fetching each contiguous run of them in one
 * read; then the window's batches are assembled. A returned condition column's cursor is fed the
 * pages its evaluation decoded, so each of its pages is decoded once, whatever its size. The
 * limit stops the pass at the window that reaches it. Memory: a window's pages per column (a
 * batch ends early at {@link Scanner#BATCH_BYTES}), pages decoded ahead on a pool, and the leaves'
 * bits (row-group-indexed, cleared window by window).
 */
final class WindowedPass implements RowGroupRows {
    /** A condition column: its pages, its leaves' tests and bits, and how far its pages reach. */
    private static final class Feed {
        final Pages pages;
        final List<Predicate.Leaf> leaves;
        final CompiledLeaf[] tests;
        final RowBits[] bits;
        /** Whether leaf j is evaluated: false for one absorbed by its group's first leaf, whose bits it shares. */
        final boolean[] own;
        final ColumnCursor cursor; // the returned column's cursor, fed this column's pages; or null
        /**
         * The conjuncts of the condition on earlier feeds' columns only, or null: where they are
         * false the condition is, so this column's leaves are evaluated only where they hold, and
         * its pages (a progressive source) decoded only where some row needs them.
         */
        final Predicate gate;
        ColumnBatch carry; // a gated feed's last page, running past its window's end
        long reached; // end row of the last page decoded
        boolean ended;

        Feed(Pages pages, List<Predicate.Leaf> leaves, ConditionEvaluator.Merged merged, ColumnCursor cursor, Predicate gate) {
            this.pages = pages;
            this.leaves = leaves;
            this.cursor = cursor;
            this.gate = gate;
            this.tests = new CompiledLeaf[leaves.size()];
            this.bits = new RowBits[leaves.size()];
            this.own = new boolean[leaves.size()];
            for (int j = 0; j < tests.length; j++) {
                if (merged.absorbedBy(leaves.get(j)) == null) {
                    own[j] = true;
                    tests[j] = merged.test(leaves.get(j)); // null for IS NULL and IS NOT NULL (from the levels)
                    bits[j] = new RowBits();
                }
            }
            // an absorbed leaf shares its group's first leaf's bits: that leaf is on the same
            // column, so among these leaves
            for (int j = 0; j < tests.length; j++) {
                if (!own[j]) {
                    Predicate.Leaf first = merged.absorbedBy(leaves.get(j));
                    for (int i = 0; i < tests.length; i++) {
                        if (leaves.get(i) == first) { // by identity, as the condition's leaves are told apart
                            bits[j] = bits[i];
                        }
                    }
                    if (bits[j] == null) {
                        throw new IllegalStateException(leaves.get(j) + " absorbed by a leaf on another column: " + first);
                    }
                }
            }
        }
    }

    private final RowGroupPlan g;
    private final RowRanges kept;
    private final Predicate p;
    private final List<Feed> feeds;
    private final ColumnCursor[] cursors;
    private final List<Pages> told; // the progressive sources (non-condition returned columns)
    private final int[] slotColumn;
    private final List<ColumnDescriptor> outputColumns;
    private final ScanStats stats;
    private final Map<Predicate.Leaf, RowBits> leafBits = new IdentityHashMap<>();
    private long remaining;
    private long windowStart;
    private final long keptEnd;
    private BatchAssembler window;
    private long windowEnd;
    private long windowRows; // kept rows in the window
    /** Kept rows the next window may span: from the limit, doubling up to BATCH_ROWS (see FIRST_WINDOW). */
    private long windowSize;

    /**
     * The least first window. Under a limit of fewer than {@link Scanner#BATCH_ROWS} rows the first
     * window spans the limit (at least this), and each window after it twice the one before, up to
     * {@code BATCH_ROWS}: a limit of 10 evaluates the condition columns' first pages, not a whole
     * window's, while a limit whose matches are rare still reaches full windows after a few.
     * Without a limit every window is {@code BATCH_ROWS}, as before.
     */
    static final int FIRST_WINDOW = 1024;

    WindowedPass(RowGroupPlan g, RowRanges kept, Predicate p, List<Feed> feeds, ColumnCursor[] cursors,
            List<Pages> told, int[] slotColumn, List<ColumnDescriptor> outputColumns, ScanStats stats, long limit) {
        this.g = g;
        this.kept = kept;
        this.p = p;
        this.feeds = feeds;
        this.cursors = cursors;
        this.told = told;
        this.slotColumn = slotColumn;
        this.outputColumns = outputColumns;
        this.stats = stats;
        this.remaining = limit;
        this.windowSize = limit >= Scanner.BATCH_ROWS ? Scanner.BATCH_ROWS : Math.max(FIRST_WINDOW, limit);
        this.windowStart = kept.isEmpty() ? 0 : kept.start(0);
        this.keptEnd = kept.isEmpty() ? 0 : kept.end(kept.size() - 1);
        for (Feed f : feeds) {
            for (int j = 0; j < f.leaves.size(); j++) {
                leafBits.put(f.leaves.get(j), f.bits[j]);
            }
        }
    }

    /**
     * The gate of each condition column after the first, in order: the AND of the top-level
     * conjuncts of p (nested ANDs flattened) whose columns all come earlier; a column with none
     * is not in the map. Where a window's gate is false for every row, the column's pages for
     * that window are neither fetched nor decompressed (its source is a progressive one, told
     * the rows the gate leaves undecided); where it is false for some, its leaves skip those rows.
     * Sound because p is the AND of every conjunct: a row where one of them is false does not
     * match, whatever the later columns hold (no NOT node: negation is in the leaves' operators).
     */
    static Map<Integer, Predicate> gates(Predicate p, List<Integer> conditionColumns) {
        List<Predicate> conjuncts = new ArrayList<>();
        flatten(p, conjuncts);
        Map<Integer, Predicate> out = new java.util.HashMap<>();
        java.util.Set<Integer> earlier = new java.util.HashSet<>();
        for (int c : conditionColumns) {
            List<Predicate> before = new ArrayList<>();
            for (Predicate t : conjuncts) {
                java.util.Set<Integer> cols = t.columns();
                if (!cols.isEmpty() && earlier.containsAll(cols)) {
                    before.add(t);
                }
            }
            if (!before.isEmpty()) {
                out.put(c, before.size() == 1 ? before.get(0) : new Predicate.And(before));
            }
            earlier.add(c);
        }
        return out;
    }

    private static void flatten(Predicate p, List<Predicate> out) {
        if (p instanceof Predicate.And a) {
            a.terms().forEach(t -> flatten(t, out));
        } else {
            out.add(p);
        }
    }

    /**
     * Builds the pass; the sources it is given are closed with it (also when this fails). With
     * {@code progressive}, the condition columns in {@link #gates} must have progressive sources.
     */
    static WindowedPass of(RowGroupPlan g, RowRanges kept, Predicate p, List<Integer> conditionColumns,
            Map<Integer, Pages> conditionPages, List<Integer> distinct, Map<Integer, Pages> returnedPages,
            boolean progressive, int[] slotColumn, List<ColumnDescriptor> outputColumns, ScanStats stats, long limit) {
        List<Feed> feeds = new ArrayList<>();
        ColumnCursor[] cursors = new ColumnCursor[distinct.size()];
        List<Pages> told = new ArrayList<>();
        try {
            ConditionEvaluator.Merged merged = ConditionEvaluator.merged(p); // one column's comparisons: one test
            Map<Integer, Predicate> gates = progressive ? gates(p, conditionColumns) : Map.of();
            for (int c : conditionColumns) {
                int slot = distinct.indexOf(c);
                ColumnCursor cursor = slot >= 0 ? new ColumnCursor(null, null) : null;
                if (slot >= 0) {
                    cursors[slot] = cursor;
                }
                feeds.add(new Feed(conditionPages.get(c), ConditionEvaluator.leavesOf(p, c), merged, cursor, gates.get(c)));
            }
            for (int i = 0; i < cursors.length; i++) {
                if (cursors[i] == null) {
                    Pages s = returnedPages.get(distinct.get(i));
                    cursors[i] = new ColumnCursor(s, null, progressive);
                    if (progressive) {
                        told.add(s);
                    }
                }
            }
        } catch (RuntimeException e) {
            conditionPages.values().forEach(Pages::close);
            returnedPages.values().forEach(Pages::close);
            throw e;
        }
        return new WindowedPass(g, kept, p, feeds, cursors, told, slotColumn, outputColumns, stats, limit);
    }

    @Override
    public RowBatch nextBatch() throws IOException {
        while (true) {
            if (window != null) {
                RowBatch b = window.nextBatch();
                if (b != null) {
                    remaining -= b.size();
                    if (exhausted()) {
                        sealAll(); // the last batch (its references taken): the pool asks no more
                    }
                    return b;
                }
                window = null;
                for (Feed f : feeds) {
                    if (f.cursor != null) {
                        f.cursor.dropBefore(windowEnd);
                        f.cursor.sealPassed();
                    }
                }
            }
            if (remaining <= 0 || windowStart >= keptEnd) {
                sealAll();
                return null;
            }
            RowRanges matches = evaluateWindow();
            if (!matches.isEmpty()) {
                boolean whole = matches.rowCount() == windowRows;
                for (Pages s : told) {
                    s.want(matches, whole);
                }
                window = new BatchAssembler(g, matches, cursors, slotColumn, outputColumns);
            }
        }
    }

    /** Decodes the condition columns' pages up to the next window's end and gives its matches. */
    private RowRanges evaluateWindow() throws IOException {
        // the window: from the first kept row at or after windowStart, windowSize rows on
        int i = ConditionEvaluator.firstRangeEndingAfter(kept, windowStart);
        long ws = Math.max(windowStart, kept.start(i));
        long we = Math.min(ws + windowSize, keptEnd);
        windowSize = Math.min(Scanner.BATCH_ROWS, windowSize * 2);
        RowRanges rows = kept.intersect(RowRanges.of(ws, we));
        for (Feed f : feeds) {
            if (f.cursor != null) {
                // windows without matches hand nothing out, so nothing else drops their pages
                f.cursor.dropBefore(ws);
                f.cursor.sealPassed(); // no batch is being made: none can hold them any more
            }
            if (f.gate != null) {
                evaluateGated(f, rows, ws, we);
                continue;
            }
            while (!f.ended && f.reached < we) {
                ColumnBatch b = f.pages.next();
                if (b == null) {
                    f.ended = true;
                    break;
                }
                evalLeaves(f, b, kept);
                f.reached = Math.max(f.reached, b.firstRow() + b.rowCount());
                if (f.cursor != null) {
                    f.cursor.add(b);
                } else {
                    seal(b); // (reuse) its leaves were evaluated on every kept row: nothing reads it again
                }
            }
        }
        stats.rows(rows.rowCount(), 0);
        windowRows = rows.rowCount();
        RowBits m = ConditionEvaluator.eval(p, leafBits, rows);
        List<long[]> out = new ArrayList<>();
        long left = remaining;
        for (int s = m.nextSetBit((int) ws); s >= 0 && s < we && left > 0; ) {
            int e = (int) Math.min(Math.min(m.nextClearBit(s), we), s + Math.min(left, we));
            out.add(new long[] {s, e});
            left -= e - s;
            s = m.nextSetBit(e);
        }
        // the rows before the window's end are done: later pages set only later bits
        for (RowBits b : leafBits.values()) {
            b.clearBefore((int) we);
        }
        windowStart = we;
        windowEnd = we;
        return RowRanges.union(out).intersect(rows);
    }

    /**
     * A gated feed's window: its leaves evaluated on the window's rows where the gate holds (the
     * earlier feeds' bits for the window are set), its pages decoded only as far as those rows
     * reach, and, from a progressive source, only the pages holding them. The rows left out keep
     * clear bits: the condition is false there whatever they are.
     */
    private void evaluateGated(Feed f, RowRanges rows, long ws, long we) throws IOException {
        if (f.carry != null && f.carry.firstRow() + f.carry.rowCount() <= ws) {
            dropCarry(f);
        }
        RowBits u = ConditionEvaluator.eval(f.gate, leafBits, rows).copy(); // a leaf's gate is its own bits
        u.clearBefore((int) ws);
        u.clearFrom((int) we);
        if (u.isEmpty()) {
            return; // no row of the window needs this column
        }
        RowRanges want = ConditionEvaluator.toRanges(u).intersect(rows);
        if (want.isEmpty()) {
            return;
        }
        long wantEnd = want.end(want.size() - 1);
        f.pages.want(want, want.rowCount() == rows.rowCount());
        if (f.carry != null) {
            evalLeaves(f, f.carry, want);
        }
        while (!f.ended && f.reached < wantEnd) {
            ColumnBatch b = f.pages.next();
            if (b == null) {
                f.ended = f.pages.atEnd();
                break; // a progressive source has handed out every page chosen so far
            }
            evalLeaves(f, b, want);
            f.reached = Math.max(f.reached, b.firstRow() + b.rowCount());
            if (f.carry != null && f.carry != b) {
                dropCarry(f); // a later page reached: the carry's rows are all evaluated
            }
            boolean carried = b.firstRow() + b.rowCount() > we;
            f.carry = carried ? b : null;
            if (f.cursor != null) {
                f.cursor.add(b);
            } else if (!carried) {
                seal(b); // (reuse) its rows end in this window: its leaves read it no more
            }
        }
    }

    /** A gated feed's carry page is passed: sealed where no cursor holds it (a cursor seals its own). */
    private static void dropCarry(Feed f) {
        if (f.cursor == null) {
            seal(f.carry);
        }
        f.carry = null;
    }

    private static void seal(ColumnBatch b) {
        if (b.lease() != null) {
            b.lease().seal();
        }
    }

    /**
     * (reuse) The pass has made its last batch: every page it still holds is sealed (the cursors',
     * the gated carries), on the thread that made the batches.
     */
    private void sealAll() {
        for (Feed f : feeds) {
            if (f.carry != null) {
                dropCarry(f);
            }
        }
        for (ColumnCursor c : cursors) {
            c.sealAll();
        }
    }

    private static void evalLeaves(Feed f, ColumnBatch b, RowRanges rows) {
        for (int j = 0; j < f.bits.length; j++) {
            if (f.own[j]) { // else absorbed: its bits are its group's merged ones
                ConditionEvaluator.evalLeaf(f.leaves.get(j), f.tests[j], b, rows, f.bits[j]);
            }
        }
    }

    @Override
    public boolean exhausted() {
        return (window == null || window.exhausted()) && (remaining <= 0 || windowStart >= keptEnd);
    }

    @Override
    public void close() {
        for (Feed f : feeds) {
            f.pages.close();
        }
        for (ColumnCursor c : cursors) {
            c.close();
        }
        leafBits.clear();
    }
}
