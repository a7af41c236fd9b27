package io.pqlab.schema;

import java.util.List;

/**
 * A leaf of the schema: one column, whose chunk is {@code RowGroup.columns().get(index)} and whose
 * order is {@code column_orders[index]}.
 *
 * @param index the leaf index, 0-based in schema order
 * @param path names from below the root to the leaf
 * @param dottedPath the same joined with dots
 * @param element the leaf's SchemaElement as written
 * @param type the physical type (never null: a leaf of an unknown type is rejected)
 * @param typeLength the FIXED_LEN_BYTE_ARRAY width, -1 for other types
 * @param logicalType as written, null when absent (then {@code convertedType} may say more)
 * @param convertedType as written, null when absent or unknown
 * @param scale a decimal's scale (from the logical type, else the element's), -1 if not a decimal
 * @param precision a decimal's precision, -1 if not a decimal
 * @param maxDefinitionLevel non-REQUIRED nodes on the path, root excluded
 * @param maxRepetitionLevel REPEATED nodes on the path, root excluded
 *
 * <p>Immutable and safe to share between threads.
 */
public record ColumnDescriptor(
        int index,
        List<String> path,
        String dottedPath,
        SchemaElement element,
        PhysicalType type,
        int typeLength,
        LogicalType logicalType,
        ConvertedType convertedType,
        int scale,
        int precision,
        int maxDefinitionLevel,
        int maxRepetitionLevel) implements SchemaNode {

    /** Whether a row holds exactly one value of this column (no optional or repeated level). */
    public boolean isFlat() {
        return maxRepetitionLevel == 0;
    }

    public boolean isDecimal() {
        return precision >= 0 || scale >= 0;
    }
}
