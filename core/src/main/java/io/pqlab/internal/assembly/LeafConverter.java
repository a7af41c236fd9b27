package io.pqlab.internal.assembly;

import io.pqlab.internal.column.ColumnBatch;

/**
 * Turns one non-null value of a decoded page into what an assembled row holds: a Java object
 * ({@link JavaValues}), a JSON token ({@link JsonToken#CONVERTER}), or anything a consumer needs.
 */
@FunctionalInterface
public interface LeafConverter {
    /** The value with index {@code value} (a {@link ColumnBatch#valueIndex} of a non-null entry). */
    Object convert(ColumnBatch page, int value);
}
