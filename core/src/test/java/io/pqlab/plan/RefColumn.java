package io.pqlab.plan;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.HexFormat;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

/**
 * A leaf column as the test's reference evaluator sees it, built from parquet-java's schema and
 * nothing of pqlab: how a physical value read by the oracle becomes a comparable key, how keys
 * compare (SQL: NaN equals NaN and sorts above every number, -0.0 equals +0.0, bytes unsigned,
 * unsigned ints unsigned, decimals, dates, times and timestamps by value in their unit), and how
 * a key is written as a literal of the condition language.
 *
 * <p>Keys: Boolean; BigDecimal for every integer-like kind (so that a literal between two values
 * the column can hold, such as 2.5 for an integer, is a key too); Double for floating point (a
 * FLOAT or FLOAT16 value widened exactly); byte[] for byte strings.
 */
final class RefColumn {
    enum Kind { BOOL, INT, UINT, DECIMAL, DATE, TIME, TIMESTAMP, INT96, FLOAT, DOUBLE, FLOAT16, BYTES, TEXT }

    final int index;
    final String[] path;
    final PrimitiveType type;
    final Kind kind;
    final int scale;
    final int precision;
    /** Units per second for TIME and TIMESTAMP (1e9 for INT96, whose keys are nanoseconds). */
    final long perSecond;
    final boolean flat;

    private RefColumn(int index, ColumnDescriptor d, Kind kind, int scale, int precision, long perSecond) {
        this.index = index;
        this.path = d.getPath();
        this.type = d.getPrimitiveType();
        this.kind = kind;
        this.scale = scale;
        this.precision = precision;
        this.perSecond = perSecond;
        this.flat = d.getMaxRepetitionLevel() == 0;
    }

    /** The column's model, or null where the test has none (INTERVAL, unknown annotations). */
    static RefColumn of(int index, ColumnDescriptor d) {
        PrimitiveType t = d.getPrimitiveType();
        LogicalTypeAnnotation a = t.getLogicalTypeAnnotation();
        PrimitiveType.PrimitiveTypeName p = t.getPrimitiveTypeName();
        if (a instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation dec) {
            return new RefColumn(index, d, Kind.DECIMAL, dec.getScale(), dec.getPrecision(), 0);
        }
        switch (p) {
            case BOOLEAN:
                return new RefColumn(index, d, Kind.BOOL, 0, 0, 0);
            case INT32:
            case INT64:
                if (a == null) {
                    return new RefColumn(index, d, Kind.INT, 0, 0, 0);
                }
                if (a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation i) {
                    return new RefColumn(index, d, i.isSigned() ? Kind.INT : Kind.UINT, 0, 0, 0);
                }
                if (a instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation && p == PrimitiveType.PrimitiveTypeName.INT32) {
                    return new RefColumn(index, d, Kind.DATE, 0, 0, 0);
                }
                if (a instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation tm) {
                    return new RefColumn(index, d, Kind.TIME, 0, 0, perSecond(tm.getUnit()));
                }
                if (a instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation ts) {
                    return new RefColumn(index, d, Kind.TIMESTAMP, 0, 0, perSecond(ts.getUnit()));
                }
                return null;
            case INT96:
                return a == null ? new RefColumn(index, d, Kind.INT96, 0, 0, 1_000_000_000L) : null;
            case FLOAT:
                return a == null ? new RefColumn(index, d, Kind.FLOAT, 0, 0, 0) : null;
            case DOUBLE:
                return a == null ? new RefColumn(index, d, Kind.DOUBLE, 0, 0, 0) : null;
            case FIXED_LEN_BYTE_ARRAY:
                if (a instanceof LogicalTypeAnnotation.Float16LogicalTypeAnnotation) {
                    return new RefColumn(index, d, Kind.FLOAT16, 0, 0, 0);
                }
                if (a == null || a instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation) {
                    return new RefColumn(index, d, Kind.BYTES, 0, 0, 0);
                }
                return null;
            case BINARY:
                if (a == null || a instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation
                        || a instanceof LogicalTypeAnnotation.BsonLogicalTypeAnnotation) {
                    return new RefColumn(index, d, Kind.BYTES, 0, 0, 0);
                }
                if (a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
                        || a instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation) {
                    return new RefColumn(index, d, Kind.TEXT, 0, 0, 0);
                }
                return null;
            default:
                return null;
        }
    }

    private static long perSecond(LogicalTypeAnnotation.TimeUnit u) {
        return switch (u) {
            case MILLIS -> 1_000L;
            case MICROS -> 1_000_000L;
            case NANOS -> 1_000_000_000L;
        };
    }

