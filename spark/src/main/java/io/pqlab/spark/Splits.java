package io.pqlab.spark;

import io.pqlab.io.ListedFile;
import io.pqlab.plan.Plan;
import io.pqlab.plan.RowGroupPlan;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * How the driver cuts the row groups its plan keeps into input partitions, sized toward a target
 * byte count as Spark's own file sources size theirs ({@code spark.sql.files.maxPartitionBytes},
 * {@code openCostInBytes}, {@code minPartitionNum}), but weighed by what pqlab will read of each
 * row group (its kept pages and what it reads to decide), not by the file's length, so that a
 * skipped row group weighs nothing and never becomes a task.
 *
 * <p>Row groups are taken in file order, files in listing order; a partition is closed when the
 * next row group would take it past the target (a row group larger than the target is a partition
 * of its own: a row group is never split). A partition is one or more pieces, each a range of one
 * file's row groups ({@link io.pqlab.Query#rowGroupsStartingIn}); a piece spans from its first
 * kept row group to the end of its last, so the row groups the driver skipped between them are
 * judged again by the executor's own plan, and the ranges of one file never overlap, so every row
 * is read by exactly one task.
 */
final class Splits {
    private Splits() {}

    /**
     * A file's row groups from {@code fromRow} (a row group's first row) to {@code toRow}, with the
     * file's size and version as the driver's listing found them (so the executor need not list
     * it again, and reads it as that version), and what the driver read of it that the executor
     * is handed ({@link Shipped}; {@link Shipped#NONE} for nothing).
     */
    record Piece(String file, long size, String version, long fromRow, long toRow, Shipped shipped)
            implements Serializable {
        Piece(ListedFile f, long fromRow, long toRow) {
            this(f.location(), f.size(), f.version(), fromRow, toRow);
        }

        Piece(String file, long size, String version, long fromRow, long toRow) {
            this(file, size, version, fromRow, toRow, Shipped.NONE);
        }

        /** This piece with {@code s} shipped. */
        Piece with(Shipped s) {
            return new Piece(file, size, version, fromRow, toRow, s);
        }

        ListedFile listed() {
            return new ListedFile(file, size, version);
        }
    }

    /** A file's plan, as the driver made it. */
    record FilePlan(ListedFile file, Plan plan) {}

    /** What a row group costs to read: the kept pages' bytes and what the executor reads to decide. */
    static long weight(RowGroupPlan g) {
        return g.bytesRead() + g.indexBytes();
    }

    /** Whether the executor reads anything of a row group (the plan keeps some of its rows). */
    static boolean kept(RowGroupPlan g) {
        return !g.skipped() && g.rows().rowCount() > 0;
    }

    /**
     * The target size of a partition, Spark's {@code FilePartition.maxSplitBytes} rule on pqlab's
     * weights: at most {@code maxPartitionBytes}, and smaller where that spreads the work over
     * {@code minPartitions} tasks, but never below {@code openCost}.
     */
    static long target(List<FilePlan> files, long maxPartitionBytes, long openCost, int minPartitions) {
        long total = 0;
        for (FilePlan f : files) {
            boolean any = false;
            for (RowGroupPlan g : f.plan().rowGroups()) {
                if (kept(g)) {
                    total += weight(g);
                    any = true;
                }
            }
            total += any ? openCost : 0;
        }
        long perCore = total / Math.max(1, minPartitions);
        return Math.max(1, Math.min(maxPartitionBytes, Math.max(openCost, perCore)));
    }

    /**
     * The partitions, each a list of pieces, as Spark makes its file partitions: each file's kept
     * row groups are first cut into pieces of at most {@code target} bytes (a row group larger than
     * that is a piece of its own), then the pieces are packed next-fit in file order, a piece
     * joining the current partition while that stays within the target, each piece costing
     * {@code openCost} besides its bytes (charged after it, so against the pieces that follow).
     */
    static List<List<Piece>> partitions(List<FilePlan> files, long target, long openCost) {
        List<List<Piece>> out = new ArrayList<>();
        List<Piece> current = new ArrayList<>();
        long size = 0;
        for (FilePlan f : files) {
            for (Weighed p : pieces(f, target)) {
                if (size > 0 && size + p.bytes() > target) {
                    out.add(current);
                    current = new ArrayList<>();
                    size = 0;
                }
                current.add(p.piece());
                size += p.bytes() + openCost;
            }
        }
        if (!current.isEmpty()) {
            out.add(current);
        }
        return out;
    }

    private record Weighed(Piece piece, long bytes) {}

    /** A file's kept row groups cut into runs of at most {@code target} bytes. */
    private static List<Weighed> pieces(FilePlan f, long target) {
        List<Weighed> out = new ArrayList<>();
        long from = -1;
        long to = -1;
        long bytes = 0;
        for (RowGroupPlan g : f.plan().rowGroups()) {
            if (!kept(g)) {
                continue;
            }
            long w = weight(g);
            if (from >= 0 && bytes + w > target) {
                out.add(new Weighed(new Piece(f.file(), from, to), bytes));
                from = -1;
                bytes = 0;
            }
            if (from < 0) {
                from = g.firstRow();
            }
            to = g.firstRow() + g.numRows();
            bytes += w;
        }
        if (from >= 0) {
            out.add(new Weighed(new Piece(f.file(), from, to), bytes));
        }
        return out;
    }
}
