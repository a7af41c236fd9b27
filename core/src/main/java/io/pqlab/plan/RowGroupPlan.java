package io.pqlab.plan;

import java.util.List;

/**
 * The plan for one row group.
 *
 * @param index the row group's index
 * @param firstRow its first row in the file
 * @param numRows its row count
 * @param skipped whether no row can match, so nothing of it is read
 * @param verdict what the evidence proved for the whole row group
 * @param rows the rows that may match, relative to the row group
 * @param allMatch rows where every row is proved to match (a scan need not evaluate the condition)
 * @param steps every piece of evidence, in the order it was gathered
 * @param reads the column chunks read
 * @param indexBytes bytes fetched to decide (page indexes, Bloom filters, dictionaries)
 */
public record RowGroupPlan(int index, long firstRow, long numRows, boolean skipped, Verdict verdict,
        RowRanges rows, RowRanges allMatch, List<Step> steps, List<ColumnRead> reads, long indexBytes) {
    public RowGroupPlan {
        steps = List.copyOf(steps);
        reads = List.copyOf(reads);
    }

    public long bytesRead() {
        long n = 0;
        for (ColumnRead r : reads) {
            n += r.bytes();
        }
        return n;
    }
}
