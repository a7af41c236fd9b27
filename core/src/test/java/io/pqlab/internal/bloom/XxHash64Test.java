package io.pqlab.internal.bloom;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter;
import org.apache.parquet.column.values.bloomfilter.XxHash;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;

/** xxHash64 against the reference vectors and against parquet-java's hashing. */
class XxHash64Test {
    private static final XxHash PARQUET = new XxHash();
    private static final BlockSplitBloomFilter PARQUET_FILTER = new BlockSplitBloomFilter(32);

    @Test
    void referenceVectors() {
        assertThat(XxHash64.hash(new byte[0])).isEqualTo(0xef46db3751d8e999L);
        assertThat(XxHash64.hash("a".getBytes(StandardCharsets.US_ASCII))).isEqualTo(0xd24ec4f1a98c6e5bL);
        assertThat(XxHash64.hash("abc".getBytes(StandardCharsets.US_ASCII))).isEqualTo(0x44bc2cf5ad770999L);
    }

    @Property(tries = 3000)
    void bytesAgreeWithParquetJava(@ForAll @Size(max = 300) byte[] bytes) {
        long h = XxHash64.hash(bytes);
        assertThat(h).isEqualTo(PARQUET.hashBytes(bytes));
        assertThat(h).isEqualTo(PARQUET_FILTER.hash(Binary.fromConstantByteArray(bytes)));
    }

    @Property(tries = 1000)
    void slicesHashLikeCopies(@ForAll @Size(min = 1, max = 100) byte[] bytes,
            @ForAll @IntRange(min = 0, max = 99) int from, @ForAll @IntRange(min = 0, max = 100) int length) {
        int f = from % bytes.length;
        int n = Math.min(length, bytes.length - f);
        assertThat(XxHash64.hash(bytes, f, n)).isEqualTo(PARQUET.hashBytes(Arrays.copyOfRange(bytes, f, f + n)));
    }

    @Property(tries = 2000)
    void intsHashTheirPlainBytes(@ForAll int v) {
        assertThat(XxHash64.hashInt(v))
                .isEqualTo(XxHash64.hash(BloomFilter.plain(v)))
                .isEqualTo(PARQUET_FILTER.hash(v));
    }

    @Property(tries = 2000)
    void longsHashTheirPlainBytes(@ForAll long v) {
        assertThat(XxHash64.hashLong(v))
                .isEqualTo(XxHash64.hash(BloomFilter.plain(v)))
                .isEqualTo(PARQUET_FILTER.hash(v));
    }

    @Property(tries = 2000)
    void floatsHashTheirPlainBytes(@ForAll float v) {
        assertThat(XxHash64.hashFloat(v)).isEqualTo(XxHash64.hash(BloomFilter.plain(v)));
        if (!Float.isNaN(v)) { // NaN is never probed; payloads may be canonicalised
            assertThat(XxHash64.hashFloat(v)).isEqualTo(PARQUET_FILTER.hash(v));
        }
    }

    @Property(tries = 2000)
    void doublesHashTheirPlainBytes(@ForAll double v) {
        assertThat(XxHash64.hashDouble(v)).isEqualTo(XxHash64.hash(BloomFilter.plain(v)));
        if (!Double.isNaN(v)) {
            assertThat(XxHash64.hashDouble(v)).isEqualTo(PARQUET_FILTER.hash(v));
        }
    }

    /** The two zeros are different bytes, so different hashes: a probe for 0.0 must try both. */
    @Test
    void zerosDiffer() {
        assertThat(XxHash64.hashDouble(0.0)).isNotEqualTo(XxHash64.hashDouble(-0.0));
        assertThat(XxHash64.hashFloat(0.0f)).isNotEqualTo(XxHash64.hashFloat(-0.0f));
    }
}
