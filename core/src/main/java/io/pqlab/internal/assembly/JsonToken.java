package io.pqlab.internal.assembly;

/**
 * A leaf already written as one JSON token by {@link io.pqlab.internal.values.ValueFormat#json}, so
 * that a nested leaf prints exactly as the same value in a flat column does.
 */
public record JsonToken(String json) {
    /** Leaves as their JSON tokens. */
    public static final LeafConverter CONVERTER = (page, v) -> new JsonToken(page.json(v));

    /** The converter for any column (for {@link FieldReader#of}). */
    public static LeafConverter forColumn(io.pqlab.schema.ColumnDescriptor c) {
        return CONVERTER;
    }

    @Override
    public String toString() {
        return json;
    }
}
