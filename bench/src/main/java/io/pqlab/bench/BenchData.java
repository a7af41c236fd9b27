package io.pqlab.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * Where the generated files live and what was generated. The folder is {@code bench/data} under
 * the repository root, or the system property {@code pqlab.bench.data}; benchmarks find it from
 * the working directory (repository root or bench/) so JMH's forked JVMs find it too.
 */
public final class BenchData {
    private BenchData() {}

    public static Path dir() {
        String p = System.getProperty("pqlab.bench.data");
        if (p != null) {
            return Path.of(p).toAbsolutePath();
        }
        Path cwd = Path.of("").toAbsolutePath();
        if (Files.isDirectory(cwd.resolve("bench"))) {
            return cwd.resolve("bench").resolve("data");
        }
        return cwd.resolve("data");
    }

    /** "10m" for 10,000,000 rows, "100k" for 100,000, else the number. */
    public static String label(long rows) {
        if (rows % 1_000_000 == 0) {
            return rows / 1_000_000 + "m";
        }
        if (rows % 1_000 == 0) {
            return rows / 1_000 + "k";
        }
        return Long.toString(rows);
    }

    public enum Variant {
        SORTED("sorted"), SHUFFLED("shuffled"), DUCKDB("duckdb"),
        /** The sorted rows, written encrypted (Parquet Modular Encryption; keys in {@link DecryptBench}). */
        ENCRYPTED("encrypted");
        public final String suffix;
        Variant(String suffix) { this.suffix = suffix; }
    }

    public static Path orders(String label, Variant v) {
        return dir().resolve("orders-" + label + "-" + v.suffix + ".parquet");
    }

    public static Path ordersProperties(String label) {
        return dir().resolve("orders-" + label + ".properties");
    }

    public static Path wide() {
        return dir().resolve("wide.parquet");
    }

    /** The data set that was generated under {@code label}; fails with the command to run if absent. */
    public static Orders ordersSpec(String label) {
        Path p = ordersProperties(label);
        if (!Files.exists(p)) {
            throw new IllegalStateException("no data set " + label + " in " + dir()
                + ": run java -cp bench/target/benchmarks.jar io.pqlab.bench.Generate (see bench/RESULTS.md)");
        }
        Properties props = new Properties();
        try (InputStream in = Files.newInputStream(p)) {
            props.load(in);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return new Orders(Long.parseLong(props.getProperty("rows")), Long.parseLong(props.getProperty("seed")));
    }

    static void writeOrdersSpec(String label, Orders o) throws IOException {
        Properties props = new Properties();
        props.setProperty("rows", Long.toString(o.rows));
        props.setProperty("seed", Long.toString(o.seed));
        try (OutputStream out = Files.newOutputStream(ordersProperties(label))) {
            props.store(out, "pqlab bench orders data set");
        }
    }
}
