package io.pqlab.spark;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Spark's V2 predicates as pqlab conditions, where the two agree on every row: comparisons, IN,
 * IS [NOT] NULL, STARTS_WITH, AND, OR and NOT over columns (top-level or struct fields) of
 * boolean, integer, decimal, float, double, string, date, timestamp, timestamp_ntz and binary
 * type, with literals of the column's own type. pqlab's NaN rules are Spark's (NaN equals NaN and
 * sorts above every number, -0.0 equals 0.0), and a float literal is written as its exact value.
 * Everything else stays with Spark: INT96 timestamps and annotated binary columns (the table's
 * {@code unpushable}), list and map elements (Spark's V2 predicates have no form for
 * {@code array_contains} or an element), and any expression over a column (a cast, a function).
 */
final class Filters {
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSSSSS");

    private Filters() {}

    /** The condition text, or null where the predicate (or a part of it) cannot be pushed. */
    static String condition(Predicate p, StructType schema) {
        return condition(p, schema, Set.of());
    }

    /**
     * As above, leaving to Spark every predicate on a column of {@code unpushable} (dotted paths:
     * INT96 timestamps and annotated binary, whose stored values a pushed comparison would judge
     * otherwise than Spark judges the values read, {@code PqlabTable.unpushable}).
     */
    static String condition(Predicate p, StructType schema, Set<String> unpushable) {
        List<String> c = new ArrayList<>();
        Expression[] ch = p.children();
        switch (p.name()) {
            case "AND", "OR" -> {
                String a = condition((Predicate) ch[0], schema, unpushable);
                String b = condition((Predicate) ch[1], schema, unpushable);
                return a == null || b == null ? null : "(" + a + " " + p.name() + " " + b + ")";
            }
            case "NOT" -> {
                String a = condition((Predicate) ch[0], schema, unpushable);
                return a == null ? null : "(NOT " + a + ")";
            }
            case "IS_NULL", "IS_NOT_NULL" -> {
                String col = column(ch[0], schema, unpushable);
                return col == null ? null : col + (p.name().equals("IS_NULL") ? " IS NULL" : " IS NOT NULL");
            }
            case "=", "<>", "<", "<=", ">", ">=", "<=>" -> {
                boolean flipped = !(ch[0] instanceof NamedReference);
                Expression ref = flipped ? ch[1] : ch[0];
                Expression lit = flipped ? ch[0] : ch[1];
                String col = column(ref, schema, unpushable);
                if (col == null || !(lit instanceof Literal<?> l)) {
                    return null;
                }
                if (l.value() == null) {
                    // only the null-safe form means something with a null: IS NULL
                    return p.name().equals("<=>") ? col + " IS NULL" : null;
                }
                String v = literal(l, type(ref, schema));
                if (v == null) {
                    return null;
                }
                if (p.name().equals("<=>")) {
                    // null-safe: false, never null, where the column is null, so that a NOT above it
                    // keeps those rows as Spark does (a plain "=" is unknown there and NOT drops them)
                    return "(" + col + " IS NOT NULL AND " + col + " = " + v + ")";
                }
                return col + " " + (flipped ? flip(p.name()) : p.name()) + " " + v;
            }
            case "IN" -> {
                String col = column(ch[0], schema, unpushable);
                if (col == null) {
                    return null;
                }
                for (int i = 1; i < ch.length; i++) {
                    if (!(ch[i] instanceof Literal<?> l) || l.value() == null) {
                        return null; // a null in the list makes the row's result null or false: Spark's to judge
                    }
                    String v = literal(l, type(ch[0], schema));
                    if (v == null) {
                        return null;
                    }
                    c.add(v);
                }
                return c.isEmpty() ? null : col + " IN (" + String.join(", ", c) + ")";
            }
            case "STARTS_WITH" -> {
                String col = column(ch[0], schema, unpushable);
                if (col == null || type(ch[0], schema) != DataTypes.StringType
                        || !(ch[1] instanceof Literal<?> l) || !(l.value() instanceof UTF8String s)) {
                    return null;
                }
                String prefix = s.toString().replace("!", "!!").replace("%", "!%").replace("_", "!_");
                return col + " LIKE " + quote(prefix + "%") + " ESCAPE '!'";
            }
            default -> {
                return null;
            }
        }
    }

    private static String flip(String op) {
        return switch (op) {
            case "<" -> ">";
            case "<=" -> ">=";
            case ">" -> "<";
            case ">=" -> "<=";
            default -> op;
        };
    }

