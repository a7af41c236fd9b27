package io.pqlab;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.internal.net.RangeServer;
import io.pqlab.plan.Plan;
import io.pqlab.scan.RowBatch;
import io.pqlab.scan.Scan;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * README's Java example, compiled and run: on the local file and over HTTP it prints the same
 * lines, and those say what the file holds (order 431's row of the CSV it was written from). The
 * example's text in README.md and in docs/design/api.md must be the code between the markers below.
 */
class ReadmeExampleTest {
    private static final Path FIXTURES = Path.of("..", "fixtures");
    private static final Path SORTED = FIXTURES.resolve("pruning-sorted.parquet");

    /** README's example, verbatim between the markers; prints to System.out. */
    static void example(String location) throws Exception {
        // README begin
        try (ParquetFile file = ParquetFile.open(location)) {       // a path, or an http(s):// URL
            Query query = Query.where("order_id = 431").columns("order_id", "country");
            Plan plan = file.plan(query);                           // what is skipped, and why
            System.out.println(plan.rowGroupsSkipped() + " of " + plan.rowGroups().size() + " row groups skipped");
            try (Scan scan = file.scan(query)) {
                for (RowBatch b : scan) {
                    for (int i = 0; i < b.size(); i++) {
                        String country = b.isNull("country", i) ? "(none)" : b.getString("country", i);
                        System.out.println(b.getLong("order_id", i) + " " + country);
                    }
                }
            }
        }
        // README end
    }

    private static List<String> run(String location) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            example(location);
        } finally {
            System.setOut(original);
        }
        return captured.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void theExamplePrintsTheRowLocallyAndOverHttp() throws Exception {
        // order 431's row, from the CSV the fixture was written from
        String want = null;
        for (String line : Files.readAllLines(FIXTURES.resolve("data").resolve("orders-sorted.csv"))) {
            String[] f = line.split(",", -1);
            if (f[0].equals("431")) {
                want = "431 " + (f[2].isEmpty() ? "(none)" : f[2]);
            }
        }
        assertThat(want).isNotNull();
        List<String> local = run(SORTED.toString());
        assertThat(local).hasSize(2);
        assertThat(local.get(0)).matches("\\d+ of \\d+ row groups skipped").doesNotStartWith("0 of");
        assertThat(local.get(1)).isEqualTo(want);
        try (RangeServer server = new RangeServer(FIXTURES)) {
            assertThat(run(server.url(SORTED))).isEqualTo(local);
            assertThat(server.log()).isNotEmpty(); // it was read over HTTP
        }
    }

    @Test
    void readmeShowsTheExampleAsTested() throws Exception {
        String source = Files.readString(Path.of("src", "test", "java", "io", "pqlab", "ReadmeExampleTest.java"));
        String code = source.substring(source.indexOf("// README begin\n") + "// README begin\n".length(),
                source.indexOf("        // README end"));
        String readme = Files.readString(Path.of("..", "README.md"));
        assertThat(normalise(readme)).contains(normalise(code));
        // The API's design note shows the same ten lines to the next engineer.
        String api = Files.readString(Path.of("..", "docs", "design", "api.md"));
        assertThat(normalise(api)).contains(normalise(code));
    }

    /** Lines stripped of their indentation and trailing space, so the README may indent differently. */
    private static String normalise(String s) {
        StringBuilder b = new StringBuilder();
        s.lines().map(String::strip).filter(l -> !l.isEmpty()).forEach(l -> b.append(l).append('\n'));
        return b.toString();
    }
}
