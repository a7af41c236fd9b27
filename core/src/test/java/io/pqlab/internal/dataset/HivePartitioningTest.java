package io.pqlab.internal.dataset;

import io.pqlab.io.ListedFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.DatasetException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Partition types and values judged by DuckDB: for each set of directory values, DuckDB's
 * {@code read_parquet(..., hive_partitioning = true)} says the column's type and each file's value,
 * and ours must say the same.
 */
class HivePartitioningTest {
    @TempDir
    Path dir;

    /** Value sets, one partition key each; every set is one dataset. */
    private static final List<List<String>> SETS = List.of(
            List.of("1", "-5", "0", "20240131", "9223372036854775807", "-9223372036854775808", "-0"),
            List.of("1", "007"),
            List.of("+5"),
            List.of("9223372036854775808"),
            List.of("1.5", "2"),
            List.of("1e3"),
            List.of("2024-01-31", "2024-1-5", "1970-01-01"),
            List.of("2024-13-01"),
            List.of("2024-01-31 12:00:00", "2024-01-31T12:00:00", "2024-01-31 12:00", "2024-01-31 12:00:00.123",
                    "2024-01-31 12:00:00.123456789", "2024-01-31 12:00:00Z"),
            List.of("2024-01-01", "2024-01-01 10:00:00"),
            List.of("2024-01-01", "1"),
            List.of("abc", "a%20b", "a%2Fb", "%41", "a+b", "x%", "a%3Db", "caf%C3%A9"),
            // DuckDB infers from the text as written: escaped, a timestamp (as its PARTITION_BY
            // writes one) or a number is a string
            List.of("2024-01-01%2010%3A00%3A00", "2024-01-02%2010%3A00%3A00"),
            List.of("%31", "2"),
            List.of("2024-01-0%31"),
            List.of("true", "false"),
            List.of("12:00:00"),
            List.of("", "1"));

