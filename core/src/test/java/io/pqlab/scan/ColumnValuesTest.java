package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.internal.column.Chunks;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.oracle.ParquetJava;
import io.pqlab.schema.ColumnDescriptor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link RowBatch#values}: every flat column's values of every batch, by row, equal parquet-java's
 * values of those rows (nulls included), in full scans of every fixture the oracle reads and in
 * scans whose matches are scattered over pages; and the per-row getters, made from the same runs,
 * still give the same values.
 */
class ColumnValuesTest {
    private static final Path DATA = Path.of("..", "fixtures", "parquet-testing", "data");
    private static final Path FIXTURES = Path.of("..", "fixtures");

    static Stream<Path> files() {
        List<Path> files = new ArrayList<>(ParquetJava.judgeable(DATA));
        files.add(FIXTURES.resolve("pruning-sorted.parquet"));
        files.add(FIXTURES.resolve("pruning-shuffled.parquet"));
        return files.stream();
    }

    @ParameterizedTest
    @MethodSource("files")
    void everyFlatValueOfAFullScanEqualsParquetJavas(Path path) throws Exception {
        long checked = check(path, Query.all());
        assertThat(checked).as(path.getFileName() + ": values checked").isGreaterThanOrEqualTo(0);
    }

    @Test
    void scatteredMatchesAcrossPagesAndRowGroups() throws Exception {
        // 40-row pages and 200-row row groups: these matches make runs that start mid-page, skip
        // pages and cross row groups, with null countries among them
        for (String cond : List.of("order_id IN (3, 45, 46, 47, 120, 399, 400, 401, 790) OR order_id BETWEEN 150 AND 260",
                "country IS NULL OR amount_cents > 9000", "customer_id > 0")) {
            for (String f : List.of("pruning-sorted.parquet", "pruning-shuffled.parquet")) {
                long checked = check(FIXTURES.resolve(f), Query.where(cond));
                assertThat(checked).as(f + " " + cond).isPositive();
            }
        }
    }

    @Test
    void gettersOfTheWrongTypeAndRepeatedColumnsAreRefused() throws Exception {
        try (ParquetFile f = ParquetFile.open(FIXTURES.resolve("pruning-sorted.parquet"));
                Scan scan = f.scan(Query.all())) {
            RowBatch b = scan.iterator().next();
            ColumnValues id = b.values("order_id");
            assertThat(id.size()).isEqualTo(b.size());
            assertThat(id.hasNulls()).isFalse();
            assertThat(id.nulls()).isNull();
            assertThatThrownBy(id::ints).isInstanceOf(IllegalStateException.class).hasMessageContaining("INT64");
            assertThatThrownBy(id::offsets).isInstanceOf(IllegalStateException.class);
            ColumnValues country = b.values("country");
            assertThat(country.hasNulls()).isTrue(); // the first rows hold a null country: the test can tell
            assertThatThrownBy(country::longs).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("BYTE_ARRAY");
            assertThat(b.values(2)).isSameAs(country); // made once per batch
            // head(n): the first n rows, run by run cut where n ends (the 40-row pages: mid-page)
            RowBatch h = b.head(57);
            assertThat(h.size()).isEqualTo(57);
            for (int c = 0; c < b.columns().size(); c++) {
                for (int i = 0; i < 57; i++) {
                    assertThat(h.values(c).isNull(i)).isEqualTo(b.values(c).isNull(i));
                    assertThat(h.plain(c, i)).isEqualTo(b.plain(c, i));
                }
            }
            assertThat(h.values(0).longs()).startsWith(Arrays.copyOf(id.longs(), 57));
        }
        Path nested = DATA.resolve("repeated_primitive_no_list.parquet");
        try (ParquetFile f = ParquetFile.open(nested); Scan scan = f.scan(Query.all())) {
            RowBatch b = scan.iterator().next();
            int repeated = -1;
            for (int c = 0; c < b.columns().size(); c++) {
                if (b.columns().get(c).maxRepetitionLevel() > 0) {
                    repeated = c;
                }
            }
            assertThat(repeated).isNotNegative();
            int c = repeated;
            assertThatThrownBy(() -> b.values(c)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("repeated");
        }
    }

    /** Values checked: every flat column of every batch against parquet-java and the row getters. */
    private static long check(Path path, Query q) throws Exception {
        Map<Long, List<Object>> judge = new HashMap<>();
        long checked = 0;
        try (ParquetFile f = ParquetFile.open(path); Scan scan = f.scan(q)) {
            long[] firstRow = new long[f.rowGroupCount() + 1];
            for (int g = 0; g < f.rowGroupCount(); g++) {
                firstRow[g + 1] = firstRow[g] + ParquetFiles.rowGroup(f, g).numRows();
            }
            for (RowBatch b : scan) {
                int g = b.rowGroup();
                for (int c = 0; c < b.columns().size(); c++) {
                    ColumnDescriptor d = b.columns().get(c);
                    if (d.maxRepetitionLevel() > 0) {
                        continue;
                    }
                    int leaf = f.schema().columns().indexOf(d);
                    List<Object> want = judge.computeIfAbsent(((long) g << 32) | leaf,
                            k -> ParquetJava.values(path, g, leaf));
                    ColumnValues v = b.values(c);
                    assertThat(v.size()).isEqualTo(b.size());
                    for (int i = 0; i < b.size(); i++) {
                        Object w = want.get((int) (b.rowNumber(i) - firstRow[g]));
                        String where = path.getFileName() + " " + d.dottedPath() + " row " + b.rowNumber(i);
                        assertThat(v.isNull(i)).as(where).isEqualTo(w == null);
                        assertThat(b.isNull(c, i)).as(where).isEqualTo(w == null);
                        if (w != null) {
                            Object got = value(v, i);
                            assertThat(java.util.Objects.deepEquals(got, w)).as(where + ": " + ParquetJava.show(got)
                                    + " against " + ParquetJava.show(w)).isTrue();
                            assertThat(java.util.Objects.deepEquals(Chunks.value(b.page(c, i),
                                    b.page(c, i).valueIndex(b.firstEntry(c, i))), w)).as(where + " (row getter)").isTrue();
                        }
                        checked++;
                    }
                }
            }
        }
        return checked;
    }

    /** Row i's value as parquet-java hands it out. */
    private static Object value(ColumnValues v, int i) {
        return switch (v.column().type()) {
            case BOOLEAN -> v.booleans()[i];
            case INT32 -> {
                assertThat(v.longs()[i]).isEqualTo(v.ints()[i]); // widened
                yield v.ints()[i];
            }
            case INT64 -> v.longs()[i];
            case FLOAT -> {
                assertThat(Double.doubleToRawLongBits(v.doubles()[i]))
                        .isEqualTo(Double.doubleToRawLongBits(v.floats()[i]));
                yield v.floats()[i];
            }
            case DOUBLE -> v.doubles()[i];
            default -> {
                assertThat(v.offset(i) + v.length(i)).isLessThanOrEqualTo(v.bytes(i).length);
                yield Arrays.copyOfRange(v.bytes(i), v.offset(i), v.offset(i) + v.length(i));
            }
        };
    }
}
