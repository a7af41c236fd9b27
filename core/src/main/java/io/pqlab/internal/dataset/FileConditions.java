package io.pqlab.internal.dataset;

import io.pqlab.internal.predicate.Binder;
import io.pqlab.predicate.Expr;
import io.pqlab.internal.predicate.Predicate;
import io.pqlab.internal.predicate.ValueMatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

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
        List<String> usedPartition = new ArrayList<>();
        List<String> usedAbsent = new ArrayList<>();
        Object r = fold(condition.pushNot(), partitions, file, absent, usedPartition, usedAbsent);
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

    private static Object fold(Expr e, PartitionValues pv, int file, Set<String> absent, List<String> usedPartition,
            List<String> usedAbsent) {
        if (e instanceof Expr.And || e instanceof Expr.Or) {
            boolean and = e instanceof Expr.And;
            List<Expr> terms = and ? ((Expr.And) e).terms() : ((Expr.Or) e).terms();
            List<Expr> left = new ArrayList<>();
            for (Expr t : terms) {
                Object r = fold(t, pv, file, absent, usedPartition, usedAbsent);
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
        if (e instanceof Expr.Not) {
            throw new IllegalStateException("NOT was pushed to the leaves");
        }
        Expr.Leaf leaf = (Expr.Leaf) e;
        String name = String.join(".", leaf.column().path());
        if (pv.has(name)) {
            int c = pv.partitioning().index(name);
            byte[] v = pv.plain(file, c);
            String shown = name + "=" + (v == null ? "NULL" : pv.partitioning().values().get(file).get(c));
            if (!usedPartition.contains(shown)) {
                usedPartition.add(shown);
            }
            if (v == null) {
                return isNull(leaf); // null satisfies IS NULL and nothing else
            }
            return holds(Binder.bind(leaf, pv.schema()), v);
        }
        if (absent.contains(name)) {
            if (!usedAbsent.contains(name)) {
                usedAbsent.add(name);
            }
            return isNull(leaf);
        }
        return leaf;
    }

    private static boolean isNull(Expr.Leaf leaf) {
        return leaf instanceof Expr.IsNull n && !n.negated();
    }

    /** Whether a non-null value satisfies a bound leaf (BETWEEN binds to an AND or OR of leaves). */
    private static boolean holds(Predicate p, byte[] v) {
        return p.holds(l -> ValueMatch.matches(l, v));
    }
}
