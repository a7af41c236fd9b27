package io.pqlab.spark;

import static io.pqlab.spark.SparkAgreementTest.rows;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hive-partitioned datasets written by Spark itself ({@code partitionBy}, with its {@code _SUCCESS}
 * and {@code .crc} files), read through {@code format("pqlab")} and through Spark's own
 * {@code parquet} source (with {@code mergeSchema}): the same rows for conditions on partition
 * columns, data columns and both, columnar and row by row.
 */
class SparkDatasetTest {
    private static SparkSession spark;
    @TempDir
    static Path dir;
    private static String table;
    /** One file of many row groups (ids sorted), for input partitions within a file. */
    private static String big;

    @BeforeAll
    static void write() {
        spark = SparkSession.builder().master("local[2]").appName("pqlab-dataset-tests")
                .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "2").getOrCreate();
        table = dir.resolve("t").toString();
        // 2023: id, amount, note; 2024: id, amount, extra (a column the 2023 files lack); small row
        // groups so that statistics skip within files too
        writeHive(rows2023(spark), 3, table, SaveMode.Overwrite);
        writeHive(spark.range(3000, 5000).selectExpr("id", "cast(id % 89 as int) as amount", "id % 11 as extra",
                "2024 as year", "case when id % 2 = 0 then 'eu' else 'us' end as region"), 2, table, SaveMode.Append);
        writeBig();
    }

    /** 3,000 rows of year 2023: id, amount, note (null in every seventh row), region (eu, us, apac). */
    static Dataset<Row> rows2023(SparkSession spark) {
        return spark.range(0, 3000).selectExpr("id", "cast(id % 97 as int) as amount",
                "case when id % 7 = 0 then null else concat('n', cast(id % 13 as string)) end as note",
                "2023 as year", "case when id % 3 = 0 then 'eu' when id % 3 = 1 then 'us' else 'apac' end as region");
    }

    /**
     * Writes {@code rows} into {@code table} partitioned by year and region, from {@code tasks}
     * tasks with their ids sorted, in row groups of about 8 KiB.
     */
    static void writeHive(Dataset<Row> rows, int tasks, String table, SaveMode mode) {
        rows.repartition(tasks).sortWithinPartitions("id")
                .write().option("parquet.block.size", "8192").partitionBy("year", "region").mode(mode)
                .parquet(table);
    }

    private static void writeBig() {
        big = dir.resolve("big").toString();
        spark.range(0, 20000).selectExpr("id", "cast(id % 101 as int) as amount",
                "concat('s', cast(id % 17 as string)) as note").coalesce(1)
                .write().option("parquet.block.size", "16384").mode(SaveMode.Overwrite).parquet(big);
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    private static Dataset<Row> theirs() {
        return spark.read().option("mergeSchema", "true").parquet(table);
    }

    @Test
    void spark_wrote_a_hive_layout_with_its_own_bookkeeping_files() throws Exception {
        List<String> names = new ArrayList<>();
        try (var s = Files.walk(Path.of(table))) {
            s.forEach(p -> names.add(p.getFileName().toString()));
        }
        assertThat(names).contains("_SUCCESS", "year=2023", "year=2024", "region=apac").anyMatch(n -> n.endsWith(".crc"));
    }

    @Test
    void conditions_on_partitions_data_and_both_give_sparks_rows() {
        String[] conditions = {"year = 2024", "region = 'apac'", "year = 2023 AND region <> 'eu'",
            "id BETWEEN 2990 AND 3010", "amount = 5 AND region = 'us'", "note IS NULL", "note = 'n3' OR year = 2024",
            "extra = 4", "extra IS NULL AND id < 20", "id IN (1, 2999, 3000, 4999, 7000)", "year = 2025",
            "region LIKE 'a%' AND amount > 90", "NOT (year = 2023) AND amount < 3"};
        List<String> columns = List.of("id", "amount", "note", "extra", "year", "region");
        for (String where : conditions) {
            Dataset<Row> ours = spark.read().format("pqlab").load(table).where(where);
            Dataset<Row> ref = theirs().where(where);
            String[] cols = columns.toArray(new String[0]);
            List<String> expected = rows(ref.selectExpr(cols));
            assertThat(rows(ours.selectExpr(cols))).as(where).isEqualTo(expected);
            assertThat(rows(spark.read().format("pqlab").option("columnar", "false").load(table).where(where)
                    .selectExpr(cols))).as("rows: " + where).isEqualTo(expected);
            assertThat(rows(ours.select("region", "id"))).as("projected: " + where)
                    .isEqualTo(rows(ref.select("region", "id")));
        }
        assertThat(spark.read().format("pqlab").load(table).count()).isEqualTo(5000);
    }

    @Test
    void flat_columns_are_read_as_columnar_batches() {
        Dataset<Row> ours = spark.read().format("pqlab").load(table).where("amount = 5");
        ours.collectAsList();
        String plan = ours.queryExecution().executedPlan().toString();
        assertThat(plan).contains("ColumnarToRow");
        Dataset<Row> rowsOnly = spark.read().format("pqlab").option("columnar", "false").load(table).where("amount = 5");
        rowsOnly.collectAsList();
        assertThat(rowsOnly.queryExecution().executedPlan().toString()).doesNotContain("ColumnarToRow");
    }

    static long metric(Dataset<Row> d, String name) {
        var leaf = d.queryExecution().executedPlan().collectLeaves().head();
        return ((org.apache.spark.sql.execution.metric.SQLMetric) leaf.metrics().get(name).get()).value();
    }

    @Test
    void metrics_say_what_the_driver_skipped_and_the_executors_returned() throws Exception {
        long files2023;
        try (var s = Files.walk(Path.of(table, "year=2023"))) {
            files2023 = s.filter(p -> p.getFileName().toString().endsWith(".parquet")).count();
        }
        spark.conf().set("spark.sql.adaptive.enabled", "false");
        try {
            Dataset<Row> all = spark.read().format("pqlab").load(table).where("year = 2024 AND amount = 5");
            List<Row> got = all.collectAsList();
            assertThat((long) got.size()).isEqualTo(theirs().where("year = 2024 AND amount = 5").count());
            assertThat(metric(all, PqlabScan.Metrics.filesSkipped("partition"))).isEqualTo(files2023);
            // pqlab's condition is exact: the rows it handed Spark are the matching rows
            assertThat(metric(all, PqlabScan.Metrics.ROWS)).isEqualTo(got.size());
            assertThat(metric(all, PqlabScan.Metrics.BYTES)).isPositive();
            assertThat(metric(all, PqlabScan.Metrics.DRIVER_FOOTERS)).isPositive();
            // every file planned costs the driver a footer read at least, every file read a task's
            long planned = countParquet(Path.of(table, "year=2024"));
            assertThat(metric(all, PqlabScan.Metrics.DRIVER_REQUESTS)).isGreaterThanOrEqualTo(planned);
            assertThat(metric(all, PqlabScan.Metrics.REQUESTS))
                    .isGreaterThanOrEqualTo(metric(all, PqlabScan.Metrics.FILES_READ)).isPositive();
        } finally {
            spark.conf().unset("spark.sql.adaptive.enabled");
        }
    }

    private static long countParquet(Path dir) throws Exception {
        try (var s = Files.walk(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".parquet")).count();
        }
    }

    /** The big file's row groups as parquet-java's footer gives them: {min id, max id} each. */
    private static List<long[]> bigRowGroups() throws Exception {
        Path file;
        try (var s = Files.list(Path.of(big))) {
            file = s.filter(p -> p.getFileName().toString().endsWith(".parquet")).findFirst().orElseThrow();
        }
        List<long[]> out = new ArrayList<>();
        var in = org.apache.parquet.hadoop.util.HadoopInputFile.fromPath(
                new org.apache.hadoop.fs.Path(file.toUri()), new org.apache.hadoop.conf.Configuration());
        try (var r = org.apache.parquet.hadoop.ParquetFileReader.open(in)) {
            for (var b : r.getFooter().getBlocks()) {
                var st = b.getColumns().get(0).getStatistics();
                out.add(new long[] {(Long) st.genericGetMin(), (Long) st.genericGetMax()});
            }
        }
        return out;
    }

    @Test
    void a_file_split_into_partitions_by_bytes_returns_every_row_once() throws Exception {
        List<long[]> groups = bigRowGroups();
        assertThat(groups).as("the file has many row groups").hasSizeGreaterThan(8);
        // 1 byte: every kept row group is a partition of its own; 200k: a few row groups each
        String[][] cases = {{"1", null}, {"1", "amount = 7"}, {"1", "note = 's3' AND id BETWEEN 3000 AND 9000"},
            {"200k", null}};
        for (String[] c : cases) {
            Dataset<Row> ref = spark.read().parquet(big);
            Dataset<Row> ours = spark.read().format("pqlab").option("maxPartitionBytes", c[0])
                    .option("openCostInBytes", "0").load(big);
            assertThat(rows(c[1] == null ? ours : ours.where(c[1]))).as(c[0] + ": " + c[1])
                    .isEqualTo(rows(c[1] == null ? ref : ref.where(c[1])));
        }
        // kept row groups are the partitions at 1 byte: those whose id range meets [5000, 12000), by parquet-java's footer
        long meeting = groups.stream().filter(g -> g[1] >= 5000 && g[0] < 12000).count();
        Dataset<Row> split = spark.read().format("pqlab").option("maxPartitionBytes", "1").load(big)
                .where("id >= 5000 AND id < 12000");
        assertThat(split.rdd().getNumPartitions()).isEqualTo((int) meeting);
        assertThat(meeting).isLessThan(groups.size());
        // each partition's rows are its own: counted per partition, they add up to the rows, none twice
        List<Row> perPartition = split.selectExpr("spark_partition_id() as p", "id").groupBy("p")
                .agg(org.apache.spark.sql.functions.count("id").as("n"),
                        org.apache.spark.sql.functions.countDistinct("id").as("d")).collectAsList();
        assertThat(perPartition).hasSize((int) meeting);
        assertThat(perPartition.stream().mapToLong(r -> r.getLong(1)).sum()).isEqualTo(7000);
        assertThat(split.select("id").distinct().count()).isEqualTo(7000);
        Dataset<Row> whole = spark.read().format("pqlab").load(big).where("id >= 5000 AND id < 12000");
        assertThat(whole.rdd().getNumPartitions()).isEqualTo(1);
    }

    /** A partition as Spark sends it to an executor: Java-serialised, in bytes. */
    private static int serialisedSize(Object partition) throws Exception {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        try (java.io.ObjectOutputStream o = new java.io.ObjectOutputStream(b)) {
            o.writeObject(partition);
        }
        return b.size();
    }

    private static List<PqlabPartition> partitions(Dataset<Row> d) {
        List<PqlabPartition> out = new ArrayList<>();
        for (var leaf : scala.jdk.javaapi.CollectionConverters.asJava(d.queryExecution().executedPlan().collectLeaves())) {
            if (leaf instanceof org.apache.spark.sql.execution.datasources.v2.BatchScanExec b) {
                scala.jdk.javaapi.CollectionConverters.asJava(b.inputPartitions())
                        .forEach(p -> out.add((PqlabPartition) p));
            }
        }
        return out;
    }

    @Test
    void what_the_driver_hands_each_task_is_bounded_and_the_answer_is_the_same_without_it() throws Exception {
        // 40 files of 100 columns in a few row groups (footers of tens of KB), packed into 2 tasks:
        // handed whole, each task would carry about a megabyte of footers
        Path wide = dir.resolve("wide");
        StringBuilder cols = new StringBuilder("id");
        for (int c = 0; c < 100; c++) {
            cols.append(", id * ").append(c + 1).append(" as c").append(c);
        }
        Path one = dir.resolve("wide-one");
        spark.range(0, 3000).selectExpr(cols.toString().split(", ")).coalesce(1).write()
                .option("parquet.block.size", "1048576").mode(SaveMode.Overwrite).parquet(one.toString());
        Path file;
        try (var s = Files.list(one)) {
            file = s.filter(f -> f.toString().endsWith(".parquet")).findFirst().orElseThrow();
        }
        Files.createDirectories(wide);
        for (int i = 0; i < 40; i++) {
            Files.copy(file, wide.resolve(String.format("part-%03d.parquet", i)));
        }
        long footer = Files.size(file) - 8 - java.nio.ByteBuffer.wrap(Files.readAllBytes(file), (int) Files.size(file) - 8, 4)
                .order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
        long footerBytes = Files.size(file) - footer;
        assertThat(footerBytes).as("a wide footer that fits the bound a few times").isBetween(16L << 10,
                PqlabScan.Sizing.SHIP_BYTES / 3);
        for (String ship : new String[] {null, "0"}) {
            var reader = spark.read().format("pqlab").option("maxPartitionBytes", "1g").option("openCostInBytes", "0");
            Dataset<Row> d = (ship == null ? reader : reader.option("shipBytes", ship)).load(wide.toString())
                    .where("id = 5 OR c7 = 16000");
            List<PqlabPartition> parts = partitions(d);
            assertThat(parts).hasSize(2);
            long most = 0;
            long placed = 0;
            long whole = 0;
            for (PqlabPartition p : parts) {
                most = Math.max(most, serialisedSize(p));
                long handed = 0;
                for (Splits.Piece piece : p.pieces()) {
                    placed += piece.shipped().footerStart() >= 0 ? 1 : 0;
                    whole += piece.shipped().size() >= footerBytes ? 1 : 0;
                    handed += piece.shipped().size();
                }
                assertThat(handed).isLessThanOrEqualTo(ship == null ? PqlabScan.Sizing.SHIP_BYTES : 0);
            }
            System.out.printf("shipBytes %s: %d pieces, footers placed %d, handed whole %d, footer %d bytes, largest"
                    + " task partition %d bytes%n", ship, parts.stream().mapToInt(p -> p.pieces().size()).sum(), placed,
                    whole, footerBytes, most);
            // every piece knows its footer's place; footers are handed whole while they fit
            assertThat(placed).isEqualTo(40);
            assertThat(whole).isEqualTo(ship == null ? 2 * (PqlabScan.Sizing.SHIP_BYTES / footerBytes) : 0);
            assertThat(most).isLessThan((ship == null ? PqlabScan.Sizing.SHIP_BYTES : 0) + (32 << 10));
            // handed or not, the same answer: 2 rows a file
            assertThat(d.selectExpr("id", "c7").collectAsList()).hasSize(80);
        }
    }

    @Test
    void an_s3_dataset_is_listed_on_the_driver_and_read_by_the_executors_through_the_same_store() throws Exception {
        // the AWS SDK's default chain finds these (driver and executors share this JVM in local mode)
        System.setProperty("aws.accessKeyId", "pqlab-test");
        System.setProperty("aws.secretAccessKey", "pqlab-test-secret");
        System.setProperty("aws.disableEc2Metadata", "true");
        try (TinyS3 server = new TinyS3(Path.of(table))) {
            String url = "s3://" + TinyS3.BUCKET + "/";
            String[] cols = {"id", "amount", "note", "extra", "year", "region"};
            for (String where : new String[] {"year = 2024 AND amount = 5", "region = 'apac' OR id < 50"}) {
                long[] lists = new long[2];
                int[] tasks = new int[2];
                String[] sizes = {"1", "1g"};
                for (int i = 0; i < 2; i++) {
                    server.log.clear();
                    // at 1 byte one task per kept row group, each opening its file through the store
                    Dataset<Row> ours = spark.read().format("pqlab").option("s3.endpoint", server.endpoint().toString())
                            .option("maxPartitionBytes", sizes[i]).load(url).where(where);
                    assertThat(rows(ours.selectExpr(cols))).as(where).isEqualTo(rows(theirs().where(where).selectExpr(cols)));
                    tasks[i] = ours.rdd().getNumPartitions();
                    assertThat(server.log).anyMatch(l -> l.startsWith("GET ") && l.contains("bytes="));
                    lists[i] = server.log.stream().filter(l -> l.startsWith("LIST")).count();
                }
                assertThat(tasks[0]).as(where).isGreaterThan(tasks[1]);
                // the executors read ranges of the objects the driver listed and never list again:
                // as many listings with many tasks as with few
                assertThat(lists[0]).as(where).isEqualTo(lists[1]);
            }
        }
    }
}
