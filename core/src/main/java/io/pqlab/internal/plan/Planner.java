package io.pqlab.internal.plan;

import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.plan.ColumnRead;
import io.pqlab.plan.PageRead;
import io.pqlab.plan.Plan;
import io.pqlab.plan.RowGroupPlan;
import io.pqlab.plan.RowRanges;
import io.pqlab.plan.Span;
import io.pqlab.plan.Step;
import io.pqlab.plan.Verdict;

import io.pqlab.Mechanism;
import io.pqlab.ParquetFile;
import io.pqlab.UnsupportedFeatureException;
import io.pqlab.internal.column.DictionaryPages;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.FileMetaData;
import io.pqlab.internal.format.RowGroup;
import io.pqlab.io.ByteSource;
import io.pqlab.internal.pageindex.OffsetIndex;
import io.pqlab.internal.pageindex.RowBoundaries;
import io.pqlab.internal.predicate.Predicate;
import io.pqlab.internal.predicate.Predicate.Leaf;
import io.pqlab.internal.bloom.BloomFilterReader;
import io.pqlab.internal.plan.evidence.BloomEvidence;
import io.pqlab.internal.plan.evidence.DictionaryEvidence;
import io.pqlab.internal.plan.evidence.Evidence;
import io.pqlab.internal.plan.evidence.LeafVerdict;
import io.pqlab.internal.plan.evidence.PageIndexEvidence;
import io.pqlab.internal.plan.evidence.RowGroupContext;
import io.pqlab.internal.plan.evidence.StatisticsEvidence;
import io.pqlab.schema.ColumnDescriptor;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decides, row group by row group and page by page, what a reader can prove it does not need for
 * a condition, and says why.
 *
 * <p>Evidence is gathered per condition leaf, cheapest first: row-group statistics (free with the
 * footer), then Bloom filters, dictionaries and the page index, each fetched only for row groups
 * the cheaper evidence left undecided and only for the leaves still undecided. After each
 * mechanism the leaves' three-way verdicts are combined through AND and OR, so that
 * {@code a = 1 OR b = 2} is skipped when statistics rule out one side and a Bloom filter the
 * other. Kept pages become row ranges; AND intersects them and OR unites them; every projected
 * column then reads the pages that overlap the kept rows.
 */
public final class Planner {

    private final ParquetFile file;
    private final FileMetaData md;
    private final ByteSource source;
    private final BoundQuery query;
    private final DictionarySource dictionaries;
    private final RowGroupContext.Files files;
    private final List<Evidence> evidence;

    private Planner(ParquetFile file, BoundQuery query, DictionarySource dictionaries) {
        this.file = file;
        this.md = ParquetFiles.metadata(file);
        this.source = file.source();
        this.query = query;
        this.dictionaries = dictionaries;
        this.files = new RowGroupContext.Files(file);
        this.evidence = evidence();
    }

    /** Where dictionary pages come from; the page decoder supplies it. */
    public interface DictionarySource {
        /** A chunk's dictionary as PLAIN values, or null where it cannot be read; with bytes fetched. */
        Dictionary read(ParquetFile file, int rowGroup, int column) throws IOException;
    }

    /** A decoded dictionary page. */
    public record Dictionary(List<byte[]> values, long bytesFetched) {}

    /** Dictionary pages read and decoded from the file itself: what a plan uses unless told otherwise. */
    public static final DictionarySource FILE_DICTIONARIES = (file, rowGroup, column) -> {
        DictionaryPages.Result r = DictionaryPages.read(file, rowGroup, column);
        return r == null ? null : new Dictionary(r.values(), r.bytesFetched());
    };

    /** Plans with every dictionary read from the file, spans merged only where they touch. */
    public static Plan plan(ParquetFile file, BoundQuery query) throws IOException {
        return plan(file, query, 0, FILE_DICTIONARIES);
    }

    /**
     * Plans, reading dictionary pages through {@code dictionaries} (null: never use dictionaries).
     *
     * @param query the condition, the columns the query reads (null: every column) and the mechanisms
     * @param coalesceGap spans closer than this many bytes count as one request in {@link Plan#requests()}
     */
    public static Plan plan(ParquetFile file, BoundQuery query, long coalesceGap, DictionarySource dictionaries)
            throws IOException {
        Planner p = new Planner(file, query, dictionaries);
        Predicate predicate = query.predicate();
        List<Integer> projection = query.columns();
        if (projection == null) {
            projection = new ArrayList<>();
            for (ColumnDescriptor c : file.schema().columns()) {
                projection.add(c.index());
            }
        }
        List<Leaf> leaves = predicate.leaves();
        List<RowGroupPlan> groups = new ArrayList<>();
        long firstRow = 0;
        for (int g = 0; g < p.md.rowGroups().size(); g++) {
            RowGroup rg = p.md.rowGroups().get(g);
            if (query.query().coversRowGroupAt(firstRow)) { // outside the query's range: not in the plan
                groups.add(p.planRowGroup(g, firstRow, rg, predicate, leaves, projection));
            }
            firstRow += rg.numRows();
        }
        return new Plan(p.source.name(), p.source.size(), p.md.numRows(), predicate.toString(), query.mechanisms(),
                groups, coalesceGap);
    }

