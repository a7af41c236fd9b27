package io.pqlab.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The {@code -spark} jar as a user puts it on Spark's classpath ({@code --jars}): loaded, with
 * Spark's jars, in a class loader that sees neither pqlab's own classes (core, s3, this module)
 * nor the libraries the jar relocates or bundles (the hash, brotli, the AWS SDK and its HTTP
 * client), and asked through Spark only, by reflection, as a user's code would. Its answers are
 * held to Spark's own {@code parquet} source in the same session. Runs after {@code package}
 * (failsafe), on the jar just built.
 */
class ShadedJarIT {
    /** Jars of libraries the -spark jar carries itself; Spark's classpath does not have them. */
    private static final List<String> BUNDLED = List.of("zero-allocation-hashing", "brotli", "dec-0.1",
            "awssdk", "software/amazon", "httpclient5", "httpcore5", "reactive-streams", "aircompressor-2.0.3");

    @Test
    void theSparkJarReadsOnSparksOwnClasspath() throws Exception {
        Path jar;
        try (Stream<Path> s = Files.list(Path.of("target"))) {
            jar = s.filter(p -> p.getFileName().toString().endsWith("-spark.jar")).findFirst()
                    .orElseThrow(() -> new AssertionError("no -spark.jar in target/: run after package"));
        }
        List<URL> urls = new ArrayList<>();
        urls.add(jar.toUri().toURL());
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String e = entry.replace('\\', '/');
            boolean pqlab = !e.endsWith(".jar") || e.contains("/pqlab-") || e.contains("/io/pqlab/");
            if (!pqlab && BUNDLED.stream().noneMatch(e::contains)) {
                urls.add(Path.of(entry).toUri().toURL());
            }
        }
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        try (URLClassLoader cl = new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader())) {
            Thread.currentThread().setContextClassLoader(cl);
            assertThat(Path.of(cl.loadClass("io.pqlab.spark.PqlabSource").getProtectionDomain().getCodeSource()
                    .getLocation().toURI())).isEqualTo(jar.toAbsolutePath());
            assertThat(cl.loadClass("io.pqlab.shaded.aircompressor.zstd.ZstdDecompressor")).isNotNull();
            Object builder = call(cl.loadClass("org.apache.spark.sql.SparkSession"), "builder");
            builder = call(builder, "master", "local[2]");
            builder = call(builder, "appName", "pqlab-shaded-jar");
            builder = call(builder, "config", "spark.ui.enabled", "false");
            builder = call(builder, "config", "spark.driver.host", "127.0.0.1");
            Object spark = call(builder, "getOrCreate");
            try {
                Path fixtures = Path.of("..", "fixtures").toAbsolutePath().normalize();
                // uncompressed; snappy, gzip and LZ4 (pqlab's own codecs, relocated, and Spark's native ones)
                String[][] cases = {
                    {fixtures.resolve("pruning-sorted.parquet").toString(), "order_id > 700 OR customer_id = 332606"},
                    {fixtures.resolve("parquet-testing/data/alltypes_plain.snappy.parquet").toString(), "id > 0"},
                    {fixtures.resolve("parquet-testing/data/concatenated_gzip_members.parquet").toString(), null},
                    {fixtures.resolve("parquet-testing/data/hadoop_lz4_compressed.parquet").toString(), null},
                };
                for (String[] c : cases) {
                    long ours = count(spark, "pqlab", c[0], c[1]);
                    long theirs = count(spark, "parquet", c[0], c[1]);
                    assertThat(ours).as(c[0] + " WHERE " + c[1]).isEqualTo(theirs);
                    // a count must decode the pages (pqlab reads no count from the footer)
                    assertThat(ours).as(c[0] + " WHERE " + c[1]).isPositive();
                }
            } finally {
                call(spark, "stop");
            }
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }

    private static long count(Object spark, String format, String path, String where) throws Exception {
        Object reader = call(call(spark, "read"), "format", format);
        Object df = call(reader, "load", path);
        if (where != null) {
            df = call(df, "where", where);
        }
        return (Long) call(df, "count");
    }

    /** Calls a public method by name whose parameters are all strings (or none). */
    private static Object call(Object target, String name, String... args) throws Exception {
        Class<?> type = target instanceof Class<?> c ? c : target.getClass();
        Class<?>[] params = new Class<?>[args.length];
        java.util.Arrays.fill(params, String.class);
        Method m = type.getMethod(name, params);
        m.setAccessible(true);
        return m.invoke(target instanceof Class<?> ? null : target, (Object[]) args);
    }
}
