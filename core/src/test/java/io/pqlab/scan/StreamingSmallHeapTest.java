package io.pqlab.scan;


import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.plan.BoundQuery;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.internal.predicate.Binder;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import io.pqlab.Query;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
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

    /** At one thread, and with pages decoded ahead on a pool of two and of four threads. */
    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {1, 2, 4})
    void aRowGroupLargerThanTheHeapIsScannedWhole(int threads) throws Exception {
        Path file = BigRowGroups.write(dir.resolve("dict.parquet"), ROWS, 10_000, DISTINCT);
        assertThat(scan(file, null, threads)).isEqualTo(ROWS);
        // a condition on a returned column: what its pass keeps is capped, the rest read again
        assertThat(scan(file, "id >= 0", threads)).isEqualTo(ROWS);
        // two condition columns, evaluated at once on the pool
        assertThat(scan(file, "id >= 0 AND (s IS NULL OR s IS NOT NULL)", threads)).isEqualTo(ROWS);
    }

    private static long scan(Path file, String condition, int threads) throws Exception {
        try (ParquetFile f = ParquetFile.open(file)) {
            assertThat(ParquetFiles.metadata(f).rowGroups()).hasSize(1);
            Scanner s = Scanner.open(f, BoundQuery.of(condition == null ? null : Binder.bind(condition, f.schema()),
                    null, Query.all().threads(threads)));
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
