package io.pqlab.plan;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * A test condition as parquet-java's FilterApi writes it, where it can: eq, notEq, lt, ltEq, gt,
 * gtEq, in, notIn, and, or, not on INT32, INT64, FLOAT, DOUBLE and BINARY (and plain
 * FIXED_LEN_BYTE_ARRAY) columns, with literals that are exactly a physical value of the column.
 *
 * <p>SQL's null semantics are kept where the FilterApi lets them be: parquet-java's notEq (and
 * notIn) matches nulls, so {@code x != v} becomes {@code notEq(x, v) AND notEq(x, null)}. What
 * parquet-java's {@code not} adds (it matches nulls under NOT) only makes it keep more, never
 * drop more, so the comparison stays fair to both.
 */
final class PjFilter {
    private PjFilter() {}

    /** The predicate, or null where the FilterApi cannot express the condition. */
    static FilterPredicate of(Sql s) {
        if (s instanceof Sql.And a) {
            return fold(a.terms(), true);
        }
        if (s instanceof Sql.Or o) {
            return fold(o.terms(), false);
        }
        if (s instanceof Sql.Not n) {
            FilterPredicate p = of(n.term());
            return p == null ? null : FilterApi.not(p);
        }
        if (s instanceof Sql.IsNull n) {
            Leafs l = leafs(n.col());
            return l == null ? null : l.isNull(n.negated());
        }
        if (s instanceof Sql.Cmp c) {
            Leafs l = leafs(c.col());
            Comparable<?> v = l == null ? null : physical(c.col(), c.lit());
            return v == null ? null : l.cmp(c.op(), v);
        }
        if (s instanceof Sql.In in) {
            Leafs l = leafs(in.col());
            if (l == null) {
                return null;
            }
            Set<Object> values = new LinkedHashSet<>();
            for (Object k : in.lits()) {
                Comparable<?> v = physical(in.col(), k);
                if (v == null) {
                    return null;
                }
                values.add(v);
            }
            return l.in(values, in.negated());
        }
        if (s instanceof Sql.Between b) {
            Leafs l = leafs(b.col());
            Comparable<?> lo = l == null ? null : physical(b.col(), b.lo());
            Comparable<?> hi = l == null ? null : physical(b.col(), b.hi());
            if (lo == null || hi == null) {
                return null;
            }
            FilterPredicate between = FilterApi.and(l.cmp(">=", lo), l.cmp("<=", hi));
            return b.negated() ? FilterApi.not(between) : between;
        }
        return null; // LIKE
    }

    private static FilterPredicate fold(List<Sql> terms, boolean and) {
        FilterPredicate out = null;
        for (Sql t : terms) {
            FilterPredicate p = of(t);
            if (p == null) {
                return null;
            }
            out = out == null ? p : and ? FilterApi.and(out, p) : FilterApi.or(out, p);
        }
        return out;
    }

    private interface Leafs {
        FilterPredicate cmp(String op, Object v);

        FilterPredicate in(Set<Object> values, boolean negated);

        FilterPredicate isNull(boolean negated);
    }

    private static Leafs leafs(RefColumn c) {
        String p = String.join(".", c.path);
        PrimitiveTypeName t = c.type.getPrimitiveTypeName();
        return switch (t) {
            case INT32 -> typed(FilterApi.intColumn(p));
            case INT64 -> typed(FilterApi.longColumn(p));
            case FLOAT -> typed(FilterApi.floatColumn(p));
            case DOUBLE -> typed(FilterApi.doubleColumn(p));
            case BINARY -> c.kind == RefColumn.Kind.DECIMAL ? null : typed(FilterApi.binaryColumn(p));
            case FIXED_LEN_BYTE_ARRAY -> c.kind == RefColumn.Kind.BYTES ? typed(FilterApi.binaryColumn(p)) : null;
            default -> null;
        };
    }

    @SuppressWarnings("unchecked")
    private static <T extends Comparable<T>, C extends Operators.Column<T> & Operators.SupportsLtGt> Leafs typed(C col) {
        return new Leafs() {
            @Override
            public FilterPredicate cmp(String op, Object v) {
                T x = (T) v;
                return switch (op) {
                    case "=" -> FilterApi.eq(col, x);
                    case "!=" -> FilterApi.and(FilterApi.notEq(col, x), FilterApi.notEq(col, null));
                    case "<" -> FilterApi.lt(col, x);
                    case "<=" -> FilterApi.ltEq(col, x);
                    case ">" -> FilterApi.gt(col, x);
                    case ">=" -> FilterApi.gtEq(col, x);
                    default -> throw new IllegalArgumentException(op);
                };
            }

            @Override
            public FilterPredicate in(Set<Object> values, boolean negated) {
                Set<T> s = (Set<T>) (Set<?>) values;
                return negated ? FilterApi.and(FilterApi.notIn(col, s), FilterApi.notEq(col, null)) : FilterApi.in(col, s);
            }

            @Override
            public FilterPredicate isNull(boolean negated) {
                return negated ? FilterApi.notEq(col, null) : FilterApi.eq(col, null);
            }
        };
    }

    /** The physical value a key is exactly, as parquet-java's filters take it; null where none is (or NaN). */
    static Comparable<?> physical(RefColumn c, Object key) {
        PrimitiveTypeName t = c.type.getPrimitiveTypeName();
        switch (t) {
            case INT32, INT64 -> {
                BigDecimal b = (BigDecimal) key;
                if (c.kind == RefColumn.Kind.DECIMAL) {
                    b = b.movePointRight(c.scale);
                }
                BigInteger i;
                try {
                    i = b.toBigIntegerExact();
                } catch (ArithmeticException e) {
                    return null;
                }
                boolean unsigned = c.kind == RefColumn.Kind.UINT;
                int bits = t == PrimitiveTypeName.INT32 ? 32 : 64;
                BigInteger lo = unsigned ? BigInteger.ZERO : BigInteger.ONE.shiftLeft(bits - 1).negate();
                BigInteger hi = unsigned ? BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE)
                        : BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE);
                if (i.compareTo(lo) < 0 || i.compareTo(hi) > 0) {
                    return null;
                }
                return bits == 32 ? (Comparable<?>) i.intValue() : (Comparable<?>) i.longValue();
            }
            case FLOAT -> {
                double d = (Double) key;
                return Double.isNaN(d) ? null : (Comparable<?>) (float) d;
            }
            case DOUBLE -> {
                double d = (Double) key;
                return Double.isNaN(d) ? null : (Comparable<?>) d;
            }
            case BINARY, FIXED_LEN_BYTE_ARRAY -> {
                byte[] b = (byte[]) key;
                if (t == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY && b.length != c.width()) {
                    return null;
                }
                return Binary.fromConstantByteArray(b);
            }
            default -> {
                return null;
            }
        }
    }
}
