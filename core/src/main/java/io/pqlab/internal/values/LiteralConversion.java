package io.pqlab.internal.values;

import io.pqlab.schema.PhysicalType;
import io.pqlab.schema.TimeUnit;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.UUID;

/**
 * Converts a literal to a column's physical type exactly, or says exactly how it falls between the
 * values the column can hold: {@code int_col = 2.5} can match nothing, {@code int_col < 2.5} means
 * {@code int_col <= 2}, a value beyond the type's range lies above or below every value. A literal
 * of the wrong kind (a string for an integer column) is an {@link IllegalArgumentException} whose
 * message says which type the column has.
 *
 * <p>Literals arrive as Java values: BigInteger, BigDecimal, Double (NaN, infinities and exponent
 * forms), String, LocalDate, LocalDateTime, LocalTime, Boolean, byte[].
 *
 * <p>Floating-point columns take the nearest value of their width, as SQL's cast does; timestamps
 * are read as UTC wall-clock time whatever the column's UTC flag.
 */
public final class LiteralConversion {
    private LiteralConversion() {}

    /** What a literal becomes in a column's type. */
    public sealed interface Result {
        /** The literal is this value of the column's type (PLAIN bytes). */
        record Exact(byte[] plain) implements Result {}

        /**
         * The literal lies strictly between two neighbouring values the column can hold.
         *
         * @param below the greatest value below it
         * @param above the least value above it
         */
        record Between(byte[] below, byte[] above) implements Result {}

        /** The literal is above every value the column can hold (NaN and +Infinity for integers too). */
        record AboveAll() implements Result {}

        /** The literal is below every value the column can hold. */
        record BelowAll() implements Result {}

        /** A value no column value can equal (a fixed-width value of another length) but that orders. */
        record Unequal(byte[] plain) implements Result {}

        /** NaN, for a floating-point column. */
        record NaN() implements Result {}
    }

    public static Result convert(Object literal, ColumnType type) {
        PhysicalType p = type.physical();
        if (p == null) {
            throw new IllegalArgumentException("the column's physical type is unknown to this reader");
        }
        String problem = type.typeProblem();
        if (problem != null) {
            throw new IllegalArgumentException(problem + ": no literal can be compared with its values");
        }
        return switch (p) {
            case BOOLEAN -> {
                if (literal instanceof Boolean b) {
                    yield new Result.Exact(new byte[] {(byte) (b ? 1 : 0)});
                }
                throw mismatch(literal, type, "TRUE or FALSE");
            }
            case INT32, INT64 -> integer(literal, type);
            case FLOAT, DOUBLE -> floating(literal, type);
            case INT96 -> int96(literal, type);
            case BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY -> binary(literal, type);
        };
    }

    // ---- integers, decimals on integers, dates, times, timestamps ---------------------------

    private static Result integer(Object literal, ColumnType type) {
        boolean int32 = type.physical() == PhysicalType.INT32;
        if (type.isDate()) {
            LocalDateTime t = temporal(literal, type, "a DATE 'YYYY-MM-DD'");
            long day = t.toLocalDate().toEpochDay();
            boolean exact = t.toLocalTime().equals(LocalTime.MIDNIGHT);
            return scaled(BigInteger.valueOf(day), exact, int32, false);
        }
        TimeUnit tsUnit = type.timestampUnit();
        if (tsUnit != null) {
            LocalDateTime t = temporal(literal, type, "a TIMESTAMP 'YYYY-MM-DD HH:MM:SS'");
            long seconds = t.toEpochSecond(ZoneOffset.UTC);
            long nanos = t.getNano();
            long per = 1_000_000_000L / tsUnit.perSecond();
            BigInteger units = BigInteger.valueOf(seconds).multiply(BigInteger.valueOf(tsUnit.perSecond()))
                    .add(BigInteger.valueOf(nanos / per));
            return scaled(units, nanos % per == 0, int32, false);
        }
        TimeUnit timeUnit = type.timeUnit();
        if (timeUnit != null) {
            LocalTime t;
            if (literal instanceof LocalTime lt) {
                t = lt;
            } else if (literal instanceof String s) {
                try {
                    t = LocalTime.parse(s);
                } catch (DateTimeParseException e) {
                    throw mismatch(literal, type, "a TIME 'HH:MM:SS'");
                }
            } else {
                throw mismatch(literal, type, "a TIME 'HH:MM:SS'");
            }
            long per = 1_000_000_000L / timeUnit.perSecond();
            long nanos = t.toNanoOfDay();
            return scaled(BigInteger.valueOf(nanos / per), nanos % per == 0, int32, false);
        }
        BigDecimal v = number(literal, type);
        boolean unsigned = type.isUnsigned();
        if (v == null) {
            return infinite(literal);
        }
        if (type.isDecimal()) {
            v = v.movePointRight(type.scale());
        }
        BigInteger floor = v.setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
        boolean exact = v.signum() == 0 || v.stripTrailingZeros().scale() <= 0;
        return scaled(floor, exact, int32, unsigned);
    }

