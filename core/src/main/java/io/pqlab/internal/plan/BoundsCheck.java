package io.pqlab.internal.plan;

import io.pqlab.internal.predicate.LeafOp;
import io.pqlab.internal.predicate.Predicate.Leaf;
import io.pqlab.internal.stats.SortOrder;
import io.pqlab.internal.stats.TrustedStatistics;
import io.pqlab.internal.stats.ValueOrder;

/**
 * One condition leaf against a minimum, a maximum, a null count and a NaN count: those of a
 * column chunk, or of one page in the ColumnIndex. The same function serves both.
 *
 * <p>Bounds are only bounds: a truncated one need not occur. Every rule below uses them as
 * bounds, and "minimum equals maximum" proves every value equals it, which holds for bounds too.
 * NaN is never inside the bounds, equals only NaN and sorts above every number, so a rule that
 * would rule out a row NaN satisfies ({@code >}, {@code >=}, {@code !=}, {@code NOT IN}) needs a
 * NaN count of zero, and "every row matches" needs no NaN where NaN would not match.
 */
public final class BoundsCheck {
    private BoundsCheck() {}

    public static Decision judge(Leaf leaf, TrustedStatistics s) {
        LeafOp op = leaf.op();
        boolean allNull = s.allNull();
        boolean noNulls = s.noNulls();
        boolean floating = isFloating(leaf.order());
        boolean mayNaN = floating && s.nanCount() != 0;
        switch (op) {
            case IS_NULL -> {
                if (noNulls) {
                    return Decision.none("the null count is zero");
                }
                return allNull ? Decision.all("every value is null")
                        : Decision.some("the null count is not zero, or not recorded");
            }
            case IS_NOT_NULL -> {
                if (allNull) {
                    return Decision.none("every value is null");
                }
                return noNulls ? Decision.all("the null count is zero")
                        : Decision.some("some values may be null");
            }
            default -> { }
        }
        if (allNull) {
            return Decision.none("every value is null, and null satisfies no comparison");
        }
        switch (op) {
            case IS_NAN -> {
                if (!floating || s.nanCount() == 0) {
                    return Decision.none("the NaN count is zero");
                }
                return s.nanCount() > 0 && s.nanCount() == s.numValues() ? Decision.all("every value is NaN")
                        : Decision.some("the NaN count is not zero, or not recorded");
            }
            case NOT_NAN -> {
                if (floating && s.nanCount() >= 0 && s.nullCount() >= 0
                        && s.nanCount() + s.nullCount() == s.numValues()) {
                    return Decision.none("every value is null or NaN");
                }
                return noNulls && !mayNaN ? Decision.all("no value is null or NaN")
                        : Decision.some("some values may be null or NaN");
            }
            case LIKE, NOT_LIKE -> {
                return Decision.some("only a prefix pattern can be ruled out by a range");
            }
            case ILIKE, NOT_ILIKE -> {
                return Decision.some("a pattern that ignores case cannot be ruled out by a range");
            }
            default -> { }
        }
        if (!s.hasBounds()) {
            return Decision.some("no usable minimum and maximum: " + s.why());
        }
        ValueOrder order = leaf.order();
        byte[] min = s.min();
        byte[] max = s.max();
        return switch (op) {
            case EQ -> eq(order, leaf.value(), min, max, noNulls, mayNaN);
            case NE -> ne(order, leaf.value(), min, max, noNulls, mayNaN);
            case LT -> {
                byte[] v = leaf.value();
                if (order.compare(min, v) >= 0) {
                    yield Decision.none("the minimum is too large");
                }
                yield order.compare(max, v) < 0 && noNulls && !mayNaN
                        ? Decision.all("the maximum is below the value") : Decision.some("the range may hold a match");
            }
            case LE -> {
                byte[] v = leaf.value();
                if (order.compare(min, v) > 0) {
                    yield Decision.none("the minimum is too large");
                }
                yield order.compare(max, v) <= 0 && noNulls && !mayNaN
                        ? Decision.all("the maximum is at most the value") : Decision.some("the range may hold a match");
            }
            case GT -> {
                byte[] v = leaf.value();
                if (order.compare(max, v) <= 0) {
                    yield mayNaN ? Decision.some("the maximum is too small, but NaN values may be present")
                            : Decision.none("the maximum is too small");
                }
                yield order.compare(min, v) > 0 && noNulls
                        ? Decision.all("the minimum is above the value") : Decision.some("the range may hold a match");
            }
            case GE -> {
                byte[] v = leaf.value();
                if (order.compare(max, v) < 0) {
                    yield mayNaN ? Decision.some("the maximum is too small, but NaN values may be present")
                            : Decision.none("the maximum is too small");
                }
                yield order.compare(min, v) >= 0 && noNulls
                        ? Decision.all("the minimum is at least the value") : Decision.some("the range may hold a match");
            }
            case IN -> {
                boolean anyInside = false;
                boolean constantMatch = false;
                for (byte[] v : leaf.values()) {
                    if (order.compare(v, min) >= 0 && order.compare(v, max) <= 0) {
                        anyInside = true;
                        constantMatch |= order.compare(min, max) == 0;
                    }
                }
                if (!anyInside) {
                    yield Decision.none("every value of the list lies outside the range");
                }
                yield constantMatch && noNulls && !mayNaN
                        ? Decision.all("every value equals one in the list") : Decision.some("the range may hold a match");
            }
            case NOT_IN -> {
                boolean anyInside = false;
                boolean constantHit = false;
                for (byte[] v : leaf.values()) {
                    if (order.compare(v, min) >= 0 && order.compare(v, max) <= 0) {
                        anyInside = true;
                        constantHit |= order.compare(min, max) == 0;
                    }
                }
                if (constantHit) {
                    yield mayNaN ? Decision.some("every value equals one in the list, but NaN values may be present")
                            : Decision.none("every value equals one in the list");
                }
                yield !anyInside && noNulls ? Decision.all("every value of the list lies outside the range")
                        : Decision.some("the range may hold a match");
            }
            case STARTS_WITH, NOT_STARTS_WITH -> prefix(op, order, leaf.value(), min, max, noNulls);
            default -> Decision.some("the range may hold a match");
        };
    }

