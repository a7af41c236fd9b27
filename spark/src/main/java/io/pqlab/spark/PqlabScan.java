package io.pqlab.spark;

import io.pqlab.FileException;
import io.pqlab.Dataset;
import io.pqlab.DatasetPlan;
import io.pqlab.Query;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The scan: plans every file with pqlab on the driver and makes a task of each file the plan
 * keeps a row group of; a file whose row groups are all ruled out never becomes a task.
 */
final class PqlabScan implements Scan, Batch {
    private final PqlabTable table;
    private final StructType required;
    private final String condition;
    private final int limit;
    private final boolean columnar;
    private List<PqlabPartition> partitions;
    private long filesSkipped;
    private long rowGroupsSkipped;

    PqlabScan(PqlabTable table, StructType required, String condition, int limit, boolean columnar) {
        this.table = table;
        this.columnar = columnar;
        this.required = required;
        this.condition = condition;
        this.limit = limit;
    }

    Query query() {
        Query q = condition == null ? Query.all() : Query.where(condition);
        String[] names = Arrays.stream(required.fields()).map(StructField::name)
                .filter(n -> !table.partitionTypes().containsKey(n)).toArray(String[]::new);
        if (names.length > 0) {
            q = q.columns(names);
        }
        return limit >= 0 ? q.limit(limit) : q;
    }

    @Override
    public StructType readSchema() {
        return required;
    }

    @Override
    public String description() {
        return "pqlab [" + table.files().size() + " file(s)] condition: " + (condition == null ? "none" : condition)
                + ", columns: " + Arrays.toString(required.fieldNames()) + (limit >= 0 ? ", limit " + limit : "");
    }

    @Override
    public Batch toBatch() {
        return this;
    }

    @Override
    public InputPartition[] planInputPartitions() {
        if (partitions == null) {
            partitions = new ArrayList<>();
            List<String> columns = Arrays.asList(required.fieldNames());
            try (Dataset d = Dataset.open(table.files(), table.datasetOptions())) {
                DatasetPlan plan = d.plan(query());
                for (DatasetPlan.FilePlan f : plan.files()) {
                    if (f.plan() != null) {
                        rowGroupsSkipped += f.plan().rowGroupsSkipped();
                    }
                    if (f.outcome() == DatasetPlan.Outcome.BAD) {
                        throw new PqlabSparkException(f.location() + ": " + f.reason(), null);
                    }
                    if (f.skipped() || (f.plan() != null && f.plan().rowsKept() == 0)) {
                        filesSkipped++;
                        continue;
                    }
                    partitions.add(new PqlabPartition(f.location(), condition, columns, limit, table.partitionTypes()));
                }
            } catch (FileException e) {
                throw PqlabSparkException.of(String.join(", ", table.files()), e);
            } catch (io.pqlab.DatasetException e) {
                throw new PqlabSparkException(e.getMessage(), e);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return partitions.toArray(new InputPartition[0]);
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        return new PqlabReaderFactory(required, columnar);
    }

    @Override
    public CustomMetric[] supportedCustomMetrics() {
        return Metrics.all();
    }

    long filesSkipped() {
        return filesSkipped;
    }

    long rowGroupsSkipped() {
        return rowGroupsSkipped;
    }

    /** The metrics the executors report, summed over tasks. */
    static final class Metrics {
        static final String BYTES = "pqlabBytesRead";
        static final String ROW_GROUPS_SKIPPED = "pqlabRowGroupsSkipped";
        static final String PAGES_SKIPPED = "pqlabPagesSkipped";
        static final String ROWS = "pqlabRowsReturned";

        static CustomMetric[] all() {
            return new CustomMetric[] {new Sum(BYTES, "pqlab bytes read"),
                new Sum(ROW_GROUPS_SKIPPED, "pqlab row groups skipped in files read"),
                new Sum(PAGES_SKIPPED, "pqlab pages skipped in row groups read"),
                new Sum(ROWS, "pqlab rows returned")};
        }
    }

    /** A summed metric; public with a no-argument constructor as Spark instantiates it by name. */
    public static class Sum extends CustomSumMetric {
        private final String name;
        private final String description;

        public Sum() {
            this("", "");
        }

        Sum(String name, String description) {
            this.name = name;
            this.description = description;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String description() {
            return description;
        }
    }
}
