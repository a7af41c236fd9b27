package io.pqlab.predicate;

import io.pqlab.internal.predicate.Binder;
import io.pqlab.internal.predicate.Normalizer;
import io.pqlab.internal.predicate.Predicate;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A condition's syntax tree: {@link And}, {@link Or} and {@link Not} over {@link Leaf} tests of
 * one column each. Every node is an immutable record; {@code toString()} prints canonical text
 * that {@link Condition#parse} reads back to an equal tree. {@link #pushNot()} gives the NOT-free
 * form the pruning code works on.
 *
 * <p>Binding (resolving columns against a file's schema and literals against their types) is
 * {@link Binder}'s, and gives a {@link Predicate}: the syntax tree stays untyped, so that one
 * condition binds to many files.
 *
 * <p>Every tree is immutable and safe to share between threads.
 */
public sealed interface Expr permits Expr.And, Expr.Or, Expr.Not, Expr.Leaf {

    /** The equivalent NOT-free tree: see {@link Normalizer#pushNot(Expr)}. */
    default Expr pushNot() {
        return Normalizer.pushNot(this);
    }

    /**
     * The one traversal of a parsed condition, as {@code Predicate.Fold} is of a bound one: a value
     * per node from its terms' values, with one method per kind of leaf. Every walk over an
     * {@code Expr} (printing, pushing NOT down, binding, collecting columns) is a fold, so that a
     * new node type is a compile error in every walk, not a cast failure in one. Java 17 has no
     * exhaustive pattern switch without preview, hence the visitor.
     */
    interface Fold<R> extends LeafFold<R> {
        /** The value of an AND, from its terms' values, in order. */
        R and(List<R> terms);

        R or(List<R> terms);

        /** The value of a NOT, from its operand's. */
        R not(R operand);
    }

    /** One method per kind of leaf: what a walk does with a leaf, by its kind. */
    interface LeafFold<R> {
        R comparison(Comparison c);

        R in(In in);

        R between(Between b);

        R isNull(IsNull n);

        R like(Like l);
    }

    /** A fold that treats every kind of leaf alike. */
    interface AnyLeafFold<R> extends Fold<R> {
        R leaf(Leaf l);

        @Override
        default R comparison(Comparison c) {
            return leaf(c);
        }

        @Override
        default R in(In in) {
            return leaf(in);
        }

        @Override
        default R between(Between b) {
            return leaf(b);
        }

        @Override
        default R isNull(IsNull n) {
            return leaf(n);
        }

        @Override
        default R like(Like l) {
            return leaf(l);
        }
    }

    /** Folds the tree: each node's value from its terms' (depth first, left to right). */
    <R> R fold(Fold<R> f);

    private static <R> List<R> foldAll(List<Expr> terms, Fold<R> f) {
        List<R> out = new ArrayList<>(terms.size());
        for (Expr t : terms) {
            out.add(t.fold(f));
        }
        return out;
    }

    /** This tree with every leaf replaced by {@code f(leaf)}; connectives are rebuilt as they are. */
    default Expr mapLeaves(Function<? super Leaf, ? extends Expr> f) {
        return fold(new AnyLeafFold<Expr>() {
            @Override
            public Expr leaf(Leaf l) {
                return f.apply(l);
            }

            @Override
            public Expr and(List<Expr> terms) {
                return new And(terms);
            }

            @Override
            public Expr or(List<Expr> terms) {
                return new Or(terms);
            }

            @Override
            public Expr not(Expr operand) {
                return new Not(operand);
            }
        });
    }

    /** The columns the condition names, in order of first appearance. */
    default Set<ColumnRef> columns() {
        Set<ColumnRef> out = new LinkedHashSet<>();
        mapLeaves(l -> {
            out.add(l.column());
            return l;
        });
        return out;
    }

    static Expr and(Expr... terms) {
        return new And(List.of(terms));
    }

    static Expr or(Expr... terms) {
        return new Or(List.of(terms));
    }

    /** All of two or more terms; printed {@code a AND b AND c}, compound terms in parentheses. */
    record And(List<Expr> terms) implements Expr {
        public And {
            terms = List.copyOf(terms);
            if (terms.size() < 2) {
                throw new IllegalArgumentException("AND needs at least two terms");
            }
        }

        @Override
        public <R> R fold(Fold<R> f) {
            return f.and(foldAll(terms, f));
        }

        @Override
        public String toString() {
            return Printer.print(this);
        }
    }

    /** Any of two or more terms. */
    record Or(List<Expr> terms) implements Expr {
        public Or {
            terms = List.copyOf(terms);
            if (terms.size() < 2) {
                throw new IllegalArgumentException("OR needs at least two terms");
            }
        }

        @Override
        public <R> R fold(Fold<R> f) {
            return f.or(foldAll(terms, f));
        }

        @Override
        public String toString() {
            return Printer.print(this);
        }
    }

    /** {@code NOT operand}, as parsed; {@link #pushNot()} removes it. */
    record Not(Expr operand) implements Expr {
        public Not {
            if (operand == null) {
                throw new IllegalArgumentException("null operand");
            }
        }

        @Override
        public <R> R fold(Fold<R> f) {
            return f.not(operand.fold(f));
        }

        @Override
        public String toString() {
            return Printer.print(this);
        }
    }

    /** A test of one column. */
    sealed interface Leaf extends Expr permits Comparison, In, Between, IsNull, Like {
        ColumnRef column();

        /**
         * A NOT-free expression whose three-valued truth is the negation of this leaf's on every
         * row (so it is also right under an enclosing NOT, not only at the top).
         */
        Expr negate();

        /** What {@code f} does with this kind of leaf. */
        <R> R match(LeafFold<R> f);

        @Override
        default <R> R fold(Fold<R> f) {
            return match(f);
        }
    }

    /** {@code column op value}; {@code value op column} is stored flipped. */
    record Comparison(ColumnRef column, CompareOp op, Literal value) implements Leaf {
        public Comparison {
            if (column == null || op == null || value == null) {
                throw new IllegalArgumentException("null part");
            }
        }

        @Override
        public <R> R match(LeafFold<R> f) {
            return f.comparison(this);
        }

        @Override
        public Comparison negate() {
            // NOT (ANY(x) = v) is "no element equals v", not "some element differs"
            return column.quantified() ? new Comparison(column.negated(), op, value)
                    : new Comparison(column, op.complement(), value);
        }

        @Override
        public String toString() {
            return Printer.print(this);
        }
    }

    /** {@code column [NOT] IN (v1, v2, ...)}: one or more values, kept in order with duplicates. */
    record In(ColumnRef column, List<Literal> values, boolean negated) implements Leaf {
        public In {
            values = List.copyOf(values);
            if (column == null || values.isEmpty()) {
                throw new IllegalArgumentException("IN needs a column and at least one value");
            }
        }

        @Override
        public <R> R match(LeafFold<R> f) {
            return f.in(this);
        }

        @Override
        public In negate() {
            return column.quantified() ? new In(column.negated(), values, negated) : new In(column, values, !negated);
        }

        @Override
        public String toString() {
            return Printer.print(this);
        }
    }

    /**
     * {@code column [NOT] BETWEEN low AND high}, kept as written for printing; {@link #expand()}
     * gives the comparisons it means (SQL's BETWEEN is not symmetric: low > high matches nothing).
     */
    record Between(ColumnRef column, Literal low, Literal high, boolean negated) implements Leaf {
        public Between {
            if (column == null || low == null || high == null) {
                throw new IllegalArgumentException("null part");
            }
        }

        @Override
        public <R> R match(LeafFold<R> f) {
            return f.between(this);
        }

        @Override
        public Between negate() {
            return column.quantified() ? new Between(column.negated(), low, high, negated)
                    : new Between(column, low, high, !negated);
        }

        /**
         * {@code c >= low AND c <= high}, or for NOT BETWEEN {@code c < low OR c > high}. Not for
         * a quantified column: ANY(x) BETWEEN 1 AND 5 needs one element in the range, which two
         * ANY leaves would not say.
         */
        public Expr expand() {
            if (column.quantified()) {
                throw new IllegalStateException("a BETWEEN on elements does not expand: " + this);
            }
            return negated
                    ? new Or(List.of(new Comparison(column, CompareOp.LT, low), new Comparison(column, CompareOp.GT, high)))
                    : new And(List.of(new Comparison(column, CompareOp.GE, low), new Comparison(column, CompareOp.LE, high)));
        }

        @Override
        public String toString() {
            return Printer.print(this);
        }
    }

    /** {@code column IS [NOT] NULL}. */
    record IsNull(ColumnRef column, boolean negated) implements Leaf {
        public IsNull {
            if (column == null) {
                throw new IllegalArgumentException("null column");
            }
            if (column.part() != ColumnRef.Part.COLUMN) {
                throw new IllegalArgumentException("IS NULL tests a column or a list itself, not " + column);
            }
        }

        @Override
        public <R> R match(LeafFold<R> f) {
            return f.isNull(this);
        }

        @Override
        public IsNull negate() {
            return new IsNull(column, !negated);
        }

        @Override
        public String toString() {
            return Printer.print(this);
        }
    }

    /**
     * {@code column [NOT] LIKE 'pattern' [ESCAPE 'c']}, or ILIKE where {@code ignoreCase}: {@code %} matches any run of characters,
     * {@code _} any one. Without an ESCAPE clause no character escapes (as in DuckDB and the SQL
     * standard; PostgreSQL and Spark would take a backslash). {@link #prefix()} tells the
     * patterns that pruning can use from those it must not.
     *
     * @param escape the escape character's code point, or {@link #NO_ESCAPE}
     */
    record Like(ColumnRef column, String pattern, int escape, boolean negated, boolean ignoreCase) implements Leaf {
        public static final int NO_ESCAPE = -1;

        public Like {
            if (column == null || pattern == null) {
                throw new IllegalArgumentException("null part");
            }
            Lexer.requireUnicode(pattern, "a LIKE pattern");
            if (escape != NO_ESCAPE && (!Character.isValidCodePoint(escape)
                    || (escape >= Character.MIN_SURROGATE && escape <= Character.MAX_SURROGATE))) {
                throw new IllegalArgumentException("bad escape code point " + escape);
            }
            if (danglingEscape(pattern, escape)) {
                throw new IllegalArgumentException("the pattern ends with its escape character");
            }
        }

        /** Whether the pattern ends with an escape character that escapes nothing (an error in SQL). */
        static boolean danglingEscape(String pattern, int escape) {
            if (escape == NO_ESCAPE) {
                return false;
            }
            for (int i = 0; i < pattern.length(); ) {
                int cp = pattern.codePointAt(i);
                i += Character.charCount(cp);
                if (cp == escape) {
                    if (i >= pattern.length()) {
                        return true;
                    }
                    i += Character.charCount(pattern.codePointAt(i));
                }
            }
            return false;
        }

        public Like(ColumnRef column, String pattern, boolean negated) {
            this(column, pattern, NO_ESCAPE, negated, false);
        }

        public Like(ColumnRef column, String pattern, int escape, boolean negated) {
            this(column, pattern, escape, negated, false);
        }

        /**
         * The literal prefix if the pattern is exactly {@code 'prefix%'}, where the prefix holds
         * no {@code %}, no {@code _}, no backslash and no escape character: such a LIKE matches
         * the strings that start with the prefix, which min/max bounds can decide. Every other
         * pattern is a general LIKE (empty here) and never lets anything be skipped. The backslash
         * is excluded whatever the escape rule, so a user expecting PostgreSQL's default escape
         * cannot get a wrong skip.
         */
        public Optional<String> prefix() {
            int n = pattern.length();
            if (n == 0 || pattern.charAt(n - 1) != '%') {
                return Optional.empty();
            }
            String p = pattern.substring(0, n - 1);
            if (ignoreCase && !p.isEmpty()) {
                return Optional.empty(); // ILIKE 'ab%' also matches "AB…": no byte prefix says that
            }
            if (p.indexOf('%') >= 0 || p.indexOf('_') >= 0 || p.indexOf('\\') >= 0
                    || (escape != NO_ESCAPE && pattern.indexOf(escape) >= 0)) {
                return Optional.empty();
            }
            return Optional.of(p);
        }

        @Override
        public <R> R match(LeafFold<R> f) {
            return f.like(this);
        }

        @Override
        public Like negate() {
            return column.quantified() ? new Like(column.negated(), pattern, escape, negated, ignoreCase)
                    : new Like(column, pattern, escape, !negated, ignoreCase);
        }

        @Override
        public String toString() {
            return Printer.print(this);
        }
    }
}
