package io.pqlab.scan;

import io.pqlab.MalformedFileException;
import io.pqlab.UnsupportedFeatureException;
import io.pqlab.ParquetFile;
import io.pqlab.column.ColumnBatch;
import io.pqlab.column.ColumnChunkReader;
import io.pqlab.pageindex.OffsetIndex;
import io.pqlab.pageindex.PageLocation;
import io.pqlab.plan.ColumnRead;
import io.pqlab.plan.PageRead;
import io.pqlab.plan.Plan;
import io.pqlab.plan.Planner;
import io.pqlab.plan.RowGroupPlan;
import io.pqlab.plan.RowRanges;
import io.pqlab.predicate.LeafOp;
import io.pqlab.predicate.Predicate;
import io.pqlab.schema.ColumnDescriptor;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads only what a plan keeps and returns exactly the matching rows, row group by row group.
 *
 * <p>For each row group the plan does not skip, the condition's columns are decoded first, only
 * their pages that hold kept rows; the condition is evaluated exactly on every kept row (also
 * where the plan proved that every row matches: those pages are decoded anyway, and the proof
 * rests on the writer's statistics); then the other returned columns are decoded only in the
 * pages that hold matching rows (late materialisation). Memory holds one row group's decoded
 * pages at a time.
 */
public final class Scanner {
    private final ParquetFile file;
    private final ScanOptions options;
    private final Plan plan;
    private final List<ColumnDescriptor> outputColumns;
    private final List<Integer> conditionColumns;
    private final ColumnChunkReader.Options readerOptions;
    private int nextRowGroup;
    private long returned;
    private final ScanStats stats = new ScanStats();

    private Scanner(ParquetFile file, ScanOptions options, Plan plan, List<ColumnDescriptor> outputColumns,
            List<Integer> conditionColumns) {
        this.file = file;
        this.options = options;
        this.plan = plan;
        this.outputColumns = outputColumns;
        this.conditionColumns = conditionColumns;
        this.readerOptions = ColumnChunkReader.Options.DEFAULT.withVerifyChecksums(options.verifyChecksums());
    }

    /** Plans the scan; nothing of the data is read until {@link #next()}. */
    public static Scanner open(ParquetFile file, ScanOptions options) throws IOException {
        List<ColumnDescriptor> out = new ArrayList<>();
        if (options.columns() == null) {
            out.addAll(file.schema().columns());
        } else {
            for (int c : options.columns()) {
                out.add(file.schema().column(c));
            }
        }
        Predicate predicate = options.predicate() == null ? new Predicate.Constant(true, "no condition")
                : options.predicate();
        Set<Integer> conditionColumns = new LinkedHashSet<>();
        collectColumns(predicate, conditionColumns);
        Set<Integer> projection = new LinkedHashSet<>();
        out.forEach(c -> projection.add(c.index()));
        projection.addAll(conditionColumns);
        Plan plan = Planner.plan(file, predicate,
                new Planner.Options(options.mechanisms(), new ArrayList<>(projection), 0));
        return new Scanner(file, options, plan, out, new ArrayList<>(conditionColumns));
    }

    private static void collectColumns(Predicate p, Set<Integer> out) {
        if (p instanceof Predicate.Leaf l) {
            out.add(l.column());
        } else if (p instanceof Predicate.And a) {
            a.terms().forEach(t -> collectColumns(t, out));
        } else if (p instanceof Predicate.Or o) {
            o.terms().forEach(t -> collectColumns(t, out));
        }
    }

    public Plan plan() {
        return plan;
    }

    public List<ColumnDescriptor> columns() {
        return outputColumns;
    }

    public ScanStats stats() {
        return stats;
    }

    /** The matching rows of the next row group that has any, or null at the end (or the limit). */
    public RowBatch next() throws IOException {
        while (nextRowGroup < plan.rowGroups().size()) {
            if (options.limit() >= 0 && returned >= options.limit()) {
                return null;
            }
            RowGroupPlan g = plan.rowGroups().get(nextRowGroup++);
            if (g.skipped()) {
                stats.rowGroupsSkipped++;
                continue;
            }
            RowBatch batch = scanRowGroup(g);
            if (batch != null && batch.size() > 0) {
                returned += batch.size();
                return batch;
            }
        }
        return null;
    }

    private RowBatch scanRowGroup(RowGroupPlan g) throws IOException {
        stats.rowGroupsRead++;
        if (g.numRows() > Integer.MAX_VALUE - 16) {
            // rows are int-indexed in a batch; no writer makes such a row group (it would not be read whole)
            throw new UnsupportedFeatureException("row group " + g.index() + " has " + g.numRows()
                    + " rows, more than this reader takes in one row group (" + (Integer.MAX_VALUE - 16) + ")",
                    file.footer().metadataOffset());
        }
        RowRanges kept = g.rows();
        Map<Integer, List<ColumnBatch>> decoded = new HashMap<>();
        for (int c : conditionColumns) {
            decoded.put(c, decode(g, c, kept));
        }
        // Every kept row is tested, even where the plan proved that all rows match: their pages are
        // decoded anyway, and a proof rests on statistics a writer may have got wrong. Only rows of
        // decoded pages get a bit: the row group's row count is a claim until a page bears it out.
        RowRanges matchRanges = RowRanges.empty();
        if (!kept.isEmpty()) {
            Predicate p = options.predicate() == null ? new Predicate.Constant(true, "") : options.predicate();
            if (conditionColumns.isEmpty()) {
                // a condition without columns (none, or constants): no bit per claimed row
                matchRanges = constant(p) ? kept : matchRanges;
            } else {
                matchRanges = toRanges(evaluate(p, decoded, kept, g.numRows()));
                stats.rowsEvaluated += kept.rowCount();
            }
        }
        if (options.limit() >= 0) {
            matchRanges = first(matchRanges, options.limit() - returned);
        }
        long count = matchRanges.rowCount();
        if (count == 0) {
            return null;
        }
        if (conditionColumns.isEmpty()) {
            // Nothing decoded yet bears the rows out: decode the returned columns (or one column,
            // when none is returned) before allocating per row.
            List<Integer> check = new ArrayList<>();
            outputColumns.forEach(c -> check.add(c.index()));
            if (check.isEmpty()) {
                if (file.schema().columnCount() == 0) {
                    throw new UnsupportedFeatureException("row group " + g.index() + " has " + g.numRows()
                            + " rows but the schema has no column to hold them", file.footer().metadataOffset());
                }
                check.add(0);
            }
            for (int c : check) {
                if (!decoded.containsKey(c)) {
                    decoded.put(c, decode(g, c, matchRanges));
                }
            }
        }
        int n = (int) count;
        long[] rowNumbers = new long[n];
        int[] rows = new int[n];
        int k = 0;
        for (int i = 0; i < matchRanges.size(); i++) {
            for (long r = matchRanges.start(i); r < matchRanges.end(i); r++) {
                rows[k] = (int) r;
                rowNumbers[k++] = g.firstRow() + r;
            }
        }
        int cols = outputColumns.size();
        ColumnBatch[][] pages = new ColumnBatch[cols][];
        int[][] start = new int[cols][];
        int[][] end = new int[cols][];
        for (int ci = 0; ci < cols; ci++) {
            int c = outputColumns.get(ci).index();
            List<ColumnBatch> batches = decoded.get(c);
            if (batches == null) {
                batches = decode(g, c, options.lateMaterialization() ? matchRanges : kept);
                decoded.put(c, batches);
            }
            pages[ci] = new ColumnBatch[n];
            start[ci] = new int[n];
            end[ci] = new int[n];
            locate(batches, rows, pages[ci], start[ci], end[ci]);
        }
        stats.rowsReturned += n;
        return new RowBatch(g.index(), rowNumbers, outputColumns, pages, start, end);
    }

    /** The value of a condition that reads no column. */
    private static boolean constant(Predicate p) {
        if (p instanceof Predicate.Constant c) {
            return c.value();
        }
        if (p instanceof Predicate.And a) {
            return a.terms().stream().allMatch(Scanner::constant);
        }
        if (p instanceof Predicate.Or o) {
            return o.terms().stream().anyMatch(Scanner::constant);
        }
        throw new IllegalStateException("a condition on a column: " + p);
    }

    /** The first n rows of r. */
    private static RowRanges first(RowRanges r, long n) {
        if (r.rowCount() <= n) {
            return r;
        }
        List<long[]> out = new ArrayList<>();
        for (int i = 0; i < r.size() && n > 0; i++) {
            long take = Math.min(n, r.end(i) - r.start(i));
            out.add(new long[] {r.start(i), r.start(i) + take});
            n -= take;
        }
        return RowRanges.union(out);
    }

    // ---- decoding ---------------------------------------------------------------------------

    /** The pages of column c in row group g that hold any of the rows, decoded. */
    private List<ColumnBatch> decode(RowGroupPlan g, int c, RowRanges rows) throws IOException {
        ColumnRead read = null;
        for (ColumnRead r : g.reads()) {
            if (r.column() == c) {
                read = r;
            }
        }
        List<ColumnBatch> out = new ArrayList<>();
        OffsetIndex oi = read == null ? null : offsetIndex(read);
        if (oi != null) {
            List<Integer> wanted = new ArrayList<>();
            for (int i = 0; i < oi.pageCount(); i++) {
                PageLocation p = oi.page(i);
                long endRow = i + 1 < oi.pageCount() ? oi.page(i + 1).firstRowIndex() : g.numRows();
                if (rows.overlaps(p.firstRowIndex(), endRow)) {
                    wanted.add(i);
                }
            }
            stats.pagesSkipped += oi.pageCount() - wanted.size();
            int[] pages = wanted.stream().mapToInt(Integer::intValue).toArray();
            try {
                return drain(ColumnChunkReader.openPages(file, g.index(), c, oi, pages, readerOptions), out);
            } catch (MalformedFileException e) {
                // A page that does not start on a row (a writer that broke the OffsetIndex's
                // promise): read the chunk from its start, where rows cannot be misaligned.
                if (!e.getMessage().contains("row")) {
                    throw e;
                }
                stats.fallbacks++;
                out.clear();
            }
        }
        return drain(ColumnChunkReader.open(file, g.index(), c, readerOptions), out);
    }

    private List<ColumnBatch> drain(ColumnChunkReader reader, List<ColumnBatch> out) throws IOException {
        try (reader) {
            for (ColumnBatch b = reader.next(); b != null; b = reader.next()) {
                out.add(b);
            }
            stats.pagesDecoded += reader.pagesDecoded();
            stats.bytesFetched += reader.bytesFetched();
        }
        return joinSplitRows(out);
    }

    /**
     * Pages that continue a row begun in an earlier page (v1 pages may split a repeated row; only
     * a chunk walk from its start returns them) are joined to the pages before them, so that every
     * row's entries lie in one batch, as {@link RowBatch} hands them out.
     */
    private static List<ColumnBatch> joinSplitRows(List<ColumnBatch> pages) {
        boolean any = false;
        for (ColumnBatch b : pages) {
            any |= b.continuesRow();
        }
        if (!any) {
            return pages;
        }
        List<ColumnBatch> out = new ArrayList<>();
        int i = 0;
        while (i < pages.size()) {
            int j = i + 1;
            while (j < pages.size() && pages.get(j).continuesRow()) {
                j++;
            }
            out.add(j == i + 1 ? pages.get(i) : ColumnBatch.join(pages.subList(i, j)));
            i = j;
        }
        return out;
    }

    /** The OffsetIndex the plan used for a column, rebuilt from its page list; null if it used none. */
    private static OffsetIndex offsetIndex(ColumnRead read) {
        List<PageLocation> locations = new ArrayList<>();
        for (PageRead p : read.pages()) {
            if (p.kind().equals("data")) {
                locations.add(new PageLocation(p.offset(), (int) p.length(), p.firstRow()));
            }
        }
        return locations.isEmpty() ? null : new OffsetIndex(locations, null, -1, 0);
    }

    // ---- evaluation --------------------------------------------------------------------------

    private BitSet evaluate(Predicate p, Map<Integer, List<ColumnBatch>> decoded, RowRanges rows, long numRows) {
        Map<Predicate.Leaf, BitSet> cache = new IdentityHashMap<>();
        return eval(p, decoded, rows, cache);
    }

    private BitSet eval(Predicate p, Map<Integer, List<ColumnBatch>> decoded, RowRanges rows,
            Map<Predicate.Leaf, BitSet> cache) {
        if (p instanceof Predicate.Constant c) {
            BitSet b = new BitSet();
            if (c.value()) {
                for (int i = 0; i < rows.size(); i++) {
                    b.set((int) rows.start(i), (int) rows.end(i));
                }
            }
            return b;
        }
        if (p instanceof Predicate.Leaf l) {
            return cache.computeIfAbsent(l, x -> evalLeaf(x, decoded.get(x.column()), rows));
        }
        List<Predicate> terms = p instanceof Predicate.And a ? a.terms() : ((Predicate.Or) p).terms();
        boolean and = p instanceof Predicate.And;
        BitSet acc = null;
        for (Predicate t : terms) {
            BitSet b = eval(t, decoded, rows, cache);
            if (acc == null) {
                acc = (BitSet) b.clone();
            } else if (and) {
                acc.and(b);
            } else {
                acc.or(b);
            }
        }
        return acc == null ? new BitSet() : acc;
    }

    /** The rows (among {@code rows}) whose value satisfies the leaf; conditions are on flat columns. */
    private static BitSet evalLeaf(Predicate.Leaf leaf, List<ColumnBatch> batches, RowRanges rows) {
        BitSet out = new BitSet();
        RowTest test = leaf.op() == LeafOp.IS_NULL || leaf.op() == LeafOp.IS_NOT_NULL ? null : RowTest.compile(leaf);
        for (ColumnBatch b : batches) {
            long first = b.firstRow();
            for (int e = 0; e < b.entryCount(); e++) {
                long row = first + e;
                if (!rows.contains(row)) {
                    continue;
                }
                boolean isNull = b.isNull(e);
                boolean match = switch (leaf.op()) {
                    case IS_NULL -> isNull;
                    case IS_NOT_NULL -> !isNull;
                    default -> !isNull && test.matches(b, b.valueIndex(e));
                };
                if (match) {
                    out.set((int) row);
                }
            }
        }
        return out;
    }

    // ---- rows -------------------------------------------------------------------------------

    /** For each wanted row (ascending), the page holding it and its entry range there. */
    private static void locate(List<ColumnBatch> batches, int[] rows, ColumnBatch[] page, int[] start, int[] end) {
        int bi = 0;
        for (int k = 0; k < rows.length; k++) {
            int r = rows[k];
            while (bi < batches.size() && batches.get(bi).firstRow() + batches.get(bi).rowCount() <= r) {
                bi++;
            }
            if (bi >= batches.size() || batches.get(bi).firstRow() > r) {
                throw new IllegalStateException("row " + r + " is in no decoded page");
            }
            ColumnBatch b = batches.get(bi);
            int kth = (int) (r - b.firstRow());
            page[k] = b;
            start[k] = b.rowStart(kth);
            end[k] = b.rowStart(kth + 1);
        }
    }

    private static RowRanges toRanges(BitSet bits) {
        List<long[]> out = new ArrayList<>();
        for (int s = bits.nextSetBit(0); s >= 0; ) {
            int e = bits.nextClearBit(s);
            out.add(new long[] {s, e});
            s = bits.nextSetBit(e);
        }
        return RowRanges.union(out);
    }
}
