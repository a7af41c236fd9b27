package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * The error model (issue 5): bad input of any kind ends in exit 2 and exactly one line on stderr
 * that starts with "pqlab: ", naming the file; a bug ends in exit 1 asking for a report.
 */
class ErrorsTest {

    /** Every command the file allows: footer and schema, and the four column commands on each column. */
    static List<Cli.Result> everyCommand(Path file) {
        List<Cli.Result> out = new ArrayList<>();
        out.add(Cli.run(file, "footer"));
        Cli.Result schema = Cli.run(file, "schema", "--json");
        out.add(schema);
        int columns = 1; // where the schema cannot be read, column 0 still gets the error
        if (schema.exit() == 0) {
            columns = Math.max(1, schema.json().get("columns").size());
        }
        for (int c = 0; c < columns; c++) {
            String col = Integer.toString(c);
            out.add(Cli.run(file, "pages", col));
            out.add(Cli.run(file, "page-index", col));
            out.add(Cli.run(file, "statistics", col));
            out.add(Cli.run(file, "bloom", col, "0"));
        }
        return out;
    }

    /** Exit 0, or exit 2 with one line on stderr naming the file and nothing on stdout. */
    static void assertCleanOutcome(Cli.Result r, Path file) {
        assertThat(r.exit()).as(r.toString()).isIn(0, 2);
        if (r.exit() == 2) {
            assertThat(r.errLines()).as(r.toString()).hasSize(1);
            assertThat(r.err()).startsWith("pqlab: " + file + ": ");
            assertThat(r.out()).isEmpty();
        }
    }

