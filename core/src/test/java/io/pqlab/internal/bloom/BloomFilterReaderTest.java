package io.pqlab.internal.bloom;

import static io.pqlab.internal.bloom.BloomTesting.file;
import static io.pqlab.internal.bloom.BloomTesting.header;
import static io.pqlab.internal.bloom.BloomTesting.metaData;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.io.BytesSource;
import io.pqlab.internal.io.CountingSource;
import io.pqlab.internal.format.ThriftWriter;
import io.pqlab.internal.thrift.CompactReader;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter;
import org.junit.jupiter.api.Test;

/** Filters written by parquet-java, read by pqlab; and every way a filter can be unusable. */
class BloomFilterReaderTest {

    /** The false-positive model reproduces BloomFilter.md's worked examples. */
    @Test
    void falsePositiveModelMatchesTheSpecification() {
        assertThat(BloomTesting.expectedFalsePositiveRate(26_214, 1024)).isCloseTo(0.0126, within(0.0005));
        assertThat(BloomTesting.expectedFalsePositiveRate(52_428, 1024)).isCloseTo(0.18, within(0.005));
        assertThat(BloomTesting.expectedFalsePositiveRate(13_107, 1024)).isCloseTo(0.0004, within(0.0001));
    }

    /**
     * parquet-java builds a filter from random longs; pqlab reads it back (with and without
     * bloom_filter_length) and agrees with parquet-java's findHash on every inserted value and on
     * absent ones, and its false-positive rate is what the filter's size predicts.
     */
    @Test
    void agreesWithParquetJavaAndHasThePredictedFalsePositiveRate() throws Exception {
        Random random = new Random(20261130);
        for (int n : new int[] {1, 100, 5_000, 40_000}) {
            int numBytes = BlockSplitBloomFilter.optimalNumOfBits(n, 0.01) / 8;
            BlockSplitBloomFilter ref = new BlockSplitBloomFilter(numBytes);
            long[] values = random.longs(n).toArray();
            for (long v : values) {
                ref.insertHash(ref.hash(v));
            }
            byte[] bitset = BloomTesting.bitset(ref);
            byte[] head = BloomTesting.parquetHeader(bitset.length);
            byte[] bytes = file(1000, head, bitset, 50);
            for (int length : new int[] {-1, head.length + bitset.length}) {
                CountingSource source = new CountingSource(new BytesSource("f", bytes));
                BloomFilterResult r = BloomFilterReader.read(source, metaData(1000, length));
                assertThat(r.ignoredBecause()).isNull();
                BloomFilter f = r.filter();
                assertThat(r.bytesFetched()).isEqualTo(source.bytesRead())
                        .isEqualTo(Math.max(length == -1 ? BloomFilterReader.PREFIX : 0, head.length + bitset.length));
                assertThat(f.headerLength()).isEqualTo(head.length);
                assertThat(f.bitsetOffset()).isEqualTo(1000 + head.length);
                assertThat(f.numBlocks()).isEqualTo(bitset.length / 32);
                assertThat(f.bitset()).isEqualTo(bitset);
                for (long v : values) {
                    assertThat(f.mightContain(XxHash64.hashLong(v))).isTrue();
                    assertThat(f.probe(BloomFilter.plain(v)).mayContain()).isTrue();
                }
                int probes = 200_000;
                int positives = 0;
                for (int i = 0; i < probes; i++) {
                    long v = random.nextLong();
                    long h = XxHash64.hashLong(v);
                    boolean mine = f.mightContain(h);
                    assertThat(mine).isEqualTo(ref.findHash(h)).isEqualTo(f.probeHash(h).mayContain());
                    positives += mine ? 1 : 0;
                }
                // The rate a filter of this size should show; only for filters of many blocks,
                // where the blocks' loads average out.
                if (f.numBlocks() >= 128) {
                    double expected = BloomTesting.expectedFalsePositiveRate(n, f.numBlocks());
                    double measured = (double) positives / probes;
                    assertThat(measured).as("n=%d, %d blocks", n, f.numBlocks())
                            .isBetween(0.6 * expected - 0.0005, 1.6 * expected + 0.0005);
                }
            }
        }
    }

