package io.pqlab;

import io.pqlab.plan.Plan;
import io.pqlab.plan.RowGroupPlan;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a query reads of a dataset: a plan per file, in the dataset's order (files by path), and
 * totals.
 *
 * @param files per file
 * @param partitionColumns the dataset's partition keys, in path order
 */
public record DatasetPlan(List<FilePlan> files, List<String> partitionColumns) {

    /** How a file was decided. */
    public enum Outcome {
        /** Planned from its footer: {@link FilePlan#plan} says what is read. */
        PLANNED,
        /** Skipped before its footer was read: its partition values refute the condition. */
        SKIPPED_BY_PARTITION,
        /** Skipped from its footer: the condition names only columns the file lacks (null in every row) and they refute it. */
        SKIPPED_BY_SCHEMA,
        /** Not readable, and skipped as the options asked ({@link FilePlan#reason} says why). */
        BAD
    }

    /**
     * One file.
     *
     * @param location its path or URL
     * @param size its size in bytes
     * @param partition its partition values by key (null for a null partition)
     * @param outcome how it was decided
     * @param reason why it was skipped, or null
     * @param plan its plan where {@link Outcome#PLANNED}, else null
     * @param footerBytesRead bytes read to learn its footer (0 from a warm cache, or when skipped first)
     * @param footerFromCache whether the footer came from the metadata cache
     * @param requests reads sent to the file's store to plan it (footer, page indexes, Bloom
     *     filters, dictionaries; each one request for a remote file), 0 where the cache held them
     */
    public record FilePlan(String location, long size, Map<String, Object> partition, Outcome outcome, String reason,
            Plan plan, long footerBytesRead, boolean footerFromCache, long requests) {
        /** Whether no byte of its data is read. */
        public boolean skipped() {
            return outcome != Outcome.PLANNED || (plan != null && plan.rowGroupsSkipped() == plan.rowGroups().size());
        }
    }

    public DatasetPlan {
        files = List.copyOf(files);
        partitionColumns = List.copyOf(partitionColumns);
    }

    /** Files whose data is not read at all. */
    public long filesSkipped() {
        return files.stream().filter(FilePlan::skipped).count();
    }

    /** Column-chunk bytes read over all files. */
    public long bytesRead() {
        return files.stream().filter(f -> f.plan() != null).mapToLong(f -> f.plan().bytesRead()).sum();
    }

    /** Bytes read to decide: footers (not from the cache), page indexes, Bloom filters, dictionaries. */
    public long bytesToDecide() {
        return files.stream().mapToLong(f -> f.footerBytesRead() + (f.plan() == null ? 0 : f.plan().indexBytes()))
                .sum();
    }

    public long rowGroups() {
        return files.stream().filter(f -> f.plan() != null).mapToLong(f -> f.plan().rowGroups().size()).sum();
    }

    /**
     * Per mechanism (partition, statistics, page-index, bloom, dictionary, condition, schema), the
     * files it skipped whole, the row groups it skipped in the files that were planned, and the
     * data pages it skipped in the row groups read: {@code {files, rowGroups, pages}}. A file whose
     * row groups are all skipped counts for the mechanism that skipped its first one. Pages are
     * told apart only by the page index (the one mechanism judging pages: its ColumnIndex gives the
     * row ranges, its OffsetIndex the pages), so they count for page-index; the pages of a skipped
     * row group are not counted (its OffsetIndex is not read).
     */
    public Map<String, long[]> skippedByMechanism() {
        Map<String, long[]> out = new LinkedHashMap<>();
        for (FilePlan f : files) {
            if (f.outcome() == Outcome.SKIPPED_BY_PARTITION) {
                out.computeIfAbsent(Mechanism.PARTITION.cliName(), k -> new long[3])[0]++;
            } else if (f.outcome() == Outcome.SKIPPED_BY_SCHEMA) {
                out.computeIfAbsent("schema", k -> new long[3])[0]++;
            } else if (f.plan() != null) {
                String first = null;
                for (RowGroupPlan g : f.plan().rowGroups()) {
                    if (g.skipped()) {
                        String m = g.skippedBy() == null ? "condition" : g.skippedBy();
                        out.computeIfAbsent(m, k -> new long[3])[1]++;
                        first = first == null ? m : first;
                    }
                }
                if (f.skipped() && first != null) {
                    out.get(first)[0]++;
                }
                long pages = pagesSkipped(f.plan());
                if (pages > 0) {
                    out.computeIfAbsent(Mechanism.PAGE_INDEX.cliName(), k -> new long[3])[2] += pages;
                }
            }
        }
        return out;
    }

    /** Data pages a file's plan does not read in the row groups it reads, where the OffsetIndex told how many there are. */
    public static long pagesSkipped(io.pqlab.plan.Plan plan) {
        long n = 0;
        for (io.pqlab.plan.ColumnRead r : plan.reads()) {
            if (r.pagesTotal() >= 0) {
                n += r.pagesTotal() - r.pagesRead();
            }
        }
        return n;
    }

    /** Data pages skipped in the row groups read, over every file. */
    public long pagesSkipped() {
        return files.stream().filter(f -> f.plan() != null).mapToLong(f -> pagesSkipped(f.plan())).sum();
    }

    /** Reads sent to the files' stores to plan (the listing's are not counted). */
    public long requests() {
        return files.stream().mapToLong(FilePlan::requests).sum();
    }

    public long rowsKept() {
        return files.stream().filter(f -> f.plan() != null).mapToLong(f -> f.plan().rowsKept()).sum();
    }
}
