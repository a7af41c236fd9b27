package io.pqlab.internal.dataset;

import io.pqlab.schema.ConvertedType;
import io.pqlab.schema.LogicalType;
import io.pqlab.schema.PhysicalType;
import io.pqlab.schema.Repetition;
import io.pqlab.schema.SchemaElement;
import io.pqlab.schema.TimeUnit;
import io.pqlab.schema.Schema;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Partition columns as Parquet columns, so that a condition on them is bound and judged by the
 * same code as a condition on a file's columns (the binder's literal conversions, the value
 * orders): BIGINT is INT64, DOUBLE is DOUBLE, DATE is INT32 (DATE), TIMESTAMP is INT64
 * (TIMESTAMP(MICROS,false)), BOOLEAN is BOOLEAN, VARCHAR is BYTE_ARRAY (STRING), DECIMAL is
 * BYTE_ARRAY (DECIMAL) at the largest scale of its values.
 */
public final class PartitionValues {
    private final HivePartitioning partitioning;
    private final Schema schema;
    private final int[] scales;

    public PartitionValues(HivePartitioning partitioning) {
        this.partitioning = partitioning;
        List<HivePartitioning.Column> cols = partitioning.columns();
        scales = new int[cols.size()];
        List<SchemaElement> elements = new ArrayList<>();
        elements.add(new SchemaElement(null, -1, -1, null, "partitions", cols.size(), null, -1, -1, -1, null));
        for (int c = 0; c < cols.size(); c++) {
            HivePartitioning.Column col = cols.get(c);
            if (col.type() == PartitionType.DECIMAL) {
                for (List<Object> v : partitioning.values()) {
                    if (v.get(c) instanceof BigDecimal d) {
                        scales[c] = Math.max(scales[c], Math.max(0, d.scale()));
                    }
                }
            }
            elements.add(element(col, scales[c]));
        }
        schema = Schema.of(elements);
    }

    private static SchemaElement element(HivePartitioning.Column c, int scale) {
        PhysicalType t;
        LogicalType lt = null;
        ConvertedType ct = null;
        int s = -1;
        int p = -1;
        switch (c.type()) {
            case BIGINT -> t = PhysicalType.INT64;
            case DOUBLE -> t = PhysicalType.DOUBLE;
            case DATE -> {
                t = PhysicalType.INT32;
                lt = new LogicalType.DateType();
                ct = ConvertedType.DATE;
            }
            case TIMESTAMP -> {
                t = PhysicalType.INT64;
                lt = new LogicalType.TimestampType(false, TimeUnit.MICROS);
            }
            case BOOLEAN -> t = PhysicalType.BOOLEAN;
            case DECIMAL -> {
                t = PhysicalType.BYTE_ARRAY;
                s = scale;
                p = 76; // wide enough for any written value; only the scale changes a comparison
                lt = new LogicalType.DecimalType(scale, p);
                ct = ConvertedType.DECIMAL;
            }
            default -> {
                t = PhysicalType.BYTE_ARRAY;
                lt = new LogicalType.StringType();
                ct = ConvertedType.UTF8;
            }
        }
        return new SchemaElement(t, t.ordinal(), -1, Repetition.OPTIONAL, c.name(), -1, ct, s, p, -1, lt);
    }

    public HivePartitioning partitioning() {
        return partitioning;
    }

    /** The partition columns as a schema (leaf i is partition column i). */
    public Schema schema() {
        return schema;
    }

    private final java.util.Map<io.pqlab.predicate.Expr.Leaf, io.pqlab.internal.predicate.Predicate> bound =
            new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * A leaf on partition columns bound to {@link #schema()}, once per distinct leaf (a dataset's
     * files are judged by the same few leaves; binding is the cost of judging).
     */
    public io.pqlab.internal.predicate.Predicate bind(io.pqlab.predicate.Expr.Leaf leaf) {
        io.pqlab.internal.predicate.Predicate p = bound.get(leaf);
        if (p == null) {
            p = io.pqlab.internal.predicate.Binder.bind(leaf, schema);
            bound.put(leaf, p);
        }
        return p;
    }

    /** Whether {@code name} is a partition column. */
    public boolean has(String name) {
        return partitioning.index(name) >= 0;
    }

    /** The value of column {@code c} in file {@code f} as PLAIN bytes of its column here, or null for null. */
    public byte[] plain(int f, int c) {
        return plain(partitioning.values().get(f).get(c), schema.column(c));
    }

    /**
     * A partition value (Long, Double, BigDecimal, LocalDate, LocalDateTime, Boolean, String, or
     * null) as PLAIN bytes of its column in {@link #schema()}; null for null.
     */
    public static byte[] plain(Object v, io.pqlab.schema.ColumnDescriptor col) {
        if (v == null) {
            return null;
        }
        ByteBuffer b;
        if (v instanceof Long l) {
            b = le(8).putLong(l);
        } else if (v instanceof Double d) {
            b = le(8).putDouble(d);
        } else if (v instanceof LocalDate d) {
            b = le(4).putInt(Math.toIntExact(d.toEpochDay()));
        } else if (v instanceof LocalDateTime t) {
            long micros = Math.addExact(Math.multiplyExact(t.toEpochSecond(ZoneOffset.UTC), 1_000_000L),
                    t.getNano() / 1000);
            b = le(8).putLong(micros);
        } else if (v instanceof Boolean x) {
            b = le(1).put((byte) (x ? 1 : 0));
        } else if (v instanceof BigDecimal d) {
            return d.setScale(Math.max(0, col.scale())).unscaledValue().toByteArray();
        } else {
            return ((String) v).getBytes(StandardCharsets.UTF_8);
        }
        return b.array();
    }

    private static ByteBuffer le(int n) {
        return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
    }
}
