package io.pqlab.spark;

import io.pqlab.schema.LogicalType;
import io.pqlab.schema.TimeUnit;
import io.pqlab.internal.values.ColumnType;
import io.pqlab.scan.RowBatch;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.schema.SchemaNode;
import java.io.IOException;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * A task's rows as Spark {@link ColumnarBatch}es, for scans whose columns are all flat (top-level
 * leaves). Each pqlab batch fills one set of on-heap vectors, reused from batch to batch; common
 * types go through pqlab's typed getters (no boxing), the rest through the same value conversion
 * the row reader uses, so both paths give Spark the same values.
 */
final class ColumnarReader implements PartitionReader<ColumnarBatch> {
    private final TaskScan task;
    private final DataType[] types;
    private final int[] columns;
    private final Kind[] kinds;
    private final SchemaNode[] nodes;
    private final String[] names;
    private final WritableColumnVector[] vectors;
    private final ColumnarBatch out;
    private RowBatch batch;
    private int constantStart;

    /** How a column's values reach its vector. */
    private enum Kind { BOOLEAN, BYTE, SHORT, INT, UINT32, LONG, FLOAT, DOUBLE, BINARY, MICROS, MILLIS, GENERIC, PARTITION, MISSING }

    ColumnarReader(TaskScan task, StructType schema) throws IOException {
        this.task = task;
        ReadColumns read = ReadColumns.of(task, schema);
        types = read.types();
        names = read.names();
        nodes = read.nodes();
        int n = types.length;
        columns = new int[n];
        kinds = new Kind[n];
        vectors = OnHeapColumnVector.allocateColumns(4096, schema);
        for (int i = 0; i < n; i++) {
            if (task.isPartitionColumn(names[i])) {
                kinds[i] = Kind.PARTITION;
                continue;
            }
            kinds[i] = nodes[i] == null ? Kind.MISSING : kind((ColumnDescriptor) nodes[i], types[i]);
        }
        out = new ColumnarBatch(vectors);
    }

    /** Whether every one of the schema's fields is a top-level leaf (or a partition value). */
    static boolean supports(StructType schema) {
        for (var f : schema.fields()) {
            DataType t = f.dataType();
            if (t instanceof StructType || t instanceof org.apache.spark.sql.types.ArrayType
                    || t instanceof org.apache.spark.sql.types.MapType) {
                return false;
            }
        }
        return true;
    }

    private static Kind kind(ColumnDescriptor c, DataType t) {
        ColumnType ct = ColumnType.of(c);
        if (t == DataTypes.BooleanType) {
            return Kind.BOOLEAN;
        }
        if (t == DataTypes.ByteType) {
            return Kind.BYTE;
        }
        if (t == DataTypes.ShortType) {
            return Kind.SHORT;
        }
        if (t == DataTypes.IntegerType || t == DataTypes.DateType) {
            return Kind.INT;
        }
        if (t == DataTypes.LongType) {
            // an unsigned INT32, or a signed one widened to the dataset's INT64
            return c.type() == io.pqlab.schema.PhysicalType.INT32 && ct.isUnsigned() ? Kind.UINT32 : Kind.LONG;
        }
        if (t == DataTypes.FloatType) {
            return Kind.FLOAT;
        }
        if (t == DataTypes.DoubleType) {
            return Kind.DOUBLE;
        }
        if ((t == DataTypes.StringType || t == DataTypes.BinaryType)
                && (c.type() == io.pqlab.schema.PhysicalType.BYTE_ARRAY
                        || c.type() == io.pqlab.schema.PhysicalType.FIXED_LEN_BYTE_ARRAY)
                && !(ct.logical() instanceof LogicalType.UuidType)) {
            return Kind.BINARY;
        }
        if ((t == DataTypes.TimestampType || t == DataTypes.TimestampNTZType)
                && c.type() == io.pqlab.schema.PhysicalType.INT64) {
            return ct.timestampUnit() == TimeUnit.MICROS ? Kind.MICROS
                    : ct.timestampUnit() == TimeUnit.MILLIS ? Kind.MILLIS : Kind.GENERIC;
        }
        return Kind.GENERIC;
    }

