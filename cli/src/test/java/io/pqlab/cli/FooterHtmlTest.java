package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pqlab footer FILE --html} draws the same layout page as {@code pqlab map FILE} (which
 * PageMapBrowserTest checks in a browser), and still prints the footer.
 */
class FooterHtmlTest {
    @Test
    void footerHtmlIsTheLayoutMap(@TempDir Path dir) throws Exception {
        for (Path file : new Path[] {Cli.SORTED, Cli.DATA.resolve("alltypes_tiny_pages.parquet")}) {
            Path fromFooter = dir.resolve("footer.html");
            Path fromMap = dir.resolve("map.html");
            Cli.Result footer = Cli.run("footer", file.toString(), "--html", fromFooter.toString());
            Cli.Result map = Cli.run("map", file.toString(), "-o", fromMap.toString());
            assertThat(footer.exit()).isZero();
            assertThat(map.exit()).isZero();
            assertThat(footer.out()).contains("footer");
            assertThat(Files.readString(fromFooter)).isEqualTo(Files.readString(fromMap)).contains("pqlab map");
        }
    }
}
