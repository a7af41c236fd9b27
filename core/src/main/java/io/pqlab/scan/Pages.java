package io.pqlab.scan;

import io.pqlab.internal.column.ColumnBatch;
import java.io.IOException;

/** The decoded pages of one column chunk, in row order: a {@link PageSource} (at more than one thread its row group runs on the pool: {@link PooledRows}). */
interface Pages extends AutoCloseable {
    /** The next page, or null at the end. */
    ColumnBatch next() throws IOException;

    /** Whether the page last returned came from a walk from the chunk's start. */
    boolean walks();

    /** Whether the OffsetIndex had failed when the page last returned was decoded (the rest is a walk). */
    boolean fellBack();

    /** Tells a progressive source a window's matching rows (see {@link PageSource#want}). */
    default void want(io.pqlab.plan.RowRanges rows, boolean whole) {
        throw new IllegalStateException("not a progressive source");
    }

    /** Whether a null from {@link #next()} was the end, not "none chosen yet" (a progressive source). */
    default boolean atEnd() {
        return true;
    }

    @Override
    void close();
}