    private static Decision eq(ValueOrder order, byte[] v, byte[] min, byte[] max, boolean noNulls, boolean mayNaN) {
        int vsMin = order.compare(v, min);
        int vsMax = order.compare(v, max);
        if (vsMin < 0) {
            return Decision.none("the value is below the minimum");
        }
        if (vsMax > 0) {
            return Decision.none("the value is above the maximum");
        }
        return vsMin == 0 && vsMax == 0 && noNulls && !mayNaN ? Decision.all("every value equals it")
                : Decision.some("the range may hold a match");
    }

    private static Decision ne(ValueOrder order, byte[] v, byte[] min, byte[] max, boolean noNulls, boolean mayNaN) {
        int vsMin = order.compare(v, min);
        int vsMax = order.compare(v, max);
        if (vsMin == 0 && vsMax == 0) {
            return mayNaN ? Decision.some("every number equals it, but NaN values may be present")
                    : Decision.none("every value equals it");
        }
        return (vsMin < 0 || vsMax > 0) && noNulls ? Decision.all("the value lies outside the range")
                : Decision.some("the range may hold a match");
    }

    private static Decision prefix(LeafOp op, ValueOrder order, byte[] p, byte[] min, byte[] max, boolean noNulls) {
        if (order.order() != SortOrder.BYTES) {
            return Decision.some("a prefix is ruled out by a range only for byte-ordered values");
        }
        byte[] upper = successor(p); // values with the prefix lie in [p, upper)
        boolean below = order.compare(max, p) < 0;
        boolean above = upper != null && order.compare(min, upper) >= 0;
        boolean allInside = order.compare(min, p) >= 0 && upper != null && order.compare(max, upper) < 0;
        if (op == LeafOp.STARTS_WITH) {
            if (below || above) {
                return Decision.none(below ? "the maximum sorts before the prefix" : "the minimum sorts after the prefix");
            }
            return allInside && noNulls ? Decision.all("every value has the prefix") : Decision.some("the range may hold a match");
        }
        if (allInside) {
            return Decision.none("every value has the prefix");
        }
        return (below || above) && noNulls ? Decision.all("no value has the prefix") : Decision.some("the range may hold a match");
    }

    /** The smallest byte string above every string with this prefix, or null where none exists. */
    static byte[] successor(byte[] prefix) {
        for (int i = prefix.length - 1; i >= 0; i--) {
            if (prefix[i] != (byte) 0xFF) {
                byte[] out = java.util.Arrays.copyOf(prefix, i + 1);
                out[i]++;
                return out;
            }
        }
        return null;
    }

    private static boolean isFloating(ValueOrder order) {
        return order.order() == SortOrder.FLOAT || order.order() == SortOrder.FLOAT16;
    }
}
