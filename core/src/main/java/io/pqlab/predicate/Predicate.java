package io.pqlab.predicate;

import io.pqlab.internal.stats.ValueOrder;
import java.util.List;

/**
 * A condition bound to a file: NOT pushed down to the leaves, every column resolved to a leaf
 * column, every literal converted exactly to the column's physical type (PLAIN bytes). This is
 * what the planner and the scan evaluate. SQL semantics: null satisfies no comparison.
 */
public sealed interface Predicate {

    /** Every term holds. */
    record And(List<Predicate> terms) implements Predicate {
        public And {
            terms = List.copyOf(terms);
        }

        @Override
        public String toString() {
            return join(terms, " AND ");
        }
    }

    /** At least one term holds. */
    record Or(List<Predicate> terms) implements Predicate {
        public Or {
            terms = List.copyOf(terms);
        }

        @Override
        public String toString() {
            return join(terms, " OR ");
        }
    }

    /** Every row (true) or no row (false): what a literal the column cannot hold leaves behind. */
    record Constant(boolean value, String why) implements Predicate {
        @Override
        public String toString() {
            return value ? "TRUE" : "FALSE";
        }
    }

    private static String join(List<Predicate> terms, String connective) {
        StringBuilder b = new StringBuilder();
        for (Predicate t : terms) {
            if (b.length() > 0) {
                b.append(connective);
            }
            boolean parens = t instanceof And || t instanceof Or;
            b.append(parens ? "(" : "").append(t).append(parens ? ")" : "");
        }
        return b.toString();
    }

    /**
     * One column against literals.
     *
     * @param column leaf index of the column in the file's schema
     * @param path the column's dotted path
     * @param op the operator
     * @param values the literals as PLAIN bytes of the column's physical type (BYTE_ARRAY without a
     *     length prefix): one for comparisons, several for IN, the prefix for STARTS_WITH, the
     *     pattern's UTF-8 for LIKE, none for IS NULL and the NaN tests
     * @param order how the column's values compare
     * @param text the leaf as the user would write it, for reasons and plans
     */
    record Leaf(int column, String path, LeafOp op, List<byte[]> values, ValueOrder order, String text)
            implements Predicate {
        public Leaf {
            values = List.copyOf(values);
        }

        public byte[] value() {
            return values.get(0);
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
