package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The real {@code ./pqlab} script, once, as a newcomer runs it (README's first command, with
 * --json so that the answer can be checked). Runs after {@code package} (failsafe), when the
 * shaded jar exists; if the script has to build the jar and cannot, the test is skipped.
 */
class ScriptIT {

    @Test
    void theScriptRunsTheFooterCommand() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        Path script = root.resolve("pqlab");
        assumeTrue(Files.isExecutable(script), "no executable ./pqlab");
        Path out = Files.createTempFile("pqlab-out", ".json");
        Path err = Files.createTempFile("pqlab-err", ".txt");
        try {
            Process p = new ProcessBuilder(script.toString(), "footer", "fixtures/pruning-sorted.parquet", "--json")
                    .directory(root.toFile())
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .start();
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new AssertionError("./pqlab did not finish in 10 minutes");
            }
            String stderr = Files.readString(err, StandardCharsets.UTF_8);
            assumeTrue(!(p.exitValue() == 1 && stderr.contains("the build failed")),
                    "./pqlab could not build its jar: " + stderr);
            assertThat(p.exitValue()).as(stderr).isZero();
            JsonNode j = new ObjectMapper().readTree(out.toFile());
            assertThat(j.get("file").asText()).isEqualTo("fixtures/pruning-sorted.parquet");
            assertThat(j.get("file_size").asLong()).isEqualTo(Files.size(root.resolve("fixtures/pruning-sorted.parquet")));
            long rows = 0;
            for (JsonNode g : j.get("row_groups")) {
                rows += g.get("num_rows").asLong();
            }
            assertThat(j.get("num_rows").asLong()).isEqualTo(rows).isPositive();
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
