package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** `scan --threads N`: the rows do not depend on N; N below 1 is refused in one line. */
class ScanThreadsCliTest {
    @Test
    void theRowsDoNotDependOnTheThreads() {
        java.nio.file.Path file = Cli.DATA.resolve("alltypes_plain.parquet");
        Cli.Result one = Cli.run(file, "scan", "--format", "csv", "--threads", "1");
        Cli.Result four = Cli.run(file, "scan", "--format", "csv", "--threads", "4", "--where", "id >= 0");
        assertThat(one.exit()).as(one.toString()).isZero();
        assertThat(four.exit()).as(four.toString()).isZero();
        assertThat(four.out()).isEqualTo(one.out()).isNotEmpty();
    }

    @Test
    void fewerThanOneThreadIsRefused() {
        Cli.Result r = Cli.run(Cli.DATA.resolve("alltypes_plain.parquet"), "scan", "--threads", "0");
        assertThat(r.exit()).as(r.toString()).isEqualTo(2);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.errLines().get(0)).contains("--threads must be 1 or more");
    }
}
