package io.pqlab.scan;


import io.pqlab.internal.plan.BoundQuery;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.internal.column.RecordingSource;
import io.pqlab.io.FileSource;
import io.pqlab.oracle.ParquetJava;
import io.pqlab.internal.predicate.Binder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A row group larger than a batch: its rows come in several batches of at most {@link
 * Scanner#BATCH_ROWS}, in order, each row once, with the values the file holds (the writer's own
 * function of the row, and parquet-java's reading for a sample). Conditions on returned columns
 * exercise the pages kept from the condition's pass and those read again.
 */
class StreamingScanTest {
    static final long ROWS = 300_000;

    @TempDir
    static Path dir;

    static Path file;

    @BeforeAll
    static void write() throws Exception {
        file = BigRowGroups.write(dir.resolve("big.parquet"), ROWS, 5_000, 0);
    }

    @Test
    void theFileHasOneRowGroupAndParquetJavaReadsTheWritersValues() {
        assertThat(ParquetJava.footer(file).getBlocks()).hasSize(1);
        List<Object[]> rows = ParquetJava.rows(file);
        assertThat(rows).hasSize((int) ROWS);
        for (int i = 0; i < ROWS; i += 997) {
            assertThat(rows.get(i)[0]).isEqualTo((long) i);
            String s = BigRowGroups.s(i, 0);
            Object got = rows.get(i)[1];
            assertThat(got == null ? null : new String((byte[]) got, StandardCharsets.UTF_8)).isEqualTo(s);
        }
    }

    @Test
    void aFullScanComesInBoundedBatches() throws Exception {
        int batches = check(null, r -> true);
        assertThat(batches).isGreaterThanOrEqualTo((int) (ROWS / Scanner.BATCH_ROWS));
    }

    @Test
    void conditionsOnReturnedColumns() throws Exception {
        check("id >= 1000 AND id < 250000", r -> r >= 1000 && r < 250000);
        check("s IS NULL", r -> BigRowGroups.s(r, 0) == null);
        check("s IS NULL OR id < 100", r -> r < 100 || BigRowGroups.s(r, 0) == null);
        check("id = 123457", r -> r == 123457);
        // every row: the string pages (about 35 MB decoded) outgrow what the condition's pass
        // keeps decoded, so the later ones are decoded again (from kept bytes: none fetched twice)
        check("s IS NOT NULL OR id >= 0", r -> true);
        String one = BigRowGroups.s(201_234, 0);
        check("s = '" + one + "'", r -> one.equals(BigRowGroups.s(r, 0)));
    }

    /**
     * Scans with the condition and holds every row to the writer's values, and every byte of the
     * file to one fetch at most; the number of batches.
     */
    private static int check(String condition, LongPredicate matches) throws Exception {
        RecordingSource source = new RecordingSource(FileSource.open(file));
        try (ParquetFile f = ParquetFile.open(source)) {
            Scanner s = Scanner.open(f, BoundQuery.of(condition == null ? null : Binder.bind(condition, f.schema())));
            long want = 0;
            int batches = 0;
            for (RowBatch b = s.next(); b != null; b = s.next()) {
                batches++;
                assertThat(b.size()).as(condition).isBetween(1, Scanner.BATCH_ROWS);
                for (int i = 0; i < b.size(); i++) {
                    while (!matches.test(want)) {
                        want++;
                    }
                    long r = b.rowNumber(i);
                    assertThat(r).as(condition).isEqualTo(want);
                    assertThat(b.text(0, i)).isEqualTo(Long.toString(r));
                    String str = BigRowGroups.s(r, 0);
                    assertThat(b.text(1, i)).isEqualTo(str == null ? "null" : str);
                    want++;
                }
            }
            while (want < ROWS && !matches.test(want)) {
                want++;
            }
            assertThat(want).as("rows after the last returned: %s", condition).isEqualTo(ROWS);
            assertThat(s.stats().rowsReturned()).isPositive();
            List<long[]> reads = new ArrayList<>(source.reads);
            reads.sort(Comparator.comparingLong(r -> r[0]));
            for (int i = 1; i < reads.size(); i++) {
                assertThat(reads.get(i)[0]).as("%s: bytes fetched twice: %s after %s", condition, java.util.Arrays.toString(reads.get(i)), java.util.Arrays.toString(reads.get(i - 1))).isGreaterThanOrEqualTo(reads.get(i - 1)[1]);
            }
            return batches;
        }
    }
}
