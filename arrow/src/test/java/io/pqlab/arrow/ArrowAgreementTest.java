package io.pqlab.arrow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqlab.FileException;
import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.fixtures.Fixtures;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.duckdb.DuckDBResultSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * pqlab's Arrow batches against DuckDB's Arrow export of the same file (through JDBC and the C
 * data interface): every file pqlab carries that both read, value by value, nulls at every level
 * included, with and without a condition and a projection. The two producers' types may differ
 * where their readers differ (DuckDB reads ENUM as text, UUID as text, INT96 in microseconds), and
 * only there: see {@link #same}.
 */
class ArrowAgreementTest {
    private static Connection duck;
    private static BufferAllocator allocator;

    @BeforeAll
    static void open() throws Exception {
        duck = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement s = duck.createStatement()) {
            s.execute("SET threads = 1");
            s.execute("SET preserve_insertion_order = true");
        }
        allocator = new RootAllocator();
    }

    @AfterAll
    static void close() throws Exception {
        duck.close();
        assertEquals(0, allocator.getAllocatedMemory(), "Arrow memory left allocated");
        allocator.close();
    }

    @org.junit.jupiter.api.AfterEach
    void nothingLeftAllocated() {
        assertEquals(0, allocator.getAllocatedMemory(), "Arrow memory left allocated");
    }

    static Stream<Path> files() {
        List<Path> out = new ArrayList<>(Fixtures.parquetFiles(Fixtures.ROOT));
        out.addAll(Fixtures.dataFiles());
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("files")
    void everyValueEqualsDuckDbs(Path file) throws Exception {
        List<List<Object>> ours;
        List<Field> ourFields;
        try (ParquetFile pf = ParquetFile.open(file);
                ArrowScan reader = ArrowScan.reader(pf, Query.all(), allocator)) {
            ourFields = reader.schema().getFields();
            ours = rows(reader);
            if (!ours.isEmpty()) {
                assertThat(reader.directFields()).as(file + ": fields filled from the pages")
                        .containsExactlyElementsOf(flatColumns(pf, reader.schema()));
            }
            // dictionary vectors hold the same values
            try (ArrowScan dict = ArrowScan.reader(pf, Query.all(), allocator, new ArrowScan.Options(true))) {
                assertThat(rows(dict)).as(file + ": with dictionaries").isEqualTo(ours);
            }
        } catch (FileException e) {
            // a file pqlab refuses (an unsupported codec, a malformed one) has nothing to compare
            org.junit.jupiter.api.Assumptions.abort(file + ": " + e.getMessage());
            return;
        }
        List<List<Object>> theirs;
        List<Field> theirFields;
        try {
            theirFields = duckFields("SELECT * FROM read_parquet('" + file + "')");
            theirs = duckRows("SELECT * FROM read_parquet('" + file + "')");
        } catch (java.sql.SQLException e) {
            org.junit.jupiter.api.Assumptions.abort("DuckDB cannot read " + file + ": " + e.getMessage());
            return;
        }
        assertThat(ourFields).as(file + ": fields").hasSameSizeAs(theirFields);
        for (int c = 0; c < ourFields.size(); c++) {
            sameType(file + " " + ourFields.get(c).getName(), ourFields.get(c), theirFields.get(c));
        }
        assertThat(ours).as(file + ": rows").hasSameSizeAs(theirs);
        for (int r = 0; r < ours.size(); r++) {
            for (int c = 0; c < ourFields.size(); c++) {
                Object a = ours.get(r).get(c);
                Object b = theirs.get(r).get(c);
                if (!same(a, b)) {
                    throw new AssertionError(file + " row " + r + " column " + ourFields.get(c).getName()
                            + ": pqlab " + a + ", DuckDB " + b);
                }
            }
        }
    }

    @Test
    void aConditionAndAProjectionGiveDuckDbsRows() throws Exception {
        Path f = Fixtures.SORTED;
        String[] conditions = {"order_id BETWEEN 100 AND 130", "country = 'SE' OR amount_cents < 2000",
            "country IS NULL", "customer_id = 612176", "order_id < 0"};
        for (String where : conditions) {
            List<List<Object>> theirs = duckRows("SELECT country, amount_cents FROM read_parquet('" + f
                    + "') WHERE " + where);
            Query q = Query.where(where).columns("amount_cents", "country");
            for (ArrowScan.Options o : List.of(ArrowScan.Options.DEFAULT, new ArrowScan.Options(true))) {
                try (ParquetFile pf = ParquetFile.open(f); ArrowScan reader = ArrowScan.reader(pf, q, allocator, o)) {
                    assertThat(reader.schema().getFields()).extracting(Field::getName)
                            .containsExactly("country", "amount_cents");
                    assertThat(rows(reader)).as(where + " " + o).isEqualTo(theirs);
                    if (!theirs.isEmpty()) {
                        assertThat(reader.directFields()).as(where).containsExactly("country", "amount_cents");
                    }
                    // country is dictionary-encoded in the file, amount_cents is not a string
                    assertThat(reader.schema().getFields().get(0).getDictionary() != null).isEqualTo(o.dictionaries());
                    assertThat(reader.schema().getFields().get(1).getDictionary()).isNull();
                }
            }
        }
    }

    @Test
    void earlyCloseAndErrorsReleaseEverything() throws Exception {
        try (BufferAllocator child = allocator.newChildAllocator("early", 0, Long.MAX_VALUE)) {
            try (ParquetFile pf = ParquetFile.open(Fixtures.SORTED);
                    ArrowScan reader = ArrowScan.reader(pf, Query.all(), child)) {
                assertThat(reader.loadNextBatch()).isTrue();
                assertThat(child.getAllocatedMemory()).isPositive();
            }
            assertThat(child.getAllocatedMemory()).isZero();
            try (ParquetFile pf = ParquetFile.open(Fixtures.SORTED)) {
                org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> ArrowScan.reader(pf, Query.where("no_such_column = 1"), child))
                        .isInstanceOf(RuntimeException.class);
            }
            assertThat(child.getAllocatedMemory()).isZero();
        }
    }

    /**
     * A file DuckDB writes with negative numbers of every integer width, decimals on INT32 and
     * INT64 (sign extension to 128 bits), unsigned integers past the signed range, and nulls in
     * every column: the direct path against DuckDB's own export, whole and under a condition.
     */
    @Test
    void negativesUnsignedAndNullsOnTheDirectPath(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path f = dir.resolve("flat.parquet");
        String nul = "CASE WHEN i % 7 = 3 THEN NULL ELSE ";
        try (Statement s = duck.createStatement()) {
            s.execute("COPY (SELECT i, " + nul + "(i % 200 - 100)::TINYINT END AS i8, "
                    + nul + "(i * 13 % 60000 - 30000)::SMALLINT END AS i16, " + nul + "(i * -7919)::INTEGER END AS i32, "
                    + nul + "(i * -1000000007)::BIGINT END AS i64, " + nul + "(i % 256)::UTINYINT END AS u8, "
                    + nul + "(i * 13 % 65536)::USMALLINT END AS u16, " + nul + "(4294967295 - i)::UINTEGER END AS u32, "
                    + nul + "(18446744073709551615 - i)::UBIGINT END AS u64, "
                    + nul + "((i - 2500) * 1.37)::DECIMAL(9,2) END AS d32, "
                    + nul + "((i - 2500) * -12345.678)::DECIMAL(18,3) END AS d64, "
                    + nul + "(i - 2500)::FLOAT / 3 END AS f32, " + nul + "(i - 2500)::DOUBLE / 7 END AS f64, "
                    + nul + "DATE '1960-01-01' + i::INTEGER END AS day, " + nul + "TIMESTAMP '1950-01-01' + i * INTERVAL 1 HOUR END AS ts, "
                    + nul + "i % 3 = 0 END AS b, " + nul + "'s' || (i % 50) END AS str, "
                    + nul + "('x' || i)::BLOB END AS bin FROM range(0, 5000) t(i)) TO '" + f + "' (FORMAT parquet, "
                    + "ROW_GROUP_SIZE 2048)");
        }
        everyValueEqualsDuckDbs(f);
        String where = "i BETWEEN 100 AND 300 OR i > 4900 OR d32 < -3000";
        List<List<Object>> theirs = duckRows("SELECT * FROM read_parquet('" + f + "') WHERE " + where);
        try (ParquetFile pf = ParquetFile.open(f); ArrowScan r = ArrowScan.reader(pf, Query.where(where), allocator)) {
            List<List<Object>> ours = rows(r);
            assertThat(r.directFields()).hasSize(18);
            assertThat(ours).hasSameSizeAs(theirs);
            for (int i = 0; i < ours.size(); i++) {
                assertThat(same(ours.get(i), theirs.get(i))).as("row " + i + ": " + ours.get(i) + " " + theirs.get(i))
                        .isTrue();
            }
        }
    }

    /**
     * On every file pqlab reads (DuckDB's or not), the direct path gives what the path through
     * Java values gives, for every row and with rows picked by a condition (runs that break in the
     * middle of a page).
     */
    @ParameterizedTest
    @MethodSource("files")
    void pagesStraightIntoVectorsEqualJavaValues(Path file) throws Exception {
        try (ParquetFile pf = ParquetFile.open(file)) {
            List<Query> queries = new ArrayList<>(List.of(Query.all(), Query.all().limit(5)));
            for (io.pqlab.schema.SchemaNode n : pf.schema().root().children()) {
                if (n instanceof io.pqlab.schema.ColumnDescriptor c && c.maxRepetitionLevel() == 0
                        && c.maxDefinitionLevel() == 1) {
                    queries.add(Query.where("\"" + c.dottedPath() + "\" IS NOT NULL")); // sparse rows
                    break;
                }
            }
            for (Query q : queries) {
                List<List<Object>> viaValues;
                try (ArrowScan r = ArrowScan.reader(pf, q, allocator, ArrowScan.Options.DEFAULT, false)) {
                    viaValues = rows(r);
                    assertThat(r.directFields()).isEmpty();
                }
                try (ArrowScan r = ArrowScan.reader(pf, q, allocator)) {
                    assertThat(rows(r)).as(file + " " + q).isEqualTo(viaValues);
                }
                try (ArrowScan r = ArrowScan.reader(pf, q, allocator, new ArrowScan.Options(true))) {
                    assertThat(rows(r)).as(file + " " + q + " with dictionaries").isEqualTo(viaValues);
                }
            }
        } catch (FileException e) {
            org.junit.jupiter.api.Assumptions.abort(file + ": " + e.getMessage());
        }
    }

    /**
     * The top-level fields whose Parquet column is flat and whose Arrow layout is the decoded one:
     * every physical type but INT96 (a conversion), decimals stored as integers but not as bytes.
     */
    static List<String> flatColumns(ParquetFile pf, org.apache.arrow.vector.types.pojo.Schema schema) {
        List<String> out = new ArrayList<>();
        for (io.pqlab.schema.SchemaNode n : pf.schema().root().children()) {
            if (!(n instanceof io.pqlab.schema.ColumnDescriptor c) || c.maxRepetitionLevel() > 0
                    || schema.getFields().stream().noneMatch(f -> f.getName().equals(n.name()))) {
                continue;
            }
            boolean bytes = c.type() == io.pqlab.schema.PhysicalType.BYTE_ARRAY
                    || c.type() == io.pqlab.schema.PhysicalType.FIXED_LEN_BYTE_ARRAY;
            if (c.type() != io.pqlab.schema.PhysicalType.INT96 && !(bytes && c.isDecimal())) {
                out.add(c.name());
            }
        }
        return out;
    }

    static List<List<Object>> rows(ArrowReader reader) throws Exception {
        List<List<Object>> out = new ArrayList<>();
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        while (reader.loadNextBatch()) {
            for (int i = 0; i < root.getRowCount(); i++) {
                List<Object> row = new ArrayList<>();
                for (FieldVector v : root.getFieldVectors()) {
                    org.apache.arrow.vector.types.pojo.DictionaryEncoding enc = v.getField().getDictionary();
                    if (enc == null) {
                        row.add(ArrowValues.of(v, i));
                    } else {
                        // a dictionary-encoded column: the index, resolved in the reader's dictionary
                        row.add(v.isNull(i) ? null : ArrowValues.of(reader.lookup(enc.getId()).getVector(),
                                ((org.apache.arrow.vector.IntVector) v).get(i)));
                    }
                }
                out.add(row);
            }
        }
        return out;
    }

    private static List<Field> duckFields(String sql) throws Exception {
        try (Statement s = duck.createStatement(); ResultSet rs = s.executeQuery(sql);
                ArrowReader reader = (ArrowReader) ((DuckDBResultSet) rs).arrowExportStream(allocator, 4096)) {
            return reader.getVectorSchemaRoot().getSchema().getFields();
        }
    }

    /**
     * The same Arrow type, by name and kind all the way down, except where the two readers map a
     * Parquet type differently by design: DuckDB reads ENUM and UUID as text, fixed-size binary as
     * binary, FLOAT16 as float, TIME in microseconds, INT96 and other timestamps in its own units,
     * and unannotated binary as binary where Arrow C++ would too.
     */
    static void sameType(String what, Field ours, Field theirs) {
        ArrowType a = ours.getType();
        ArrowType b = theirs.getType();
        ArrowType.ArrowTypeID x = a.getTypeID();
        ArrowType.ArrowTypeID y = b.getTypeID();
        boolean ok = x == y
                || (x == ArrowType.ArrowTypeID.Binary && y == ArrowType.ArrowTypeID.Utf8)
                || (x == ArrowType.ArrowTypeID.FixedSizeBinary
                        && (y == ArrowType.ArrowTypeID.Binary || y == ArrowType.ArrowTypeID.Utf8));
        if (!ok) {
            throw new AssertionError(what + ": pqlab " + a + ", DuckDB " + b);
        }
        if (x == y) {
            switch (x) {
                case Int -> assertThat(a).as(what).isEqualTo(b);
                case Decimal -> assertThat(((ArrowType.Decimal) a).getScale()).as(what)
                        .isEqualTo(((ArrowType.Decimal) b).getScale());
                case Timestamp -> assertThat(((ArrowType.Timestamp) a).getTimezone() == null).as(what + " zone")
                        .isEqualTo(((ArrowType.Timestamp) b).getTimezone() == null);
                default -> { }
            }
        }
        if (x == y && x != ArrowType.ArrowTypeID.Map) {
            assertThat(ours.getChildren()).as(what + " children").hasSameSizeAs(theirs.getChildren());
            for (int k = 0; k < ours.getChildren().size(); k++) {
                Field oc = ours.getChildren().get(k);
                Field tc = theirs.getChildren().get(k);
                if (x == ArrowType.ArrowTypeID.Struct) {
                    assertThat(oc.getName()).as(what + " field").isEqualTo(tc.getName());
                }
                sameType(what + "." + oc.getName(), oc, tc);
            }
        }
    }

    private static List<List<Object>> duckRows(String sql) throws Exception {
        try (Statement s = duck.createStatement(); ResultSet rs = s.executeQuery(sql);
                ArrowReader reader = (ArrowReader) ((DuckDBResultSet) rs).arrowExportStream(allocator, 4096)) {
            return rows(reader);
        }
    }

    /**
     * Whether two canonical values are the same value. Where the producers' types differ by
     * design: text against binary by their bytes (ENUM, which Arrow C++ maps to binary and DuckDB
     * to text), a UUID's 16 bytes against its text, numbers of different widths by their exact
     * decimal, times at the coarser of the two units.
     */
    static boolean same(Object a, Object b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!same(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            var xs = new ArrayList<>(x.values());
            var ys = new ArrayList<>(y.values());
            return new ArrayList<>(x.keySet()).equals(new ArrayList<>(y.keySet())) && same(xs, ys);
        }
        if (a instanceof ArrowValues.Timed x && b instanceof ArrowValues.Timed y) {
            long unit = Math.max(x.unitNanos(), y.unitNanos());
            return Math.floorDiv(x.nanos(), unit) == Math.floorDiv(y.nanos(), unit) && x.kind() == null == (y.kind() == null);
        }
        if (a instanceof ArrowValues.Hex x && b instanceof String s) {
            return x.hex().equals(java.util.HexFormat.of().formatHex(s.getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                    || (x.hex().length() == 32 && x.hex().equals(s.replace("-", "")));
        }
        if (a instanceof String && b instanceof ArrowValues.Hex) {
            return same(b, a);
        }
        if (a instanceof java.math.BigInteger || b instanceof java.math.BigInteger) {
            return a.toString().equals(b.toString());
        }
        return a.equals(b);
    }
}
