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
    /**
     * (reuse) Pages this cursor has moved past, not sealed yet ({@link #sealPassed}): no later row
     * asked can be in them, but the batch being assembled may hold them and has not taken its
     * references yet, so they are sealed only once it has.
     */
    private final java.util.ArrayList<ColumnBatch> passed = new java.util.ArrayList<>();

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
            passed(kept.pollFirst());
        }
        if (current != null && current.firstRow() + current.rowCount() <= row) {
            passed(current);
            current = null;
        }
    }

    /** The page holding row r (rows asked for ascend). */
    ColumnBatch page(long r) throws IOException {
        while (current == null || current.firstRow() + current.rowCount() <= r) {
            passed(current);
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

    private void passed(ColumnBatch b) {
        if (b != null && b.lease() != null) {
            passed.add(b);
        }
    }

    /**
     * (reuse) Drops the scan's reference to each leased page this cursor has moved past (see
     * {@code PageLease.seal}): called once the batch that may hold them has taken its references
     * ({@link BatchAssembler}), or between windows. Rows are asked in ascending order and a page is
     * read only through its cursor after its condition was evaluated, so nothing of the scan reads
     * such a page again; a page whose last row no batch returned (a selective scan) goes back to
     * the spares here, not only through {@code RowBatch.Held.of}.
     */
    void sealPassed() {
        for (int i = 0; i < passed.size(); i++) {
            passed.get(i).lease().seal();
        }
        passed.clear();
    }

    /**
     * (reuse) The pass is over: no batch will be made from this cursor again, so every page it
     * holds is sealed (on DuckDB's file one page is a row group's whole chunk: its last row unmatched,
     * it would never be passed). Called by the thread that makes the batches, after the last.
     */
    void sealAll() {
        passed(current);
        current = null;
        while (!kept.isEmpty()) {
            passed(kept.pollFirst());
        }
        sealPassed();
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
