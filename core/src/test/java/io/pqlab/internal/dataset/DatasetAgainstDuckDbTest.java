package io.pqlab.internal.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.Dataset;
import io.pqlab.DatasetOptions;
import io.pqlab.DatasetPlan;
import io.pqlab.DatasetScan;
import io.pqlab.Mechanism;
import io.pqlab.Query;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dataset's rows judged by DuckDB: for many conditions on partition columns, data columns and
 * both, the rows pqlab returns (file, row number) are those of DuckDB's
 * {@code read_parquet('dir/**&#47;*.parquet', hive_partitioning = true, union_by_name = true)}, in
 * the same order. Two datasets: 216 files by parquet-java (three partition keys of three types, a
 * column missing from a third of the files, a column INT32 in some files and INT64 in others, a
 * FLOAT one widened to DOUBLE), and 105 files by DuckDB's own {@code PARTITION_BY}.
 */
class DatasetAgainstDuckDbTest {
    @TempDir
    static Path dir;

    @AutoClose
    static Connection db;
    static Path pj;
    static Path dk;

    @BeforeAll
    static void write() throws Exception {
        pj = dir.resolve("pj");
        String[] regions = {"eu", "us", "a%20b"};
        int id = 0;
        for (int year = 2022; year <= 2024; year++) {
            for (String region : regions) {
                for (int day = 1; day <= 6; day++) {
                    for (int part = 0; part < 4; part++) {
                        boolean eu = region.equals("eu");
                        String amount = year == 2022 ? "int32" : "int64";
                        String ratio = year == 2023 ? "float" : "double";
                        String schema = "message m { required int64 id; optional " + amount + " amount; optional binary"
                                + " name (STRING); required double score; optional " + ratio + " ratio;"
                                + (eu ? " optional int64 extra;" : "") + " }";
                        List<Object[]> rows = new ArrayList<>();
                        for (int r = 0; r < 12; r++, id++) {
                            Object amt = year == 2022 ? (Object) (id * 7 % 1000) : (Object) (long) (id * 7 % 1000);
                            // tenths: no float is one (0.1f widened is 0.10000000149...), so rounding a literal to FLOAT would be seen
                            Object rat = year == 2023 ? (Object) (float) (r / 10.0) : (Object) (r / 10.0);
                            Object name = id % 5 == 0 ? null : "n" + (id % 13);
                            Object[] row = eu ? new Object[] {(long) id, amt, name, (id % 100) / 100.0, rat,
                                    id % 3 == 0 ? null : (long) (id % 9)}
                                    : new Object[] {(long) id, amt, name, (id % 100) / 100.0, rat};
                            rows.add(row);
                        }
                        TestFiles.write(pj.resolve("year=" + year + "/region=" + region + "/day=2024-01-0" + day
                                + "/part-" + part + ".parquet"), schema, rows, 6, 3);
                    }
                }
            }
        }
        db = DriverManager.getConnection("jdbc:duckdb:");
        dk = dir.resolve("dk");
        try (Statement s = db.createStatement()) {
            s.execute("COPY (SELECT i AS id, i % 7 AS k, DATE '2024-01-01' + CAST(i % 5 AS INTEGER) AS dt,"
                    + " 'c' || (i % 3) AS cat, CASE WHEN i % 4 = 0 THEN NULL ELSE i * 1.5 END AS v"
                    + " FROM range(0, 4200) t(i)) TO '" + dk + "' (FORMAT PARQUET, PARTITION_BY (cat, dt, k),"
                    + " ROW_GROUP_SIZE 20)");
        }
    }

    private static final List<String> PJ_CONDITIONS = List.of(
            "year = 2023", "year > 2022", "year IN (2022, 2024)", "year != 2023", "NOT (year = 2023)",
            "year < 2.5e3", "year = 2023.5", "year BETWEEN 2023 AND 2030",
            "region = 'eu'", "region = 'a b'", "region LIKE 'a%'", "region NOT IN ('us')",
            "day = DATE '2024-01-03'", "day BETWEEN DATE '2024-01-02' AND DATE '2024-01-04'", "day > DATE '2024-01-05'",
            "year = 2023 OR region = 'us'", "NOT (year = 2022 OR day < DATE '2024-01-04')",
            "id = 500", "id < 100", "amount > 900", "amount BETWEEN 100 AND 200", "amount = 7",
            "name IS NULL", "name = 'n7'", "name LIKE 'n1%'", "score >= 0.95",
            "extra IS NULL", "extra = 3", "extra > 5", "NOT (extra = 3)", "extra IS NOT NULL", "extra != 3",
            "extra IN (1, 2)", "extra NOT IN (1, 2)",
            "year = 2024 AND amount > 500", "region = 'eu' OR extra IS NULL", "(year = 2022 OR id < 50) AND name IS NOT NULL",
            "NOT (region = 'eu' AND extra > 2)", "year = 2023 AND id = 1234", "region = 'us' AND extra = 3",
            "region = 'us' AND extra IS NULL", "day = DATE '2024-01-01' AND (amount < 50 OR extra = 8)",
            "year = 2022 AND amount IN (7, 14, 21)", "region != 'eu' OR extra BETWEEN 2 AND 4");

