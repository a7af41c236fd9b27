package io.pqlab.internal.dataset;

import io.pqlab.predicate.Expr;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A condition judged for one file of a dataset before its footer is read, from what the dataset
 * knows of the file: its partition values (constants for every row), and the columns it lacks
 * (null in every row). The rest of the condition, on the file's own columns, is left for the
 * file's plan.
 *
 * <p>The condition's NOT is first pushed to the leaves (exact under SQL's three-valued logic).
 * Without NOT, AND and OR are monotone, so a row matches exactly where the condition is TRUE when
 * every NULL leaf is read as FALSE: each known leaf becomes TRUE or FALSE, and the tree is folded.
 * FALSE means no row of the file can match: the file is skipped, with certainty. TRUE means every
 * row matches. Otherwise what remains names only the file's columns.
 */
public final class FileConditions {
    private FileConditions() {}

    /**
     * @param residual the condition left for the file's plan; null where the file was decided
     * @param matchesNone no row of the file can match
     * @param byPartition partition values took part in the decision (else only absent columns did)
     * @param reason why, where decided
     */
    public record Judged(Expr residual, boolean matchesNone, boolean byPartition, String reason) {
        public boolean matchesAll() {
            return residual == null && !matchesNone;
        }
    }

    /**
     * @param file the file's index in the dataset
     * @param absent the dotted paths of dataset columns the file lacks
     */
    public static Judged judge(Expr condition, PartitionValues partitions, int file, Set<String> absent) {
        PartitionEvidence evidence = new PartitionEvidence(partitions, file, absent);
        Object r = condition.pushNot().fold(judgement(evidence)).get();
        List<String> usedPartition = evidence.usedPartition();
        List<String> usedAbsent = evidence.usedAbsent();
        if (r instanceof Expr e) {
            return new Judged(e, false, false, null);
        }
        boolean value = (Boolean) r;
        StringBuilder why = new StringBuilder();
        if (!usedPartition.isEmpty()) {
            why.append("partition ").append(String.join(", ", usedPartition));
        }
        if (!usedAbsent.isEmpty()) {
            if (why.length() > 0) {
                why.append(" and ");
            }
            why.append(usedAbsent.size() == 1 ? "column " : "columns ").append(String.join(", ", usedAbsent))
                    .append(" absent (null in every row)");
        }
        why.append(value ? " satisfy " : " refute ").append(condition);
        return new Judged(null, !value, !usedPartition.isEmpty(), why.toString());
    }

    /**
     * The condition's judgement as a fold: each node's value is a step run when asked, so that an
     * AND stops at its first FALSE term and an OR at its first TRUE one, consulting no more
     * evidence (the reason names what decided). A step gives TRUE or FALSE (a {@code Boolean}) or
     * what remains for the file's plan (an {@code Expr}).
     */
    private static Expr.Fold<Supplier<Object>> judgement(PartitionEvidence evidence) {
        return new Expr.AnyLeafFold<>() {
            @Override
            public Supplier<Object> leaf(Expr.Leaf leaf) {
                return () -> switch (evidence.judge(leaf)) {
                    case ALL -> true;
                    case NONE -> false;
                    case SOME -> leaf;
                };
            }

            @Override
            public Supplier<Object> and(List<Supplier<Object>> terms) {
                return () -> combine(terms, true);
            }

            @Override
            public Supplier<Object> or(List<Supplier<Object>> terms) {
                return () -> combine(terms, false);
            }

            @Override
            public Supplier<Object> not(Supplier<Object> operand) {
                throw new IllegalStateException("NOT was pushed to the leaves");
            }
        };
    }

    private static Object combine(List<Supplier<Object>> terms, boolean and) {
        List<Expr> left = new ArrayList<>();
        for (Supplier<Object> t : terms) {
            Object r = t.get();
            if (r instanceof Boolean b) {
                if (b != and) {
                    return b; // FALSE decides an AND, TRUE an OR
                }
            } else {
                left.add((Expr) r);
            }
        }
        if (left.isEmpty()) {
            return and;
        }
        if (left.size() == 1) {
            return left.get(0);
        }
        return and ? new Expr.And(left) : new Expr.Or(left);
    }
}
