package io.pqlab.oracle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.fixtures.FixtureGenerator;
import io.pqlab.fixtures.FixtureGenerator.Order;
import io.pqlab.fixtures.Fixtures;
import io.pqlab.oracle.ParquetJava.Triple;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Tests the oracle: against the CSVs the fixtures were written from, against DuckDB (a reader
 * that shares no code with parquet-java) on every flat column of a type both render alike, and
 * against parquet-java's own record assembly on every file it can read.
 */
class ParquetJavaTest {

    static final Path FIXTURES = Fixtures.ROOT;
    static final Path TESTING = FIXTURES.resolve("parquet-testing").resolve("data");

    static List<Path> judgeable() {
        List<Path> files = new ArrayList<>(ParquetJava.judgeable(TESTING));
        for (String[] f : FixtureGenerator.FIXTURES) {
            files.add(FIXTURES.resolve(f[0]));
        }
        return files;
    }

    // --- the fixtures against their CSVs ---------------------------------------------------------

    @Test
    void valuesAndTriplesOfTheFixturesAreTheCsvs() throws IOException {
        for (String[] f : FixtureGenerator.FIXTURES) {
            Path parquet = FIXTURES.resolve(f[0]);
            List<Order> orders = FixtureGenerator.readCsv(FIXTURES.resolve("data").resolve(f[1]));
            int first = 0;
            for (int g = 0; g < ParquetJava.footer(parquet).getBlocks().size(); g++) {
                List<Object> ids = ParquetJava.values(parquet, g, 0);
                List<Object> countries = ParquetJava.values(parquet, g, 2);
                List<Triple> countryTriples = ParquetJava.triples(parquet, g, 2);
                assertThat(countryTriples).hasSize(ids.size());
                for (int i = 0; i < ids.size(); i++) {
                    Order o = orders.get(first + i);
                    assertThat(ids.get(i)).isEqualTo(o.orderId());
                    byte[] country = o.country() == null ? null : o.country().getBytes(StandardCharsets.UTF_8);
                    assertThat(countries.get(i)).isEqualTo(country);
                    assertThat(countryTriples.get(i)).isEqualTo(new Triple(0, country == null ? 0 : 1, country));
                }
                first += ids.size();
            }
            assertThat(first).as(f[0]).isEqualTo(orders.size());
        }
    }

