package io.pqlab.internal.assembly;

import io.pqlab.internal.values.ColumnType;
import io.pqlab.internal.values.ValueFormat;
import io.pqlab.scan.NestedValue;
import io.pqlab.internal.format.Repetition;

/**
 * Writes an assembled value (leaves as {@link JsonToken}s) as JSON: structs as objects, lists as
 * arrays with their nulls, maps as objects where the key is a required text leaf (so every key is
 * a string and none is null) and as arrays of {@code [key, value]} pairs otherwise. The choice
 * follows the schema, not the row, so every row of a field has the same form.
 */
public final class NestedJson {
    private NestedJson() {}

    /** The value as JSON, with ", " and ": " between items as pqlab's JSON Lines has them. */
    public static String json(Object value, Shape shape) {
        StringBuilder sb = new StringBuilder();
        append(sb, value, shape);
        return sb.toString();
    }

    public static void append(StringBuilder out, Object value, Shape shape) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof JsonToken t) {
            out.append(t.json());
        } else if (value instanceof NestedValue.StructValue s) {
            Shape.Struct st = (Shape.Struct) shape;
            out.append('{');
            for (int i = 0; i < s.size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                out.append(ValueFormat.jsonString(s.name(i))).append(": ");
                append(out, s.get(i), st.fields().get(i));
            }
            out.append('}');
        } else if (value instanceof NestedValue.ListValue l) {
            Shape element = ((Shape.ListShape) shape).element();
            out.append('[');
            for (int i = 0; i < l.size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                append(out, l.get(i), element);
            }
            out.append(']');
        } else if (value instanceof NestedValue.MapValue m) {
            Shape.MapShape ms = (Shape.MapShape) shape;
            boolean object = textKeys(ms);
            out.append(object ? '{' : '[');
            for (int i = 0; i < m.size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                NestedValue.Entry e = m.entries().get(i);
                if (object) {
                    append(out, e.key(), ms.key());
                    out.append(": ");
                    append(out, e.value(), ms.value());
                } else {
                    out.append('[');
                    append(out, e.key(), ms.key());
                    out.append(", ");
                    append(out, e.value(), ms.value());
                    out.append(']');
                }
            }
            out.append(object ? '}' : ']');
        } else {
            out.append(ValueFormat.jsonString(String.valueOf(value)));
        }
    }

    /** Whether a map prints as a JSON object: its key is a required text leaf. */
    public static boolean textKeys(Shape.MapShape m) {
        return m.key() instanceof Shape.Leaf k && k.column().element().repetition() == Repetition.REQUIRED
                && ColumnType.of(k.column()).isText();
    }
}
