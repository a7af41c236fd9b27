package io.pqlab.internal.stats;

import io.pqlab.schema.ConvertedType;
import io.pqlab.schema.LogicalType;
import io.pqlab.schema.PhysicalType;

/**
 * The order a column's values sort in, which decides how its minimum and maximum compare. It comes
 * from the logical type where there is a known one, else the converted type, else the physical
 * type. Comparing in the wrong order is the first way a pruning reader goes wrong.
 */
public enum SortOrder {
    /** Two's complement integers: INT32, INT64, dates, times, timestamps, decimals on ints. */
    SIGNED,
    /** The same 4 or 8 bytes read as unsigned integers: INT(n, false), UINT_n. */
    UNSIGNED,
    /** Unsigned bytes, lexicographic, shorter first on a tie: strings, enums, JSON, BSON, UUID, binary. */
    BYTES,
    /** The number in big-endian two's complement bytes: DECIMAL on BYTE_ARRAY or FIXED_LEN_BYTE_ARRAY. */
    DECIMAL_BYTES,
    /** IEEE 754 numbers, -0.0 equal to +0.0, NaN outside any bound: FLOAT, DOUBLE. */
    FLOAT,
    /** A two-byte IEEE 754 half, little-endian, decoded before it is compared. */
    FLOAT16,
    /** false before true. */
    BOOLEAN,
    /** No order is defined (INT96, INTERVAL, nested types, unknown annotations): bounds mean nothing. */
    UNDEFINED;

    /** The order of a leaf column of this type. */
    public static SortOrder of(PhysicalType physical, LogicalType logical, ConvertedType converted) {
        if (physical == null) {
            return UNDEFINED;
        }
        if (logical != null) {
            return ofLogical(physical, logical);
        }
        if (converted != null) {
            return ofConverted(physical, converted);
        }
        return ofPhysical(physical);
    }

    private static SortOrder ofLogical(PhysicalType physical, LogicalType logical) {
        if (logical instanceof LogicalType.StringType || logical instanceof LogicalType.EnumType
                || logical instanceof LogicalType.JsonType || logical instanceof LogicalType.BsonType
                || logical instanceof LogicalType.UuidType) {
            return isBinary(physical) ? BYTES : UNDEFINED;
        }
        if (logical instanceof LogicalType.DecimalType) {
            return switch (physical) {
                case INT32, INT64 -> SIGNED;
                case BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY -> DECIMAL_BYTES;
                default -> UNDEFINED;
            };
        }
        if (logical instanceof LogicalType.IntType t) {
            if (physical != PhysicalType.INT32 && physical != PhysicalType.INT64) {
                return UNDEFINED;
            }
            return t.signed() ? SIGNED : UNSIGNED;
        }
        if (logical instanceof LogicalType.DateType || logical instanceof LogicalType.TimeType
                || logical instanceof LogicalType.TimestampType) {
            return physical == PhysicalType.INT32 || physical == PhysicalType.INT64 ? SIGNED : UNDEFINED;
        }
        if (logical instanceof LogicalType.Float16Type) {
            return physical == PhysicalType.FIXED_LEN_BYTE_ARRAY ? FLOAT16 : UNDEFINED;
        }
        if (logical instanceof LogicalType.NullType) {
            return ofPhysical(physical); // every value is null: no bound will be used anyway
        }
        // LIST, MAP, VARIANT, GEOMETRY, GEOGRAPHY and members this reader does not know.
        return UNDEFINED;
    }

    private static SortOrder ofConverted(PhysicalType physical, ConvertedType converted) {
        return switch (converted) {
            case UTF8, ENUM, JSON, BSON -> isBinary(physical) ? BYTES : UNDEFINED;
            case DECIMAL -> switch (physical) {
                case INT32, INT64 -> SIGNED;
                case BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY -> DECIMAL_BYTES;
                default -> UNDEFINED;
            };
            case UINT_8, UINT_16, UINT_32, UINT_64 -> isInt(physical) ? UNSIGNED : UNDEFINED;
            case INT_8, INT_16, INT_32, INT_64, DATE, TIME_MILLIS, TIME_MICROS, TIMESTAMP_MILLIS,
                    TIMESTAMP_MICROS -> isInt(physical) ? SIGNED : UNDEFINED;
            case INTERVAL, MAP, MAP_KEY_VALUE, LIST -> UNDEFINED;
        };
    }

    private static SortOrder ofPhysical(PhysicalType physical) {
        return switch (physical) {
            case BOOLEAN -> BOOLEAN;
            case INT32, INT64 -> SIGNED;
            case FLOAT, DOUBLE -> FLOAT;
            case BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY -> BYTES;
            case INT96 -> UNDEFINED;
        };
    }

    private static boolean isBinary(PhysicalType p) {
        return p == PhysicalType.BYTE_ARRAY || p == PhysicalType.FIXED_LEN_BYTE_ARRAY;
    }

    private static boolean isInt(PhysicalType p) {
        return p == PhysicalType.INT32 || p == PhysicalType.INT64;
    }

    /** Whether values in this order compare the way the deprecated signed min/max compared them. */
    public boolean agreesWithLegacySignedOrder() {
        return this == SIGNED || this == FLOAT || this == BOOLEAN;
    }

    /** A phrase for messages: "signed integers", "unsigned bytes", ... */
    public String describe() {
        return switch (this) {
            case SIGNED -> "signed integers";
            case UNSIGNED -> "unsigned integers";
            case BYTES -> "unsigned bytes";
            case DECIMAL_BYTES -> "big-endian two's complement decimals";
            case FLOAT -> "IEEE 754 numbers";
            case FLOAT16 -> "IEEE 754 half-precision numbers";
            case BOOLEAN -> "false before true";
            case UNDEFINED -> "no defined order";
        };
    }
}
