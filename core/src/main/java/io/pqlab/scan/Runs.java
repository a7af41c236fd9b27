package io.pqlab.scan;

import io.pqlab.internal.column.ColumnBatch;
import java.util.Arrays;

/**
 * One returned column's rows in a batch as runs: batch rows [row(s), row(s) + count(s)) are the
 * page's rows {@code kth(s), kth(s) + 1, ...} (a page's k-th row is row firstRow + k). The batch
 * assembler appends runs; {@link RowBatch} derives its per-row arrays from them only when asked,
 * and {@link ColumnValues} copies values run by run, so a columnar reader costs per run, not per row.
 */
final class Runs {
    private ColumnBatch[] page = new ColumnBatch[4];
    private int[] row = new int[4];
    private int[] kth = new int[4];
    private int[] count = new int[4];
    private int size;
    private int rows;

    /** Appends rows [kth, kth + n) of page p as the batch's next n rows (joined to the last run where they follow on). */
    void add(ColumnBatch p, int k, int n) {
        if (size > 0 && page[size - 1] == p && kth[size - 1] + count[size - 1] == k) {
            count[size - 1] += n;
        } else {
            if (size == page.length) {
                page = Arrays.copyOf(page, 2 * size);
                row = Arrays.copyOf(row, 2 * size);
                kth = Arrays.copyOf(kth, 2 * size);
                count = Arrays.copyOf(count, 2 * size);
            }
            page[size] = p;
            row[size] = rows;
            kth[size] = k;
            count[size] = n;
            size++;
        }
        rows += n;
    }

    int size() {
        return size;
    }

    /** Rows in all runs. */
    int rows() {
        return rows;
    }

    ColumnBatch page(int s) {
        return page[s];
    }

    int row(int s) {
        return row[s];
    }

    int kth(int s) {
        return kth[s];
    }

    int count(int s) {
        return count[s];
    }

    /** The first n rows (n at most {@link #rows()}): the runs before row n, the one crossing it cut. */
    Runs head(int n) {
        Runs h = new Runs();
        for (int s = 0; s < size && row[s] < n; s++) {
            h.add(page[s], kth[s], Math.min(count[s], n - row[s]));
        }
        return h;
    }
}
