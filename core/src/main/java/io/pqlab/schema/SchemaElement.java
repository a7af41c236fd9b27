package io.pqlab.schema;

/**
 * One node of the flattened schema, as written: the tree in depth-first order, root first.
 *
 * @param type physical type, null for a group (or a code from a newer format, see {@code typeCode})
 * @param typeCode the raw physical type code, -1 for a group
 * @param typeLength FIXED_LEN_BYTE_ARRAY width, -1 when absent
 * @param repetition null for the root (and where a file omits it)
 * @param name "" when absent
 * @param numChildren -1 when absent (a leaf)
 * @param convertedType null when absent or unknown
 * @param scale -1 when absent
 * @param precision -1 when absent
 * @param fieldId -1 when absent
 * @param logicalType null when absent
 */
public record SchemaElement(
        PhysicalType type,
        int typeCode,
        int typeLength,
        Repetition repetition,
        String name,
        int numChildren,
        ConvertedType convertedType,
        int scale,
        int precision,
        int fieldId,
        LogicalType logicalType) {

    /** Whether this element is a group (has children) rather than a leaf. */
    public boolean isGroup() {
        return numChildren > 0 || (typeCode < 0 && numChildren >= 0);
    }
}
