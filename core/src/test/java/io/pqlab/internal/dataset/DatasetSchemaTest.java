package io.pqlab.internal.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.DatasetException;
import io.pqlab.ParquetFile;
import io.pqlab.schema.PhysicalType;
import io.pqlab.schema.Schema;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Schemas of files written by parquet-java, merged by name. */
class DatasetSchemaTest {
    @TempDir
    Path dir;

    private Schema schemaOf(String name, String messageType) throws Exception {
        Path p = dir.resolve(name);
        TestFiles.write(p, messageType, List.<Object[]>of(), 10, 10);
        try (ParquetFile f = ParquetFile.open(p)) {
            return f.schema();
        }
    }

    @Test
    void columnsMatchByNameMissingOnesAreMarkedAndNarrowTypesWidened() throws Exception {
        Schema a = schemaOf("a", "message m { required int64 id; optional int32 n; optional float f; }");
        Schema b = schemaOf("b", "message m { optional float f; required int64 id; optional binary s (STRING); }");
        Schema c = schemaOf("c", "message m { required int64 id; optional int64 n; optional double f; }");
        DatasetSchema s = DatasetSchema.merge(List.of("a", "b", "c"), List.of(a, b, c), List.of());
        assertThat(s.columns()).extracting(x -> x.dottedPath()).containsExactly("id", "n", "f", "s");
        assertThat(s.columns()).extracting(x -> x.type()).containsExactly(PhysicalType.INT64, PhysicalType.INT64,
                PhysicalType.DOUBLE, PhysicalType.BYTE_ARRAY);
        assertThat(s.files().get(0)).containsExactly(0, 1, 2, -1);
        assertThat(s.files().get(1)).containsExactly(1, -1, 0, 2);
        assertThat(s.files().get(2)).containsExactly(0, 1, 2, -1);
        BitSet aWidened = new BitSet();
        aWidened.set(1);
        aWidened.set(2);
        BitSet bWidened = new BitSet();
        bWidened.set(2);
        assertThat(s.widened()).containsExactly(aWidened, bWidened, new BitSet());
        assertThat(s.anyWidened()).isTrue();
    }

    @Test
    void differentTypesAreOneLineNamingBothFiles() throws Exception {
        Schema a = schemaOf("a", "message m { required int64 id; }");
        Schema b = schemaOf("b", "message m { required binary id (STRING); }");
        assertThatThrownBy(() -> DatasetSchema.merge(List.of("d/a.parquet", "d/b.parquet"), List.of(a, b), List.of()))
                .isInstanceOf(DatasetException.class)
                .hasMessage("column id is INT64 in d/a.parquet but BYTE_ARRAY (STRING) in d/b.parquet"
                        + " (only INT32 to INT64 and FLOAT to DOUBLE are widened)")
                .hasMessageNotContaining("\n");
        // narrowing is no widening, whichever file comes first; nor is a date an integer
        Schema d = schemaOf("d", "message m { required int32 id (DATE); }");
        assertThatThrownBy(() -> DatasetSchema.merge(List.of("x", "y"), List.of(d, a), List.of()))
                .isInstanceOf(DatasetException.class).hasMessageContaining("INT32 (DATE) in x but INT64 in y");
        Schema u = schemaOf("u", "message m { required int32 id (INTEGER(32,false)); }");
        assertThatThrownBy(() -> DatasetSchema.merge(List.of("x", "y"), List.of(u, a), List.of()))
                .isInstanceOf(DatasetException.class);
        Schema dbl = schemaOf("dbl", "message m { required double id; }");
        assertThatThrownBy(() -> DatasetSchema.merge(List.of("x", "y"), List.of(a, dbl), List.of()))
                .isInstanceOf(DatasetException.class);
    }

    @Test
    void signedIntegerAnnotationsOfFullWidthAreThePlainType() throws Exception {
        Schema a = schemaOf("a", "message m { required int32 n (INTEGER(32,true)); }");
        Schema b = schemaOf("b", "message m { required int32 n; }");
        Schema c = schemaOf("c", "message m { optional int64 n (INTEGER(64,true)); }");
        DatasetSchema s = DatasetSchema.merge(List.of("a", "b", "c"), List.of(a, b, c), List.of());
        assertThat(s.columns().get(0).type()).isEqualTo(PhysicalType.INT64);
        assertThat(new ArrayList<>(s.widened())).extracting(BitSet::cardinality).containsExactly(1, 1, 0);
    }

    @Test
    void aPartitionKeyThatIsAlsoAColumnIsRefused() throws Exception {
        Schema a = schemaOf("a", "message m { required int64 year; }");
        assertThatThrownBy(() -> DatasetSchema.merge(List.of("d/year=1/a"), List.of(a), List.of("year")))
                .isInstanceOf(DatasetException.class).hasMessageContaining("partition key year");
    }
}
