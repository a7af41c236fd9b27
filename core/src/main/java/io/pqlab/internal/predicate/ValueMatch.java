package io.pqlab.internal.predicate;

import io.pqlab.predicate.Like;


import io.pqlab.internal.stats.SortOrder;
import io.pqlab.internal.stats.ValueOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Whether one non-null value (PLAIN bytes of the column's physical type) satisfies a leaf, with
 * the planner's semantics: NaN equals NaN and sorts above every number, -0.0 equals +0.0.
 *
 * <p>Stateless (static methods only): safe to call from several threads at once.
 */
public final class ValueMatch {
    private ValueMatch() {}

    public static boolean matches(Predicate.Leaf l, byte[] v) {
        ValueOrder order = l.order();
        boolean floating = order.order() == SortOrder.FLOAT || order.order() == SortOrder.FLOAT16;
        boolean nan = floating && order.isNaN(v);
        switch (l.op()) {
            case IS_NULL:
                return false;
            case IS_NOT_NULL:
                return true;
            case IS_NAN:
                return nan;
            case NOT_NAN:
                return !nan;
            case STARTS_WITH:
                return startsWith(v, l.value());
            case NOT_STARTS_WITH:
                return !startsWith(v, l.value());
            case LIKE:
                return like(l, v);
            case NOT_LIKE:
                return !like(l, v);
            case ILIKE:
                return like(l, v);
            case NOT_ILIKE:
                return !like(l, v);
            default:
                break;
        }
        if (nan) {
            // Literals are never NaN here: NaN sorts above them and equals none of them.
            return switch (l.op()) {
                case NE, GT, GE, NOT_IN -> true;
                default -> false;
            };
        }
        switch (l.op()) {
            case IN:
                for (byte[] x : l.values()) {
                    if (order.compare(v, x) == 0) {
                        return true;
                    }
                }
                return false;
            case NOT_IN:
                for (byte[] x : l.values()) {
                    if (order.compare(v, x) == 0) {
                        return false;
                    }
                }
                return true;
            default:
                break;
        }
        int c = order.compare(v, l.value());
        return switch (l.op()) {
            case EQ -> c == 0;
            case NE -> c != 0;
            case LT -> c < 0;
            case LE -> c <= 0;
            case GT -> c > 0;
            case GE -> c >= 0;
            default -> throw new IllegalStateException(l.op().name());
        };
    }

    /** LIKE's values are the pattern and, where there is one, the escape character (UTF-8). */
    private static boolean like(Predicate.Leaf l, byte[] v) {
        int escape = l.values().size() > 1 ? new String(l.values().get(1), StandardCharsets.UTF_8).codePointAt(0)
                : Like.NO_ESCAPE;
        boolean ignoreCase = l.op() == LeafOp.ILIKE || l.op() == LeafOp.NOT_ILIKE;
        return Like.matches(new String(l.value(), StandardCharsets.UTF_8), escape, new String(v, StandardCharsets.UTF_8),
                ignoreCase);
    }

    private static boolean startsWith(byte[] v, byte[] prefix) {
        return v.length >= prefix.length && Arrays.equals(v, 0, prefix.length, prefix, 0, prefix.length);
    }
}
