package io.pqlab.bench;

import io.pqlab.bench.pj.Pj;
import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Full scans, to keep the decoder honest: every value of every column. parquet-java twice, through
 * its column readers (decoding only) and through records (decoding plus row assembly, what most
 * users run); DuckDB twice, aggregating every column inside DuckDB (its decoding, no JDBC per-row
 * cost) and returning every row over JDBC.
 */
public class FullScanBench extends FullScan {
    @Benchmark
    public long parquetJava_columns(Blackhole bh) throws IOException {
        long n = 0;
        try (ParquetFileReader r = new ParquetFileReader(io.pqlab.bench.pj.BufferedInputFile.of(file), Pj.options(null))) {
            MessageType schema = r.getFooter().getFileMetaData().getSchema();
            String createdBy = r.getFooter().getFileMetaData().getCreatedBy();
            PageReadStore pages;
            while ((pages = r.readNextRowGroup()) != null) {
                ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages,
                    new GroupRecordConverter(schema).getRootConverter(), schema, createdBy);
                for (ColumnDescriptor d : schema.getColumns()) {
                    ColumnReader c = store.getColumnReader(d);
                    boolean binary = d.getPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.BINARY;
                    int maxDef = d.getMaxDefinitionLevel();
                    for (long k = c.getTotalValueCount(); k > 0; k--) {
                        if (c.getCurrentDefinitionLevel() == maxDef) {
                            if (binary) {
                                bh.consume(c.getBinary());
                            } else {
                                bh.consume(c.getLong());
                            }
                        }
                        c.consume();
                        n++;
                    }
                }
            }
        }
        return n;
    }

    @Benchmark
    public long parquetJava_records(Blackhole bh) throws IOException {
        return Pj.scan(io.pqlab.bench.pj.BufferedInputFile.of(file), null, bh::consume);
    }

    @Benchmark
    public void duckdb_aggregate(Blackhole bh) throws SQLException {
        try (Connection c = Duck.connect(threads); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT sum(order_id), sum(customer_id), sum(length(country)),"
                 + " sum(amount_cents), max(created_at), sum(length(note)) FROM read_parquet(" + Duck.literal(file) + ")")) {
            rs.next();
            for (int k = 1; k <= 6; k++) {
                bh.consume(rs.getObject(k));
            }
        }
    }

    @Benchmark
    public long duckdb_rows(Blackhole bh) throws SQLException {
        return ScanBench.duckRows("SELECT " + Duck.COLUMNS + " FROM read_parquet(" + Duck.literal(file) + ")",
            threads, bh);
    }

    /** pqlab's scanner with no condition: every value of every column. */
    @Benchmark
    public long pqlab_rows(Blackhole bh) throws IOException {
        return PqlabScan.scan(io.pqlab.io.FileSource.open(file), null, threads, bh::consume);
    }
}
