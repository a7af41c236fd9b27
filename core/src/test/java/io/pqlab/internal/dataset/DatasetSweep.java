package io.pqlab.internal.dataset;

import io.pqlab.Dataset;
import io.pqlab.DatasetScan;
import io.pqlab.Query;
import io.pqlab.scan.RowBatch;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * Generated datasets and conditions for sweeps held to DuckDB (used by
 * {@code DatasetConditionSweepTest} here and, through the test jar, by the s3 module's sweep over
 * s3proxy). Seeded; nothing here uses pqlab's code to decide an answer: the files are written by
 * parquet-java and by DuckDB, the conditions are built as text from the values DuckDB reads back,
 * and DuckDB's {@code read_parquet(..., hive_partitioning = true, union_by_name = true)} gives
 * the rows. pqlab's side is only read through its public {@code Dataset} scan.
 *
 * <p>The datasets are cheap to judge at once: DuckDB reads a dataset into a table once, and one
 * query (a {@code UNION ALL} of one filtered branch per condition, each tagged with its number)
 * returns every condition's rows, each with its file, row number and every column's value.
 */
public final class DatasetSweep {
    private DatasetSweep() {}

    /** The names of the columns of the parquet-java dataset, partition keys first. */
    public static final List<String> PJ_COLUMNS = List.of("g", "s", "d", "id", "amount", "name", "score", "ratio",
            "extra", "day", "flag");
    public static final List<String> PJ_PARTITIONS = List.of("g", "s", "d");
    /** The names of the columns of DuckDB's dataset, partition keys first. */
    public static final List<String> DK_COLUMNS = List.of("k", "ts", "c", "id", "v", "w", "t");
    public static final List<String> DK_PARTITIONS = List.of("k", "ts", "c");

    /**
     * Writes the parquet-java dataset below {@code root}: hive directories {@code g=} (integers,
     * one negative), {@code s=} (strings, escaped ones among them), {@code d=} (dates), some
     * combinations with two files; {@code amount} INT32 in some files and INT64 in others,
     * {@code ratio} FLOAT in some and DOUBLE in others, {@code extra} missing from about two thirds,
     * nulls in most columns, tiny row groups and pages, dictionaries and Bloom filters in some files.
     *
     * @return the number of files written
     */
    public static int writeParquetJava(Path root, long seed, int combinations) throws java.io.IOException {
        Random r = new Random(seed);
        long[] gs = {-2, 0, 5, 17, 2024};
        String[] ss = {"eu", "us", "a%20b", "x%2Fy", "Zed"};
        String[] names = {"apple", "apricot", "banana", "cherry", "", "\u00c4rger", "b_c", "zz top"};
        int files = 0;
        long id = 0;
        java.util.Set<String> used = new java.util.HashSet<>();
        while (used.size() < combinations) {
            String dir = "g=" + gs[r.nextInt(gs.length)] + "/s=" + ss[r.nextInt(ss.length)] + "/d=2024-01-0"
                    + (1 + r.nextInt(5));
            if (!used.add(dir)) {
                continue;
            }
            int parts = r.nextInt(4) == 0 ? 2 : 1;
            for (int part = 0; part < parts; part++, files++) {
                boolean int32 = r.nextBoolean();
                boolean flt = r.nextInt(3) == 0;
                boolean extra = r.nextInt(3) == 0;
                String schema = "message m { required int64 id; optional " + (int32 ? "int32" : "int64") + " amount;"
                        + " optional binary name (STRING); required double score; optional " + (flt ? "float" : "double")
                        + " ratio;" + (extra ? " optional int64 extra;" : "") + " optional int32 day (DATE);"
                        + " optional boolean flag; }";
                int rows = 3 + r.nextInt(30);
                int base = r.nextInt(1000); // each file its own range of amounts: statistics can rule files out
                List<Object[]> out = new ArrayList<>();
                for (int i = 0; i < rows; i++, id++) {
                    int a = base + r.nextInt(60);
                    Object amount = r.nextInt(10) == 0 ? null : int32 ? (Object) a : (Object) (long) a;
                    Object name = r.nextInt(6) == 0 ? null : names[r.nextInt(names.length)];
                    // tenths, with zeros of both signs (a trap for statistics)
                    double score = r.nextInt(15) == 0 ? (r.nextBoolean() ? -0.0 : 0.0) : (r.nextInt(101) - 50) / 10.0;
                    // eighths are floats exactly, tenths are not
                    double rv = r.nextBoolean() ? r.nextInt(17) / 8.0 : r.nextInt(11) / 10.0;
                    Object ratio = r.nextInt(8) == 0 ? null : flt ? (Object) (float) rv : (Object) rv;
                    Object ex = r.nextInt(3) == 0 ? null : (Object) (long) r.nextInt(9);
                    Object day = r.nextInt(7) == 0 ? null : (Object) (19_700 + r.nextInt(40));
                    Object flag = r.nextInt(5) == 0 ? null : (Object) r.nextBoolean();
                    out.add(extra ? new Object[] {id, amount, name, score, ratio, ex, day, flag}
                            : new Object[] {id, amount, name, score, ratio, day, flag});
                }
                boolean dictionary = r.nextBoolean();
                String[] bloom = r.nextInt(3) == 0 ? new String[] {"name", "amount"} : new String[0];
                TestFiles.write(root.resolve(dir + "/part-" + part + ".parquet"), schema, out, 4 + r.nextInt(8),
                        2 + r.nextInt(3), dictionary, bloom);
            }
        }
        return files;
    }

