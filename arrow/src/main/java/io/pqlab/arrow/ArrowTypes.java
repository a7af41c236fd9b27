package io.pqlab.arrow;

import io.pqlab.UnsupportedFeatureException;
import io.pqlab.internal.assembly.Shape;
import io.pqlab.schema.ConvertedType;
import io.pqlab.schema.LogicalType;
import io.pqlab.schema.Repetition;
import io.pqlab.schema.TimeUnit;
import io.pqlab.internal.values.ColumnType;
import io.pqlab.schema.ColumnDescriptor;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Parquet types as Arrow types, as Arrow's own Parquet reader (Arrow C++, pyarrow) maps them
 * without its extension types: signed and unsigned integers of each width, half, single and double
 * floats, DECIMAL on any physical type as Decimal128 (Decimal256 beyond 38 digits), DATE as
 * date32, TIME and TIMESTAMP in their unit (TIMESTAMP adjusted to UTC with the zone "UTC"), INT96
 * as a nanosecond timestamp without zone, STRING and JSON as utf8, ENUM, BSON and unannotated
 * BYTE_ARRAY as binary, UUID, INTERVAL and unannotated FIXED_LEN_BYTE_ARRAY as fixed-size binary;
 * structs, lists and maps from their shapes, with nullability from the schema.
 */
final class ArrowTypes {
    private ArrowTypes() {}

    /** The Arrow field of a shape, named as the shape's node. */
    static Field field(Shape shape) {
        return field(shape.node().name(), shape);
    }

    static Field field(String name, Shape shape) {
        boolean nullable = shape.node().repetition() == Repetition.OPTIONAL;
        if (shape instanceof Shape.Leaf l) {
            return new Field(name, new FieldType(nullable, leaf(l.column()), null), null);
        }
        if (shape instanceof Shape.Struct s) {
            List<Field> children = new ArrayList<>();
            for (int i = 0; i < s.fields().size(); i++) {
                children.add(field(s.names().get(i), s.fields().get(i)));
            }
            return new Field(name, new FieldType(nullable, ArrowType.Struct.INSTANCE, null), children);
        }
        if (shape instanceof Shape.ListShape l) {
            return new Field(name, new FieldType(nullable, ArrowType.List.INSTANCE, null),
                    List.of(field("element", l.element())));
        }
        Shape.MapShape m = (Shape.MapShape) shape;
        if (m.value() == null) {
            // a MAP written without values: Arrow's map needs two children, so a list of its keys
            // (as Arrow C++ reads it)
            Field key = field("key", m.key());
            return new Field(name, new FieldType(nullable, ArrowType.List.INSTANCE, null),
                    List.of(new Field("key", new FieldType(false, key.getType(), null), key.getChildren())));
        }
        List<Field> kv = new ArrayList<>();
        Field key = field("key", m.key());
        // Arrow's map keys are never null; the format says the same of a MAP's keys
        kv.add(new Field("key", new FieldType(false, key.getType(), null), key.getChildren()));
        kv.add(field("value", m.value()));
        Field entries = new Field("entries", new FieldType(false, ArrowType.Struct.INSTANCE, null), kv);
        return new Field(name, new FieldType(nullable, new ArrowType.Map(false), null), List.of(entries));
    }

    /** The Arrow type of a leaf column. */
    static ArrowType leaf(ColumnDescriptor c) {
        ColumnType t = ColumnType.of(c);
        if (t.isDecimal()) {
            int p = t.precision() > 0 ? t.precision() : maxPrecision(c);
            return new ArrowType.Decimal(p, t.scale(), p <= 38 ? 128 : 256);
        }
        LogicalType lt = c.logicalType();
        return switch (c.type()) {
            case BOOLEAN -> ArrowType.Bool.INSTANCE;
            case INT32 -> {
                if (t.isDate()) {
                    yield new ArrowType.Date(DateUnit.DAY);
                }
                if (t.timeUnit() != null) {
                    yield new ArrowType.Time(org.apache.arrow.vector.types.TimeUnit.MILLISECOND, 32);
                }
                yield new ArrowType.Int(intWidth(t, 32), !t.isUnsigned());
            }
            case INT64 -> {
                if (t.timestampUnit() != null) {
                    boolean utc = !(lt instanceof LogicalType.TimestampType ts) || ts.adjustedToUtc();
                    yield new ArrowType.Timestamp(unit(t.timestampUnit()), utc ? "UTC" : null);
                }
                if (t.timeUnit() != null) {
                    yield new ArrowType.Time(unit(t.timeUnit()), 64);
                }
                yield new ArrowType.Int(64, !t.isUnsigned());
            }
            case INT96 -> new ArrowType.Timestamp(org.apache.arrow.vector.types.TimeUnit.NANOSECOND, null);
            case FLOAT -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
            case DOUBLE -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            case BYTE_ARRAY -> utf8(lt, c.convertedType()) ? ArrowType.Utf8.INSTANCE : ArrowType.Binary.INSTANCE;
            case FIXED_LEN_BYTE_ARRAY -> {
                if (t.isFloat16() && c.typeLength() == 2) {
                    yield new ArrowType.FloatingPoint(FloatingPointPrecision.HALF);
                }
                if (c.typeLength() < 0) {
                    throw new UnsupportedFeatureException(
                            "column " + c.dottedPath() + " is a FIXED_LEN_BYTE_ARRAY without a length", -1);
                }
                yield new ArrowType.FixedSizeBinary(c.typeLength());
            }
        };
    }

    /** STRING and JSON (and the converted UTF8 and JSON) are text; ENUM and BSON stay binary, as in Arrow C++. */
    private static boolean utf8(LogicalType lt, ConvertedType ct) {
        if (lt != null) {
            return lt instanceof LogicalType.StringType || lt instanceof LogicalType.JsonType;
        }
        return ct == ConvertedType.UTF8 || ct == ConvertedType.JSON;
    }

    private static int intWidth(ColumnType t, int physical) {
        if (t.logical() instanceof LogicalType.IntType it) {
            return it.bitWidth();
        }
        if (t.converted() != null) {
            switch (t.converted()) {
                case INT_8, UINT_8 -> { return 8; }
                case INT_16, UINT_16 -> { return 16; }
                default -> { }
            }
        }
        return physical;
    }

    /** A DECIMAL without a precision: the most digits its physical type holds. */
    private static int maxPrecision(ColumnDescriptor c) {
        return switch (c.type()) {
            case INT32 -> 9;
            case INT64 -> 18;
            case FIXED_LEN_BYTE_ARRAY -> (int) Math.floor(Math.log10(2) * (8.0 * c.typeLength() - 1));
            default -> 38;
        };
    }

    static org.apache.arrow.vector.types.TimeUnit unit(TimeUnit u) {
        return switch (u) {
            case MILLIS -> org.apache.arrow.vector.types.TimeUnit.MILLISECOND;
            case MICROS -> org.apache.arrow.vector.types.TimeUnit.MICROSECOND;
            case NANOS -> org.apache.arrow.vector.types.TimeUnit.NANOSECOND;
        };
    }
}