    private static final List<String> DK_CONDITIONS = List.of(
            "k = 3", "k >= 5", "cat = 'c1'", "dt = DATE '2024-01-02'", "dt > DATE '2024-01-03' AND cat = 'c0'",
            "id = 777", "id < 30", "v IS NULL", "v > 6000", "k = 3 AND v IS NULL", "cat = 'c2' OR id < 10",
            "NOT (k = 1 OR cat = 'c1')", "k IN (1, 2) AND dt = DATE '2024-01-05' AND v < 100", "v BETWEEN 10 AND 20");

    /** DuckDB's rows: (file, row number) in file then row order. */
    private static List<String> duck(Path root, String condition) throws Exception {
        List<String> out = new ArrayList<>();
        try (Statement s = db.createStatement();
                ResultSet r = s.executeQuery("SELECT filename, file_row_number FROM read_parquet('" + root
                        + "/**/*.parquet', hive_partitioning = true, union_by_name = true, filename = true,"
                        + " file_row_number = true) WHERE " + condition + " ORDER BY filename, file_row_number")) {
            while (r.next()) {
                out.add(r.getString(1) + "#" + r.getLong(2));
            }
        }
        return out;
    }

    private static List<String> ours(Dataset d, Query q) throws IOException {
        List<String> out = new ArrayList<>();
        try (DatasetScan scan = d.scan(q)) {
            DatasetScan.Batch b;
            while ((b = scan.nextBatch()) != null) {
                for (int i = 0; i < b.rows().size(); i++) {
                    out.add(b.location() + "#" + b.rows().rowNumber(i));
                }
            }
        }
        return out;
    }

    private static void agree(Path root, List<String> conditions) throws Exception {
        agree(root, conditions, c -> c);
    }

