package io.pqlab.predicate;

import io.pqlab.predicate.Literal.BinaryLiteral;
import io.pqlab.predicate.Literal.BoolLiteral;
import io.pqlab.predicate.Literal.DateLiteral;
import io.pqlab.predicate.Literal.DecimalLiteral;
import io.pqlab.predicate.Literal.FloatLiteral;
import io.pqlab.predicate.Literal.IntLiteral;
import io.pqlab.predicate.Literal.StringLiteral;
import io.pqlab.predicate.Literal.TimeLiteral;
import io.pqlab.predicate.Literal.TimestampLiteral;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code CAST(literal AS type)} in a condition, folded at parse time into the literal it gives
 * (the tree never holds a cast; it prints as that literal). Only what is exact is taken: a cast
 * SQL would round (2.5 to INTEGER), or that overflows the type, is an error saying so, since a
 * condition's literal is then converted to the column's type exactly anyway.
 */
final class Cast {
    private Cast() {}

    /** Parses the text of a typed literal: DATE, TIME, TIMESTAMP or TIMESTAMPTZ. */
    interface Typed {
        Literal parse(String kind, String text, int at);
    }

    static Literal apply(Literal v, String type, List<Integer> args, int at, Typed typed) {
        switch (type) {
            case "DATE": case "TIME": case "TIMESTAMP": case "TIMESTAMPTZ": case "DATETIME":
                String kind = type.equals("DATETIME") ? "TIMESTAMP" : type;
                if (v instanceof StringLiteral s) {
                    return typed.parse(kind, s.value().trim(), at);
                }
                if (kind.equals("DATE") && v instanceof DateLiteral
                        || kind.equals("TIME") && v instanceof TimeLiteral
                        || kind.startsWith("TIMESTAMP") && v instanceof TimestampLiteral) {
                    return v;
                }
                if (kind.equals("TIMESTAMP") && v instanceof DateLiteral d) {
                    return new TimestampLiteral(d.value().atStartOfDay(), null);
                }
                throw new ConditionException("cannot cast " + v + " to " + type + " (write a string: CAST('…' AS "
                        + type + "))", at);
            case "TINYINT": case "INT1":
                return integer(v, type, 8, at);
            case "SMALLINT": case "INT2": case "SHORT":
                return integer(v, type, 16, at);
            case "INTEGER": case "INT": case "INT4": case "SIGNED":
                return integer(v, type, 32, at);
            case "BIGINT": case "INT8": case "LONG":
                return integer(v, type, 64, at);
            case "HUGEINT": case "INT128":
                return integer(v, type, 128, at);
            case "DOUBLE": case "FLOAT8":
                return floating(number(v, type, at), type, false, at);
            case "REAL": case "FLOAT": case "FLOAT4":
                return floating(number(v, type, at), type, true, at);
            case "DECIMAL": case "NUMERIC":
                return decimal(number(v, type, at), type, args, at);
            case "VARCHAR": case "TEXT": case "STRING": case "CHAR":
                if (v instanceof StringLiteral) {
                    return v;
                }
                if (v instanceof IntLiteral || v instanceof DecimalLiteral) {
                    return new StringLiteral(v.toString());
                }
                if (v instanceof BoolLiteral b) {
                    return new StringLiteral(b.value() ? "true" : "false");
                }
                throw new ConditionException("cannot cast " + v + " to " + type + " here (write the string itself)", at);
            case "BOOLEAN": case "BOOL":
                if (v instanceof BoolLiteral) {
                    return v;
                }
                if (v instanceof StringLiteral s) {
                    String t = s.value().trim().toLowerCase(java.util.Locale.ROOT);
                    if (t.equals("true") || t.equals("t") || t.equals("1")) {
                        return new BoolLiteral(true);
                    }
                    if (t.equals("false") || t.equals("f") || t.equals("0")) {
                        return new BoolLiteral(false);
                    }
                }
                if (v instanceof IntLiteral i && (i.value().signum() == 0 || i.value().equals(BigInteger.ONE))) {
                    return new BoolLiteral(i.value().signum() != 0);
                }
                throw new ConditionException("cannot cast " + v + " to " + type + " (write TRUE or FALSE)", at);
            case "BLOB": case "BYTEA": case "VARBINARY": case "BINARY":
                if (v instanceof BinaryLiteral) {
                    return v;
                }
                if (v instanceof StringLiteral s) {
                    return new BinaryLiteral(s.value().getBytes(StandardCharsets.UTF_8));
                }
                throw new ConditionException("cannot cast " + v + " to " + type + " (write a string or X'hex')", at);
            default:
                throw new ConditionException("unknown type " + type + " in CAST (DATE, TIME, TIMESTAMP, TIMESTAMPTZ, "
                        + "TINYINT, SMALLINT, INTEGER, BIGINT, HUGEINT, REAL, DOUBLE, DECIMAL(p, s), VARCHAR, BOOLEAN, "
                        + "BLOB)", at);
        }
    }

