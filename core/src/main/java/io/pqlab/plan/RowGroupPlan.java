package io.pqlab.plan;

import java.util.ArrayList;
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
 * @param skippedBy for a skipped row group, the mechanism whose evidence completed the proof that
 *     no row matches (statistics, bloom, dictionary, page-index, or condition for a condition that
 *     is false everywhere); null for a row group that is read. Earlier steps may have ruled out
 *     other parts of the condition: {@link #steps} has them all.
 * @param fetched what was fetched to decide, one span per structure read (a ColumnIndex, an
 *     OffsetIndex, a Bloom filter, a dictionary page), in the order read; their lengths add up to
 *     {@code indexBytes}
 *
 * <p>Immutable and safe to share between threads.
 */
public record RowGroupPlan(int index, long firstRow, long numRows, boolean skipped, Verdict verdict,
        RowRanges rows, RowRanges allMatch, List<Step> steps, List<ColumnRead> reads, long indexBytes,
        String skippedBy, List<Span> fetched) {
    public RowGroupPlan {
        steps = List.copyOf(steps);
        reads = List.copyOf(reads);
        fetched = List.copyOf(fetched);
    }

    /** Without the decider and the fetched spans (as before they were recorded). */
    public RowGroupPlan(int index, long firstRow, long numRows, boolean skipped, Verdict verdict,
            RowRanges rows, RowRanges allMatch, List<Step> steps, List<ColumnRead> reads, long indexBytes) {
        this(index, firstRow, numRows, skipped, verdict, rows, allMatch, steps, reads, indexBytes, null, List.of());
    }

    /**
     * Bytes the data phase reads: the chunk bytes the plan keeps ({@link #reads}' spans), less any
     * already fetched to decide (a dictionary page the dictionary mechanism read, counted in
     * {@link #indexBytes}; a phased read finds it held). So {@code bytesRead() + indexBytes()}
     * counts every byte once, as a phased read's byte source sees it ({@code ByteCounts}); a
     * {@link io.pqlab.ReadOptions.Requests#DIRECT} read, which keeps nothing, reads such a
     * dictionary again to decode it.
     */
    public long bytesRead() {
        List<Span> kept = new ArrayList<>();
        for (ColumnRead r : reads) {
            kept.addAll(r.spans());
        }
        if (fetched.isEmpty() || kept.isEmpty()) {
            return Span.totalBytes(kept);
        }
        List<Span> both = new ArrayList<>(kept);
        both.addAll(fetched);
        return Span.totalBytes(both) - Span.totalBytes(fetched);
    }

    /**
     * What one of {@link #reads} adds to {@link #bytesRead()}: its spans less what was already
     * fetched to decide (its dictionary, when the dictionary mechanism read it), so that the
     * columns' figures sum to the row group's and no byte is counted in both columns of a view.
     */
    public long bytesRead(ColumnRead read) {
        if (fetched.isEmpty()) {
            return read.bytes();
        }
        List<Span> both = new ArrayList<>(read.spans());
        both.addAll(fetched);
        return Span.totalBytes(both) - Span.totalBytes(fetched);
    }
}
