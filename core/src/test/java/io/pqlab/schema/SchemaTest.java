package io.pqlab.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.MalformedFileException;
import io.pqlab.ParquetFile;
import io.pqlab.UnsupportedFeatureException;
import io.pqlab.internal.format.FormatFixtures;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchemaTest {

    private static SchemaElement group(String name, Repetition r, int children) {
        return new SchemaElement(null, -1, -1, r, name, children, null, -1, -1, -1, null);
    }

    private static SchemaElement leaf(String name, Repetition r, PhysicalType t) {
        return new SchemaElement(t, t.ordinal(), -1, r, name, -1, null, -1, -1, -1, null);
    }

    /** message m { required int64 id; optional group tags (LIST) { repeated group list { optional binary element; } }
     *  required group loc { optional double lat; optional double Lon; } optional int32 lon2; } */
    private static List<SchemaElement> sample() {
        return List.of(
                group("m", null, 4),
                leaf("id", Repetition.REQUIRED, PhysicalType.INT64),
                group("tags", Repetition.OPTIONAL, 1),
                group("list", Repetition.REPEATED, 1),
                new SchemaElement(PhysicalType.BYTE_ARRAY, 6, -1, Repetition.OPTIONAL, "element", -1,
                        ConvertedType.UTF8, -1, -1, -1, null),
                group("loc", Repetition.REQUIRED, 2),
                leaf("lat", Repetition.OPTIONAL, PhysicalType.DOUBLE),
                leaf("Lon", Repetition.OPTIONAL, PhysicalType.DOUBLE),
                leaf("lon2", Repetition.OPTIONAL, PhysicalType.INT32));
    }

    @Test
    void levelsAndPaths() {
        Schema s = Schema.of(sample());
        assertThat(s.columns()).extracting(ColumnDescriptor::dottedPath)
                .containsExactly("id", "tags.list.element", "loc.lat", "loc.Lon", "lon2");
        ColumnDescriptor element = s.column("tags.list.element");
        assertThat(element.index()).isEqualTo(1);
        assertThat(element.path()).containsExactly("tags", "list", "element");
        assertThat(element.maxDefinitionLevel()).isEqualTo(3);
        assertThat(element.maxRepetitionLevel()).isEqualTo(1);
        assertThat(element.convertedType()).isEqualTo(ConvertedType.UTF8);
        assertThat(s.column(0).maxDefinitionLevel()).isZero();
        assertThat(s.column("loc.lat").maxDefinitionLevel()).isEqualTo(1);
        assertThat(s.root().children()).hasSize(4);
        assertThat(((GroupNode) s.root().children().get(1)).maxDefinitionLevel()).isEqualTo(1);
    }

    @Test
    void decimalScaleAndPrecisionFromLogicalOrConvertedType() {
        Schema s = Schema.of(List.of(group("m", null, 3),
                new SchemaElement(PhysicalType.INT32, 1, -1, Repetition.OPTIONAL, "a", -1, ConvertedType.DECIMAL, 2, 9,
                        -1, null),
                new SchemaElement(PhysicalType.INT64, 2, -1, Repetition.OPTIONAL, "b", -1, ConvertedType.DECIMAL, 1, 5,
                        -1, new LogicalType.DecimalType(3, 18)),
                new SchemaElement(PhysicalType.FIXED_LEN_BYTE_ARRAY, 7, 16, Repetition.OPTIONAL, "c", -1, null, -1,
                        -1, -1, new LogicalType.UuidType())));
        assertThat(s.column("a").scale()).isEqualTo(2);
        assertThat(s.column("a").precision()).isEqualTo(9);
        assertThat(s.column("b").scale()).isEqualTo(3);
        assertThat(s.column("b").precision()).isEqualTo(18);
        assertThat(s.column("c").isDecimal()).isFalse();
        assertThat(s.column("c").typeLength()).isEqualTo(16);
    }

    @Test
    void lookupIsExactThenCaseInsensitiveIfUnique() {
        Schema s = Schema.of(sample());
        assertThat(s.column("LOC.LAT").dottedPath()).isEqualTo("loc.lat");
        assertThat(s.column("loc.lon").dottedPath()).isEqualTo("loc.Lon");
        assertThat(s.find("nope")).isNull();
        assertThat(s.columnsUnder("loc")).extracting(ColumnDescriptor::dottedPath).containsExactly("loc.lat", "loc.Lon");
        assertThat(s.columnsUnder("")).hasSize(5);
    }

    @Test
    void unknownNamesListTheClosestColumns() {
        Schema s = Schema.of(sample());
        assertThatThrownBy(() -> s.column("loc.lng"))
                .isInstanceOf(NoSuchColumnException.class)
                .hasMessageStartingWith("no column \"loc.lng\" in the schema; did you mean")
                .hasMessageContaining("\"loc.Lon\"")
                .satisfies(e -> assertThat(((NoSuchColumnException) e).suggestions()).first().isEqualTo("loc.Lon"));
        assertThatThrownBy(() -> s.column("element"))
                .isInstanceOf(NoSuchColumnException.class).hasMessageContaining("tags.list.element");
        assertThatThrownBy(() -> s.column("completely_different_name"))
                .isInstanceOf(NoSuchColumnException.class).hasMessageContaining("its columns: \"id\"");
        assertThatThrownBy(() -> s.column("tags"))
                .isInstanceOf(NoSuchColumnException.class).hasMessageContaining("is a group");
        assertThatThrownBy(() -> s.column(5))
                .isInstanceOf(NoSuchColumnException.class).hasMessage("no column with index 5; the schema has 5 columns (0 to 4)");
        Schema ambiguous = Schema.of(List.of(group("m", null, 2), leaf("x", Repetition.REQUIRED, PhysicalType.INT32),
                leaf("X", Repetition.REQUIRED, PhysicalType.INT32)));
        assertThat(ambiguous.column("X").index()).isEqualTo(1);
        assertThatThrownBy(() -> ambiguous.column("xy"))
                .isInstanceOf(NoSuchColumnException.class);
        Schema three = Schema.of(List.of(group("m", null, 3), leaf("ab", Repetition.REQUIRED, PhysicalType.INT32),
                leaf("AB", Repetition.REQUIRED, PhysicalType.INT32), leaf("Ab", Repetition.REQUIRED, PhysicalType.INT32)));
        assertThatThrownBy(() -> three.column("aB")).isInstanceOf(NoSuchColumnException.class)
                .hasMessageContaining("ambiguous");
    }

    @Test
    void selectorResolvesNamesAndGroups() {
        BitSet set = Schema.selector(List.of("loc", "ID")).apply(sample());
        assertThat(set.stream().toArray()).containsExactly(0, 2, 3);
        assertThatThrownBy(() -> Schema.selector(List.of("missing")).apply(sample()))
                .isInstanceOf(NoSuchColumnException.class);
    }

    @Test
    void malformedListsPointAtTheFooter() {
        long at = 1234;
        List<List<SchemaElement>> bad = new ArrayList<>();
        bad.add(List.of());
        bad.add(List.of(leaf("root", null, PhysicalType.INT32))); // root is a leaf
        bad.add(List.of(group("m", null, 3), leaf("a", Repetition.REQUIRED, PhysicalType.INT32))); // too few
        bad.add(List.of(group("m", null, 1), leaf("a", Repetition.REQUIRED, PhysicalType.INT32),
                leaf("b", Repetition.REQUIRED, PhysicalType.INT32))); // trailing element
        bad.add(List.of(group("m", null, 1), leaf("a", null, PhysicalType.INT32))); // no repetition
        bad.add(List.of(group("m", null, 1),
                new SchemaElement(null, -1, -1, Repetition.REQUIRED, "a", -1, null, -1, -1, -1, null))); // no type
        bad.add(List.of(group("m", null, 1), new SchemaElement(PhysicalType.FIXED_LEN_BYTE_ARRAY, 7, -1,
                Repetition.REQUIRED, "f", -1, null, -1, -1, -1, null))); // FLBA without length
        bad.add(List.of(group("m", null, 2), group("g", Repetition.OPTIONAL, 2),
                leaf("a", Repetition.REQUIRED, PhysicalType.INT32))); // nested group overruns the list
        List<SchemaElement> deep = new ArrayList<>();
        deep.add(group("m", null, 1));
        for (int i = 0; i < 300; i++) {
            deep.add(group("g" + i, Repetition.OPTIONAL, 1));
        }
        deep.add(leaf("x", Repetition.OPTIONAL, PhysicalType.INT32));
        bad.add(deep);
        for (List<SchemaElement> list : bad) {
            assertThatThrownBy(() -> Schema.of(list, at)).as("%s", list).isInstanceOf(MalformedFileException.class)
                    .extracting(e -> ((MalformedFileException) e).offset()).isEqualTo(at);
        }
        // A physical type code from a newer format: valid but unsupported.
        assertThatThrownBy(() -> Schema.of(List.of(group("m", null, 1),
                new SchemaElement(null, 8, -1, Repetition.REQUIRED, "new", -1, null, -1, -1, -1, null)), at))
                .isInstanceOf(UnsupportedFeatureException.class);
    }

    @Test
    void aHugeChildCountIsRejectedWithoutAllocating() {
        assertThatThrownBy(() -> Schema.of(List.of(group("m", null, Integer.MAX_VALUE)), 0))
                .isInstanceOf(MalformedFileException.class).hasMessageContaining("children");
    }

    @Test
    void rendersParquetMessageSyntax() throws IOException {
        try (ParquetFile pf = ParquetFile.open(FormatFixtures.DATA.resolve("nested_lists.snappy.parquet"))) {
            String text = pf.schema().render();
            assertThat(text).startsWith("message spark_schema {\n");
            assertThat(text).contains("  optional group a (LIST) {\n    repeated group list {\n");
            assertThat(text).contains("optional binary element (STRING);");
            assertThat(text).endsWith("  required int32 b;\n}\n");
            assertThat(pf.schema().toString()).isEqualTo(text);
        }
    }
}