    @Test
    void flatOnlyMethodsRefuseRepeatedColumns() {
        Path nested = TESTING.resolve("nested_lists.snappy.parquet");
        assertThatThrownBy(() -> ParquetJava.values(nested, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ParquetJava.rows(nested)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void indexesAndFiltersAreNullWhereAbsent() {
        // alltypes_plain.parquet predates the page index and Bloom filters.
        Path plain = TESTING.resolve("alltypes_plain.parquet");
        ColumnChunkMetaData m = ParquetJava.footer(plain).getBlocks().get(0).getColumns().get(0);
        assertThat(m.getColumnIndexReference()).isNull();
        assertThat(ParquetJava.columnIndex(plain, 0, 0)).isNull();
        assertThat(ParquetJava.offsetIndex(plain, 0, 0)).isNull();
        assertThat(ParquetJava.bloomFilter(plain, 0, 0)).isNull();
        // alltypes_tiny_pages.parquet (Impala) has an OffsetIndex on every chunk, and a ColumnIndex on
        // every chunk but the INT96 one.
        Path tiny = TESTING.resolve("alltypes_tiny_pages.parquet");
        List<ColumnDescriptor> leaves = ParquetJava.footer(tiny).getFileMetaData().getSchema().getColumns();
        for (int c = 0; c < leaves.size(); c++) {
            boolean int96 = leaves.get(c).getPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.INT96;
            assertThat(ParquetJava.columnIndex(tiny, 0, c) == null).as("leaf %d", c).isEqualTo(int96);
            assertThat(ParquetJava.offsetIndex(tiny, 0, c)).as("leaf %d", c).isNotNull();
        }
    }

    /**
     * The raw index getters and the Bloom filter getter give null exactly when the Thrift footer has
     * no offset; parquet-java's ColumnIndex / OffsetIndex only where a raw one exists. Returns the
     * chunks whose ColumnIndex parquet-java discards.
     */
    static List<String> indexesMatchTheThriftFooter(Path file) {
        List<String> discarded = new ArrayList<>();
        FileMetaData thrift = ParquetJava.thriftFooter(file);
        for (int g = 0; g < thrift.getRow_groupsSize(); g++) {
            List<ColumnChunk> chunks = thrift.getRow_groups().get(g).getColumns();
            for (int c = 0; c < chunks.size(); c++) {
                ColumnChunk cc = chunks.get(c);
                String where = file.getFileName() + " RG " + g + " leaf " + c;
                var rawCi = ParquetJava.rawColumnIndex(file, g, c);
                var rawOi = ParquetJava.rawOffsetIndex(file, g, c);
                assertThat(rawCi != null).as(where).isEqualTo(cc.isSetColumn_index_offset());
                assertThat(rawOi != null).as(where).isEqualTo(cc.isSetOffset_index_offset());
                var ci = ParquetJava.columnIndex(file, g, c);
                var oi = ParquetJava.offsetIndex(file, g, c);
                assertThat(oi != null).as(where).isEqualTo(rawOi != null);
                if (oi != null) {
                    assertThat(oi.getPageCount()).as(where).isEqualTo(rawOi.getPage_locationsSize());
                }
                if (ci != null) {
                    assertThat(rawCi).as(where).isNotNull();
                    assertThat(ci.getNullPages()).as(where).isEqualTo(rawCi.getNull_pages());
                } else if (rawCi != null) {
                    discarded.add(where);
                }
                assertThat(ParquetJava.bloomFilter(file, g, c) != null)
                        .as(where)
                        .isEqualTo(cc.getMeta_data().isSetBloom_filter_offset());
            }
        }
        return discarded;
    }

    // --- which files parquet-java reads -----------------------------------------------------------

    /** Reads everything the oracle offers about a file, checking what can be checked within it. */
    static void readEverything(Path file) {
        ParquetMetadata footer = ParquetJava.footer(file);
        ParquetJava.thriftFooter(file);
        List<ColumnDescriptor> leaves = footer.getFileMetaData().getSchema().getColumns();
        for (int g = 0; g < footer.getBlocks().size(); g++) {
            long rows = footer.getBlocks().get(g).getRowCount();
            for (int c = 0; c < leaves.size(); c++) {
                List<Triple> triples = ParquetJava.triples(file, g, c);
                // Each row starts exactly one entry with repetition level 0 in every leaf.
                assertThat(triples.stream().filter(t -> t.repetitionLevel() == 0).count())
                        .as("%s RG %d leaf %d", file.getFileName(), g, c)
                        .isEqualTo(rows);
                if (leaves.get(c).getMaxRepetitionLevel() == 0) {
                    assertThat(ParquetJava.values(file, g, c)).hasSize(Math.toIntExact(rows));
                }
                ParquetJava.pages(file, g, c);
            }
        }
        List<String> discarded = indexesMatchTheThriftFooter(file);
        if (!discarded.isEmpty()) {
            System.out.println("parquet-java discards the ColumnIndex of " + discarded);
        }
    }

    @Test
    void surveyOfParquetTestingFiles() throws IOException {
        Map<String, String> table = new TreeMap<>();
        try (Stream<Path> files = Files.list(TESTING)) {
            for (Path p : files.filter(p -> p.getFileName().toString().contains(".parquet")).toList()) {
                String name = p.getFileName().toString();
                String why = ParquetJava.UNREADABLE_TEST_FILES.get(name);
                if (why == null) {
                    readEverything(p);
                    table.put(name, "reads: " + codecs(p));
                } else {
                    table.put(name, "CANNOT: " + why);
                }
            }
        }
        // The unreadable ones fail for the reason given.
        assertThatThrownBy(() -> ParquetJava.footer(TESTING.resolve("encrypt_columns_and_footer.parquet.encrypted")))
                .hasMessageContaining("encrypted footer");
        assertThatThrownBy(() -> ParquetJava.values(TESTING.resolve("non_hadoop_lz4_compressed.parquet"), 0, 0))
                .hasStackTraceContaining("Hadoop LZ4");
        Path large = TESTING.resolve("large_string_map.brotli.parquet");
        assertThat(ParquetJava.footer(large).getBlocks().stream()
                        .flatMap(b -> b.getColumns().stream())
                        .mapToLong(ColumnChunkMetaData::getTotalUncompressedSize)
                        .max().orElseThrow())
                .isGreaterThan(1L << 31);
        assertThat(table).containsKeys(ParquetJava.UNREADABLE_TEST_FILES.keySet().toArray(String[]::new));
        table.forEach((k, v) -> System.out.printf("%-50s %s%n", k, v));
    }

    static String codecs(Path p) {
        return ParquetJava.footer(p).getBlocks().stream()
                .flatMap(b -> b.getColumns().stream())
                .map(c -> c.getCodec().name())
                .distinct()
                .sorted()
                .toList()
                .toString();
    }

    // --- against parquet-java's record assembly -------------------------------------------------

    @ParameterizedTest
    @MethodSource("judgeable")
    void triplesAgreeWithParquetJavaRecordAssembly(Path file) throws IOException {
        try (ParquetFileReader r = ParquetJava.open(file)) {
            MessageType schema = r.getFooter().getFileMetaData().getSchema();
            List<ColumnDescriptor> leaves = schema.getColumns();
            MessageColumnIO io = new ColumnIOFactory(r.getFooter().getFileMetaData().getCreatedBy()).getColumnIO(schema);
            for (int g = 0; g < r.getRowGroups().size(); g++) {
                PageReadStore pages = r.readRowGroup(g);
                RecordReader<Group> records = io.getRecordReader(pages, new GroupRecordConverter(schema));
                Map<List<String>, List<Object>> assembled = new HashMap<>();
                for (long i = 0; i < pages.getRowCount(); i++) {
                    collect(records.read(), schema, new ArrayList<>(), assembled);
                }
                for (int c = 0; c < leaves.size(); c++) {
                    List<Object> fromTriples = new ArrayList<>();
                    for (Triple t : ParquetJava.triples(file, g, c)) {
                        if (t.value() != null) {
                            fromTriples.add(comparable(t.value()));
                        }
                    }
                    List<Object> fromRecords = assembled.getOrDefault(List.of(leaves.get(c).getPath()), List.of());
                    assertThat(fromTriples).as("%s RG %d leaf %d", file.getFileName(), g, c).isEqualTo(fromRecords);
                }
            }
        }
    }

    /** byte[] wrapped for value equality; other values as they are. */
    static Object comparable(Object v) {
        return v instanceof byte[] b ? HexBytes.of(b) : v;
    }

    /** Appends every primitive value of a record to its leaf's list, depth first (column order). */
    static void collect(Group g, GroupType type, List<String> path, Map<List<String>, List<Object>> out) {
        for (int i = 0; i < type.getFieldCount(); i++) {
            Type f = type.getType(i);
            List<String> p = new ArrayList<>(path);
            p.add(f.getName());
            for (int j = 0; j < g.getFieldRepetitionCount(i); j++) {
                if (f.isPrimitive()) {
                    Object v = switch (f.asPrimitiveType().getPrimitiveTypeName()) {
                        case BOOLEAN -> g.getBoolean(i, j);
                        case INT32 -> g.getInteger(i, j);
                        case INT64 -> g.getLong(i, j);
                        case FLOAT -> g.getFloat(i, j);
                        case DOUBLE -> g.getDouble(i, j);
                        case INT96 -> g.getInt96(i, j).getBytes();
                        case BINARY, FIXED_LEN_BYTE_ARRAY -> g.getBinary(i, j).getBytes();
                    };
                    out.computeIfAbsent(p, k -> new ArrayList<>()).add(comparable(v));
                } else {
                    collect(g.getGroup(i, j), f.asGroupType(), p, out);
                }
            }
        }
    }

    // --- against DuckDB -------------------------------------------------------------------------

    @Test
    void flatColumnsAgreeWithDuckDb() throws SQLException {
        int compared = 0;
        List<String> skipped = new ArrayList<>();
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            for (Path file : judgeable()) {
                MessageType schema = ParquetJava.footer(file).getFileMetaData().getSchema();
                if (schema.getColumns().stream().anyMatch(d -> d.getPath().length != 1)) {
                    continue; // nested: DuckDB would hand back structs and lists
                }
                List<Object[]> rows = ParquetJava.rows(file);
                List<String> select = new ArrayList<>();
                List<Integer> columns = new ArrayList<>();
                for (int c = 0; c < schema.getColumns().size(); c++) {
                    PrimitiveType t = schema.getColumns().get(c).getPrimitiveType();
                    String sql = duckDbExpression(t);
                    if (sql == null) {
                        skipped.add(file.getFileName() + ":" + t.getName());
                    } else {
                        select.add(sql);
                        columns.add(c);
                    }
                }
                if (select.isEmpty()) {
                    continue;
                }
                String query = "SELECT " + String.join(", ", select) + " FROM read_parquet('"
                        + file.toAbsolutePath().toString().replace("'", "''")
                        + "', file_row_number = true) ORDER BY file_row_number";
                if (file.getFileName().toString().equals("hadoop_lz4_compressed.parquet")) {
                    // DuckDB reads LZ4_RAW but refuses the old Hadoop-framed LZ4.
                    skipped.add(file.getFileName() + ": codec LZ4");
                    continue;
                }
                try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(query)) {
                    int row = 0;
                    while (rs.next()) {
                        assertThat(row).as(file + " row count").isLessThan(rows.size());
                        for (int k = 0; k < columns.size(); k++) {
                            int c = columns.get(k);
                            PrimitiveType t = schema.getColumns().get(c).getPrimitiveType();
                            Object duck = fromDuckDb(t, rs, k + 1);
                            Object ours = normalise(t, rows.get(row)[c]);
                            assertThat(ours).as("%s row %d %s", file.getFileName(), row, t.getName()).isEqualTo(duck);
                        }
                        row++;
                    }
                    assertThat(row).as(file + " row count").isEqualTo(rows.size());
                    compared += columns.size();
                }
            }
        }
        System.out.println("DuckDB agreed on " + compared + " columns; not compared: " + skipped);
        assertThat(compared).isGreaterThan(50);
    }

    /** The select-list expression for a column DuckDB and the oracle render alike, or null. */
    static String duckDbExpression(PrimitiveType t) {
        String q = '"' + t.getName().replace("\"", "\"\"") + '"';
        LogicalTypeAnnotation l = t.getLogicalTypeAnnotation();
        return switch (t.getPrimitiveTypeName()) {
            case BOOLEAN, FLOAT, DOUBLE -> l == null ? q : null;
            case INT32, INT64 -> l == null || l instanceof IntLogicalTypeAnnotation || l instanceof DecimalLogicalTypeAnnotation
                    ? q : null;
            case BINARY -> l == null || l.equals(LogicalTypeAnnotation.stringType()) || l instanceof DecimalLogicalTypeAnnotation
                    ? q : null;
            case FIXED_LEN_BYTE_ARRAY -> l instanceof DecimalLogicalTypeAnnotation ? q : null;
            case INT96 -> "epoch_us(" + q + ")"; // DuckDB reads INT96 as a timestamp
        };
    }

    /** DuckDB's value in the oracle's normalised form (see normalise). */
    static Object fromDuckDb(PrimitiveType t, ResultSet rs, int k) throws SQLException {
        Object v = rs.getObject(k);
        if (v == null) {
            return null;
        }
        LogicalTypeAnnotation l = t.getLogicalTypeAnnotation();
        if (l instanceof DecimalLogicalTypeAnnotation) {
            return ((BigDecimal) v).unscaledValue();
        }
        return switch (t.getPrimitiveTypeName()) {
            case BOOLEAN, FLOAT, DOUBLE -> v;
            case INT32, INT64, INT96 -> ((Number) v).longValue();
            case BINARY -> l == null ? HexBytes.of(rs.getBytes(k)) : v.toString();
            case FIXED_LEN_BYTE_ARRAY -> throw new IllegalStateException("FLBA without decimal is not compared");
        };
    }

    /**
     * The oracle's physical value as DuckDB shows it: integers as long (unsigned ones widened),
     * decimals as the unscaled BigInteger, strings decoded, other byte arrays hex-wrapped for
     * equality, INT96 as microseconds since the epoch.
     */
    static Object normalise(PrimitiveType t, Object v) {
        if (v == null) {
            return null;
        }
        LogicalTypeAnnotation l = t.getLogicalTypeAnnotation();
        if (l instanceof DecimalLogicalTypeAnnotation) {
            return v instanceof byte[] b ? new BigInteger(b) : BigInteger.valueOf(((Number) v).longValue());
        }
        return switch (t.getPrimitiveTypeName()) {
            case BOOLEAN, FLOAT, DOUBLE -> v;
            case INT32 -> l instanceof IntLogicalTypeAnnotation i && !i.isSigned()
                    ? Integer.toUnsignedLong((Integer) v) : ((Integer) v).longValue();
            case INT64 -> v; // UINT64 beyond 2^63 would differ; none of the compared files has one
            case BINARY -> l == null ? HexBytes.of((byte[]) v) : new String((byte[]) v, StandardCharsets.UTF_8);
            case INT96 -> {
                ByteBuffer b = ByteBuffer.wrap((byte[]) v).order(ByteOrder.LITTLE_ENDIAN);
                long nanosOfDay = b.getLong(0);
                long julianDay = Integer.toUnsignedLong(b.getInt(8));
                yield (julianDay - 2_440_588L) * 86_400_000_000L + Math.floorDiv(nanosOfDay, 1000L);
            }
            case FIXED_LEN_BYTE_ARRAY -> throw new IllegalStateException("FLBA without decimal is not compared");
        };
    }

    /** byte[] with value equality and hex display, for assertions. */
    record HexBytes(String hex) {
        static HexBytes of(byte[] b) {
            return b == null ? null : new HexBytes(ParquetJava.show(b));
        }
    }

    /**
     * Triples of list columns against DuckDB: DuckDB's nested values are shredded here into
     * (repetition, definition, value) by the Dremel rules, for LIST-annotated groups in the
     * standard three-level form with a single leaf, and compared with the oracle's.
     */
    @ParameterizedTest
    @ValueSource(strings = {"nested_lists.snappy.parquet", "list_columns.parquet"})
    void repeatedColumnsAgreeWithDuckDbShredded(String name) throws SQLException {
        Path file = TESTING.resolve(name);
        MessageType schema = ParquetJava.footer(file).getFileMetaData().getSchema();
        assertThat(ParquetJava.footer(file).getBlocks()).hasSize(1);
        int checked = 0;
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = db.createStatement()) {
            for (int top = 0; top < schema.getFieldCount(); top++) {
                Type field = schema.getType(top);
                int leaf = leafIndex(schema, field.getName());
                if (schema.getColumns().get(leaf).getMaxRepetitionLevel() == 0) {
                    continue;
                }
                List<Triple> shredded = new ArrayList<>();
                try (ResultSet rs = st.executeQuery("SELECT \"" + field.getName() + "\" FROM read_parquet('"
                        + file.toAbsolutePath() + "', file_row_number = true) ORDER BY file_row_number")) {
                    while (rs.next()) {
                        shred(rs.getObject(1), field, 0, 0, 0, shredded);
                    }
                }
                List<Triple> ours = ParquetJava.triples(file, 0, leaf);
                assertThat(ours).as("%s %s", name, field.getName()).isEqualTo(shredded);
                checked++;
            }
        }
        assertThat(checked).isPositive();
    }

