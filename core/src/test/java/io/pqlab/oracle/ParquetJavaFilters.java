package io.pqlab.oracle;

import java.util.Set;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Conditions as parquet-java's FilterApi writes them, for tests that compare what parquet-java's
 * own filters skip with what pqlab skips: eq, notEq, lt, ltEq, gt, gtEq, in, notIn on INT32,
 * INT64, FLOAT, DOUBLE and BINARY / FIXED_LEN_BYTE_ARRAY columns (FilterApi has no others that
 * compare).
 *
 * <p>SQL's null semantics are kept where the FilterApi lets them be: parquet-java's notEq (and
 * notIn) matches nulls, so {@code x != v} becomes {@code notEq(x, v) AND notEq(x, null)}. What
 * parquet-java's {@code not} adds (it matches nulls under NOT) only makes it keep more, never
 * drop more, so a comparison stays fair to both.
 */
public final class ParquetJavaFilters {
    private ParquetJavaFilters() {}

    /** The leaves of one column; values are its physical values as FilterApi takes them. */
    public interface Column {
        /** {@code op} is one of =, !=, <, <=, >, >=. */
        FilterPredicate cmp(String op, Object value);

        FilterPredicate in(Set<Object> values, boolean negated);

        FilterPredicate isNull(boolean negated);
    }

    /**
     * The column at a dotted path, or null for a physical type FilterApi cannot compare (BOOLEAN,
     * INT96). BINARY and FIXED_LEN_BYTE_ARRAY both compare as binary: the caller decides where
     * that order is the column's.
     */
    public static Column column(String path, PrimitiveTypeName type) {
        return switch (type) {
            case INT32 -> typed(FilterApi.intColumn(path));
            case INT64 -> typed(FilterApi.longColumn(path));
            case FLOAT -> typed(FilterApi.floatColumn(path));
            case DOUBLE -> typed(FilterApi.doubleColumn(path));
            case BINARY, FIXED_LEN_BYTE_ARRAY -> typed(FilterApi.binaryColumn(path));
            default -> null;
        };
    }

    @SuppressWarnings("unchecked")
    private static <T extends Comparable<T>, C extends Operators.Column<T> & Operators.SupportsLtGt> Column typed(C col) {
        return new Column() {
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
}
