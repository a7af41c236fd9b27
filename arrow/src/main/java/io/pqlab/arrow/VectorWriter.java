package io.pqlab.arrow;

import io.pqlab.internal.assembly.Shape;
import io.pqlab.scan.NestedValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.UUID;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Writes one row's value, in the convention of {@link NestedValue} (null, a leaf's Java value, a
 * struct, list or map), into the Arrow vector of its shape, recursively. Built once per vector;
 * not thread-safe.
 */
abstract class VectorWriter {

    /** Writes value at index i (of this vector) and returns nothing; null marks the slot null. */
    abstract void write(int i, Object value);

    static VectorWriter of(Shape shape, FieldVector v) {
        if (shape instanceof Shape.Leaf) {
            return leaf(v);
        }
        if (shape instanceof Shape.Struct s) {
            return new StructWriter((StructVector) v, s);
        }
        if (shape instanceof Shape.ListShape l) {
            return new ListWriter((ListVector) v, of(l.element(), ((ListVector) v).getDataVector()), false);
        }
        Shape.MapShape m = (Shape.MapShape) shape;
        if (m.value() == null) {
            return new ListWriter((ListVector) v, of(m.key(), ((ListVector) v).getDataVector()), true);
        }
        return new MapWriter((ListVector) v, m);
    }

    private static final class StructWriter extends VectorWriter {
        private final StructVector v;
        private final VectorWriter[] fields;

        StructWriter(StructVector v, Shape.Struct s) {
            this.v = v;
            this.fields = new VectorWriter[s.fields().size()];
            for (int k = 0; k < fields.length; k++) {
                fields[k] = of(s.fields().get(k), (FieldVector) v.getChildByOrdinal(k));
            }
        }

        @Override
        void write(int i, Object value) {
            if (value == null) {
                v.setNull(i);
                for (VectorWriter f : fields) {
                    f.write(i, null); // children keep one slot per struct slot
                }
                return;
            }
            NestedValue.StructValue s = (NestedValue.StructValue) value;
            v.setIndexDefined(i);
            for (int k = 0; k < fields.length; k++) {
                fields[k].write(i, s.get(k));
            }
        }
    }

    /** A list; also a map without values, written as the list of its keys. */
    private static final class ListWriter extends VectorWriter {
        private final ListVector v;
        private final VectorWriter element;
        private final boolean keys;

        ListWriter(ListVector v, VectorWriter element, boolean keys) {
            this.v = v;
            this.element = element;
            this.keys = keys;
        }

        @Override
        void write(int i, Object value) {
            if (value == null) {
                v.setNull(i);
                return;
            }
            int n = keys ? ((NestedValue.MapValue) value).size() : ((NestedValue.ListValue) value).size();
            int start = v.startNewValue(i);
            for (int k = 0; k < n; k++) {
                element.write(start + k, keys ? ((NestedValue.MapValue) value).entries().get(k).key()
                        : ((NestedValue.ListValue) value).get(k));
            }
            v.endValue(i, n);
        }
    }

    private static final class MapWriter extends VectorWriter {
        private final ListVector v;
        private final StructVector entries;
        private final VectorWriter key;
        private final VectorWriter value;

        MapWriter(ListVector v, Shape.MapShape m) {
            this.v = v;
            this.entries = (StructVector) v.getDataVector();
            this.key = of(m.key(), (FieldVector) entries.getChildByOrdinal(0));
            this.value = of(m.value(), (FieldVector) entries.getChildByOrdinal(1));
        }

        @Override
        void write(int i, Object x) {
            if (x == null) {
                v.setNull(i);
                return;
            }
            NestedValue.MapValue m = (NestedValue.MapValue) x;
            int start = v.startNewValue(i);
            for (int k = 0; k < m.size(); k++) {
                entries.setIndexDefined(start + k);
                key.write(start + k, m.entries().get(k).key());
                value.write(start + k, m.entries().get(k).value());
            }
            v.endValue(i, m.size());
        }
    }

