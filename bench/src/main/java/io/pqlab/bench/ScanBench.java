package io.pqlab.bench;

import io.pqlab.bench.pj.Pj;
import io.pqlab.io.FileSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Selective scans end to end: every column of the rows matching one condition of the suite, with
 * a cold reader per call (the footer is read and decoded again, nothing is cached between calls).
 * parquet-java runs with every filter on (statistics, dictionary, Bloom, column index, record
 * filter); DuckDB gets a new in-memory database per call.
 */
public class ScanBench extends SuiteScan {
    FilterPredicate pj;
    String sql;
    String pqlab;

    @Setup
    public void setup() {
        Cond c = cond();
        pj = c.parquetJava();
        pqlab = c.pqlab();
        sql = "SELECT " + Duck.COLUMNS + " FROM read_parquet(" + Duck.literal(file) + ") WHERE " + c.sql();
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
