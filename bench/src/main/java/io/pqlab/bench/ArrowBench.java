package io.pqlab.bench;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.arrow.ArrowScan;
import io.pqlab.bench.BenchData.Variant;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBResultSet;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A full scan into Arrow record batches: pqlab's ArrowScan against DuckDB's Arrow export of the
 * same file (JDBC, C data interface), both at one thread, both counting rows of every batch.
 * pqlab's flat columns go straight from the decoded pages into the vectors;
 * {@code pqlab_arrow_dictionaries} writes the dictionary-encoded strings as Arrow dictionary vectors.
 * hardwood has no Arrow output: its column reader over the same file is
 * {@code HardwoodScanBench.Full} with {@code -p threads=1} (JDK 25), the third figure of the ratio.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g", "--add-opens=java.base/java.nio=ALL-UNNAMED"})
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 3, time = 1)
public class ArrowBench {
    @Param({"10m"})
    public String dataset;

    @Param({"sorted"})
    public String variant;

    Path file;
    BufferAllocator allocator;

    @Setup
    public void setup() {
        BenchData.ordersSpec(dataset);
        file = BenchData.orders(dataset, Variant.valueOf(variant.toUpperCase()));
        allocator = new RootAllocator();
    }

    @TearDown
    public void tearDown() {
        allocator.close();
    }

    @Benchmark
    public long pqlab_arrow() throws Exception {
        return pqlab(ArrowScan.Options.DEFAULT);
    }

    /** The same with the dictionary-encoded strings as Arrow dictionary vectors. */
    @Benchmark
    public long pqlab_arrow_dictionaries() throws Exception {
        return pqlab(new ArrowScan.Options(true));
    }

    private long pqlab(ArrowScan.Options options) throws Exception {
        long n = 0;
        try (ParquetFile pf = ParquetFile.open(file);
                ArrowScan r = ArrowScan.reader(pf, Query.all().threads(1), allocator, options)) {
            while (r.loadNextBatch()) {
                n += r.getVectorSchemaRoot().getRowCount();
            }
        }
        return n;
    }

    @Benchmark
    public long duckdb_arrow() throws Exception {
        long n = 0;
        try (Connection c = Duck.connect(1); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT * FROM read_parquet(" + Duck.literal(file) + ")");
                ArrowReader r = (ArrowReader) ((DuckDBResultSet) rs).arrowExportStream(allocator, 65_536)) {
            while (r.loadNextBatch()) {
                n += r.getVectorSchemaRoot().getRowCount();
            }
        }
        return n;
    }
}
