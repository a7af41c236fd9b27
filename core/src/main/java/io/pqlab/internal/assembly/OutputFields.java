package io.pqlab.internal.assembly;

import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.schema.GroupNode;
import io.pqlab.schema.Schema;
import io.pqlab.schema.SchemaNode;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a scan prints, field by field: by default each top-level field of the schema; with a
 * selection, each named node. A leaf with no repeated or nested level above it that could hide a
 * null (a flat leaf, {@code s.a} of a struct too: its null is the struct's or its own) is printed
 * from its column as before; everything else is assembled ({@link RecordAssembler}). A named
 * node inside a repeated field has many values per row, so it is printed as its top-level field
 * pruned to the named nodes' leaves (several names under one field make one pruned field), which
 * keeps every null and all structure of what is printed.
 */
public final class OutputFields {
    private OutputFields() {}

    /** One printed field. */
    public sealed interface Field permits Flat, Nested {
        /** The name it is printed under. */
        String name();
    }

    /** A leaf read from its column: one value per row, null where it or an ancestor is null. */
    public record Flat(String name, ColumnDescriptor column) implements Field {}

    /** A value assembled from its leaves. */
    public record Nested(String name, Shape shape) implements Field {}

    /** Each top-level field of the schema (with at least one leaf). */
    public static List<Field> all(Schema schema) {
        List<SchemaNode> fields = new ArrayList<>();
        for (SchemaNode n : schema.root().children()) {
            if (!Shapes.leaves(n).isEmpty()) {
                fields.add(n);
            }
        }
        return of(schema, fields);
    }

    /** The fields of named nodes, in the order named (a node named twice once). */
    public static List<Field> of(Schema schema, List<SchemaNode> nodes) {
        // keyed by the printed name, so that names under one repeated field merge into it
        Map<String, Object> out = new LinkedHashMap<>();
        Map<String, SchemaNode> tops = new LinkedHashMap<>();
        Map<String, BitSet> pruned = new LinkedHashMap<>();
        for (SchemaNode n : nodes) {
            if (FieldReader.repeatedAncestors(n) == 0) {
                String name = n.dottedPath();
                if (n instanceof ColumnDescriptor c && c.maxRepetitionLevel() == 0) {
                    out.putIfAbsent(name, new Flat(name, c));
                } else if (out.get(name) instanceof String) {
                    out.put(name, n); // the whole field named after parts of it: the whole
                } else {
                    out.putIfAbsent(name, n);
                }
            } else {
                SchemaNode topNode = topLevel(schema, n);
                String top = topNode.name();
                tops.putIfAbsent(top, topNode);
                BitSet sel = pruned.computeIfAbsent(top, k -> new BitSet());
                for (ColumnDescriptor c : Shapes.leaves(n)) {
                    sel.set(c.index());
                }
                out.putIfAbsent(top, top); // placeholder, keeps the order named
            }
        }
        List<Field> fields = new ArrayList<>();
        for (Map.Entry<String, Object> e : out.entrySet()) {
            Object v = e.getValue();
            if (v instanceof Flat f) {
                fields.add(f);
            } else if (v instanceof SchemaNode n) {
                Shape shape = Shapes.of(n);
                if (shape != null) { // a group without leaves prints nothing
                    fields.add(new Nested(e.getKey(), shape));
                }
            } else {
                String top = (String) v;
                SchemaNode field = tops.get(top);
                fields.add(new Nested(top, Shapes.of(field, Shapes.withMapKeys(field, pruned.get(top)))));
            }
        }
        return fields;
    }

    /** The leaf indexes the fields read, in order, without repeats. */
    public static List<Integer> leaves(List<Field> fields) {
        List<Integer> out = new ArrayList<>();
        for (Field f : fields) {
            List<ColumnDescriptor> cs = f instanceof Flat flat ? List.of(flat.column())
                    : Shapes.slots(((Nested) f).shape());
            for (ColumnDescriptor c : cs) {
                if (!out.contains(c.index())) {
                    out.add(c.index());
                }
            }
        }
        return out;
    }

    /**
     * The node with this dotted path, leaf or group: exactly, else the one that matches ignoring
     * case; null if none (or several).
     */
    public static SchemaNode node(Schema schema, String dottedPath) {
        List<SchemaNode> all = new ArrayList<>();
        collect(schema.root(), all);
        for (SchemaNode n : all) {
            if (n.dottedPath().equals(dottedPath)) {
                return n;
            }
        }
        SchemaNode found = null;
        String lower = dottedPath.toLowerCase(Locale.ROOT);
        for (SchemaNode n : all) {
            if (n.dottedPath().toLowerCase(Locale.ROOT).equals(lower)) {
                if (found != null) {
                    return null;
                }
                found = n;
            }
        }
        return found;
    }

    private static void collect(GroupNode g, List<SchemaNode> out) {
        for (SchemaNode c : g.children()) {
            out.add(c);
            if (c instanceof GroupNode cg) {
                collect(cg, out);
            }
        }
    }

    /** The top-level field a node lies in: the one holding its first leaf (names may repeat). */
    private static SchemaNode topLevel(Schema schema, SchemaNode n) {
        int leaf = Shapes.leaves(n).get(0).index();
        for (SchemaNode top : schema.root().children()) {
            for (ColumnDescriptor c : Shapes.leaves(top)) {
                if (c.index() == leaf) {
                    return top;
                }
            }
        }
        throw new IllegalArgumentException("\"" + n.dottedPath() + "\" is not in the schema");
    }
}
