package io.pqlab.internal.predicate;

import io.pqlab.predicate.Expr;


import io.pqlab.predicate.Expr.And;
import io.pqlab.predicate.Expr.Between;
import io.pqlab.predicate.Expr.Leaf;
import io.pqlab.predicate.Expr.Not;
import io.pqlab.predicate.Expr.Or;
import java.util.ArrayList;
import java.util.List;

/**
 * Rewrites a condition into its NOT-free form: NOT pushed down to the leaves and absorbed there,
 * BETWEEN expanded into comparisons, nested ANDs and ORs flattened.
 *
 * <p>Why this is exact under SQL's three-valued logic, not only for the rows a filter keeps: every
 * rewrite preserves the full truth value (TRUE, FALSE or UNKNOWN) on every row, so it is right
 * inside any context. De Morgan and double negation hold in Kleene's logic. A leaf's complement
 * ({@code NOT a < 5} to {@code a >= 5}, {@code =} to {@code !=}, IN to NOT IN, IS NULL to IS NOT
 * NULL, LIKE to NOT LIKE) is UNKNOWN exactly where the original is (a null column: literals are
 * never NULL, the parser rejects that), and elsewhere its opposite, because the non-null values
 * are totally ordered. That holds for floats only because we follow DuckDB, Spark and PostgreSQL:
 * NaN equals NaN and sorts above every number, and -0.0 equals +0.0. Under IEEE comparisons
 * ({@code NaN < 5} and {@code NaN >= 5} both false) {@code NOT (x < 5)} would keep NaN rows and
 * {@code x >= 5} would drop them, so these rewrites would be wrong. NOT IN is the AND of {@code !=}
 * and NOT BETWEEN is {@code a < lo OR a > hi} by the same reasoning.
 *
 * <p>Stateless (static methods only): safe to call from several threads at once.
 */
public final class Normalizer {
    private Normalizer() {}

    /** The NOT-free form of {@code e}: no {@link Not}, no {@link Between}, AND/OR flattened. */
    public static Expr pushNot(Expr e) {
        return e.fold(PUSH).positive();
    }

    /** A subtree's NOT-free form and its negation's, so that NOT above it only swaps the two. */
    private record Pushed(Expr positive, Expr negative) {}

    private static final Expr.AnyLeafFold<Pushed> PUSH = new Expr.AnyLeafFold<>() {
        @Override
        public Pushed not(Pushed operand) {
            return new Pushed(operand.negative(), operand.positive()); // NOT NOT x = x
        }

        @Override
        public Pushed and(List<Pushed> terms) {
            // NOT (x AND y) = NOT x OR NOT y
            return new Pushed(join(terms, true, true), join(terms, false, false));
        }

        @Override
        public Pushed or(List<Pushed> terms) {
            return new Pushed(join(terms, true, false), join(terms, false, true));
        }

        @Override
        public Pushed leaf(Leaf leaf) {
            return new Pushed(expand(leaf), expand(leaf.negate()));
        }
    };

    private static Expr expand(Expr out) {
        return out instanceof Between b && !b.column().quantified() ? b.expand() : out;
    }

    /** The AND ({@code and}) or OR of the terms' positive or negative forms, nested ones of the same kind flattened. */
    private static Expr join(List<Pushed> terms, boolean positive, boolean and) {
        List<Expr> out = new ArrayList<>();
        for (Pushed t : terms) {
            Expr p = positive ? t.positive() : t.negative();
            if (and && p instanceof And inner) {
                out.addAll(inner.terms());
            } else if (!and && p instanceof Or inner) {
                out.addAll(inner.terms());
            } else {
                out.add(p);
            }
        }
        return and ? new And(out) : new Or(out);
    }
}
