package io.pqlab.internal.stats;

import io.pqlab.schema.PhysicalType;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * Compares PLAIN-encoded values (as statistics, column indexes, dictionaries and converted
 * literals hold them) in a column's {@link SortOrder}. Floating point compares by IEEE equality,
 * so -0.0 equals +0.0; NaN has no place in this order and callers keep it out.
 */
public record ValueOrder(PhysicalType physical, SortOrder order, int typeLength) {
    /** The width every value must have, or -1 where it varies (BYTE_ARRAY). */
    public int width() {
        return switch (physical) {
            case BOOLEAN -> 1;
            case INT32, FLOAT -> 4;
            case INT64, DOUBLE -> 8;
            case INT96 -> 12;
            case FIXED_LEN_BYTE_ARRAY -> typeLength;
            case BYTE_ARRAY -> -1;
        };
    }

    /** Whether a value has the length its type requires. */
    public boolean validLength(byte[] v) {
        if (v == null) {
            return false;
        }
        int w = width();
        if (w >= 0) {
            return v.length == w;
        }
        return order != SortOrder.DECIMAL_BYTES || v.length > 0;
    }

    /** Whether a value is a floating-point NaN. */
    public boolean isNaN(byte[] v) {
        return switch (order) {
            case FLOAT -> physical == PhysicalType.FLOAT
                    ? Float.isNaN(Float.intBitsToFloat(int32(v)))
                    : Double.isNaN(Double.longBitsToDouble(int64(v)));
            case FLOAT16 -> Float.isNaN(float16(v));
            default -> false;
        };
    }

    /** Whether a value is a floating-point zero of either sign. */
    public boolean isZero(byte[] v) {
        return switch (order) {
            case FLOAT -> physical == PhysicalType.FLOAT
                    ? Float.intBitsToFloat(int32(v)) == 0f
                    : Double.longBitsToDouble(int64(v)) == 0d;
            case FLOAT16 -> float16(v) == 0f;
            default -> false;
        };
    }

    /**
     * Compares two values of valid length in this order; both must be non-NaN for floating point.
     */
    public int compare(byte[] a, byte[] b) {
        return switch (order) {
            case SIGNED -> physical == PhysicalType.INT32
                    ? Integer.compare(int32(a), int32(b))
                    : Long.compare(int64(a), int64(b));
            case UNSIGNED -> physical == PhysicalType.INT32
                    ? Integer.compareUnsigned(int32(a), int32(b))
                    : Long.compareUnsigned(int64(a), int64(b));
            case BYTES -> Arrays.compareUnsigned(a, b);
            case DECIMAL_BYTES -> new BigInteger(a).compareTo(new BigInteger(b));
            case FLOAT -> physical == PhysicalType.FLOAT
                    ? ieee(Float.intBitsToFloat(int32(a)), Float.intBitsToFloat(int32(b)))
                    : ieee(Double.longBitsToDouble(int64(a)), Double.longBitsToDouble(int64(b)));
            case FLOAT16 -> ieee(float16(a), float16(b));
            case BOOLEAN -> Integer.compare(a[0] & 1, b[0] & 1);
            case UNDEFINED -> undefined(a, b);
        };
    }

    /**
     * Rows still have to be compared where statistics cannot be: INT96 timestamps by Julian day,
     * then nanoseconds; other types without a defined order by their physical type's order. Never
     * used to judge statistics, which an undefined order rules out before any comparison.
     */
    private int undefined(byte[] a, byte[] b) {
        return switch (physical) {
            case INT96 -> {
                int day = Integer.compare(int32At(a, 8), int32At(b, 8));
                yield day != 0 ? day : Long.compare(int64(a), int64(b));
            }
            case INT32 -> Integer.compare(int32(a), int32(b));
            case INT64 -> Long.compare(int64(a), int64(b));
            case FLOAT -> ieee(Float.intBitsToFloat(int32(a)), Float.intBitsToFloat(int32(b)));
            case DOUBLE -> ieee(Double.longBitsToDouble(int64(a)), Double.longBitsToDouble(int64(b)));
            case BOOLEAN -> Integer.compare(a[0] & 1, b[0] & 1);
            case BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY -> Arrays.compareUnsigned(a, b);
        };
    }

    private static int int32At(byte[] v, int at) {
        return (v[at] & 0xFF) | (v[at + 1] & 0xFF) << 8 | (v[at + 2] & 0xFF) << 16 | (v[at + 3] & 0xFF) << 24;
    }

    private static int ieee(double a, double b) {
        return a < b ? -1 : a > b ? 1 : 0; // -0.0 == +0.0 here, unlike Double.compare
    }

    static int int32(byte[] v) {
        return (v[0] & 0xFF) | (v[1] & 0xFF) << 8 | (v[2] & 0xFF) << 16 | (v[3] & 0xFF) << 24;
    }

    static long int64(byte[] v) {
        return (int32(v) & 0xFFFFFFFFL) | ((long) ((v[4] & 0xFF) | (v[5] & 0xFF) << 8 | (v[6] & 0xFF) << 16
                | (v[7] & 0xFF) << 24)) << 32;
    }

    /** Decodes an IEEE 754 half-precision value stored little-endian. */
    public static float float16(byte[] v) {
        int bits = (v[0] & 0xFF) | (v[1] & 0xFF) << 8;
        int sign = bits >>> 15;
        int exponent = (bits >>> 10) & 0x1F;
        int fraction = bits & 0x3FF;
        float magnitude;
        if (exponent == 0) {
            magnitude = fraction * 0x1p-24f; // subnormal
        } else if (exponent == 31) {
            magnitude = fraction == 0 ? Float.POSITIVE_INFINITY : Float.NaN;
        } else {
            magnitude = (1 + fraction / 1024f) * (float) Math.pow(2, exponent - 15);
        }
        return sign == 0 ? magnitude : -magnitude;
    }
}
