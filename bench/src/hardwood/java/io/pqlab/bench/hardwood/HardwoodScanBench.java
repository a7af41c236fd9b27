package io.pqlab.bench.hardwood;

import dev.hardwood.Hardwood;
import dev.hardwood.HardwoodContext;
import dev.hardwood.InputFile;
import dev.hardwood.metadata.FileMetaData;
import dev.hardwood.reader.FilterPredicate;
import dev.hardwood.reader.ParquetFileReader;
import io.pqlab.bench.BenchData;
import io.pqlab.bench.BenchData.Variant;
import io.pqlab.bench.Conditions;
import io.pqlab.bench.Orders;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * hardwood, the third peer (Java 21+: run these with the Temurin 25 JDK). Same suite, same files,
 * same cold-reader rule as {@link io.pqlab.bench.ScanBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g", "--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 2)
public class HardwoodScanBench {
    @Param({"10m"})
    public String dataset;

    @Param({"sorted", "shuffled", "duckdb"})
    public String variant;

    @Param({
        "id_point", "id_absent", "id_range_1k", "id_range_1pct", "id_in_5", "id_above_max",
        "cust_point", "cust_absent", "cust_in_mixed",
        "country_rare", "country_absent", "country_in",
        "ts_day", "amount_top", "amount_negative", "amount_null", "note_null",
        "and_cust_country", "and_week_rare_country", "or_id_ends", "or_stats_bloom", "or_cust_country"})
    public String condition;

    /** hardwood's executor threads; 1 matches the single-threaded readers. */
    @Param({"1", "2"})
    public int threads;

    Path file;
    FilterPredicate predicate;

    @Setup
    public void setup() {
        Orders o = BenchData.ordersSpec(dataset);
        file = BenchData.orders(dataset, Variant.valueOf(variant.toUpperCase()));
        predicate = HardwoodPredicates.of(Conditions.byName(o, condition).cond());
    }

    @Benchmark
    public long hardwood(Blackhole bh) throws IOException {
        return Hw.scan(file, predicate, threads, bh::consume);
    }

    /** Full scans, beside {@link io.pqlab.bench.FullScanBench}. */
    @State(Scope.Benchmark)
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Fork(value = 1, jvmArgsAppend = {"-Xmx2g", "--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector"})
    @Warmup(iterations = 1, time = 1)
    @Measurement(iterations = 3, time = 1)
    public static class Full {
        @Param({"10m"})
        public String dataset;

        @Param({"sorted", "duckdb"})
        public String variant;

        @Param({"1", "2"})
        public int threads;

        Path file;

        @Setup
        public void setup() {
            BenchData.ordersSpec(dataset);
            file = BenchData.orders(dataset, Variant.valueOf(variant.toUpperCase()));
        }

        @Benchmark
        public long hardwood_rows(Blackhole bh) throws IOException {
            return Hw.scan(file, null, threads, bh::consume);
        }
    }

    /** Footer decoding through hardwood's public API: open a file held in memory, get its metadata. */
    @State(Scope.Benchmark)
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @Fork(value = 1, jvmArgsAppend = {"-Xmx2g", "--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector"})
    @Warmup(iterations = 3, time = 2)
    @Measurement(iterations = 5, time = 2)
    public static class Footer {
        @Param({"wide", "sorted", "duckdb"})
        public String file;

        @Param({"10m"})
        public String dataset;

        ByteBuffer bytes;
        Hardwood hw;

        @Setup
        public void setup() throws IOException {
            Path p = file.equals("wide") ? BenchData.wide() : BenchData.orders(dataset, Variant.valueOf(file.toUpperCase()));
            // The whole file in memory, so that open() costs decoding, not I/O (the orders files
            // are large: only their tail matters, but hardwood's InputFile wants the whole file).
            bytes = ByteBuffer.wrap(Files.readAllBytes(p));
            hw = Hardwood.create(HardwoodContext.create(1));
        }

        @Benchmark
        public FileMetaData hardwood_open() throws IOException {
            try (ParquetFileReader r = hw.open(InputFile.of(bytes.duplicate()))) {
                return r.getFileMetaData();
            }
        }
    }
}
