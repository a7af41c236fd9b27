package io.pqlab.spark;

import io.pqlab.UnsupportedFeatureException;
import io.pqlab.internal.assembly.Shape;
import io.pqlab.internal.assembly.Shapes;
import io.pqlab.schema.LogicalType;
import io.pqlab.schema.Repetition;
import io.pqlab.internal.values.ColumnType;
import io.pqlab.scan.NestedValue;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.schema.Schema;
import io.pqlab.schema.SchemaNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.ArrayBasedMapData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Parquet types as Spark's own Parquet source maps them (ParquetSchemaConverter): INT(8) byte,
 * INT(16) short, unsigned INT(8) short, INT(16, unsigned) int, INT(32, unsigned) long,
 * INT(64, unsigned) decimal(20,0), DECIMAL as decimal, DATE date, TIMESTAMP adjusted to UTC and
 * INT96 as timestamp, TIMESTAMP not adjusted as timestamp_ntz, STRING/ENUM/JSON as string, other
 * binary as binary, structs, lists and maps; and pqlab's values ({@link NestedValue}) as Spark's
 * internal ones. A type Spark cannot hold (TIME, FLOAT16, nanosecond timestamps) is refused
 * with its column's name.
 */
final class SparkTypes {
    private SparkTypes() {}

    static StructType schema(Schema schema) {
        List<StructField> fields = new ArrayList<>();
        for (SchemaNode n : schema.root().children()) {
            fields.add(field(n.name(), Shapes.of(n)));
        }
        return new StructType(fields.toArray(new StructField[0]));
    }

    static StructField field(String name, Shape s) {
        return new StructField(name, type(s), s.node().repetition() != Repetition.REQUIRED, Metadata.empty());
    }

    static DataType type(Shape shape) {
        if (shape instanceof Shape.Leaf l) {
            return leaf(l.column());
        }
        if (shape instanceof Shape.Struct s) {
            List<StructField> fields = new ArrayList<>();
            for (int i = 0; i < s.fields().size(); i++) {
                fields.add(field(s.names().get(i), s.fields().get(i)));
            }
            return new StructType(fields.toArray(new StructField[0]));
        }
        if (shape instanceof Shape.ListShape l) {
            return DataTypes.createArrayType(type(l.element()), l.element().node().repetition() == Repetition.OPTIONAL);
        }
        Shape.MapShape m = (Shape.MapShape) shape;
        if (m.value() == null) {
            return DataTypes.createArrayType(type(m.key()), false);
        }
        return DataTypes.createMapType(type(m.key()), type(m.value()),
                m.value().node().repetition() == Repetition.OPTIONAL);
    }

    static DataType leaf(ColumnDescriptor c) {
        ColumnType t = ColumnType.of(c);
        if (t.isDecimal()) {
            int p = t.precision();
            if (p <= 0 || p > DecimalType.MAX_PRECISION()) {
                throw refuse(c, "a DECIMAL of precision " + p);
            }
            return DataTypes.createDecimalType(p, t.scale());
        }
        switch (c.type()) {
            case BOOLEAN:
                return DataTypes.BooleanType;
            case INT32:
                if (t.isDate()) {
                    return DataTypes.DateType;
                }
                if (t.timeUnit() != null) {
                    throw refuse(c, "TIME");
                }
                if (t.logical() instanceof LogicalType.IntType it) {
                    if (it.signed()) {
                        return it.bitWidth() == 8 ? DataTypes.ByteType
                                : it.bitWidth() == 16 ? DataTypes.ShortType : DataTypes.IntegerType;
                    }
                    return it.bitWidth() == 8 ? DataTypes.ShortType
                            : it.bitWidth() == 16 ? DataTypes.IntegerType : DataTypes.LongType;
                }
                if (t.converted() != null) {
                    switch (t.converted()) {
                        case INT_8: return DataTypes.ByteType;
                        case INT_16: return DataTypes.ShortType;
                        case UINT_8: return DataTypes.ShortType;
                        case UINT_16: return DataTypes.IntegerType;
                        case UINT_32: return DataTypes.LongType;
                        default: break;
                    }
                }
                return DataTypes.IntegerType;
            case INT64:
                if (t.timestampUnit() != null) {
                    if (t.timestampUnit() == io.pqlab.schema.TimeUnit.NANOS) {
                        throw refuse(c, "a TIMESTAMP in nanoseconds");
                    }
                    boolean utc = !(t.logical() instanceof LogicalType.TimestampType ts) || ts.adjustedToUtc();
                    return utc ? DataTypes.TimestampType : DataTypes.TimestampNTZType;
                }
                if (t.timeUnit() != null) {
                    throw refuse(c, "TIME");
                }
                if (t.isUnsigned()) {
                    return DataTypes.createDecimalType(20, 0);
                }
                return DataTypes.LongType;
            case INT96:
                return DataTypes.TimestampType;
            case FLOAT:
                return DataTypes.FloatType;
            case DOUBLE:
                return DataTypes.DoubleType;
            case BYTE_ARRAY:
                return t.isText() ? DataTypes.StringType : DataTypes.BinaryType;
            case FIXED_LEN_BYTE_ARRAY:
                if (t.isFloat16()) {
                    throw refuse(c, "FLOAT16");
                }
                return DataTypes.BinaryType;
            default:
                throw refuse(c, c.type().toString());
        }
    }

