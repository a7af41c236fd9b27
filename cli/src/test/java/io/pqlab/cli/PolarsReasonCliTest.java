package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.pqlab.plan.LyingStatisticsTest;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20, item 5, at the command line: on the Polars-like file {@link LyingStatisticsTest}
 * builds (created_by "Polars", DOUBLE chunk bounds -0.0 to 0.0 over values down to -1000.0),
 * {@code statistics} and {@code skipping} say why the bounds are not used, and the row group the
 * lying bounds would have skipped for {@code x < 0} is kept. Another writer's file, built the same
 * way, is the control: the reason names Polars only where the writer is Polars.
 */
class PolarsReasonCliTest {
    private static final String REASON = "floating-point bounds written by Polars are not trusted";

    @TempDir
    Path dir;

    @Test
    void statisticsShowsWhyPolarsBoundsAreNotTrusted() throws Exception {
        Path p = LyingStatisticsTest.polarsLike(dir, "Polars", true);
        Cli.Result table = Cli.run(p, "statistics", "x");
        assertThat(table.exit()).as(table.toString()).isZero();
        // the reason itself, not the name: the table prints created_by too
        assertThat(table.out()).as(table.toString()).contains(REASON);
        Cli.Result json = Cli.run(p, "statistics", "x", "--json");
        assertThat(json.exit()).as(json.toString()).isZero();
        assertThat(json.json().findValues("why")).as(json.toString()).anySatisfy(w -> assertThat(w.asText())
                .contains(REASON));
        assertThat(json.json().findValues("bounds_usable")).as(json.toString()).isNotEmpty()
                .allSatisfy(b -> assertThat(b.asBoolean()).isFalse());
    }

    @Test
    void skippingShowsThePolarsReasonAndKeepsTheRowGroup() throws Exception {
        Path p = LyingStatisticsTest.polarsLike(dir, "Polars", true);
        Cli.Result table = Cli.run(p, "skipping", "--where", "x < 0");
        assertThat(table.exit()).as(table.toString()).isZero();
        // the reason itself, not the name: the table prints created_by too
        assertThat(table.out()).as(table.toString()).contains(REASON);
        JsonNode plan = Cli.json(p, "skipping", "--where", "x < 0");
        assertThat(plan.findValues("why")).as(plan.toString()).anySatisfy(w -> assertThat(w.asText())
                .contains(REASON));
        assertThat(plan.findValues("skipped")).as(plan.toString()).isNotEmpty()
                .allSatisfy(s -> assertThat(s.asBoolean()).isFalse());
    }

    @Test
    void anotherWritersBoundsGiveNoPolarsReason() throws Exception {
        Path p = LyingStatisticsTest.polarsLike(dir, "another-writer version 1.0.0", false);
        assertThat(Cli.run(p, "statistics", "x", "--json").out()).doesNotContain(REASON);
        assertThat(Cli.json(p, "skipping", "--where", "x < 0").toString()).doesNotContain(REASON);
    }
}