    /** The spec allows any number of blocks, not only powers of two. */
    @Test
    void anyNumberOfBlocks() throws Exception {
        for (int blocks : new int[] {1, 3, 7, 100}) {
            byte[] bitset = new byte[blocks * 32];
            new Random(blocks).nextBytes(bitset);
            for (int i = 0; i < bitset.length; i++) {
                bitset[i] |= (byte) (1 << (i % 8)); // dense enough that both verdicts occur
            }
            BlockSplitBloomFilter ref = new BlockSplitBloomFilter(bitset.clone());
            BloomFilterResult r = BloomFilterReader.read(new BytesSource("f", file(0, header(bitset.length, 1, 1, 1), bitset, 0)),
                    metaData(0, -1));
            Random random = new Random(-blocks);
            for (int i = 0; i < 20_000; i++) {
                long h = random.nextLong();
                Probe p = r.filter().probeHash(h);
                assertThat(p.mayContain()).isEqualTo(ref.findHash(h));
                assertThat(p.block()).isBetween(0, blocks - 1);
                // The bits shown are the bits tested.
                for (int w = 0; w < 8; w++) {
                    int word = 32 * p.block() + 4 * w;
                    int value = (bitset[word] & 0xFF) | (bitset[word + 1] & 0xFF) << 8
                            | (bitset[word + 2] & 0xFF) << 16 | (bitset[word + 3] & 0xFF) << 24;
                    assertThat(p.bitSet()[w]).isEqualTo((value >>> p.bitPositions()[w] & 1) == 1);
                    assertThat(p.bitPositions()[w]).isBetween(0, 31);
                }
            }
        }
    }

    // ---- filters that must be ignored, with a reason ------------------------------------

    private static BloomFilterResult read(byte[] bytes, long offset, int length) throws Exception {
        return BloomFilterReader.read(new BytesSource("f", bytes), metaData(offset, length));
    }

    @Test
    void unknownUnionMembersAreIgnored() throws Exception {
        byte[] bits = new byte[64];
        assertThat(read(file(4, header(64, 2, 1, 1), bits, 0), 4, -1).ignoredBecause()).contains("algorithm");
        assertThat(read(file(4, header(64, 1, 2, 1), bits, 0), 4, -1).ignoredBecause()).contains("hash");
        assertThat(read(file(4, header(64, 1, 1, 2), bits, 0), 4, -1).ignoredBecause()).contains("compression");
        assertThat(read(file(4, header(64, 0, 1, 1), bits, 0), 4, -1).ignoredBecause()).contains("algorithm is missing");
        assertThat(read(file(4, header(64, 1, 1, 1), bits, 0), 4, -1).usable()).isTrue();
        // A union holding two members.
        byte[] two = new ThriftWriter().field(1, CompactReader.I32).i32(64)
                .field(2, CompactReader.STRUCT).begin()
                .field(1, CompactReader.STRUCT).begin().end()
                .field(2, CompactReader.STRUCT).begin().end().end()
                .field(3, CompactReader.STRUCT).begin().field(1, CompactReader.STRUCT).begin().end().end()
                .field(4, CompactReader.STRUCT).begin().field(1, CompactReader.STRUCT).begin().end().end()
                .end().bytes();
        assertThat(read(file(0, two, bits, 0), 0, -1).ignoredBecause()).contains("algorithm");
        // No numBytes at all.
        byte[] none = new ThriftWriter().field(2, CompactReader.STRUCT).begin().end().end().bytes();
        assertThat(read(file(0, none, bits, 0), 0, -1).ignoredBecause()).contains("numBytes");
    }

    @Test
    void badSizesAreIgnored() throws Exception {
        byte[] bits = new byte[64];
        for (int numBytes : new int[] {0, -32, 33, 48, Integer.MIN_VALUE + 32}) {
            assertThat(read(file(4, header(numBytes, 1, 1, 1), bits, 0), 4, -1).ignoredBecause()).as("%d", numBytes)
                    .isNotNull();
        }
        // A bitset beyond the end of the file: nothing is allocated for it, only the prefix read.
        BloomFilterResult beyond = read(file(4, header(Integer.MAX_VALUE - 31, 1, 1, 1), bits, 0), 4, -1);
        assertThat(beyond.ignoredBecause()).contains("end of the file");
        assertThat(beyond.bytesFetched()).isLessThanOrEqualTo(BloomFilterReader.PREFIX);
        assertThat(read(file(4, header(96, 1, 1, 1), bits, 0), 4, -1).ignoredBecause()).contains("end of the file");
    }

