package io.pqlab.spark;

import io.pqlab.FileException;
import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.scan.RowBatch;
import io.pqlab.scan.Scan;
import io.pqlab.scan.ScanStats;
import io.pqlab.schema.SchemaNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/** Makes the executors' readers: pqlab scans of one file each, row by row. */
final class PqlabReaderFactory implements PartitionReaderFactory {
    private static final long serialVersionUID = 1L;
    private final StructType schema;

    PqlabReaderFactory(StructType schema) {
        this.schema = schema;
    }

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
        PqlabPartition p = (PqlabPartition) partition;
        try {
            return new Reader(p, schema);
        } catch (FileException e) {
            throw PqlabSparkException.of(p.file(), e);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static final class Reader implements PartitionReader<InternalRow> {
        private final String path;
        private final ParquetFile file;
        private final Scan scan;
        private final List<SchemaNode> nodes = new ArrayList<>();
        private final DataType[] types;
        private RowBatch batch;
        private int row = -1;
        private long rows;

        Reader(PqlabPartition p, StructType schema) throws IOException {
            path = p.file();
            file = ParquetFile.open(path);
            try {
                Query q = p.condition() == null ? Query.all() : Query.where(p.condition());
                q = q.columns(p.columns());
                scan = file.scan(p.limit() >= 0 ? q.limit(p.limit()) : q);
            } catch (IOException | RuntimeException e) {
                file.close();
                throw e;
            }
            types = new DataType[schema.fields().length];
            for (int i = 0; i < types.length; i++) {
                types[i] = schema.fields()[i].dataType();
                String name = schema.fields()[i].name();
                nodes.add(file.schema().root().children().stream().filter(n -> n.name().equals(name)).findFirst()
                        .orElseThrow(() -> new IllegalStateException("no field " + name + " in " + p.file())));
            }
        }

        @Override
        public boolean next() throws IOException {
            try {
                while (batch == null || ++row >= batch.size()) {
                    batch = scan.nextBatch();
                    row = -1;
                    if (batch == null) {
                        return false;
                    }
                }
                rows++;
                return true;
            } catch (FileException e) {
                throw PqlabSparkException.of(path, e);
            }
        }

        @Override
        public InternalRow get() {
            Object[] out = new Object[types.length];
            for (int c = 0; c < out.length; c++) {
                out[c] = SparkTypes.internal(batch.value(nodes.get(c), row), types[c]);
            }
            return new GenericInternalRow(out);
        }

        @Override
        public CustomTaskMetric[] currentMetricsValues() {
            ScanStats s = scan.stats();
            return new CustomTaskMetric[] {metric(PqlabScan.Metrics.BYTES, s.bytesFetched()),
                metric(PqlabScan.Metrics.ROW_GROUPS_SKIPPED, s.rowGroupsSkipped()),
                metric(PqlabScan.Metrics.PAGES_SKIPPED, s.pagesSkipped()),
                metric(PqlabScan.Metrics.ROWS, rows)};
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
        public void close() throws IOException {
            try {
                scan.close();
            } finally {
                file.close();
            }
        }
    }
}