    @Test
    void typesAndValuesAreDuckDbs() throws Exception {
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:"); Statement s = db.createStatement()) {
            int n = 0;
            for (List<String> set : SETS) {
                Path root = dir.resolve("set" + n++);
                List<ListedFile> files = new ArrayList<>();
                for (int i = 0; i < set.size(); i++) {
                    Path d = root.resolve("k=" + set.get(i));
                    Files.createDirectories(d);
                    Path f = d.resolve("f.parquet");
                    s.execute("COPY (SELECT " + i + " AS i) TO '" + f + "' (FORMAT PARQUET)");
                    files.add(new ListedFile(f.toString(), Files.size(f), "mtime:0"));
                }
                HivePartitioning ours = HivePartitioning.of(files, Map.of());
                assertThat(ours.columns()).hasSize(1);
                try (ResultSet r = s.executeQuery("SELECT i, typeof(k), k::VARCHAR FROM read_parquet('" + root
                        + "/**/*.parquet', hive_partitioning = true) ORDER BY i")) {
                    while (r.next()) {
                        int i = r.getInt(1);
                        String where = "values " + set + ", file " + i;
                        assertThat(ours.columns().get(0).type().name()).as(where).isEqualTo(r.getString(2));
                        assertThat(text(ours.values().get(i).get(0))).as(where).isEqualTo(r.getString(3));
                    }
                }
            }
        }
    }

    /** A value printed as DuckDB casts it to VARCHAR. */
    private static String text(Object v) {
        if (v instanceof LocalDateTime t) {
            String s = t.format(java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
            int micros = t.getNano() / 1000;
            return micros == 0 ? s : s + "." + String.format("%06d", micros).replaceAll("0+$", "");
        }
        return v == null ? null : v.toString();
    }

    private static ListedFile file(String location) {
        return new ListedFile(location, 10, "mtime:0");
    }

    @Test
    void nullsAreTheHiveDefaultAndNullAndTakeNoPartInInference() {
        HivePartitioning p = HivePartitioning.of(List.of(file("d/k=1/f"), file("d/k=__HIVE_DEFAULT_PARTITION__/f"),
                file("d/k=NULL/f")), Map.of());
        assertThat(p.columns()).containsExactly(new HivePartitioning.Column("k", PartitionType.BIGINT));
        assertThat(p.values()).containsExactly(List.of(1L), Arrays.asList((Object) null), Arrays.asList((Object) null));
        // all null: a string column
        assertThat(HivePartitioning.of(List.of(file("d/k=NULL/f")), Map.of()).columns().get(0).type())
                .isEqualTo(PartitionType.VARCHAR);
    }

    @Test
    void severalKeysInPathOrderAndDeclaredTypes() {
        List<ListedFile> files = List.of(file("s3://b/t/y=2024/price=1.50/d=2024-01-02/f"),
                file("s3://b/t/y=2023/price=2/d=2024-01-03/f"));
        HivePartitioning p = HivePartitioning.of(files, Map.of());
        assertThat(p.columns()).extracting(HivePartitioning.Column::name).containsExactly("y", "price", "d");
        assertThat(p.columns()).extracting(HivePartitioning.Column::type).containsExactly(PartitionType.BIGINT,
                PartitionType.VARCHAR, PartitionType.DATE);
        HivePartitioning declared = HivePartitioning.of(files, Map.of("price", PartitionType.DECIMAL, "y",
                PartitionType.VARCHAR, "d", PartitionType.TIMESTAMP));
        assertThat(declared.values().get(0)).containsExactly("2024", new BigDecimal("1.50"),
                LocalDate.of(2024, 1, 2).atStartOfDay());
        assertThat(HivePartitioning.of(files, Map.of("price", PartitionType.DOUBLE)).values().get(1).get(1))
                .isEqualTo(2.0);
        assertThatThrownBy(() -> HivePartitioning.of(files, Map.of("d", PartitionType.BIGINT)))
                .isInstanceOf(DatasetException.class)
                .hasMessageContaining("s3://b/t/y=2024/price=1.50/d=2024-01-02/f")
                .hasMessageContaining("'2024-01-02'").hasMessageContaining("BIGINT");
        assertThatThrownBy(() -> HivePartitioning.of(files, Map.of("z", PartitionType.BIGINT)))
                .isInstanceOf(DatasetException.class).hasMessageContaining("'z'");
    }

    /** Found by DatasetFuzzTest: a declared DECIMAL of 1e100000000 hung the run (rescaled to scale 0). */
    @Test
    void aDecimalBeyondThirtyEightDigitsIsNotADecimal() {
        for (String v : List.of("1e100000000", "1e-100000000", "1" + "0".repeat(39))) {
            List<ListedFile> files = List.of(file("s3://b/t/n=" + v + "/f"), file("s3://b/t/n=1.5/f"));
            assertThatThrownBy(() -> HivePartitioning.of(files, Map.of("n", PartitionType.DECIMAL)))
                    .as(v).isInstanceOf(DatasetException.class).hasMessageContaining("DECIMAL");
        }
        List<ListedFile> ok = List.of(file("s3://b/t/n=" + "9".repeat(38) + "/f"), file("s3://b/t/n=0." + "1".repeat(38) + "/f"));
        assertThat(HivePartitioning.of(ok, Map.of("n", PartitionType.DECIMAL)).values().get(0).get(0))
                .isEqualTo(new BigDecimal("9".repeat(38)));
    }

    @Test
    void inconsistentKeysAreAClearErrorNamingBothFiles() {
        assertThatThrownBy(() -> HivePartitioning.of(List.of(file("d/a=1/b=2/f"), file("d/a=1/f")), Map.of()))
                .isInstanceOf(DatasetException.class)
                .hasMessageContaining("d/a=1/b=2/f has keys a, b but d/a=1/f has keys a");
        // the same keys in another order are the same partitioning
        assertThat(HivePartitioning.of(List.of(file("d/a=1/b=2/f"), file("d/b=3/a=4/f")), Map.of()).values())
                .containsExactly(List.of(1L, 2L), List.of(4L, 3L));
    }

    @Test
    void keysAreDecodedAndUrlsHostsAreNotDirectories() {
        assertThat(HivePartitioning.parse("https://h=1.example/x%20y=a%2Fb/f.parquet?v=2"))
                .isEqualTo(Map.of("x y", "a/b"));
        Map<String, String> deepest = new HashMap<>(HivePartitioning.parse("/a/k=1/k=2/f"));
        assertThat(deepest).isEqualTo(Map.of("k", "2"));
        assertThat(HivePartitioning.parse("k=1.parquet")).isEmpty(); // a file's name is no partition
    }
}