    /**
     * Writes DuckDB's dataset below {@code root} with its own {@code PARTITION_BY}: {@code k}
     * (integers), {@code ts} (timestamps, which DuckDB writes escaped and so reads back as
     * strings), {@code c} (strings with a space and a slash); data columns id, v (DOUBLE with
     * nulls), w (DECIMAL(9,2)) and t (strings with nulls).
     */
    public static void writeDuckDb(Connection db, Path root, int rows) throws java.sql.SQLException {
        try (Statement s = db.createStatement()) {
            s.execute("SELECT setseed(0.25)");
            s.execute("COPY (SELECT i AS id, i % 5 - 1 AS k,"
                    + " TIMESTAMP '2024-03-01 08:00:00' + INTERVAL (i % 3) HOUR AS ts,"
                    + " CASE i % 3 WHEN 0 THEN 'p q' WHEN 1 THEN 'p/q' ELSE 'r' END AS c,"
                    + " CASE WHEN i % 7 = 0 THEN NULL ELSE (i * 37 % 200) / 4.0 END AS v,"
                    + " CAST((i * 13 % 1000) / 8.0 AS DECIMAL(9, 2)) AS w,"
                    + " CASE WHEN i % 5 = 0 THEN NULL ELSE 't' || (i * 7 % 23) END AS t"
                    + " FROM range(0, " + rows + ") r(i) ORDER BY random()) TO '" + root
                    + "' (FORMAT PARQUET, PARTITION_BY (k, ts, c), ROW_GROUP_SIZE 16)");
        }
    }

    /** Reads {@code root} into DuckDB table {@code table}: its rows, file names and row numbers. */
    public static void load(Connection db, Path root, String table) throws java.sql.SQLException {
        try (Statement s = db.createStatement()) {
            s.execute("CREATE OR REPLACE TABLE " + table + " AS SELECT * FROM read_parquet('" + root
                    + "/**/*.parquet', hive_partitioning = true, union_by_name = true, filename = true,"
                    + " file_row_number = true)");
        }
    }

    // ---------------------------------------------------------------- conditions

    private static final String[] OPS = {"=", "!=", "<>", "<", "<=", ">", ">="};

