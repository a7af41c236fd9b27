package io.pqlab.scan;


import io.pqlab.internal.column.ColumnBatch;
import java.io.IOException;
import java.util.ArrayDeque;

/**
 * One returned column's position in the rows of a row group: the page holding the row asked
 * for, from the pages kept by the first pass and those its reader decodes, merged in row
 * order. Pages wholly before the row asked for are dropped.
 */
final class ColumnCursor implements AutoCloseable {
    private final Pages reader;
    private final ArrayDeque<ColumnBatch> kept;
    private final boolean progressive;
    private ColumnBatch peeked;
    private boolean readerDone;
    private ColumnBatch current;

    ColumnCursor(Pages reader, ArrayDeque<ColumnBatch> kept) {
        this(reader, kept, false);
    }

    /**
     * With {@code progressive}, the reader's null is "none chosen yet" unless it says it is at its
     * end: it is asked again for a later row (its pages are chosen window by window).
     */
    ColumnCursor(Pages reader, ArrayDeque<ColumnBatch> kept, boolean progressive) {
        this.reader = reader;
        this.kept = kept == null ? new ArrayDeque<>() : kept;
        this.readerDone = reader == null;
        this.progressive = progressive;
    }

    /** A page decoded elsewhere (a condition column's, in the windowed pass), after those added before. */
    void add(ColumnBatch b) {
        kept.addLast(b);
    }

    /** Drops the pages added that end at or before the row (no later row can be in them). */
    void dropBefore(long row) {
        while (!kept.isEmpty() && kept.peekFirst().firstRow() + kept.peekFirst().rowCount() <= row) {
            kept.pollFirst();
        }
        if (current != null && current.firstRow() + current.rowCount() <= row) {
            current = null;
        }
    }

    /** The page holding row r (rows asked for ascend). */
    ColumnBatch page(long r) throws IOException {
        while (current == null || current.firstRow() + current.rowCount() <= r) {
            current = nextPage();
            if (current == null) {
                throw new IllegalStateException("row " + r + " is in no decoded page");
            }
        }
        if (current.firstRow() > r) {
            throw new IllegalStateException("row " + r + " is in no decoded page");
        }
        return current;
    }

    private ColumnBatch nextPage() throws IOException {
        if (peeked == null && !readerDone) {
            peeked = reader.next();
            readerDone = peeked == null && (!progressive || reader.atEnd());
            if (reader.fellBack()) {
                kept.clear(); // the walk from the chunk's start holds their rows too
            }
        }
        ColumnBatch k = kept.peekFirst();
        if (k != null && (peeked == null || k.firstRow() < peeked.firstRow())) {
            return kept.pollFirst();
        }
        ColumnBatch b = peeked;
        peeked = null;
        return b;
    }

    @Override
    public void close() {
        if (reader != null) {
            reader.close();
        }
        kept.clear();
        peeked = null;
        current = null;
    }
}