    @Test
    void badSpansAreIgnored() throws Exception {
        byte[] head = header(64, 1, 1, 1);
        byte[] bytes = file(4, head, new byte[64], 10);
        int exact = head.length + 64;
        assertThat(read(bytes, 4, exact).usable()).isTrue();
        assertThat(read(bytes, 4, exact + 10).usable()).isTrue(); // room to spare: still whole
        assertThat(read(bytes, 4, exact - 1).ignoredBecause()).contains("do not fit");
        assertThat(read(bytes, 4, 3).ignoredBecause()).contains("not valid");
        assertThat(read(bytes, 4, 0).ignoredBecause()).contains("bloom_filter_length is 0");
        assertThat(read(bytes, 4, -7).ignoredBecause()).contains("bloom_filter_length is -7");
        BloomFilterResult past = read(bytes, 4, exact + 11);
        assertThat(past.ignoredBecause()).contains("past the end");
        assertThat(past.bytesFetched()).isZero();
        assertThat(read(bytes, bytes.length, -1).ignoredBecause()).contains("outside the file");
        assertThat(read(bytes, Long.MAX_VALUE, exact).ignoredBecause()).contains("outside the file");
        // A header that is not Thrift at all.
        byte[] junk = file(0, new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF}, new byte[0], 0);
        assertThat(read(junk, 0, -1).ignoredBecause()).contains("not valid");
    }

    /** A header longer than the first prefix (unknown fields) is read with a second, longer one. */
    @Test
    void longHeadersAreReadWhole() throws Exception {
        ThriftWriter w = new ThriftWriter().field(1, CompactReader.I32).i32(32);
        for (int f = 2; f <= 4; f++) {
            w.field(f, CompactReader.STRUCT).begin().field(1, CompactReader.STRUCT).begin().end().end();
        }
        byte[] head = w.field(10, CompactReader.BINARY).binary(new byte[200]).end().bytes();
        byte[] bits = new byte[32];
        bits[5] = 1;
        CountingSource source = new CountingSource(new BytesSource("f", file(8, head, bits, 100)));
        BloomFilterResult r = BloomFilterReader.read(source, metaData(8, -1));
        assertThat(r.usable()).isTrue();
        assertThat(r.filter().bitset()).isEqualTo(bits);
        assertThat(r.bytesFetched()).isEqualTo(source.bytesRead());
    }

    @Test
    void absentAndEncryptedFilters() throws Exception {
        BytesSource src = new BytesSource("f", new byte[100]);
        assertThat(BloomFilterReader.read(src, metaData(-1, -1))).isNull();
        ColumnChunk encrypted = new ColumnChunk(null, 0, metaData(10, 40), -1, -1, -1, -1, true);
        assertThat(BloomFilterReader.read(src, encrypted).ignoredBecause()).contains("encrypted");
        assertThat(BloomFilterReader.read(src, new ColumnChunk(null, 0, null, -1, -1, -1, -1, false))).isNull();
    }

    /** Whatever the bytes and the span, a read gives a filter or a reason, never an exception. */
    @Property(tries = 2000)
    void damagedFiltersAreReasonsNotExceptions(@ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int flips,
            @ForAll @IntRange(min = -2, max = 200) int lengthChange, @ForAll boolean withLength) throws Exception {
        Random random = new Random(seed);
        byte[] head = BloomTesting.parquetHeader(64);
        byte[] bits = new byte[64];
        random.nextBytes(bits);
        byte[] bytes = file(3, head, bits, random.nextInt(40));
        for (int i = 0; i < flips; i++) {
            bytes[3 + random.nextInt(head.length + 4)] = (byte) random.nextInt(256);
        }
        int length = withLength ? head.length + 64 + lengthChange : -1;
        CountingSource source = new CountingSource(new BytesSource("f", bytes));
        BloomFilterResult r = BloomFilterReader.read(source, metaData(3, length));
        assertThat(r).isNotNull();
        assertThat(r.bytesFetched()).isEqualTo(source.bytesRead());
        if (r.usable()) {
            BloomFilter f = r.filter();
            assertThat(f.bitset().length).isEqualTo(f.header().numBytes()).isPositive();
            assertThat(f.bitsetOffset() + f.bitset().length).isLessThanOrEqualTo(bytes.length);
            f.probeHash(seed);
        } else {
            assertThat(r.ignoredBecause()).isNotBlank();
        }
    }
}
