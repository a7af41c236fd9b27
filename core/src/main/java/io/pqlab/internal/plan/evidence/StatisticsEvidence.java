package io.pqlab.internal.plan.evidence;

import io.pqlab.Mechanism;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.plan.BoundsCheck;
import io.pqlab.internal.plan.Decision;
import io.pqlab.internal.plan.ListCheck;
import io.pqlab.internal.predicate.Predicate.Leaf;
import io.pqlab.internal.stats.TrustedStatistics;

/**
 * Row-group statistics: the chunk's minimum, maximum, null and NaN counts, free with the footer,
 * used only as far as {@link io.pqlab.internal.stats.StatisticsJudge} trusts them (writer, order,
 * truncation), then judged by {@link BoundsCheck}. Every leaf gets a step, decided or not.
 */
public final class StatisticsEvidence implements Evidence {
    @Override
    public Mechanism mechanism() {
        return Mechanism.STATISTICS;
    }

    @Override
    public LeafVerdict judge(RowGroupContext rg, Leaf l) {
        ColumnChunk chunk = rg.chunk(l.column());
        ColumnMetaData cmd = chunk == null ? null : chunk.metaData();
        if (cmd == null || chunk.sealed()) {
            return LeafVerdict.of(Decision.some(chunk != null && chunk.sealed()
                    ? rg.sealed(chunk, l.column(), "statistics") : "the column's metadata is not readable"));
        }
        if (l.nested() != null) {
            return LeafVerdict.of(nested(rg, l, cmd));
        }
        if (cmd.statistics() == null) {
            return LeafVerdict.of(Decision.some("the column chunk has no statistics"));
        }
        TrustedStatistics ts = rg.judge(l.column()).judge(cmd.statistics(), cmd.numValues());
        return LeafVerdict.of(BoundsCheck.judge(l, ts));
    }

    /**
     * A leaf on a list column: the chunk's bounds bound every element; entry and null-list counts
     * only from its definition-level histogram (ListCheck says why not from the null count).
     */
    private static Decision nested(RowGroupContext rg, Leaf l, ColumnMetaData cmd) {
        ListCheck.Levels lv = ListCheck.chunkLevels(l, cmd, rg.numRows());
        Decision flat = null;
        if (l.nested().element() != null) {
            if (cmd.statistics() == null) {
                flat = Decision.some("the column chunk has no statistics");
            } else {
                TrustedStatistics ts = ListCheck.elements(rg.judge(l.column()).judge(cmd.statistics(), cmd.numValues()), lv);
                flat = ListCheck.flat(l.nested().element(), sub -> BoundsCheck.judge(sub, ts));
            }
        }
        return ListCheck.decide(l, flat, lv);
    }
}