    /**
     * Conditions on the columns of {@code table}: each column's comparisons at and beyond its
     * edges and inside, BETWEEN, IN and NOT IN lists, IS [NOT] NULL, LIKE on strings, NOT; then
     * {@code combos} ANDs, ORs and NOTs of two of them, half of them joining a partition column's
     * condition with a data column's.
     */
    public static List<String> conditions(Connection db, String table, List<String> columns, List<String> partitions,
            int combos, long seed) throws java.sql.SQLException {
        Random r = new Random(seed);
        List<String> partAtoms = new ArrayList<>();
        List<String> dataAtoms = new ArrayList<>();
        for (String c : columns) {
            List<String> atoms = partitions.contains(c) ? partAtoms : dataAtoms;
            String type;
            List<Object> values = new ArrayList<>();
            try (Statement s = db.createStatement();
                    ResultSet q = s.executeQuery("SELECT DISTINCT typeof(" + c + "), " + c + " FROM " + table
                            + " WHERE " + c + " IS NOT NULL ORDER BY 2")) {
                type = null;
                while (q.next()) {
                    type = q.getString(1);
                    values.add(q.getObject(2));
                }
            }
            atoms.add(c + " IS NULL");
            atoms.add(c + " IS NOT NULL");
            if (type == null) {
                continue;
            }
            if (type.equals("BOOLEAN")) {
                atoms.add(c + " = true");
                atoms.add(c + " != true");
                atoms.add("NOT (" + c + " = false)");
                continue;
            }
            List<String> p = probes(type, values, r);
            for (String op : OPS) {
                for (int i = 0; i < 3; i++) {
                    String v = i < 2 ? p.get((i + op.length()) % 2) : p.get(2 + r.nextInt(p.size() - 2));
                    atoms.add(r.nextInt(5) == 0 ? v + " " + flip(op) + " " + c : c + " " + op + " " + v);
                }
            }
            String lo = p.get(2 + r.nextInt(p.size() - 2));
            String hi = p.get(2 + r.nextInt(p.size() - 2));
            atoms.add(c + " BETWEEN " + lo + " AND " + hi);
            atoms.add(c + " BETWEEN " + p.get(0) + " AND " + p.get(2));
            atoms.add(c + " NOT BETWEEN " + lo + " AND " + hi);
            atoms.add(c + " IN (" + p.get(0) + ", " + p.get(p.size() - 1) + ", " + p.get(p.size() / 2) + ")");
            atoms.add(c + " IN (" + p.get(2) + ", " + p.get(3) + ")");
            atoms.add(c + " NOT IN (" + p.get(1) + ", " + p.get(2) + ")");
            atoms.add("NOT (" + c + " IN (" + p.get(3) + "))");
            atoms.add("NOT (" + c + " = " + p.get(2) + ")");
            if (type.equals("VARCHAR")) {
                String s = values.get(r.nextInt(values.size())).toString();
                String prefix = s.substring(0, Math.min(s.length(), 1 + r.nextInt(2)));
                atoms.add(c + " LIKE '" + prefix.replace("'", "''") + "%'");
                atoms.add(c + " NOT LIKE '" + prefix.replace("'", "''") + "%'");
                atoms.add(c + " LIKE 'zz%'");
            }
        }
        List<String> all = new ArrayList<>(partAtoms);
        all.addAll(dataAtoms);
        List<String> out = new ArrayList<>(all);
        for (int i = 0; i < combos; i++) {
            String a = (i % 2 == 0 ? partAtoms : all).get(r.nextInt((i % 2 == 0 ? partAtoms : all).size()));
            String b = (i % 2 == 0 ? dataAtoms : all).get(r.nextInt((i % 2 == 0 ? dataAtoms : all).size()));
            switch ((i / 2) % 4) {
                case 0 -> out.add("(" + a + ") AND (" + b + ")");
                case 1 -> out.add("(" + a + ") OR (" + b + ")");
                case 2 -> out.add("NOT ((" + a + ") OR (" + b + "))");
                default -> out.add("NOT ((" + a + ") AND (" + b + "))");
            }
        }
        return out;
    }

    /** A column's probe literals: its first and last value, two inside, below, above, and one absent inside. */
    private static List<String> probes(String type, List<Object> sorted, Random r) {
        List<String> out = new ArrayList<>();
        Object first = sorted.get(0);
        Object last = sorted.get(sorted.size() - 1);
        out.add(literal(type, first));
        out.add(literal(type, last));
        out.add(literal(type, sorted.get(sorted.size() / 3)));
        out.add(literal(type, sorted.get(r.nextInt(sorted.size()))));
        out.add(beyond(type, first, -1));
        out.add(beyond(type, last, 1));
        for (int i = sorted.size() / 2; i + 1 < sorted.size(); i++) {
            String gap = between(type, sorted.get(i), sorted.get(i + 1));
            if (gap != null) {
                out.add(gap);
                break;
            }
        }
        return out;
    }

    private static String literal(String type, Object v) {
        if (type.equals("VARCHAR")) {
            return "'" + v.toString().replace("'", "''") + "'";
        }
        if (type.equals("DATE")) {
            return "DATE '" + v + "'";
        }
        if (type.equals("DOUBLE") || type.equals("FLOAT")) {
            return BigDecimal.valueOf(((Number) v).doubleValue()).toPlainString();
        }
        if (type.startsWith("DECIMAL")) {
            return ((BigDecimal) v).toPlainString();
        }
        return v.toString(); // integers
    }

    private static String beyond(String type, Object v, int dir) {
        if (type.equals("VARCHAR")) {
            String x = v.toString();
            return dir < 0 ? literal(type, x.isEmpty() ? "" : x.substring(0, x.length() - 1)) : literal(type, x + "~");
        }
        if (type.equals("DATE")) {
            return literal(type, LocalDate.parse(v.toString()).plusDays(dir));
        }
        if (type.equals("DOUBLE") || type.equals("FLOAT")) {
            return literal(type, ((Number) v).doubleValue() + dir * 0.05);
        }
        if (type.startsWith("DECIMAL")) {
            return literal(type, ((BigDecimal) v).add(new BigDecimal("0.01").multiply(BigDecimal.valueOf(dir))));
        }
        return Long.toString(((Number) v).longValue() + dir);
    }

