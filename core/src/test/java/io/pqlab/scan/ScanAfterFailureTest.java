package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.fixtures.Fixtures;
import io.pqlab.internal.format.ParquetFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scan that failed stays failed: a caller that catches the error and asks again gets the error
 * again, not the rows of the row groups after the broken one, which would look like a complete
 * answer that silently lacks the broken row group's rows.
 */
class ScanAfterFailureTest {
    @TempDir
    Path dir;

    @Test
    void everyCallAfterAFailureThrowsAgain() throws Exception {
        Path f = dir.resolve("broken.parquet");
        byte[] bytes = Files.readAllBytes(Fixtures.SORTED);
        long at;
        int groups;
        try (ParquetFile pf = ParquetFile.open(Fixtures.SORTED)) {
            groups = pf.rowGroupCount();
            at = ParquetFiles.chunk(pf, 1, 0).metaData().chunkStart();
        }
        assertThat(groups).as("row groups of the fixture").isGreaterThanOrEqualTo(3);
        Arrays.fill(bytes, (int) at, (int) at + 24, (byte) 0xFF); // row group 1's first page header
        Files.write(f, bytes);

        try (ParquetFile pf = ParquetFile.open(f); Scan scan = pf.scan(Query.all())) {
            Exception first = null;
            long rows = 0;
            while (first == null) {
                try {
                    RowBatch b = scan.nextBatch();
                    assertThat(b).as("the scan ended without meeting the broken row group").isNotNull();
                    rows += b.size();
                } catch (IOException | RuntimeException e) {
                    first = e;
                }
            }
            assertThat(rows).as("rows before the broken row group").isPositive();
            for (int i = 0; i < 3; i++) {
                assertThatThrownBy(scan::nextBatch).isInstanceOf(first.getClass()).hasMessage(first.getMessage());
            }
        }
    }
}