    /** The literal's number: a number as is, a string parsed as one. */
    private static BigDecimal number(Literal v, String type, int at) {
        if (v instanceof IntLiteral i) {
            return new BigDecimal(i.value());
        }
        if (v instanceof DecimalLiteral d) {
            return d.value();
        }
        if (v instanceof FloatLiteral f) {
            if (Double.isNaN(f.value()) || Double.isInfinite(f.value())) {
                throw new ConditionException("cannot cast " + f + " to " + type + " (write " + f + " itself)", at);
            }
            return new BigDecimal(f.text());
        }
        if (v instanceof StringLiteral s) {
            String t = s.value().trim();
            if (t.length() <= Condition.MAX_NUMBER_LENGTH && t.matches("[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]{1,4})?")) {
                return new BigDecimal(t);
            }
            throw new ConditionException("cannot cast " + v + " to " + type + ": not a number", at);
        }
        throw new ConditionException("cannot cast " + v + " to " + type, at);
    }

    private static Literal integer(Literal v, String type, int bits, int at) {
        BigDecimal d = number(v, type, at);
        BigInteger i;
        try {
            i = d.toBigIntegerExact();
        } catch (ArithmeticException e) {
            throw new ConditionException("CAST(" + v + " AS " + type + ") would round " + d.toPlainString()
                    + " (write the whole number meant)", at);
        }
        if (i.bitLength() > bits - 1) {
            throw new ConditionException(d.toPlainString() + " is out of range for " + type, at);
        }
        return new IntLiteral(i);
    }

    private static Literal floating(BigDecimal d, String type, boolean single, int at) {
        double x = single ? (double) d.floatValue() : d.doubleValue();
        if (Double.isInfinite(x)) {
            throw new ConditionException(d.toPlainString() + " is out of range for " + type, at);
        }
        // the exact value of the nearest float or double, written with an exponent (a float literal)
        String text = new BigDecimal(x).toString();
        if (text.indexOf('E') < 0) {
            text = text + "e0";
        }
        return new FloatLiteral(text, x);
    }

    private static Literal decimal(BigDecimal d, String type, List<Integer> args, int at) {
        if (args.size() > 2) {
            throw new ConditionException(type + " takes a precision and a scale, DECIMAL(p, s)", at);
        }
        int precision = args.isEmpty() ? 18 : args.get(0); // DuckDB's DECIMAL is DECIMAL(18, 3)
        int scale = args.size() == 2 ? args.get(1) : args.isEmpty() ? 3 : 0;
        if (precision < 1 || scale > precision) {
            throw new ConditionException("invalid " + type + "(" + precision + ", " + scale + ")", at);
        }
        BigDecimal s;
        try {
            s = d.setScale(scale);
        } catch (ArithmeticException e) {
            throw new ConditionException("CAST to " + type + "(" + precision + ", " + scale + ") would round "
                    + d.toPlainString(), at);
        }
        if (s.precision() - s.scale() > precision - scale && s.signum() != 0) {
            throw new ConditionException(d.toPlainString() + " is out of range for " + type + "(" + precision + ", "
                    + scale + ")", at);
        }
        return s.scale() == 0 ? new IntLiteral(s.toBigIntegerExact()) : new DecimalLiteral(s);
    }
}
