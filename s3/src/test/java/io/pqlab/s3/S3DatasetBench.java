package io.pqlab.s3;

import io.pqlab.Dataset;
import io.pqlab.DatasetOptions;
import io.pqlab.DatasetPlan;
import io.pqlab.Query;
import io.pqlab.io.RetryPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Planning DatasetBench's 1,000-file hive dataset ({@code bench/data/hive-1000}, which DatasetBench
 * writes on first use) over s3proxy, cold and with a warm metadata cache, for DatasetBench's two
 * conditions: one ListObjectsV2 lists the files with sizes and ETags; for {@code month = 6 AND
 * amount > 9900} ({@code shape} partition) the partition rules out 900 and the 100 left cost a
 * footer GET each cold, none warm; for {@code amount > 9990} (data) every file costs a footer GET
 * cold (1,000), none warm.
 *
 * <p>{@code s3ListingOnly} is the listing alone, the floor of both: a warm plan is the listing plus
 * planning from memory. {@code latencyMs} delays every request the server serves (loopback has no first-byte latency;
 * a store in another building has tens of milliseconds). Setup prints, for one cold and one warm
 * plan, the server's ListObjectsV2 calls, GETs and HEADs, and pqlab's reported requests and bytes to
 * decide: those counts are the figures that do not depend on the machine. JMH runs from the s3
 * module's test classpath (s3proxy's Jetty and Jackson 3 are not bench/'s): {@code bench/run-s3.sh}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
public class S3DatasetBench {
    /**
     * DatasetBench's shapes: {@code partition}, {@code month = 6 AND amount > 9900} (100 footers
     * cold); {@code data}, {@code amount > 9990} (on a data column: all 1,000 footers cold).
     */
    @Param({"partition", "data"})
    public String shape;

    @Param({"0", "20"})
    public long latencyMs;

    /** The dataset's folder (made by bench/'s DatasetBench), relative to the repository (run-s3.sh runs there). */
    @Param({"bench/data/hive-1000"})
    public String dir;

    S3Server server;
    S3Lister lister;
    Path cache;
    DatasetOptions cold;
    DatasetOptions warm;
    Query query;
    String prefix;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        Path root = Path.of(dir);
        if (!Files.exists(root.resolve("_DONE"))) {
            throw new IllegalStateException(root.toAbsolutePath() + " is not there: run bench/'s DatasetBench once (it writes it)");
        }
        System.setProperty("aws.accessKeyId", S3Server.ACCESS_KEY);
        System.setProperty("aws.secretAccessKey", S3Server.SECRET_KEY);
        System.setProperty("aws.disableEc2Metadata", "true");
        server = new S3Server(root);
        lister = new S3Lister(new S3Source.Options(server.endpoint(), null, RetryPolicy.DEFAULT));
        cache = Files.createTempDirectory("pqlab-s3-dataset-cache");
        prefix = "s3://" + S3Server.BUCKET + "/";
        query = Query.where(shape.equals("data") ? "amount > 9990" : "month = 6 AND amount > 9900");
        cold = DatasetOptions.defaults().withStores(List.of(lister));
        warm = cold.withCache(cache);
        server.latencyMillis(latencyMs);
        report("cold", cold);
        plan(warm); // fills the cache
        report("warm", warm);
    }

    /** One plan's requests as the server saw them and as pqlab reports them. */
    private void report(String what, DatasetOptions o) throws IOException {
        server.clearLog();
        server.resetConcurrent();
        long lists = server.listings();
        long t = System.nanoTime();
        DatasetPlan p;
        try (Dataset d = Dataset.open(List.of(prefix), o)) {
            p = d.plan(query);
        }
        long ms = (System.nanoTime() - t) / 1_000_000;
        List<S3Server.Logged> log = server.log();
        System.out.printf("# %s plan (%s, latency %d ms): %d ListObjectsV2, %d GET, %d HEAD; pqlab reports %d requests,"
                + " %,d bytes to decide, %d of %d files skipped, %d rows kept; %d ms; at most %d requests at once%n",
                what, shape, latencyMs,
                server.listings() - lists, log.stream().filter(l -> l.method().equals("GET")).count(),
                log.stream().filter(l -> l.method().equals("HEAD")).count(), p.requests(), p.bytesToDecide(),
                p.filesSkipped(), p.files().size(), p.rowsKept(), ms, server.mostConcurrent());
    }

    private long plan(DatasetOptions o) throws IOException {
        try (Dataset d = Dataset.open(List.of(prefix), o)) {
            return d.plan(query).rowsKept();
        }
    }

    /** The listing alone (one ListObjectsV2; s3proxy's filesystem store walks and stats every file for it). */
    @Benchmark
    public long s3ListingOnly() throws IOException {
        try (Dataset d = Dataset.open(List.of(prefix), cold)) {
            return d.files().size();
        }
    }

    @Benchmark
    public long s3Cold() throws IOException {
        return plan(cold);
    }

    @Benchmark
    public long s3WarmCache() throws IOException {
        return plan(warm);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        lister.close();
        server.close();
        try (Stream<Path> files = Files.walk(cache)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
