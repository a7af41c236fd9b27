package io.pqlab.internal.values;

import io.pqlab.schema.ConvertedType;
import io.pqlab.schema.LogicalType;
import io.pqlab.schema.PhysicalType;
import io.pqlab.schema.TimeUnit;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.UUID;

/**
 * Prints a PLAIN-encoded value in its logical type: a date as a date, a decimal as a decimal, a
 * string as text, a timestamp in ISO form. Raw bytes are shown in hex only where there is no
 * better form (or where a string is not valid UTF-8, as a truncated bound may not be).
 */
public final class ValueFormat {
    private ValueFormat() {}

    public static String format(byte[] v, ColumnType t) {
        if (v == null) {
            return "null";
        }
        try {
            return formatChecked(v, t);
        } catch (RuntimeException e) {
            return "0x" + HexFormat.of().formatHex(v); // a value of the wrong length: show what is there
        }
    }

    /** Plain notation, except for a scale no writer makes: there an exponent keeps the text short. */
    private static String decimal(BigInteger unscaled, int scale) {
        BigDecimal d = new BigDecimal(unscaled, Math.max(scale, 0));
        return scale > ColumnType.MAX_DECIMAL_SCALE ? d.toString() : d.toPlainString();
    }

    private static String formatChecked(byte[] v, ColumnType t) {
        LogicalType l = t.logical();
        ConvertedType c = t.converted();
        PhysicalType p = t.physical();
        if (p == null) {
            return "0x" + HexFormat.of().formatHex(v);
        }
        ByteBuffer b = ByteBuffer.wrap(v).order(ByteOrder.LITTLE_ENDIAN);
        int scale = l instanceof LogicalType.DecimalType d ? d.scale() : t.scale();
        boolean decimal = l instanceof LogicalType.DecimalType || (l == null && c == ConvertedType.DECIMAL);
        switch (p) {
            case BOOLEAN -> {
                return v.length == 1 ? Boolean.toString((v[0] & 1) != 0) : hex(v);
            }
            case INT32 -> {
                int x = b.getInt(0);
                if (v.length != 4) {
                    return hex(v);
                }
                if (decimal) {
                    return decimal(BigInteger.valueOf(x), scale);
                }
                if (l instanceof LogicalType.DateType || (l == null && c == ConvertedType.DATE)) {
                    return LocalDate.ofEpochDay(x).toString();
                }
                if (l instanceof LogicalType.TimeType tt) {
                    return time(x, tt.unit());
                }
                if (l == null && c == ConvertedType.TIME_MILLIS) {
                    return time(x, TimeUnit.MILLIS);
                }
                if (unsigned(l, c)) {
                    return Integer.toUnsignedString(x);
                }
                return Integer.toString(x);
            }
            case INT64 -> {
                if (v.length != 8) {
                    return hex(v);
                }
                long x = b.getLong(0);
                if (decimal) {
                    return decimal(BigInteger.valueOf(x), scale);
                }
                if (l instanceof LogicalType.TimestampType ts) {
                    return timestamp(x, ts.unit(), ts.adjustedToUtc());
                }
                if (l == null && c == ConvertedType.TIMESTAMP_MILLIS) {
                    return timestamp(x, TimeUnit.MILLIS, true);
                }
                if (l == null && c == ConvertedType.TIMESTAMP_MICROS) {
                    return timestamp(x, TimeUnit.MICROS, true);
                }
                if (l instanceof LogicalType.TimeType tt) {
                    return time(x, tt.unit());
                }
                if (l == null && c == ConvertedType.TIME_MICROS) {
                    return time(x, TimeUnit.MICROS);
                }
                if (unsigned(l, c)) {
                    return Long.toUnsignedString(x);
                }
                return Long.toString(x);
            }
            case INT96 -> {
                if (v.length != 12) {
                    return hex(v);
                }
                // nanoseconds of the day, then the Julian day: a timestamp without a zone
                long nanos = b.getLong(0);
                int julianDay = b.getInt(8);
                long epochDay = julianDay - 2_440_588L;
                LocalDateTime dt = LocalDate.ofEpochDay(epochDay).atStartOfDay().plusNanos(nanos);
                return DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(dt);
            }
            case FLOAT -> {
                return v.length == 4 ? Float.toString(b.getFloat(0)) : hex(v);
            }
            case DOUBLE -> {
                return v.length == 8 ? Double.toString(b.getDouble(0)) : hex(v);
            }
            case BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY -> {
                if (decimal) {
                    return v.length == 0 ? hex(v) : decimal(new BigInteger(v), scale);
                }
                if (l instanceof LogicalType.Float16Type && v.length == 2) {
                    return Float.toString(io.pqlab.internal.stats.ValueOrder.float16(v));
                }
                if (isInterval(l, c) && v.length == 12) {
                    return interval(b);
                }
                if (l instanceof LogicalType.UuidType && v.length == 16) {
                    ByteBuffer be = ByteBuffer.wrap(v);
                    return new UUID(be.getLong(0), be.getLong(8)).toString();
                }
                if (isText(l, c)) {
                    String s = utf8(v);
                    return s != null ? s : hex(v);
                }
                return hex(v);
            }
            default -> {
                return hex(v);
            }
        }
    }

