package io.pqlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqlab.internal.predicate.Binder;
import io.pqlab.predicate.Condition;
import io.pqlab.predicate.ConditionException;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.schema.Schema;
import io.pqlab.internal.values.ColumnType;
import io.pqlab.internal.values.ValueFormat;

/** Columns as the user names them, and their values as the user reads them. */
final class Columns {
    private Columns() {}

    /**
     * The column a COLUMN argument names: a dotted path (exactly, else ignoring case), or a leaf
     * index. A path wins over an index, so a column literally named "3" can still be named.
     *
     * @throws io.pqlab.schema.NoSuchColumnException naming the closest columns
     */
    static ColumnDescriptor resolve(Schema schema, String name) {
        ColumnDescriptor c = schema.find(name);
        if (c != null) {
            return c;
        }
        if (!name.isEmpty() && name.length() <= 9 && name.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
            return schema.column(Integer.parseInt(name));
        }
        return schema.column(name); // throws, naming the closest columns
    }

    /** The column's type as values need it. */
    static ColumnType type(ColumnDescriptor c) {
        return Binder.typeOf(c);
    }

    /**
     * A value typed on the command line as a condition literal: as it is where it parses as one
     * ({@code 424242}, {@code 'SE'}, {@code DATE '2024-01-01'}), quoted where the column does not
     * hold numbers and the value is a bare word.
     */
    static String literal(ColumnDescriptor c, String value) {
        try {
            Condition.parse("x = " + value);
            return value;
        } catch (ConditionException e) {
            ColumnType t = type(c);
            boolean numeric = switch (t.physical()) {
                case INT32, INT64, FLOAT, DOUBLE -> !t.isDate() && t.timestampUnit() == null && t.timeUnit() == null;
                default -> t.isDecimal() || t.isFloat16();
            };
            return numeric ? value : "'" + value.replace("'", "''") + "'";
        }
    }

    /** A PLAIN value in the column's logical type; null stays null. */
    static String format(byte[] plain, ColumnType type) {
        return plain == null ? null : ValueFormat.format(plain, type);
    }

    /** {"index", "path", "type"}: which column an answer is about. */
    static ObjectNode describe(ColumnDescriptor c) {
        ObjectNode n = Json.object();
        n.put("index", c.index());
        n.put("path", c.dottedPath());
        n.put("type", type(c).describe());
        return n;
    }

    /** "customer_id (leaf 1, INT64)" from {@link #describe}. */
    static String heading(JsonNode column) {
        return column.get("path").asText() + " (leaf " + column.get("index").asInt() + ", "
                + column.get("type").asText() + ")";
    }
}
