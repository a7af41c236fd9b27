package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.pqlab.s3.S3Server;
import java.nio.file.Files;
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
 * scan and requests on a dataset, held to DuckDB's
 * {@code read_parquet(..., hive_partitioning = true, union_by_name = true)}: a hive layout written
 * by DuckDB with two partition keys, a column one file alone has, a column INT32 in most files
 * and BIGINT in one, and a README and a notes file beside the data (a directory is no bad file
 * for them). The same dataset through s3proxy: the same rows, and the requests the server saw are
 * the ones pqlab reports.
 */
class DatasetScanCliTest {
    @TempDir
    static Path dir;

    static Path t;
    @AutoClose
    static Connection db;
    @AutoClose
    static S3Server s3;

    @BeforeAll
    static void write() throws Exception {
        t = dir.resolve("t");
        db = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement s = db.createStatement()) {
            s.execute("COPY (SELECT i AS id, i // 100 AS year, CASE WHEN i % 2 = 0 THEN 'eu' ELSE 'us' END AS region,"
                    + " CASE WHEN i % 11 = 0 THEN NULL ELSE 'v' || i END AS name, CAST(i * 3 AS INTEGER) AS amount"
                    + " FROM range(0, 300) r(i)) TO '" + t + "' (FORMAT PARQUET, PARTITION_BY (year, region),"
                    + " ROW_GROUP_SIZE 40)");
            Path extra = t.resolve("year=3/region=eu/extra.parquet");
            Files.createDirectories(extra.getParent());
            s.execute("COPY (SELECT i AS id, 'x' || i AS name, CAST(i * 3 AS BIGINT) AS amount, i % 7 AS extra"
                    + " FROM range(300, 360) r(i)) TO '" + extra + "' (FORMAT PARQUET)");
        }
        Files.writeString(t.resolve("README.md"), "# the test's data\n");
        Files.writeString(t.resolve("year=0/notes.txt"), "not parquet\n");
        System.setProperty("aws.accessKeyId", S3Server.ACCESS_KEY);
        System.setProperty("aws.secretAccessKey", S3Server.SECRET_KEY);
        System.setProperty("aws.disableEc2Metadata", "true");
        s3 = new S3Server(t);
    }

    static final List<String> CONDITIONS = List.of("year = 1", "region = 'eu' AND id < 150", "extra = 3",
            "extra IS NULL AND year >= 2", "amount > 600", "name LIKE 'x3%'", "name IS NULL", "id IN (5, 305, 299)",
            "NOT (year = 0 OR extra > 2)");

    /** DuckDB's rows as csv lines, columns as named, in file then row order. */
    static List<String> duck(List<String> columns, String where) throws Exception {
        List<String> out = new ArrayList<>();
        try (Statement s = db.createStatement(); ResultSet r = s.executeQuery("SELECT " + String.join(", ", columns)
                + " FROM read_parquet('" + t + "/**/*.parquet', hive_partitioning = true, union_by_name = true,"
                + " filename = true, file_row_number = true)" + (where == null ? "" : " WHERE " + where)
                + " ORDER BY filename, file_row_number")) {
            while (r.next()) {
                List<String> cells = new ArrayList<>();
                for (int c = 1; c <= columns.size(); c++) {
                    String v = r.getString(c);
                    cells.add(v == null ? "" : v);
                }
                out.add(String.join(",", cells));
            }
        }
        return out;
    }

    static Cli.Result scan(String location, String... rest) {
        List<String> args = new ArrayList<>(List.of("scan", location, "--format", "csv"));
        args.addAll(List.of(rest));
        if (location.startsWith("s3://")) {
            args.addAll(List.of("--endpoint", s3.endpoint().toString()));
        }
        return Cli.run(args.toArray(new String[0]));
    }

    @Test
    void rowsAreDuckDbsWithPartitionColumnsAfterTheFilesColumns() throws Exception {
        Cli.Result all = scan(t.toString());
        assertThat(all.exit()).as(all.err()).isZero();
        List<String> lines = all.out().lines().toList();
        List<String> header = List.of(lines.get(0).split(","));
        assertThat(header).containsExactly("id", "name", "amount", "extra", "year", "region");
        assertThat(lines.subList(1, lines.size())).isEqualTo(duck(header, null)).hasSize(360);
        for (String c : CONDITIONS) {
            Cli.Result r = scan(t.toString(), "--where", c);
            assertThat(r.exit()).as(c + ": " + r.err()).isZero();
            List<String> got = r.out().lines().toList();
            assertThat(got.get(0)).isEqualTo(lines.get(0));
            assertThat(got.subList(1, got.size())).as(c).isEqualTo(duck(header, c));
        }
        // --select takes file and partition columns
        Cli.Result sel = scan(t.toString(), "--where", "extra = 3 OR year = 0", "--select", "region,extra,id");
        assertThat(sel.exit()).as(sel.err()).isZero();
        List<String> s = sel.out().lines().toList();
        assertThat(s.subList(1, s.size())).isEqualTo(duck(List.of("region", "extra", "id"), "extra = 3 OR year = 0"));
    }

    @Test
    void rowNumbersNameTheFileAndALimitStops() throws Exception {
        Cli.Result r = scan(t + "/**/*.parquet", "--where", "amount > 500", "--row-numbers");
        assertThat(r.exit()).as(r.err()).isZero();
        List<String> expected = new ArrayList<>();
        try (Statement s = db.createStatement(); ResultSet q = s.executeQuery("SELECT filename, file_row_number FROM"
                + " read_parquet('" + t + "/**/*.parquet', hive_partitioning = true, union_by_name = true,"
                + " filename = true, file_row_number = true) WHERE amount > 500 ORDER BY filename, file_row_number")) {
            while (q.next()) {
                expected.add(q.getString(1) + "\t" + q.getLong(2));
            }
        }
        assertThat(r.out().lines().toList()).isEqualTo(expected).hasSizeGreaterThan(50);
        Cli.Result limited = scan(t + "/**/*.parquet", "--where", "amount > 500", "--row-numbers", "--limit", "7");
        assertThat(limited.out().lines().toList()).isEqualTo(expected.subList(0, 7));
        Cli.Result none = scan(t.toString(), "--limit", "0");
        assertThat(none.out().lines().toList()).containsExactly("id,name,amount,extra,year,region");
    }

    @Test
    void aDirectoryLeavesOtherFilesOutAndAGlobTakesWhatItNames() {
        Cli.Result r = Cli.run("skipping", t.toString(), "--where", "id >= 0", "--json");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.json().get("totals").get("files_bad").asLong()).isZero();
        List<String> files = new ArrayList<>();
        r.json().get("files").forEach(f -> files.add(f.get("file").asText()));
        assertThat(files).allMatch(f -> f.endsWith(".parquet")).hasSize(7);
        // a glob naming the README takes it, and it is a bad file
        Cli.Result g = Cli.run("skipping", t + "/*", "--where", "id >= 0");
        assertThat(g.exit()).isEqualTo(2);
        assertThat(g.err()).contains("README.md");
    }

    @Test
    void overS3TheRowsAreTheSameAndTheServerSawTheReportedRequests() throws Exception {
        String prefix = "s3://" + S3Server.BUCKET + "/";
        Cli.Result local = scan(t.toString(), "--where", "region = 'eu' AND amount > 100");
        Cli.Result remote = scan(prefix, "--where", "region = 'eu' AND amount > 100");
        assertThat(remote.exit()).as(remote.err()).isZero();
        assertThat(remote.out()).isEqualTo(local.out());
        // every condition's rows through s3proxy are DuckDB's over the local copy
        List<String> header = List.of(local.out().lines().findFirst().orElseThrow().split(","));
        for (String c : CONDITIONS) {
            Cli.Result r = scan(prefix, "--where", c);
            assertThat(r.exit()).as(c + ": " + r.err()).isZero();
            List<String> got = r.out().lines().toList();
            assertThat(got.subList(1, got.size())).as(c + " over s3").isEqualTo(duck(header, c));
        }
        for (String command : List.of("skipping", "requests")) {
            s3.clearLog();
            Cli.Result r = Cli.run(command, prefix, "--where", "year = 1 AND id < 130", "--json", "--endpoint",
                    s3.endpoint().toString());
            assertThat(r.exit()).as(r.err()).isZero();
            JsonNode totals = r.json().get("totals");
            assertThat(totals.get("files").asLong()).isEqualTo(7);
            long reported = 0;
            for (JsonNode f : r.json().get("files")) {
                reported += f.get("requests").asLong();
                if (f.get("outcome").asText().equals("skipped_by_partition")) {
                    assertThat(f.get("requests").asLong()).isZero();
                }
            }
            assertThat(totals.get("requests").asLong()).isEqualTo(reported).isPositive();
            // the listing is ListObjectsV2, which the log leaves out: every GET and HEAD is a reported read
            assertThat(s3.log()).hasSize((int) reported);
            assertThat(s3.log()).allMatch(l -> l.method().equals("GET") && l.key().contains("year=1/"));
        }
    }

    /**
     * A malformed file in a dataset, on local disk and over s3proxy: {@code scan} and
     * {@code skipping} stop with exit 2 and one line naming it; with {@code --skip-bad-files} they
     * answer from the good file, and the totals count the bad one.
     */
    @Test
    void aMalformedFileStopsTheRunNamingItUnlessSkippedLocallyAndOverS3() throws Exception {
        Path good = t.resolve("year=3/region=eu/extra.parquet");
        byte[] broken = "PAR1 this is not a parquet file PAR1".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        Path local = dir.resolve("bad");
        List<Path> written = List.of(local.resolve("p=1/good.parquet"), local.resolve("p=2/broken.parquet"),
                s3.file("zz-bad/p=1/good.parquet"), s3.file("zz-bad/p=2/broken.parquet"));
        for (Path p : written) {
            Files.createDirectories(p.getParent());
            if (p.getFileName().toString().equals("good.parquet")) {
                Files.copy(good, p);
            } else {
                Files.write(p, broken);
            }
        }
        try {
            for (String loc : List.of(local.toString(), "s3://" + S3Server.BUCKET + "/zz-bad/")) {
                List<String> remote = loc.startsWith("s3://") ? List.of("--endpoint", s3.endpoint().toString())
                        : List.of();
                for (Cli.Result r : List.of(scan(loc), Cli.run(args("skipping", loc, remote, "--where", "id > 0")))) {
                    assertThat(r.exit()).as(loc + ": " + r).isEqualTo(2);
                    assertThat(r.errLines()).as(r.toString()).hasSize(1);
                    assertThat(r.err()).startsWith("pqlab: ").contains("broken.parquet")
                            .doesNotContain("internal error").doesNotContain("Exception");
                }
                Cli.Result rows = scan(loc, "--skip-bad-files");
                assertThat(rows.exit()).as(loc + ": " + rows.err()).isZero();
                assertThat(rows.out().lines().toList()).hasSize(61).first().isEqualTo("id,name,amount,extra,p");
                Cli.Result plan = Cli.run(args("skipping", loc, remote, "--where", "id > 0", "--skip-bad-files", "--json"));
                assertThat(plan.exit()).as(plan.err()).isZero();
                assertThat(plan.json().get("totals").get("files_bad").asLong()).isEqualTo(1);
                assertThat(plan.json().get("totals").get("files_read").asLong()).isEqualTo(1);
            }
        } finally {
            for (Path p : written) {
                Files.deleteIfExists(p); // the other tests list the whole bucket
                Files.deleteIfExists(p.getParent());
            }
            Files.deleteIfExists(s3.file("zz-bad"));
        }
    }

    private static String[] args(String command, String location, List<String> remote, String... rest) {
        List<String> a = new ArrayList<>(List.of(command, location));
        a.addAll(List.of(rest));
        a.addAll(remote);
        return a.toArray(new String[0]);
    }

    /**
     * {@code scan --stats} on a dataset: the rows it counts are the rows printed, and over s3proxy
     * the requests it reports are the GETs the server logged (footers, indexes and data pages).
     */
    @Test
    void scanStatsCountTheRowsPrintedAndTheRequestsTheServerSaw() {
        String where = "region = 'eu' AND amount > 100";
        for (String loc : List.of(t.toString(), "s3://" + S3Server.BUCKET + "/")) {
            s3.clearLog();
            Cli.Result r = scan(loc, "--where", where, "--stats");
            assertThat(r.exit()).as(r.err()).isZero();
            long printed = r.out().lines().count() - 1;
            assertThat(printed).isPositive();
            assertThat(r.err()).contains("files:               7 in the dataset")
                    .contains("rows returned:       " + printed + "\n");
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("bytes fetched: +[0-9,]+ in ([0-9,]+) requests")
                    .matcher(r.err());
            assertThat(m.find()).as(r.err()).isTrue();
            long requests = Long.parseLong(m.group(1).replace(",", ""));
            assertThat(requests).isPositive();
            if (loc.startsWith("s3://")) {
                assertThat(s3.log()).as(r.err()).hasSize((int) requests).allMatch(l -> l.method().equals("GET"));
            }
        }
    }

    /**
     * {@code map} on a dataset: one HTML page with a line per file, each with the fate and the
     * reason {@code skipping --json} gives it, and the totals.
     */
    @Test
    void mapDrawsEveryFileWithTheFateSkippingGivesIt() throws Exception {
        Path html = dir.resolve("dataset.html");
        String where = "year = 1 AND id < 130";
        Cli.Result r = Cli.run("map", t.toString(), "--where", where, "-o", html.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        Cli.Result plan = Cli.run("skipping", t.toString(), "--where", where, "--json");
        JsonNode totals = plan.json().get("totals");
        assertThat(r.out()).contains("wrote " + html + ": " + totals.get("files_skipped").asLong() + " of 7 files skipped");
        String page = Files.readString(html);
        assertThat(page).startsWith("<!DOCTYPE html>").doesNotContain("<script").contains(totals.get("files").asText()
                + " files: " + totals.get("files_read").asText() + " read");
        List<String> rows = page.lines().filter(l -> l.startsWith("<tr><td>") && l.contains(".parquet")).toList();
        assertThat(rows).hasSize(7);
        int i = 0;
        for (JsonNode f : plan.json().get("files")) {
            String row = rows.get(i++);
            assertThat(row).contains(f.get("file").asText()).contains(">" + f.get("outcome").asText() + "<");
            if (!f.get("reason").isNull()) {
                assertThat(row).contains(f.get("reason").asText().replace("&", "&amp;").replace("<", "&lt;")
                        .replace(">", "&gt;").replace("\"", "&quot;"));
            }
        }
        Cli.Result layout = Cli.run("map", t.toString(), "-o", html.toString());
        assertThat(layout.exit()).as(layout.err()).isZero();
        assertThat(Files.readString(html)).contains("Dataset layout");
    }

    @Test
    void requestsOnADirectoryGiveEachFileAndTheTotals() {
        Cli.Result r = Cli.run("requests", t.toString(), "--where", "year = 2 AND region = 'us'");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("files: 7, 6 skipped").contains("skipped_by_partition")
                .contains("year=2/region=us");
    }

    @Test
    void progressShowsOnlyAtATerminalAndNotWithQuiet() {
        // not a terminal (the test's stderr): nothing but the answer
        Cli.Result plain = Cli.run("skipping", t.toString(), "--where", "id >= 0");
        assertThat(plain.exit()).as(plain.err()).isZero();
        assertThat(plain.err()).isEmpty();
        java.util.function.BooleanSupplier before = DatasetProgress.stderrIsTerminal;
        long delay = DatasetProgress.delayNanos;
        try {
            DatasetProgress.stderrIsTerminal = () -> true;
            DatasetProgress.delayNanos = 0;
            Cli.Result shown = Cli.run("skipping", t.toString(), "--where", "id >= 0");
            assertThat(shown.exit()).as(shown.err()).isZero();
            assertThat(shown.err()).contains("7 of 7 files planned").contains("ETA").endsWith("\r");
            assertThat(shown.out()).isEqualTo(plain.out());
            Cli.Result quiet = Cli.run("skipping", t.toString(), "--where", "id >= 0", "--quiet");
            assertThat(quiet.err()).isEmpty();
        } finally {
            DatasetProgress.stderrIsTerminal = before;
            DatasetProgress.delayNanos = delay;
        }
    }
}
