package io.pqlab.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.Mechanism;
import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.fixtures.Fixtures;
import io.pqlab.oracle.ParquetJava;
import io.pqlab.scan.RowBatch;
import io.pqlab.scan.Scan;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Conditions on list and map columns held to the data (issue 18). For every file (parquet-java
 * files with pages cut by row count and by size, v1 and v2, Bloom filters and dictionaries; a
 * DuckDB file; parquet-testing's nested files) hundreds of generated element conditions: ANY with
 * every comparison, IN, BETWEEN, LIKE prefixes, list_contains, their NOT, IS NULL on the list,
 * cardinality against 0, ANDs and ORs of them, over lists of integers, strings, decimals and
 * timestamps with null lists, empty lists and null elements, maps, lists of lists. DuckDB judges
 * which rows match (list_filter over the same file, by file row number). Every plan, under a subset
 * of the mechanisms (every subset for some conditions), must keep each matching row in its row group's
 * kept rows and in a kept page of every column it reads; every scan must return exactly DuckDB's rows,
 * under all mechanisms and under none (pqlab's own full decode).
 */
class RepeatedSoundnessTest {
    static final int CONDITIONS_PER_FILE = Integer.getInteger("pqlab.repeatedConditions", 240);

    @TempDir
    static Path dir;

    static final AtomicLong FILES = new AtomicLong();
    static final AtomicLong CONDITIONS = new AtomicLong();
    static final AtomicLong PLANS = new AtomicLong();
    static final AtomicLong SCANS = new AtomicLong();
    static final AtomicLong MATCHING = new AtomicLong();
    static final AtomicLong PAGES_SKIPPED = new AtomicLong();
    static final AtomicLong GROUPS_SKIPPED = new AtomicLong();

    static List<Path> written = new ArrayList<>();

    /** A list column of a file: how pqlab and DuckDB name its elements, and values to test them with. */
    record ListColumn(String name, String pqlabElements, String duckElements, String duckList, boolean map, Kind kind,
            List<String> values) {}

    enum Kind { INT, STRING, DECIMAL, TIMESTAMP, OTHER }

    static final MessageType PJ_SCHEMA = MessageTypeParser.parseMessageType("""
            message m {
              required int64 id;
              optional group ints (LIST) { repeated group list { optional int32 element; } }
              optional group strs (LIST) { repeated group list { optional binary element (STRING); } }
              optional group decs (LIST) { repeated group list { optional int64 element (DECIMAL(12,2)); } }
              optional group tss (LIST) { repeated group list { optional int64 element (TIMESTAMP(MICROS,false)); } }
              optional group m (MAP) { repeated group key_value { required binary key (STRING); optional int32 value; } }
              optional group nest (LIST) { repeated group list { optional group element (LIST) {
                  repeated group list { optional int32 element; } } } }
              required group req (LIST) { repeated group list { required int32 element; } }
            }
            """);

    @BeforeAll
    static void write() throws Exception {
        for (String v : new String[] {"v1", "v2"}) {
            for (String cut : new String[] {"rows", "size"}) {
                Path f = dir.resolve("pj-" + v + "-" + cut + ".parquet");
                writeParquetJava(f, v.equals("v2"), cut.equals("rows"), 4000, 7);
                written.add(f);
            }
        }
        Path duck = dir.resolve("duckdb.parquet");
        writeDuckDb(duck);
        written.add(duck);
    }

    /** Rows sorted by their first int element (the effectiveness case), with nulls at every level. */
    static void writeParquetJava(Path f, boolean v2, boolean byRows, int rows, long seed) throws IOException {
        writeParquetJava(f, v2, byRows, rows, seed, java.util.Map.of());
    }

    /** As above, with extra key-value metadata in the footer. */
    static void writeParquetJava(Path f, boolean v2, boolean byRows, int rows, long seed,
            java.util.Map<String, String> extra) throws IOException {
        Random r = new Random(seed);
        SimpleGroupFactory groups = new SimpleGroupFactory(PJ_SCHEMA);
        ExampleParquetWriter.Builder b = ParquetJava.writer(f, PJ_SCHEMA)
                .withWriterVersion(v2 ? WriterVersion.PARQUET_2_0 : WriterVersion.PARQUET_1_0)
                .withRowGroupRowCountLimit(1500)
                .withBloomFilterEnabled("ints.list.element", true)
                .withBloomFilterEnabled("strs.list.element", true)
                .withBloomFilterEnabled("m.key_value.key", true)
                .withDictionaryEncoding(true)
                .withMinRowCountForPageSizeCheck(1)
                .withExtraMetaData(extra);
        b = byRows ? b.withPageRowCountLimit(50) : b.withPageSize(512);
        try (ParquetWriter<Group> w = ParquetJava.hadoopFree(b).build()) {
            for (int id = 0; id < rows; id++) {
                Group g = groups.newGroup();
                g.add("id", (long) id);
                int base = id / 4; // sorted by the first element
                int n = size(r);
                if (n >= 0) {
                    Group l = g.addGroup("ints");
                    for (int k = 0; k < n; k++) {
                        Group item = l.addGroup("list");
                        if (r.nextInt(10) != 0) {
                            item.add("element", k == 0 ? base : base + r.nextInt(40) - 10);
                        }
                    }
                }
                if ((n = size(r)) >= 0) {
                    Group l = g.addGroup("strs");
                    for (int k = 0; k < n; k++) {
                        Group item = l.addGroup("list");
                        if (r.nextInt(10) != 0) {
                            item.add("element", WORDS[r.nextInt(WORDS.length)] + (k == 0 ? base % 50 : r.nextInt(50)));
                        }
                    }
                }
                if ((n = size(r)) >= 0) {
                    Group l = g.addGroup("decs");
                    for (int k = 0; k < n; k++) {
                        Group item = l.addGroup("list");
                        if (r.nextInt(10) != 0) {
                            item.add("element", (long) (base * 100 + r.nextInt(2000) - 1000));
                        }
                    }
                }
                if ((n = size(r)) >= 0) {
                    Group l = g.addGroup("tss");
                    for (int k = 0; k < n; k++) {
                        Group item = l.addGroup("list");
                        if (r.nextInt(10) != 0) {
                            item.add("element", T0_MICROS + (base * 3600L + r.nextInt(36000)) * 1_000_000L);
                        }
                    }
                }
                if ((n = size(r)) >= 0) {
                    Group m = g.addGroup("m");
                    for (int k = 0; k < n; k++) {
                        Group kv = m.addGroup("key_value");
                        kv.add("key", "k" + (k * 7 + base % 13));
                        if (r.nextInt(5) != 0) {
                            kv.add("value", base + k);
                        }
                    }
                }
                if ((n = size(r)) >= 0) {
                    Group outer = g.addGroup("nest");
                    for (int k = 0; k < n; k++) {
                        Group item = outer.addGroup("list");
                        int inner = size(r);
                        if (inner < 0) {
                            continue; // a null inner list
                        }
                        Group il = item.addGroup("element");
                        for (int j = 0; j < inner; j++) {
                            Group e = il.addGroup("list");
                            if (r.nextInt(8) != 0) {
                                e.add("element", base + r.nextInt(20));
                            }
                        }
                    }
                }
                Group req = g.addGroup("req");
                int rn = r.nextInt(4);
                for (int k = 0; k < rn; k++) {
                    req.addGroup("list").add("element", base + k);
                }
                w.write(g);
            }
        }
    }

    static final String[] WORDS = {"apple", "apricot", "banana", "cherry", "date", "fig", "grape", "kiwi"};
    static final long T0_MICROS = LocalDateTime.of(2024, 1, 1, 0, 0).toEpochSecond(java.time.ZoneOffset.UTC) * 1_000_000L;

    /** -1 for a null list, else a length (0 often). */
    static int size(Random r) {
        int x = r.nextInt(12);
        return x == 0 ? -1 : x == 1 ? 0 : r.nextInt(6);
    }

    static void writeDuckDb(Path f) throws Exception {
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:"); Statement s = db.createStatement()) {
            s.execute("SET TimeZone='UTC'");
            s.execute("""
                    CREATE TABLE t AS SELECT i AS id,
                      CASE WHEN i % 11 = 0 THEN NULL WHEN i % 7 = 0 THEN []::INT[]
                           ELSE [i // 5, CASE WHEN i % 3 = 0 THEN NULL ELSE (i * 7) % 500 END, (i * 13) % 300] END AS ints,
                      CASE WHEN i % 13 = 0 THEN NULL WHEN i % 5 = 0 THEN []::VARCHAR[]
                           ELSE ['w' || (i // 40)::VARCHAR, CASE WHEN i % 4 = 0 THEN NULL ELSE 'x' || (i % 17)::VARCHAR END] END AS strs,
                      CASE WHEN i % 9 = 0 THEN NULL ELSE [(i / 4)::DECIMAL(9,2), ((i % 50) * 1.25)::DECIMAL(9,2)] END AS decs,
                      CASE WHEN i % 10 = 0 THEN NULL WHEN i % 6 = 0 THEN []::TIMESTAMP[]
                           ELSE [TIMESTAMP '2024-01-01' + INTERVAL (i) HOUR] END AS tss,
                      CASE WHEN i % 8 = 0 THEN NULL ELSE MAP(['a' || (i % 9)::VARCHAR, 'b' || (i // 100)::VARCHAR], [i % 100, NULL]) END AS m,
                      CASE WHEN i % 12 = 0 THEN NULL ELSE [[i // 10, NULL], [], NULL, [(i * 3) % 200]] END AS nest
                    FROM range(6000) r(i)""");
            s.execute("COPY t TO '" + f + "' (FORMAT parquet, ROW_GROUP_SIZE 2048)");
        }
    }

    static List<Path> files() {
        List<Path> out = new ArrayList<>(written);
        Path data = Fixtures.ROOT.resolve("parquet-testing").resolve("data");
        for (String name : new String[] {"list_columns.parquet", "nested_lists.snappy.parquet", "nested_maps.snappy.parquet",
                "null_list.parquet", "repeated_primitive_no_list.parquet"}) {
            out.add(data.resolve(name));
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void everyMatchingRowIsKeptAndScanned(Path path) throws Exception {
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:"); Statement st = db.createStatement();
                ParquetFile f = ParquetFile.open(path)) {
            st.execute("SET TimeZone='UTC'");
            // DuckDB decodes the file once into a table that every condition is then run against
            // (not the file again per condition: a third of this test's time was DuckDB reading it)
            st.execute("CREATE TABLE decoded AS SELECT * FROM read_parquet('" + path + "', file_row_number = true)");
            List<ListColumn> lists = listColumns(st, path, f);
            assertThat(lists).as("list columns of " + path).isNotEmpty();
            FILES.incrementAndGet();
            Random r = new Random(path.getFileName().toString().hashCode());
            List<Mechanism> all = List.of(Mechanism.STATISTICS, Mechanism.BLOOM, Mechanism.DICTIONARY, Mechanism.PAGE_INDEX);
            for (int i = 0; i < CONDITIONS_PER_FILE; i++) {
                String[] cond = condition(r, lists, 0);
                Set<Long> expected = duckDecoded(st, cond[1]);
                CONDITIONS.incrementAndGet();
                MATCHING.addAndGet(expected.size());
                List<Set<Mechanism>> subsets = new ArrayList<>();
                subsets.add(EnumSet.copyOf(all));
                if (i % 10 == 0) {
                    for (int mask = 0; mask < 15; mask++) {
                        subsets.add(subset(all, mask));
                    }
                } else {
                    subsets.add(subset(all, r.nextInt(16)));
                }
                String where = "\n  condition: " + cond[0] + "\n  duckdb:    " + cond[1] + "\n  file: " + path;
                for (Set<Mechanism> ms : subsets) {
                    Plan plan = f.plan(Query.where(cond[0]).using(ms));
                    PLANS.incrementAndGet();
                    sound(plan, expected, () -> where + "\n  mechanisms: " + ms + "\n  bound as: " + plan.predicate());
                }
                assertThat(scan(f, cond[0], EnumSet.copyOf(all), lists, r)).as("scan, all mechanisms" + where)
                        .isEqualTo(expected);
                SCANS.incrementAndGet();
                if (i % 4 == 0) {
                    assertThat(scan(f, cond[0], EnumSet.noneOf(Mechanism.class), lists, r)).as("scan, no mechanism" + where)
                            .isEqualTo(expected);
                    SCANS.incrementAndGet();
                }
            }
        }
    }

    static Set<Mechanism> subset(List<Mechanism> all, int mask) {
        Set<Mechanism> out = EnumSet.noneOf(Mechanism.class);
        for (int b = 0; b < all.size(); b++) {
            if ((mask & (1 << b)) != 0) {
                out.add(all.get(b));
            }
        }
        return out;
    }

    /**
     * Every matching row kept, and in a kept page of every column read. The messages (the plan's
     * steps and kept rows as text, the condition) are built only for a row that fails: built for
     * every matching row of every plan they were half of this test's time.
     */
    static void sound(Plan plan, Set<Long> expected, String where) {
        sound(plan, expected, () -> where);
    }

    static void sound(Plan plan, Set<Long> expected, Supplier<String> where) {
        for (long row : expected) {
            RowGroupPlan g = null;
            for (RowGroupPlan x : plan.rowGroups()) {
                if (row >= x.firstRow() && row < x.firstRow() + x.numRows()) {
                    g = x;
                }
            }
            if (g == null) {
                assertThat(g).as(() -> "row " + row + " in no row group" + where.get()).isNotNull();
            }
            RowGroupPlan in = g;
            long local = row - g.firstRow();
            if (g.skipped() || !g.rows().overlaps(local, local + 1)) {
                assertThat(g.skipped()).as(() -> "row " + row + " matches but row group " + in.index() + " is skipped"
                        + where.get() + "\n  steps: " + in.steps()).isFalse();
                assertThat(g.rows().overlaps(local, local + 1)).as(() -> "row " + row + " (row " + local + " of row group "
                        + in.index() + ") matches but is not kept: " + in.rows() + where.get() + "\n  steps: " + in.steps())
                        .isTrue();
            }
            for (ColumnRead c : g.reads()) {
                if (c.pages().isEmpty()) {
                    continue; // read whole
                }
                boolean inKept = c.pages().stream().anyMatch(p -> p.kind().equals("data") && p.read()
                        && local >= p.firstRow() && local < p.firstRow() + p.rowCount());
                if (!inKept) {
                    assertThat(inKept).as(() -> "row " + row + " matches but no page of " + c.path() + " read holds it"
                            + where.get()).isTrue();
                }
            }
        }
        for (RowGroupPlan g : plan.rowGroups()) {
            if (g.skipped()) {
                GROUPS_SKIPPED.incrementAndGet();
            }
            for (Step s : g.steps()) {
                if (s.mechanism().equals(Mechanism.PAGE_INDEX.cliName()) && s.why().contains("skipped:")) {
                    PAGES_SKIPPED.incrementAndGet();
                }
            }
        }
    }

    /** The file row numbers a scan returns, projecting the condition's lists (returned with them) or another column. */
    static Set<Long> scan(ParquetFile f, String cond, Set<Mechanism> ms, List<ListColumn> lists, Random r) throws IOException {
        Set<Long> out = new TreeSet<>();
        String col = lists.get(r.nextInt(lists.size())).name();
        try (Scan s = f.scan(Query.where(cond).using(ms).columns(col))) {
            for (RowBatch b : s) {
                for (int i = 0; i < b.size(); i++) {
                    out.add(b.rowNumber(i));
                }
            }
        }
        return out;
    }

    static Set<Long> duck(Statement st, Path path, String where) throws Exception {
        Set<Long> out = new TreeSet<>();
        try (ResultSet rs = st.executeQuery("SELECT file_row_number FROM read_parquet('" + path
                + "', file_row_number = true) WHERE " + where)) {
            while (rs.next()) {
                out.add(rs.getLong(1));
            }
        }
        return out;
    }

    /** The file row numbers of the rows in table {@code decoded} that match. */
    static Set<Long> duckDecoded(Statement st, String where) throws Exception {
        Set<Long> out = new TreeSet<>();
        try (ResultSet rs = st.executeQuery("SELECT file_row_number FROM decoded WHERE " + where)) {
            while (rs.next()) {
                out.add(rs.getLong(1));
            }
        }
        return out;
    }

    /** The file's top-level list and map columns whose elements are one leaf, with values from the data. */
    static List<ListColumn> listColumns(Statement st, Path path, ParquetFile f) throws Exception {
        List<ListColumn> out = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<String> types = new ArrayList<>();
        try (ResultSet rs = st.executeQuery("DESCRIBE SELECT * FROM read_parquet('" + path + "')")) {
            while (rs.next()) {
                names.add(rs.getString(1));
                types.add(rs.getString(2));
            }
        }
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i);
            String t = types.get(i);
            String q = "\"" + n + "\"";
            if (t.startsWith("MAP(")) {
                String inner = t.substring(4, t.length() - 1);
                int comma = topComma(inner);
                add(st, path, out, n, "map_keys(" + q + ")", "map_keys(" + q + ")", q, true, inner.substring(0, comma).strip());
                add(st, path, out, n, "map_values(" + q + ")", "map_values(" + q + ")", q, true, inner.substring(comma + 1).strip());
            } else if (t.endsWith("[][]")) {
                add(st, path, out, n, q, "flatten(" + q + ")", q, false, t.substring(0, t.length() - 4));
            } else if (t.endsWith("[]")) {
                add(st, path, out, n, q, q, q, false, t.substring(0, t.length() - 2));
            } else if (t.startsWith("STRUCT(") && t.endsWith("[]")) {
                // lists of structs: list-level tests only
            }
        }
        return out;
    }

    static int topComma(String s) {
        int depth = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (c == ',' && depth == 0) {
                return i;
            }
        }
        throw new IllegalArgumentException(s);
    }

    static void add(Statement st, Path path, List<ListColumn> out, String name, String pqlab, String duck, String list,
            boolean map, String type) throws Exception {
        Kind kind = type.equals("INTEGER") || type.equals("BIGINT") || type.equals("SMALLINT") ? Kind.INT
                : type.equals("VARCHAR") ? Kind.STRING : type.startsWith("DECIMAL") ? Kind.DECIMAL
                : type.startsWith("TIMESTAMP") && !type.contains("TIME ZONE") ? Kind.TIMESTAMP : Kind.OTHER;
        if (type.startsWith("STRUCT") || type.startsWith("MAP") || type.endsWith("]")) {
            kind = null; // elements that are not one leaf: list-level tests only
        }
        List<String> values = new ArrayList<>();
        if (kind != null && kind != Kind.OTHER) {
            try (ResultSet rs = st.executeQuery("SELECT DISTINCT x::VARCHAR FROM (SELECT unnest(" + duck
                    + ") AS x FROM read_parquet('" + path + "')) WHERE x IS NOT NULL ORDER BY 1 LIMIT 400")) {
                while (rs.next()) {
                    values.add(rs.getString(1));
                }
            }
        }
        out.add(new ListColumn(name, pqlab, duck, list, map, kind == null ? Kind.OTHER : kind, values));
    }

    static final String[] OPS = {"=", "!=", "<", "<=", ">", ">="};

    /** A condition as {pqlab text, DuckDB SQL}. */
    static String[] condition(Random r, List<ListColumn> lists, int depth) {
        int pick = r.nextInt(20);
        if (depth < 2 && pick < 4) {
            String[] a = condition(r, lists, depth + 1);
            String[] b = condition(r, lists, depth + 1);
            String c = pick < 2 ? " AND " : " OR ";
            return new String[] {"(" + a[0] + ")" + c + "(" + b[0] + ")", "(" + a[1] + ")" + c + "(" + b[1] + ")"};
        }
        if (depth < 2 && pick == 4) {
            String[] a = condition(r, lists, depth + 1);
            return new String[] {"NOT (" + a[0] + ")", "NOT (" + a[1] + ")"};
        }
        ListColumn l = lists.get(r.nextInt(lists.size()));
        String q = "\"" + l.name() + "\"";
        if (l.kind() == Kind.OTHER || l.values().isEmpty() || pick < 7) {
            int k = r.nextInt(4);
            String len = l.map() ? "cardinality(" + q + ")" : "len(" + q + ")";
            return switch (k) {
                case 0 -> new String[] {q + " IS NULL", q + " IS NULL"};
                case 1 -> new String[] {q + " IS NOT NULL", q + " IS NOT NULL"};
                case 2 -> new String[] {"cardinality(" + q + ") = 0", len + " = 0"};
                default -> new String[] {"cardinality(" + q + ") > 0", len + " > 0"};
            };
        }
        String elems = "ANY(" + l.pqlabElements() + ")";
        String filter = "list_filter(" + l.duckElements() + ", x -> ";
        String test;
        String pq;
        int form = r.nextInt(8);
        switch (form) {
            case 0 -> {
                String v = value(r, l);
                pq = "list_contains(" + l.pqlabElements() + ", " + v + ")";
                test = "x = " + v;
            }
            case 1 -> {
                String v1 = value(r, l);
                String v2 = value(r, l);
                boolean not = r.nextBoolean();
                pq = elems + (not ? " NOT IN (" : " IN (") + v1 + ", " + v2 + ")";
                test = "x" + (not ? " NOT IN (" : " IN (") + v1 + ", " + v2 + ")";
            }
            case 2 -> {
                String v1 = value(r, l);
                String v2 = value(r, l);
                pq = elems + " BETWEEN " + v1 + " AND " + v2;
                test = "x BETWEEN " + v1 + " AND " + v2;
            }
            case 3 -> {
                if (l.kind() == Kind.STRING) {
                    String v = l.values().get(r.nextInt(l.values().size()));
                    String p = v.substring(0, Math.min(v.length(), 1 + r.nextInt(3))).replace("%", "").replace("_", "")
                            .replace("'", "");
                    pq = elems + " LIKE '" + p + "%'";
                    test = "x LIKE '" + p + "%'";
                    break;
                }
                String v = value(r, l);
                pq = v + " < " + elems; // the value first
                test = "x > " + v;
            }
            default -> {
                String op = OPS[r.nextInt(OPS.length)];
                String v = value(r, l);
                pq = elems + " " + op + " " + v;
                test = "x " + op + " " + v;
            }
        }
        String sql = "len(" + filter + test + ")) > 0";
        if (r.nextInt(3) == 0) {
            return new String[] {"NOT " + pq, "NOT (" + sql + ")"};
        }
        return new String[] {pq, sql};
    }

    static String value(Random r, ListColumn l) {
        String v;
        if (r.nextInt(8) == 0) {
            v = switch (l.kind()) {
                case INT -> String.valueOf(r.nextBoolean() ? -1_000_000 : 1_000_000);
                case STRING -> r.nextBoolean() ? "" : "zzzz";
                case DECIMAL -> r.nextBoolean() ? "-99999.5" : "99999.5";
                case TIMESTAMP -> r.nextBoolean() ? "1990-01-01 00:00:00" : "2099-01-01 00:00:00";
                default -> throw new IllegalStateException();
            };
        } else {
            v = l.values().get(r.nextInt(l.values().size()));
        }
        return switch (l.kind()) {
            case STRING -> "'" + v.replace("'", "''") + "'";
            case TIMESTAMP -> "TIMESTAMP '" + v + "'";
            case DECIMAL -> v.contains(".") ? v : new BigDecimal(v).setScale(1).toPlainString();
            default -> v;
        };
    }

    @AfterAll
    static void report() {
        System.out.printf(Locale.ROOT, "RepeatedSoundnessTest: %d files, %d conditions, %d plans, %d scans, %d matching rows,"
                + " %d row groups skipped, %d page-index steps with skipped pages%n", FILES.get(), CONDITIONS.get(),
                PLANS.get(), SCANS.get(), MATCHING.get(), GROUPS_SKIPPED.get(), PAGES_SKIPPED.get());
        if (FILES.get() >= 5) {
            assertThat(GROUPS_SKIPPED.get()).as("row groups skipped over the sweep").isPositive();
            assertThat(PAGES_SKIPPED.get()).as("page-index steps that skipped pages").isPositive();
        }
    }
}
