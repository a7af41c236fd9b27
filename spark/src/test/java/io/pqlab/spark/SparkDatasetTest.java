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

    @BeforeAll
    static void write() {
        spark = SparkSession.builder().master("local[2]").appName("pqlab-dataset-tests")
                .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "2").getOrCreate();
        table = dir.resolve("t").toString();
        // 2023: id, amount, note; 2024: id, amount, extra (a column the 2023 files lack); small row
        // groups so that statistics skip within files too
        spark.range(0, 3000).selectExpr("id", "cast(id % 97 as int) as amount",
                "case when id % 7 = 0 then null else concat('n', cast(id % 13 as string)) end as note",
                "2023 as year", "case when id % 3 = 0 then 'eu' when id % 3 = 1 then 'us' else 'apac' end as region")
                .repartition(3).sortWithinPartitions("id")
                .write().option("parquet.block.size", "8192").partitionBy("year", "region").mode(SaveMode.Overwrite)
                .parquet(table);
        spark.range(3000, 5000).selectExpr("id", "cast(id % 89 as int) as amount", "id % 11 as extra",
                "2024 as year", "case when id % 2 = 0 then 'eu' else 'us' end as region")
                .repartition(2).sortWithinPartitions("id")
                .write().option("parquet.block.size", "8192").partitionBy("year", "region").mode(SaveMode.Append)
                .parquet(table);
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
}
