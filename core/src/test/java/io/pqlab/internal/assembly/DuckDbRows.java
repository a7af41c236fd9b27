package io.pqlab.internal.assembly;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pqlab.ParquetFile;
import io.pqlab.schema.PhysicalType;
import io.pqlab.internal.values.ColumnType;
import io.pqlab.scan.RowBatch;
import io.pqlab.Query;
import io.pqlab.scan.Scan;
import io.pqlab.schema.SchemaNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * pqlab's assembled rows of a file against DuckDB's rows of the same file, through their JSON:
 * DuckDB's {@code to_json} of each row, pqlab's {@link NestedJson} of each top-level field. Both are
 * brought to one canonical form that keeps every null and all structure and forgets only
 * representation: how a number is written (1.0 and 1, a float's digits), how a timestamp is
 * written, and a map as an object or as pairs (DuckDB writes every map as an object, its keys as
 * text).
 */
public final class DuckDbRows {
    private static final ObjectMapper JSON = new ObjectMapper();

    private DuckDbRows() {}

    /** pqlab's rows: per row, per top-level field, the JSON text. */
    record Rows(List<String> names, List<Shape> shapes, List<List<String>> rows) {}

    static Rows pqlab(Path file) throws IOException {
        return pqlab(file, null);
    }

    /** pqlab's rows that match a condition (null for all). */
    static Rows pqlab(Path file, String condition) throws IOException {
        try (ParquetFile pf = ParquetFile.open(file);
                Scan scan = pf.scan(condition == null ? Query.all() : Query.where(condition))) {
            List<FieldReader> readers = new ArrayList<>();
            for (SchemaNode field : pf.schema().root().children()) {
                if (!Shapes.leaves(field).isEmpty()) {
                    readers.add(FieldReader.of(field, scan.columns(), JsonToken::forColumn));
                }
            }
            List<List<String>> rows = new ArrayList<>();
            for (RowBatch b : scan) {
                for (int i = 0; i < b.size(); i++) {
                    List<String> row = new ArrayList<>();
                    for (FieldReader r : readers) {
                        row.add(NestedJson.json(r.read(b, i), r.shape()));
                    }
                    rows.add(row);
                }
            }
            return new Rows(readers.stream().map(FieldReader::name).toList(),
                    readers.stream().map(FieldReader::shape).toList(), rows);
        }
    }

    /** DuckDB's rows of the file, each {@code to_json} of the whole row. */
    public static List<String> duckdb(Path file) throws SQLException {
        return duckdb(file, null);
    }

    /** DuckDB's rows that match a condition (null for all). */
    static List<String> duckdb(Path file, String condition) throws SQLException {
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = db.createStatement()) {
            s.execute("SET threads TO 1"); // file order
            try (PreparedStatement q = db.prepareStatement("SELECT to_json(t)::VARCHAR FROM read_parquet(?) t"
                    + (condition == null ? "" : " WHERE " + condition))) {
                q.setString(1, file.toString());
                List<String> out = new ArrayList<>();
                try (ResultSet r = q.executeQuery()) {
                    while (r.next()) {
                        out.add(r.getString(1));
                    }
                }
                return out;
            }
        }
    }

    /** Asserts that pqlab's rows equal DuckDB's, row by row and field by field; returns the row count. */
    static int assertAgree(Path file) throws Exception {
        return assertAgree(file, java.util.Set.of());
    }

    /** As {@link #assertAgree(Path)}, leaving out fields DuckDB reads differently from the format's rules. */
    static int assertAgree(Path file, java.util.Set<String> notJudged) throws Exception {
        return assertAgree(file, null, notJudged);
    }

    /** As {@link #assertAgree(Path)} for the rows that match a condition (null for all). */
    static int assertAgree(Path file, String condition, java.util.Set<String> notJudged) throws Exception {
        Rows ours = pqlab(file, condition);
        List<String> theirs = duckdb(file, condition);
        assertThat(ours.rows()).as("rows of %s", file.getFileName()).hasSize(theirs.size());
        for (int i = 0; i < theirs.size(); i++) {
            JsonNode duck = JSON.readTree(theirs.get(i));
            assertThat(duck.size()).as("fields of row %d of %s: %s", i, file.getFileName(), theirs.get(i))
                    .isEqualTo(ours.names().size());
            for (int f = 0; f < ours.names().size(); f++) {
                String name = ours.names().get(f);
                if (notJudged.contains(name)) {
                    continue;
                }
                String mine = ours.rows().get(i).get(f);
                Shape shape = ours.shapes().get(f);
                Object expected;
                Object actual;
                try {
                    expected = canon(duck.get(name), shape, false);
                    actual = canon(JSON.readTree(mine), shape, true);
                } catch (AssertionError e) {
                    throw new AssertionError("row " + i + ", field " + name + " of " + file.getFileName() + ": pqlab "
                            + mine + ", DuckDB " + duck.get(name) + ": " + e.getMessage().strip(), e);
                }
                assertThat(actual).as("row %d, field %s of %s: pqlab %s, DuckDB %s", i, name, file.getFileName(),
                        mine, duck.get(name)).isEqualTo(expected);
            }
        }
        return theirs.size();
    }

    /**
     * The canonical form: null, a leaf as "type:text", a struct as a list of [name, value], a list
     * as a list, a map as a list of [key text, value].
     */
    public static Object canon(JsonNode n, Shape shape, boolean ours) {
        if (n == null || n.isNull()) {
            return null;
        }
        if (shape instanceof Shape.Leaf l) {
            return leaf(n, ColumnType.of(l.column()));
        }
        if (shape instanceof Shape.Struct st) {
            assertThat(n.isObject()).as("a struct as an object: %s", n).isTrue();
            assertThat(n.size()).as("fields of %s", n).isEqualTo(st.names().size());
            List<Object> out = new ArrayList<>();
            Iterator<Map.Entry<String, JsonNode>> it = n.fields();
            for (int i = 0; i < st.names().size(); i++) {
                Map.Entry<String, JsonNode> e = it.next();
                out.add(List.of(e.getKey(), nullable(canon(e.getValue(), st.fields().get(i), ours))));
            }
            return out;
        }
        if (shape instanceof Shape.ListShape ls) {
            assertThat(n.isArray()).as("a list as an array: %s", n).isTrue();
            List<Object> out = new ArrayList<>();
            for (JsonNode e : n) {
                out.add(nullable(canon(e, ls.element(), ours)));
            }
            return out;
        }
        Shape.MapShape ms = (Shape.MapShape) shape;
        List<Object> out = new ArrayList<>();
        if (ours && !NestedJson.textKeys(ms)) {
            assertThat(n.isArray()).as("a map of non-text keys as pairs: %s", n).isTrue();
            for (JsonNode pair : n) {
                assertThat(pair.size()).isEqualTo(2);
                out.add(List.of(keyText(pair.get(0)), nullable(canon(pair.get(1), ms.value(), ours))));
            }
        } else {
            assertThat(n.isObject()).as("a map as an object: %s", n).isTrue();
            n.fields().forEachRemaining(e -> out.add(List.of(e.getKey(), nullable(canon(e.getValue(), ms.value(), ours)))));
        }
        return out;
    }

    private static String keyText(JsonNode k) {
        return k.isNumber() ? number(k.asText()) : k.asText();
    }

    private static Object nullable(Object o) {
        return o == null ? "NULL" : o;
    }

    private static String leaf(JsonNode n, ColumnType t) {
        if (n.isBoolean()) {
            return "b:" + n.asBoolean();
        }
        if (n.isNumber()) {
            if (t.physical() == PhysicalType.FLOAT) {
                return "n:" + Float.parseFloat(n.asText());
            }
            if (t.physical() == PhysicalType.DOUBLE) {
                return "n:" + Double.parseDouble(n.asText());
            }
            return "n:" + number(n.asText());
        }
        String s = n.asText();
        if (t.timestampUnit() != null || t.physical() == PhysicalType.INT96) {
            // DuckDB: "2024-01-02 03:04:05+00", pqlab: "2024-01-02T03:04:05Z"
            s = s.replace('T', ' ').replaceAll("(Z|\\+00(:00)?)$", "");
        }
        return "s:" + s;
    }

    private static String number(String text) {
        BigDecimal d = new BigDecimal(text);
        return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
    }
}