    /** Whether values of this type are text. */
    public static boolean isText(LogicalType l, ConvertedType c) {
        if (l != null) {
            return l instanceof LogicalType.StringType || l instanceof LogicalType.EnumType
                    || l instanceof LogicalType.JsonType;
        }
        return c == ConvertedType.UTF8 || c == ConvertedType.ENUM || c == ConvertedType.JSON;
    }

    private static boolean unsigned(LogicalType l, ConvertedType c) {
        if (l instanceof LogicalType.IntType it) {
            return !it.signed();
        }
        return l == null && c != null && c.name().startsWith("UINT_");
    }

    private static String time(long x, TimeUnit unit) {
        long nanos = switch (unit) {
            case MILLIS -> x * 1_000_000L;
            case MICROS -> x * 1_000L;
            case NANOS -> x;
        };
        if (nanos < 0 || nanos >= 86_400_000_000_000L) {
            return Long.toString(x); // not a time of day: show the number stored
        }
        return DateTimeFormatter.ISO_LOCAL_TIME.format(LocalTime.ofNanoOfDay(nanos));
    }

    private static String timestamp(long x, TimeUnit unit, boolean utc) {
        long perSecond = unit.perSecond();
        long seconds = Math.floorDiv(x, perSecond);
        long nanos = Math.floorMod(x, perSecond) * (1_000_000_000L / perSecond);
        Instant i = Instant.ofEpochSecond(seconds, nanos);
        // seconds always, the fraction only where there is one; Z marks an instant (UTC flag)
        String s = DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(LocalDateTime.ofInstant(i, ZoneOffset.UTC));
        return utc ? s + "Z" : s;
    }

    /** INTERVAL has no logical type; parquet-java writes UNKNOWN (NullType) beside the converted type. */
    private static boolean isInterval(LogicalType l, ConvertedType c) {
        return c == ConvertedType.INTERVAL
                && (l == null || l instanceof LogicalType.NullType || l instanceof LogicalType.Unknown);
    }

    /** INTERVAL: three little-endian unsigned ints, months, days and milliseconds, as an ISO duration. */
    private static String interval(ByteBuffer b) {
        long months = b.getInt(0) & 0xFFFF_FFFFL;
        long days = b.getInt(4) & 0xFFFF_FFFFL;
        long millis = b.getInt(8) & 0xFFFF_FFFFL;
        return "P" + months + "M" + days + "DT" + BigDecimal.valueOf(millis, 3).stripTrailingZeros().toPlainString()
                + "S";
    }

    /**
     * A value as one JSON token: numbers (integers of any width, decimals, finite floating point)
     * as JSON numbers, which hold them exactly as written; booleans as true/false; everything else,
     * NaN and the infinities included, as the string {@link #format} gives.
     */
    public static String json(byte[] v, ColumnType t) {
        if (v == null) {
            return "null";
        }
        String text = format(v, t);
        PhysicalType p = t.physical();
        if (p == PhysicalType.BOOLEAN && ("true".equals(text) || "false".equals(text))) {
            return text;
        }
        if (isNumeric(t) && JSON_NUMBER.matcher(text).matches()) {
            return text;
        }
        return jsonString(text);
    }

    private static final java.util.regex.Pattern JSON_NUMBER =
            java.util.regex.Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

    /** Whether the type's values print as numbers: integers, decimals and floating point. */
    private static boolean isNumeric(ColumnType t) {
        if (t.isDecimal() || t.isFloat16()) {
            return true;
        }
        return switch (t.physical()) {
            case INT32, INT64 -> !t.isDate() && t.timeUnit() == null && t.timestampUnit() == null
                    && !(t.logical() != null && !(t.logical() instanceof LogicalType.IntType));
            case FLOAT, DOUBLE -> true;
            default -> false;
        };
    }

    /** A JSON string literal of s. */
    public static String jsonString(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (ch < 0x20) {
                        out.append(String.format("\\u%04x", (int) ch));
                    } else {
                        out.append(ch);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    /** The bytes as strict UTF-8 text, or null where they are not valid UTF-8. */
    public static String utf8(byte[] v) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(v)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    public static String hex(byte[] v) {
        return "0x" + HexFormat.of().formatHex(v);
    }
}
