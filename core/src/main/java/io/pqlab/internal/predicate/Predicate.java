package io.pqlab.internal.predicate;


import io.pqlab.internal.stats.ValueOrder;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A condition bound to a file: NOT pushed down to the leaves, every column resolved to a leaf
 * column, every literal converted exactly to the column's physical type (PLAIN bytes). This is
 * what the planner and the scan evaluate. SQL semantics: null satisfies no comparison.
 *
 * <p>Every bound predicate is immutable and safe to share between threads.
 */
public sealed interface Predicate {

    /**
     * The one traversal of a condition: a value per node, computed from its terms' values. Every
     * walk over a predicate (its leaves, its columns, its evaluation over row ranges or bits) is a
     * fold, so that a new node type is a compile error in every walk, not a cast failure in one.
     */
    interface Fold<R> {
        R leaf(Leaf leaf);

        R constant(Constant constant);

        /** The value of an AND, from its terms' values, in order. */
        R and(List<R> terms);

        /** The value of an OR, from its terms' values, in order. */
        R or(List<R> terms);
    }

    /** Folds the tree: each node's value from its terms' (depth first, left to right). */
    <R> R fold(Fold<R> f);

    /** Every leaf, left to right, as often as it occurs. */
    default List<Leaf> leaves() {
        List<Leaf> out = new ArrayList<>();
        fold(new Fold<Void>() {
            @Override
            public Void leaf(Leaf l) {
                out.add(l);
                return null;
            }

            @Override
            public Void constant(Constant c) {
                return null;
            }

            @Override
            public Void and(List<Void> terms) {
                return null;
            }

            @Override
            public Void or(List<Void> terms) {
                return null;
            }
        });
        return out;
    }

    /**
     * Whether the condition holds, given whether each leaf does: every term of an AND, at least
     * one of an OR (an empty AND holds, an empty OR does not).
     */
    default boolean holds(java.util.function.Predicate<Leaf> leafHolds) {
        return fold(new Fold<Boolean>() {
            @Override
            public Boolean leaf(Leaf l) {
                return leafHolds.test(l);
            }

            @Override
            public Boolean constant(Constant c) {
                return c.value();
            }

            @Override
            public Boolean and(List<Boolean> terms) {
                return !terms.contains(Boolean.FALSE);
            }

            @Override
            public Boolean or(List<Boolean> terms) {
                return terms.contains(Boolean.TRUE);
            }
        });
    }

    /** The leaf indexes of the columns the condition tests, in order of first appearance. */
    default Set<Integer> columns() {
        Set<Integer> out = new LinkedHashSet<>();
        leaves().forEach(l -> out.add(l.column()));
        return out;
    }

    private static <R> List<R> foldAll(List<Predicate> terms, Fold<R> f) {
        List<R> out = new ArrayList<>(terms.size());
        for (Predicate t : terms) {
            out.add(t.fold(f));
        }
        return out;
    }

    /** Every term holds. */
    record And(List<Predicate> terms) implements Predicate {
        public And {
            terms = List.copyOf(terms);
        }

        @Override
        public <R> R fold(Fold<R> f) {
            return f.and(foldAll(terms, f));
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
        public <R> R fold(Fold<R> f) {
            return f.or(foldAll(terms, f));
        }

        @Override
        public String toString() {
            return join(terms, " OR ");
        }
    }

    /** Every row (true) or no row (false): what a literal the column cannot hold leaves behind. */
    record Constant(boolean value, String why) implements Predicate {
        @Override
        public <R> R fold(Fold<R> f) {
            return f.constant(this);
        }

        @Override
        public String toString() {
            return value ? "TRUE" : "FALSE";
        }
    }

    /**
     * How a leaf on a repeated column reads a row's entries of its leaf column. A row's first entry
     * tells the list: null where its definition level is below {@code nullBelow}, empty where it
     * is below {@code emptyBelow}; an entry at the column's maximum definition level holds an
     * element value (the innermost, for lists of lists), and below it a null element or an empty
     * or null inner list.
     *
     * @param element for {@link LeafOp#ANY} and {@link LeafOp#NONE}: the condition on one element
     *     value, a tree of flat leaves on the same column (BETWEEN stays one AND: one element must
     *     satisfy both sides); null for the list-level operators
     * @param nullBelow the definition level at which the list (and every struct above it) is present
     * @param emptyBelow the definition level at which the list has an element (its repeated node's)
     * @param maxDefinition the leaf column's maximum definition level
     * @param list the list's dotted path, as the user named it
     */
    record Nested(Predicate element, int nullBelow, int emptyBelow, int maxDefinition, String list) {}

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
    record Leaf(int column, String path, LeafOp op, List<byte[]> values, ValueOrder order, String text, Nested nested)
            implements Predicate {
        public Leaf {
            values = List.copyOf(values);
            if ((nested != null) != op.nested()) {
                throw new IllegalArgumentException(op + (nested == null ? " needs" : " takes no") + " list levels");
            }
        }

        /** A leaf on a column without repetition (one entry per row). */
        public Leaf(int column, String path, LeafOp op, List<byte[]> values, ValueOrder order, String text) {
            this(column, path, op, values, order, text, null);
        }

        public byte[] value() {
            return values.get(0);
        }

        @Override
        public <R> R fold(Fold<R> f) {
            return f.leaf(this);
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
