package io.pqlab.spark;

import io.pqlab.FileException;
import io.pqlab.scan.RowBatch;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Makes the executors' readers: pqlab scans of a task's pieces (ranges of row groups, one file
 * each), as {@link ColumnarBatch}es where every column read is flat, else row by row (structs,
 * lists and maps).
 */
final class PqlabReaderFactory implements PartitionReaderFactory {
    private static final long serialVersionUID = 1L;
    private final StructType schema;
    private final boolean columnar;

    PqlabReaderFactory(StructType schema, boolean columnar) {
        this.schema = schema;
        this.columnar = columnar && ColumnarReader.supports(schema);
    }

    @Override
    public boolean supportColumnarReads(InputPartition partition) {
        return columnar;
    }

    @Override
    public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
        return new Pieces<>((PqlabPartition) partition, task -> new ColumnarReader(task, schema));
    }

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
        return new Pieces<>((PqlabPartition) partition, task -> new Reader(task, schema));
    }

    /** A reader over one piece's scan. */
    private interface Make<R> {
        R over(TaskScan task) throws IOException;
    }

    /**
     * A task's pieces read one after the other, each by its own reader over its own scan (a file
     * has its own schema, so the readers' column mapping is per piece), as Spark's own
     * {@code FilePartitionReader} reads a partition's files: a piece is opened when the previous
     * one ends, and closed before the next opens (Spark has consumed its last batch by then).
     * The metrics are the closed pieces' sums plus the open one's.
     */
    private final class Pieces<R> implements PartitionReader<R> {
        private final PqlabPartition partition;
        private final Make<PartitionReader<R>> make;
        private final Map<String, Long> done = new LinkedHashMap<>();
        private PartitionReader<R> current;
        private int next;

        Pieces(PqlabPartition partition, Make<PartitionReader<R>> make) {
            this.partition = partition;
            this.make = make;
        }

        @Override
        public boolean next() throws IOException {
            while (true) {
                if (current == null) {
                    if (next >= partition.pieces().size()) {
                        return false;
                    }
                    current = open(partition.pieces().get(next++));
                }
                if (current.next()) {
                    return true;
                }
                closeCurrent();
            }
        }

        @Override
        public R get() {
            return current.get();
        }

        private PartitionReader<R> open(Splits.Piece piece) {
            TaskScan task = scan(piece);
            try {
                return make.over(task);
            } catch (IOException e) {
                task.close();
                throw PqlabSparkException.of(piece.file(), e);
            } catch (RuntimeException e) {
                task.close();
                throw e;
            }
        }

        private TaskScan scan(Splits.Piece piece) {
            try {
                return new TaskScan(partition, piece, schema);
            } catch (FileException e) {
                throw PqlabSparkException.of(piece.file(), e);
            } catch (io.pqlab.DatasetException e) {
                throw new PqlabSparkException(e.getMessage(), e);
            } catch (IOException e) {
                throw PqlabSparkException.of(piece.file(), e);
            }
        }

        private void closeCurrent() throws IOException {
            if (current != null) {
                for (CustomTaskMetric m : current.currentMetricsValues()) {
                    done.merge(m.name(), m.value(), Long::sum);
                }
                PartitionReader<R> r = current;
                current = null;
                r.close();
            }
        }

        @Override
        public CustomTaskMetric[] currentMetricsValues() {
            Map<String, Long> sum = new LinkedHashMap<>(done);
            if (current != null) {
                for (CustomTaskMetric m : current.currentMetricsValues()) {
                    sum.merge(m.name(), m.value(), Long::sum);
                }
            }
            List<CustomTaskMetric> out = new ArrayList<>();
            sum.forEach((name, value) -> out.add(TaskScan.metricOf(name, value)));
            return out.toArray(new CustomTaskMetric[0]);
        }

        @Override
        public void close() throws IOException {
            closeCurrent();
        }
    }

    private static final class Reader implements PartitionReader<InternalRow> {
        private final TaskScan task;
        private final ReadColumns columns;
        private RowBatch batch;
        private int row = -1;

        Reader(TaskScan task, StructType schema) throws IOException {
            this.task = task;
            this.columns = ReadColumns.of(task, schema);
        }

        @Override
        public boolean next() throws IOException {
            while (batch == null || ++row >= batch.size()) {
                if (batch != null) {
                    // (reuse) the rows given out hold copies (SparkTypes.internal of
                    // RowBatch.value): the scan may reuse the arrays the batch viewed
                    batch.release();
                }
                batch = task.next();
                row = -1;
                if (batch == null) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public InternalRow get() {
            Object[] out = new Object[columns.types().length];
            for (int c = 0; c < out.length; c++) {
                if (task.isPartitionColumn(columns.names()[c])) {
                    out[c] = task.partitionValue(columns.names()[c], columns.types()[c]);
                } else if (columns.nodes()[c] != null) {
                    out[c] = SparkTypes.internal(batch.value(columns.nodes()[c], row), columns.types()[c]);
                }
            }
            return new GenericInternalRow(out);
        }

        @Override
        public CustomTaskMetric[] currentMetricsValues() {
            return task.metrics();
        }

        @Override
        public void close() {
            task.close();
        }
    }
}
