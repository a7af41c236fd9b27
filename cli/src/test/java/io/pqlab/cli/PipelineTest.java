package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.fixtures.DuckDb;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command in a pipeline, as a separate process: {@code pqlab scan BIG --format csv | head -1}
 * ends at once with exit 0 and nothing on stderr but what was asked for, and stops decoding when
 * the reader has gone. The file is written by DuckDB: 2,000,000 rows, 20 row groups, about 40 MB
 * of CSV, far more than a pipe and the command's buffer hold.
 */
class PipelineTest {
    static final long ROWS = 2_000_000;
    @TempDir
    static Path dir;
    static Path big;

    @BeforeAll
    static void write() throws Exception {
        big = dir.resolve("big.parquet");
        DuckDb.execute("COPY (SELECT range AS id, 'name-' || range AS name, range * 7 % 1000 AS v FROM range(" + ROWS
                + ")) TO '" + big + "' (FORMAT PARQUET, ROW_GROUP_SIZE 100000)");
    }

    /** The command as a process of its own, on the test classpath. */
    static Process start(String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(SmallHeapIT.java(), "-Xmx512m", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    }

    @Test
    void aClosedPipeEndsTheScanQuietlyWithExitZero() throws Exception {
        Process p = start("scan", big.toString(), "--format", "csv", "--stats");
        String first;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            first = r.readLine();
        } // closing our end is what head does after its line
        // a generous bound: without the fix the process writes all 2M rows into the void
        boolean ended = p.waitFor(2, TimeUnit.MINUTES);
        if (!ended) {
            p.destroyForcibly();
        }
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(ended).as("the scan ended after its reader closed the pipe; stderr: %s", err).isTrue();
        assertThat(first).isEqualTo("id,name,v");
        assertThat(p.exitValue()).as(err).isZero();
        assertThat(err).doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("pqlab:");
        // --stats says how far it got: it stopped long before the end
        Matcher m = Pattern.compile("rows returned:\\s+([0-9,]+) of ([0-9,]+)").matcher(err);
        assertThat(m.find()).as(err).isTrue();
        long returned = Long.parseLong(m.group(1).replace(",", ""));
        assertThat(Long.parseLong(m.group(2).replace(",", ""))).isEqualTo(ROWS);
        assertThat(returned).as("rows decoded and returned before the scan stopped").isLessThan(ROWS / 2);
        Matcher pages = Pattern.compile("pages:\\s+([0-9,]+) decoded").matcher(err);
        assertThat(pages.find()).isTrue();
    }

    @Test
    void theWholeOutputWithoutAPipeIsEveryRow() throws Exception {
        Path out = dir.resolve("all.csv");
        Process p = new ProcessBuilder(List.of(SmallHeapIT.java(), "-Xmx512m", "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "scan", big.toString(), "--format", "csv",
                "--select", "id")).redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).isZero();
        try (var lines = Files.lines(out)) {
            assertThat(lines.count()).isEqualTo(ROWS + 1); // buffered output is flushed whole at exit
        }
    }
}
