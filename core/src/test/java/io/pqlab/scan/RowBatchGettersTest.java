package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The typed getters give the CSV's values, a null as null, and refuse what they cannot give. */
class RowBatchGettersTest {
    private static final Path FIXTURES = Path.of("..", "fixtures");

    @Test
    void everyRowOfTheSortedOrdersMatchesItsCsvLine() throws Exception {
        List<String> csv = Files.readAllLines(FIXTURES.resolve("data").resolve("orders-sorted.csv"));
        int rows = 0;
        int nulls = 0;
        try (ParquetFile f = ParquetFile.open(FIXTURES.resolve("pruning-sorted.parquet"));
                Scan scan = f.scan(Query.all())) {
            for (RowBatch b : scan) {
                for (int i = 0; i < b.size(); i++) {
                    String[] want = csv.get((int) b.rowNumber(i) + 1).split(",", -1);
                    assertThat(b.getLong("order_id", i)).isEqualTo(Long.parseLong(want[0]));
                    assertThat(b.getLong(1, i)).isEqualTo(Long.parseLong(want[1]));
                    assertThat(b.isNull("country", i)).isEqualTo(want[2].isEmpty());
                    if (want[2].isEmpty()) {
                        nulls++;
                        int row = i;
                        assertThatThrownBy(() -> b.getString("country", row))
                                .isInstanceOf(IllegalStateException.class).hasMessageContaining("is null");
                    } else {
                        assertThat(b.getString("country", i)).isEqualTo(want[2]);
                        assertThat(new String(b.getBinary(2, i), java.nio.charset.StandardCharsets.UTF_8))
                                .isEqualTo(want[2]);
                    }
                    assertThat(b.getLong("amount_cents", i)).isEqualTo(Long.parseLong(want[3]));
                    rows++;
                }
                assertThatThrownBy(() -> b.getInt("order_id", 0)).isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("INT64");
                assertThatThrownBy(() -> b.column("nope")).isInstanceOf(IllegalArgumentException.class);
            }
        }
        assertThat(rows).isEqualTo(csv.size() - 1);
        assertThat(nulls).isPositive(); // the file has null countries: the test can tell
    }
}
