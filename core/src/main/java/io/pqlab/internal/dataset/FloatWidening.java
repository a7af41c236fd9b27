package io.pqlab.internal.dataset;

import io.pqlab.predicate.ColumnRef;
import io.pqlab.predicate.CompareOp;
import io.pqlab.predicate.Expr;
import io.pqlab.predicate.Literal;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A condition on a column the dataset reads as DOUBLE, rewritten for a file that stores it as
 * FLOAT. The dataset compares the widened value (a float made a double, exactly) with the literal
 * as a double, as DuckDB's {@code union_by_name} does. Bound to the FLOAT column as it stands, the
 * literal would be rounded to the nearest float ({@code x = 0.1} would match the float
 * {@code 0.1f}, which as a double is not {@code 0.1}). So each literal is first made the double
 * the dataset compares with, then written as the file's float exactly, or, where no float equals
 * it, as the comparison with the float just below or above it that holds for the same values:
 * {@code x < d} is {@code x <= below(d)}, {@code x > d} is {@code x >= above(d)}, {@code x = d}
 * holds for no float, {@code x <> d} for every non-null one. NaN and the infinities are floats and
 * pass unchanged.
 */
public final class FloatWidening {
    private FloatWidening() {}

    /** {@code e} with every leaf on one of {@code floatColumns} (dotted paths) rewritten for a FLOAT file. */
    public static Expr rewrite(Expr e, Set<String> floatColumns) {
        if (e == null || floatColumns.isEmpty()) {
            return e;
        }
        return e.mapLeaves(l -> floatColumns.contains(String.join(".", l.column().path())) ? l.match(WIDEN) : l);
    }

    /** A leaf on a FLOAT column rewritten for its widened values; a fold, so a new kind of leaf is a compile error. */
    private static final Expr.LeafFold<Expr> WIDEN = new Expr.LeafFold<>() {
        @Override
        public Expr comparison(Expr.Comparison c) {
            return FloatWidening.comparison(c.column(), c.op(), c.value());
        }

        @Override
        public Expr between(Expr.Between b) {
            Expr inside = Expr.and(FloatWidening.comparison(b.column(), CompareOp.GE, b.low()),
                    FloatWidening.comparison(b.column(), CompareOp.LE, b.high()));
            return b.negated() ? new Expr.Not(inside) : inside;
        }

        @Override
        public Expr in(Expr.In in) {
            List<Literal> kept = new ArrayList<>();
            for (Literal l : in.values()) {
                Double d = asDouble(l);
                if (d == null || Double.isNaN(d) || Double.isInfinite(d)) {
                    kept.add(l);
                } else if (isFloat(d)) {
                    kept.add(exact((float) (double) d));
                } // no float equals d: no value of the file is in the list for it
            }
            if (kept.isEmpty()) {
                return in.negated() ? new Expr.IsNull(in.column(), true) : never(in.column());
            }
            return new Expr.In(in.column(), kept, in.negated());
        }

        @Override
        public Expr isNull(Expr.IsNull n) {
            return n;
        }

        @Override
        public Expr like(Expr.Like l) {
            return l; // the binder refuses LIKE on a number
        }
    };

    private static Expr comparison(ColumnRef col, CompareOp op, Literal value) {
        Double d = asDouble(value);
        if (d == null || Double.isNaN(d) || Double.isInfinite(d)) {
            return new Expr.Comparison(col, op, value); // not a number (the binder says so), or a float already
        }
        if (isFloat(d)) {
            return new Expr.Comparison(col, op, exact((float) (double) d));
        }
        float near = (float) (double) d; // rounded to nearest: one of the two floats around d
        float below = near < d ? near : Math.nextDown(near);
        float above = near > d ? near : Math.nextUp(near);
        return switch (op) {
            case EQ -> never(col);
            case NE -> new Expr.IsNull(col, true);
            case LT, LE -> new Expr.Comparison(col, CompareOp.LE, exact(below));
            case GT, GE -> new Expr.Comparison(col, CompareOp.GE, exact(above));
        };
    }

    /** The double the dataset compares with: the literal's nearest, as DuckDB casts it; null for no number. */
    private static Double asDouble(Literal l) {
        if (l instanceof Literal.IntLiteral i) {
            return i.value().doubleValue();
        }
        if (l instanceof Literal.DecimalLiteral d) {
            return d.value().doubleValue();
        }
        if (l instanceof Literal.FloatLiteral f) {
            return f.value();
        }
        return null;
    }

    private static boolean isFloat(double d) {
        float f = (float) d;
        return !Float.isInfinite(f) && (double) f == d;
    }

    /** A float as a literal the binder converts to exactly that float. */
    private static Literal exact(float f) {
        if (Float.isInfinite(f)) {
            return f > 0 ? Literal.FloatLiteral.INFINITY : Literal.FloatLiteral.NEGATIVE_INFINITY;
        }
        BigDecimal v = new BigDecimal((double) f);
        return v.scale() <= 0 ? new Literal.IntLiteral(v.toBigIntegerExact()) : new Literal.DecimalLiteral(v);
    }

    /** No row: {@code c IS NULL AND c IS NOT NULL}. */
    private static Expr never(ColumnRef c) {
        return Expr.and(new Expr.IsNull(c, false), new Expr.IsNull(c, true));
    }
}