    static int leafIndex(MessageType schema, String topName) {
        List<ColumnDescriptor> leaves = schema.getColumns();
        for (int i = 0; i < leaves.size(); i++) {
            if (leaves.get(i).getPath()[0].equals(topName)) {
                return i;
            }
        }
        throw new IllegalArgumentException(topName);
    }

    /** Dremel shredding of one value of a single-leaf field: lists and primitives only. */
    static void shred(Object v, Type t, int r, int d, int depth, List<Triple> out) throws SQLException {
        boolean optional = t.isRepetition(Type.Repetition.OPTIONAL);
        if (v == null) {
            if (!optional) {
                throw new IllegalStateException("null in required " + t.getName());
            }
            out.add(new Triple(r, d, null));
            return;
        }
        int dd = d + (optional ? 1 : 0);
        if (t.isPrimitive()) {
            Object value = v instanceof String str ? str.getBytes(StandardCharsets.UTF_8) : v;
            out.add(new Triple(r, dd, value));
            return;
        }
        GroupType list = t.asGroupType();
        if (!(list.getLogicalTypeAnnotation() instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation)) {
            throw new IllegalStateException("not a LIST: " + t);
        }
        Type element = list.getType(0).asGroupType().getType(0); // <list-repetition> group list { element }
        Object[] elements = v instanceof java.sql.Array a ? (Object[]) a.getArray() : ((List<?>) v).toArray();
        if (elements.length == 0) {
            out.add(new Triple(r, dd, null));
            return;
        }
        for (int i = 0; i < elements.length; i++) {
            shred(elements[i], element, i == 0 ? r : depth + 1, dd + 1, depth + 1, out);
        }
    }

    @Test
    void rowsOfAFileWithSeveralRowGroupsFollowFileOrder() {
        Path sorted = FIXTURES.resolve("pruning-sorted.parquet");
        List<Object[]> rows = ParquetJava.rows(sorted);
        List<BlockMetaData> groups = ParquetJava.footer(sorted).getBlocks();
        int i = 0;
        for (int g = 0; g < groups.size(); g++) {
            for (Object v : ParquetJava.values(sorted, g, 3)) {
                assertThat(Objects.equals(rows.get(i++)[3], v)).isTrue();
            }
        }
        assertThat(i).isEqualTo(rows.size());
    }
}