    /** Each bad_data file is refused by at least one command, and no command crashes on it. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.pqlab.cli.Cli#badFiles")
    void badDataFiles(Path file) {
        List<Cli.Result> results = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> everyCommand(file));
        int refused = 0;
        for (Cli.Result r : results) {
            assertCleanOutcome(r, file);
            if (r.exit() == 2) {
                refused++;
            }
        }
        assertThat(refused).as("commands that refused %s", file).isPositive();
    }

    static List<Path> truncatable() {
        return List.of(Cli.SHUFFLED, Cli.DATA.resolve("alltypes_plain.parquet"),
                Cli.DATA.resolve("data_index_bloom_encoding_stats.parquet"),
                Cli.DATA.resolve("nested_lists.snappy.parquet"));
    }

    /** A file cut short anywhere is refused by every command, in one line. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("truncatable")
    void truncatedCopies(Path original, @TempDir Path dir) throws IOException {
        byte[] bytes = Files.readAllBytes(original);
        int n = bytes.length;
        TreeSet<Integer> cuts = new TreeSet<>(List.of(0, 1, 3, 4, 5, 8, n / 3, n / 2, n - 100, n - 9, n - 8, n - 5,
                n - 4, n - 1));
        for (int cut : cuts) {
            if (cut < 0 || cut >= n) {
                continue;
            }
            Path file = dir.resolve("cut-" + cut + ".parquet");
            Files.write(file, Arrays.copyOf(bytes, cut));
            for (Cli.Result r : everyCommand(file)) {
                assertThat(r.exit()).as("%s cut to %d: %s", original, cut, r).isEqualTo(2);
                assertCleanOutcome(r, file);
            }
        }
    }

    /** Flipped bytes in the footer: a valid answer or a one-line refusal, never a crash. */
    @Test
    void flippedFooterBytes(@TempDir Path dir) throws IOException {
        byte[] bytes = Files.readAllBytes(Cli.SHUFFLED);
        JsonNode footer = Cli.json(Cli.SHUFFLED, "footer");
        int start = footer.get("footer_offset").asInt();
        int[] outcomes = new int[3];
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int at = start; at < bytes.length; at += 29) {
                byte[] copy = bytes.clone();
                copy[at] ^= (byte) 0xA5;
                Path file = dir.resolve("flip-" + at + ".parquet");
                Files.write(file, copy);
                for (String[] cmd : List.of(new String[] {"footer"}, new String[] {"statistics", "1"},
                        new String[] {"page-index", "1"}, new String[] {"bloom", "1", "424242"})) {
                    Cli.Result r = Cli.run(file, cmd[0], Arrays.copyOfRange(cmd, 1, cmd.length));
                    assertCleanOutcome(r, file);
                    outcomes[r.exit()]++;
                }
                Files.delete(file);
            }
        });
        // Some flips break the footer and some land in bytes that still decode (a statistic, a name).
        assertThat(outcomes[2]).isPositive();
        assertThat(outcomes[0]).isPositive();
    }

    /** An index the reader must not use is still shown, with the reason, and exits 0. */
    @Test
    void untrustworthyIndexIsShownWithItsReason() {
        // parquet-mr 1.13 marked the pages of this required column as null pages.
        Path file = Cli.DATA.resolve("datapage_v1-snappy-compressed-checksum.parquet");
        JsonNode rg = Cli.json(file, "page-index", "0").get("row_groups").get(0);
        String problem = rg.get("column_index").get("problem").asText();
        assertThat(problem).contains("required");
        Cli.Result text = Cli.run(file, "page-index", "0");
        assertThat(text.exit()).isZero();
        assertThat(text.out()).contains("not usable: " + problem);
    }

    @Test
    void missingFileAndDirectory() {
        Path missing = Cli.FIXTURES.resolve("no-such-file.parquet");
        for (String cmd : List.of("footer", "schema")) {
            Cli.Result r = Cli.run(missing, cmd);
            assertThat(r.exit()).isEqualTo(2);
            assertThat(r.errLines()).containsExactly("pqlab: " + missing + ": no such file");
        }
        Cli.Result dir = Cli.run(Cli.FIXTURES, "footer");
        assertThat(dir.exit()).isEqualTo(2);
        assertThat(dir.errLines()).hasSize(1);
        assertThat(dir.err()).startsWith("pqlab: " + Cli.FIXTURES + ": ");
    }

    @Test
    void notParquetAndEncrypted() {
        Path readme = Cli.FIXTURES.resolve("pruning-sorted.md");
        Cli.Result r = Cli.run(readme, "footer");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).startsWith("pqlab: " + readme + ": ").contains("(at byte ");
        Path encrypted = Cli.DATA.resolve("encrypt_columns_and_footer.parquet.encrypted");
        for (Cli.Result e : everyCommand(encrypted)) {
            assertThat(e.exit()).isEqualTo(2);
            assertThat(e.errLines()).hasSize(1);
            assertThat(e.err()).contains("encrypted");
        }
    }

    /**
     * Issue 20: a local file whose first four bytes are not PAR1 is refused by every command, in
     * one line naming the file, what is wrong and byte 0. Before the fix, every command read a
     * local file as over a network (a 64 KiB tail) and never looked at the head, so on a file
     * larger than 64 KiB (delta_binary_packed.parquet, 72 KB) they exited 0; on a smaller file the
     * tail held the head and it was checked.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"delta_binary_packed.parquet", "alltypes_plain.parquet"})
    void aZeroedHeadIsRefusedByEveryCommand(String name, @TempDir Path dir) throws IOException {
        byte[] bytes = Files.readAllBytes(Cli.DATA.resolve(name));
        Arrays.fill(bytes, 0, 4, (byte) 0);
        Path file = dir.resolve(name);
        Files.write(file, bytes);
        List<Cli.Result> results = new ArrayList<>(everyCommand(file));
        results.add(Cli.run(file, "scan"));
        results.add(Cli.run(file, "skipping", "--where", "true"));
        results.add(Cli.run(file, "map"));
        results.add(Cli.run(file, "requests"));
        results.add(Cli.run(file, "footer", "--prefetch", "0"));
        for (Cli.Result r : results) {
            assertThat(r.exit()).as(r.toString()).isEqualTo(2);
            assertThat(r.errLines()).as(r.toString()).containsExactly("pqlab: " + file
                    + ": the file does not start with the Parquet magic PAR1 (at byte 0)");
            assertThat(r.out()).isEmpty();
        }
    }

    /** An unknown column names the close one, in every command that takes a column. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"pages", "page-index", "statistics", "bloom"})
    void unknownColumns(String command) {
        String[] rest = command.equals("bloom") ? new String[] {"custmer_id", "1"} : new String[] {"custmer_id"};
        Cli.Result r = Cli.run(Cli.SHUFFLED, command, rest);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).startsWith("pqlab: " + Cli.SHUFFLED + ": ").contains("\"customer_id\"");
        String[] index = command.equals("bloom") ? new String[] {"9", "1"} : new String[] {"9"};
        Cli.Result i = Cli.run(Cli.SHUFFLED, command, index);
        assertThat(i.exit()).isEqualTo(2);
        assertThat(i.errLines()).hasSize(1);
        assertThat(i.err()).contains("index 9").contains("0 to 3");
    }

    @Test
    void columnsByCaseInsensitivePathAndIndex() {
        JsonNode byIndex = Cli.json(Cli.SHUFFLED, "statistics", "1");
        JsonNode byPath = Cli.json(Cli.SHUFFLED, "statistics", "customer_id");
        JsonNode byCase = Cli.json(Cli.SHUFFLED, "statistics", "Customer_ID");
        assertThat(byIndex).isEqualTo(byPath).isEqualTo(byCase);
    }

    @Test
    void rowGroupOutOfRange() {
        for (String command : List.of("pages", "page-index")) {
            Cli.Result r = Cli.run(Cli.SHUFFLED, command, "1", "--row-group", "4");
            assertThat(r.exit()).isEqualTo(2);
            assertThat(r.errLines()).hasSize(1);
            assertThat(r.err()).contains("no row group 4").contains("0 to 3");
        }
        assertThat(Cli.run(Cli.SHUFFLED, "bloom", "1", "5", "--row-group", "-1").exit()).isEqualTo(2);
    }

    @Test
    void badValues() {
        Cli.Result unterminated = Cli.run(Cli.SHUFFLED, "bloom", "customer_id", "'42");
        assertThat(unterminated.exit()).isEqualTo(2);
        assertThat(unterminated.errLines()).hasSize(3); // the message, the value, and a caret under it
        assertThat(unterminated.errLines().get(0)).startsWith("pqlab: " + Cli.SHUFFLED + ": bad condition");
        assertThat(unterminated.errLines().get(1)).isEqualTo("'42");
        assertThat(unterminated.errLines().get(2)).isEqualTo("^");

        for (String value : List.of("'abc'", "abc", "42.5", "99999999999999999999", "NaN", "DATE '2024-01-01'")) {
            Cli.Result r = Cli.run(Cli.SHUFFLED, "bloom", "customer_id", value);
            assertThat(r.exit()).as(value).isEqualTo(2);
            assertThat(r.errLines()).as(value).hasSize(1);
            assertThat(r.err()).as(value).startsWith("pqlab: " + Cli.SHUFFLED + ": VALUE ").contains("INT64");
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"footer", "schema", "pages", "page-index", "bloom", "statistics"})
    void helpForEachCommand(String command) {
        Cli.Result r = Cli.run(command, "--help");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).startsWith("Usage: pqlab " + command).contains("--json").contains("FILE");
        assertThat(Cli.run("help", command).out()).isEqualTo(r.out());
    }

    @Test
    void badOptionsAndNoCommand() {
        Cli.Result r = Cli.run("footer", Cli.SHUFFLED.toString(), "--no-such-option");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).startsWith("pqlab: ");
        assertThat(Cli.run("dictionary", Cli.SHUFFLED.toString()).exit()).isEqualTo(2); // COLUMN missing (pages, page-index and statistics show every column without one)
        assertThat(Cli.run().exit()).isEqualTo(2);
        Cli.Result top = Cli.run("--help");
        assertThat(top.exit()).isZero();
        assertThat(top.out()).contains("footer", "schema", "pages", "page-index", "bloom", "statistics");
    }

    @Test
    void debugPrintsTheStackTrace() {
        Path readme = Cli.FIXTURES.resolve("pruning-sorted.md");
        Cli.Result r = Cli.run("footer", readme.toString(), "--debug");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("MalformedFileException").contains("\tat ");
        List<String> lines = r.errLines();
        assertThat(lines.get(lines.size() - 1)).startsWith("pqlab: " + readme + ": ");
    }

    /** A command that fails with an unexpected exception, to see the bug path. */
    @CommandLine.Command(name = "crash")
    static final class Crash implements java.util.concurrent.Callable<Integer> {
        @Override
        public Integer call() {
            throw new IllegalStateException("boom");
        }
    }

    @Test
    void aBugExitsOneAskingForAReport() {
        CommandLine cli = Main.commandLine();
        cli.addSubcommand(new Crash());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(cli, new String[] {"crash"}, new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(exit).isEqualTo(1);
        assertThat(err.toString().lines()).hasSize(1);
        assertThat(err.toString()).startsWith("pqlab: internal error: ").contains("boom").contains("report");
    }
}
