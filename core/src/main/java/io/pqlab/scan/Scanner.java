package io.pqlab.scan;

import io.pqlab.MalformedFileException;
import io.pqlab.Mechanism;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.UnsupportedFeatureException;
import io.pqlab.ParquetFile;
import io.pqlab.internal.column.ColumnBatch;
import io.pqlab.internal.column.ColumnChunkReader;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.pageindex.OffsetIndex;
import io.pqlab.internal.pageindex.PageIndexReader;
import io.pqlab.internal.pageindex.PageLocation;
import io.pqlab.plan.ColumnRead;
import io.pqlab.plan.PageRead;
import io.pqlab.plan.Plan;
import io.pqlab.internal.plan.Planner;
import io.pqlab.plan.RowGroupPlan;
import io.pqlab.plan.RowRanges;
import io.pqlab.predicate.LeafOp;
import io.pqlab.predicate.Predicate;
import io.pqlab.schema.ColumnDescriptor;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads only what a plan keeps and returns exactly the matching rows, in file order, in batches
 * of a bounded number of rows.
 *
 * <p>For each row group the plan does not skip, two passes. First the condition: each condition
 * column is walked alone, one page at a time, only its pages that hold kept rows, and each of its
 * leaves sets the bits of the rows it holds true for; leaves combine as bitsets (each leaf is on
 * one column, so no alignment across columns is needed), giving the matching rows of the group.
 * The condition is evaluated exactly on every kept row (also where the plan proved that every row
 * matches: those pages are decoded anyway, and the proof rests on the writer's statistics). Then
 * the rows: each returned column is read only in the pages that hold matching rows (late
 * materialisation), through a cursor that decodes its pages lazily, in order, and forgets each
 * page once the rows after it are reached. {@link #next()} hands out up to {@link #BATCH_ROWS}
 * rows at a time (fewer when their pages would exceed {@link #BATCH_BYTES} decoded), so memory
 * holds a few pages per column, the row group's match bits and, for a condition column that is
 * also returned, the decoded pages with matches kept from the first pass up to {@link
 * #RETAIN_BYTES} (beyond that they are decoded again, from their compressed bytes, which are kept
 * up to {@link #KEEP_COMPRESSED_BYTES} so that they are not fetched twice), never a row group's
 * decoded values.
 */
public final class Scanner implements AutoCloseable {
    /** The most rows in one batch. */
    public static final int BATCH_ROWS = 1 << 16;
    /** Decoded page bytes one batch may reference before it ends early (at least one row). */
    public static final long BATCH_BYTES = Math.max(1 << 20, Math.min(Runtime.getRuntime().maxMemory() / 16, 64 << 20));
    /** Decoded pages of returned condition columns kept from the first pass, per row group. */
    public static final long RETAIN_BYTES = Math.max(1 << 20, Math.min(Runtime.getRuntime().maxMemory() / 32, 32 << 20));
    /** Compressed bytes of returned condition columns kept from the first pass, per row group. */
    public static final long KEEP_COMPRESSED_BYTES = Math.max(1 << 20, Runtime.getRuntime().maxMemory() / 8);

    private final ParquetFile file;
    private final BoundQuery options;
    private final Plan plan;
    private final List<ColumnDescriptor> outputColumns;
    private final List<Integer> conditionColumns;
    private final ColumnChunkReader.Options readerOptions;
    private final KeptBytes keptBytes;
    private final ParquetFile reading; // the file seen through keptBytes: where pages are read from
    private int nextRowGroup;
    private long returned;
    private GroupScan current;
    private final ScanStats stats = new ScanStats();

    private Scanner(ParquetFile file, BoundQuery options, Plan plan, List<ColumnDescriptor> outputColumns,
            List<Integer> conditionColumns) {
        this.file = file;
        this.options = options;
        this.plan = plan;
        this.outputColumns = outputColumns;
        this.conditionColumns = conditionColumns;
        this.readerOptions = ColumnChunkReader.Options.DEFAULT.withVerifyChecksums(options.verifyChecksums());
        this.keptBytes = new KeptBytes(file.source(), KEEP_COMPRESSED_BYTES);
        this.reading = file.withSource(keptBytes);
    }

    /** Plans the scan; nothing of the data is read until {@link #next()}. */
    public static Scanner open(ParquetFile file, BoundQuery options) throws IOException {
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
        Set<Integer> conditionColumns = predicate.columns();
        Set<Integer> projection = new LinkedHashSet<>();
        out.forEach(c -> projection.add(c.index()));
        projection.addAll(conditionColumns);
        Plan plan = Planner.plan(file, options.withColumns(new ArrayList<>(projection)));
        return new Scanner(file, options, plan, out, new ArrayList<>(conditionColumns));
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

    /**
     * The next matching rows (at most {@link #BATCH_ROWS}, never none, all of one row group), or
     * null at the end (or the limit). A row group with many matches gives several batches. A batch
     * stays valid after later calls; the pages it references are dropped with it.
     */
    public RowBatch next() throws IOException {
        while (true) {
            if (current != null) {
                RowBatch b = current.nextBatch();
                if (b != null) {
                    returned += b.size();
                    stats.rowsReturned += b.size();
                    return b;
                }
                current.close();
                current = null;
            }
            if (nextRowGroup >= plan.rowGroups().size() || (options.limit() >= 0 && returned >= options.limit())) {
                keptBytes.keepWithin(List.of());
                return null;
            }
            RowGroupPlan g = plan.rowGroups().get(nextRowGroup++);
            if (g.skipped()) {
                stats.rowGroupsSkipped++;
                continue;
            }
            current = scanRowGroup(g);
        }
    }

    /** Releases the readers of a row group left part-way (a scan read to its end needs no close). */
    @Override
    public void close() {
        if (current != null) {
            current.close();
            current = null;
        }
        keptBytes.keepWithin(List.of());
    }

    /** Evaluates the condition on row group g; the state that hands out its matching rows, or null if none. */
    private GroupScan scanRowGroup(RowGroupPlan g) throws IOException {
        stats.rowGroupsRead++;
        if (g.numRows() > Integer.MAX_VALUE - 16) {
            // rows are int-indexed in a row group's bitsets; no writer makes such a row group (it would not be read whole)
            throw new UnsupportedFeatureException("row group " + g.index() + " has " + g.numRows()
                    + " rows, more than this reader takes in one row group (" + (Integer.MAX_VALUE - 16) + ")",
                    file.footer().metadataOffset());
        }
        RowRanges kept = g.rows();
        Set<Integer> outputSet = new HashSet<>();
        outputColumns.forEach(c -> outputSet.add(c.index()));
        List<long[]> keepWithin = new ArrayList<>();
        for (int c : conditionColumns) {
            if (outputSet.contains(c)) {
                var md = file.chunk(g.index(), c).metaData();
                keepWithin.add(new long[] {md.chunkStart(), md.chunkStart() + md.totalCompressedSize()});
            }
        }
        keptBytes.keepWithin(keepWithin);
        // pass 1: each condition column alone, page by page; its leaves' bits are all that stays
        Map<Predicate.Leaf, BitSet> leafBits = new IdentityHashMap<>();
        Map<Integer, Retained> retained = new HashMap<>();
        long[] retainBudget = {RETAIN_BYTES};
        Predicate p = options.predicate() == null ? new Predicate.Constant(true, "") : options.predicate();
        if (!kept.isEmpty()) {
            for (int c : conditionColumns) {
                Retained keep = outputSet.contains(c) ? new Retained() : null;
                evaluateColumn(g, c, p, kept, leafBits, keep, retainBudget);
                if (keep != null) {
                    retained.put(c, keep);
                }
            }
        }
        // Only rows of decoded pages get a bit: the row group's row count is a claim until a page bears it out.
        RowRanges matchRanges = RowRanges.empty();
        if (!kept.isEmpty()) {
            if (conditionColumns.isEmpty()) {
                // a condition without columns (none, or constants): no bit per claimed row; the
                // returned columns' cursors bear the rows out before any is handed out
                matchRanges = constant(p) ? kept : matchRanges;
            } else {
                matchRanges = toRanges(eval(p, leafBits, kept));
                stats.rowsEvaluated += kept.rowCount();
            }
        }
        leafBits.clear();
        if (options.limit() >= 0) {
            matchRanges = first(matchRanges, options.limit() - returned);
        }
        if (matchRanges.rowCount() == 0) {
            return null;
        }
        // pass 2: a cursor per returned column (or one column to bear out rows that no column has yet)
        List<Integer> distinct = new ArrayList<>();
        for (ColumnDescriptor c : outputColumns) {
            if (!distinct.contains(c.index())) {
                distinct.add(c.index());
            }
        }
        if (distinct.isEmpty() && conditionColumns.isEmpty()) {
            if (file.schema().columnCount() == 0) {
                throw new UnsupportedFeatureException("row group " + g.index() + " has " + g.numRows()
                        + " rows but the schema has no column to hold them", file.footer().metadataOffset());
            }
            distinct.add(0);
        }
        Map<Integer, Cursor> cursors = new HashMap<>();
        try {
            for (int c : distinct) {
                Retained keep = retained.get(c);
                cursors.put(c, keep != null ? cursorOver(g, c, matchRanges, keep)
                        : new Cursor(new ColumnPages(g, c, !conditionColumns.contains(c)
                                && !options.lateMaterialization() ? kept : matchRanges, Set.of(), true), null));
            }
        } catch (RuntimeException | IOException e) {
            cursors.values().forEach(Cursor::close);
            throw e;
        }
        int[] slotColumn = new int[outputColumns.size()];
        for (int i = 0; i < slotColumn.length; i++) {
            slotColumn[i] = distinct.indexOf(outputColumns.get(i).index());
        }
        Cursor[] order = new Cursor[distinct.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = cursors.get(distinct.get(i));
        }
        return new GroupScan(g, matchRanges, order, slotColumn);
    }

    /**
     * A returned condition column's cursor: the pages kept from the first pass, and a reader over
     * the pages with matches that were not kept (none when the kept ones hold every match).
     */
    private Cursor cursorOver(RowGroupPlan g, int c, RowRanges matches, Retained keep) throws IOException {
        ArrayDeque<ColumnBatch> pages = new ArrayDeque<>();
        Set<Integer> indexes = new HashSet<>();
        List<long[]> covered = new ArrayList<>();
        for (ColumnBatch b : keep.pages) {
            if (matches.overlaps(b.firstRow(), b.firstRow() + b.rowCount())) {
                pages.add(b);
                indexes.add(b.pageIndex());
                covered.add(new long[] {b.firstRow(), b.firstRow() + b.rowCount()});
            }
        }
        keep.pages.clear();
        if (RowRanges.union(covered).intersect(matches).rowCount() == matches.rowCount()) {
            return new Cursor(null, pages);
        }
        if (!keep.fromOffsetIndex) {
            // a walk from the chunk's start decodes every page anyway: nothing to gain from the kept ones
            return new Cursor(new ColumnPages(g, c, matches, Set.of(), false), null);
        }
        return new Cursor(new ColumnPages(g, c, matches, indexes, false), pages);
    }

    /** The decoded pages of a returned condition column kept from the first pass. */
    private static final class Retained {
        final List<ColumnBatch> pages = new ArrayList<>();
        boolean fromOffsetIndex = true;
    }

    /**
     * Walks the kept pages of condition column c, setting the bits of its leaves; keeps pages with
     * a row true for one of its leaves in {@code keep} while the budget lasts.
     */
    private void evaluateColumn(RowGroupPlan g, int c, Predicate p, RowRanges kept,
            Map<Predicate.Leaf, BitSet> leafBits, Retained keep, long[] budget) throws IOException {
        List<Predicate.Leaf> leaves = new ArrayList<>();
        for (Predicate.Leaf l : p.leaves()) {
            if (l.column() == c && leaves.stream().noneMatch(x -> x == l)) {
                leaves.add(l);
            }
        }
        BitSet[] bits = new BitSet[leaves.size()];
        RowTest[] tests = new RowTest[leaves.size()];
        for (int j = 0; j < bits.length; j++) {
            bits[j] = new BitSet();
            LeafOp op = leaves.get(j).op();
            tests[j] = op == LeafOp.IS_NULL || op == LeafOp.IS_NOT_NULL ? null : RowTest.compile(leaves.get(j));
            leafBits.put(leaves.get(j), bits[j]);
        }
        boolean retaining = keep != null;
        try (ColumnPages pages = new ColumnPages(g, c, kept, Set.of(), true)) {
            for (ColumnBatch b = pages.next(); b != null; b = pages.next()) {
                if (pages.walks() && keep != null) {
                    // a walk's pages cannot be left out of a later read through the index
                    keep.fromOffsetIndex = false;
                }
                for (int j = 0; j < bits.length; j++) {
                    evalLeaf(leaves.get(j), tests[j], b, kept, bits[j]);
                }
                if (retaining) {
                    long first = b.firstRow();
                    long end = first + b.rowCount();
                    boolean any = false;
                    for (BitSet x : bits) {
                        int s = x.nextSetBit((int) first);
                        any |= s >= 0 && s < end;
                    }
                    long w = weight(b);
                    if (any && w <= budget[0]) {
                        keep.pages.add(b);
                        budget[0] -= w;
                    } else if (any) {
                        retaining = false; // the rest are decoded again where they hold matches (from kept bytes)
                    }
                }
            }
        }
    }

    /** The value of a condition that reads no column. */
    /** The value of a condition without columns (a leaf here is a bug). */
    private static boolean constant(Predicate p) {
        return p.fold(new Predicate.Fold<Boolean>() {
            @Override
            public Boolean leaf(Predicate.Leaf l) {
                throw new IllegalStateException("a condition on a column: " + p);
            }

            @Override
            public Boolean constant(Predicate.Constant c) {
                return c.value();
            }

            @Override
            public Boolean and(List<Boolean> terms) {
                return !terms.contains(false);
            }

            @Override
            public Boolean or(List<Boolean> terms) {
                return terms.contains(true);
            }
        });
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

    /** Roughly the heap a decoded page holds: levels, values, and a value index for nullable columns. */
    static long weight(ColumnBatch b) {
        long w = 64;
        int n = b.entryCount();
        w += (b.definitionLevels() != null ? 8L : 0) * n + (b.repetitionLevels() != null ? 8L : 0) * n;
        if (b.binaries() != null) {
            w += b.binaries().data().length + 4L * (b.valueCount() + 1);
        } else if (b.longs() != null || b.doubles() != null) {
            w += 8L * b.valueCount();
        } else if (b.booleans() != null) {
            w += b.valueCount();
        } else {
            w += 4L * b.valueCount();
        }
        return w;
    }

    // ---- pages ------------------------------------------------------------------------------

    /**
     * The decoded pages of column c in row group g that hold any of the given rows, one at a time,
     * in row order. Through the OffsetIndex the plan used, when it has one, fetching only those
     * pages (less the excluded page indexes); when a page there does not start on a row (a writer
     * that broke the OffsetIndex's promise), from the chunk's start, where rows cannot be
     * misaligned, resuming after the rows already handed out. Pages that continue a row begun in
     * an earlier page (v1 pages may split a repeated row; only a chunk walk returns them) are
     * joined to the page before them, so that every row's entries lie in one batch.
     */
    private final class ColumnPages implements AutoCloseable {
        private final RowGroupPlan g;
        private final int c;
        private final OffsetIndex oi;
        private final int[] chosen;
        private final boolean repeated;
        private ColumnChunkReader reader;
        private boolean sequential;
        private boolean fellBack;
        private ColumnBatch lookahead;
        private long handedOutEnd;

        ColumnPages(RowGroupPlan g, int c, RowRanges rows, Set<Integer> exclude, boolean countSkipped) {
            this.g = g;
            this.c = c;
            this.repeated = file.schema().column(c).maxRepetitionLevel() > 0;
            ColumnRead read = null;
            for (ColumnRead r : g.reads()) {
                if (r.column() == c) {
                    read = r;
                }
            }
            OffsetIndex planned = read == null ? null : offsetIndex(read);
            this.oi = planned != null || read == null ? planned : ownOffsetIndex(g, c, rows);
            if (oi != null) {
                List<Integer> wanted = new ArrayList<>();
                int overlapping = 0;
                for (int i = 0; i < oi.pageCount(); i++) {
                    PageLocation p = oi.page(i);
                    long endRow = i + 1 < oi.pageCount() ? oi.page(i + 1).firstRowIndex() : g.numRows();
                    if (rows.overlaps(p.firstRowIndex(), endRow)) {
                        overlapping++;
                        if (!exclude.contains(i)) {
                            wanted.add(i);
                        }
                    }
                }
                if (countSkipped) {
                    stats.pagesSkipped += oi.pageCount() - overlapping;
                }
                this.chosen = wanted.stream().mapToInt(Integer::intValue).toArray();
            } else {
                this.chosen = null;
                this.sequential = true;
            }
        }

        /** Whether the chunk is walked from its start (no OffsetIndex, or it failed). */
        boolean walks() {
            return sequential;
        }

        /** Whether the OffsetIndex failed and the chunk is walked from its start. */
        boolean fellBack() {
            return fellBack;
        }

        ColumnBatch next() throws IOException {
            while (true) {
                ColumnBatch b;
                try {
                    if (reader == null) {
                        reader = sequential ? ColumnChunkReader.open(reading, g.index(), c, readerOptions)
                                : ColumnChunkReader.openPages(reading, g.index(), c, oi, chosen, readerOptions);
                    }
                    b = joined();
                } catch (MalformedFileException e) {
                    if (sequential || e.getMessage() == null || !e.getMessage().contains("row")) {
                        throw e;
                    }
                    stats.fallbacks++;
                    closeReader();
                    sequential = true;
                    fellBack = true;
                    continue;
                }
                if (b == null) {
                    return null;
                }
                long end = b.firstRow() + b.rowCount();
                if (fellBack && end <= handedOutEnd) {
                    continue; // handed out before the walk began again from the chunk's start
                }
                handedOutEnd = Math.max(handedOutEnd, end);
                return b;
            }
        }

        private ColumnBatch joined() throws IOException {
            if (!sequential || !repeated) {
                return reader.next();
            }
            ColumnBatch b = lookahead != null ? lookahead : reader.next();
            lookahead = null;
            if (b == null) {
                return null;
            }
            List<ColumnBatch> parts = null;
            for (ColumnBatch n = reader.next(); ; n = reader.next()) {
                if (n == null || !n.continuesRow()) {
                    lookahead = n;
                    break;
                }
                if (parts == null) {
                    parts = new ArrayList<>();
                    parts.add(b);
                }
                parts.add(n);
            }
            return parts == null ? b : ColumnBatch.join(parts);
        }

        private void closeReader() {
            if (reader != null) {
                stats.pagesDecoded += reader.pagesDecoded();
                stats.bytesFetched += reader.bytesFetched() - keptBytes.takeServed();
                reader.close();
                reader = null;
            }
            lookahead = null;
        }

        @Override
        public void close() {
            closeReader();
        }
    }

    /**
     * The chunk's OffsetIndex, for a column the plan reads whole because every row may match, when
     * only some rows are asked for (late materialisation after a condition that matched few rows):
     * a few bytes of index then spare fetching and decoding the pages without a match. Null where
     * the plan would not have used one either (page index off, repeated or encrypted column, no
     * index, or one that fails its checks or does not decode: the chunk is then read whole, as
     * planned).
     */
    private OffsetIndex ownOffsetIndex(RowGroupPlan g, int c, RowRanges rows) {
        ColumnChunk chunk = file.chunk(g.index(), c);
        if (!options.uses(Mechanism.PAGE_INDEX) || rows.coversAll(g.numRows()) || chunk.encrypted()
                || file.schema().column(c).maxRepetitionLevel() > 0 || !chunk.hasOffsetIndex()) {
            return null;
        }
        try {
            OffsetIndex oi = PageIndexReader.offsetIndex(file.source(), chunk);
            return oi == null || oi.problem(chunk, g.numRows()) != null ? null : oi;
        } catch (MalformedFileException | IOException e) {
            return null; // the index is an aid here, not a proof: read the chunk as planned
        }
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

    /**
     * One returned column's position in the rows of a row group: the page holding the row asked
     * for, from the pages kept by the first pass and those its reader decodes, merged in row
     * order. Pages wholly before the row asked for are dropped.
     */
    private static final class Cursor implements AutoCloseable {
        private final ColumnPages reader;
        private final ArrayDeque<ColumnBatch> kept;
        private ColumnBatch peeked;
        private boolean readerDone;
        private ColumnBatch current;

        Cursor(ColumnPages reader, ArrayDeque<ColumnBatch> kept) {
            this.reader = reader;
            this.kept = kept == null ? new ArrayDeque<>() : kept;
            this.readerDone = reader == null;
        }

        /** The page holding row r (rows asked for ascend). */
        ColumnBatch page(long r) throws IOException {
            while (current == null || current.firstRow() + current.rowCount() <= r) {
                current = nextPage();
                if (current == null) {
                    throw new IllegalStateException("row " + r + " is in no decoded page");
                }
            }
            if (current.firstRow() > r) {
                throw new IllegalStateException("row " + r + " is in no decoded page");
            }
            return current;
        }

        private ColumnBatch nextPage() throws IOException {
            if (peeked == null && !readerDone) {
                peeked = reader.next();
                readerDone = peeked == null;
                if (reader.fellBack()) {
                    kept.clear(); // the walk from the chunk's start holds their rows too
                }
            }
            ColumnBatch k = kept.peekFirst();
            if (k != null && (peeked == null || k.firstRow() < peeked.firstRow())) {
                return kept.pollFirst();
            }
            ColumnBatch b = peeked;
            peeked = null;
            return b;
        }

        @Override
        public void close() {
            if (reader != null) {
                reader.close();
            }
            kept.clear();
            peeked = null;
            current = null;
        }
    }

    /** The matching rows of one row group, handed out a batch at a time. */
    private final class GroupScan implements AutoCloseable {
        private final RowGroupPlan g;
        private final RowRanges matches;
        private final Cursor[] cursors;
        private final int[] slotColumn;
        private int range;
        private long row;

        GroupScan(RowGroupPlan g, RowRanges matches, Cursor[] cursors, int[] slotColumn) {
            this.g = g;
            this.matches = matches;
            this.cursors = cursors;
            this.slotColumn = slotColumn;
            this.row = matches.size() > 0 ? matches.start(0) : 0;
        }

        RowBatch nextBatch() throws IOException {
            long left = 0;
            for (int i = range; i < matches.size(); i++) {
                left += matches.end(i) - (i == range ? row : matches.start(i));
                if (left >= BATCH_ROWS) {
                    break;
                }
            }
            int cap = (int) Math.min(BATCH_ROWS, left);
            if (cap == 0) {
                return null;
            }
            int cols = cursors.length;
            long[] rowNumbers = new long[cap];
            ColumnBatch[][] pages = new ColumnBatch[cols][cap];
            int[][] start = new int[cols][cap];
            int[][] end = new int[cols][cap];
            ColumnBatch[] last = new ColumnBatch[cols];
            long bytes = 0;
            int n = 0;
            while (n < cap && (n == 0 || bytes <= BATCH_BYTES)) {
                long r = row;
                for (int ci = 0; ci < cols; ci++) {
                    ColumnBatch b = cursors[ci].page(r);
                    if (b != last[ci]) {
                        bytes += weight(b);
                        last[ci] = b;
                    }
                    int kth = (int) (r - b.firstRow());
                    pages[ci][n] = b;
                    start[ci][n] = b.rowStart(kth);
                    end[ci][n] = b.rowStart(kth + 1);
                }
                rowNumbers[n++] = g.firstRow() + r;
                if (++row >= matches.end(range) && ++range < matches.size()) {
                    row = matches.start(range);
                }
            }
            if (n < cap) {
                rowNumbers = Arrays.copyOf(rowNumbers, n);
                for (int ci = 0; ci < cols; ci++) {
                    pages[ci] = Arrays.copyOf(pages[ci], n);
                    start[ci] = Arrays.copyOf(start[ci], n);
                    end[ci] = Arrays.copyOf(end[ci], n);
                }
            }
            int slots = slotColumn.length;
            ColumnBatch[][] slotPages = new ColumnBatch[slots][];
            int[][] slotStart = new int[slots][];
            int[][] slotEnd = new int[slots][];
            for (int i = 0; i < slots; i++) {
                slotPages[i] = pages[slotColumn[i]];
                slotStart[i] = start[slotColumn[i]];
                slotEnd[i] = end[slotColumn[i]];
            }
            return new RowBatch(g.index(), rowNumbers, outputColumns, slotPages, slotStart, slotEnd);
        }

        @Override
        public void close() {
            for (Cursor c : cursors) {
                c.close();
            }
        }
    }

    // ---- evaluation --------------------------------------------------------------------------

    /** The kept rows for which p holds, from its leaves' bits. */
    private static BitSet eval(Predicate p, Map<Predicate.Leaf, BitSet> leafBits, RowRanges rows) {
        return p.fold(new Predicate.Fold<BitSet>() {
            @Override
            public BitSet leaf(Predicate.Leaf l) {
                return leafBits.get(l);
            }

            @Override
            public BitSet constant(Predicate.Constant c) {
                BitSet b = new BitSet();
                if (c.value()) {
                    for (int i = 0; i < rows.size(); i++) {
                        b.set((int) rows.start(i), (int) rows.end(i));
                    }
                }
                return b;
            }

            @Override
            public BitSet and(List<BitSet> terms) {
                return combine(terms, true);
            }

            @Override
            public BitSet or(List<BitSet> terms) {
                return combine(terms, false);
            }
        });
    }

    private static BitSet combine(List<BitSet> terms, boolean and) {
        BitSet acc = null;
        for (BitSet b : terms) {
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

    /**
     * Sets in {@code out} the kept rows of page b whose value satisfies the leaf; conditions are
     * on flat columns (an entry is a row).
     */
    private static void evalLeaf(Predicate.Leaf leaf, RowTest test, ColumnBatch b, RowRanges rows, BitSet out) {
        long first = b.firstRow();
        long last = first + b.entryCount();
        LeafOp op = leaf.op();
        for (int i = firstRangeEndingAfter(rows, first); i < rows.size() && rows.start(i) < last; i++) {
            long from = Math.max(first, rows.start(i));
            long to = Math.min(last, rows.end(i));
            for (long row = from; row < to; row++) {
                int e = (int) (row - first);
                boolean isNull = b.isNull(e);
                boolean match = switch (op) {
                    case IS_NULL -> isNull;
                    case IS_NOT_NULL -> !isNull;
                    default -> !isNull && test.matches(b, b.valueIndex(e));
                };
                if (match) {
                    out.set((int) row);
                }
            }
        }
    }

    private static int firstRangeEndingAfter(RowRanges r, long row) {
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
