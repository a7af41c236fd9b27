package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.pqlab.ParquetFile;
import io.pqlab.schema.PhysicalType;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.internal.values.ColumnType;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every command on every fixture, on every column, in both forms: exit 0, something printed, and
 * under --json one valid JSON document whose "file" is the file asked about.
 */
class EveryFixtureTest {

    static List<Path> fixtures() {
        return Cli.fixtures();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void everyCommandOnEveryColumn(Path file) throws Exception {
        List<ColumnDescriptor> columns;
        try (ParquetFile pf = ParquetFile.open(file)) {
            columns = pf.schema().columns();
        }
        check(file, "footer");
        check(file, "schema");
        for (ColumnDescriptor c : columns) {
            // By path for some commands and by leaf index for others: both must work everywhere.
            check(file, "pages", c.dottedPath());
            check(file, "page-index", Integer.toString(c.index()));
            check(file, "statistics", c.dottedPath());
            check(file, "bloom", Integer.toString(c.index()), sampleValue(Columns.type(c)));
        }
    }

    private static void check(Path file, String command, String... rest) {
        Cli.Result text = Cli.run(file, command, rest);
        assertThat(text.exit()).as("%s %s %s\n%s", command, file, List.of(rest), text).isZero();
        assertThat(text.out()).as("%s %s", command, file).isNotBlank();
        assertThat(text.err()).as("%s %s", command, file).isEmpty();
        JsonNode json = Cli.json(file, command, rest);
        assertThat(json.isObject()).isTrue();
        assertThat(json.get("file").asText()).isEqualTo(file.toString());
    }

    /** A value of the column's type, written as the bloom command takes it. */
    static String sampleValue(ColumnType t) {
        PhysicalType p = t.physical();
        if (p == PhysicalType.BOOLEAN) {
            return "TRUE";
        }
        if (p == PhysicalType.INT96 || t.timestampUnit() != null) {
            return "TIMESTAMP '2020-01-02 03:04:05'";
        }
        if (t.isDate()) {
            return "DATE '2020-01-02'";
        }
        if (t.timeUnit() != null) {
            return "TIME '01:02:03'";
        }
        if (t.isDecimal() || t.isFloat16() || p == PhysicalType.INT32 || p == PhysicalType.INT64
                || p == PhysicalType.FLOAT || p == PhysicalType.DOUBLE) {
            return "0";
        }
        if (t.isUuid()) {
            return "'123e4567-e89b-12d3-a456-426614174000'";
        }
        if (p == PhysicalType.FIXED_LEN_BYTE_ARRAY) {
            return "X'" + "00".repeat(t.typeLength()) + "'";
        }
        return "'a'";
    }
}
