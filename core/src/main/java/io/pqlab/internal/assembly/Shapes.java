package io.pqlab.internal.assembly;

import io.pqlab.schema.ConvertedType;
import io.pqlab.schema.LogicalType;
import io.pqlab.schema.Repetition;
import io.pqlab.schema.SchemaElement;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.schema.GroupNode;
import io.pqlab.schema.SchemaNode;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;

/**
 * Turns a schema node into the {@link Shape} a reader assembles, by parquet-format's
 * LogicalTypes.md ("Nested Types", "Lists", "Maps" and their backward-compatibility rules):
 *
 * <ul>
 *   <li>A repeated field that is not the repeated level of a LIST or MAP is a required list of
 *       required elements of the field's own type (a group as a struct).
 *   <li>A LIST group with one repeated child {@code R}: R is itself the element (required) when it
 *       is a primitive, a group of several fields, a group whose one field is repeated, or a group
 *       of one field named {@code array} or {@code <list name>_tuple}; otherwise R's one field is
 *       the element, with its own repetition (the three-level form). The names {@code list} and
 *       {@code element} are not required.
 *   <li>A MAP group, or a MAP_KEY_VALUE group not inside a MAP, with one repeated group child of
 *       one or two fields: the first is the key, the second (if any) the value, whatever their
 *       names. Without a value field the map's values are null.
 *   <li>A LIST or MAP group of any other form is read as a struct (its repeated fields as lists),
 *       so nothing in it is lost.
 * </ul>
 */
public final class Shapes {
    private Shapes() {}

    /** The shape of a node with all its leaves. */
    public static Shape of(SchemaNode node) {
        return of(node, null);
    }

    /**
     * The shape of a node restricted to some leaves: struct fields without a selected leaf are
     * left out; null where no leaf of the node is selected. Slots are numbered in schema order of
     * the selected leaves.
     *
     * @param selected leaf indexes ({@link ColumnDescriptor#index()}), null for all
     * @throws IllegalArgumentException where a map's values are selected without its keys (see
     *     {@link #withMapKeys})
     */
    public static Shape of(SchemaNode node, BitSet selected) {
        return new Builder(selected).convert(node, false);
    }

    /** The leaves of a node in schema order. */
    public static List<ColumnDescriptor> leaves(SchemaNode node) {
        List<ColumnDescriptor> out = new ArrayList<>();
        collect(node, out);
        return out;
    }

    /** The leaves a shape reads, by slot. */
    public static List<ColumnDescriptor> slots(Shape shape) {
        List<ColumnDescriptor> out = new ArrayList<>();
        slots(shape, out);
        return out;
    }

    private static void slots(Shape s, List<ColumnDescriptor> out) {
        if (s instanceof Shape.Leaf l) {
            out.add(l.column());
        } else if (s instanceof Shape.Struct st) {
            st.fields().forEach(f -> slots(f, out));
        } else if (s instanceof Shape.ListShape ls) {
            slots(ls.element(), out);
        } else if (s instanceof Shape.MapShape ms) {
            slots(ms.key(), out);
            if (ms.value() != null) {
                slots(ms.value(), out);
            }
        }
    }

    /**
     * The selection with, for every map under the node that has a selected leaf, the leaves of its
     * key added: a map's entries are told apart by its key column.
     */
    public static BitSet withMapKeys(SchemaNode node, BitSet selected) {
        BitSet out = (BitSet) selected.clone();
        addMapKeys(node, out);
        return out;
    }

    private static void addMapKeys(SchemaNode node, BitSet sel) {
        if (!(node instanceof GroupNode g)) {
            return;
        }
        GroupNode kv = mapEntries(g);
        if (kv != null && any(g, sel)) {
            for (ColumnDescriptor c : leaves(kv.children().get(0))) {
                sel.set(c.index());
            }
        }
        for (SchemaNode child : g.children()) {
            addMapKeys(child, sel);
        }
    }

    private static boolean any(SchemaNode node, BitSet sel) {
        for (ColumnDescriptor c : leaves(node)) {
            if (sel.get(c.index())) {
                return true;
            }
        }
        return false;
    }

    private static void collect(SchemaNode node, List<ColumnDescriptor> out) {
        if (node instanceof ColumnDescriptor c) {
            out.add(c);
        } else {
            for (SchemaNode child : ((GroupNode) node).children()) {
                collect(child, out);
            }
        }
    }

