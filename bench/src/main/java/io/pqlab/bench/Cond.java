package io.pqlab.bench;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators.BinaryColumn;
import org.apache.parquet.filter2.predicate.Operators.LongColumn;
import org.apache.parquet.io.api.Binary;

/**
 * A condition written once and rendered for each reader: parquet-java's FilterPredicate, DuckDB's
 * SQL, pqlab's condition text (and hardwood's FilterPredicate in the hardwood profile). Small on
 * purpose: only what the suite uses, on INT64 (plain or TIMESTAMP(MICROS, UTC)) and STRING columns.
 */
public sealed interface Cond {

    /** A literal: an INT64, a timestamp in microseconds since the epoch (UTC), or a string. */
    sealed interface Value {}

    record LongValue(long v) implements Value {}

    record TimestampValue(long micros) implements Value {}

    record StringValue(String v) implements Value {}

    enum Op {
        EQ("="), LT("<"), LE("<="), GT(">"), GE(">=");
        public final String text;
        Op(String text) { this.text = text; }
    }

    record Cmp(String column, Op op, Value value) implements Cond {}

    record In(String column, List<Value> values) implements Cond {}

    /** Both ends included, as in SQL. */
    record Between(String column, Value low, Value high) implements Cond {}

    record IsNull(String column) implements Cond {}

    record And(Cond left, Cond right) implements Cond {}

    record Or(Cond left, Cond right) implements Cond {}

    // ---- builders --------------------------------------------------------------------------

    static Cond eq(String c, long v) { return new Cmp(c, Op.EQ, new LongValue(v)); }
    static Cond eq(String c, String v) { return new Cmp(c, Op.EQ, new StringValue(v)); }
    static Cond cmp(String c, Op op, long v) { return new Cmp(c, op, new LongValue(v)); }
    static Cond cmpTs(String c, Op op, long micros) { return new Cmp(c, op, new TimestampValue(micros)); }
    static Cond between(String c, long lo, long hi) { return new Between(c, new LongValue(lo), new LongValue(hi)); }
    static Cond in(String c, long... vs) {
        return new In(c, java.util.Arrays.stream(vs).mapToObj(v -> (Value) new LongValue(v)).toList());
    }
    static Cond in(String c, String... vs) {
        return new In(c, java.util.Arrays.stream(vs).map(v -> (Value) new StringValue(v)).toList());
    }
    static Cond isNull(String c) { return new IsNull(c); }
    static Cond and(Cond l, Cond r) { return new And(l, r); }
    static Cond or(Cond l, Cond r) { return new Or(l, r); }

    // ---- renderings -----------------------------------------------------------------------

    /** pqlab's condition text (io.pqlab.predicate.Condition grammar). */
    default String pqlab() {
        return text(this, false);
    }

    /** DuckDB's WHERE clause. */
    default String sql() {
        return text(this, true);
    }

    /** parquet-java's filter2 predicate (IS NULL is eq(column, null) there). */
    default FilterPredicate parquetJava() {
        return pj(this);
    }

    private static String text(Cond c, boolean sql) {
        if (c instanceof Cmp k) {
            return k.column() + " " + k.op().text + " " + literal(k.value(), sql);
        } else if (c instanceof In k) {
            return k.column() + " IN (" + k.values().stream().map(v -> literal(v, sql)).collect(Collectors.joining(", ")) + ")";
        } else if (c instanceof Between k) {
            return k.column() + " BETWEEN " + literal(k.low(), sql) + " AND " + literal(k.high(), sql);
        } else if (c instanceof IsNull k) {
            return k.column() + " IS NULL";
        } else if (c instanceof And k) {
            return "(" + text(k.left(), sql) + ") AND (" + text(k.right(), sql) + ")";
        } else {
            Or k = (Or) c;
            return "(" + text(k.left(), sql) + ") OR (" + text(k.right(), sql) + ")";
        }
    }

    /** Timestamp literal format (an interface constant: interfaces have no private fields). */
    DateTimeFormatter TS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS").withZone(ZoneOffset.UTC);

    private static String literal(Value v, boolean sql) {
        if (v instanceof LongValue l) {
            return Long.toString(l.v());
        } else if (v instanceof StringValue t) {
            return "'" + t.v().replace("'", "''") + "'";
        }
        String t = TS.format(Instant.EPOCH.plusNanos(Math.multiplyExact(((TimestampValue) v).micros(), 1000L)));
        // The column is TIMESTAMP(MICROS, isAdjustedToUTC=true): DuckDB reads it as TIMESTAMPTZ.
        return sql ? "TIMESTAMPTZ '" + t + "+00'" : "TIMESTAMP '" + t + "Z'";
    }

    private static FilterPredicate pj(Cond c) {
        if (c instanceof Cmp k) {
            return pjCmp(k.column(), k.op(), k.value());
        } else if (c instanceof In k) {
            return k.values().get(0) instanceof StringValue
                ? FilterApi.in(FilterApi.binaryColumn(k.column()), binarySet(k.values()))
                : FilterApi.in(FilterApi.longColumn(k.column()), longSet(k.values()));
        } else if (c instanceof Between k) {
            return FilterApi.and(pjCmp(k.column(), Op.GE, k.low()), pjCmp(k.column(), Op.LE, k.high()));
        } else if (c instanceof IsNull k) {
            return k.column().equals("country") || k.column().equals("note")
                ? FilterApi.eq(FilterApi.binaryColumn(k.column()), (Binary) null)
                : FilterApi.eq(FilterApi.longColumn(k.column()), (Long) null);
        } else if (c instanceof And k) {
            return FilterApi.and(pj(k.left()), pj(k.right()));
        }
        Or k = (Or) c;
        return FilterApi.or(pj(k.left()), pj(k.right()));
    }

    private static FilterPredicate pjCmp(String column, Op op, Value v) {
        if (v instanceof StringValue s) {
            BinaryColumn col = FilterApi.binaryColumn(column);
            Binary b = Binary.fromString(s.v());
            return switch (op) {
                case EQ -> FilterApi.eq(col, b);
                case LT -> FilterApi.lt(col, b);
                case LE -> FilterApi.ltEq(col, b);
                case GT -> FilterApi.gt(col, b);
                case GE -> FilterApi.gtEq(col, b);
            };
        }
        LongColumn col = FilterApi.longColumn(column);
        long x = v instanceof LongValue l ? l.v() : ((TimestampValue) v).micros();
        return switch (op) {
            case EQ -> FilterApi.eq(col, x);
            case LT -> FilterApi.lt(col, x);
            case LE -> FilterApi.ltEq(col, x);
            case GT -> FilterApi.gt(col, x);
            case GE -> FilterApi.gtEq(col, x);
        };
    }

    private static Set<Long> longSet(List<Value> vs) {
        Set<Long> s = new HashSet<>();
        for (Value v : vs) {
            s.add(v instanceof LongValue l ? l.v() : ((TimestampValue) v).micros());
        }
        return s;
    }

    private static Set<Binary> binarySet(List<Value> vs) {
        Set<Binary> s = new HashSet<>();
        for (Value v : vs) {
            s.add(Binary.fromString(((StringValue) v).v()));
        }
        return s;
    }
}
