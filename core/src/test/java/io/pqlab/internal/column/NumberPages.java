package io.pqlab.internal.column;

import io.pqlab.internal.values.ColumnType;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.schema.PhysicalType;
import java.util.List;

/**
 * Decoded pages of numbers built directly (no file), for tests of what reads a page's values:
 * a flat optional (or, without nulls, required) column "x" whose entries are the given values,
 * nulls where {@code nulls[e]}, the non-null values packed in order as a reader leaves them.
 */
public final class NumberPages {
    private NumberPages() {}

    /**
     * A page of {@code values} ({@code long[]}, {@code int[]}, {@code float[]} or {@code double[]},
     * one per entry; a null entry's value is ignored) starting at row {@code firstRow}; nulls null
     * for a required column.
     */
    public static ColumnBatch page(Object values, boolean[] nulls, long firstRow) {
        PhysicalType t = values instanceof long[] ? PhysicalType.INT64 : values instanceof int[] ? PhysicalType.INT32
                : values instanceof float[] ? PhysicalType.FLOAT : PhysicalType.DOUBLE;
        int n = java.lang.reflect.Array.getLength(values);
        ColumnDescriptor col = new ColumnDescriptor(0, List.of("x"), "x", null, t, -1, null, null, -1, -1,
                nulls == null ? 0 : 1, 0);
        ColumnBatch b = new ColumnBatch(col, ColumnType.of(col));
        b.firstRow = firstRow;
        b.rowCount = n;
        b.entryCount = n;
        int v = 0;
        boolean any = false;
        if (nulls != null) {
            b.def = new int[n];
            for (int e = 0; e < n; e++) {
                b.def[e] = nulls[e] ? 0 : 1;
                any |= nulls[e];
            }
        }
        b.allDefined = !any;
        Object packed = java.lang.reflect.Array.newInstance(values.getClass().getComponentType(), n);
        for (int e = 0; e < n; e++) {
            if (nulls == null || !nulls[e]) {
                java.lang.reflect.Array.set(packed, v++, java.lang.reflect.Array.get(values, e));
            }
        }
        b.valueCount = v;
        switch (t) {
            case INT64 -> b.longs = (long[]) packed;
            case INT32 -> b.ints = (int[]) packed;
            case FLOAT -> b.floats = (float[]) packed;
            default -> b.doubles = (double[]) packed;
        }
        return b;
    }
}