    /**
     * The first round of a plan's reads, for a reader that fetches ahead: the Bloom filters,
     * ColumnIndexes and OffsetIndexes a plan of this query may consult, for the row groups the
     * statistics (free with the footer) leave undecided, in row group then column order. The rules
     * are the planner's own: a Bloom filter only for a leaf {@link BloomEvidence#applies} to, a ColumnIndex
     * for a condition column, an OffsetIndex for every column read (of a repeated column only from a writer known to
     * start pages on rows). What the
     * plan then needs beyond them (a dictionary page, a structure too long to fetch ahead) it reads
     * itself.
     */
    public static List<Span> indexesToConsult(ParquetFile file, BoundQuery query) throws IOException {
        boolean bloom = query.uses(Mechanism.BLOOM);
        boolean pageIndex = query.uses(Mechanism.PAGE_INDEX);
        List<Leaf> leaves = query.predicate().leaves();
        if (leaves.isEmpty() || !(bloom || pageIndex)) {
            return List.of();
        }
        Set<Integer> conditionColumns = query.predicate().columns();
        Set<Integer> bloomColumns = new HashSet<>();
        leaves.stream().filter(new BloomEvidence()::applies).forEach(l -> bloomColumns.add(l.column()));
        Set<Integer> touched = new LinkedHashSet<>(conditionColumns);
        if (query.columns() == null) {
            for (int c = 0; c < file.schema().columnCount(); c++) {
                touched.add(c);
            }
        } else {
            touched.addAll(query.columns());
        }
        List<Integer> undecided = new ArrayList<>();
        if (query.uses(Mechanism.STATISTICS)) {
            Plan pre = plan(file, query.withColumns(new ArrayList<>(touched)).with(
                    query.query().using(Mechanism.STATISTICS)), 0, null);
            for (RowGroupPlan g : pre.rowGroups()) {
                if (!g.skipped()) {
                    undecided.add(g.index());
                }
            }
        } else {
            long firstRow = 0;
            for (int g = 0; g < file.rowGroupCount(); g++) {
                if (query.query().coversRowGroupAt(firstRow)) {
                    undecided.add(g);
                }
                firstRow += ParquetFiles.rowGroup(file, g).numRows();
            }
        }
        List<Span> spans = new ArrayList<>();
        for (int g : undecided) {
            RowGroup rg = ParquetFiles.rowGroup(file, g);
            for (int c : touched) {
                ColumnChunk chunk = rg.columns().get(c);
                if (chunk == null || chunk.encrypted() || chunk.metaData() == null) {
                    continue;
                }
                ColumnMetaData md = chunk.metaData();
                if (bloom && bloomColumns.contains(c) && md.hasBloomFilter() && md.bloomFilterLength() > 0) {
                    // a large filter is read a block at a time: only its header ahead (BloomFilterReader)
                    spans.add(new Span(md.bloomFilterOffset(), md.bloomFilterLength() > BloomFilterReader.WHOLE_BELOW
                            ? BloomFilterReader.PREFIX : md.bloomFilterLength()));
                }
                if (pageIndex) {
                    if (conditionColumns.contains(c) && chunk.hasColumnIndex()) {
                        spans.add(new Span(chunk.columnIndexOffset(), chunk.columnIndexLength()));
                    }
                    if (chunk.hasOffsetIndex() && (file.schema().column(c).maxRepetitionLevel() == 0
                            || RowBoundaries.writerNotCuttingAtRows(ParquetFiles.metadata(file)) == null)) {
                        spans.add(new Span(chunk.offsetIndexOffset(), chunk.offsetIndexLength()));
                    }
                }
            }
        }
        return spans;
    }

    // ---- one row group ------------------------------------------------------------------------

    /** What is known about one leaf in one row group. */
    private static final class LeafState {
        Verdict verdict = Verdict.SOME;
        RowRanges maybe;
        RowRanges all;

        void set(LeafVerdict v, long n) {
            verdict = v.decision().verdict();
            if (v.perPage()) {
                maybe = v.maybe();
                all = v.all();
            } else {
                maybe = verdict == Verdict.NONE ? RowRanges.empty() : RowRanges.all(n);
                all = verdict == Verdict.ALL ? RowRanges.all(n) : RowRanges.empty();
            }
        }
    }

