package io.pqlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.schema.Schema;
import io.pqlab.values.ColumnType;
import io.pqlab.values.ValueFormat;

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
        return new ColumnType(c.type(), c.logicalType(), c.convertedType(), c.typeLength(),
                Math.max(c.scale(), 0), c.precision());
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