    boolean floating() {
        return kind == Kind.FLOAT || kind == Kind.DOUBLE || kind == Kind.FLOAT16;
    }

    boolean numeric() {
        return switch (kind) {
            case INT, UINT, DECIMAL, DATE, TIME, TIMESTAMP, INT96 -> true;
            default -> false;
        };
    }

    boolean bytes() {
        return kind == Kind.BYTES || kind == Kind.TEXT;
    }

    int width() {
        return type.getTypeLength();
    }

    boolean fixed() {
        return type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
    }

    boolean int32() {
        return type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.INT32;
    }

    // ---- keys -------------------------------------------------------------------------------

    /** The key of a physical value as the oracle returns it; null stays null. */
    Object key(Object v) {
        if (v == null) {
            return null;
        }
        switch (kind) {
            case BOOL:
                return v;
            case INT:
            case DATE:
            case TIME:
            case TIMESTAMP:
                return v instanceof Integer i ? BigDecimal.valueOf(i) : BigDecimal.valueOf((Long) v);
            case UINT:
                return v instanceof Integer i ? BigDecimal.valueOf(Integer.toUnsignedLong(i))
                        : new BigDecimal(new BigInteger(Long.toUnsignedString((Long) v)));
            case DECIMAL:
                BigInteger unscaled = v instanceof Integer i ? BigInteger.valueOf(i)
                        : v instanceof Long l ? BigInteger.valueOf(l) : new BigInteger((byte[]) v);
                return new BigDecimal(unscaled, scale);
            case INT96: {
                ByteBuffer b = ByteBuffer.wrap((byte[]) v).order(ByteOrder.LITTLE_ENDIAN);
                long nanos = b.getLong();
                long julian = b.getInt();
                return new BigDecimal(BigInteger.valueOf(julian - 2_440_588L).multiply(BigInteger.valueOf(86_400_000_000_000L))
                        .add(BigInteger.valueOf(nanos)));
            }
            case FLOAT:
                return (double) (Float) v;
            case DOUBLE:
                return v;
            case FLOAT16: {
                byte[] b = (byte[]) v;
                return (double) half((b[0] & 0xFF) | (b[1] & 0xFF) << 8);
            }
            case BYTES:
            case TEXT:
                return v;
            default:
                throw new IllegalStateException(kind.name());
        }
    }

    /** IEEE half-precision bits to float, written here from the format's definition. */
    static float half(int bits) {
        int sign = bits >>> 15 & 1;
        int exp = bits >>> 10 & 0x1F;
        int frac = bits & 0x3FF;
        float m;
        if (exp == 0) {
            m = frac * 0x1p-24f;
        } else if (exp == 31) {
            m = frac == 0 ? Float.POSITIVE_INFINITY : Float.NaN;
        } else {
            m = Math.scalb(1f + frac / 1024f, exp - 15);
        }
        return sign == 1 ? -m : m;
    }

