package io.pqlab.plan;

import io.pqlab.oracle.ParquetJavaFilters;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * A test condition ({@link Sql}) as parquet-java's FilterApi writes it, where it can: the leaves
 * from {@link ParquetJavaFilters} (where SQL's null semantics are kept), and, or, not, with
 * literals that are exactly a physical value of the column; plain FIXED_LEN_BYTE_ARRAY only, no
 * decimal in BYTE_ARRAY (FilterApi compares bytes, not decimal values), no LIKE.
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
            ParquetJavaFilters.Column l = leafs(n.col());
            return l == null ? null : l.isNull(n.negated());
        }
        if (s instanceof Sql.Cmp c) {
            ParquetJavaFilters.Column l = leafs(c.col());
            Comparable<?> v = l == null ? null : physical(c.col(), c.lit());
            return v == null ? null : l.cmp(c.op(), v);
        }
        if (s instanceof Sql.In in) {
            ParquetJavaFilters.Column l = leafs(in.col());
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
            ParquetJavaFilters.Column l = leafs(b.col());
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

    /** parquet-java's column for a test column, or null where its order is not FilterApi's. */
    private static ParquetJavaFilters.Column leafs(RefColumn c) {
        PrimitiveTypeName t = c.type.getPrimitiveTypeName();
        if (t == PrimitiveTypeName.BINARY && c.kind == RefColumn.Kind.DECIMAL
                || t == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY && c.kind != RefColumn.Kind.BYTES) {
            return null;
        }
        return ParquetJavaFilters.column(String.join(".", c.path), t);
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
