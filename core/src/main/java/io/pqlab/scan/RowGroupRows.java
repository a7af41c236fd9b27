package io.pqlab.scan;

import java.io.IOException;

/** The matching rows of one row group, handed out a batch at a time ({@link BatchAssembler}, {@link WindowedPass}). */
interface RowGroupRows extends AutoCloseable {
    /** The next batch, or null when the row group has no more. */
    RowBatch nextBatch() throws IOException;

    /** Whether the next {@link #nextBatch()} surely returns null (the last batch has been handed out). */
    boolean exhausted();

    /** Closes the row group's sources (their counts reach the scan's statistics). */
    @Override
    void close();
}
