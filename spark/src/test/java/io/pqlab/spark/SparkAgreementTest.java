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

    /** The generated conditions on the fixtures are {@link SparkConditionSweepTest}'s; here, a limit and a count. */
    @Test
    void aLimitAndACountOnTheOrdersFixtures() {
        for (String file : List.of("pruning-sorted.parquet", "pruning-shuffled.parquet")) {
            String path = FIXTURES.resolve(file).toString();
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

        // a footer that reads and a page header that does not, met on an executor, in a dataset of
        // good files: Spark's error at the driver is pqlab's, its message the one line naming the
        // file (not "Job aborted due to stage failure: ..." with the executor's stack trace)
        Path folder = Files.createTempDirectory("dataset");
        byte[] bytes = Files.readAllBytes(FIXTURES.resolve("pruning-sorted.parquet"));
        for (int i = 0; i < 3; i++) {
            Files.write(folder.resolve("good-" + i + ".parquet"), bytes);
        }
        Path torn = folder.resolve("torn.parquet");
        java.util.Arrays.fill(bytes, 4, 40, (byte) 0xFF);
        Files.write(torn, bytes);
        for (String columnar : new String[] {"true", "false"}) {
            Throwable failure = org.assertj.core.api.Assertions.catchThrowable(() -> spark.read().format("pqlab")
                    .option("columnar", columnar).load(folder.toString()).where("customer_id > 0").collectAsList());
            assertThat(failure).as("Spark's error").isInstanceOf(PqlabSparkException.class);
            assertThat(failure.getMessage()).startsWith(torn + ": ").contains("(at byte ").doesNotContain("\n");
            assertThat(((org.apache.spark.SparkThrowable) failure).getCondition()).isEqualTo(PqlabSparkException.CONDITION);
        }
    }
}
