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
import java.util.Map;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The scan: plans every file with pqlab on the driver and cuts the row groups the plan keeps into
 * input partitions sized toward a target byte count ({@link Splits}); a row group or a file the
 * plan rules out never becomes (part of) a task.
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
    private DatasetPlan driverPlan;
    private long filesRead;
    private final Sizing sizing;

    /**
     * How input partitions are sized ({@link Splits}): Spark's {@code spark.sql.files.maxPartitionBytes},
     * {@code openCostInBytes} and {@code minPartitionNum} (else the default parallelism), each
     * overridden by the read option of the same last name ({@code option("maxPartitionBytes", "64m")}).
     */
    record Sizing(long maxPartitionBytes, long openCost, int minPartitions, long shipBytes) {
        /**
         * What the driver hands each task of what it read, at most (footers first: {@link DriverReads#ship}):
         * Spark warns of tasks over 1,000 KiB, and sends every task its partition.
         */
        static final long SHIP_BYTES = 256 << 10;

        static Sizing of(org.apache.spark.sql.util.CaseInsensitiveStringMap options) {
            org.apache.spark.sql.internal.SQLConf conf = org.apache.spark.sql.internal.SQLConf.get();
            long max = bytes(options.get("maxPartitionBytes"), conf.filesMaxPartitionBytes());
            long open = bytes(options.get("openCostInBytes"), conf.filesOpenCostInBytes());
            int min;
            if (options.containsKey("minPartitionNum")) {
                min = Integer.parseInt(options.get("minPartitionNum").strip());
            } else if (conf.filesMinPartitionNum().isDefined()) {
                min = (Integer) conf.filesMinPartitionNum().get();
            } else {
                min = org.apache.spark.sql.SparkSession.active().sparkContext().defaultParallelism();
            }
            long ship = bytes(options.get("shipBytes"), SHIP_BYTES);
            if (max <= 0 || open < 0 || min < 1 || ship < 0) {
                throw new IllegalArgumentException("pqlab: maxPartitionBytes must be positive, openCostInBytes and"
                        + " shipBytes at least 0 and minPartitionNum at least 1, not " + max + ", " + open + ", "
                        + ship + ", " + min);
            }
            return new Sizing(max, open, min, ship);
        }

        private static long bytes(String option, long otherwise) {
            return option == null ? otherwise : org.apache.spark.network.util.JavaUtils.byteStringAsBytes(option.strip());
        }
    }

    PqlabScan(PqlabTable table, StructType required, String condition, int limit, boolean columnar, Sizing sizing) {
        this.table = table;
        this.sizing = sizing;
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
            DriverReads reads;
            try {
                reads = new DriverReads(table.files(), table.datasetOptions());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            try (Dataset d = Dataset.open(reads.locations(), reads.apply(table.datasetOptions()))) {
                DatasetPlan plan = d.plan(query());
                driverPlan = plan;
                Map<String, io.pqlab.io.ListedFile> listed = new java.util.HashMap<>();
                d.files().forEach(f -> listed.put(f.location(), f));
                List<Splits.FilePlan> kept = new ArrayList<>();
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
                    kept.add(new Splits.FilePlan(listed.get(f.location()), f.plan()));
                }
                long target = Splits.target(kept, sizing.maxPartitionBytes(), sizing.openCost(),
                        sizing.minPartitions());
                for (List<Splits.Piece> pieces : Splits.partitions(kept, target, sizing.openCost())) {
                    partitions.add(new PqlabPartition(reads.ship(pieces, sizing.shipBytes()), condition, columns,
                            limit, table.partitionTypes(), table.stores()));
                }
                filesRead = kept.size();
            } catch (FileException e) {
                throw PqlabSparkException.of(String.join(", ", reads.locations()), e);
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

    /**
     * The metrics: the executors report bytes read (data pages), bytes read to decide (their own
     * plans' page indexes, filters and dictionaries), pages skipped and rows, summed over tasks; the
     * driver reports what its plan skipped, files and row groups per mechanism, and what it read to
     * decide (footers, indexes, filters, dictionaries).
     */
    static final class Metrics {
        static final String BYTES = "pqlabBytesRead";
        static final String STORAGE = "pqlabStorageBytes";
        static final String SHIPPED = "pqlabShippedBytes";
        static final String TO_DECIDE = "pqlabBytesToDecide";
        static final String PAGES_SKIPPED = "pqlabPagesSkipped";
        static final String REQUESTS = "pqlabRequests";
        static final String DRIVER_REQUESTS = "pqlabDriverRequests";
        static final String ROWS = "pqlabRowsReturned";
        static final String DRIVER_TO_DECIDE = "pqlabDriverBytesToDecide";
        static final String DRIVER_FOOTERS = "pqlabDriverFooterBytes";
        static final String FILES_READ = "pqlabFilesRead";
        /** The deciders DatasetPlan.skippedByMechanism names. */
        static final List<String> DECIDERS = List.of("partition", "schema", "statistics", "page-index", "bloom",
                "dictionary", "condition");

        static String filesSkipped(String by) {
            return "pqlabFilesSkipped_" + by;
        }

        static String rowGroupsSkipped(String by) {
            return "pqlabRowGroupsSkipped_" + by;
        }

        static CustomMetric[] all() {
            List<CustomMetric> out = new ArrayList<>(List.of(new Sum(BYTES, "pqlab bytes read (data pages)"),
                new Sum(STORAGE, "pqlab bytes read from storage (executors: footers, indexes, filters, pages)"),
                new Sum(SHIPPED, "pqlab bytes the executors took from the driver's reads (footers, indexes, filters,"
                        + " dictionaries) instead of storage"),
                new Sum(TO_DECIDE, "pqlab bytes read to decide (executors)"),
                // the page index is the one mechanism that tells pages apart, so every page skip is its
                new Sum(PAGES_SKIPPED, "pqlab pages skipped by page-index in row groups read"),
                new Sum(REQUESTS, "pqlab requests to storage (executors)"),
                new Sum(DRIVER_REQUESTS, "pqlab requests to storage to plan (driver; listing not counted)"),
                new Sum(ROWS, "pqlab rows returned"),
                new Sum(DRIVER_TO_DECIDE, "pqlab bytes read to decide (driver: indexes, filters, dictionaries)"),
                new Sum(DRIVER_FOOTERS, "pqlab footer bytes read (driver)"),
                new Sum(FILES_READ, "pqlab files read")));
            for (String by : DECIDERS) {
                out.add(new Sum(filesSkipped(by), "pqlab files skipped by " + by));
                out.add(new Sum(rowGroupsSkipped(by), "pqlab row groups skipped by " + by));
            }
            return out.toArray(new CustomMetric[0]);
        }
    }

    @Override
    public CustomTaskMetric[] reportDriverMetrics() {
        if (driverPlan == null) {
            return new CustomTaskMetric[0];
        }
        List<CustomTaskMetric> out = new ArrayList<>();
        out.add(TaskScan.metricOf(Metrics.DRIVER_TO_DECIDE, driverPlan.bytesToDecide()));
        out.add(TaskScan.metricOf(Metrics.DRIVER_FOOTERS,
                driverPlan.files().stream().mapToLong(DatasetPlan.FilePlan::footerBytesRead).sum()));
        out.add(TaskScan.metricOf(Metrics.FILES_READ, filesRead));
        out.add(TaskScan.metricOf(Metrics.DRIVER_REQUESTS, driverPlan.requests()));
        for (Map.Entry<String, long[]> e : driverPlan.skippedByMechanism().entrySet()) {
            if (Metrics.DECIDERS.contains(e.getKey())) {
                out.add(TaskScan.metricOf(Metrics.filesSkipped(e.getKey()), e.getValue()[0]));
                out.add(TaskScan.metricOf(Metrics.rowGroupsSkipped(e.getKey()), e.getValue()[1]));
            }
        }
        return out.toArray(new CustomTaskMetric[0]);
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
