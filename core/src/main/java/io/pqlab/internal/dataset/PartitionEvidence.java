package io.pqlab.internal.dataset;

import io.pqlab.Mechanism;
import io.pqlab.internal.predicate.Predicate;
import io.pqlab.internal.predicate.ValueMatch;
import io.pqlab.plan.Verdict;
import io.pqlab.predicate.Expr;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The evidence of {@link Mechanism#PARTITION}: one dataset file's partition values (a constant for
 * every row) and the columns it lacks (null in every row), giving each condition leaf a three-way
 * verdict before the file's footer is read. Unlike the planner's evidence
 * ({@link io.pqlab.internal.plan.evidence.Evidence}) it judges the unbound leaf, for a whole file;
 * {@link FileConditions} combines the leaves' verdicts through AND and OR.
 */
final class PartitionEvidence {
    private final PartitionValues values;
    private final int file;
    private final Set<String> absent;
    private final List<String> usedPartition = new ArrayList<>();
    private final List<String> usedAbsent = new ArrayList<>();

    /**
     * @param file the file's index in the dataset
     * @param absent the dotted paths of dataset columns the file lacks
     */
    PartitionEvidence(PartitionValues values, int file, Set<String> absent) {
        this.values = values;
        this.file = file;
        this.absent = absent;
    }

    /**
     * ALL where every row of the file satisfies the leaf, NONE where none does, SOME where the
     * leaf is on the file's own columns (left for its plan). A leaf with NOT pushed into it.
     */
    Verdict judge(Expr.Leaf leaf) {
        String name = String.join(".", leaf.column().path());
        if (values.has(name)) {
            int c = values.partitioning().index(name);
            byte[] v = values.plain(file, c);
            String shown = name + "=" + (v == null ? "NULL" : values.partitioning().values().get(file).get(c));
            if (!usedPartition.contains(shown)) {
                usedPartition.add(shown);
            }
            if (v == null) {
                return of(isNull(leaf)); // null satisfies IS NULL and nothing else
            }
            return of(holds(values.bind(leaf), v));
        }
        if (absent.contains(name)) {
            if (!usedAbsent.contains(name)) {
                usedAbsent.add(name);
            }
            return of(isNull(leaf));
        }
        return Verdict.SOME;
    }

    /** The partition values consulted so far, as {@code key=value}. */
    List<String> usedPartition() {
        return usedPartition;
    }

    /** The absent columns consulted so far. */
    List<String> usedAbsent() {
        return usedAbsent;
    }

    private static Verdict of(boolean every) {
        return every ? Verdict.ALL : Verdict.NONE;
    }

    private static boolean isNull(Expr.Leaf leaf) {
        return leaf instanceof Expr.IsNull n && !n.negated();
    }

    /** Whether a non-null value satisfies a bound leaf (BETWEEN binds to an AND or OR of leaves). */
    private static boolean holds(Predicate p, byte[] v) {
        return p.holds(l -> ValueMatch.matches(l, v));
    }
}
