package io.pqlab.scan;



import io.pqlab.internal.column.ColumnBatch;
import io.pqlab.plan.RowGroupPlan;
import io.pqlab.plan.RowRanges;
import io.pqlab.schema.ColumnDescriptor;
import java.io.IOException;
import java.util.Arrays;
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
        long[] rowNumbers = new long[cap];
        ColumnBatch[][] pages = new ColumnBatch[cols][cap];
        int[][] start = new int[cols][cap];
        int[][] end = new int[cols][cap];
        ColumnBatch[] last = new ColumnBatch[cols];
        long bytes = 0;
        int n = 0;
        // Runs of rows that lie in one page of every column and in one match range are filled
        // at once (the same rows and budget as row by row: a run adds no page after its first row).
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
                ColumnBatch b = last[ci];
                int kth = (int) (r - b.firstRow());
                java.util.Arrays.fill(pages[ci], n, n + k, b);
                int[] st = start[ci];
                int[] en = end[ci];
                if (b.repetitionLevels() == null) {
                    for (int j = 0; j < k; j++) {
                        st[n + j] = kth + j;
                        en[n + j] = kth + j + 1;
                    }
                } else {
                    for (int j = 0; j < k; j++) {
                        st[n + j] = b.rowStart(kth + j);
                        en[n + j] = b.rowStart(kth + j + 1);
                    }
                }
            }
            long first = g.firstRow() + r;
            for (int j = 0; j < k; j++) {
                rowNumbers[n + j] = first + j;
            }
            n += k;
            row += k;
            if (row >= matches.end(range) && ++range < matches.size()) {
                row = matches.start(range);
            }
        }
        if (n < cap) {
            rowNumbers = Arrays.copyOf(rowNumbers, n);
            for (int ci = 0; ci < cols; ci++) {
                pages[ci] = Arrays.copyOf(pages[ci], n);
                start[ci] = Arrays.copyOf(start[ci], n);
                end[ci] = Arrays.copyOf(end[ci], n);
            }
        }
        int slots = slotColumn.length;
        ColumnBatch[][] slotPages = new ColumnBatch[slots][];
        int[][] slotStart = new int[slots][];
        int[][] slotEnd = new int[slots][];
        for (int i = 0; i < slots; i++) {
            slotPages[i] = pages[slotColumn[i]];
            slotStart[i] = start[slotColumn[i]];
            slotEnd[i] = end[slotColumn[i]];
        }
        return new RowBatch(g.index(), rowNumbers, outputColumns, slotPages, slotStart, slotEnd);
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
