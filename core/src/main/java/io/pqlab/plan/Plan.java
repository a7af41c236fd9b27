package io.pqlab.plan;

import io.pqlab.Mechanism;
import java.util.Set;
import java.util.ArrayList;
import java.util.List;

/**
 * What a reader must fetch to answer a condition, row group by row group and page by page, and
 * what it cost to decide.
 *
 * @param file the file's name
 * @param fileSize its size in bytes
 * @param numRows its row count
 * @param predicate the condition as bound to the file
 * @param mechanisms the mechanisms allowed in the file (partition, a dataset's, is not among them)
 * @param rowGroups per row group
 * @param coalesceGap the gap below which spans are merged into one request
 *
 * <p>Immutable (its lists are copied), as are all its parts, and safe to share between threads.
 */
public record Plan(String file, long fileSize, long numRows, String predicate, Set<Mechanism> mechanisms,
        List<RowGroupPlan> rowGroups, long coalesceGap) {
    public Plan {
        rowGroups = List.copyOf(rowGroups);
        // a file's plan: partitions are judged for a dataset, before any file is planned
        java.util.Set<Mechanism> m = new java.util.HashSet<>(mechanisms);
        m.remove(Mechanism.PARTITION);
        mechanisms = Mechanism.copyOf(m);
    }

    /**
     * Column-chunk bytes the data phase reads, each byte once: a dictionary page read to decide
     * is in {@link #indexBytes} only ({@link RowGroupPlan#bytesRead}).
     */
    public long bytesRead() {
        return rowGroups.stream().mapToLong(RowGroupPlan::bytesRead).sum();
    }

    /** Bytes of page indexes, Bloom filters and dictionaries fetched to decide. */
    public long indexBytes() {
        return rowGroups.stream().mapToLong(RowGroupPlan::indexBytes).sum();
    }

    /** Every column read of every row group, in row group then column order. */
    public List<ColumnRead> reads() {
        List<ColumnRead> out = new ArrayList<>();
        for (RowGroupPlan g : rowGroups) {
            out.addAll(g.reads());
        }
        return out;
    }

    /** The data spans after merging adjacent ones (and those closer than the coalescing gap). */
    public List<Span> requests() {
        List<Span> all = new ArrayList<>();
        for (ColumnRead r : reads()) {
            all.addAll(r.spans());
        }
        return Span.coalesce(all, coalesceGap);
    }

    public long rowGroupsSkipped() {
        return rowGroups.stream().filter(RowGroupPlan::skipped).count();
    }

    /** Rows that may match, over all row groups. */
    public long rowsKept() {
        return rowGroups.stream().mapToLong(g -> g.rows().rowCount()).sum();
    }
}
