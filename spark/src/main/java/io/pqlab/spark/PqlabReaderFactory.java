package io.pqlab.spark;

import io.pqlab.FileException;
import io.pqlab.scan.RowBatch;
import io.pqlab.schema.SchemaNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Makes the executors' readers: a pqlab scan of one file each, as {@link ColumnarBatch}es where
 * every column read is flat, else row by row (structs, lists and maps).
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
        return reader((PqlabPartition) partition, task -> new ColumnarReader(task, schema));
    }

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
        return reader((PqlabPartition) partition, task -> new Reader(task, schema));
    }

    /** A reader over the task's scan; the scan is closed if the reader cannot be made. */
    private interface Make<R> {
        R over(TaskScan task) throws IOException;
    }

    private <R> R reader(PqlabPartition p, Make<R> make) {
        TaskScan task = open(p);
        try {
            return make.over(task);
        } catch (IOException e) {
            task.close();
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            task.close();
            throw e;
        }
    }

    private TaskScan open(PqlabPartition p) {
        try {
            return new TaskScan(p, schema);
        } catch (FileException e) {
            throw PqlabSparkException.of(p.file(), e);
        } catch (io.pqlab.DatasetException e) {
            throw new PqlabSparkException(e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final class Reader implements PartitionReader<InternalRow> {
        private final TaskScan task;
        private final SchemaNode[] nodes;
        private final DataType[] types;
        private final String[] names;
        private RowBatch batch;
        private int row = -1;

        Reader(TaskScan task, StructType schema) throws IOException {
            this.task = task;
            int n = schema.fields().length;
            types = new DataType[n];
            nodes = new SchemaNode[n];
            names = new String[n];
            for (int i = 0; i < n; i++) {
                types[i] = schema.fields()[i].dataType();
                names[i] = schema.fields()[i].name();
                nodes[i] = task.isPartitionColumn(names[i]) ? null : task.node(names[i]);
            }
        }

        @Override
        public boolean next() throws IOException {
            while (batch == null || ++row >= batch.size()) {
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
            Object[] out = new Object[types.length];
            for (int c = 0; c < out.length; c++) {
                if (task.isPartitionColumn(names[c])) {
                    out[c] = task.partitionValue(names[c], types[c]);
                } else if (nodes[c] != null) {
                    out[c] = SparkTypes.internal(batch.value(nodes[c], row), types[c]);
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
