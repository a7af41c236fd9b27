package io.pqlab.internal.assembly;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.internal.format.FormatFixtures;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every nested file of fixtures/parquet-testing that DuckDB reads: pqlab's assembled rows equal
 * DuckDB's rows of the same file, nulls and structure included (legacy two-level lists,
 * unannotated repeated fields, maps of maps, lists of lists of lists).
 */
class NestedFixturesTest {

    static Stream<String> files() {
        return Stream.of(
                "list_columns.parquet",
                "nested_lists.snappy.parquet",
                "nested_maps.snappy.parquet",
                "null_list.parquet",
                "nulls.snappy.parquet",
                "old_list_structure.parquet",
                "repeated_no_annotation.parquet",
                "repeated_primitive_no_list.parquet",
                "incorrect_map_schema.parquet");
    }

    @ParameterizedTest
    @MethodSource("files")
    void rowsEqualDuckDbs(String name) throws Exception {
        Path file = FormatFixtures.DATA.resolve(name);
        int rows = DuckDbRows.assertAgree(file);
        assertThat(rows).isPositive();
    }

    /**
     * map_no_value.parquet: DuckDB refuses it ("MAP_KEY_VALUE requires two children"), so its rows
     * are held to what its writer says it wrote (map_no_value.md): a map of null values, a map
     * without a value field (null values too), and a list of the same keys.
     */
    @org.junit.jupiter.api.Test
    void mapWithoutValuesAsItsWriterDescribesIt() throws Exception {
        DuckDbRows.Rows rows = DuckDbRows.pqlab(FormatFixtures.DATA.resolve("map_no_value.parquet"));
        assertThat(rows.names()).containsExactly("my_map", "my_map_no_v", "my_list");
        assertThat(rows.rows()).containsExactly(
                List.of("[[1, null], [2, null], [3, null]]", "[[1, null], [2, null], [3, null]]", "[1, 2, 3]"),
                List.of("[[4, null], [5, null], [6, null]]", "[[4, null], [5, null], [6, null]]", "[4, 5, 6]"),
                List.of("[[7, null], [8, null], [9, null]]", "[[7, null], [8, null], [9, null]]", "[7, 8, 9]"));
    }
}
