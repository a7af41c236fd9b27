package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import org.junit.jupiter.api.Test;

/** `scan --stats` names the codec library that ran; `--pure-java-codecs` switches it and not the rows. */
class ScanCodecsCliTest {

    @Test
    void statsNameTheCodecImplementationAndPureJavaGivesTheSameRows() {
        assumeThat(System.getProperty("pqlab.codecs", "native")).isEqualTo("native");
        assumeThat(System.getProperty("os.name")).isEqualTo("Linux");
        java.nio.file.Path file = Cli.DATA.resolve("datapage_v1-snappy-compressed-checksum.parquet");
        Cli.Result nat = Cli.run(file, "scan", "--format", "csv", "--stats");
        Cli.Result pure = Cli.run(file, "scan", "--format", "csv", "--stats", "--pure-java-codecs");
        assertThat(nat.exit()).as(nat.toString()).isZero();
        assertThat(pure.exit()).as(pure.toString()).isZero();
        String natCodecs = nat.errLines().stream().filter(l -> l.startsWith("codecs:")).findFirst().orElseThrow();
        String pureCodecs = pure.errLines().stream().filter(l -> l.startsWith("codecs:")).findFirst().orElseThrow();
        assertThat(pureCodecs).contains("(pure Java)").doesNotContain("JNI");
        assertThat(natCodecs).contains("(JNI)").doesNotContain("aircompressor");
        assertThat(pure.out()).isEqualTo(nat.out()).isNotEmpty();
        assertThat(System.getProperty("pqlab.codecs")).as("the property is put back").isNull();
    }
}
