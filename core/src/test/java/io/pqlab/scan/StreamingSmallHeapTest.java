package io.pqlab.scan;


import io.pqlab.internal.plan.BoundQuery;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.internal.predicate.Binder;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Memory bounded by pages, not row groups: a row group whose strings decode to about 85 MB (a
 * dictionary of 1,000 strings of 20-200 characters, 500,000 rows: under 2 MB stored) is scanned
 * whole in the 64 MiB "small-heap" JVM, where holding its decoded pages at once does not fit.
 */
@Tag("small-heap")
class StreamingSmallHeapTest {
    static final long ROWS = 500_000;
    static final int DISTINCT = 1_000;

    @TempDir
    Path dir;

    @Test
    void aRowGroupLargerThanTheHeapIsScannedWhole() throws Exception {
        Path file = BigRowGroups.write(dir.resolve("dict.parquet"), ROWS, 10_000, DISTINCT);
        assertThat(scan(file, null)).isEqualTo(ROWS);
        // a condition on a returned column: what its pass keeps is capped, the rest read again
        assertThat(scan(file, "id >= 0")).isEqualTo(ROWS);
    }

    private static long scan(Path file, String condition) throws Exception {
        try (ParquetFile f = ParquetFile.open(file)) {
            assertThat(f.metadata().rowGroups()).hasSize(1);
            Scanner s = Scanner.open(f, BoundQuery.of(condition == null ? null : Binder.bind(condition, f.schema())));
            long n = 0;
            for (RowBatch b = s.next(); b != null; b = s.next()) {
                for (int i = 0; i < b.size(); i++) {
                    long r = b.rowNumber(i);
                    assertThat(r).isEqualTo(n);
                    if (r % 101 == 0) {
                        String str = BigRowGroups.s(r, DISTINCT);
                        assertThat(b.text(1, i)).isEqualTo(str == null ? "null" : str);
                        assertThat(b.text(0, i)).isEqualTo(Long.toString(r));
                    } else {
                        assertThat(b.isNull(1, i)).isEqualTo(r % 97 == 0);
                    }
                    n++;
                }
            }
            return n;
        }
    }
}
