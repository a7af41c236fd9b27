package io.pqlab.arrow;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Arrow values in a form two Arrow producers can be compared in: numbers as exact decimals,
 * timestamps and times as integers of their unit with the unit beside them, binary as hex, text as
 * strings, structs as ordered maps, lists and maps (lists of key/value structs) as lists. Read
 * from the vectors' buffers by Arrow's own accessors, never through pqlab.
 */
final class ArrowValues {
    private ArrowValues() {}

    static Object of(ValueVector v, int i) {
        if (v.isNull(i)) {
            return null;
        }
        if (v instanceof StructVector s) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (String name : s.getChildFieldNames()) {
                m.put(name, of(s.getChild(name), i));
            }
            return m;
        }
        if (v instanceof ListVector l) { // maps too
            List<Object> out = new ArrayList<>();
            int start = l.getOffsetBuffer().getInt((long) i * 4);
            int end = l.getOffsetBuffer().getInt((long) (i + 1) * 4);
            for (int k = start; k < end; k++) {
                out.add(of(l.getDataVector(), k));
            }
            return out;
        }
        if (v instanceof BitVector b) {
            return b.get(i) != 0;
        }
        if (v instanceof UInt1Vector u) {
            return BigInteger.valueOf(u.getObjectNoOverflow(i));
        }
        if (v instanceof UInt2Vector u) {
            return BigInteger.valueOf(u.get(i));
        }
        if (v instanceof UInt4Vector u) {
            return BigInteger.valueOf(u.getObjectNoOverflow(i));
        }
        if (v instanceof UInt8Vector u) {
            return u.getObjectNoOverflow(i);
        }
        if (v instanceof BaseIntVector n && !(v instanceof TimeStampVector)) {
            return BigInteger.valueOf(n.getValueAsLong(i));
        }
        if (v instanceof Float2Vector f) {
            return (double) f.getValueAsFloat(i);
        }
        if (v instanceof Float4Vector f) {
            return (double) f.get(i);
        }
        if (v instanceof Float8Vector f) {
            return f.get(i);
        }
        if (v instanceof DecimalVector d) {
            return plain(d.getObject(i));
        }
        if (v instanceof Decimal256Vector d) {
            return plain(d.getObject(i));
        }
        if (v instanceof DateDayVector d) {
            return "date:" + d.get(i);
        }
        if (v instanceof DateMilliVector d) {
            return "date:" + Math.floorDiv(d.get(i), 86_400_000L);
        }
        if (v instanceof TimeMilliVector t) {
            return new Timed(t.get(i) * 1_000_000L, 1_000_000L, null);
        }
        if (v instanceof TimeMicroVector t) {
            return new Timed(t.get(i) * 1_000L, 1_000L, null);
        }
        if (v instanceof TimeNanoVector t) {
            return new Timed(t.get(i), 1L, null);
        }
        if (v instanceof TimeStampVector t) {
            ArrowType.Timestamp ts = (ArrowType.Timestamp) t.getField().getType();
            long per = switch (ts.getUnit()) {
                case SECOND -> 1_000_000_000L;
                case MILLISECOND -> 1_000_000L;
                case MICROSECOND -> 1_000L;
                case NANOSECOND -> 1L;
            };
            return new Timed(t.get(i) * per, per, ts.getTimezone() == null ? "local" : "instant");
        }
        if (v instanceof VarCharVector s) {
            return new String(s.get(i), java.nio.charset.StandardCharsets.UTF_8);
        }
        if (v instanceof LargeVarCharVector s) {
            return new String(s.get(i), java.nio.charset.StandardCharsets.UTF_8);
        }
        if (v instanceof ViewVarCharVector s) {
            return new String(s.get(i), java.nio.charset.StandardCharsets.UTF_8);
        }
        if (v instanceof VarBinaryVector b) {
            return new Hex(HexFormat.of().formatHex(b.get(i)));
        }
        if (v instanceof FixedSizeBinaryVector b) {
            return new Hex(HexFormat.of().formatHex(b.get(i)));
        }
        if (v instanceof FieldVector f) {
            return f.getObject(i);
        }
        throw new IllegalArgumentException(v.getClass().getName());
    }

    private static String plain(BigDecimal d) {
        return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
    }

    /** Binary, as hex. */
    record Hex(String hex) {}

    /**
     * A time or timestamp in nanoseconds, with the unit it was stored in (so that a coarser reader
     * is compared at its own unit) and whether it is an instant or a local date-time.
     */
    record Timed(long nanos, long unitNanos, String kind) {}
}
