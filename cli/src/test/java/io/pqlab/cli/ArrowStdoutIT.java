package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code java -jar pqlab.jar scan --format arrow} with standard output redirected to a file (not a
 * terminal): the jar's manifest opens java.nio for Arrow (without it Arrow's memory cannot start),
 * stderr stays empty (no logging noise), and the stream holds DuckDB's rows.
 */
class ArrowStdoutIT {

    @Test
    void theJarWritesTheStreamToStandardOutput() throws Exception {
        Path out = Files.createTempFile("pqlab-arrow", ".arrows");
        Path err = Files.createTempFile("pqlab-arrow", ".err");
        try {
            String where = "country = 'SE' OR amount_cents < 2000";
            Process p = new ProcessBuilder(SmallHeapIT.java(), "-jar", SmallHeapIT.jar().toString(), "scan",
                    Cli.SORTED.toString(), "--format", "arrow", "--where", where, "--select", "amount_cents,country")
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .start();
            if (!p.waitFor(2, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new AssertionError("the scan did not finish in 2 minutes");
            }
            assertThat(Files.readString(err)).isEmpty();
            assertThat(p.exitValue()).isZero();
            List<List<String>> ours;
            try (InputStream in = Files.newInputStream(out)) {
                ours = ArrowCliTest.read(in);
            }
            assertThat(ours).hasSizeGreaterThan(1).isEqualTo(ArrowCliTest.duck("country, amount_cents", where));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
