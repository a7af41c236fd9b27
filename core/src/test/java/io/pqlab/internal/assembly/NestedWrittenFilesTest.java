package io.pqlab.internal.assembly;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.oracle.ParquetJava;
import io.pqlab.scan.NestedValue;
import io.pqlab.scan.RowBatch;
import io.pqlab.scan.ScanOptions;
import io.pqlab.scan.Scanner;
import io.pqlab.schema.SchemaNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
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
        try (ParquetFile pf = ParquetFile.open(f); Scanner scanner = Scanner.open(pf, ScanOptions.of(null))) {
            SchemaNode pts = pf.schema().root().children().get(0);
            SchemaNode s = pf.schema().root().children().get(1);
            List<Object> ptsValues = new ArrayList<>();
            List<Object> sValues = new ArrayList<>();
            for (RowBatch b = scanner.next(); b != null; b = scanner.next()) {
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
                        + " FROM range(3000) r(i)",
                "COPY t TO '" + f + "' (FORMAT parquet, ROW_GROUP_SIZE 1000)");
        try (ParquetFile pf = ParquetFile.open(f)) {
            assertThat(pf.footer().metadata().rowGroups()).hasSizeGreaterThan(1);
        }
        assertThat(DuckDbRows.assertAgree(f)).isEqualTo(3000);
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
              optional group mkv (MAP_KEY_VALUE) { repeated group map { required binary key (UTF8); optional int32 value; } }
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
                    if ((n = size(r)) >= 0) {
                        Group l = g.addGroup(name);
                        for (int k = 0; k < n; k++) {
                            l.addGroup(name.equals("rule4") ? "array" : "rule4b_tuple").append("str", name + k);
                        }
                    }
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
                    Group m = g.addGroup("mkv");
                    for (int k = 0; k < n; k++) {
                        Group e = m.addGroup("map").append("key", "k" + k);
                        if (r.nextBoolean()) {
                            e.append("value", k);
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
                    for (int k = 0; k < n; k++) {
                        Group it = h.addGroup("items");
                        if (r.nextBoolean()) {
                            it.add("v", k);
                        }
                    }
                }
                w.write(g);
            }
        }
        assertThat(DuckDbRows.assertAgree(f)).isEqualTo(500);
    }

    /** -1 for a null list, else a length from 0 to 4. */
    private static int size(Random r) {
        int x = r.nextInt(6);
        return x == 5 ? -1 : x;
    }
}
