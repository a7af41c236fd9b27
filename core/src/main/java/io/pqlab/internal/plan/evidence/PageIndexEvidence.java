package io.pqlab.internal.plan.evidence;

import io.pqlab.Mechanism;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.pageindex.ColumnIndex;
import io.pqlab.internal.pageindex.OffsetIndex;
import io.pqlab.internal.pageindex.PageIndexReader;
import io.pqlab.internal.pageindex.RowBoundaries;
import io.pqlab.internal.plan.Decision;
import io.pqlab.internal.plan.PageVerdicts;
import io.pqlab.internal.predicate.Predicate.Leaf;
import io.pqlab.internal.stats.IndexTrust;
import io.pqlab.internal.stats.StatisticsJudge;
import io.pqlab.internal.stats.TrustedStatistics;
import io.pqlab.plan.RowRanges;
import io.pqlab.plan.Verdict;
import io.pqlab.schema.ColumnDescriptor;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The page index: each page's bounds in the ColumnIndex judged by {@link PageVerdicts}, its rows
 * from the OffsetIndex, so that a leaf's verdict is a set of rows rather than one for the row
 * group. An index that contradicts itself, the OffsetIndex or the chunk's statistics is not used.
 */
public final class PageIndexEvidence implements Evidence {
    @Override
    public Mechanism mechanism() {
        return Mechanism.PAGE_INDEX;
    }

    @Override
    public LeafVerdict judge(RowGroupContext rg, Leaf l) throws IOException {
        long n = rg.numRows();
        ColumnChunk chunk = rg.chunk(l.column());
        ColumnDescriptor col = rg.file().schema().column(l.column());
        if (chunk == null || chunk.metaData() == null || chunk.sealed()) {
            return LeafVerdict.of(Decision.some(chunk != null && chunk.sealed()
                    ? rg.sealed(chunk, l.column(), "page index") : "the column's page index is not readable"));
        }
        boolean repeated = col.maxRepetitionLevel() > 0;
        if (repeated && l.nested() == null) {
            return LeafVerdict.of(Decision.some("the page index is not used for repeated columns"));
        }
        if (!chunk.hasColumnIndex() || !chunk.hasOffsetIndex()) {
            return LeafVerdict.of(Decision.some("the chunk has no " + (chunk.hasColumnIndex() ? "OffsetIndex" : "ColumnIndex")));
        }
        OffsetIndex oi = rg.offsetIndex(l.column(), chunk);
        if (oi == null) {
            return LeafVerdict.of(Decision.some(rg.offsetIndexProblem(l.column())));
        }
        ColumnIndex ci;
        if (rg.columnIndexes.containsKey(l.column())) {
            ci = rg.columnIndexes.get(l.column());
        } else {
            ci = PageIndexReader.columnIndex(rg.source(), chunk);
            rg.add(chunk.columnIndexOffset(), chunk.columnIndexLength());
            rg.columnIndexes.put(l.column(), ci);
        }
        Judged j = rg.judgedIndexes.get(l.column());
        if (j == null) {
            j = judgeIndex(rg, rg.judge(l.column()), chunk, col, ci, oi, n);
            rg.judgedIndexes.put(l.column(), j);
        }
        if (j.problem() != null) {
            return LeafVerdict.of(Decision.some(j.problem()));
        }
        PageVerdicts.Result pv = repeated ? PageVerdicts.judgeNested(l, j.pages(), ci, oi, n,
                io.pqlab.internal.predicate.Binder.typeOf(col))
                : PageVerdicts.judge(l, j.pages(), ci);
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
        if (pv.pages() != null) {
            d = new Decision(d.verdict(), d.why() + "; " + pv.pages());
        }
        return new LeafVerdict(d, maybeRows, allRows);
    }

    /**
     * A column's page index checked and its pages judged, once per row group: what every leaf on
     * the column shares.
     *
     * @param problem why the index is not used (the reason a leaf gives), or null
     * @param pages each page's bounds as judged, where the index is used
     */
    record Judged(String problem, TrustedStatistics[] pages) {}

    private static Judged judgeIndex(RowGroupContext rg, StatisticsJudge judge, ColumnChunk chunk, ColumnDescriptor col, ColumnIndex ci,
            OffsetIndex oi, long n) {
        boolean repeated = col.maxRepetitionLevel() > 0;
        String problem = ci == null ? "the chunk has no ColumnIndex"
                : ci.problem(oi, col.type(), col.typeLength(), col.maxRepetitionLevel(), col.maxDefinitionLevel());
        if (problem == null && !repeated) {
            problem = PageVerdicts.contradiction(ci, oi, n); // a flat column's nulls are rows; a list's are not
        }
        TrustedStatistics[] pages = null;
        if (problem == null) {
            pages = PageVerdicts.pageStatistics(judge, ci, oi, n);
            problem = IndexTrust.contradiction(judge, ci, pages, chunk.metaData().statistics(),
                    chunk.metaData().numValues(), col.maxRepetitionLevel());
        }
        if (problem != null) {
            return new Judged("the ColumnIndex is ignored: " + problem, null);
        }
        if (repeated) {
            String split = RowBoundaries.problem(ParquetFiles.metadata(rg.file()), ci, oi, chunk.metaData().numValues(),
                    col.maxRepetitionLevel(), col.maxDefinitionLevel(), n);
            if (split != null) {
                return new Judged("the page index is not used: " + split, null);
            }
        }
        return new Judged(null, pages);
    }
}
