package io.pqlab.bench;

import io.pqlab.bench.BenchData.Variant;
import io.pqlab.bench.pj.Pj;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.parquet.io.LocalInputFile;

/**
 * Peak memory of one scan in a fresh JVM: the heap's peak use (sum of the heap pools' peaks, so an
 * upper bound on the live set under the -Xmx given) and the process's resident high-water mark
 * (VmHWM, which also counts DuckDB's native memory). Run under a fixed -Xmx to compare:
 *
 * <pre>java -Xmx512m -cp bench/target/benchmarks.jar io.pqlab.bench.PeakMemory parquetJava|duckdb|pqlab DATASET VARIANT CONDITION|full [THREADS]</pre>
 *
 * THREADS (default 1): pqlab's Query.threads, for the memory its pages decoded and decompressed ahead take.
 * With {@code -Dpeak.pools=true} each heap pool's peak is printed on stderr (the sum is mostly the old
 * generation's, humongous page arrays included, and the eden's: bench/profiles/heap-peak.txt).
 */
public final class PeakMemory {
    public static void main(String[] args) throws Exception {
        String peer = args[0];
        String label = args[1];
        Path file = BenchData.orders(label, Variant.valueOf(args[2].toUpperCase()));
        Orders o = BenchData.ordersSpec(label);
        Cond cond = args[3].equals("full") ? null : Conditions.byName(o, args[3]).cond();
        int threads = args.length > 4 ? Integer.parseInt(args[4]) : 1;
        long t = System.nanoTime();
        long rows;
        switch (peer) {
            case "parquetJava" -> rows = Pj.scan(io.pqlab.bench.pj.BufferedInputFile.of(file), cond == null ? null : cond.parquetJava(), g -> { });
            case "duckdb" -> rows = ScanBench.duckRows("SELECT " + Duck.COLUMNS + " FROM read_parquet(" + Duck.literal(file) + ")"
                + (cond == null ? "" : " WHERE " + cond.sql()), 1, new org.openjdk.jmh.infra.Blackhole(
                    "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous."));
            case "pqlab" -> rows = PqlabScan.scan(io.pqlab.io.FileSource.open(file), cond == null ? null : cond.pqlab(), threads,
                v -> { });
            default -> throw new IllegalArgumentException("peer: parquetJava, duckdb or pqlab");
        }
        report(peer, args[2], args[3], rows, System.nanoTime() - t);
    }

    /** Prints one Markdown table row: peer, file, condition, rows, ms, heap peak MiB, RSS peak MiB. */
    public static void report(String peer, String variant, String condition, long rows, long nanos) throws Exception {
        long heapPeak = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                heapPeak += p.getPeakUsage().getUsed();
                if (Boolean.getBoolean("peak.pools")) { // each pool's peak, on stderr (what the sum is made of)
                    System.err.printf("pool %s peak %.0f MiB%n", p.getName(), p.getPeakUsage().getUsed() / 1048576.0);
                }
            }
        }
        long hwm = -1;
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmHWM:")) {
                hwm = Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        System.out.printf("| %s | %s | %s | %,d | %.0f | %.0f | %.0f |%n", peer, variant, condition, rows, nanos / 1e6,
            heapPeak / 1048576.0, hwm / 1048576.0);
    }
}
