package io.pqlab.bench;

import io.pqlab.bench.BenchData.Variant;
import io.pqlab.bench.pj.Pj;
import io.pqlab.io.FileSource;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.io.LocalInputFile;
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
 * Selective scans end to end: every column of the rows matching one condition of the suite, with
 * a cold reader per call (the footer is read and decoded again, nothing is cached between calls).
 * parquet-java runs with every filter on (statistics, dictionary, Bloom, column index, record
 * filter); DuckDB gets a new in-memory database per call.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 2)
public class ScanBench {
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

    /**
     * Threads for every reader that can use more than one: DuckDB's {@code SET threads} and pqlab's
     * Query.threads; parquet-java decodes on one. 1 compares single-threaded decoders; 2 is this
     * machine's cores.
     */
    @Param({"1", "2"})
    public int threads;

    Path file;
    FilterPredicate pj;
    String sql;
    String pqlab;

    @Setup
    public void setup() {
        Orders o = BenchData.ordersSpec(dataset);
        Conditions.Named c = Conditions.byName(o, condition);
        file = BenchData.orders(dataset, Variant.valueOf(variant.toUpperCase()));
        pj = c.cond().parquetJava();
        pqlab = c.cond().pqlab();
        sql = "SELECT " + Duck.COLUMNS + " FROM read_parquet(" + Duck.literal(file) + ") WHERE " + c.cond().sql();
    }

    @Benchmark
    public long parquetJava(Blackhole bh) throws Exception {
        return Pj.scan(io.pqlab.bench.pj.BufferedInputFile.of(file), pj, bh::consume);
    }

    @Benchmark
    public long duckdb(Blackhole bh) throws SQLException {
        return duckRows(sql, threads, bh);
    }

    /** Runs {@code sql} on a fresh database and reads every column of every row. */
    static long duckRows(String sql, int threads, Blackhole bh) throws SQLException {
        long n = 0;
        try (Connection c = Duck.connect(threads); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                bh.consume(rs.getLong(1));
                bh.consume(rs.getLong(2));
                bh.consume(rs.getString(3));
                bh.consume(rs.getLong(4));
                bh.consume(rs.getLong(5));
                bh.consume(rs.getString(6));
                n++;
            }
        }
        return n;
    }

    /** pqlab: open, bind the condition's text, plan with every mechanism, scan. */
    @Benchmark
    public long pqlab(Blackhole bh) throws Exception {
        return PqlabScan.scan(FileSource.open(file), pqlab, threads, bh::consume);
    }
}
