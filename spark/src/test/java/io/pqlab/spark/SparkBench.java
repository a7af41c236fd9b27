package io.pqlab.spark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerEvent;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.ui.SparkListenerDriverAccumUpdates;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * {@code format("pqlab")} against Spark's own {@code format("parquet")} in {@code local[2]} on the
 * bench's 10M-row orders files: the same condition, every column, written to Spark's {@code noop}
 * sink (so every row is produced and nothing is collected). Besides the time, the auxiliary
 * counters give, for the last query of each iteration: {@code tasks}; {@code bytes}, what the
 * tasks read from storage (Spark's: its tasks' input metrics; pqlab's: its executors' counted
 * sources, footers included); {@code driverBytes}, pqlab's driver reads to plan (footers, indexes,
 * filters; Spark's driver footer read for the schema is not counted by Spark and shows 0);
 * {@code shippedBytes}, what pqlab's driver handed its tasks of those reads (not read again).
 *
 * <p>It lives in the spark module's tests, not in bench/: Spark 4.1 needs its own parquet-java
 * (1.16), Jackson (2.20) and Arrow, while bench/ measures parquet-java 1.18 and pqlab-arrow on the
 * parent's Jackson; one classpath cannot hold both. Run it with {@code bench/run-spark.sh}.
 * The condition values are {@code io.pqlab.bench.Conditions}' for the 10M data set (seed
 * 20240601), written out here as SQL.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g", "-XX:+IgnoreUnrecognizedVMOptions",
    "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
    "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED", "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/java.net=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.util=ALL-UNNAMED", "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
    "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
    "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED", "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED", "--add-opens=java.base/sun.security.action=ALL-UNNAMED",
    "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED", "-Djdk.reflect.useDirectMethodHandle=false",
    "-Dio.netty.tryReflectionSetAccessible=true"})
public class SparkBench {
    @Param({"id_point", "id_range_1pct", "id_in_5", "cust_absent", "country_rare", "or_stats_bloom"})
    public String condition;

    @Param({"pqlab", "parquet"})
    public String format;

    @Param({"sorted"})
    public String variant;

    /**
     * Extra Spark settings, {@code key=value} separated by {@code ;} ("none": none), e.g.
     * {@code spark.hadoop.parquet.hadoop.vectored.io.enabled=false} to see whether Spark's input
     * bytes count parquet-java's vectored reads (made on other threads than the task's).
     */
    @Param({"none"})
    public String sparkConf;

    private SparkSession spark;
    private String file;
    private final Listener listener = new Listener();

    /** Conditions.orders(new Orders(20240601, 10_000_000)), as Spark SQL. */
    static String sql(String name) {
        return switch (name) {
            case "id_point" -> "order_id = 7400001";
            case "id_range_1pct" -> "order_id >= 12000001 AND order_id < 12200001";
            case "id_in_5" -> "order_id IN (2000001, 6000015, 10000023, 14000027, 19999967)";
            case "cust_absent" -> "customer_id = 1249997";
            case "country_rare" -> "country = 'IS'";
            case "or_stats_bloom" -> "order_id > 19999999 OR customer_id = 1249997";
            default -> throw new IllegalArgumentException("no condition " + name);
        };
    }

    /** What the last query's tasks and driver read. */
    static final class Listener extends SparkListener {
        final AtomicLong tasks = new AtomicLong();
        final AtomicLong input = new AtomicLong();
        final AtomicLong storage = new AtomicLong();
        final AtomicLong driver = new AtomicLong();
        final AtomicLong shipped = new AtomicLong();

        void reset() {
            shipped.set(0);
            tasks.set(0);
            input.set(0);
            storage.set(0);
            driver.set(0);
        }

        @Override
        public void onTaskEnd(SparkListenerTaskEnd end) {
            tasks.incrementAndGet();
            if (end.taskMetrics() != null) {
                input.addAndGet(end.taskMetrics().inputMetrics().bytesRead());
            }
            end.taskInfo().accumulables().foreach(a -> {
                if (a.name().isDefined() && a.name().get().startsWith("pqlab bytes read from storage")
                        && a.update().isDefined()) {
                    storage.addAndGet(Long.parseLong(a.update().get().toString()));
                }
                if (a.name().isDefined() && a.name().get().startsWith("pqlab bytes the executors took from the driver")
                        && a.update().isDefined()) {
                    shipped.addAndGet(Long.parseLong(a.update().get().toString()));
                }
                return null;
            });
        }

        @Override
        public void onOtherEvent(SparkListenerEvent event) {
            if (event instanceof SparkListenerDriverAccumUpdates u) {
                u.accumUpdates().foreach(t -> {
                    var acc = org.apache.spark.util.AccumulatorContext.get((Long) t._1());
                    if (acc.isDefined() && acc.get().name().isDefined()
                            && acc.get().name().get().startsWith("pqlab bytes read to decide (driver")) {
                        driver.addAndGet((Long) t._2());
                    }
                    return null;
                });
            }
        }
    }

    /** The last query's figures; JMH reports the value each field has at the end of an iteration. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Read {
        public long tasks;
        public long bytes;
        public long driverBytes;
        /** What pqlab's driver handed its tasks of what it had read (footers, indexes), not read again. */
        public long shippedBytes;
    }

    @Setup(Level.Trial)
    public void start() {
        Path dir = Path.of(System.getProperty("pqlab.bench.data", "bench/data")).toAbsolutePath();
        Path f = dir.resolve("orders-10m-" + variant + ".parquet");
        if (!Files.exists(f)) {
            throw new IllegalStateException(f + " is missing: make the 10M data with bench/run.sh (or set -Dpqlab.bench.data)");
        }
        file = f.toString();
        SparkSession.Builder b = SparkSession.builder().master("local[2]").appName("pqlab-bench")
                .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
                .config("spark.sql.adaptive.enabled", "false");
        if (!sparkConf.equals("none")) {
            for (String kv : sparkConf.split(";")) {
                String[] p = kv.split("=", 2);
                b = b.config(p[0].strip(), p[1].strip());
            }
        }
        spark = b.getOrCreate();
        spark.sparkContext().addSparkListener(listener);
    }

    @TearDown(Level.Trial)
    public void stop() {
        spark.stop();
    }

    @Benchmark
    public void query(Read read) throws Exception {
        spark.sparkContext().listenerBus().waitUntilEmpty();
        listener.reset();
        spark.read().format(format).load(file).where(sql(condition)).write().format("noop").mode("overwrite").save();
        spark.sparkContext().listenerBus().waitUntilEmpty();
        read.tasks = listener.tasks.get();
        read.bytes = format.equals("pqlab") ? listener.storage.get() : listener.input.get();
        read.driverBytes = listener.driver.get();
        read.shippedBytes = listener.shipped.get();
    }
}
