package io.pqlab.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.to_json;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.FileSourceScanExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.execution.metric.SQLMetric;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hundreds of generated conditions, {@code format("pqlab")} against Spark's own {@code parquet}
 * source: every form Spark pushes ({@code =}, {@code <=>}, {@code <}, {@code <=}, {@code >},
 * {@code >=}, {@code <>}, IN, IS [NOT] NULL, STARTS_WITH, AND, OR, NOT) over every column type
 * of generated files, with literals at, inside and outside the edges of each column's data and
 * nulls, on the fixtures, a flat file of every type, a nested file, a hive dataset and that dataset
 * through s3proxy. For each condition the rows (each rendered by Spark's {@code to_json}, so both
 * sides are rendered by the same code) are equal as multisets, and the bytes pqlab reads (its
 * metric) are at most those Spark's source reads (its tasks' input bytes), strictly less on the
 * cross-mechanism OR and the IN lists named.
 *
 * <p>It is cheap because each source's conditions run as one Spark job per batch: a union of one
 * filtered scan per condition, each tagged with its number. Every scan keeps its own pushed
 * filter, its own pqlab metrics and (on Spark's side) its own tasks, whose input bytes a listener
 * assigns back to the scan by partition index.
 */
class SparkConditionSweepTest {
    private static SparkSession spark;
    @TempDir
    static Path dir;
    private static final Path FIXTURES = Path.of("..", "fixtures");
    /** Conditions per Spark job (one union). */
    private static final int BATCH = 60;
    private static final long SEED = 17;
    /**
     * Keeps every n-th generated condition ({@code -Dpqlab.sweep.every=n}; 1, every one, by
     * default), to trade the sweep's breadth for the suite's time; the hand-written ones are
     * always run.
     */
    private static final int EVERY = Math.max(1, Integer.getInteger("pqlab.sweep.every", 1));

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().master("local[2]").appName("pqlab-sweep")
                .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "2").config("spark.sql.adaptive.enabled", "false")
                .config("spark.sql.session.timeZone", "America/Los_Angeles") // not UTC: a pushed timestamp must not depend on the zone
                .config("spark.sql.datetime.java8API.enabled", "true")
                // parquet-java's vectored reads run off the task's thread, where Hadoop's per-thread
                // counts miss them: off, Spark's input bytes are what its source read
                .config("parquet.hadoop.vectored.io.enabled", "false")
                .getOrCreate();
        spark.sparkContext().addSparkListener(TASKS);
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    // ---------------------------------------------------------------- the judge

    /** Each finished task's input bytes, by stage and partition index. */
    private static final class Tasks extends SparkListener {
        final Map<Integer, Map<Integer, Long>> byStage = new ConcurrentHashMap<>();

        @Override
        public void onTaskEnd(SparkListenerTaskEnd end) {
            if (end.taskMetrics() != null && end.taskInfo().successful()) {
                byStage.computeIfAbsent(end.stageId(), s -> new ConcurrentHashMap<>())
                        .merge(end.taskInfo().index(), end.taskMetrics().inputMetrics().bytesRead(), Long::sum);
            }
        }
    }

    private static final Tasks TASKS = new Tasks();

    /** Waits for the listener to have seen every event posted so far. */
    private static void drain() {
        try {
            spark.sparkContext().listenerBus().waitUntilEmpty();
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What one source gave for each condition of a batch: rows (as JSON, sorted) and bytes read. */
    private record Answer(List<List<String>> rows, long[] bytes, String[] scans) {}

    /**
     * Runs the conditions as one union per batch; {@code projection} (null for every column) is
     * what each branch returns.
     */
    private static Answer run(Supplier<Dataset<Row>> source, List<String> conditions, boolean pqlab,
            List<String[]> projections) {
        int n = conditions.size();
        List<List<String>> rows = new ArrayList<>();
        long[] bytes = new long[n];
        String[] scans = new String[n];
        for (int i = 0; i < n; i++) {
            rows.add(new ArrayList<>());
        }
        for (int from = 0; from < n; from += BATCH) {
            int to = Math.min(n, from + BATCH);
            Dataset<Row> union = null;
            // one relation for the batch: each branch still gets a scan (and pushed filters) of its own
            Dataset<Row> relation = source.get();
            for (int i = from; i < to; i++) {
                Dataset<Row> b = branch(relation, conditions.get(i), projections.get(i), i);
                union = union == null ? b : union.unionAll(b);
            }
            drain();
            TASKS.byStage.clear();
            long t0 = System.nanoTime();
            union.queryExecution().executedPlan();
            long t1 = System.nanoTime();
            List<Row> got = union.collectAsList();
            if (Boolean.getBoolean("pqlab.sweep.timing")) {
                System.out.printf("batch of %d (%s): planned in %.2f s, ran in %.2f s%n", to - from, pqlab ? "pqlab" : "parquet",
                        (t1 - t0) / 1e9, (System.nanoTime() - t1) / 1e9);
            }
            for (Row r : got) {
                rows.get(r.getInt(0)).add(r.getString(1));
            }
            drain();
            // the union's branches as Spark planned them, each found by its tag; a branch Spark
            // proved empty (a contradiction) is gone, and reads nothing on either side
            List<SparkPlan> branches = branches(union.queryExecution().executedPlan());
            boolean mapped = TASKS.byStage.size() <= 1;
            for (SparkPlan br : branches) {
                List<SparkPlan> ls = scala.jdk.javaapi.CollectionConverters.asJava(br.collectLeaves());
                mapped &= tagOf(br) >= from && tagOf(br) < to && ls.size() == 1
                        && (pqlab ? ls.get(0) instanceof BatchScanExec : ls.get(0) instanceof FileSourceScanExec);
            }
            if (mapped) {
                Map<Integer, Long> tasks = TASKS.byStage.isEmpty() ? Map.of() : TASKS.byStage.values().iterator().next();
                int index = 0;
                for (SparkPlan br : branches) {
                    int k = tagOf(br);
                    SparkPlan leaf = br.collectLeaves().head();
                    scans[k] = scanText(leaf);
                    if (pqlab) {
                        bytes[k] = pqlabBytes(leaf);
                    } else {
                        int parts = ((FileSourceScanExec) leaf).inputRDD().getNumPartitions();
                        for (int p = index; p < index + parts; p++) {
                            bytes[k] += tasks.getOrDefault(p, 0L);
                        }
                        index += parts;
                    }
                }
            } else {
                if (Boolean.getBoolean("pqlab.sweep.timing")) {
                    System.out.printf("batch of %d (%s) measured one by one: %d branches, %d stages%n", to - from,
                            pqlab ? "pqlab" : "parquet", branches.size(), TASKS.byStage.size());
                }
                // a branch Spark folded away (a contradiction) or split: measure each alone
                for (int i = from; i < to; i++) {
                    Dataset<Row> alone = branch(source.get(), conditions.get(i), projections.get(i), i);
                    drain();
                    TASKS.byStage.clear();
                    alone.collectAsList();
                    drain();
                    List<SparkPlan> ls = scala.jdk.javaapi.CollectionConverters.asJava(
                            alone.queryExecution().executedPlan().collectLeaves());
                    scans[i] = ls.isEmpty() ? "" : scanText(ls.get(0));
                    if (pqlab) {
                        bytes[i] = ls.stream().filter(l -> l instanceof BatchScanExec)
                                .mapToLong(SparkConditionSweepTest::pqlabBytes).sum();
                    } else {
                        bytes[i] = TASKS.byStage.values().stream().flatMap(m -> m.values().stream())
                                .mapToLong(Long::longValue).sum();
                    }
                }
            }
        }
        rows.forEach(l -> l.sort(null));
        return new Answer(rows, bytes, scans);
    }

    /** The children of the plan's union (the plan itself where Spark left one branch). */
    private static List<SparkPlan> branches(SparkPlan p) {
        if (p instanceof org.apache.spark.sql.execution.UnionExec u) {
            return scala.jdk.javaapi.CollectionConverters.asJava(u.children());
        }
        List<SparkPlan> children = scala.jdk.javaapi.CollectionConverters.asJava(p.children());
        if (children.size() == 1 && tagOf(p) < 0) {
            return branches(children.get(0));
        }
        return tagOf(p) >= 0 ? List.of(p) : List.of();
    }

    /** The branch's tag: the literal its projection names {@code _q}; -1 where there is none. */
    private static int tagOf(SparkPlan p) {
        if (p instanceof org.apache.spark.sql.execution.ProjectExec pe
                && pe.projectList().head() instanceof org.apache.spark.sql.catalyst.expressions.Alias a
                && a.name().equals("_q") && a.child() instanceof org.apache.spark.sql.catalyst.expressions.Literal l) {
            return (Integer) l.value();
        }
        for (SparkPlan c : scala.jdk.javaapi.CollectionConverters.asJava(p.children())) {
            int t = tagOf(c);
            if (t >= 0) {
                return t;
            }
        }
        return -1;
    }

    private static Dataset<Row> branch(Dataset<Row> d, String condition, String[] projection, int tag) {
        Dataset<Row> f = d.where(condition);
        if (projection != null) {
            f = f.selectExpr(projection);
        }
        return f.select(lit(tag).as("_q"), to_json(struct(col("*"))).as("_r"));
    }

    private static String scanText(SparkPlan leaf) {
        return leaf instanceof BatchScanExec b ? b.scan().description() : leaf.simpleStringWithNodeId();
    }

    /**
     * pqlab's bytes for one scan: every byte its executors read, from storage (footers, indexes,
     * filters, dictionaries, pages: counted beneath them) or from what the driver handed them
     * (footers and metadata it had read: counted as if the executor had read them itself), and
     * what its driver read to decide beyond the footers; footers read on the driver count on
     * neither side (Spark reads one to infer the schema, pqlab one per file to plan).
     */
    private static long pqlabBytes(SparkPlan leaf) {
        long storage = metric(leaf, PqlabScan.Metrics.STORAGE);
        long shipped = metric(leaf, PqlabScan.Metrics.SHIPPED);
        EXECUTORS[0] += storage - metric(leaf, PqlabScan.Metrics.BYTES);
        EXECUTORS[1] += storage;
        EXECUTORS[2] += shipped;
        EXECUTORS[3] += metric(leaf, PqlabScan.Metrics.REQUESTS);
        return storage + shipped + metric(leaf, PqlabScan.Metrics.DRIVER_TO_DECIDE)
                - metric(leaf, PqlabScan.Metrics.DRIVER_FOOTERS);
    }

    /**
     * Over a sweep: the executors' bytes from storage beyond data pages, all their bytes from
     * storage, the bytes the driver handed them, and their requests to storage.
     */
    private static final long[] EXECUTORS = new long[4];

    private static long metric(SparkPlan leaf, String name) {
        return ((SQLMetric) leaf.metrics().get(name).get()).value();
    }

    /** Totals a sweep reports. */
    private record Tally(int conditions, int pushed, long pqlabBytes, long sparkBytes, Map<String, String> scans) {}

    /**
     * Every condition through both sources: the same rows, and pqlab's bytes at most Spark's
     * (strictly less for those in {@code strictlyLess}). Returns the tally; fails listing every
     * condition that disagreed.
     */
    private static Tally sweep(String label, Supplier<Dataset<Row>> ours, Supplier<Dataset<Row>> theirs,
            List<String> conditions, List<String> strictlyLess, List<String[]> projections) {
        return sweep(label, ours, theirs, conditions, strictlyLess, projections, true);
    }

    /** As above; {@code holdBytes} false compares rows only (and prints the bytes). */
    private static Tally sweep(String label, Supplier<Dataset<Row>> ours, Supplier<Dataset<Row>> theirs,
            List<String> conditions, List<String> strictlyLess, List<String[]> projections, boolean holdBytes) {
        long t0 = System.nanoTime();
        java.util.Arrays.fill(EXECUTORS, 0);
        Answer a = run(ours, conditions, true, projections);
        long t1 = System.nanoTime();
        Answer b = run(theirs, conditions, false, projections);
        if (Boolean.getBoolean("pqlab.sweep.timing")) {
            System.out.printf("%s: pqlab %.1f s, parquet %.1f s%n", label, (t1 - t0) / 1e9, (System.nanoTime() - t1) / 1e9);
        }
        List<String> wrong = new ArrayList<>();
        int pushed = 0;
        long pq = 0;
        long sp = 0;
        for (int i = 0; i < conditions.size(); i++) {
            String c = conditions.get(i);
            if (!a.rows().get(i).equals(b.rows().get(i))) {
                wrong.add("rows differ: " + c + " (pqlab " + a.rows().get(i).size() + ", parquet "
                        + b.rows().get(i).size() + "; " + a.scans()[i] + ")");
            }
            boolean less = strictlyLess.contains(c);
            if (holdBytes && (less ? a.bytes()[i] >= b.bytes()[i] : a.bytes()[i] > b.bytes()[i])) {
                wrong.add("bytes: " + c + ": pqlab " + a.bytes()[i] + (less ? " not below " : " above ")
                        + "parquet " + b.bytes()[i] + " (" + a.scans()[i] + ")");
            }
            if (a.scans()[i] != null && !a.scans()[i].contains("condition: none")) {
                pushed++;
            }
            pq += a.bytes()[i];
            sp += b.bytes()[i];
        }
        System.out.printf("sweep %s: %d conditions (%d pushed to pqlab), %d rows; bytes pqlab %d, parquet %d;"
                + " executors: %d bytes from storage (%d beyond data pages) in %d requests, %d handed by the driver;"
                + " %.1f s%n", label, conditions.size(), pushed, a.rows().stream().mapToInt(List::size).sum(), pq, sp,
                EXECUTORS[1], EXECUTORS[0], EXECUTORS[3], EXECUTORS[2], (System.nanoTime() - t0) / 1e9);
        assertThat(wrong).as(label).isEmpty();
        for (String c : strictlyLess) {
            assertThat(conditions).as(label).contains(c);
        }
        Map<String, String> scans = new java.util.HashMap<>();
        for (int i = 0; i < conditions.size(); i++) {
            scans.put(conditions.get(i), String.valueOf(a.scans()[i]));
        }
        return new Tally(conditions.size(), pushed, pq, sp, scans);
    }

    private static List<String[]> every(List<String> conditions) {
        List<String[]> out = new ArrayList<>();
        conditions.forEach(c -> out.add(null));
        return out;
    }

    // ---------------------------------------------------------------- the conditions

    /** A column's probe literals (SQL text): at and beyond its edges, inside, absent. */
    static List<String> probes(StructField f, List<Object> values, Random r) {
        DataType t = f.dataType();
        List<Object> sorted = new ArrayList<>(values.stream().filter(v -> v != null).toList());
        if (sorted.isEmpty()) {
            return List.of();
        }
        if (!(t instanceof BinaryType)) {
            TreeSet<Object> set = new TreeSet<>(SparkConditionSweepTest::compare);
            set.addAll(sorted);
            sorted = new ArrayList<>(set);
        }
        Object first = sorted.get(0);
        Object last = sorted.get(sorted.size() - 1);
        List<String> out = new ArrayList<>();
        out.add(literal(first, t));
        out.add(literal(last, t));
        out.add(literal(sorted.get(sorted.size() / 3), t));
        out.add(literal(sorted.get(r.nextInt(sorted.size())), t));
        String below = beyond(first, t, -1);
        String above = beyond(last, t, 1);
        if (below != null) {
            out.add(below);
        }
        if (above != null) {
            out.add(above);
        }
        String absent = absentInside(sorted, t);
        if (absent != null) {
            out.add(absent);
        }
        if (t instanceof FloatType || t instanceof DoubleType) {
            String ty = t instanceof FloatType ? "FLOAT" : "DOUBLE";
            out.add("CAST('NaN' AS " + ty + ")");
            out.add("CAST('0.0' AS " + ty + ")");
            out.add("CAST('-0.0' AS " + ty + ")");
        }
        return out;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compare(Object a, Object b) {
        return ((Comparable) a).compareTo(b);
    }

    static String literal(Object v, DataType t) {
        if (t instanceof BooleanType) {
            return v.toString();
        }
        if (t instanceof ByteType) {
            return "CAST(" + v + " AS TINYINT)";
        }
        if (t instanceof ShortType) {
            return "CAST(" + v + " AS SMALLINT)";
        }
        if (t instanceof IntegerType || t instanceof LongType) {
            return v.toString();
        }
        if (t instanceof StringType) {
            return "'" + v.toString().replace("\\", "\\\\").replace("'", "\\'") + "'";
        }
        if (t instanceof DateType) {
            return "DATE '" + v + "'";
        }
        if (t instanceof DecimalType d) {
            return "CAST('" + ((BigDecimal) v).toPlainString() + "' AS DECIMAL(" + d.precision() + ", " + d.scale() + "))";
        }
        if (t instanceof FloatType) {
            return "CAST('" + v + "' AS FLOAT)";
        }
        if (t instanceof DoubleType) {
            return "CAST('" + v + "' AS DOUBLE)";
        }
        if (t instanceof TimestampType) {
            java.time.Instant i = (java.time.Instant) v;
            return "timestamp_micros(" + (i.getEpochSecond() * 1_000_000L + i.getNano() / 1000) + ")";
        }
        if (t instanceof TimestampNTZType) {
            LocalDateTime l = (LocalDateTime) v;
            return "CAST(timestamp_micros(" + (l.toEpochSecond(ZoneOffset.UTC) * 1_000_000L + l.getNano() / 1000)
                    + ") AS TIMESTAMP_NTZ)";
        }
        if (t instanceof BinaryType) {
            return "X'" + HexFormat.of().formatHex((byte[]) v) + "'";
        }
        throw new IllegalArgumentException("no literal for " + t);
    }

    /** A value just beyond {@code v} (direction -1 below, 1 above), or null where there is none to write. */
    private static String beyond(Object v, DataType t, int dir) {
        if (t instanceof ByteType || t instanceof ShortType || t instanceof IntegerType || t instanceof LongType) {
            return literal(((Number) v).longValue() + dir, t);
        }
        if (t instanceof StringType) {
            String x = v.toString();
            return dir < 0 ? (x.isEmpty() ? null : literal(x.substring(0, x.length() - 1), t)) : literal(x + "~", t);
        }
        if (t instanceof DateType) {
            return literal(((LocalDate) v).plusDays(dir), t);
        }
        if (t instanceof DecimalType d) {
            return literal(((BigDecimal) v).add(BigDecimal.ONE.movePointLeft(d.scale()).multiply(BigDecimal.valueOf(dir))), t);
        }
        if (t instanceof FloatType) {
            float f = (Float) v;
            return Float.isNaN(f) ? null : literal(f + dir, t);
        }
        if (t instanceof DoubleType) {
            double f = (Double) v;
            return Double.isNaN(f) ? null : literal(f + dir, t);
        }
        if (t instanceof TimestampType) {
            return literal(((java.time.Instant) v).plusSeconds(dir), t);
        }
        if (t instanceof TimestampNTZType) {
            return literal(((LocalDateTime) v).plusSeconds(dir), t);
        }
        return null;
    }

    /** A value inside the column's range that no row holds, where one is easy to find. */
    private static String absentInside(List<Object> sorted, DataType t) {
        for (int i = sorted.size() / 2; i + 1 < sorted.size(); i++) {
            Object a = sorted.get(i);
            Object b = sorted.get(i + 1);
            if ((t instanceof IntegerType || t instanceof LongType || t instanceof ShortType || t instanceof ByteType)
                    && ((Number) b).longValue() - ((Number) a).longValue() > 1) {
                return literal(((Number) a).longValue() + 1, t);
            }
            if (t instanceof StringType) {
                return literal(a + "0", t);
            }
            if (t instanceof DateType && ((LocalDate) a).plusDays(1).isBefore((LocalDate) b)) {
                return literal(((LocalDate) a).plusDays(1), t);
            }
            if (t instanceof DecimalType d) {
                return literal(((BigDecimal) a).add(BigDecimal.ONE.movePointLeft(d.scale())), t);
            }
        }
        return null;
    }

    private static final String[] OPS = {"=", "<=>", "<", "<=", ">", ">=", "<>"};

    /**
     * Conditions over {@code columns} of {@code data}: every comparison with a few probes each,
     * IN lists, IS [NOT] NULL, null-safe forms, NOT, STARTS_WITH and LIKE on strings, then
     * {@code combos} ANDs, ORs and NOTs of two of those.
     */
    static List<String> conditions(Dataset<Row> data, List<String> columns, int perOp, int combos, Random r) {
        StructType schema = data.schema();
        List<Row> all = data.selectExpr(columns.stream().map(c -> "`" + c + "`").toArray(String[]::new)).collectAsList();
        List<String> atoms = new ArrayList<>();
        for (int k = 0; k < columns.size(); k++) {
            String c = columns.get(k);
            StructField f = schema.apply(c);
            List<Object> values = new ArrayList<>();
            for (Row row : all) {
                values.add(row.get(k));
            }
            List<String> p = probes(f, values, r);
            if (p.isEmpty()) {
                continue;
            }
            String ref = "`" + c + "`";
            for (String op : OPS) {
                for (int i = 0; i < Math.min(perOp, p.size()); i++) {
                    // the edges first, then others at random
                    String v = i < 2 ? p.get((i + op.length()) % 2) : p.get(2 + r.nextInt(p.size() - 2));
                    atoms.add(r.nextInt(5) == 0 ? v + " " + flip(op) + " " + ref : ref + " " + op + " " + v);
                }
            }
            atoms.add(ref + " IN (" + p.get(0) + ", " + p.get(p.size() - 1) + ", " + p.get(p.size() / 2) + ")");
            atoms.add(ref + " IN (" + p.get(2) + ", " + p.get(3) + ")");
            atoms.add("NOT (" + ref + " IN (" + p.get(1) + ", " + p.get(2) + "))");
            atoms.add(ref + " IS NULL");
            atoms.add(ref + " IS NOT NULL");
            atoms.add(ref + " <=> NULL");
            atoms.add("NOT (" + ref + " <=> " + p.get(2) + ")");
            atoms.add("NOT (" + ref + " = " + p.get(3) + ")");
            if (f.dataType() instanceof StringType) {
                String s = all.get(r.nextInt(all.size())).isNullAt(k) ? "k1" : all.get(r.nextInt(all.size())).getString(k);
                String prefix = s == null ? "k" : s.substring(0, Math.min(s.length(), 1 + r.nextInt(3)));
                atoms.add("startswith(" + ref + ", '" + prefix + "')");
                atoms.add("startswith(" + ref + ", 'zz')");
                atoms.add(ref + " LIKE '" + prefix + "%'");
                atoms.add("NOT startswith(" + ref + ", '" + prefix + "')");
            }
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < atoms.size(); i += EVERY) {
            out.add(atoms.get(i));
        }
        for (int i = 0; i < combos; i += EVERY) {
            String a = atoms.get(r.nextInt(atoms.size()));
            String b = atoms.get(r.nextInt(atoms.size()));
            switch ((i / EVERY) % 4) {
                case 0 -> out.add("(" + a + ") AND (" + b + ")");
                case 1 -> out.add("(" + a + ") OR (" + b + ")");
                case 2 -> out.add("NOT ((" + a + ") OR (" + b + "))");
                default -> out.add("NOT ((" + a + ") AND (" + b + "))");
            }
        }
        return out;
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

    // ---------------------------------------------------------------- the data and the sweeps

    @Test
    void the_orders_fixtures() {
        Random r = new Random(SEED);
        // the hand-written ones of the earlier agreement test, with forms Spark keeps (functions, arithmetic)
        List<String> fixed = List.of("order_id = 431", "order_id BETWEEN 100 AND 130", "order_id IN (1, 200, 799, 5000)",
                "country = 'SE' OR amount_cents < 2000", "country IS NULL", "country IS NOT NULL AND order_id > 700",
                "NOT (order_id < 790)", "customer_id = 612176", "country <> 'DE'", "order_id < 0",
                "country LIKE 'S%'", "startswith(country, 'F')", "order_id <=> 5", "amount_cents >= 9990",
                "order_id = 431 OR customer_id = 791170", "upper(country) = 'SE'", "order_id + 1 = 432",
                // statistics refute order_id = 5 beyond row group 0, the Bloom filter customer_id = 500001 everywhere
                "order_id = 5 OR customer_id = 500001",
                // the IN list's hull is the whole file; its two values are in two pages
                "order_id IN (3, 790)", "country = 'SE' AND amount_cents >= 9000");
        List<String> less = List.of("order_id = 5 OR customer_id = 500001", "order_id IN (3, 790)");
        for (String file : List.of("pruning-sorted.parquet", "pruning-shuffled.parquet")) {
            String path = FIXTURES.resolve(file).toString();
            Dataset<Row> data = spark.read().parquet(path);
            List<String> conds = new ArrayList<>(fixed);
            conds.addAll(conditions(data, List.of("order_id", "customer_id", "country", "amount_cents"), 1, 16, r));
            List<String[]> projections = new ArrayList<>();
            for (int i = 0; i < conds.size(); i++) {
                projections.add(i % 3 == 1 ? new String[] {"country", "order_id"} : null);
            }
            sweep(file, () -> spark.read().format("pqlab").load(path), () -> spark.read().parquet(path), conds,
                    file.contains("sorted") ? less : List.of(), projections);
        }
    }

    @Test
    void a_flat_file_of_every_type() {
        String path = dir.resolve("types").toString();
        // ts as INT64 TIMESTAMP(MICROS, adjusted to UTC), which pqlab is pushed; INT96 (Spark's
        // default) is the nested file's t96, which stays with Spark
        spark.conf().set("spark.sql.parquet.outputTimestampType", "TIMESTAMP_MICROS");
        spark.range(0, 3000).selectExpr("id",
                "case when id % 11 = 0 then null else id % 3 = 0 end as b",
                "cast(id % 100 - 50 as tinyint) as t",
                "cast(case when id % 17 = 0 then null else id * 7 % 2000 - 1000 end as smallint) as sh",
                "cast(case when id % 13 = 0 then null else (id * 7919) % 3001 end as int) as i",
                "(id * 1000003) % 1000000007 as l",
                "case when id % 7 = 0 then null else concat('k', lpad(cast(id % 500 as string), 3, '0')) end as s",
                "date_add(DATE '2020-01-01', cast(id / 3 as int)) as d",
                "cast((id - 1500) / 100.0 as decimal(9, 2)) as dec9",
                "cast(id * 12.3456 as decimal(18, 4)) as dec18",
                "cast(case when id % 19 = 0 then null else id / 7.0 end as decimal(38, 10)) as dec38",
                "cast(case when id % 97 = 0 then 'NaN' when id % 89 = 0 then null else (id - 1500) / 4.0 end as float) as f",
                "case when id % 101 = 0 then double('NaN') when id = 5 then -0.0D else (id % 300 - 150) * 1.5D end as db",
                "timestamp_micros(1600000000000000 + id * 3600000000) as ts",
                "cast(timestamp_micros(1600000000000000 + id * 60000000) as timestamp_ntz) as tsn",
                "case when id % 23 = 0 then null else unhex(lpad(hex(id % 256), 4, '0')) end as bin")
                .coalesce(1).write().option("parquet.block.size", "16384").option("parquet.page.size", "2048")
                .option("parquet.page.row.count.limit", "200")
                .option("parquet.bloom.filter.enabled#l", "true").option("parquet.bloom.filter.enabled#s", "true")
                .option("parquet.bloom.filter.enabled#bin", "true")
                .mode(SaveMode.Overwrite).parquet(path);
        spark.conf().unset("spark.sql.parquet.outputTimestampType");
        Dataset<Row> data = spark.read().parquet(path);
        List<String> columns = List.of("id", "b", "t", "sh", "i", "l", "s", "d", "dec9", "dec18", "dec38", "f", "db",
                "ts", "tsn", "bin");
        List<String> conds = new ArrayList<>(List.of(
                // statistics refute id = 5 beyond the first row group, the Bloom filter l = 7 everywhere
                "id = 5 OR l = 7",
                // timestamps (an instant, a wall-clock time) and binary, pushed
                "ts = timestamp_micros(1600000000000000 + 17 * 3600000000)",
                "tsn BETWEEN CAST(timestamp_micros(1600000000000000 + 100L * 60000000) AS TIMESTAMP_NTZ)"
                        + " AND CAST(timestamp_micros(1600000000000000 + 130L * 60000000) AS TIMESTAMP_NTZ)",
                "bin = X'0011' OR id = 2999",
                // values far apart: the IN list's hull is the whole file, its values in two pages
                "id IN (3, 2990)"));
        conds.addAll(conditions(data, columns, 1, 40, new Random(SEED)));
        Tally t = sweep("types", () -> spark.read().format("pqlab").load(path), () -> spark.read().parquet(path), conds,
                List.of("id = 5 OR l = 7", "id IN (3, 2990)"), every(conds));
        assertThat(t.conditions()).isGreaterThan(150 / EVERY);
        assertThat(t.pushed()).as("most conditions reach pqlab's planner").isGreaterThan(t.conditions() * 3 / 4);
        for (String c : conds.subList(2, 5)) {
            assertThat(t.scans().get(c)).as(c).doesNotContain("condition: none");
        }
    }

    @Test
    void a_nested_file() {
        String path = dir.resolve("nested").toString();
        spark.range(0, 1500).selectExpr("id",
                "case when id % 9 = 0 then null else named_struct('a', cast(id % 50 as int),"
                        + " 'b', concat('v', cast(id % 7 as string))) end as st",
                "case when id % 10 = 0 then null else sequence(cast(id % 5 as int), cast(id % 5 + id % 3 as int)) end as arr",
                "map('k', cast(id as int), concat('x', cast(id % 4 as string)), cast(id % 3 as int)) as m",
                "cast(id % 29 as int) as n", "concat('w', cast(id % 41 as string)) as w",
                "timestamp_micros(1600000000000000 + id * 3600000000) as t96")
                .coalesce(1).write().option("parquet.block.size", "8192").mode(SaveMode.Overwrite).parquet(path);
        Dataset<Row> data = spark.read().parquet(path);
        List<String> conds = new ArrayList<>(List.of("st.a = 3", "st.b = 'v2' AND id < 100", "st IS NULL",
                "array_contains(arr, 6)", "size(arr) > 2", "m['k'] = 77", "st.a IS NULL OR n = 4", "arr IS NULL"));
        conds.add("t96 = timestamp_micros(1600000000000000 + 17 * 3600000000)");
        conds.add("t96 > timestamp_micros(1600000000000000 + 1400 * 3600000000) AND n < 9");
        conds.addAll(conditions(data, List.of("id", "n", "w"), 1, 12, new Random(SEED)));
        List<String[]> projections = new ArrayList<>();
        for (int i = 0; i < conds.size(); i++) {
            projections.add(i % 2 == 1 ? new String[] {"id", "st"} : null);
        }
        Tally t = sweep("nested", () -> spark.read().format("pqlab").load(path), () -> spark.read().parquet(path),
                conds, List.of(), projections);
        // INT96 holds nanoseconds Spark cuts to microseconds: its filters stay with Spark
        assertThat(t.scans().get(conds.get(8))).contains("condition: none");
        assertThat(t.scans().get(conds.get(9))).contains("\"n\" < 9").doesNotContain("\"t96\"");
    }

    private static String hive() {
        String table = dir.resolve("hive").toString();
        if (!java.nio.file.Files.isDirectory(Path.of(table))) {
            // SparkDatasetTest's 2023 rows; 2024's with a note too (null in every fifth row)
            SparkDatasetTest.writeHive(SparkDatasetTest.rows2023(spark), 3, table, SaveMode.Overwrite);
            SparkDatasetTest.writeHive(spark.range(3000, 5000).selectExpr("id", "cast(id % 89 as int) as amount",
                    "case when id % 5 = 0 then null else concat('n', cast(id % 11 as string)) end as note",
                    "2024 as year", "case when id % 2 = 0 then 'eu' else 'us' end as region"), 2, table,
                    SaveMode.Append);
        }
        return table;
    }

    @Test
    void a_hive_partitioned_dataset() {
        String table = hive();
        Dataset<Row> data = spark.read().parquet(table);
        List<String> conds = conditions(data, List.of("id", "amount", "note", "year", "region"), 1, 24, new Random(SEED));
        List<String[]> projections = new ArrayList<>();
        for (int i = 0; i < conds.size(); i++) {
            projections.add(new String[] {"id", "amount", "note", "cast(year as bigint) as year", "region"});
        }
        sweep("hive", () -> spark.read().format("pqlab").load(table), () -> spark.read().parquet(table), conds,
                List.of(), projections);
    }

    @Test
    void the_hive_dataset_and_a_fixture_through_s3proxy() throws Exception {
        String table = hive();
        // one store for both: the hive dataset under hive/, the sorted fixture under sorted/
        Path root = dir.resolve("s3root");
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.walk(Path.of(table))) {
            for (Path f : files.filter(java.nio.file.Files::isRegularFile).toList()) {
                Path to = root.resolve("hive").resolve(Path.of(table).relativize(f).toString());
                java.nio.file.Files.createDirectories(to.getParent());
                java.nio.file.Files.copy(f, to);
            }
        }
        Path sorted = FIXTURES.resolve("pruning-sorted.parquet");
        java.nio.file.Files.createDirectories(root.resolve("sorted"));
        java.nio.file.Files.copy(sorted, root.resolve("sorted").resolve("pruning-sorted.parquet"));
        // the AWS SDK's default chain finds these (driver and executors share this JVM in local mode)
        System.setProperty("aws.accessKeyId", S3ProxyProcess.ACCESS_KEY);
        System.setProperty("aws.secretAccessKey", S3ProxyProcess.SECRET_KEY);
        System.setProperty("aws.disableEc2Metadata", "true");
        try (S3ProxyProcess s3 = new S3ProxyProcess(root)) {
            String endpoint = s3.endpoint().toString();
            Supplier<Dataset<Row>> pqlab = () -> spark.read().format("pqlab").option("s3.endpoint", endpoint)
                    .option("s3.region", "us-east-1").load("s3://" + S3ProxyProcess.BUCKET + "/hive/");
            Dataset<Row> data = spark.read().parquet(table);
            Random r = new Random(SEED + 1);
            List<String> all = conditions(data, List.of("id", "amount", "note", "year", "region"), 1, 20, r);
            List<String> conds = new ArrayList<>();
            for (int i = 0; i < all.size(); i += 2) {
                conds.add(all.get(i));
            }
            List<String[]> projections = new ArrayList<>();
            for (int i = 0; i < conds.size(); i++) {
                projections.add(new String[] {"id", "amount", "note", "cast(year as bigint) as year", "region"});
            }
            // bytes held too: each task is handed its file's footer and the metadata the driver
            // read (Shipped), so it sends only the requests of its data (before, a 64 KiB tail
            // read per task, all of these 6 KB files, read more than Spark on 26 of 52)
            sweep("hive on s3proxy", pqlab, () -> spark.read().parquet(table), conds, List.of(), projections);
            // the cross-mechanism OR and the IN list, over the network too
            String url = "s3://" + S3ProxyProcess.BUCKET + "/sorted/pruning-sorted.parquet";
            List<String> less = List.of("order_id = 5 OR customer_id = 500001", "order_id IN (3, 790)");
            List<String> fixed = List.of("order_id = 5 OR customer_id = 500001", "order_id IN (3, 790)",
                    "order_id = 431", "order_id BETWEEN 100 AND 130", "country = 'SE' AND amount_cents >= 9000",
                    "country IS NULL", "customer_id = 612176");
            sweep("sorted on s3proxy", () -> spark.read().format("pqlab").option("s3.endpoint", endpoint)
                    .option("s3.region", "us-east-1").load(url), () -> spark.read().parquet(sorted.toString()), fixed,
                    less, every(fixed));
        }
    }
}
