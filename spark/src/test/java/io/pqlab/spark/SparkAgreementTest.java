package io.pqlab.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code format("pqlab")} against Spark's own {@code parquet} source on the same files and queries:
 * the same rows (as Spark renders them), and pqlab's plan visible in explain().
 */
class SparkAgreementTest {
    private static SparkSession spark;
    private static final Path FIXTURES = Path.of("..", "fixtures");

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().master("local[2]").appName("pqlab-tests")
                .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "2").getOrCreate();
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    static List<String> rows(Dataset<Row> d) {
        return d.collectAsList().stream().map(SparkAgreementTest::render).sorted().collect(Collectors.toList());
    }

    /** A value as text, binary as hex (Row.toString prints byte arrays by identity). */
    static String render(Object v) {
        if (v instanceof byte[] b) {
            return java.util.HexFormat.of().formatHex(b);
        }
        if (v instanceof Row r) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < r.length(); i++) {
                sb.append(i == 0 ? "" : ",").append(render(r.get(i)));
            }
            return sb.append(']').toString();
        }
        if (v instanceof scala.collection.Map<?, ?> m) {
            List<String> entries = new ArrayList<>();
            m.foreach(e -> entries.add(render(((scala.Tuple2<?, ?>) e)._1()) + "->" + render(((scala.Tuple2<?, ?>) e)._2())));
            return entries.toString();
        }
        if (v instanceof scala.collection.Iterable<?> s) {
            List<String> items = new ArrayList<>();
            s.foreach(x -> items.add(render(x)));
            return items.toString();
        }
        return String.valueOf(v);
    }

    @Test
    void conditionsOnTheOrdersFixturesGiveSparksRows() {
        String[] conditions = {"order_id = 431", "order_id BETWEEN 100 AND 130", "order_id IN (1, 200, 799, 5000)",
            "country = 'SE' OR amount_cents < 2000", "country IS NULL", "country IS NOT NULL AND order_id > 700",
            "NOT (order_id < 790)", "customer_id = 612176", "country <> 'DE'", "order_id < 0",
            "country LIKE 'S%'", "startswith(country, 'F')", "order_id <=> 5", "amount_cents >= 9990",
            "order_id = 431 OR customer_id = 791170", "upper(country) = 'SE'", "order_id + 1 = 432"};
        for (String file : List.of("pruning-sorted.parquet", "pruning-shuffled.parquet")) {
            String path = FIXTURES.resolve(file).toString();
            for (String where : conditions) {
                Dataset<Row> ours = spark.read().format("pqlab").load(path).where(where);
                Dataset<Row> theirs = spark.read().parquet(path).where(where);
                assertThat(rows(ours)).as(file + ": " + where).isEqualTo(rows(theirs));
                assertThat(rows(ours.select("country", "order_id"))).as(file + " projected: " + where)
                        .isEqualTo(rows(theirs.select("country", "order_id")));
            }
            assertThat(spark.read().format("pqlab").load(path).limit(7).count()).isEqualTo(7);
            assertThat(spark.read().format("pqlab").load(path).count()).isEqualTo(800);
        }
    }

    @Test
    void everyFileBothReadGivesSparksRows() throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(FIXTURES.resolve("parquet-testing").resolve("data"))) {
            files = s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
        }
        List<String> compared = new ArrayList<>();
        for (Path f : files) {
            List<String> theirs;
            try {
                theirs = rows(spark.read().parquet(f.toString()));
            } catch (Exception e) {
                continue; // Spark cannot read it: nothing to compare
            }
            List<String> ours;
            try {
                ours = rows(spark.read().format("pqlab").load(f.toString()));
            } catch (Exception e) {
                if (String.valueOf(e.getMessage()).contains("does not map to a Spark type")
                        || String.valueOf(e.getMessage()).contains("not supported")) {
                    continue; // a type the source refuses, said in one line
                }
                throw e;
            }
            assertThat(ours).as(f.toString()).isEqualTo(theirs);
            compared.add(f.getFileName().toString());
        }
        assertThat(compared).hasSizeGreaterThan(20);
    }

    @Test
    void explainShowsPqlabsConditionAndBadInputIsOneLine() throws Exception {
        Dataset<Row> d = spark.read().format("pqlab").load(FIXTURES.resolve("pruning-sorted.parquet").toString())
                .where("order_id = 431");
        String plan = d.queryExecution().explainString(org.apache.spark.sql.execution.SimpleMode$.MODULE$);
        assertThat(plan).contains("pqlab").contains("\"order_id\" = 431");

        Path bad = Files.createTempFile("bad", ".parquet");
        Files.write(bad, new byte[] {'P', 'A', 'R', '1', 0, 0, 0, 0, 0, 0, 0, 0, 'P', 'A', 'R', '1'});
        assertThatThrownBy(() -> spark.read().format("pqlab").load(bad.toString()).count())
                .hasMessageStartingWith(bad + ": ").hasMessageContaining("(at byte ");
    }

    /** Spark's input bytes (its tasks' {@code inputMetrics.bytesRead}, Hadoop's per-thread counts), summed. */
    private static final class InputBytes extends org.apache.spark.scheduler.SparkListener {
        final java.util.concurrent.atomic.AtomicLong bytes = new java.util.concurrent.atomic.AtomicLong();

        @Override
        public void onTaskEnd(org.apache.spark.scheduler.SparkListenerTaskEnd end) {
            if (end.taskMetrics() != null) {
                bytes.addAndGet(end.taskMetrics().inputMetrics().bytesRead());
            }
        }
    }

    /**
     * The bytes pqlab reads against those Spark's own source reads, query by query: pqlab's are
     * every byte its executors read from storage (footers, indexes, filters, dictionaries, pages:
     * a counting source beneath them) and what its driver read to decide beyond the footers;
     * Spark's are its tasks' input bytes. Footers read on the driver count on neither side (Spark
     * reads one to infer the schema, pqlab one per file to plan). Where one mechanism refutes
     * one side of an OR and another the other side, or an IN list's values fall between pages,
     * pqlab reads strictly less; elsewhere at most as much.
     */
    @Test
    void pqlabReadsAtMostWhatSparksOwnSourceReadsAndLessOnCrossMechanismAndInListConditions() throws Exception {
        spark.conf().set("spark.sql.adaptive.enabled", "false");
        InputBytes listener = new InputBytes();
        spark.sparkContext().addSparkListener(listener);
        try {
            // {file, condition, "<" for strictly less, "<=" for at most}
            String[][] cases = {
                // statistics refute order_id = 5 beyond row group 0, the Bloom filter customer_id = 500001 everywhere
                {"pruning-sorted.parquet", "order_id = 5 OR customer_id = 500001", "<"},
                // the IN list's hull is the whole file; its two values are in two pages
                {"pruning-sorted.parquet", "order_id IN (3, 790)", "<"},
                {"pruning-sorted.parquet", "order_id = 431", "<="},
                {"pruning-sorted.parquet", "order_id BETWEEN 100 AND 130", "<="},
                {"pruning-shuffled.parquet", "customer_id = 612176", "<="},
                {"pruning-shuffled.parquet", "country = 'SE' AND amount_cents >= 9000", "<="},
            };
            for (String[] c : cases) {
                String file = FIXTURES.resolve(c[0]).toString();
                Dataset<Row> ours = spark.read().format("pqlab").load(file).where(c[1]);
                List<Row> got = ours.collectAsList();
                long pqlab = SparkDatasetTest.metric(ours, PqlabScan.Metrics.STORAGE)
                        + SparkDatasetTest.metric(ours, PqlabScan.Metrics.DRIVER_TO_DECIDE)
                        - SparkDatasetTest.metric(ours, PqlabScan.Metrics.DRIVER_FOOTERS);
                spark.sparkContext().listenerBus().waitUntilEmpty();
                listener.bytes.set(0);
                // parquet-java's vectored reads run off the task's thread, where Hadoop's per-thread
                // counts miss them: off, Spark's input bytes are what it read
                spark.conf().set("parquet.hadoop.vectored.io.enabled", "false");
                List<Row> theirs = spark.read().parquet(file).where(c[1]).collectAsList();
                spark.conf().unset("parquet.hadoop.vectored.io.enabled");
                spark.sparkContext().listenerBus().waitUntilEmpty();
                long sparks = listener.bytes.get();
                System.out.printf("bytes read, %s WHERE %s: pqlab %d, Spark's parquet %d%n", c[0], c[1], pqlab, sparks);
                assertThat(got).as(c[1]).hasSameSizeAs(theirs);
                assertThat(sparks).as("Spark's own source read something: " + c[1]).isPositive();
                if (c[2].equals("<")) {
                    assertThat(pqlab).as(c[0] + " WHERE " + c[1]).isLessThan(sparks);
                } else {
                    assertThat(pqlab).as(c[0] + " WHERE " + c[1]).isLessThanOrEqualTo(sparks);
                }
            }
        } finally {
            spark.sparkContext().removeSparkListener(listener);
            spark.conf().unset("spark.sql.adaptive.enabled");
        }
    }
}
