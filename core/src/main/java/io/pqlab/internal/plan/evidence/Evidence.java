package io.pqlab.internal.plan.evidence;

import io.pqlab.Mechanism;
import io.pqlab.internal.predicate.Predicate.Leaf;
import java.io.IOException;

/**
 * One mechanism's evidence about one condition leaf in one row group: a three-way verdict (no row,
 * some rows, every row may match) with its reason, and for page-level evidence the rows each side
 * covers. The planner asks each mechanism in turn, cheapest first, only for the leaves the cheaper
 * ones left undecided, and combines the leaves' verdicts through AND and OR after each; so a leaf
 * ruled out by statistics and another by a Bloom filter together rule out their OR.
 *
 * <p>A new mechanism is one class implementing this, and one place in the planner's order.
 */
public interface Evidence {

    /** The mechanism whose name the plan's steps carry. */
    Mechanism mechanism();

    /**
     * Whether this evidence can judge a leaf of this form at all (its operator, its type); by
     * default every leaf, which then gets a step saying why where it cannot be judged.
     */
    default boolean applies(Leaf leaf) {
        return true;
    }

    /**
     * Whether the row group's verdict is re-evaluated after every leaf and the mechanism stops
     * once it is decided: for evidence that costs a fetch per leaf (a filter, a dictionary), so
     * that no more is fetched than the decision needs. By default every leaf is judged and shown.
     */
    default boolean stopsWhenDecided() {
        return false;
    }

    /** The leaf's verdict in the row group, or null where this evidence has nothing to say (no step). */
    LeafVerdict judge(RowGroupContext rowGroup, Leaf leaf) throws IOException;
}
