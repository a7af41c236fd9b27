package io.pqlab.internal.assembly;

import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.schema.SchemaNode;
import java.util.List;

/**
 * The logical type of a schema node as a reader sees it: a leaf, a struct, a list or a map, with
 * the levels that tell, at an entry of one of its leaves, whether the value is there. Built by
 * {@link Shapes#of}, which applies the format's rules for LIST and MAP and their older forms.
 *
 * <p>Every shape covers the leaf slots [{@link #from()}, {@link #to()}) of its assembler: leaves
 * of a node are contiguous in schema order. A value is null at an entry whose definition level is
 * below {@link #nullBelow()}; a list or map is empty below {@code emptyBelow}; its next element
 * starts at an entry whose repetition level is {@code rep}.
 */
public sealed interface Shape permits Shape.Leaf, Shape.Struct, Shape.ListShape, Shape.MapShape {

    /** The schema node this shape reads (for a list or map, the annotated or repeated node). */
    SchemaNode node();

    /** Definition levels below this mean the value (or one of its ancestors) is null. */
    int nullBelow();

    /** The first leaf slot. */
    int from();

    /** One past the last leaf slot. */
    int to();

    /** A primitive value; present iff the definition level is the column's maximum. */
    record Leaf(SchemaNode node, ColumnDescriptor column, int slot, int nullBelow) implements Shape {
        @Override
        public int from() {
            return slot;
        }

        @Override
        public int to() {
            return slot + 1;
        }
    }

    /** A group read as a struct: its (selected) fields in schema order. */
    record Struct(SchemaNode node, List<String> names, List<Shape> fields, int nullBelow, int from, int to)
            implements Shape {}

    /**
     * A list: null below {@code nullBelow}, empty below {@code emptyBelow}; elements start at
     * repetition level {@code rep}.
     */
    record ListShape(SchemaNode node, Shape element, int nullBelow, int emptyBelow, int rep, int from, int to)
            implements Shape {}

    /** A map: as a list of entries; {@code value} is null for a map written without a value field. */
    record MapShape(SchemaNode node, Shape key, Shape value, int nullBelow, int emptyBelow, int rep, int from,
            int to) implements Shape {}
}