    /** The evidence this query allows, cheapest first: statistics, Bloom filters, dictionaries, the page index. */
    private List<Evidence> evidence() {
        List<Evidence> out = new ArrayList<>();
        if (query.uses(Mechanism.STATISTICS)) {
            out.add(new StatisticsEvidence());
        }
        if (query.uses(Mechanism.BLOOM)) {
            out.add(new BloomEvidence());
        }
        if (query.uses(Mechanism.DICTIONARY) && dictionaries != null) {
            out.add(new DictionaryEvidence(dictionaries));
        }
        if (query.uses(Mechanism.PAGE_INDEX)) {
            out.add(new PageIndexEvidence());
        }
        return out;
    }

    private RowGroupPlan planRowGroup(int g, long firstRow, RowGroup rg, Predicate predicate, List<Leaf> leaves,
            List<Integer> projection) throws IOException {
        long n = rg.numRows();
        List<Step> steps = new ArrayList<>();
        Map<Leaf, LeafState> state = new IdentityHashMap<>();
        for (Leaf l : leaves) {
            LeafState s = new LeafState();
            s.maybe = RowRanges.all(n);
            s.all = RowRanges.empty();
            state.put(l, s);
        }
        RowGroupContext fetched = new RowGroupContext(files, g);
        if (n <= 0) {
            return new RowGroupPlan(g, firstRow, n, true, Verdict.NONE, RowRanges.empty(), RowRanges.empty(),
                    List.of(new Step(Mechanism.STATISTICS.cliName(), "", "", Verdict.NONE, "the row group has no rows")), List.of(), 0,
                    Mechanism.STATISTICS.cliName(), List.of());
        }
        Eval e = eval(predicate, state, n);
        // The mechanism after whose evidence the row group's verdict first became NONE.
        String decider = e.verdict(n) == Verdict.NONE ? "condition" : null;
        if (predicate instanceof Predicate.Constant c) {
            steps.add(new Step("condition", "", c.toString(), c.value() ? Verdict.ALL : Verdict.NONE, c.why()));
        }
        for (Evidence ev : evidence) {
            if (e.verdict(n) != Verdict.SOME) {
                break;
            }
            String name = ev.mechanism().cliName();
            for (Leaf l : leaves) {
                LeafState s = state.get(l);
                if (s.verdict != Verdict.SOME || !ev.applies(l)) {
                    continue;
                }
                LeafVerdict v = ev.judge(fetched, l);
                if (v == null) {
                    continue;
                }
                steps.add(new Step(name, l.path(), l.text(), v.decision().verdict(), v.decision().why()));
                s.set(v, n);
                if (ev.stopsWhenDecided()) {
                    e = eval(predicate, state, n);
                    decider = decided(decider, e, n, name);
                    if (e.verdict(n) != Verdict.SOME) {
                        break;
                    }
                }
            }
            e = eval(predicate, state, n);
            decider = decided(decider, e, n, name);
        }
        Verdict verdict = e.verdict(n);
        boolean skipped = verdict == Verdict.NONE;
        List<ColumnRead> reads = new ArrayList<>();
        if (!skipped) {
            for (int c : projection) {
                reads.add(columnRead(g, rg, c, e.maybe, n, fetched));
            }
        }
        return new RowGroupPlan(g, firstRow, n, skipped, verdict, skipped ? RowRanges.empty() : e.maybe,
                skipped ? RowRanges.empty() : e.all, steps, reads, fetched.bytes(), skipped ? decider : null,
                fetched.spans());
    }

    private static String decided(String decider, Eval e, long n, String mechanism) {
        return decider == null && e.verdict(n) == Verdict.NONE ? mechanism : decider;
    }

    /** Rows that may match and rows that all match. */
    private record Eval(RowRanges maybe, RowRanges all) {
        Verdict verdict(long n) {
            if (maybe.isEmpty()) {
                return Verdict.NONE;
            }
            return all.coversAll(n) ? Verdict.ALL : Verdict.SOME;
        }
    }

