package io.pqlab.spark;

import io.pqlab.Dataset;
import io.pqlab.DatasetOptions;
import io.pqlab.DatasetScan;
import io.pqlab.FileException;
import io.pqlab.internal.io.CountingSource;
import io.pqlab.Query;
import io.pqlab.predicate.Condition;
import io.pqlab.predicate.Expr;
import io.pqlab.scan.RowBatch;
import io.pqlab.schema.Schema;
import io.pqlab.schema.SchemaNode;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * The pqlab scan of one piece of a task (a range of one file's row groups), shared by the row and
 * the columnar reader: the file opened as a one-file dataset (so its partition values and its
 * per-file condition come from the same code as the driver's plan), the batches, and the piece's
 * metrics.
 */
final class TaskScan implements Closeable {
    private final String path;
    private final Dataset dataset;
    private final DatasetScan scan;
    private final StructType schema;
    private final Map<String, String> partitionTypes;
    private Schema fileSchema;
    private DatasetScan.Batch batch;
    private long rows;
    /** The source the piece's file was opened through, counting what it read. */
    private final List<CountingSource> counted = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** The same file's bytes as served from what the driver shipped, or from the source above. */
    private final List<Shipped.Source> shipped = new java.util.concurrent.CopyOnWriteArrayList<>();

    TaskScan(PqlabPartition p, Splits.Piece piece, StructType schema) throws IOException {
        this.path = piece.file();
        this.schema = schema;
        this.partitionTypes = p.partitionTypes();
        DatasetOptions o = DatasetOptions.defaults();
        for (Map.Entry<String, String> e : p.partitionTypes().entrySet()) {
            o = o.withPartition(e.getKey() + ":" + e.getValue());
        }
        dataset = Dataset.open(List.of(piece.file()), p.stores().forPiece(o, piece, counted, shipped));
        try {
            scan = dataset.scan(query(p, dataset.fileSchema(0)).rowGroupsStartingIn(piece.fromRow(), piece.toRow()));
        } catch (IOException | RuntimeException e) {
            dataset.close();
            throw e;
        }
    }

    /**
     * The task's query for its file. A dataset's column may be missing from this file (null in
     * every row of it): it is left out of the projection, and a condition naming it is not pushed
     * to this file at all (Spark evaluates every pushed filter again, so the rows stay exact).
     */
    private Query query(PqlabPartition p, Schema file) {
        Query q = Query.all();
        if (p.condition() != null) {
            Expr e = Condition.parse(p.condition());
            boolean all = e.columns().stream().allMatch(r -> (r.path().size() == 1 && isPartitionColumn(r.path().get(0)))
                    || file.find(String.join(".", r.path())) != null);
            if (all) {
                q = Query.where(e);
            }
        }
        List<String> cols = p.columns().stream().filter(c -> !isPartitionColumn(c) && has(file, c)).toList();
        if (!cols.isEmpty()) {
            q = q.columns(cols);
        }
        return p.limit() >= 0 ? q.limit(p.limit()) : q;
    }

    private static boolean has(Schema file, String name) {
        return file.root().children().stream().anyMatch(n -> n.name().equals(name));
    }

    String path() {
        return path;
    }

    /** The next non-empty batch of the file, or null at its end. */
    RowBatch next() throws IOException {
        try {
            batch = scan.nextBatch();
        } catch (FileException e) {
            throw PqlabSparkException.of(path, e);
        } catch (io.pqlab.DatasetException e) {
            // the dataset scan's own line already names the file: "FILE: what (at byte N)"
            throw new PqlabSparkException(e.getMessage(), e);
        } catch (IOException e) {
            throw PqlabSparkException.of(path, e);
        }
        if (batch == null) {
            return null;
        }
        rows += batch.rows().size();
        return batch.rows();
    }

    boolean isPartitionColumn(String name) {
        return partitionTypes.containsKey(name);
    }

    /** The current file's value of a partition key, as Spark's internal value of its type. */
    Object partitionValue(String key, DataType type) {
        return SparkTypes.internal(batch.partition().get(key), type);
    }

    /** The file's top-level field of that name, or null where the file lacks it (null in every row). */
    SchemaNode node(String name) throws IOException {
        if (fileSchema == null) {
            fileSchema = dataset.fileSchema(0);
        }
        for (SchemaNode n : fileSchema.root().children()) {
            if (n.name().equals(name)) {
                return n;
            }
        }
        return null;
    }

    StructType schema() {
        return schema;
    }

    /** What the executor did; the row groups and files skipped are the driver's (reportDriverMetrics). */
    CustomTaskMetric[] metrics() {
        long bytes = 0;
        long pagesSkipped = 0;
        long toDecide = 0;
        for (var s : scan.stats()) {
            bytes += s.bytesFetched();
            pagesSkipped += s.pagesSkipped();
        }
        for (var p : scan.plans()) {
            toDecide += p.indexBytes();
        }
        return new CustomTaskMetric[] {metric(PqlabScan.Metrics.BYTES, bytes),
            metric(PqlabScan.Metrics.STORAGE, counted.stream().mapToLong(CountingSource::bytesRead).sum()),
            metric(PqlabScan.Metrics.SHIPPED, shipped.stream().mapToLong(Shipped.Source::served).sum()),
            metric(PqlabScan.Metrics.REQUESTS, counted.stream().mapToLong(CountingSource::reads).sum()),
            metric(PqlabScan.Metrics.TO_DECIDE, toDecide),
            metric(PqlabScan.Metrics.PAGES_SKIPPED, pagesSkipped),
            metric(PqlabScan.Metrics.ROWS, rows)};
    }

    static CustomTaskMetric metricOf(String name, long value) {
        return metric(name, value);
    }

    private static CustomTaskMetric metric(String name, long value) {
        return new CustomTaskMetric() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public long value() {
                return value;
            }
        };
    }

    @Override
    public void close() {
        try {
            scan.close();
        } finally {
            dataset.close();
        }
    }
}