    /** Whether a double is exactly a half-precision value (NaN, infinities and zeros included). */
    static boolean isHalf(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d) || d == 0) {
            return true;
        }
        double a = Math.abs(d);
        if (a > 65504) {
            return false;
        }
        int e = Math.getExponent(a);
        double units = e >= -14 ? Math.scalb(a, 10 - e) : Math.scalb(a, 24);
        return units == Math.rint(units);
    }

    // ---- comparison --------------------------------------------------------------------------

    /** Compares two non-null keys in SQL's order for this column. */
    int compare(Object a, Object b) {
        if (numeric()) {
            return ((BigDecimal) a).compareTo((BigDecimal) b);
        }
        if (floating()) {
            return compareFloat((Double) a, (Double) b);
        }
        if (kind == Kind.BOOL) {
            return Boolean.compare((Boolean) a, (Boolean) b);
        }
        return Arrays.compareUnsigned((byte[]) a, (byte[]) b);
    }

    /** NaN equals NaN and sorts above every number; -0.0 equals +0.0. */
    static int compareFloat(double a, double b) {
        boolean na = Double.isNaN(a);
        boolean nb = Double.isNaN(b);
        if (na || nb) {
            return na && nb ? 0 : na ? 1 : -1;
        }
        return a < b ? -1 : a > b ? 1 : 0;
    }

    // ---- literals ----------------------------------------------------------------------------

    /** The column as the condition language names it: every part quoted. */
    String name() {
        StringBuilder s = new StringBuilder();
        for (String part : path) {
            if (s.length() > 0) {
                s.append('.');
            }
            s.append('"').append(part.replace("\"", "\"\"")).append('"');
        }
        return s.toString();
    }

    /** Whether a key can be written as a literal of this column's language. */
    boolean writable(Object key) {
        try {
            literal(key);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The literal text for a key; IllegalArgumentException where it has none. */
    String literal(Object key) {
        switch (kind) {
            case BOOL:
                return (Boolean) key ? "TRUE" : "FALSE";
            case INT:
            case UINT:
            case DECIMAL:
                return ((BigDecimal) key).toPlainString();
            case DATE: {
                BigDecimal days = (BigDecimal) key;
                BigDecimal nanos = days.multiply(BigDecimal.valueOf(86_400_000_000_000L));
                if (days.stripTrailingZeros().scale() <= 0) {
                    return "DATE '" + dateText(days.longValueExact()) + "'";
                }
                return "TIMESTAMP '" + timestampText(nanos) + "'";
            }
            case TIMESTAMP:
            case INT96: {
                BigDecimal nanos = ((BigDecimal) key).multiply(BigDecimal.valueOf(1_000_000_000L / perSecond));
                return "TIMESTAMP '" + timestampText(nanos) + "'";
            }
            case TIME: {
                BigDecimal nanos = ((BigDecimal) key).multiply(BigDecimal.valueOf(1_000_000_000L / perSecond));
                long n = exact(nanos);
                if (n < 0 || n >= 86_400_000_000_000L) {
                    throw new IllegalArgumentException("not a time of day");
                }
                java.time.LocalTime t = java.time.LocalTime.ofNanoOfDay(n);
                return String.format("TIME '%02d:%02d:%02d.%09d'", t.getHour(), t.getMinute(), t.getSecond(), t.getNano());
            }
            case FLOAT:
            case DOUBLE:
            case FLOAT16: {
                double d = (Double) key;
                if (Double.isNaN(d)) {
                    return "NaN";
                }
                if (Double.isInfinite(d)) {
                    return d > 0 ? "Infinity" : "-Infinity";
                }
                return kind == Kind.DOUBLE ? Double.toString(d) : Float.toString((float) d);
            }
            case TEXT: {
                String s = utf8((byte[]) key);
                if (s != null && s.codePoints().noneMatch(Character::isISOControl)) {
                    return "'" + s.replace("'", "''") + "'";
                }
                return "X'" + HexFormat.of().formatHex((byte[]) key) + "'";
            }
            case BYTES:
                return "X'" + HexFormat.of().formatHex((byte[]) key) + "'";
            default:
                throw new IllegalStateException(kind.name());
        }
    }

    private static long exact(BigDecimal v) {
        try {
            return v.setScale(0, java.math.RoundingMode.UNNECESSARY).longValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("not a whole number of nanoseconds: " + v);
        }
    }

    private static String dateText(long day) {
        java.time.LocalDate d = java.time.LocalDate.ofEpochDay(day);
        if (d.getYear() < 1 || d.getYear() > 9999) {
            throw new IllegalArgumentException("year out of the literal's range");
        }
        return d.toString();
    }

    private static String timestampText(BigDecimal nanos) {
        long n;
        BigInteger[] qr;
        try {
            qr = nanos.setScale(0, java.math.RoundingMode.UNNECESSARY).toBigIntegerExact()
                    .divideAndRemainder(BigInteger.valueOf(1_000_000_000L));
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("not a whole number of nanoseconds");
        }
        long seconds = qr[0].longValueExact();
        n = qr[1].longValue();
        if (n < 0) {
            seconds--;
            n += 1_000_000_000L;
        }
        LocalDateTime t;
        try {
            t = LocalDateTime.ofEpochSecond(seconds, (int) n, ZoneOffset.UTC);
        } catch (java.time.DateTimeException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        if (t.getYear() < 1 || t.getYear() > 9999) {
            throw new IllegalArgumentException("year out of the literal's range");
        }
        return t.toLocalDate() + " " + String.format("%02d:%02d:%02d.%09d", t.getHour(), t.getMinute(), t.getSecond(), t.getNano());
    }

    /** The bytes as strict UTF-8 text, or null where they are not. */
    static String utf8(byte[] b) {
        try {
            CharBuffer c = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b));
            return c.toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** The key as text for messages. */
    String show(Object key) {
        if (key == null) {
            return "NULL";
        }
        try {
            return literal(key);
        } catch (IllegalArgumentException e) {
            return key instanceof byte[] b ? HexFormat.of().formatHex(b) : String.valueOf(key);
        }
    }

    @Override
    public String toString() {
        return String.join(".", path) + " " + kind;
    }
}
