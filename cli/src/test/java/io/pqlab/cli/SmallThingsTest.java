package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** --version, --debug in every help, completion, one unit rule, absolute row ranges, no ANSI. */
class SmallThingsTest {

    @Test
    void versionIsTheProjectsVersion() throws Exception {
        Cli.Result r = Cli.run("--version");
        assertThat(r.exit()).isZero();
        // the version in the POM this module is built from
        String pom = Files.readString(Path.of("pom.xml"));
        Matcher m = Pattern.compile("<parent>.*?<version>([^<]+)</version>", Pattern.DOTALL).matcher(pom);
        assertThat(m.find()).isTrue();
        assertThat(r.out().strip()).isEqualTo("pqlab " + m.group(1));
    }

    @Test
    void everyCommandsHelpListsDebugAndNoAnsi() {
        for (Object sub : Commands.all()) {
            String name = sub.getClass().getAnnotation(picocli.CommandLine.Command.class).name();
            Cli.Result r = Cli.run(name, "--help");
            assertThat(r.exit()).as(name).isZero();
            assertThat(r.out()).as(name).contains("--debug").doesNotContain("\u001b[");
            assertThat(r.out()).as(name).doesNotContainIgnoringCase("chapter").doesNotContainIgnoringCase("the book");
        }
    }

    @Test
    void completionPrintsABashScript() {
        Cli.Result r = Cli.run("completion");
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.out()).contains("complete -F").contains("skipping").contains("--where");
        assertThat(Cli.run("--help").out()).contains("completion");
    }

    @Test
    void oneUnitRule() {
        assertThat(Sizes.parse("1MB", "--coalesce")).isEqualTo(Sizes.parseRate("1MB", "--bandwidth")).isEqualTo(1_000_000);
        assertThat(Sizes.parse("1MiB", "--coalesce")).isEqualTo(Sizes.parseRate("1MiB/s", "--bandwidth")).isEqualTo(1 << 20);
        assertThat(Sizes.parse("64KiB", "--prefetch")).isEqualTo(65536);
        assertThat(Sizes.parse("8k", "--prefetch")).isEqualTo(8000);
    }

    @Test
    void rowRangesAreInTheFilesNumbering() {
        Cli.Result r = Cli.run(Cli.SORTED, "skipping", "--where", "order_id = 431");
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.out()).contains("row group 0 (rows [0, 200)): skip")
                .contains("row group 2 (rows [400, 600)): read rows [400, 440) (40 of 200)");
    }
}
