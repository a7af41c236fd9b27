package io.pqlab.internal.bloom;

import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.schema.PhysicalType;
import io.pqlab.internal.format.ThriftWriter;
import io.pqlab.internal.thrift.CompactReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter;
import org.apache.parquet.format.BloomFilterAlgorithm;
import org.apache.parquet.format.BloomFilterCompression;
import org.apache.parquet.format.BloomFilterHash;
import org.apache.parquet.format.SplitBlockAlgorithm;
import org.apache.parquet.format.Uncompressed;
import org.apache.parquet.format.Util;

/** Filters built by parquet-java, headers built by hand, and the false-positive model. */
final class BloomTesting {
    private BloomTesting() {}

    /** A header written by parquet-java's Thrift writer. */
    static byte[] parquetHeader(int numBytes) throws IOException {
        var h = new org.apache.parquet.format.BloomFilterHeader(numBytes,
                BloomFilterAlgorithm.BLOCK(new SplitBlockAlgorithm()),
                BloomFilterHash.XXHASH(new org.apache.parquet.format.XxHash()),
                BloomFilterCompression.UNCOMPRESSED(new Uncompressed()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Util.writeBloomFilterHeader(h, out);
        return out.toByteArray();
    }

    /** A header built by hand: each union as the member id given (0 = leave the union empty). */
    static byte[] header(int numBytes, int algorithm, int hash, int compression) {
        ThriftWriter w = new ThriftWriter();
        w.field(1, CompactReader.I32).i32(numBytes);
        union(w, 2, algorithm);
        union(w, 3, hash);
        union(w, 4, compression);
        return w.end().bytes();
    }

    private static void union(ThriftWriter w, int field, int member) {
        w.field(field, CompactReader.STRUCT).begin();
        if (member > 0) {
            w.field(member, CompactReader.STRUCT).begin().end();
        }
        w.end();
    }

    static byte[] bitset(BlockSplitBloomFilter f) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        f.writeTo(out);
        return out.toByteArray();
    }

    /** {@code before} junk bytes, the header, the bitset, {@code after} junk bytes. */
    static byte[] file(int before, byte[] header, byte[] bitset, int after) {
        byte[] f = new byte[before + header.length + bitset.length + after];
        for (int i = 0; i < f.length; i++) {
            f[i] = (byte) (i * 31 + 7);
        }
        System.arraycopy(header, 0, f, before, header.length);
        System.arraycopy(bitset, 0, f, before + header.length, bitset.length);
        return f;
    }

    static ColumnMetaData metaData(long bloomOffset, int bloomLength) {
        return new ColumnMetaData(PhysicalType.INT64, new int[0], List.of("x"), 0, 1, 1, 1, null, 4, -1, -1,
                null, null, bloomOffset, bloomLength, null);
    }

    /**
     * The false-positive rate a split-block filter of {@code blocks} blocks holding {@code n}
     * distinct values should show, from the algorithm's definition alone: a block's load is
     * Poisson(n / blocks); with j values in its block, a word's probed bit is set with
     * probability 1 - (31/32)^j, and all eight are with that to the eighth power.
     */
    static double expectedFalsePositiveRate(long n, int blocks) {
        double lambda = (double) n / blocks;
        double sum = 0;
        double logFactorial = 0;
        int max = (int) (lambda + 40 * Math.sqrt(lambda + 1) + 50);
        for (int j = 0; j <= max; j++) {
            if (j > 0) {
                logFactorial += Math.log(j);
            }
            double pmf = Math.exp(-lambda + (j == 0 ? 0 : j * Math.log(lambda)) - logFactorial);
            sum += pmf * Math.pow(1 - Math.pow(31.0 / 32, j), 8);
        }
        return sum;
    }
}
