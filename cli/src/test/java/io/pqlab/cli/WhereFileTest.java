package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code skipping --where-file}: comments and blank lines skipped, a bad line its own error object. */
class WhereFileTest {
    @TempDir
    Path dir;

    @Test
    void commentsBlankLinesAndABadLineThatDoesNotStopTheOthers() throws Exception {
        Path f = dir.resolve("conditions.txt");
        Files.writeString(f, "# the orders of one customer\n\norder_id = 431\n  # indented comment\n"
                + "country = \"SE\"\nnope = 1\nWHERE amount_cents > 9800;\n");
        Cli.Result r = Cli.run(Cli.SORTED, "skipping", "--where-file", f.toString());
        assertThat(r.exit()).as(r.toString()).isEqualTo(2);
        List<JsonNode> rows = r.out().lines().map(l -> {
            try {
                return new ObjectMapper().readTree(l);
            } catch (Exception e) {
                throw new AssertionError(l, e);
            }
        }).toList();
        assertThat(rows).extracting(n -> n.get("line").asInt()).containsExactly(3, 5, 6, 7);
        assertThat(rows.get(0).has("error")).isFalse();
        assertThat(rows.get(0).get("condition").asText()).isEqualTo("order_id = 431");
        assertThat(rows.get(1).get("error").asText()).contains("a string is written 'SE'");
        assertThat(rows.get(1).get("position").asInt()).isEqualTo(10);
        assertThat(rows.get(2).get("error").asText()).contains("nope");
        assertThat(rows.get(3).has("error")).isFalse();
        // the good lines' plans are the ones --where gives
        JsonNode one = Cli.json(Cli.SORTED, "skipping", "--where", "order_id = 431");
        assertThat(rows.get(0).get("row_groups")).isEqualTo(one.get("row_groups"));
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).contains("2 of 4 conditions could not be planned");
    }

    @Test
    void theBoundFormIsPrintedWithItsEscape() {
        Cli.Result r = Cli.run(Cli.SORTED, "skipping", "--where", "country LIKE 'S!%%' ESCAPE '!'");
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.out()).contains("country LIKE 'S!%%' ESCAPE '!'");
    }

    @Test
    void ilikeScansTheRowsLikeMatchesInEitherCase() {
        Cli.Result like = Cli.run(Cli.SORTED, "scan", "--where", "country = 'SE'", "--row-numbers");
        Cli.Result ilike = Cli.run(Cli.SORTED, "scan", "--where", "country ILIKE 'se'", "--row-numbers");
        assertThat(ilike.exit()).as(ilike.toString()).isZero();
        assertThat(ilike.out()).isEqualTo(like.out()).isNotEmpty();
    }
}