    /** As above, DuckDB given {@code sql.apply(condition)}. */
    private static void agree(Path root, List<String> conditions, java.util.function.UnaryOperator<String> sql)
            throws Exception {
        try (Dataset d = Dataset.open(List.of(root.toString()), DatasetOptions.defaults())) {
            for (int i = 0; i < conditions.size(); i++) {
                String c = conditions.get(i);
                List<String> expected = duck(root, sql.apply(c));
                assertThat(ours(d, Query.where(c))).as(c).isEqualTo(expected);
                if (i % 3 == 0) {
                    // without partition pruning (nor the page index) the rows are the same
                    assertThat(ours(d, Query.where(c).using(Mechanism.setOf(Mechanism.STATISTICS))))
                            .as(c + " (statistics only)").isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void parquetJavaDatasetRowsAreDuckDbs() throws Exception {
        agree(pj, PJ_CONDITIONS);
    }

    @Test
    void duckDbPartitionedDatasetRowsAreDuckDbs() throws Exception {
        agree(dk, DK_CONDITIONS);
    }

    @Test
    void partitionTypesAreInferredAsDuckDbInfersThem() throws Exception {
        try (Dataset d = Dataset.open(pj.toString())) {
            assertThat(d.files()).hasSize(216);
            assertThat(d.partitionColumns()).containsExactly("year", "region", "day");
            assertThat(List.of(d.partitionType("year"), d.partitionType("region"), d.partitionType("day")))
                    .containsExactly("BIGINT", "VARCHAR", "DATE");
            assertThat(d.partitionValues(d.files().size() - 1).get("region")).isEqualTo("us");
        }
    }

    @Test
    void aFileRefutedByItsPartitionIsSkippedWithoutItsFooter() throws Exception {
        try (Dataset d = Dataset.open(pj.toString())) {
            DatasetPlan p = d.plan(Query.where("year = 2023 AND region = 'eu' AND id >= 0"));
            long skipped = p.files().stream().filter(f -> f.outcome() == DatasetPlan.Outcome.SKIPPED_BY_PARTITION).count();
            assertThat(skipped).isEqualTo(216 - 24);
            assertThat(p.files()).filteredOn(f -> f.outcome() == DatasetPlan.Outcome.SKIPPED_BY_PARTITION)
                    .allSatisfy(f -> {
                        assertThat(f.footerBytesRead()).isZero();
                        assertThat(f.plan()).isNull();
                        assertThat(f.reason()).contains("partition year=").contains("refute");
                    });
            assertThat(p.skippedByMechanism().get("partition")[0]).isEqualTo(216 - 24);
            assertThat(p.files()).filteredOn(f -> f.outcome() == DatasetPlan.Outcome.PLANNED)
                    .allSatisfy(f -> assertThat(f.footerBytesRead()).isPositive());
            // a file lacking the condition's column is ruled out by its schema
            DatasetPlan absent = d.plan(Query.where("extra = 3"));
            assertThat(absent.files()).filteredOn(f -> !f.location().contains("region=eu"))
                    .allSatisfy(f -> assertThat(f.outcome()).isEqualTo(DatasetPlan.Outcome.SKIPPED_BY_SCHEMA));
        }
    }

    @Test
    void aWarmCacheReadsNoFooterByte() throws Exception {
        Path cache = dir.resolve("cache-" + System.nanoTime());
        DatasetOptions o = DatasetOptions.defaults().withCache(cache);
        try (Dataset d = Dataset.open(List.of(dk.toString()), o)) {
            DatasetPlan cold = d.plan(Query.where("id < 30"));
            assertThat(cold.files()).allSatisfy(f -> assertThat(f.footerFromCache()).isFalse());
            assertThat(cold.files().stream().mapToLong(DatasetPlan.FilePlan::footerBytesRead).sum()).isPositive();
        }
        try (Dataset d = Dataset.open(List.of(dk.toString()), o)) {
            DatasetPlan warm = d.plan(Query.where("id < 30"));
            assertThat(warm.files()).allSatisfy(f -> {
                assertThat(f.footerFromCache()).isTrue();
                assertThat(f.footerBytesRead()).isZero();
            });
            assertThat(ours(d, Query.where("id < 30"))).isEqualTo(duck(dk, "id < 30"));
        }
    }

    @Test
    void aLimitStopsEarlyInDatasetOrder() throws Exception {
        try (Dataset d = Dataset.open(pj.toString())) {
            List<String> all = duck(pj, "amount > 500");
            assertThat(ours(d, Query.where("amount > 500").limit(25))).isEqualTo(all.subList(0, 25));
            assertThat(ours(d, Query.all().limit(3))).hasSize(3);
        }
    }

    /**
     * ratio is FLOAT in the 2023 files and DOUBLE in the others: the dataset reads it as DOUBLE, and
     * a condition compares the widened value with the literal as a double, in bounds and rows alike
     * ({@code ratio = 0.1} is false for the float 0.1f, which is 0.10000000149011612 as a double, the
     * value a scan returns). DuckDB compares so where it evaluates the condition itself (its
     * {@code IN}, or {@code ratio + 0 = 0.1}), but a comparison it pushes into the file's reader
     * casts the literal to that file's FLOAT, so its {@code ratio = 0.1} returns a row it prints as
     * 0.10000000149011612. The rows are held to DuckDB's own evaluation ({@code ratio + 0}); binding
     * the literal to the FLOAT files by rounding it to the nearest float would give DuckDB's
     * pushed-down rows instead, and fail here.
     */
    @Test
    void aConditionOnAColumnWidenedFromFloatComparesAsDoubles() throws Exception {
        List<String> conditions = List.of("ratio = 0.1", "ratio = 0.5", "ratio <= 0.3", "ratio < 0.3", "ratio > 0.7",
                "ratio >= 0.7", "ratio != 0.1", "ratio IN (0.1, 0.5, 0.9)", "ratio NOT IN (0.1, 0.2)",
                "ratio BETWEEN 0.2 AND 0.6", "NOT (ratio BETWEEN 0.2 AND 0.6)", "ratio > 1e-1", "ratio < 16777217",
                "ratio < 1e300", "ratio > -1e300", "year = 2023 AND ratio = 0.25", "ratio = 0.1 OR year = 2023");
        java.util.function.UnaryOperator<String> evaluated = c -> c.replace("ratio", "(ratio + 0)");
        agree(pj, conditions, evaluated);
        try (Dataset d = Dataset.open(pj.toString())) {
            // the two readings differ on these data: the test tells them apart
            assertThat(duck(pj, evaluated.apply("ratio = 0.1"))).isNotEmpty().noneMatch(r -> r.contains("year=2023"));
            assertThat(duck(pj, "ratio = 0.1")).anyMatch(r -> r.contains("year=2023"));
            assertThatThrownBy(() -> d.plan(Query.where("nope = 1"))).hasMessageContaining("nope");
        }
    }
}
