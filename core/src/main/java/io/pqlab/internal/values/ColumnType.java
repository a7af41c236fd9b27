package io.pqlab.internal.values;

import io.pqlab.schema.ConvertedType;
import io.pqlab.schema.LogicalType;
import io.pqlab.schema.PhysicalType;
import io.pqlab.schema.TimeUnit;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.internal.stats.SortOrder;

/**
 * A leaf column's type as values need it: physical type and width, the logical annotation (or the
 * converted type where an old writer gave only that), and the decimal scale.
 *
 * @param typeLength FIXED_LEN_BYTE_ARRAY width, -1 otherwise
 * @param scale decimal scale, 0 where not a decimal
 * @param precision decimal precision, -1 where not a decimal
 */
public record ColumnType(PhysicalType physical, LogicalType logical, ConvertedType converted,
        int typeLength, int scale, int precision) {

    /** The type of a schema leaf. */
    public static ColumnType of(ColumnDescriptor c) {
        boolean decimal = c.isDecimal();
        return new ColumnType(c.type(), c.logicalType(), c.convertedType(), c.typeLength(),
                decimal ? Math.max(c.scale(), 0) : 0, decimal ? c.precision() : -1);
    }

    /**
     * The largest decimal scale taken for conditions and written out in plain notation. No writer
     * comes near it (Arrow's widest decimal has 76 digits); beyond it, a literal converted to the
     * column's unit, or a value written without an exponent, costs time and text in proportion to
     * the scale (a fuzzed file's scale of 417022 took 48 s to bind one literal).
     */
    public static final int MAX_DECIMAL_SCALE = 1000;

    /**
     * Why no literal can be compared with this column's values, or null: a DECIMAL scale beyond
     * {@link #MAX_DECIMAL_SCALE}, or FLOAT16 on a FIXED_LEN_BYTE_ARRAY that is not 2 bytes wide (its
     * values could not be read as half floats).
     */
    public String typeProblem() {
        if (isDecimal() && scale > MAX_DECIMAL_SCALE) {
            return "its DECIMAL scale " + scale + " is beyond any writer's (this reader takes up to "
                    + MAX_DECIMAL_SCALE + ")";
        }
        if (isFloat16() && (physical != PhysicalType.FIXED_LEN_BYTE_ARRAY || typeLength != 2)) {
            return "it is annotated FLOAT16, which needs a FIXED_LEN_BYTE_ARRAY of 2 bytes, on " + physical
                    + (physical == PhysicalType.FIXED_LEN_BYTE_ARRAY ? "(" + typeLength + ")" : "");
        }
        return null;
    }

    public boolean isDecimal() {
        return logical instanceof LogicalType.DecimalType || (logical == null && converted == ConvertedType.DECIMAL);
    }

    public boolean isText() {
        return ValueFormat.isText(logical, converted);
    }

    public boolean isDate() {
        return logical instanceof LogicalType.DateType || (logical == null && converted == ConvertedType.DATE);
    }

    public boolean isFloat16() {
        return logical instanceof LogicalType.Float16Type;
    }

    public boolean isUuid() {
        return logical instanceof LogicalType.UuidType;
    }

    public boolean isUnsigned() {
        if (logical instanceof LogicalType.IntType t) {
            return !t.signed();
        }
        return logical == null && converted != null && converted.name().startsWith("UINT_");
    }

    /** The unit of a TIMESTAMP column, or null if it is not one. */
    public TimeUnit timestampUnit() {
        return unit(logical instanceof LogicalType.TimestampType t ? t.unit() : null,
                ConvertedType.TIMESTAMP_MILLIS, ConvertedType.TIMESTAMP_MICROS);
    }

    /** The unit of a TIME column, or null if it is not one. */
    public TimeUnit timeUnit() {
        return unit(logical instanceof LogicalType.TimeType t ? t.unit() : null,
                ConvertedType.TIME_MILLIS, ConvertedType.TIME_MICROS);
    }

    /** The logical type's unit where it has one; else, without a logical type, the converted type's. */
    private TimeUnit unit(TimeUnit ofLogical, ConvertedType millis, ConvertedType micros) {
        if (ofLogical != null) {
            return ofLogical;
        }
        if (logical == null && converted == millis) {
            return TimeUnit.MILLIS;
        }
        if (logical == null && converted == micros) {
            return TimeUnit.MICROS;
        }
        return null;
    }

    public SortOrder sortOrder() {
        return SortOrder.of(physical, logical, converted);
    }

    /** A short name for messages: "INT64", "BYTE_ARRAY (STRING)", "INT32 (DATE)". */
    public String describe() {
        String p = physical == null ? "an unknown physical type" : physical.name();
        if (physical == PhysicalType.FIXED_LEN_BYTE_ARRAY) {
            p += "(" + typeLength + ")";
        }
        String l = null;
        if (logical != null) {
            if (logical instanceof LogicalType.DecimalType d) {
                l = "DECIMAL(" + d.precision() + ", " + d.scale() + ")";
            } else if (logical instanceof LogicalType.TimestampType t) {
                l = "TIMESTAMP(" + t.unit() + (t.adjustedToUtc() ? ", UTC" : "") + ")";
            } else if (logical instanceof LogicalType.TimeType t) {
                l = "TIME(" + t.unit() + ")";
            } else if (logical instanceof LogicalType.IntType t) {
                l = "INT(" + t.bitWidth() + ", " + (t.signed() ? "signed" : "unsigned") + ")";
            } else if (logical instanceof LogicalType.Unknown u) {
                l = "unknown logical type " + u.fieldId();
            } else {
                l = logical.getClass().getSimpleName().replace("Type", "").toUpperCase(java.util.Locale.ROOT);
            }
        } else if (converted != null) {
            l = converted.name();
        }
        return l == null ? p : p + " (" + l + ")";
    }
}
