package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqlab.internal.net.RangeServer;
import io.pqlab.internal.net.RangeServer.Fault;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20 item 4 at the command line: {@code skipping} on a dataset of three HTTP URLs (copies of
 * alltypes_tiny_pages on Jetty; one URL alone is read as one file, so a list file is not used here) answers as without faults where the faults are retried away, and
 * ends in exit 2 with one line naming the file where they last or cannot be retried, or where a
 * file is gone.
 */
class DatasetFaultCliTest {
    private static final List<String> FILES = List.of("p=1/a.parquet", "p=2/a.parquet", "p=3/a.parquet");

    @TempDir
    Path dir;

    private static String withoutNetwork(Cli.Result r) {
        assertThat(r.exit()).as(r.toString()).isZero();
        JsonNode n = r.json();
        if (n instanceof ObjectNode o) {
            o.remove("network");
        }
        return n.toString();
    }

    private static void oneLineNaming(Cli.Result r, String file, String what) {
        assertThat(r.exit()).as(r.toString()).isEqualTo(2);
        assertThat(r.errLines()).as(r.toString()).hasSize(1);
        assertThat(r.errLines().get(0)).startsWith("pqlab: ").contains(file).contains(what);
    }

    @Test
    void faultsEndInTheFaultFreeAnswerOrOneLineNamingTheFile() throws Exception {
        for (String f : FILES) {
            Path p = dir.resolve(f);
            Files.createDirectories(p.getParent());
            Files.copy(Cli.DATA.resolve("alltypes_tiny_pages.parquet"), p);
        }
        try (RangeServer server = new RangeServer(dir)) {
            List<String> a = new java.util.ArrayList<>(List.of("skipping"));
            FILES.forEach(f -> a.add(server.url(dir.resolve(f))));
            a.addAll(List.of("--where", "int_col = 3 AND id > 7000", "--json"));
            String[] args = a.toArray(String[]::new);
            String clean = withoutNetwork(Cli.run(args));
            String file = FILES.get(1);
            for (Fault f : List.of(Fault.STATUS_503, Fault.DROP, Fault.TRUNCATED)) {
                server.fail(file, f, f);
                assertThat(withoutNetwork(Cli.run(args))).as(f.toString()).isEqualTo(clean);
                server.clearFaults();
            }
            server.fail(file, Fault.STATUS_503, Fault.STATUS_503, Fault.STATUS_503, Fault.STATUS_503);
            oneLineNaming(Cli.run(args), file, "503");
            server.clearFaults();
            server.fail(file, Fault.WHOLE_FILE, Fault.WHOLE_FILE); // the first meets the listing's HEAD, where it is no fault
            oneLineNaming(Cli.run(args), file, "ignored the Range");
            server.clearFaults();
            Files.delete(dir.resolve(FILES.get(2)));
            oneLineNaming(Cli.run(args), FILES.get(2), "no such file");
        }
    }
}
