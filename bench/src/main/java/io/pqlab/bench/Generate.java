package io.pqlab.bench;

import io.pqlab.bench.BenchData.Variant;
import io.pqlab.bench.pj.Pj;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.io.api.Binary;

/**
 * Writes the benchmark files into {@link BenchData#dir()}. Deterministic: the same flags give the
 * same rows (parquet-java's and DuckDB's created_by strings aside).
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.pqlab.bench.Generate [--scale 0.01 | --rows N]
 *      [--seed S] [--only orders,duckdb,wide,encrypted] [--out DIR]
 * </pre>
 *
 * <p>{@code encrypted} (not in the default set) writes the sorted rows again, encrypted, for
 * {@link DecryptBench}; alone, {@code --only encrypted} leaves the other files as they are.
 *
 * <pre>
 * </pre>
 */
public final class Generate {
    public static final long FULL_ROWS = 10_000_000L;
    public static final long DEFAULT_SEED = 20_240_601L;
    static final int ROW_GROUP_BYTES = 128 << 20;

    public static void main(String[] args) throws Exception {
        long rows = FULL_ROWS;
        long seed = DEFAULT_SEED;
        Set<String> only = new HashSet<>(Arrays.asList("orders", "duckdb", "wide"));
        for (int k = 0; k < args.length; k++) {
            String a = args[k];
            switch (a) {
                case "--scale" -> rows = Math.round(FULL_ROWS * Double.parseDouble(args[++k]));
                case "--rows" -> rows = Long.parseLong(args[++k]);
                case "--seed" -> seed = Long.parseLong(args[++k]);
                case "--only" -> only = new HashSet<>(Arrays.asList(args[++k].split(",")));
                case "--out" -> System.setProperty("pqlab.bench.data", args[++k]);
                default -> {
                    System.err.println("usage: Generate [--scale F | --rows N] [--seed S] [--only orders,duckdb,wide,encrypted] [--out DIR]");
                    System.exit(2);
                }
            }
        }
        Files.createDirectories(BenchData.dir());
        final long seedUsed = seed;
        Orders orders = new Orders(rows, seed);
        String label = BenchData.label(rows);
        long all = System.nanoTime();
        if (only.contains("orders")) {
            timed("orders sorted", () -> writeOrders(orders, BenchData.orders(label, Variant.SORTED), null, null));
            timed("orders shuffled", () -> writeOrders(orders, BenchData.orders(label, Variant.SHUFFLED), permutation(orders.rows, seedUsed), null));
            BenchData.writeOrdersSpec(label, orders);
        }
        if (only.contains("duckdb")) {
            timed("orders by DuckDB", () -> writeDuckDb(BenchData.orders(label, Variant.SORTED), BenchData.orders(label, Variant.DUCKDB)));
        }
        if (only.contains("encrypted")) {
            timed("orders encrypted", () -> writeOrders(orders, BenchData.orders(label, Variant.ENCRYPTED), null,
                DecryptBench.encryption()));
            if (!Files.exists(BenchData.ordersProperties(label))) {
                BenchData.writeOrdersSpec(label, orders);
            }
        }
        if (only.contains("wide")) {
            timed("wide", () -> Wide.write(BenchData.wide(), seedUsed));
        }
        System.out.printf("total %.1f s%n", (System.nanoTime() - all) / 1e9);
    }

    interface IoAction {
        void run() throws IOException, SQLException;
    }

    static void timed(String what, IoAction action) throws IOException, SQLException {
        long t = System.nanoTime();
        action.run();
        System.out.printf("%-18s %6.1f s%n", what, (System.nanoTime() - t) / 1e9);
    }

    /** A seeded Fisher-Yates permutation of 0..rows-1. */
    static int[] permutation(long rows, long seed) {
        int n = Math.toIntExact(rows);
        int[] p = new int[n];
        for (int k = 0; k < n; k++) {
            p[k] = k;
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int k = n - 1; k > 0; k--) {
            int j = rnd.nextInt(k + 1);
            int t = p[k];
            p[k] = p[j];
            p[j] = t;
        }
        return p;
    }

    /**
     * Rows in order, or in the order of {@code perm}: parquet-java, ~128 MiB row groups, page index, Bloom on customer_id, snappy;
     * encrypted with {@code encryption} unless it is null.
     */
    static void writeOrders(Orders orders, Path target, int[] perm,
            org.apache.parquet.crypto.FileEncryptionProperties encryption) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        // The Bloom filter is sized for the distinct customers of one row group: ~2.2M rows fill
        // 128 MiB here (measured: 5 row groups for 10M rows), and R draws from C ids give about
        // C * (1 - e^(-R/C)) distinct ones.
        double ids = orders.customers - orders.customers / 7;
        double perGroup = Math.min(orders.rows, 2_200_000L);
        long ndv = (long) Math.ceil(ids * (1 - Math.exp(-perGroup / ids)));
        SimpleGroupFactory groups = new SimpleGroupFactory(Orders.SCHEMA);
        try (ParquetWriter<Group> w = Pj.writer(tmp, Orders.SCHEMA)
                .withRowGroupSize((long) ROW_GROUP_BYTES)
                .withBloomFilterEnabled("customer_id", true)
                .withBloomFilterNDV("customer_id", ndv)
                .withMaxBloomFilterBytes(8 << 20)
                .withEncryption(encryption)
                .build()) {
            Orders.Row r = new Orders.Row();
            for (long k = 0; k < orders.rows; k++) {
                orders.fill(perm == null ? k : perm[(int) k], r);
                Group g = groups.newGroup()
                    .append("order_id", r.orderId)
                    .append("customer_id", r.customerId)
                    .append("country", Binary.fromConstantByteArray(r.countryBytes()));
                if (!r.amountNull) {
                    g.append("amount_cents", r.amountCents);
                }
                g.append("created_at", r.createdAt);
                if (r.note != null) {
                    g.append("note", Binary.fromConstantByteArray(r.note));
                }
                w.write(g);
            }
        }
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The same rows rewritten by DuckDB with its defaults (snappy, its own row group size). */
    static void writeDuckDb(Path source, Path target) throws SQLException, IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Files.deleteIfExists(tmp);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
             Statement s = c.createStatement()) {
            s.execute("COPY (SELECT * FROM read_parquet('" + sqlPath(source) + "')) TO '" + sqlPath(tmp)
                + "' (FORMAT parquet, COMPRESSION snappy)");
        }
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    static String sqlPath(Path p) {
        return p.toAbsolutePath().toString().replace("'", "''");
    }
}
