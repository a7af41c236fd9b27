package io.pqlab.internal.plan.evidence;

import io.pqlab.internal.plan.Decision;
import io.pqlab.plan.RowRanges;

/**
 * A leaf's verdict in one row group with its reason, and, where the evidence is per page, the rows
 * that may match and those that all match (null for a verdict on the whole row group).
 */
public record LeafVerdict(Decision decision, RowRanges maybe, RowRanges all) {

    /** A verdict on the whole row group. */
    public static LeafVerdict of(Decision d) {
        return new LeafVerdict(d, null, null);
    }

    public boolean perPage() {
        return maybe != null;
    }
}
