package io.pqlab.internal.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.Dataset;
import io.pqlab.DatasetException;
import io.pqlab.DatasetOptions;
import io.pqlab.DatasetPlan;
import io.pqlab.DatasetScan;
import io.pqlab.Query;
import io.pqlab.oracle.EncryptedFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dataset of two files encrypted by parquet-java (encrypted footer, GCM; column keys for price
 * and name) with the same keys: the dataset's Decryption opens both, and the rows are the ones
 * written. Without the keys, one line naming the first file.
 */
class DatasetEncryptionTest {
    @TempDir
    static Path dir;

    static final EncryptedFiles.Mode MODE = EncryptedFiles.MODES[0];

    @BeforeAll
    static void write() throws Exception {
        for (String year : List.of("2023", "2024")) {
            Path d = Files.createDirectories(dir.resolve("year=" + year));
            Path f = EncryptedFiles.write(d, MODE);
            Files.move(f, d.resolve("part-0.parquet"));
        }
    }

    /** The ids written with a price above {@code p} (price is (i * 7 % 1000) / 4, null where i % 13 == 0). */
    static List<Long> pricesAbove(double p) {
        List<Long> out = new ArrayList<>();
        for (long i = 0; i < EncryptedFiles.ROWS; i++) {
            if (i % 13 != 0 && (i * 7 % 1000) / 4.0 > p) {
                out.add(i);
            }
        }
        return out;
    }

    static List<String> rows(Dataset d, Query q) throws Exception {
        List<String> out = new ArrayList<>();
        try (DatasetScan s = d.scan(q)) {
            for (DatasetScan.Batch b = s.nextBatch(); b != null; b = s.nextBatch()) {
                for (int i = 0; i < b.rows().size(); i++) {
                    out.add(b.partition().get("year") + ":" + b.rows().getLong("id", i));
                }
            }
        }
        return out;
    }

    @Test
    void theKeysOpenEveryFile() throws Exception {
        DatasetOptions o = DatasetOptions.defaults().withDecryption(EncryptedFiles.keys(MODE));
        try (Dataset d = Dataset.open(List.of(dir.toString()), o)) {
            List<String> expected = new ArrayList<>();
            for (String y : List.of("2023", "2024")) {
                pricesAbove(240).forEach(i -> expected.add(y + ":" + i));
            }
            // price is encrypted with its own column key: the condition needs it in both files
            assertThat(rows(d, Query.where("price > 240"))).isEqualTo(expected);
            List<String> late = new ArrayList<>();
            for (long i = 0; i < 150; i++) {
                late.add("2024:" + i);
            }
            assertThat(rows(d, Query.where("year = 2024 AND id < 150 AND name IS NOT NULL OR year = 2024 AND id < 150")))
                    .isEqualTo(late);
            DatasetPlan p = d.plan(Query.where("year = 2024 AND id < 150"));
            assertThat(p.files().get(0).outcome()).isEqualTo(DatasetPlan.Outcome.SKIPPED_BY_PARTITION);
            assertThat(p.files().get(1).plan().rowGroupsSkipped()).isEqualTo(2); // ids 1000.. ruled out
        }
    }

    @Test
    void withoutTheKeysOneLineNamesTheFile() throws Exception {
        try (Dataset d = Dataset.open(List.of(dir.toString()), DatasetOptions.defaults())) {
            assertThatThrownBy(() -> d.plan(Query.where("id < 5"))).isInstanceOf(DatasetException.class)
                    .hasMessageContaining("year=2023/part-0.parquet").hasMessageNotContaining("\n");
        }
    }
}
