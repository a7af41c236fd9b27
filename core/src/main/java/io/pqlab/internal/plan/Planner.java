package io.pqlab.internal.plan;

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
import io.pqlab.internal.bloom.BloomFilterReader;
import io.pqlab.internal.bloom.BloomFilterResult;
import io.pqlab.internal.column.DictionaryPages;
import io.pqlab.internal.crypto.FileDecryptor;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.ColumnOrder;
import io.pqlab.internal.format.FileMetaData;
import io.pqlab.internal.format.PhysicalType;
import io.pqlab.internal.format.RowGroup;
import io.pqlab.io.ByteSource;
import io.pqlab.internal.pageindex.ColumnIndex;
import io.pqlab.internal.pageindex.OffsetIndex;
import io.pqlab.internal.pageindex.PageIndexReader;
import io.pqlab.internal.predicate.LeafOp;
import io.pqlab.internal.predicate.Predicate;
import io.pqlab.internal.predicate.Predicate.Leaf;
import io.pqlab.internal.predicate.ValueMatch;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.internal.stats.SortOrder;
import io.pqlab.internal.stats.IndexTrust;
import io.pqlab.internal.stats.StatisticsJudge;
import io.pqlab.internal.stats.TrustedStatistics;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
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
    private final Map<Integer, StatisticsJudge> judges = new HashMap<>();
    private final DictionarySource dictionaries;

    private Planner(ParquetFile file, BoundQuery query, DictionarySource dictionaries) {
        this.file = file;
        this.md = file.metadata();
        this.source = file.source();
        this.query = query;
        this.dictionaries = dictionaries;
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
            groups.add(p.planRowGroup(g, firstRow, rg, predicate, leaves, projection));
            firstRow += rg.numRows();
        }
        return new Plan(p.source.name(), p.source.size(), p.md.numRows(), predicate.toString(), query.mechanisms(),
                groups, coalesceGap);
    }

    /**
     * The first round of a plan's reads, for a reader that fetches ahead: the Bloom filters,
     * ColumnIndexes and OffsetIndexes a plan of this query may consult, for the row groups the
     * statistics (free with the footer) leave undecided, in row group then column order. The rules
     * are the planner's own: a Bloom filter only for a leaf {@link #bloomApplies} to, a ColumnIndex
     * for a condition column, an OffsetIndex for every column read that is not repeated. What the
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
        leaves.stream().filter(Planner::bloomApplies).forEach(l -> bloomColumns.add(l.column()));
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
            for (int g = 0; g < file.rowGroupCount(); g++) {
                undecided.add(g);
            }
        }
        List<Span> spans = new ArrayList<>();
        for (int g : undecided) {
            RowGroup rg = file.rowGroup(g);
            for (int c : touched) {
                ColumnChunk chunk = rg.columns().get(c);
                if (chunk == null || chunk.encrypted() || chunk.metaData() == null) {
                    continue;
                }
                ColumnMetaData md = chunk.metaData();
                if (bloom && bloomColumns.contains(c) && md.hasBloomFilter() && md.bloomFilterLength() > 0) {
                    spans.add(new Span(md.bloomFilterOffset(), md.bloomFilterLength()));
                }
                if (pageIndex) {
                    if (conditionColumns.contains(c) && chunk.hasColumnIndex()) {
                        spans.add(new Span(chunk.columnIndexOffset(), chunk.columnIndexLength()));
                    }
                    if (chunk.hasOffsetIndex() && file.schema().column(c).maxRepetitionLevel() == 0) {
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
    }

    /**
     * Indexes, filters and dictionaries fetched for one row group, each fetched and counted once
     * however many leaves of the condition are on its column.
     */
    private final class Fetched {
        final int rowGroup;
        final Map<Integer, OffsetIndex> offsetIndexes = new HashMap<>();
        final Map<Integer, ColumnIndex> columnIndexes = new HashMap<>();
        final Map<Integer, BloomFilterResult> blooms = new HashMap<>();
        final Map<Integer, Dictionary> dictionaries = new HashMap<>();
        final Map<Integer, String> offsetIndexProblems = new HashMap<>();
        final List<Span> spans = new ArrayList<>();
        long bytes;

        Fetched(int rowGroup) {
            this.rowGroup = rowGroup;
        }

        void add(long offset, long length) {
            bytes += length;
            spans.add(new Span(offset, length));
        }

        OffsetIndex offsetIndex(int column, ColumnChunk chunk, long numRows) throws IOException {
            if (offsetIndexes.containsKey(column) || offsetIndexProblems.containsKey(column)) {
                return offsetIndexes.get(column);
            }
            if (!chunk.hasOffsetIndex()) {
                offsetIndexProblems.put(column, "the chunk has no OffsetIndex");
                return null;
            }
            OffsetIndex oi = PageIndexReader.offsetIndex(source, chunk);
            add(chunk.offsetIndexOffset(), chunk.offsetIndexLength());
            String problem = oi == null ? "the chunk has no OffsetIndex" : oi.problem(chunk, numRows);
            if (problem != null) {
                offsetIndexProblems.put(column, "the OffsetIndex is ignored: " + problem);
                return null;
            }
            offsetIndexes.put(column, oi);
            return oi;
        }
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
        Fetched fetched = new Fetched(g);
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
        if (query.uses(Mechanism.STATISTICS) && e.verdict(n) == Verdict.SOME) {
            for (Leaf l : leaves) {
                Decision d = statistics(rg, l);
                steps.add(new Step(Mechanism.STATISTICS.cliName(), l.path(), l.text(), d.verdict(), d.why()));
                set(state.get(l), d.verdict(), n);
            }
            e = eval(predicate, state, n);
            decider = decided(decider, e, n, Mechanism.STATISTICS.cliName());
        }
        if (query.uses(Mechanism.BLOOM) && e.verdict(n) == Verdict.SOME) {
            for (Leaf l : leaves) {
                if (state.get(l).verdict != Verdict.SOME || !bloomApplies(l)) {
                    continue;
                }
                Decision d = bloom(rg, l, fetched);
                if (d != null) {
                    steps.add(new Step(Mechanism.BLOOM.cliName(), l.path(), l.text(), d.verdict(), d.why()));
                    set(state.get(l), d.verdict(), n);
                    e = eval(predicate, state, n);
                    decider = decided(decider, e, n, Mechanism.BLOOM.cliName());
                    if (e.verdict(n) != Verdict.SOME) {
                        break;
                    }
                }
            }
        }
        if (query.uses(Mechanism.DICTIONARY) && e.verdict(n) == Verdict.SOME && dictionaries != null) {
            for (Leaf l : leaves) {
                if (state.get(l).verdict != Verdict.SOME || !dictionaryApplies(l)) {
                    continue;
                }
                Decision d = dictionary(g, rg, l, fetched);
                if (d != null) {
                    steps.add(new Step(Mechanism.DICTIONARY.cliName(), l.path(), l.text(), d.verdict(), d.why()));
                    set(state.get(l), d.verdict(), n);
                    e = eval(predicate, state, n);
                    decider = decided(decider, e, n, Mechanism.DICTIONARY.cliName());
                    if (e.verdict(n) != Verdict.SOME) {
                        break;
                    }
                }
            }
        }
        if (query.uses(Mechanism.PAGE_INDEX) && e.verdict(n) == Verdict.SOME) {
            for (Leaf l : leaves) {
                LeafState s = state.get(l);
                if (s.verdict != Verdict.SOME) {
                    continue;
                }
                PageDecision d = pageIndex(rg, l, fetched);
                steps.add(new Step(Mechanism.PAGE_INDEX.cliName(), l.path(), l.text(), d.decision.verdict(), d.decision.why()));
                if (d.maybe != null) {
                    s.maybe = d.maybe;
                    s.all = d.all;
                    s.verdict = d.decision.verdict();
                }
            }
            e = eval(predicate, state, n);
            decider = decided(decider, e, n, Mechanism.PAGE_INDEX.cliName());
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
                skipped ? RowRanges.empty() : e.all, steps, reads, fetched.bytes, skipped ? decider : null,
                fetched.spans);
    }

    private static String decided(String decider, Eval e, long n, String mechanism) {
        return decider == null && e.verdict(n) == Verdict.NONE ? mechanism : decider;
    }

    private static void set(LeafState s, Verdict v, long n) {
        s.verdict = v;
        s.maybe = v == Verdict.NONE ? RowRanges.empty() : RowRanges.all(n);
        s.all = v == Verdict.ALL ? RowRanges.all(n) : RowRanges.empty();
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

    // ---- statistics -----------------------------------------------------------------------------

    StatisticsJudge judge(int column) {
        return judges.computeIfAbsent(column, c -> {
            ColumnDescriptor d = file.schema().column(c);
            List<ColumnOrder> orders = md.columnOrders();
            ColumnOrder order = orders != null && c < orders.size() ? orders.get(c) : null;
            return new StatisticsJudge(d.type(), d.logicalType(), d.convertedType(), d.typeLength(), order,
                    md.createdBy());
        });
    }

    private Decision statistics(RowGroup rg, Leaf l) {
        ColumnChunk chunk = rg.columns().get(l.column());
        ColumnMetaData cmd = chunk == null ? null : chunk.metaData();
        if (cmd == null || chunk.sealed()) {
            return Decision.some(chunk != null && chunk.sealed() ? sealed(chunk, l.column(), "statistics")
                    : "the column's metadata is not readable");
        }
        if (cmd.statistics() == null) {
            return Decision.some("the column chunk has no statistics");
        }
        TrustedStatistics ts = judge(l.column()).judge(cmd.statistics(), cmd.numValues());
        return BoundsCheck.judge(l, ts);
    }

    /** Why an encrypted column without its key cannot be judged by a mechanism, naming the key to pass. */
    private String sealed(ColumnChunk chunk, int column, String what) {
        String path = file.schema().column(column).dottedPath();
        return "the column is encrypted, so its " + what + " cannot be judged: "
                + FileDecryptor.missingKey(chunk.cryptoMetaData(), path);
    }

    // ---- Bloom filters --------------------------------------------------------------------------

    /** Whether a Bloom filter can rule a leaf out: {@code =} and {@code IN} on a type whose values have one encoding. */
    static boolean bloomApplies(Leaf l) {
        if (l.op() != LeafOp.EQ && l.op() != LeafOp.IN) {
            return false;
        }
        PhysicalType p = l.order().physical();
        // Booleans have no filters; INT96 has several encodings of one instant; a decimal in a
        // BYTE_ARRAY need not be minimal, so its bytes are not unique.
        return p != PhysicalType.BOOLEAN && p != PhysicalType.INT96
                && !(p == PhysicalType.BYTE_ARRAY && l.order().order() == SortOrder.DECIMAL_BYTES);
    }

    private Decision bloom(RowGroup rg, Leaf l, Fetched fetched) throws IOException {
        ColumnChunk chunk = rg.columns().get(l.column());
        ColumnMetaData cmd = chunk == null ? null : chunk.metaData();
        if (cmd == null || chunk.sealed() || !cmd.hasBloomFilter()) {
            return null;
        }
        BloomFilterResult r = fetched.blooms.get(l.column());
        if (r == null) {
            r = BloomFilterReader.read(source, chunk); // decrypted when the chunk is encrypted
            fetched.add(cmd.bloomFilterOffset(), r.bytesFetched());
            fetched.blooms.put(l.column(), r);
        }
        if (!r.usable()) {
            return Decision.some("the Bloom filter is ignored: " + r.ignoredBecause());
        }
        // Zeros of both signs, in FLOAT16 as in FLOAT and DOUBLE: -0.0 = +0.0 but their bytes differ.
        boolean floating = l.order().order() == SortOrder.FLOAT || l.order().order() == SortOrder.FLOAT16;
        for (byte[] v : l.values()) {
            if (r.filter().mightContain(v)) {
                return Decision.some("every bit the value's hash chose is set");
            }
            if (floating && l.order().isZero(v) && r.filter().mightContain(negate(v))) {
                return Decision.some("every bit the hash of the other zero chose is set");
            }
        }
        return Decision.none(l.values().size() == 1 ? "a bit the value's hash chose is clear"
                : "for every value of the list, a bit its hash chose is clear");
    }

    /** The same float with the sign bit flipped: -0.0 for +0.0 and the reverse. */
    private static byte[] negate(byte[] v) {
        byte[] out = v.clone();
        out[out.length - 1] ^= (byte) 0x80;
        return out;
    }

    // ---- dictionaries ---------------------------------------------------------------------------

    private static boolean dictionaryApplies(Leaf l) {
        return switch (l.op()) {
            case EQ, NE, LT, LE, GT, GE, IN, NOT_IN, STARTS_WITH, NOT_STARTS_WITH, IS_NAN, NOT_NAN -> true;
            default -> false;
        };
    }

    private Decision dictionary(int g, RowGroup rg, Leaf l, Fetched fetched) throws IOException {
        ColumnChunk chunk = rg.columns().get(l.column());
        ColumnMetaData cmd = chunk == null ? null : chunk.metaData();
        if (cmd == null || chunk.sealed()) {
            return null;
        }
        DictionaryProof.Answer answer = DictionaryProof.of(cmd);
        if (answer.refused() != null) {
            return Decision.some("the dictionary is not used: " + answer.refused());
        }
        String proof = answer.how();
        if (proof == null) {
            return null; // no dictionary, or data pages may have fallen back to another encoding
        }
        Dictionary dict;
        if (fetched.dictionaries.containsKey(l.column())) {
            dict = fetched.dictionaries.get(l.column());
        } else {
            dict = dictionaries.read(file, g, l.column());
            if (dict != null) {
                fetched.add(cmd.chunkStart(), dict.bytesFetched());
            }
            fetched.dictionaries.put(l.column(), dict);
        }
        if (dict == null) {
            return null;
        }
        int matching = 0;
        for (byte[] v : dict.values()) {
            if (!l.order().validLength(v)) {
                // a BYTE_ARRAY DECIMAL entry of 0 bytes: no value, so nothing to rule out with
                return Decision.some("a dictionary entry of " + v.length + " bytes is no value of the column's type");
            }
            if (ValueMatch.matches(l, v)) {
                matching++;
            }
        }
        int total = dict.values().size();
        if (matching == 0) {
            return Decision.none("no dictionary entry of " + total + " satisfies it (" + proof + ")");
        }
        return Decision.some(matching + " of " + total + " dictionary entries satisfy it");
    }

    // ---- page index -----------------------------------------------------------------------------

    private record PageDecision(Decision decision, RowRanges maybe, RowRanges all) {}

    private PageDecision pageIndex(RowGroup rg, Leaf l, Fetched fetched) throws IOException {
        long n = rg.numRows();
        ColumnChunk chunk = rg.columns().get(l.column());
        ColumnDescriptor col = file.schema().column(l.column());
        if (chunk == null || chunk.metaData() == null || chunk.sealed()) {
            return new PageDecision(Decision.some(chunk != null && chunk.sealed()
                    ? sealed(chunk, l.column(), "page index") : "the column's page index is not readable"), null, null);
        }
        if (col.maxRepetitionLevel() > 0) {
            return new PageDecision(Decision.some("the page index is not used for repeated columns"), null, null);
        }
        if (!chunk.hasColumnIndex() || !chunk.hasOffsetIndex()) {
            return new PageDecision(Decision.some("the chunk has no " + (chunk.hasColumnIndex() ? "OffsetIndex" : "ColumnIndex")),
                    null, null);
        }
        OffsetIndex oi = fetched.offsetIndex(l.column(), chunk, n);
        if (oi == null) {
            return new PageDecision(Decision.some(fetched.offsetIndexProblems.get(l.column())), null, null);
        }
        ColumnIndex ci;
        if (fetched.columnIndexes.containsKey(l.column())) {
            ci = fetched.columnIndexes.get(l.column());
        } else {
            ci = PageIndexReader.columnIndex(source, chunk);
            fetched.add(chunk.columnIndexOffset(), chunk.columnIndexLength());
            fetched.columnIndexes.put(l.column(), ci);
        }
        String problem = ci == null ? "the chunk has no ColumnIndex"
                : ci.problem(oi, col.type(), col.typeLength(), col.maxRepetitionLevel(), col.maxDefinitionLevel());
        if (problem == null) {
            problem = PageVerdicts.contradiction(ci, oi, n);
        }
        if (problem == null) {
            problem = IndexTrust.contradiction(judge(l.column()), ci, oi, chunk.metaData().statistics(),
                    chunk.metaData().numValues(), col.maxRepetitionLevel());
        }
        if (problem != null) {
            return new PageDecision(Decision.some("the ColumnIndex is ignored: " + problem), null, null);
        }
        PageVerdicts.Result pv = PageVerdicts.judge(l, judge(l.column()), ci, oi, n);
        List<long[]> maybe = new ArrayList<>();
        List<long[]> all = new ArrayList<>();
        int kept = 0;
        for (int i = 0; i < oi.pageCount(); i++) {
            Verdict v = pv.verdicts()[i];
            long first = oi.firstRow(i);
            long end = oi.endRow(i, n);
            if (v != Verdict.NONE) {
                kept++;
                maybe.add(new long[] {first, end});
            }
            if (v == Verdict.ALL) {
                all.add(new long[] {first, end});
            }
        }
        int pages = oi.pageCount();
        RowRanges maybeRows = RowRanges.union(maybe);
        RowRanges allRows = RowRanges.union(all);
        Decision d;
        if (kept == 0) {
            d = Decision.none("every page's bounds rule it out" + pv.how());
        } else if (allRows.coversAll(n)) {
            d = Decision.all("every page matches in full" + pv.how());
        } else {
            d = Decision.some(kept + " of " + pages + " pages may hold a match" + pv.how());
        }
        return new PageDecision(d, maybeRows, allRows);
    }

    // ---- reads ----------------------------------------------------------------------------------

    private ColumnRead columnRead(int g, RowGroup rg, int c, RowRanges rows, long n, Fetched fetched) throws IOException {
        ColumnChunk chunk = rg.columns().get(c);
        ColumnDescriptor col = file.schema().column(c);
        ColumnMetaData cmd = chunk == null ? null : chunk.metaData();
        if (cmd == null) {
            throw new UnsupportedFeatureException("column " + col.dottedPath() + " of row group " + g
                    + " has no readable metadata (an encrypted column)", -1);
        }
        long start = cmd.chunkStart();
        long length = cmd.totalCompressedSize();
        ByteSource.checkRange(start, length, source.size(), "column chunk " + col.dottedPath() + " of row group " + g);
        Span whole = new Span(start, length);
        if (rows.coversAll(n) && fetched.offsetIndexes.get(c) == null) {
            // (an OffsetIndex already fetched still lists the pages: a scan whose condition then
            // matches few rows reads the other columns' pages through it, fetching it no more)
            return new ColumnRead(g, c, col.dottedPath(), -1, -1, List.of(whole), List.of(),
                    "every row may match: the whole chunk");
        }
        if (!query.uses(Mechanism.PAGE_INDEX)) {
            return new ColumnRead(g, c, col.dottedPath(), -1, -1, List.of(whole), List.of(),
                    "the page index is not used: the whole chunk");
        }
        if (col.maxRepetitionLevel() > 0) {
            return new ColumnRead(g, c, col.dottedPath(), -1, -1, List.of(whole), List.of(),
                    "a repeated column: the whole chunk");
        }
        if (chunk.sealed()) {
            return new ColumnRead(g, c, col.dottedPath(), -1, -1, List.of(whole), List.of(),
                    "an encrypted column without its key: the whole chunk");
        }
        OffsetIndex oi = fetched.offsetIndex(c, chunk, n);
        if (oi == null) {
            String why = fetched.offsetIndexProblems.getOrDefault(c, "no OffsetIndex");
            return new ColumnRead(g, c, col.dottedPath(), -1, -1, List.of(whole), List.of(), why + ": the whole chunk");
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
