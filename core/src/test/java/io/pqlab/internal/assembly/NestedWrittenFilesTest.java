package io.pqlab.internal.assembly;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.oracle.ParquetJava;
import io.pqlab.scan.NestedValue;
import io.pqlab.scan.RowBatch;
import io.pqlab.Query;
import io.pqlab.scan.Scan;
import io.pqlab.schema.SchemaNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Files written here by DuckDB and by parquet-java, with nulls at every level of lists of structs,
 * maps and nested lists, in several pages and row groups: pqlab's assembled rows equal DuckDB's
 * rows of the same file. And the issue's pyarrow example, through the library's row API.
 */
class NestedWrittenFilesTest {
    @TempDir
    Path dir;

    private static void duckdb(String... sql) throws Exception {
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:"); Statement s = db.createStatement()) {
            for (String q : sql) {
                s.execute(q);
            }
        }
    }

    /** The issue's file (pyarrow's rows, as pyarrow prints them), and a null and an empty list. */
    private Path issueExample() throws Exception {
        Path f = dir.resolve("issue.parquet");
        duckdb("CREATE TABLE t(pts STRUCT(x INTEGER, y INTEGER)[], s STRUCT(a BIGINT))",
                "INSERT INTO t VALUES ([{'x': NULL, 'y': 5}, NULL], {'a': 1}), ([NULL], NULL),"
                        + " ([NULL, {'x': 1, 'y': NULL}], {'a': NULL}), (NULL, {'a': 2}), ([], {'a': 3})",
                "COPY t TO '" + f + "' (FORMAT parquet)");
        return f;
    }

    @Test
    void theIssuesExampleKeepsEveryNull() throws Exception {
        Path f = issueExample();
        DuckDbRows.Rows rows = DuckDbRows.pqlab(f);
        assertThat(rows.rows()).containsExactly(
                List.of("[{\"x\": null, \"y\": 5}, null]", "{\"a\": 1}"),
                List.of("[null]", "null"),
                List.of("[null, {\"x\": 1, \"y\": null}]", "{\"a\": null}"),
                List.of("null", "{\"a\": 2}"),
                List.of("[]", "{\"a\": 3}"));
        assertThat(DuckDbRows.assertAgree(f)).isEqualTo(5);
    }

    @Test
    void theLibrarysRowsHoldTheSameValues() throws Exception {
        Path f = issueExample();
        try (ParquetFile pf = ParquetFile.open(f); Scan scan = pf.scan(Query.all().columns("pts", "s"))) {
            SchemaNode pts = pf.schema().root().children().get(0);
            SchemaNode s = pf.schema().root().children().get(1);
            List<Object> ptsValues = new ArrayList<>();
            List<Object> sValues = new ArrayList<>();
            for (RowBatch b : scan) {
                for (int i = 0; i < b.size(); i++) {
                    ptsValues.add(b.value(pts, i));
                    sValues.add(b.value(s, i));
                }
            }
            List<String> xy = List.of("x", "y");
            var first = (NestedValue.ListValue) ptsValues.get(0);
            assertThat(first.elements()).containsExactly(
                    new NestedValue.StructValue(xy, NestedValue.listOf(null, 5)), null);
            assertThat(((NestedValue.ListValue) ptsValues.get(1)).elements()).containsExactly((Object) null);
            assertThat(ptsValues.get(3)).isNull();
            assertThat(ptsValues.get(4)).isEqualTo(new NestedValue.ListValue(List.of()));
            assertThat(sValues.get(0)).isEqualTo(new NestedValue.StructValue(List.of("a"), NestedValue.listOf(1L)));
            assertThat(sValues.get(1)).isNull(); // a null struct
            assertThat(sValues.get(2)).isEqualTo(new NestedValue.StructValue(List.of("a"), NestedValue.listOf((Object) null)));
        }
    }

    /**
     * Levels that contradict each other (here: one leaf of a list of structs given another row's
     * entries) are a MalformedFileException naming the column and page, never a value made up.
     */
    @Test
    void contradictoryLevelsAreMalformed() throws Exception {
        Path f = issueExample();
        try (ParquetFile pf = ParquetFile.open(f); Scan scan = pf.scan(Query.all().columns("pts"))) {
            RowBatch b = scan.nextBatch();
            RecordAssembler a = new RecordAssembler(Shapes.of(pf.schema().root().children().get(0)), JavaValues::of);
            io.pqlab.internal.column.ColumnBatch[] pages = {RowPages.page(b, 0, 0), RowPages.page(b, 1, 1)};
            // row 0 has two elements (two entries per leaf), row 1 one
            int[] start = {RowPages.firstEntry(b, 0, 0), RowPages.firstEntry(b, 1, 1)};
            int[] end = {RowPages.endEntry(b, 0, 0), RowPages.endEntry(b, 1, 1)};
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> a.assemble(pages, start, end))
                    .isInstanceOf(io.pqlab.MalformedFileException.class)
                    .hasMessageContaining("pts.list.element.y");
            // and the same rows, each whole, assemble
            assertThat(a.assemble(new io.pqlab.internal.column.ColumnBatch[] {RowPages.page(b, 0, 1), RowPages.page(b, 1, 1)},
                    new int[] {RowPages.firstEntry(b, 0, 1), RowPages.firstEntry(b, 1, 1)}, new int[] {RowPages.endEntry(b, 0, 1), RowPages.endEntry(b, 1, 1)}))
                    .isEqualTo(new NestedValue.ListValue(NestedValue.listOf((Object) null)));
        }
    }

    @Test
    void duckDbWrittenNestingAgrees() throws Exception {
        Path f = dir.resolve("duck.parquet");
        // Nulls at every level, chosen by i so that every combination comes up; several row groups.
        String pt = orNull("i + 1", 11, "{'x': CASE WHEN i % 3 = 0 THEN NULL ELSE i::INTEGER END, 'y': (i * 2)::INTEGER,"
                + " 'tags': CASE WHEN i % 5 = 0 THEN NULL WHEN i % 5 = 1 THEN []::VARCHAR[] ELSE ['t' || i, NULL, 'u'] END}");
        duckdb("CREATE TABLE t AS SELECT i,"
                        + orNull("i", 11, "[" + pt + ", NULL][1:(i % 3)]") + " AS pts,"
                        + orNull("i", 7, "{'a': CASE WHEN i % 4 = 0 THEN NULL ELSE i END,"
                                + " 'b': {'c': CASE WHEN i % 6 = 0 THEN NULL ELSE 'c' || i END,"
                                + " 'd': [[i, NULL], [], NULL][1:(i % 4)]}}") + " AS s,"
                        + orNull("i", 9, "MAP(['k' || i, 'j' || i],"
                                + " [[i::INTEGER, NULL], CASE WHEN i % 2 = 0 THEN NULL ELSE []::INTEGER[] END])") + " AS m,"
                        + orNull("i", 13, "MAP([i::INTEGER, (i + 1000)::INTEGER], [{'p': i / 4,"
                                + " 'q': CASE WHEN i % 3 = 0 THEN NULL ELSE 'q' END}, NULL])") + " AS mi,"
                        + orNull("i", 5, "MAP(['o' || i], [MAP([i::INTEGER], [CASE WHEN i % 2 = 0"
                                + " THEN NULL ELSE 'v' END])])") + " AS mm,"
                        + orNull("i", 3, "[[[i, NULL], NULL, []], NULL, []][1:(i % 4)]") + " AS lll,"
                        + " [DATE '2024-01-01' + (i::INTEGER), NULL] AS dates,"
                        + " [(i / 100)::DECIMAL(10, 2), NULL] AS decimals,"
                        + " [TIMESTAMP '2024-01-01 00:00:00' + INTERVAL (i) SECOND, NULL] AS ts,"
                        + " [i % 2 = 0, NULL] AS bools, [i::FLOAT / 3, NULL] AS floats, [i::DOUBLE / 7] AS doubles"
                        + " FROM range(6000) r(i)",
                "COPY t TO '" + f + "' (FORMAT parquet, ROW_GROUP_SIZE 2048)");
        try (ParquetFile pf = ParquetFile.open(f)) {
            assertThat(ParquetFiles.footer(pf).metadata().rowGroups().size()).as("row groups").isGreaterThan(1);
        }
        assertThat(DuckDbRows.assertAgree(f)).isEqualTo(6000);
        // a condition on a flat column: the nested columns are read only in the pages with matches
        assertThat(DuckDbRows.assertAgree(f, "i IN (5, 102, 3001, 4999) OR i BETWEEN 2040 AND 2060", java.util.Set.of()))
                .isEqualTo(25);
    }

    private static String orNull(String of, int every, String expr) {
        return "CASE WHEN (" + of + ") % " + every + " = 0 THEN NULL ELSE " + expr + " END";
    }

    /** Legacy forms parquet-java still writes when asked, and the three-level forms, in one file. */
    static final MessageType LEGACY = MessageTypeParser.parseMessageType("""
            message m {
              required int32 id;
              optional group rule1 (LIST) { repeated int32 element; }
              optional group rule2 (LIST) { repeated group element { required binary str (UTF8); required int32 num; } }
              optional group rule3 (LIST) { repeated group array (LIST) { repeated int32 array; } }
              optional group rule4 (LIST) { repeated group array { required binary str (UTF8); } }
              optional group rule4b (LIST) { repeated group rule4b_tuple { required binary str (UTF8); } }
              optional group rule5 (LIST) { repeated group element { optional binary str (UTF8); } }
              optional group three (LIST) {
                repeated group list {
                  optional group element {
                    optional int32 x;
                    optional group inner (LIST) { repeated group list { optional int32 element; } }
                  }
                }
              }
              optional group m (MAP) { repeated group key_value { required int32 key; optional group value { optional int32 a; } } }
              repeated group bare { required int32 n; optional binary s (UTF8); }
              repeated int64 nums;
              optional group holder { repeated group items { optional int32 v; } }
            }
            """);

    enum Pages { V1, V2 }

    @ParameterizedTest
    @EnumSource(Pages.class)
    void parquetJavaWrittenLegacyFormsAgree(Pages pages) throws Exception {
        Path f = dir.resolve("legacy-" + pages + ".parquet");
        Random r = new Random(42);
        List<String> rule4 = new ArrayList<>(); // per row, rule4 then rule4b, as written
        List<String> holder = new ArrayList<>();
        SimpleGroupFactory groups = new SimpleGroupFactory(LEGACY);
        ExampleParquetWriter.Builder builder = ParquetJava.writer(f, LEGACY)
                .withWriterVersion(pages == Pages.V1 ? WriterVersion.PARQUET_1_0 : WriterVersion.PARQUET_2_0)
                .withPageRowCountLimit(7)
                .withMinRowCountForPageSizeCheck(1)
                .withRowGroupRowCountLimit(200)
                .withDictionaryEncoding(false);
        try (ParquetWriter<Group> w = ParquetJava.hadoopFree(builder).build()) {
            for (int id = 0; id < 500; id++) {
                Group g = groups.newGroup();
                g.add("id", id);
                int n;
                if ((n = size(r)) >= 0) {
                    Group l = g.addGroup("rule1");
                    for (int k = 0; k < n; k++) {
                        l.add("element", r.nextInt(100));
                    }
                }
                if ((n = size(r)) >= 0) {
                    Group l = g.addGroup("rule2");
                    for (int k = 0; k < n; k++) {
                        l.addGroup("element").append("str", "s" + k).append("num", k);
                    }
                }
                if ((n = size(r)) >= 0) {
                    Group l = g.addGroup("rule3");
                    for (int k = 0; k < n; k++) {
                        Group inner = l.addGroup("array");
                        for (int j = 0; j < k; j++) {
                            inner.add("array", j);
                        }
                    }
                }
                for (String name : new String[] {"rule4", "rule4b"}) {
                    StringBuilder json = new StringBuilder();
                    if ((n = size(r)) >= 0) {
                        Group l = g.addGroup(name);
                        json.append('[');
                        for (int k = 0; k < n; k++) {
                            l.addGroup(name.equals("rule4") ? "array" : "rule4b_tuple").append("str", name + k);
                            json.append(k == 0 ? "" : ", ").append("{\"str\": \"").append(name + k).append("\"}");
                        }
                        json.append(']');
                    } else {
                        json.append("null");
                    }
                    rule4.add(json.toString());
                }
                if ((n = size(r)) >= 0) {
                    Group l = g.addGroup("rule5");
                    for (int k = 0; k < n; k++) {
                        Group e = l.addGroup("element");
                        if (r.nextBoolean()) {
                            e.append("str", "e" + k);
                        }
                    }
                }
                if ((n = size(r)) >= 0) {
                    Group l = g.addGroup("three");
                    for (int k = 0; k < n; k++) {
                        Group item = l.addGroup("list");
                        if (r.nextInt(4) == 0) {
                            continue; // a null element
                        }
                        Group e = item.addGroup("element");
                        if (r.nextBoolean()) {
                            e.add("x", k);
                        }
                        int m;
                        if ((m = size(r)) >= 0) {
                            Group inner = e.addGroup("inner");
                            for (int j = 0; j < m; j++) {
                                Group it = inner.addGroup("list");
                                if (r.nextBoolean()) {
                                    it.add("element", j);
                                }
                            }
                        }
                    }
                }
                if ((n = size(r)) >= 0) {
                    Group m = g.addGroup("m");
                    for (int k = 0; k < n; k++) {
                        Group e = m.addGroup("key_value").append("key", k);
                        if (r.nextInt(3) > 0) {
                            Group v = e.addGroup("value");
                            if (r.nextBoolean()) {
                                v.add("a", k * 10);
                            }
                        }
                    }
                }
                n = Math.max(size(r), 0);
                for (int k = 0; k < n; k++) {
                    Group b = g.addGroup("bare").append("n", k);
                    if (r.nextBoolean()) {
                        b.append("s", "b" + k);
                    }
                }
                n = Math.max(size(r), 0);
                for (int k = 0; k < n; k++) {
                    g.add("nums", (long) k * 1_000_000_007L);
                }
                if (r.nextInt(4) > 0) {
                    Group h = g.addGroup("holder");
                    n = Math.max(size(r), 0);
                    StringBuilder json = new StringBuilder("{\"items\": [");
                    for (int k = 0; k < n; k++) {
                        Group it = h.addGroup("items");
                        boolean present = r.nextBoolean();
                        if (present) {
                            it.add("v", k);
                        }
                        json.append(k == 0 ? "" : ", ").append("{\"v\": ").append(present ? k : "null").append('}');
                    }
                    holder.add(json.append("]}").toString());
                } else {
                    holder.add("null");
                }
                w.write(g);
            }
        }
        // DuckDB reads a repeated group of one field as that field (rule 4's lists as list<string>,
        // holder.items as a list of ints), where the format makes it a struct of one field (a
        // "OneTuple"): there the rows are held to what was written.
        assertThat(DuckDbRows.assertAgree(f, java.util.Set.of("rule4", "rule4b", "holder"))).isEqualTo(500);
        DuckDbRows.Rows rows = DuckDbRows.pqlab(f);
        int at = rows.names().indexOf("rule4");
        int h = rows.names().indexOf("holder");
        List<String> read = new ArrayList<>();
        List<String> readHolder = new ArrayList<>();
        for (List<String> row : rows.rows()) {
            read.add(row.get(at));
            read.add(row.get(at + 1));
            readHolder.add(row.get(h));
        }
        assertThat(read).isEqualTo(rule4);
        assertThat(readHolder).isEqualTo(holder);
    }

    /**
     * MAP_KEY_VALUE on the outer group, which "should be handled as a MAP-annotated group" (and
     * misnamed fields found by position). DuckDB refuses this form ("MAP_KEY_VALUE requires two
     * children"), so the rows are held to what parquet-java was given to write.
     */
    @Test
    void mapKeyValueOnTheOuterGroupIsAMap() throws Exception {
        MessageType schema = MessageTypeParser.parseMessageType("message m { optional group mkv (MAP_KEY_VALUE) {"
                + " repeated group map { required binary str (UTF8); optional int32 num; } } }");
        Path f = dir.resolve("mkv.parquet");
        SimpleGroupFactory groups = new SimpleGroupFactory(schema);
        ExampleParquetWriter.Builder builder = ParquetJava.writer(f, schema);
        try (ParquetWriter<Group> w = ParquetJava.hadoopFree(builder).build()) {
            Group a = groups.newGroup();
            Group m = a.addGroup("mkv");
            m.addGroup("map").append("str", "a").append("num", 1);
            m.addGroup("map").append("str", "b");
            w.write(a);
            w.write(groups.newGroup()); // a null map
            Group c = groups.newGroup();
            c.addGroup("mkv"); // an empty map
            w.write(c);
        }
        assertThat(DuckDbRows.pqlab(f).rows()).containsExactly(
                List.of("{\"a\": 1, \"b\": null}"), List.of("null"), List.of("{}"));
    }

    /** -1 for a null list, else a length from 0 to 4. */
    private static int size(Random r) {
        int x = r.nextInt(6);
        return x == 5 ? -1 : x;
    }
}