    @Override
    public boolean next() throws IOException {
        batch = task.next();
        if (batch == null) {
            return false;
        }
        int rows = batch.size();
        for (int c = 0; c < vectors.length; c++) {
            WritableColumnVector v = vectors[c];
            v.reset();
            v.reserve(rows);
            fill(c, v, rows);
        }
        out.setNumRows(rows);
        // (reuse) the vectors hold copies of every value (getBinary and the value conversion
        // copy): the scan may reuse the arrays the batch viewed
        batch.release();
        batch = null;
        return true;
    }

    private void fill(int c, WritableColumnVector v, int rows) {
        if (kinds[c] == Kind.PARTITION || kinds[c] == Kind.MISSING) {
            Object value = kinds[c] == Kind.MISSING ? null : task.partitionValue(names[c], types[c]);
            for (int i = 0; i < rows; i++) {
                put(v, i, value, types[c]);
            }
            return;
        }
        if (kinds[c] == Kind.GENERIC) {
            for (int i = 0; i < rows; i++) {
                put(v, i, SparkTypes.internal(batch.value(nodes[c], i), types[c]), types[c]);
            }
            return;
        }
        int col = batch.column(((ColumnDescriptor) nodes[c]).dottedPath());
        for (int i = 0; i < rows; i++) {
            if (batch.isNull(col, i)) {
                v.putNull(i);
                continue;
            }
            switch (kinds[c]) {
                case BOOLEAN -> v.putBoolean(i, batch.getBoolean(col, i));
                case BYTE -> v.putByte(i, (byte) batch.getInt(col, i));
                case SHORT -> v.putShort(i, (short) batch.getInt(col, i));
                case INT -> v.putInt(i, batch.getInt(col, i));
                case UINT32 -> v.putLong(i, Integer.toUnsignedLong(batch.getInt(col, i)));
                case LONG, MICROS -> v.putLong(i, batch.getLong(col, i));
                case MILLIS -> v.putLong(i, Math.multiplyExact(batch.getLong(col, i), 1_000L));
                case FLOAT -> v.putFloat(i, batch.getFloat(col, i));
                case DOUBLE -> v.putDouble(i, batch.getDouble(col, i));
                case BINARY -> v.putByteArray(i, batch.getBinary(col, i));
                default -> throw new IllegalStateException(kinds[c].toString());
            }
        }
    }

    /** Puts one of Spark's internal values (as {@link SparkTypes#internal} gives them) into a vector. */
    static void put(WritableColumnVector v, int i, Object value, DataType t) {
        if (value == null) {
            v.putNull(i);
        } else if (t == DataTypes.BooleanType) {
            v.putBoolean(i, (Boolean) value);
        } else if (t == DataTypes.ByteType) {
            v.putByte(i, (Byte) value);
        } else if (t == DataTypes.ShortType) {
            v.putShort(i, (Short) value);
        } else if (t == DataTypes.IntegerType || t == DataTypes.DateType) {
            v.putInt(i, ((Number) value).intValue());
        } else if (t == DataTypes.LongType || t == DataTypes.TimestampType || t == DataTypes.TimestampNTZType) {
            v.putLong(i, ((Number) value).longValue());
        } else if (t == DataTypes.FloatType) {
            v.putFloat(i, (Float) value);
        } else if (t == DataTypes.DoubleType) {
            v.putDouble(i, (Double) value);
        } else if (t instanceof DecimalType dt) {
            v.putDecimal(i, (Decimal) value, dt.precision());
        } else if (t == DataTypes.StringType) {
            v.putByteArray(i, ((org.apache.spark.unsafe.types.UTF8String) value).getBytes());
        } else if (t == DataTypes.BinaryType) {
            v.putByteArray(i, (byte[]) value);
        } else {
            throw new IllegalStateException("no columnar form for " + t);
        }
    }

    @Override
    public ColumnarBatch get() {
        return out;
    }

    @Override
    public CustomTaskMetric[] currentMetricsValues() {
        return task.metrics();
    }

    @Override
    public void close() {
        try {
            out.close();
        } finally {
            task.close();
        }
    }

}
