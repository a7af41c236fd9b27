package io.pqlab.scan;



import io.pqlab.internal.column.ColumnBatch;
import io.pqlab.plan.RowGroupPlan;
import io.pqlab.plan.RowRanges;
import io.pqlab.schema.ColumnDescriptor;
import java.io.IOException;
import java.util.List;

/**
 * Batch assembly: the matching rows of one row group, handed out a batch at a time, each row's
 * entries located in the pages of every returned column's cursor.
 */
final class BatchAssembler implements RowGroupRows {
    private final RowGroupPlan g;
    private final RowRanges matches;
    private final ColumnCursor[] cursors;
    private final int[] slotColumn;
    private final List<ColumnDescriptor> outputColumns;
    private int range;
    private long row;

    BatchAssembler(RowGroupPlan g, RowRanges matches, ColumnCursor[] cursors, int[] slotColumn,
            List<ColumnDescriptor> outputColumns) {
        this.outputColumns = outputColumns;
        this.g = g;
        this.matches = matches;
        this.cursors = cursors;
        this.slotColumn = slotColumn;
        this.row = matches.size() > 0 ? matches.start(0) : 0;
    }

    @Override
    public RowBatch nextBatch() throws IOException {
        long left = 0;
        for (int i = range; i < matches.size(); i++) {
            left += matches.end(i) - (i == range ? row : matches.start(i));
            if (left >= Scanner.BATCH_ROWS) {
                break;
            }
        }
        int cap = (int) Math.min(Scanner.BATCH_ROWS, left);
        if (cap == 0) {
            return null;
        }
        int cols = cursors.length;
        RowBatch.RowNumbers rowNumbers = new RowBatch.RowNumbers(); // (arrays) runs, not a long[cap] a batch
        Runs[] runs = new Runs[cols];
        for (int ci = 0; ci < cols; ci++) {
            runs[ci] = new Runs();
        }
        ColumnBatch[] last = new ColumnBatch[cols];
        long bytes = 0;
        int n = 0;
        // Runs of rows that lie in one page of every column and in one match range are added at
        // once (the same rows and budget as row by row: a run adds no page after its first row);
        // the batch keeps them as runs, and per-row arrays are made only for a per-row reader.
        while (n < cap && (n == 0 || bytes <= Scanner.BATCH_BYTES)) {
            long r = row;
            long run = Math.min(cap - n, matches.end(range) - r);
            for (int ci = 0; ci < cols; ci++) {
                ColumnBatch b = cursors[ci].page(r);
                if (b != last[ci]) {
                    bytes += Scanner.weight(b);
                    last[ci] = b;
                }
                run = Math.min(run, b.firstRow() + b.rowCount() - r);
            }
            if (bytes > Scanner.BATCH_BYTES) {
                run = 1; // the row that crossed the budget ends the batch
            }
            int k = (int) run;
            for (int ci = 0; ci < cols; ci++) {
                runs[ci].add(last[ci], (int) (r - last[ci].firstRow()), k);
            }
            rowNumbers.add(g.firstRow() + r, k);
            n += k;
            row += k;
            if (row >= matches.end(range) && ++range < matches.size()) {
                row = matches.start(range);
            }
        }
        int slots = slotColumn.length;
        Runs[] slotRuns = new Runs[slots];
        for (int i = 0; i < slots; i++) {
            slotRuns[i] = runs[slotColumn[i]];
        }
        RowBatch b = new RowBatch(g.index(), rowNumbers, outputColumns, slotRuns);
        for (ColumnCursor c : cursors) {
            c.sealPassed(); // (reuse) after the batch took its references to the pages it holds
        }
        return b;
    }

    @Override
    public boolean exhausted() {
        return range >= matches.size();
    }

    @Override
    public void close() {
        for (ColumnCursor c : cursors) {
            c.close();
        }
    }
}
