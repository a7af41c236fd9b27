package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.pqlab.ParquetFile;
import io.pqlab.fixtures.DuckDb;
import io.pqlab.internal.assembly.DuckDbRows;
import io.pqlab.internal.assembly.OutputFields;
import io.pqlab.internal.assembly.Shape;
import io.pqlab.internal.assembly.Shapes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code pqlab scan} prints nested rows as DuckDB reads them: jsonl value by value against
 * DuckDB's {@code to_json} of the same file (every nested parquet-testing file DuckDB reads, and
 * the issue's example written by DuckDB); csv holds the same JSON per field (null as an empty
 * field); the table holds the same values compactly, NULL bare and strings quoted.
 */
class NestedScanTest {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));

    @TempDir
    static Path dir;

    static Stream<Path> files() throws Exception {
        Path issue = dir.resolve("issue.parquet");
        if (!issue.toFile().exists()) {
            DuckDb.execute("CREATE TABLE t(pts STRUCT(x INTEGER, y INTEGER)[], s STRUCT(a BIGINT),"
                    + " m MAP(VARCHAR, INTEGER[]), mi MAP(INTEGER, VARCHAR), name VARCHAR)",
                    "INSERT INTO t VALUES ([{'x': NULL, 'y': 5}, NULL], {'a': 1}, MAP {'k': [1, NULL], 'j': NULL},"
                    + " MAP {1: 'null'}, 'null'), ([NULL], NULL, NULL, MAP {}, NULL),"
                    + " ([NULL, {'x': 1, 'y': NULL}], {'a': NULL}, MAP {}, NULL, 'x'), (NULL, {'a': 2}, MAP {'e': []},"
                    + " MAP {2: NULL}, ''), ([], {'a': 3}, NULL, NULL, 'NULL')",
                    "COPY t TO '" + issue + "' (FORMAT parquet)");
        }
        return Stream.concat(Stream.of(issue), Stream.of("list_columns.parquet", "nested_lists.snappy.parquet",
                "nested_maps.snappy.parquet", "null_list.parquet", "nulls.snappy.parquet", "old_list_structure.parquet",
                "repeated_no_annotation.parquet", "repeated_primitive_no_list.parquet", "incorrect_map_schema.parquet")
                .map(Cli.DATA::resolve));
    }

    private static List<OutputFields.Field> fields(Path file) throws Exception {
        try (ParquetFile pf = ParquetFile.open(file)) {
            return OutputFields.all(pf.schema());
        }
    }

    private static Shape shape(OutputFields.Field f) {
        return f instanceof OutputFields.Nested n ? n.shape() : Shapes.of(((OutputFields.Flat) f).column());
    }

    private static List<JsonNode> jsonl(Path file) throws Exception {
        Cli.Result r = Cli.run(file, "scan", "--format", "jsonl");
        assertThat(r.exit()).as("%s", r).isZero();
        List<JsonNode> rows = new ArrayList<>();
        for (String line : r.out().split("\n")) {
            if (!line.isEmpty()) {
                rows.add(JSON.readTree(line));
            }
        }
        return rows;
    }

    @ParameterizedTest
    @MethodSource("files")
    void jsonLinesEqualDuckDbsRows(Path file) throws Exception {
        List<OutputFields.Field> fields = fields(file);
        List<JsonNode> ours = jsonl(file);
        List<String> theirs = DuckDbRows.duckdb(file);
        assertThat(ours).hasSize(theirs.size());
        for (int i = 0; i < ours.size(); i++) {
            JsonNode duck = JSON.readTree(theirs.get(i));
            assertThat(ours.get(i).size()).isEqualTo(fields.size());
            for (OutputFields.Field f : fields) {
                assertThat(DuckDbRows.canon(ours.get(i).get(f.name()), shape(f), true))
                        .as("row %d, %s of %s: pqlab %s, DuckDB %s", i, f.name(), file.getFileName(), ours.get(i), duck)
                        .isEqualTo(DuckDbRows.canon(duck.get(f.name()), shape(f), false));
            }
        }
    }

    /**
     * The library's RowBatch.json and text of a column inside a repeated field are the field the
     * CLI prints for {@code --select COLUMN}: its top-level field pruned to the column (which
     * {@link #jsonLinesEqualDuckDbsRows} holds to DuckDB for whole fields), not a list of leaf values.
     */
    @ParameterizedTest
    @MethodSource("files")
    void libraryRowsOfRepeatedColumnsEqualTheCli(Path file) throws Exception {
        int compared = 0;
        try (ParquetFile pf = ParquetFile.open(file)) {
            for (io.pqlab.schema.ColumnDescriptor c : pf.schema().columns()) {
                if (c.maxRepetitionLevel() == 0) {
                    continue;
                }
                String name = OutputFields.of(pf.schema(), List.of(c)).get(0).name();
                Cli.Result r = Cli.run(file, "scan", "--select", c.dottedPath(), "--format", "jsonl");
                assertThat(r.exit()).as("%s", r).isZero();
                List<String> lines = r.out().lines().filter(l -> !l.isEmpty()).toList();
                int row = 0;
                try (io.pqlab.scan.Scan scan = pf.scan(io.pqlab.Query.all())) {
                    for (io.pqlab.scan.RowBatch b : scan) {
                        int col = b.column(c.dottedPath());
                        for (int i = 0; i < b.size(); i++, row++) {
                            JsonNode cli = JSON.readTree(lines.get(row)).get(name);
                            assertThat(JSON.readTree(b.json(col, i))).as("row %d, %s of %s", row, c.dottedPath(),
                                    file.getFileName()).isEqualTo(cli);
                            assertThat(b.text(col, i)).isEqualTo(b.json(col, i));
                            compared++;
                        }
                    }
                }
                assertThat(row).isEqualTo(lines.size());
            }
        }
        boolean repeated;
        try (ParquetFile pf = ParquetFile.open(file)) {
            repeated = pf.schema().columns().stream().anyMatch(c -> c.maxRepetitionLevel() > 0);
        }
        assertThat(compared > 0).as("repeated values compared in %s", file.getFileName()).isEqualTo(repeated);
    }

    @ParameterizedTest
    @MethodSource("files")
    void csvHoldsTheSameJsonPerField(Path file) throws Exception {
        List<OutputFields.Field> fields = fields(file);
        List<JsonNode> rows = jsonl(file);
        Cli.Result r = Cli.run(file, "scan", "--format", "csv");
        assertThat(r.exit()).as("%s", r).isZero();
        List<List<String>> csv = parseCsv(r.out());
        assertThat(csv.get(0)).isEqualTo(fields.stream().map(OutputFields.Field::name).toList());
        assertThat(csv).hasSize(rows.size() + 1);
        for (int i = 0; i < rows.size(); i++) {
            for (int f = 0; f < fields.size(); f++) {
                String cell = csv.get(i + 1).get(f);
                JsonNode expected = rows.get(i).get(fields.get(f).name());
                if (cell == null) {
                    assertThat(expected.isNull()).as("row %d field %d: an empty field is null", i, f).isTrue();
                } else if (fields.get(f) instanceof OutputFields.Nested) {
                    assertThat(JSON.readTree(cell)).as("row %d, %s", i, fields.get(f).name()).isEqualTo(expected);
                } else {
                    assertThat(cell).isEqualTo(expected.isTextual() ? expected.asText() : expected.toString());
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("files")
    void theTableHoldsTheSameValuesCompactly(Path file) throws Exception {
        List<OutputFields.Field> fields = fields(file);
        List<JsonNode> rows = jsonl(file);
        Cli.Result r = Cli.run(file, "scan");
        assertThat(r.exit()).as("%s", r).isZero();
        String[] lines = r.out().split("\n");
        assertThat(lines).hasSize(rows.size() + 1);
        for (int i = 0; i < rows.size(); i++) {
            String line = lines[i + 1];
            int at = 0;
            for (OutputFields.Field f : fields) {
                if (!(f instanceof OutputFields.Nested)) {
                    continue;
                }
                String cell = compact(rows.get(i).get(f.name()), shape(f));
                int found = line.indexOf(cell, at);
                assertThat(found).as("row %d, %s: %s in %s", i, f.name(), cell, line).isGreaterThanOrEqualTo(at);
                at = found + cell.length();
            }
        }
    }

    @Test
    void selectTakesAGroupAndPrunesUnderALIst() throws Exception {
        Path issue = files().findFirst().orElseThrow();
        Cli.Result r = Cli.run(issue, "scan", "--select", "s,pts.list.element.y", "--format", "jsonl");
        assertThat(r.exit()).as("%s", r).isZero();
        assertThat(r.out().split("\n")).startsWith(
                "{\"s\": {\"a\": 1}, \"pts\": [{\"y\": 5}, null]}",
                "{\"s\": null, \"pts\": [null]}",
                "{\"s\": {\"a\": null}, \"pts\": [null, {\"y\": null}]}");
        Cli.Result leaf = Cli.run(issue, "scan", "--select", "s.a", "--format", "csv");
        assertThat(leaf.out().split("\n")).startsWith("s.a", "1", "", "", "2");
    }

    private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** The table's compact form, from the jsonl value: NULL bare, plain struct names bare, maps as {k: v}. */
    private static String compact(JsonNode n, Shape shape) {
        if (n == null || n.isNull()) {
            return "NULL";
        }
        if (shape instanceof Shape.Leaf) {
            return n.toString();
        }
        StringBuilder sb = new StringBuilder();
        if (shape instanceof Shape.Struct st) {
            sb.append('{');
            Iterator<Map.Entry<String, JsonNode>> it = n.fields();
            for (int i = 0; it.hasNext(); i++) {
                Map.Entry<String, JsonNode> e = it.next();
                sb.append(i == 0 ? "" : ", ").append(WORD.matcher(e.getKey()).matches() ? e.getKey()
                        : JSON.getNodeFactory().textNode(e.getKey()).toString()).append(": ")
                        .append(compact(e.getValue(), st.fields().get(i)));
            }
            return sb.append('}').toString();
        }
        if (shape instanceof Shape.ListShape ls) {
            sb.append('[');
            for (int i = 0; i < n.size(); i++) {
                sb.append(i == 0 ? "" : ", ").append(compact(n.get(i), ls.element()));
            }
            return sb.append(']').toString();
        }
        Shape.MapShape ms = (Shape.MapShape) shape;
        sb.append('{');
        int i = 0;
        if (n.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); i++) {
                Map.Entry<String, JsonNode> e = it.next();
                sb.append(i == 0 ? "" : ", ").append(JSON.getNodeFactory().textNode(e.getKey()).toString()).append(": ")
                        .append(compact(e.getValue(), ms.value()));
            }
        } else {
            for (JsonNode pair : n) {
                sb.append(i++ == 0 ? "" : ", ").append(compact(pair.get(0), ms.key())).append(": ")
                        .append(compact(pair.get(1), ms.value()));
            }
        }
        return sb.append('}').toString();
    }

    /** RFC 4180 records; an empty unquoted field is null, "" the empty string. */
    private static List<List<String>> parseCsv(String text) {
        List<List<String>> out = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean wasQuoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
                wasQuoted = true;
            } else if (c == ',' || c == '\n') {
                record.add(field.length() == 0 && !wasQuoted ? null : field.toString());
                field.setLength(0);
                wasQuoted = false;
                if (c == '\n') {
                    out.add(record);
                    record = new ArrayList<>();
                }
            } else if (c != '\r') {
                field.append(c);
            }
        }
        return out;
    }
}