    /**
     * An integer value known to lie in [floor, floor + 1), exactly floor when {@code exact}, placed
     * in the column's range.
     */
    private static Result scaled(BigInteger floor, boolean exact, boolean int32, boolean unsigned) {
        BigInteger lo = min(int32, unsigned);
        BigInteger hi = max(int32, unsigned);
        BigInteger ceil = exact ? floor : floor.add(BigInteger.ONE);
        if (ceil.compareTo(lo) < 0 || (!exact && floor.compareTo(lo) < 0)) {
            return new Result.BelowAll(); // v < floor + 1 <= lo
        }
        if (floor.compareTo(hi) > 0 || (!exact && ceil.compareTo(hi) > 0)) {
            return new Result.AboveAll(); // v > ceil - 1 >= hi
        }
        if (exact) {
            return new Result.Exact(encodeInt(floor, int32));
        }
        return new Result.Between(encodeInt(floor, int32), encodeInt(ceil, int32));
    }

    private static BigInteger min(boolean int32, boolean unsigned) {
        if (unsigned) {
            return BigInteger.ZERO;
        }
        return BigInteger.valueOf(int32 ? Integer.MIN_VALUE : Long.MIN_VALUE);
    }

    private static BigInteger max(boolean int32, boolean unsigned) {
        if (unsigned) {
            return BigInteger.ONE.shiftLeft(int32 ? 32 : 64).subtract(BigInteger.ONE);
        }
        return BigInteger.valueOf(int32 ? Integer.MAX_VALUE : Long.MAX_VALUE);
    }

    private static byte[] encodeInt(BigInteger v, boolean int32) {
        ByteBuffer b = ByteBuffer.allocate(int32 ? 4 : 8).order(ByteOrder.LITTLE_ENDIAN);
        if (int32) {
            b.putInt(v.intValue()); // the low 32 bits: an unsigned value keeps its bit pattern
        } else {
            b.putLong(v.longValue());
        }
        return b.array();
    }

    // ---- floating point -----------------------------------------------------------------

    private static Result floating(Object literal, ColumnType type) {
        if (literal instanceof Double d && d.isNaN()) {
            return new Result.NaN();
        }
        double d;
        if (literal instanceof Double x) {
            d = x;
        } else {
            BigDecimal v = number(literal, type);
            d = v.doubleValue();
        }
        if (type.physical() == PhysicalType.FLOAT) {
            float f = literal instanceof BigDecimal bd ? bd.floatValue()
                    : literal instanceof BigInteger bi ? bi.floatValue() : (float) d;
            return new Result.Exact(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putFloat(f).array());
        }
        return new Result.Exact(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(d).array());
    }

    // ---- INT96 ----------------------------------------------------------------------------

    private static Result int96(Object literal, ColumnType type) {
        LocalDateTime t = temporal(literal, type, "a TIMESTAMP 'YYYY-MM-DD HH:MM:SS'");
        long julianDay = t.toLocalDate().toEpochDay() + 2_440_588L;
        long nanos = t.toLocalTime().toNanoOfDay();
        ByteBuffer b = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(nanos).putInt((int) julianDay);
        return new Result.Exact(b.array());
    }

    // ---- byte arrays ----------------------------------------------------------------------

