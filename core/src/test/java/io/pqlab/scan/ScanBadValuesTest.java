package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.MalformedFileException;
import io.pqlab.ParquetFile;
import io.pqlab.plan.Mechanisms;
import io.pqlab.plan.Plan;
import io.pqlab.plan.Planner;
import io.pqlab.plan.Reference;
import io.pqlab.predicate.Binder;
import io.pqlab.predicate.Predicate;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Values a writer should not write, as the scan and the planner meet them: an error, never a crash. */
class ScanBadValuesTest {
    @TempDir
    Path dir;

    /**
     * A BYTE_ARRAY DECIMAL of zero bytes has no value (two's complement needs a byte): compared in a
     * scan it is malformed, at its page; in a dictionary it keeps the dictionary from ruling
     * anything out. Found by FileFuzzTest#planAndScan (a NumberFormatException).
     */
    @Test
    void aZeroByteDecimal() throws Exception {
        for (boolean dictionary : new boolean[] {false, true}) {
            List<Object[]> rows = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                rows.add(new Object[] {i == 7 ? new byte[0] : new byte[] {(byte) i}});
            }
            Path file = Reference.write(dir.resolve("empty-decimal-" + dictionary + ".parquet"),
                    "message m { required binary d (DECIMAL(4,2)); }", rows, 100, 100, dictionary);
            try (ParquetFile f = ParquetFile.open(file)) {
                Predicate p = Binder.bind("d = 0.03", f.schema());
                Plan plan = Planner.plan(f, p, new Planner.Options(Mechanisms.ALL, null, 0));
                assertThat(plan.rowGroupsSkipped()).as("dictionary %s", dictionary).isZero();
                Scanner s = Scanner.open(f, ScanOptions.of(p));
                assertThatThrownBy(s::next).as("dictionary %s", dictionary).isInstanceOf(MalformedFileException.class)
                        .hasMessageContaining("DECIMAL").hasMessageContaining("0 bytes");
                // without a comparison, the rows are returned (the value shown as its bytes)
                Scanner all = Scanner.open(f, ScanOptions.of(null));
                assertThat(all.next().size()).isEqualTo(10);
            }
        }
    }
}
