package io.pqlab.bench.hardwood;

import dev.hardwood.Hardwood;
import dev.hardwood.HardwoodContext;
import dev.hardwood.InputFile;
import dev.hardwood.metadata.FileMetaData;
import dev.hardwood.reader.FilterPredicate;
import dev.hardwood.reader.ParquetFileReader;
import io.pqlab.bench.BenchData;
import io.pqlab.bench.BenchData.Variant;
import io.pqlab.bench.Bench;
import io.pqlab.bench.FullScan;
import io.pqlab.bench.SuiteScan;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * hardwood, the third peer (Java 21+: run these with the Temurin 25 JDK). Same suite, same files,
 * same cold-reader rule as {@link io.pqlab.bench.ScanBench}.
 */
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g", "--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector"})
public class HardwoodScanBench extends SuiteScan {
    FilterPredicate predicate;

    @Setup
    public void setup() {
        predicate = HardwoodPredicates.of(cond());
    }

    @Benchmark
    public long hardwood(Blackhole bh) throws IOException {
        return Hw.scan(file, predicate, threads, bh::consume);
    }

    /** Full scans, beside {@link io.pqlab.bench.FullScanBench}. */
    @Fork(value = 1, jvmArgsAppend = {"-Xmx2g", "--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector"})
    public static class Full extends FullScan {
        @Benchmark
        public long hardwood_rows(Blackhole bh) throws IOException {
            return Hw.scan(file, null, threads, bh::consume);
        }
    }

    /** Footer decoding through hardwood's public API: open a file held in memory, get its metadata. */
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @Fork(value = 1, jvmArgsAppend = {"-Xmx2g", "--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector"})
    @Warmup(iterations = 3, time = 2)
    @Measurement(iterations = 5, time = 2)
    public static class Footer extends Bench {
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
