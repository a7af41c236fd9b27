package io.pqlab.internal.assembly;

import io.pqlab.internal.values.ColumnType;
import io.pqlab.internal.values.ValueFormat;
import io.pqlab.scan.NestedValue;
import io.pqlab.schema.Repetition;

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
        append(out, value, shape, false);
    }

    /**
     * The value compactly for a table cell: as JSON, but NULL for null (as the table prints a
     * flat null), struct field names bare where they are plain words, and every map as {@code
     * {key: value}} (a key is a JSON token, so a string key stays quoted and distinct from NULL).
     */
    public static String text(Object value, Shape shape) {
        StringBuilder sb = new StringBuilder();
        append(sb, value, shape, true);
        return sb.toString();
    }

    private static final java.util.regex.Pattern WORD = java.util.regex.Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private static void append(StringBuilder out, Object value, Shape shape, boolean table) {
        if (value == null) {
            out.append(table ? "NULL" : "null");
        } else if (value instanceof JsonToken t) {
            out.append(t.json());
        } else if (value instanceof NestedValue.StructValue s) {
            Shape.Struct st = (Shape.Struct) shape;
            out.append('{');
            for (int i = 0; i < s.size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                String name = s.name(i);
                out.append(table && WORD.matcher(name).matches() ? name : ValueFormat.jsonString(name)).append(": ");
                append(out, s.get(i), st.fields().get(i), table);
            }
            out.append('}');
        } else if (value instanceof NestedValue.ListValue l) {
            Shape element = ((Shape.ListShape) shape).element();
            out.append('[');
            for (int i = 0; i < l.size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                append(out, l.get(i), element, table);
            }
            out.append(']');
        } else if (value instanceof NestedValue.MapValue m) {
            Shape.MapShape ms = (Shape.MapShape) shape;
            boolean object = table || textKeys(ms);
            out.append(object ? '{' : '[');
            for (int i = 0; i < m.size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                NestedValue.Entry e = m.entries().get(i);
                if (object) {
                    append(out, e.key(), ms.key(), table);
                    out.append(": ");
                    append(out, e.value(), ms.value(), table);
                } else {
                    out.append('[');
                    append(out, e.key(), ms.key(), table);
                    out.append(", ");
                    append(out, e.value(), ms.value(), table);
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
