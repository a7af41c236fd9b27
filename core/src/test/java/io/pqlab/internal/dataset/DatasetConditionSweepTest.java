package io.pqlab.internal.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.Dataset;
import io.pqlab.DatasetOptions;
import io.pqlab.Query;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hundreds of generated conditions on partition columns, data columns and both, over two generated
 * hive datasets ({@link DatasetSweep}: one by parquet-java with three key types, a widened INT32
 * and a widened FLOAT column and a column most files lack; one by DuckDB's own PARTITION_BY):
 * for every condition pqlab's rows, each with its file, row number and every column's value, equal
 * DuckDB's {@code read_parquet(..., hive_partitioning = true, union_by_name = true)}, in the same
 * order. DuckDB judges all of a dataset's conditions in one query.
 */
class DatasetConditionSweepTest {
    @TempDir
    static Path dir;

    @AutoClose
    static Connection db;
    static Path pj;
    static Path dk;
    static int pjFiles;

    @BeforeAll
    static void write() throws Exception {
        long t0 = System.nanoTime();
        if (System.getProperty("pqlab.sweep.keep") != null) { // to look at the files after a failure
            dir = Path.of(System.getProperty("pqlab.sweep.keep"));
        }
        pj = dir.resolve("pj");
        pjFiles = DatasetSweep.writeParquetJava(pj, 15, 90);
        db = DriverManager.getConnection("jdbc:duckdb:");
        dk = dir.resolve("dk");
        DatasetSweep.writeDuckDb(db, dk, 600);
        DatasetSweep.load(db, pj, "pj");
        DatasetSweep.load(db, dk, "dk");
        System.err.printf("sweep: %d files written and read by DuckDB in %d ms%n", pjFiles,
                (System.nanoTime() - t0) / 1_000_000);
    }

    /**
     * Each condition's rows from pqlab against DuckDB's, in count, order and value; every
     * difference is reported, a few shown.
     */
    static void agree(Dataset d, String table, List<String> columns, List<String> conditions,
            java.util.function.UnaryOperator<String> local) throws Exception {
        long t0 = System.nanoTime();
        DatasetSweep.Rows rows = DatasetSweep.rows(db, table, columns);
        List<int[]> expected = DatasetSweep.duckDb(db, table, conditions);
        long t1 = System.nanoTime();
        List<String> wrong = new ArrayList<>();
        int some = 0;
        for (int i = 0; i < conditions.size(); i++) {
            String c = conditions.get(i);
            List<String> values = new ArrayList<>();
            int[] ours = DatasetSweep.pqlab(d, Query.where(c), columns, local, rows, values);
            if (!java.util.Arrays.equals(ours, expected.get(i)) || !values.isEmpty()) {
                wrong.add(c + ": pqlab " + ours.length + " rows, DuckDB " + expected.get(i).length
                        + (wrong.size() < 3 ? "; pqlab " + java.util.Arrays.toString(java.util.Arrays.copyOf(ours,
                                Math.min(5, ours.length))) + ", DuckDB " + java.util.Arrays.toString(java.util.Arrays
                                .copyOf(expected.get(i), Math.min(5, expected.get(i).length))) + " "
                                + values.stream().limit(2).toList() : ""));
            }
            some += expected.get(i).length == 0 ? 0 : 1;
        }
        System.err.printf("sweep %s: %d conditions over %d rows, DuckDB %d ms, pqlab %d ms%n", table, conditions.size(),
                rows.size(), (t1 - t0) / 1_000_000, (System.nanoTime() - t1) / 1_000_000);
        assertThat(wrong).as(wrong.size() + " of " + conditions.size() + " conditions differ").isEmpty();
        // the conditions tell rows apart: most match some rows
        assertThat(some).isGreaterThan(conditions.size() / 2);
    }

    @Test
    void parquetJavaDatasetRowsAreDuckDbsForHundredsOfConditions() throws Exception {
        // what the dataset is said to hold, as DuckDB reads its files
        assertThat(pjFiles).isBetween(100, 130);
        assertThat(DatasetSweep.distinct(db, "SELECT type FROM parquet_schema('" + pj + "/**/*.parquet') WHERE name = 'amount'"))
                .containsExactly("INT32", "INT64");
        assertThat(DatasetSweep.distinct(db, "SELECT type FROM parquet_schema('" + pj + "/**/*.parquet') WHERE name = 'ratio'"))
                .containsExactly("DOUBLE", "FLOAT");
        assertThat(DatasetSweep.distinct(db, "SELECT count(DISTINCT filename) < " + pjFiles
                + " FROM read_parquet('" + pj + "/**/*.parquet', union_by_name = true, filename = true) WHERE extra IS NOT NULL"))
                .containsExactly("true");
        List<String> conditions = DatasetSweep.conditions(db, "pj", DatasetSweep.PJ_COLUMNS, DatasetSweep.PJ_PARTITIONS,
                90, 15);
        assertThat(conditions.size()).isGreaterThan(300);
        try (Dataset d = Dataset.open(List.of(pj.toString()), DatasetOptions.defaults())) {
            assertThat(d.partitionColumns()).containsExactly("g", "s", "d");
            agree(d, "pj", DatasetSweep.PJ_COLUMNS, conditions, l -> l);
        }
    }

    @Test
    void duckDbDatasetRowsAreDuckDbsForHundredsOfConditions() throws Exception {
        List<String> conditions = DatasetSweep.conditions(db, "dk", DatasetSweep.DK_COLUMNS, DatasetSweep.DK_PARTITIONS,
                60, 16);
        assertThat(conditions.size()).isGreaterThan(150);
        try (Dataset d = Dataset.open(List.of(dk.toString()), DatasetOptions.defaults())) {
            assertThat(d.partitionType("ts")).isEqualTo("VARCHAR");
            agree(d, "dk", DatasetSweep.DK_COLUMNS, conditions, l -> l);
        }
    }
}