    /** A value strictly between two neighbours, or null where there is none to write. */
    private static String between(String type, Object a, Object b) {
        if (type.equals("VARCHAR")) {
            return literal(type, a + "0");
        }
        if (type.equals("DATE")) {
            LocalDate x = LocalDate.parse(a.toString()).plusDays(1);
            return x.isBefore(LocalDate.parse(b.toString())) ? literal(type, x) : null;
        }
        if (type.equals("DOUBLE") || type.equals("FLOAT")) {
            return literal(type, (((Number) a).doubleValue() + ((Number) b).doubleValue()) / 2);
        }
        if (type.startsWith("DECIMAL")) {
            BigDecimal x = ((BigDecimal) a).add(new BigDecimal("0.01"));
            return x.compareTo((BigDecimal) b) < 0 ? literal(type, x) : null;
        }
        long x = ((Number) a).longValue() + 1;
        return x < ((Number) b).longValue() ? Long.toString(x) : null;
    }

    private static String flip(String op) {
        return switch (op) {
            case "<" -> ">";
            case "<=" -> ">=";
            case ">" -> "<";
            case ">=" -> "<=";
            default -> op;
        };
    }

    // ---------------------------------------------------------------- the two sides

    /**
     * DuckDB's rows for every condition, by condition: {@code file#row|col=value|...}, in file and
     * row order, from one query over {@code table}.
     */
    public static List<List<String>> duckDb(Connection db, String table, List<String> columns, List<String> conditions)
            throws java.sql.SQLException {
        // every condition evaluated on every row in one pass: a list of their values, unnested beside
        // its positions (a UNION ALL of hundreds of branches nests so deep that DuckDB crashes)
        StringBuilder hits = new StringBuilder();
        for (int i = 0; i < conditions.size(); i++) {
            hits.append(i == 0 ? "" : ", ").append("(").append(conditions.get(i)).append(")");
        }
        String cols = String.join(", ", columns);
        String sql = "SELECT q__, filename, file_row_number, " + cols + " FROM (SELECT filename, file_row_number, "
                + cols + ", unnest([" + hits + "]) AS hit__, unnest(range(" + conditions.size() + ")) AS q__ FROM "
                + table + ") WHERE hit__ ORDER BY q__, filename, file_row_number";
        List<List<String>> out = new ArrayList<>();
        for (int i = 0; i < conditions.size(); i++) {
            out.add(new ArrayList<>());
        }
        try (Statement s = db.createStatement(); ResultSet q = s.executeQuery(sql)) {
            ResultSetMetaData m = q.getMetaData();
            while (q.next()) {
                Map<String, String> values = new LinkedHashMap<>();
                for (int c = 0; c < columns.size(); c++) {
                    values.put(m.getColumnName(c + 4), render(q.getObject(c + 4)));
                }
                out.get(q.getInt(1)).add(row(q.getString(2), q.getLong(3), values, columns));
            }
        }
        return out;
    }

    /** pqlab's rows for a condition, as {@link #duckDb} renders them; {@code local} maps a location to DuckDB's file name. */
    public static List<String> pqlab(Dataset d, Query q, List<String> columns, UnaryOperator<String> local)
            throws java.io.IOException {
        List<String> out = new ArrayList<>();
        try (DatasetScan scan = d.scan(q)) {
            DatasetScan.Batch b;
            while ((b = scan.nextBatch()) != null) {
                RowBatch rows = b.rows();
                for (int i = 0; i < rows.size(); i++) {
                    Map<String, String> values = new LinkedHashMap<>();
                    b.partition().forEach((k, v) -> values.put(k, render(v)));
                    for (int c = 0; c < rows.columns().size(); c++) {
                        String type = rows.columns().get(c).type().name();
                        String v;
                        if (rows.isNull(c, i)) {
                            v = "null";
                        } else if (type.equals("FLOAT")) {
                            v = Double.toString(rows.getFloat(c, i));
                        } else if (type.equals("DOUBLE")) {
                            v = Double.toString(rows.getDouble(c, i));
                        } else {
                            v = rows.text(c, i);
                        }
                        values.put(rows.columns().get(c).dottedPath(), v);
                    }
                    out.add(row(local.apply(b.location()), rows.rowNumber(i), values, columns));
                }
            }
        }
        return out;
    }

    private static String row(String file, long row, Map<String, String> values, List<String> columns) {
        StringBuilder s = new StringBuilder(file).append('#').append(row);
        for (String c : columns) {
            s.append('|').append(c).append('=').append(values.getOrDefault(c, "null"));
        }
        return s.toString();
    }

    private static String render(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof Float || v instanceof Double) {
            return Double.toString(((Number) v).doubleValue());
        }
        if (v instanceof BigDecimal b) {
            return b.toPlainString();
        }
        return v.toString();
    }

    /** Distinct values, for a test's own checks that its data has what it claims. */
    static TreeSet<String> distinct(Connection db, String sql) throws java.sql.SQLException {
        TreeSet<String> out = new TreeSet<>();
        try (Statement s = db.createStatement(); ResultSet q = s.executeQuery(sql)) {
            while (q.next()) {
                out.add(String.valueOf(q.getObject(1)));
            }
        }
        return out;
    }
}