    /** The rows that may match and those that all match, from the leaves' states, through AND and OR. */
    private static Eval eval(Predicate p, Map<Leaf, LeafState> state, long n) {
        return p.fold(new Predicate.Fold<Eval>() {
            @Override
            public Eval leaf(Leaf l) {
                LeafState s = state.get(l);
                return new Eval(s.maybe, s.all);
            }

            @Override
            public Eval constant(Predicate.Constant c) {
                return c.value() ? new Eval(RowRanges.all(n), RowRanges.all(n))
                        : new Eval(RowRanges.empty(), RowRanges.empty());
            }

            @Override
            public Eval and(List<Eval> terms) {
                RowRanges maybe = RowRanges.all(n);
                RowRanges all = RowRanges.all(n);
                for (Eval e : terms) {
                    maybe = maybe.intersect(e.maybe);
                    all = all.intersect(e.all);
                }
                return new Eval(maybe, all);
            }

            @Override
            public Eval or(List<Eval> terms) {
                RowRanges maybe = RowRanges.empty();
                RowRanges all = RowRanges.empty();
                for (Eval e : terms) {
                    maybe = maybe.union(e.maybe);
                    all = all.union(e.all);
                }
                return new Eval(maybe, all);
            }
        });
    }

    // ---- reads ----------------------------------------------------------------------------------

    private ColumnRead columnRead(int g, RowGroup rg, int c, RowRanges rows, long n, RowGroupContext fetched)
            throws IOException {
        ColumnChunk chunk = rg.columns().get(c);
        ColumnDescriptor col = file.schema().column(c);
        ColumnMetaData cmd = chunk == null ? null : chunk.metaData();
        if (cmd == null) {
            throw new UnsupportedFeatureException("column " + col.dottedPath() + " of row group " + g
                    + " has no readable metadata (an encrypted column)", -1);
        }
        long start = cmd.chunkStart();
        long length = cmd.totalCompressedSize();
        long size = source.size();
        if (start < 0 || length < 0 || start > size || length > size - start || length > Integer.MAX_VALUE - 8) {
            // checked here first, so that the message is built only for a chunk that fails
            ByteSource.checkRange(start, length, size, "column chunk " + col.dottedPath() + " of row group " + g);
        }
        Span whole = new Span(start, length);
        if (rows.coversAll(n) && fetched.fetchedOffsetIndex(c) == null) {
            // (an OffsetIndex already fetched still lists the pages: a scan whose condition then
            // matches few rows reads the other columns' pages through it, fetching it no more)
            return new ColumnRead(g, c, col.dottedPath(), -1, -1, List.of(whole), List.of(),
                    "every row may match: the whole chunk");
        }
        if (!query.uses(Mechanism.PAGE_INDEX)) {
            return new ColumnRead(g, c, col.dottedPath(), -1, -1, List.of(whole), List.of(),
                    "the page index is not used: the whole chunk");
        }
        if (chunk.sealed()) {
            return new ColumnRead(g, c, col.dottedPath(), -1, -1, List.of(whole), List.of(),
                    "an encrypted column without its key: the whole chunk");
        }
        OffsetIndex oi = fetched.offsetIndex(c, chunk);
        if (oi == null) {
            String why = fetched.offsetIndexProblem(c);
            why = why == null ? "no OffsetIndex" : why;
            return new ColumnRead(g, c, col.dottedPath(), -1, -1, List.of(whole), List.of(), why + ": the whole chunk");
        }
        if (col.maxRepetitionLevel() > 0) {
            // a list's pages hold the rows the index gives only where no row is split across pages
            String split = RowBoundaries.problem(md, fetched.fetchedColumnIndex(c), oi, cmd.numValues(),
                    col.maxRepetitionLevel(), col.maxDefinitionLevel(), n);
            if (split != null) {
                return new ColumnRead(g, c, col.dottedPath(), -1, -1, List.of(whole), List.of(),
                        "a repeated column whose pages are not used: " + split + "; the whole chunk");
            }
        }
        List<Span> spans = new ArrayList<>();
        List<PageRead> pages = new ArrayList<>();
        long firstData = oi.pageCount() > 0 ? oi.page(0).offset() : whole.end();
        int read = 0;
        for (int i = 0; i < oi.pageCount(); i++) {
            long first = oi.firstRow(i);
            long end = oi.endRow(i, n);
            boolean wanted = rows.overlaps(first, end);
            var loc = oi.page(i);
            pages.add(new PageRead("data", loc.offset(), loc.compressedPageSize(), first, end - first, wanted,
                    wanted ? "holds rows that may match" : "no row it holds may match"));
            if (wanted) {
                read++;
                spans.add(new Span(loc.offset(), loc.compressedPageSize()));
            }
        }
        if (firstData > start) {
            // The dictionary page sits before the first data page; any data page read needs it.
            pages.add(0, new PageRead("dictionary", start, firstData - start, -1, 0, read > 0,
                    read > 0 ? "a data page read needs it" : "no data page is read"));
            if (read > 0) {
                spans.add(0, new Span(start, firstData - start));
            }
        }
        return new ColumnRead(g, c, col.dottedPath(), read, oi.pageCount(), spans, pages,
                read + " of " + oi.pageCount() + " pages hold rows that may match");
    }
}