    /**
     * A column of a pushable type, quoted: a top-level one or a field of (nested) structs, whose
     * value is null where a struct above it is null in Spark as in pqlab; null otherwise (lists
     * and maps, whose elements Spark's predicates do not name).
     */
    private static String column(Expression e, StructType schema, Set<String> unpushable) {
        DataType t = type(e, schema);
        if (t == null || !(t == DataTypes.BooleanType || t == DataTypes.ByteType || t == DataTypes.ShortType
                || t == DataTypes.IntegerType || t == DataTypes.LongType || t == DataTypes.StringType
                || t == DataTypes.DateType || t == DataTypes.FloatType || t == DataTypes.DoubleType
                || t == DataTypes.TimestampType || t == DataTypes.TimestampNTZType || t == DataTypes.BinaryType
                || t instanceof DecimalType)) {
            return null;
        }
        if (unpushable.contains(String.join(".", ((NamedReference) e).fieldNames()))) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        for (String name : ((NamedReference) e).fieldNames()) {
            parts.add("\"" + name.replace("\"", "\"\"") + "\"");
        }
        return String.join(".", parts);
    }

    private static DataType type(Expression e, StructType schema) {
        if (!(e instanceof NamedReference r) || r.fieldNames().length == 0) {
            return null;
        }
        DataType t = schema;
        for (String name : r.fieldNames()) {
            if (!(t instanceof StructType st)) {
                return null;
            }
            t = null;
            for (StructField f : st.fields()) {
                if (f.name().equals(name)) {
                    t = f.dataType();
                }
            }
            if (t == null) {
                return null;
            }
        }
        return t;
    }

    /** A literal of the column's own type in pqlab's syntax; null for any other. */
    private static String literal(Literal<?> l, DataType columnType) {
        DataType t = l.dataType();
        Object v = l.value();
        if (!t.equals(columnType) && !(t instanceof DecimalType && columnType instanceof DecimalType)) {
            return null;
        }
        if (t == DataTypes.BooleanType) {
            return ((Boolean) v) ? "TRUE" : "FALSE";
        }
        if (t == DataTypes.ByteType || t == DataTypes.ShortType || t == DataTypes.IntegerType
                || t == DataTypes.LongType) {
            return v.toString();
        }
        if (t instanceof DecimalType) {
            BigDecimal d = ((Decimal) v).toJavaBigDecimal();
            return d.toPlainString();
        }
        if (t == DataTypes.FloatType || t == DataTypes.DoubleType) {
            // the literal's exact value, so that pqlab's exact comparison is Spark's comparison of
            // floats (a float 0.1f is not the decimal 0.1); NaN is equal to itself and above every
            // number in pqlab as in Spark, and -0.0 equals 0.0 in both
            double d = ((Number) v).doubleValue();
            if (Double.isNaN(d)) {
                return "NaN";
            }
            if (Double.isInfinite(d)) {
                return d > 0 ? "Infinity" : "-Infinity";
            }
            String exact = new BigDecimal(d).toPlainString();
            return exact.length() > 400 ? null : exact; // a subnormal's thousand digits: Spark's to judge
        }
        if (t == DataTypes.StringType) {
            return quote(v.toString());
        }
        if (t == DataTypes.DateType) {
            return "DATE '" + LocalDate.ofEpochDay((Integer) v) + "'";
        }
        if (t == DataTypes.TimestampType || t == DataTypes.TimestampNTZType) {
            // microseconds since the epoch: an instant (timestamp) or a wall-clock time read as UTC
            // (timestamp_ntz), which is how both are stored (INT64 TIMESTAMP, adjusted to UTC or not)
            // and how pqlab reads a timestamp literal against either; MILLIS columns compare exactly
            // (a literal between two milliseconds matches none, as Spark's comparison of the values)
            long micros = (Long) v;
            LocalDateTime w = LocalDateTime.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
                    (int) Math.floorMod(micros, 1_000_000L) * 1000, ZoneOffset.UTC);
            if (w.getYear() < 1 || w.getYear() > 9999) {
                return null; // pqlab's literal has four digits of year
            }
            return "TIMESTAMP '" + TIMESTAMP.format(w) + "'";
        }
        if (t == DataTypes.BinaryType) {
            return "X'" + java.util.HexFormat.of().formatHex((byte[]) v) + "'";
        }
        return null;
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "''") + "'";
    }
}