    private static VectorWriter leaf(FieldVector v) {
        Leaf set;
        if (v instanceof BitVector b) {
            set = (i, x) -> b.setSafe(i, ((Boolean) x) ? 1 : 0);
        } else if (v instanceof TinyIntVector b) {
            set = (i, x) -> b.setSafe(i, ((Number) x).byteValue());
        } else if (v instanceof SmallIntVector b) {
            set = (i, x) -> b.setSafe(i, ((Number) x).shortValue());
        } else if (v instanceof IntVector b) {
            set = (i, x) -> b.setSafe(i, ((Number) x).intValue());
        } else if (v instanceof BigIntVector b) {
            set = (i, x) -> b.setSafe(i, ((Number) x).longValue());
        } else if (v instanceof UInt1Vector b) {
            set = (i, x) -> b.setSafe(i, ((Number) x).byteValue());
        } else if (v instanceof UInt2Vector b) {
            set = (i, x) -> b.setSafe(i, (char) ((Number) x).intValue());
        } else if (v instanceof UInt4Vector b) {
            set = (i, x) -> b.setSafe(i, ((Number) x).intValue()); // the low 32 bits
        } else if (v instanceof UInt8Vector b) {
            set = (i, x) -> b.setSafe(i, ((Number) x).longValue()); // BigInteger: low 64 bits
        } else if (v instanceof Float2Vector b) {
            set = (i, x) -> b.setSafeWithPossibleTruncate(i, ((Number) x).floatValue());
        } else if (v instanceof Float4Vector b) {
            set = (i, x) -> b.setSafe(i, ((Number) x).floatValue());
        } else if (v instanceof Float8Vector b) {
            set = (i, x) -> b.setSafe(i, ((Number) x).doubleValue());
        } else if (v instanceof DecimalVector b) {
            set = (i, x) -> b.setSafe(i, decimal(x, b.getScale()));
        } else if (v instanceof Decimal256Vector b) {
            set = (i, x) -> b.setSafe(i, decimal(x, b.getScale()));
        } else if (v instanceof DateDayVector b) {
            set = (i, x) -> b.setSafe(i, (int) ((LocalDate) x).toEpochDay());
        } else if (v instanceof TimeMilliVector b) {
            set = (i, x) -> b.setSafe(i, (int) time(x, 1_000_000L));
        } else if (v instanceof TimeMicroVector b) {
            set = (i, x) -> b.setSafe(i, time(x, 1_000L));
        } else if (v instanceof TimeNanoVector b) {
            set = (i, x) -> b.setSafe(i, time(x, 1L));
        } else if (v instanceof TimeStampVector b) {
            long perSecond = perSecond(((ArrowType.Timestamp) b.getField().getType()).getUnit());
            set = (i, x) -> b.setSafe(i, timestamp(x, perSecond));
        } else if (v instanceof VarCharVector b) {
            set = (i, x) -> b.setSafe(i, bytes(x));
        } else if (v instanceof VarBinaryVector b) {
            set = (i, x) -> b.setSafe(i, bytes(x));
        } else if (v instanceof FixedSizeBinaryVector b) {
            set = (i, x) -> b.setSafe(i, bytes(x));
        } else {
            throw new IllegalArgumentException("no writer for " + v.getField());
        }

        return new VectorWriter() {
            @Override
            void write(int i, Object value) {
                if (value == null) {
                    if (v instanceof BaseFixedWidthVector f) {
                        f.setNull(i);
                    } else {
                        ((BaseVariableWidthVector) v).setNull(i);
                    }
                } else {
                    set.set(i, value);
                }
            }
        };
    }

    private interface Leaf {
        void set(int i, Object value);
    }

    private static BigDecimal decimal(Object x, int scale) {
        if (x instanceof byte[] b) {
            // a zero-length binary decimal (legal, if odd) is zero
            return b.length == 0 ? BigDecimal.ZERO.setScale(scale) : new BigDecimal(new BigInteger(b), scale);
        }
        return ((BigDecimal) x).setScale(scale);
    }

    /** A TIME value in units of nanosPerUnit: a time of day, or the stored number outside a day. */
    private static long time(Object x, long nanosPerUnit) {
        if (x instanceof LocalTime t) {
            return t.toNanoOfDay() / nanosPerUnit;
        }
        return ((Number) x).longValue();
    }

    private static long perSecond(org.apache.arrow.vector.types.TimeUnit u) {
        return switch (u) {
            case SECOND -> 1L;
            case MILLISECOND -> 1_000L;
            case MICROSECOND -> 1_000_000L;
            case NANOSECOND -> 1_000_000_000L;
        };
    }

    private static long timestamp(Object x, long perSecond) {
        Instant t = x instanceof LocalDateTime l ? l.toInstant(ZoneOffset.UTC) : (Instant) x;
        return Math.addExact(Math.multiplyExact(t.getEpochSecond(), perSecond),
                t.getNano() / (1_000_000_000L / perSecond));
    }

    private static byte[] bytes(Object x) {
        if (x instanceof byte[] b) {
            return b;
        }
        if (x instanceof String s) {
            return s.getBytes(StandardCharsets.UTF_8);
        }
        if (x instanceof UUID u) {
            return ByteBuffer.allocate(16).putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits())
                    .array();
        }
        throw new IllegalArgumentException("not a binary value: " + x.getClass().getName());
    }
}
