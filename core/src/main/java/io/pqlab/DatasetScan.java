package io.pqlab;

import io.pqlab.internal.dataset.DatasetFiles;

import io.pqlab.scan.RowBatch;
import io.pqlab.scan.Scan;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The matching rows of a dataset, batch by batch: files in the dataset's order, each file's rows
 * in its order. A batch is one file's {@link RowBatch} with the file's location and partition
 * values beside it (a partition column is the same value in every row of a file). Columns the
 * file lacks are not in its batches: they are null in its every row. With a limit, the scan
 * stops at it and opens no further file.
 */
public final class DatasetScan implements AutoCloseable {
    /**
     * A batch of one file.
     *
     * @param file the file's index in {@link Dataset#files()}
     * @param location its path or URL
     * @param partition its partition values by key
     * @param rows the rows, with the file's own columns
     */
    public record Batch(int file, String location, Map<String, Object> partition, RowBatch rows) {}

    private final Dataset dataset;
    private final List<Integer> files;
    private final List<Query> queries;
    private final long limit;
    private int next;
    private long returned;
    private Scan current;
    private final List<io.pqlab.scan.ScanStats> stats = new java.util.ArrayList<>();
    private final List<io.pqlab.plan.Plan> plans = new java.util.ArrayList<>();
    private int currentFile = -1;

    DatasetScan(Dataset dataset, List<Integer> files, List<Query> queries, long limit) {
        this.dataset = dataset;
        this.files = files;
        this.queries = queries;
        this.limit = limit;
    }

    /**
     * The next batch (never empty), or null at the end or at the limit.
     *
     * @throws DatasetException naming the file, where one fails midway (a file that changed or went
     *     away since the listing, a server that kept failing, a corrupt page): the scan ends there
     */
    public Batch nextBatch() throws IOException {
        while (true) {
            if (limit >= 0 && returned >= limit) {
                close();
                return null;
            }
            if (current == null) {
                if (next >= files.size()) {
                    return null;
                }
                currentFile = files.get(next);
                next++;
            }
            RowBatch b;
            try {
                if (current == null) {
                    Query q = queries.get(next - 1);
                    current = dataset.file(currentFile).scan(limit >= 0 ? q.limit(limit - returned) : q);
                    stats.add(current.stats());
                    plans.add(current.plan());
                }
                b = current.nextBatch();
            } catch (IOException | FileException e) {
                // a file that fails midway ends the scan, naming it: never fewer rows that look complete
                close();
                throw DatasetFiles.failed(dataset.files().get(currentFile), e);
            }
            if (b == null) {
                current.close();
                current = null;
                continue;
            }
            returned += b.size();
            return new Batch(currentFile, dataset.files().get(currentFile).location(),
                    dataset.partitionValues(currentFile), b);
        }
    }

    /** What each file's scan did, for the files started so far, in dataset order (live: a running scan's grow). */
    public List<io.pqlab.scan.ScanStats> stats() {
        return java.util.Collections.unmodifiableList(stats);
    }

    /** The plan of each file scanned so far, in dataset order (what it read to decide, and why). */
    public List<io.pqlab.plan.Plan> plans() {
        return java.util.Collections.unmodifiableList(plans);
    }

    /** Rows returned so far. */
    public long rowsReturned() {
        return returned;
    }

    @Override
    public void close() {
        if (current != null) {
            current.close();
            current = null;
        }
    }
}