    private static Result binary(Object literal, ColumnType type) {
        boolean fixed = type.physical() == PhysicalType.FIXED_LEN_BYTE_ARRAY;
        if (type.isDecimal()) {
            BigDecimal v = number(literal, type);
            if (v == null) {
                return infinite(literal);
            }
            v = v.movePointRight(type.scale());
            BigInteger floor = v.setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
            boolean exact = v.signum() == 0 || v.stripTrailingZeros().scale() <= 0;
            byte[] f = decimalBytes(floor, fixed ? type.typeLength() : -1);
            if (exact) {
                if (f == null) { // beyond the width
                    return floor.signum() < 0 ? new Result.BelowAll() : new Result.AboveAll();
                }
                return new Result.Exact(f);
            }
            byte[] c = decimalBytes(floor.add(BigInteger.ONE), fixed ? type.typeLength() : -1);
            if (f == null || c == null) {
                return floor.signum() < 0 ? new Result.BelowAll() : new Result.AboveAll();
            }
            return new Result.Between(f, c);
        }
        if (type.isFloat16()) {
            if (literal instanceof Double d && d.isNaN()) {
                return new Result.NaN();
            }
            float f = literal instanceof Double d ? d.floatValue() : number(literal, type).floatValue();
            short h = floatToHalf(f);
            return new Result.Exact(new byte[] {(byte) h, (byte) (h >>> 8)});
        }
        byte[] bytes;
        if (type.isUuid() && literal instanceof String s) {
            UUID u;
            try {
                u = UUID.fromString(s);
            } catch (IllegalArgumentException e) {
                throw mismatch(literal, type, "a UUID such as '123e4567-e89b-12d3-a456-426614174000'");
            }
            bytes = ByteBuffer.allocate(16).putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits()).array();
        } else if (literal instanceof String s) {
            bytes = s.getBytes(StandardCharsets.UTF_8);
        } else if (literal instanceof byte[] b) {
            bytes = b.clone();
        } else {
            throw mismatch(literal, type, type.isText() ? "a string such as 'text'" : "a string or X'hex' value");
        }
        if (fixed && bytes.length != type.typeLength()) {
            return new Result.Unequal(bytes);
        }
        return new Result.Exact(bytes);
    }

    /** Big-endian two's complement, minimal for width -1, else sign-extended; null if it does not fit. */
    static byte[] decimalBytes(BigInteger v, int width) {
        byte[] minimal = v.toByteArray();
        if (width < 0) {
            return minimal;
        }
        if (minimal.length > width) {
            return null;
        }
        byte[] out = new byte[width];
        byte fill = (byte) (v.signum() < 0 ? 0xFF : 0);
        int pad = width - minimal.length;
        for (int i = 0; i < pad; i++) {
            out[i] = fill;
        }
        System.arraycopy(minimal, 0, out, pad, minimal.length);
        return out;
    }

    /** NaN and +Infinity sort above every number; -Infinity below. */
    private static Result infinite(Object literal) {
        return literal instanceof Double d && d == Double.NEGATIVE_INFINITY ? new Result.BelowAll() : new Result.AboveAll();
    }

    /** IEEE 754 single to half, rounding to nearest even. */
    public static short floatToHalf(float f) {
        int bits = Float.floatToRawIntBits(f);
        int sign = (bits >>> 16) & 0x8000;
        int exp = (bits >>> 23) & 0xFF;
        int mant = bits & 0x7FFFFF;
        if (exp == 0xFF) {
            return (short) (sign | 0x7C00 | (mant != 0 ? 0x200 : 0));
        }
        int e = exp - 127 + 15;
        if (e >= 0x1F) {
            return (short) (sign | 0x7C00);
        }
        if (e <= 0) {
            if (e < -10) {
                return (short) sign;
            }
            mant |= 0x800000;
            int shift = 14 - e;
            int half = mant >>> shift;
            int rem = mant & ((1 << shift) - 1);
            int mid = 1 << (shift - 1);
            if (rem > mid || (rem == mid && (half & 1) != 0)) {
                half++;
            }
            return (short) (sign | half);
        }
        int half = (e << 10) | (mant >>> 13);
        int rem = mant & 0x1FFF;
        if (rem > 0x1000 || (rem == 0x1000 && (half & 1) != 0)) {
            half++;
        }
        return (short) (sign | half);
    }

    // ---- helpers ----------------------------------------------------------------------------

    /** A numeric literal as an exact decimal; null for NaN and the infinities. */
    private static BigDecimal number(Object literal, ColumnType type) {
        if (literal instanceof BigInteger i) {
            return new BigDecimal(i);
        }
        if (literal instanceof BigDecimal d) {
            return d;
        }
        if (literal instanceof Double d) {
            return d.isNaN() || d.isInfinite() ? null : new BigDecimal(Double.toString(d));
        }
        throw mismatch(literal, type, "a number");
    }

    private static LocalDateTime temporal(Object literal, ColumnType type, String wanted) {
        if (literal instanceof LocalDateTime t) {
            return t;
        }
        if (literal instanceof LocalDate d) {
            return d.atStartOfDay();
        }
        if (literal instanceof String s) {
            try {
                return s.length() <= 10 ? LocalDate.parse(s).atStartOfDay()
                        : LocalDateTime.parse(s.replace(' ', 'T'));
            } catch (DateTimeParseException e) {
                throw mismatch(literal, type, wanted);
            }
        }
        throw mismatch(literal, type, wanted);
    }

    private static IllegalArgumentException mismatch(Object literal, ColumnType type, String wanted) {
        return new IllegalArgumentException("the column is " + type.describe() + ", and " + describe(literal)
                + " is not of that type: write " + wanted);
    }

    private static String describe(Object literal) {
        if (literal instanceof String s) {
            return "the string '" + s.replace("'", "''") + "'";
        }
        if (literal instanceof byte[]) {
            return "a binary value";
        }
        if (literal instanceof Boolean b) {
            return b ? "TRUE" : "FALSE";
        }
        if (literal instanceof LocalDate d) {
            return "DATE '" + d + "'";
        }
        if (literal instanceof LocalDateTime t) {
            return "TIMESTAMP '" + t + "'";
        }
        if (literal instanceof LocalTime t) {
            return "TIME '" + t + "'";
        }
        return "the number " + literal;
    }
}
