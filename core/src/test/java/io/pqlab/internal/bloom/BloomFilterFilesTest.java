package io.pqlab.internal.bloom;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.fixtures.Fixtures;
import io.pqlab.schema.PhysicalType;
import io.pqlab.io.BytesSource;
import io.pqlab.internal.io.CountingSource;
import io.pqlab.oracle.ParquetJava;
import io.pqlab.oracle.PqlabRecords;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real files' Bloom filters: parquet-mr's in parquet-testing (no bloom_filter_length) and
 * DuckDB's (with it). Every value DuckDB reads from a chunk passes pqlab's filter; pqlab's probe
 * agrees with parquet-java's filter on present and absent values; the false-positive rate on
 * absent values is what the filter's size predicts.
 */
class BloomFilterFilesTest {

    /** Of the parquet-testing files, only this one has Bloom filters; the test checks that. */
    @Test
    void parquetTestingFiles() throws Exception {
        int filters = 0;
        for (Path p : Fixtures.dataFiles()) {
            filters += check(p, false);
        }
        assertThat(filters).isEqualTo(1);
        assertThat(check(Fixtures.DATA.resolve("data_index_bloom_encoding_stats.parquet"), false)).isEqualTo(1);
    }

    @Test
    void duckDbFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bloom.parquet");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("COPY (SELECT (i * 7919) % 3001 AS l, ((i * 13) % 2000)::INTEGER AS n,"
                    + " 'v' || ((i * 31) % 500) AS s, ((i % 700) / 4.0)::DOUBLE AS d, ((i % 300) / 8.0)::FLOAT AS f"
                    + " FROM range(50000) t(i)) TO '" + file + "' (FORMAT parquet, ROW_GROUP_SIZE 20000)");
        }
        assertThat(check(file, true)).isGreaterThanOrEqualTo(10);
    }

    /** Checks every filter in the file; returns how many there were. */
    private static int check(Path path, boolean expectLength) throws Exception {
        byte[] file = Files.readAllBytes(path);
        ParquetMetadata md = ParquetJava.footer(file);
        int filters = 0;
        long firstRow = 0;
        for (BlockMetaData block : md.getBlocks()) {
            for (ColumnChunkMetaData c : block.getColumns()) {
                if (c.getBloomFilterOffset() < 0) {
                    continue;
                }
                filters++;
                String where = path.getFileName() + " " + c.getPath();
                assertThat(c.getBloomFilterLength() > 0).as(where).isEqualTo(expectLength);
                CountingSource source = new CountingSource(new BytesSource(path.toString(), file));
                BloomFilterResult r = BloomFilterReader.read(source, PqlabRecords.metaData(c));
                assertThat(r.ignoredBecause()).as(where).isNull();
                assertThat(r.bytesFetched()).as(where).isEqualTo(source.bytesRead());
                if (expectLength) {
                    assertThat(r.bytesFetched()).isEqualTo(c.getBloomFilterLength()).isEqualTo(r.filter().totalLength());
                } else {
                    assertThat(r.bytesFetched()).isEqualTo(Math.max(BloomFilterReader.PREFIX, r.filter().totalLength()));
                }
                BlockSplitBloomFilter ref = ParquetJava.bloomFilter(file, c);
                assertThat(r.filter().bitset()).isEqualTo(BloomTesting.bitset(ref));

                PhysicalType type = PqlabRecords.type(c.getPrimitiveType().getPrimitiveTypeName());
                List<Object> values = values(path, c.getPath().toDotString(), firstRow, block.getRowCount());
                assertThat(values).as(where).hasSize((int) block.getRowCount());
                Set<Long> distinct = new HashSet<>();
                for (Object v : values) {
                    if (v == null) {
                        continue;
                    }
                    byte[] plain = plain(type, v);
                    long h = XxHash64.hash(plain);
                    assertThat(h).as(where).isEqualTo(parquetHash(ref, type, v));
                    assertThat(r.filter().mightContain(plain)).as(where + " holds " + v).isTrue();
                    assertThat(ref.findHash(h)).isTrue();
                    distinct.add(h);
                }
                // Absent values: integers beyond the column's, strings with a prefix it never has.
                int probes = 100_000;
                int positives = 0;
                for (int i = 0; i < probes; i++) {
                    byte[] plain = absent(type, i);
                    Probe p = r.filter().probe(plain);
                    assertThat(p.mayContain()).as(where).isEqualTo(ref.findHash(p.hash()));
                    positives += p.mayContain() ? 1 : 0;
                }
                double expected = BloomTesting.expectedFalsePositiveRate(distinct.size(), r.filter().numBlocks());
                double measured = (double) positives / probes;
                assertThat(measured).as(where + ": %d values in %d blocks", distinct.size(), r.filter().numBlocks())
                        .isBetween(0.6 * expected - 0.001, 1.6 * expected + 0.001);
            }
            firstRow += block.getRowCount();
        }
        return filters;
    }

    /** The column's values in rows [first, first + count), as DuckDB reads them. */
    private static List<Object> values(Path file, String column, long first, long count) throws Exception {
        List<Object> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT \"" + column + "\" FROM read_parquet('" + file
                        + "', file_row_number = true) WHERE file_row_number >= " + first + " AND file_row_number < "
                        + (first + count) + " ORDER BY file_row_number")) {
            while (rs.next()) {
                out.add(rs.getObject(1));
            }
        }
        return out;
    }

    private static byte[] plain(PhysicalType type, Object v) {
        return switch (type) {
            case INT32 -> BloomFilter.plain(((Number) v).intValue());
            case INT64 -> BloomFilter.plain(((Number) v).longValue());
            case FLOAT -> BloomFilter.plain(((Number) v).floatValue());
            case DOUBLE -> BloomFilter.plain(((Number) v).doubleValue());
            case BYTE_ARRAY -> v instanceof byte[] b ? b : v.toString().getBytes(StandardCharsets.UTF_8);
            default -> throw new IllegalArgumentException("no test conversion for " + type);
        };
    }

    private static long parquetHash(BlockSplitBloomFilter ref, PhysicalType type, Object v) {
        return switch (type) {
            case INT32 -> ref.hash(((Number) v).intValue());
            case INT64 -> ref.hash(((Number) v).longValue());
            case FLOAT -> ref.hash(((Number) v).floatValue());
            case DOUBLE -> ref.hash(((Number) v).doubleValue());
            default -> ref.hash(Binary.fromConstantByteArray(plain(type, v)));
        };
    }

    private static byte[] absent(PhysicalType type, int i) {
        return switch (type) {
            case INT32 -> BloomFilter.plain(1_000_000 + i);
            case INT64 -> BloomFilter.plain(1_000_000L + i);
            case FLOAT -> BloomFilter.plain(1_000_000f + i);
            case DOUBLE -> BloomFilter.plain(1_000_000.5 + i);
            default -> ("absent value " + i).getBytes(StandardCharsets.UTF_8);
        };
    }
}
