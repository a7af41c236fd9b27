package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.pqlab.ParquetFile;
import io.pqlab.scan.RowBatch;
import io.pqlab.Query;
import io.pqlab.scan.Scan;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** statistics, page-index and pages without COLUMN; dictionary; bloom with several values. */
class WholeFileViewsTest {

    @Test
    void withoutAColumnEveryColumnIsShownAsEachColumnAlone() throws Exception {
        for (String command : List.of("statistics", "page-index", "pages")) {
            JsonNode all = Cli.json(Cli.SORTED, command);
            try (ParquetFile pf = ParquetFile.open(Cli.SORTED)) {
                assertThat(all.get("columns")).hasSize(pf.schema().columns().size());
                for (int c = 0; c < pf.schema().columns().size(); c++) {
                    JsonNode one = Cli.json(Cli.SORTED, command, Integer.toString(c));
                    JsonNode fromAll = all.get("columns").get(c);
                    assertThat(fromAll.get("row_groups")).as(command + " " + c).isEqualTo(one.get("row_groups"));
                }
            }
            Cli.Result text = Cli.run(Cli.SORTED, command);
            assertThat(text.exit()).as(text.toString()).isZero();
            assertThat(text.out().lines().findFirst().orElseThrow()).startsWith("column");
            assertThat(text.out()).contains("order_id").contains("country").contains("amount_cents");
        }
    }

    @Test
    void theDictionaryHoldsTheValuesTheChunkDecodesTo() throws Exception {
        JsonNode d = Cli.json(Cli.SORTED, "dictionary", "country");
        try (ParquetFile pf = ParquetFile.open(Cli.SORTED)) {
            Scan s = pf.scan(Query.all().columns("country"));
            List<Set<String>> decoded = new ArrayList<>();
            for (RowBatch b = s.nextBatch(); b != null; b = s.nextBatch()) {
                while (decoded.size() <= b.rowGroup()) {
                    decoded.add(new HashSet<>());
                }
                for (int i = 0; i < b.size(); i++) {
                    if (!b.isNull(0, i)) {
                        decoded.get(b.rowGroup()).add(b.text(0, i));
                    }
                }
            }
            int withDictionary = 0;
            for (JsonNode g : d.get("row_groups")) {
                JsonNode dict = g.get("dictionary");
                if (dict.isNull()) {
                    continue;
                }
                withDictionary++;
                Set<String> entries = new HashSet<>();
                dict.get("values").forEach(v -> entries.add(v.asText()));
                assertThat(entries).hasSize(dict.get("entries").asInt());
                Set<String> values = decoded.get(g.get("row_group").asInt());
                if (dict.get("complete").asBoolean()) {
                    assertThat(entries).containsAll(values);
                }
                assertThat(values).isNotEmpty();
            }
            assertThat(withDictionary).isPositive();
        }
        Cli.Result limited = Cli.run(Cli.SORTED, "dictionary", "country", "--limit", "1", "--row-group", "0");
        assertThat(limited.exit()).as(limited.toString()).isZero();
        assertThat(limited.out()).contains("more; --limit shows more");
    }

    @Test
    void bloomProbesSeveralValuesAndSaysWhenTheFilterCannotHelp() {
        JsonNode one = Cli.json(Cli.SHUFFLED, "bloom", "customer_id", "424242");
        JsonNode two = Cli.json(Cli.SHUFFLED, "bloom", "customer_id", "424242", "7");
        assertThat(two.get("values")).hasSize(2);
        for (int g = 0; g < one.get("row_groups").size(); g++) {
            JsonNode g1 = one.get("row_groups").get(g);
            JsonNode g2 = two.get("row_groups").get(g);
            assertThat(g2.get("verdicts").get(0)).isEqualTo(g1.get("verdicts").get(0));
            assertThat(g1.get("verdicts").get(0).asText()).isEqualTo(g1.get("verdict").asText());
            JsonNode alone = Cli.json(Cli.SHUFFLED, "bloom", "customer_id", "7").get("row_groups").get(g);
            assertThat(g2.get("verdicts").get(1)).isEqualTo(alone.get("verdicts").get(0));
        }
        Cli.Result text = Cli.run(Cli.SHUFFLED, "bloom", "customer_id", "424242", "7");
        assertThat(text.exit()).as(text.toString()).isZero();
        assertThat(text.out()).contains("424242").contains("absent: a bit the value's hash chose is clear");
        // a column without filters: the filter cannot help, which is not a verdict on the chunk
        Cli.Result none = Cli.run(Cli.SORTED, "bloom", "amount_cents", "5");
        assertThat(none.exit()).as(none.toString()).isZero();
        if (none.out().contains("no Bloom filter")) {
            assertThat(none.out()).contains("the filter cannot help here").doesNotContain("must read");
        }
    }

    @Test
    void aFileWithNoSuchColumnStillNamesItsColumns() {
        Path f = Cli.DATA.resolve("alltypes_tiny_pages.parquet");
        Cli.Result r = Cli.run(f, "page-index");
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.out()).contains("rows in group");
    }
}
