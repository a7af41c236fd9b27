package io.pqlab.internal.assembly;

import io.pqlab.schema.LogicalType;
import io.pqlab.schema.TimeUnit;
import io.pqlab.internal.stats.ValueOrder;
import io.pqlab.internal.values.ColumnType;
import io.pqlab.internal.values.ValueFormat;
import io.pqlab.schema.ColumnDescriptor;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.UUID;

/**
 * Leaf values as the Java objects {@link io.pqlab.scan.NestedValue} documents, read from a page's
 * typed arrays. The choice of class follows the logical type (or the converted type an older
 * writer gave), the same reading {@link io.pqlab.internal.values.ValueFormat} prints.
 */
public final class JavaValues {
    private JavaValues() {}

    /** The converter for a column, chosen once from its type. */
    public static LeafConverter of(ColumnDescriptor c) {
        ColumnType t = ColumnType.of(c);
        int scale = t.scale();
        return switch (t.physical()) {
            case BOOLEAN -> (b, v) -> b.getBoolean(v);
            case INT32 -> int32(t, scale);
            case INT64 -> int64(t, scale);
            case INT96 -> (b, v) -> int96(b.binaries().get(v));
            case FLOAT -> (b, v) -> b.getFloat(v);
            case DOUBLE -> (b, v) -> b.getDouble(v);
            case BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY -> binary(t, scale);
        };
    }

    private static LeafConverter int32(ColumnType t, int scale) {
        if (t.isDecimal()) {
            return (b, v) -> BigDecimal.valueOf(b.getInt(v), scale);
        }
        if (t.isDate()) {
            return (b, v) -> LocalDate.ofEpochDay(b.getInt(v));
        }
        if (t.timeUnit() != null) {
            TimeUnit unit = t.timeUnit();
            return (b, v) -> time(b.getInt(v), unit, b.getInt(v));
        }
        if (t.isUnsigned()) {
            boolean wide = bitWidth(t) == 32;
            return wide ? (b, v) -> Integer.toUnsignedLong(b.getInt(v)) : (b, v) -> b.getInt(v);
        }
        return (b, v) -> b.getInt(v);
    }

    private static LeafConverter int64(ColumnType t, int scale) {
        if (t.isDecimal()) {
            return (b, v) -> BigDecimal.valueOf(b.getLong(v), scale);
        }
        if (t.timestampUnit() != null) {
            TimeUnit unit = t.timestampUnit();
            boolean utc = !(t.logical() instanceof LogicalType.TimestampType ts) || ts.adjustedToUtc();
            return (b, v) -> timestamp(b.getLong(v), unit, utc);
        }
        if (t.timeUnit() != null) {
            TimeUnit unit = t.timeUnit();
            return (b, v) -> time(b.getLong(v), unit, b.getLong(v));
        }
        if (t.isUnsigned()) {
            return (b, v) -> {
                long x = b.getLong(v);
                return x >= 0 ? BigInteger.valueOf(x) : BigInteger.valueOf(x).add(BigInteger.ONE.shiftLeft(64));
            };
        }
        return (b, v) -> b.getLong(v);
    }

    private static LeafConverter binary(ColumnType t, int scale) {
        if (t.isDecimal()) {
            return (b, v) -> {
                byte[] x = b.binaries().get(v);
                return x.length == 0 ? x : new BigDecimal(new BigInteger(x), scale);
            };
        }
        if (t.isFloat16() && t.typeLength() == 2) {
            return (b, v) -> ValueOrder.float16(b.binaries().get(v));
        }
        if (t.isUuid() && t.typeLength() == 16) {
            return (b, v) -> {
                ByteBuffer be = ByteBuffer.wrap(b.binaries().get(v));
                return new UUID(be.getLong(0), be.getLong(8));
            };
        }
        if (t.isText()) {
            return (b, v) -> {
                byte[] x = b.binaries().get(v);
                String s = ValueFormat.utf8(x);
                return s != null ? s : x;
            };
        }
        return (b, v) -> b.binaries().get(v);
    }

    private static int bitWidth(ColumnType t) {
        if (t.logical() instanceof LogicalType.IntType it) {
            return it.bitWidth();
        }
        String name = t.converted().name(); // UINT_8 ... UINT_64
        return Integer.parseInt(name.substring(name.indexOf('_') + 1));
    }

    private static Object time(long x, TimeUnit unit, Object stored) {
        long nanos = switch (unit) {
            case MILLIS -> x * 1_000_000L;
            case MICROS -> x * 1_000L;
            case NANOS -> x;
        };
        if (x < 0 || nanos < 0 || nanos >= 86_400_000_000_000L) {
            return stored; // not a time of day: the number stored, as ValueFormat prints it
        }
        return LocalTime.ofNanoOfDay(nanos);
    }

    private static Object timestamp(long x, TimeUnit unit, boolean utc) {
        long perSecond = unit.perSecond();
        Instant i = Instant.ofEpochSecond(Math.floorDiv(x, perSecond),
                Math.floorMod(x, perSecond) * (1_000_000_000L / perSecond));
        return utc ? i : LocalDateTime.ofInstant(i, ZoneOffset.UTC);
    }

    /** INT96: nanoseconds of the day, then the Julian day; a date-time without a zone. */
    private static Object int96(byte[] x) {
        if (x.length != 12) {
            return x;
        }
        ByteBuffer b = ByteBuffer.wrap(x).order(ByteOrder.LITTLE_ENDIAN);
        long nanos = b.getLong(0);
        long epochDay = b.getInt(8) - 2_440_588L;
        return LocalDate.ofEpochDay(epochDay).atStartOfDay().plusNanos(nanos);
    }
}