    static boolean isList(SchemaElement e) {
        return e.logicalType() instanceof LogicalType.ListType
                || (e.logicalType() == null && e.convertedType() == ConvertedType.LIST);
    }

    static boolean isMap(SchemaElement e) {
        // MAP_KEY_VALUE on the outer group: "should be handled as a MAP-annotated group"
        return e.logicalType() instanceof LogicalType.MapType
                || (e.logicalType() == null
                        && (e.convertedType() == ConvertedType.MAP || e.convertedType() == ConvertedType.MAP_KEY_VALUE));
    }

    /** A LIST group's one repeated child, or null where the group is not a list of a form the rules read. */
    static SchemaNode listRepeated(GroupNode g) {
        if (!isList(g.element()) || g.children().size() != 1) {
            return null;
        }
        SchemaNode r = g.children().get(0);
        return r.repetition() == Repetition.REPEATED ? r : null;
    }

    /** A MAP group's repeated key/value group, or null where the group is not a map of a form the rules read. */
    static GroupNode mapEntries(GroupNode g) {
        if (!isMap(g.element()) || g.children().size() != 1) {
            return null;
        }
        if (g.children().get(0) instanceof GroupNode kv && kv.repetition() == Repetition.REPEATED
                && (kv.children().size() == 1 || kv.children().size() == 2)) {
            return kv;
        }
        return null;
    }

    /** Backward-compatibility rules 1 to 4: the repeated field is itself the element (and required). */
    static boolean repeatedIsElement(GroupNode list, SchemaNode repeated) {
        if (!(repeated instanceof GroupNode r)) {
            return true; // rule 1
        }
        if (r.children().size() != 1) {
            return true; // rule 2 (and a group of no fields, which has nothing to read)
        }
        if (r.children().get(0).repetition() == Repetition.REPEATED) {
            return true; // rule 3
        }
        return r.name().equals("array") || r.name().equals(list.name() + "_tuple"); // rule 4
    }

    private static final class Builder {
        private final BitSet selected;
        private int nextSlot;

        Builder(BitSet selected) {
            this.selected = selected;
        }

        /**
         * @param asElement whether the node's own repetition is already read by an enclosing list
         *     (the node is that list's element): a repeated node then is not a list of itself
         */
        Shape convert(SchemaNode node, boolean asElement) {
            int def = node.maxDefinitionLevel();
            if (!asElement && node.repetition() == Repetition.REPEATED) {
                // Not under a LIST or MAP: a required list of required elements.
                int from = nextSlot;
                Shape element = convert(node, true);
                return element == null ? null
                        : new Shape.ListShape(node, element, def - 1, def, node.maxRepetitionLevel(), from, nextSlot);
            }
            if (node instanceof ColumnDescriptor c) {
                if (selected != null && !selected.get(c.index())) {
                    return null;
                }
                return new Shape.Leaf(node, c, nextSlot++, def);
            }
            GroupNode g = (GroupNode) node;
            int from = nextSlot;
            SchemaNode repeated = listRepeated(g);
            if (repeated != null) {
                Shape element = repeatedIsElement(g, repeated) ? convert(repeated, true)
                        : convert(((GroupNode) repeated).children().get(0), false);
                return element == null ? null
                        : new Shape.ListShape(g, element, def, repeated.maxDefinitionLevel(),
                                repeated.maxRepetitionLevel(), from, nextSlot);
            }
            GroupNode kv = mapEntries(g);
            if (kv != null) {
                Shape key = convert(kv.children().get(0), false);
                Shape value = kv.children().size() > 1 ? convert(kv.children().get(1), false) : null;
                if (key == null && value == null) {
                    return null;
                }
                if (key == null) {
                    throw new IllegalArgumentException("the values of map \"" + g.dottedPath()
                            + "\" are selected without its keys");
                }
                return new Shape.MapShape(g, key, value, def, kv.maxDefinitionLevel(), kv.maxRepetitionLevel(), from,
                        nextSlot);
            }
            List<String> names = new ArrayList<>();
            List<Shape> fields = new ArrayList<>();
            for (SchemaNode child : g.children()) {
                Shape s = convert(child, false);
                if (s != null) {
                    names.add(child.name());
                    fields.add(s);
                }
            }
            if (fields.isEmpty()) {
                return null;
            }
            return new Shape.Struct(g, Collections.unmodifiableList(names), Collections.unmodifiableList(fields), def,
                    from, nextSlot);
        }
    }
}