    /**
     * A hive partition key's type (pqlab's dataset names: BIGINT, DOUBLE, DECIMAL, DATE, TIMESTAMP,
     * BOOLEAN, VARCHAR) as a Spark type. A declared DECIMAL has no precision of its own: it is held
     * as decimal(38, 18).
     */
    static DataType partition(String type) {
        switch (type) {
            case "BIGINT": return DataTypes.LongType;
            case "DOUBLE": return DataTypes.DoubleType;
            case "DECIMAL": return DataTypes.createDecimalType(38, 18);
            case "DATE": return DataTypes.DateType;
            case "TIMESTAMP": return DataTypes.TimestampNTZType;
            case "BOOLEAN": return DataTypes.BooleanType;
            default: return DataTypes.StringType;
        }
    }

    private static UnsupportedFeatureException refuse(ColumnDescriptor c, String what) {
        return new UnsupportedFeatureException("column " + c.dottedPath() + " is " + what
                + ", which the pqlab Spark source does not map to a Spark type", -1);
    }

    /** A pqlab value (as {@link NestedValue} documents) as Spark's internal value of a type. */
    static Object internal(Object v, DataType type) {
        if (v == null) {
            return null;
        }
        if (type instanceof StructType st) {
            NestedValue.StructValue s = (NestedValue.StructValue) v;
            Object[] out = new Object[st.fields().length];
            for (int i = 0; i < out.length; i++) {
                out[i] = internal(s.get(i), st.fields()[i].dataType());
            }
            return new GenericInternalRow(out);
        }
        if (type instanceof org.apache.spark.sql.types.ArrayType at) {
            if (v instanceof NestedValue.MapValue m) { // a map without values: its keys
                Object[] out = new Object[m.size()];
                for (int i = 0; i < out.length; i++) {
                    out[i] = internal(m.entries().get(i).key(), at.elementType());
                }
                return new GenericArrayData(out);
            }
            NestedValue.ListValue l = (NestedValue.ListValue) v;
            Object[] out = new Object[l.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = internal(l.get(i), at.elementType());
            }
            return new GenericArrayData(out);
        }
        if (type instanceof org.apache.spark.sql.types.MapType mt) {
            NestedValue.MapValue m = (NestedValue.MapValue) v;
            Object[] keys = new Object[m.size()];
            Object[] values = new Object[m.size()];
            for (int i = 0; i < keys.length; i++) {
                keys[i] = internal(m.entries().get(i).key(), mt.keyType());
                values[i] = internal(m.entries().get(i).value(), mt.valueType());
            }
            return new ArrayBasedMapData(new GenericArrayData(keys), new GenericArrayData(values));
        }
        if (type == DataTypes.StringType) {
            return v instanceof byte[] b ? UTF8String.fromBytes(b) : UTF8String.fromString((String) v);
        }
        if (type instanceof DecimalType dt) {
            BigDecimal d = v instanceof BigInteger bi ? new BigDecimal(bi) : (BigDecimal) v;
            return Decimal.apply(d, dt.precision(), dt.scale());
        }
        if (type == DataTypes.DateType) {
            return (int) ((LocalDate) v).toEpochDay();
        }
        if (type == DataTypes.TimestampType || type == DataTypes.TimestampNTZType) {
            Instant i = v instanceof LocalDateTime l ? l.toInstant(ZoneOffset.UTC) : (Instant) v;
            return Math.addExact(Math.multiplyExact(i.getEpochSecond(), 1_000_000L), i.getNano() / 1_000L);
        }
        if (type == DataTypes.ByteType) {
            return ((Number) v).byteValue();
        }
        if (type == DataTypes.ShortType) {
            return ((Number) v).shortValue();
        }
        if (type == DataTypes.IntegerType) {
            return ((Number) v).intValue();
        }
        if (type == DataTypes.LongType) {
            return ((Number) v).longValue();
        }
        if (type == DataTypes.DoubleType) {
            return ((Number) v).doubleValue(); // a FLOAT column widened to the dataset's DOUBLE too
        }
        if (type == DataTypes.BinaryType && v instanceof String s) {
            return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }
        if (type == DataTypes.BinaryType && v instanceof java.util.UUID u) {
            return java.nio.ByteBuffer.allocate(16).putLong(u.getMostSignificantBits())
                    .putLong(u.getLeastSignificantBits()).array();
        }
        return v; // Boolean, Float, Double, byte[]
    }
}
