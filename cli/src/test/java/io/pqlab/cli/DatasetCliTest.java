package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * skipping, footer and schema on a dataset: a hive-partitioned directory written by DuckDB (the
 * independent writer), with the expected counts taken from DuckDB's reading of each file.
 */
class DatasetCliTest {
    @TempDir
    static Path dir;

    /** Per file (absolute path): its rows, its smallest id, and the rows matching the test's condition. */
    record Contents(long rows, long minId, long matching) {}

    static final Map<String, Contents> FILES = new HashMap<>();
    static final String WHERE = "year >= 1 AND id < 150";

    @BeforeAll
    static void write() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            // year=0: ids 0..99, year=1: 100..199, year=2: 200..299
            s.execute("COPY (SELECT i AS id, i // 100 AS year, 'v' || i AS name FROM range(0, 300) t(i)) TO '"
                    + dir.resolve("t") + "' (FORMAT PARQUET, PARTITION_BY (year))");
            for (Path f : files(dir.resolve("t"))) {
                try (ResultSet r = s.executeQuery("SELECT count(*), min(id), count(*) FILTER (WHERE year >= 1 AND id < 150)"
                        + " FROM read_parquet('" + f + "', hive_partitioning = true)")) {
                    r.next();
                    FILES.put(f.toString(), new Contents(r.getLong(1), r.getLong(2), r.getLong(3)));
                }
            }
        }
        assertThat(FILES).hasSize(3);
    }

    static List<Path> files(Path root) throws Exception {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
        }
    }

    @Test
    void skippingADirectoryPrunesByPartitionAndStatistics() {
        Cli.Result r = Cli.run("skipping", dir.resolve("t").toString(), "--where", WHERE, "--json");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode j = r.json();
        long byPartition = FILES.keySet().stream().filter(f -> f.contains("year=0")).count();
        // a file with no id below 150 is ruled out by its statistics (its minimum is exact here)
        long byStatistics = FILES.entrySet().stream()
                .filter(e -> !e.getKey().contains("year=0") && e.getValue().minId() >= 150).count();
        JsonNode t = j.get("totals");
        assertThat(t.get("files").asLong()).isEqualTo(FILES.size());
        assertThat(t.get("skipped_by").get("partition").get("files").asLong()).isEqualTo(byPartition);
        assertThat(t.get("skipped_by").get("statistics").get("files").asLong()).isEqualTo(byStatistics);
        assertThat(t.get("files_read").asLong()).isEqualTo(FILES.size() - byPartition - byStatistics);
        long matching = FILES.values().stream().mapToLong(Contents::matching).sum();
        assertThat(t.get("rows_kept").asLong()).isGreaterThanOrEqualTo(matching).isPositive();
        // the one rule: every file holding a matching row is read
        List<String> read = new ArrayList<>();
        for (JsonNode f : j.get("files")) {
            if (f.get("outcome").asText().equals("read")) {
                read.add(Path.of(f.get("file").asText()).toAbsolutePath().toString());
            } else {
                assertThat(f.get("reason").asText()).isNotEmpty();
            }
        }
        FILES.forEach((f, c) -> {
            if (c.matching() > 0) {
                assertThat(read).contains(f);
            }
        });
        assertThat(read).hasSize((int) t.get("files_read").asLong());
    }

    @Test
    void aGlobAndSeveralPathsAreDatasetsToo() throws Exception {
        Cli.Result glob = Cli.run("skipping", dir.resolve("t") + "/*/*.parquet", "--where", WHERE);
        assertThat(glob.exit()).as(glob.err()).isZero();
        assertThat(glob.out()).contains("files: 3 planned, 1 read, 2 skipped").contains("partition")
                .contains("statistics").contains("year=1");
        List<String> args = new ArrayList<>(List.of("skipping"));
        List<Path> two = files(dir.resolve("t")).subList(1, 3);
        two.forEach(p -> args.add(p.toString()));
        args.addAll(List.of("--where", WHERE, "--json"));
        Cli.Result r = Cli.run(args.toArray(new String[0]));
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.json().get("totals").get("files").asLong()).isEqualTo(2);
    }

    @Test
    void schemaAndFooterMergeTheFiles() {
        Cli.Result r = Cli.run("schema", dir.resolve("t").toString(), "--json", "--partition", "year:VARCHAR");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("partition_columns").get(0).get("type").asText()).isEqualTo("VARCHAR");
        List<String> cols = new ArrayList<>();
        j.get("columns").forEach(c -> cols.add(c.get("path").asText()));
        assertThat(cols).containsExactly("id", "name");
        long rows = 0;
        for (JsonNode f : j.get("files")) {
            rows += f.get("num_rows").asLong();
        }
        assertThat(rows).isEqualTo(FILES.values().stream().mapToLong(Contents::rows).sum());
        Cli.Result footer = Cli.run("footer", dir.resolve("t").toString());
        assertThat(footer.exit()).as(footer.err()).isZero();
        assertThat(footer.out().lines().filter(l -> l.contains(".parquet"))).hasSize(FILES.size());
    }

    @Test
    void anEmptyGlobIsOneLine() {
        Cli.Result r = Cli.run("skipping", dir.resolve("t") + "/*/nothing*.parquet", "--where", WHERE);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).contains("nothing*.parquet").doesNotContain("internal error");
    }

    @Test
    void aBadFileStopsTheRunUnlessSkipped() throws Exception {
        Path root = dir.resolve("bad");
        for (Path f : files(dir.resolve("t"))) {
            Path to = root.resolve(dir.resolve("t").relativize(f));
            Files.createDirectories(to.getParent());
            Files.copy(f, to);
        }
        Path bad = root.resolve("year=1/broken.parquet");
        Files.write(bad, "PAR1 this is not a parquet file PAR1".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        Cli.Result r = Cli.run("skipping", root.toString(), "--where", WHERE);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).contains("broken.parquet").doesNotContain("internal error");
        Cli.Result footer = Cli.run("footer", root.toString());
        assertThat(footer.exit()).isEqualTo(2);
        assertThat(footer.errLines()).hasSize(1);
        assertThat(footer.err()).contains("broken.parquet");
        Cli.Result skipped = Cli.run("skipping", root.toString(), "--where", WHERE, "--skip-bad-files", "--json");
        assertThat(skipped.exit()).as(skipped.err()).isZero();
        JsonNode t = skipped.json().get("totals");
        assertThat(t.get("files").asLong()).isEqualTo(4);
        assertThat(t.get("files_bad").asLong()).isEqualTo(1);
        assertThat(t.get("files_read").asLong()).isEqualTo(1);
    }
}
