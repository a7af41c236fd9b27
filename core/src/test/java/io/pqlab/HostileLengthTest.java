package io.pqlab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.internal.bloom.BloomFilterReader;
import io.pqlab.internal.bloom.BloomFilterResult;
import io.pqlab.internal.compress.Decompressor;
import io.pqlab.internal.encoding.Dictionary;
import io.pqlab.internal.encoding.Encodings;
import io.pqlab.internal.encoding.Encodings.Encoding;
import io.pqlab.internal.encoding.Encodings.Type;
import io.pqlab.internal.encoding.RleBitPackedDecoder;
import io.pqlab.internal.encoding.ValuesDecoder;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.FooterReader;
import io.pqlab.internal.format.MetadataDecoder;
import io.pqlab.internal.format.PageHeaderDecoder;
import io.pqlab.schema.PhysicalType;
import io.pqlab.schema.Repetition;
import io.pqlab.schema.SchemaElement;
import io.pqlab.internal.format.ThriftWriter;
import io.pqlab.io.ByteSource;
import io.pqlab.io.BytesSource;
import io.pqlab.internal.pageindex.PageIndexReader;
import io.pqlab.internal.pages.PageWalker;
import io.pqlab.schema.Schema;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The allocation rule: a length or count read from a file is checked against the bytes there
 * before anything is allocated from it. For each structure, a hostile value near
 * Integer.MAX_VALUE must end in a {@link MalformedFileException} (or, for a Bloom filter, in the
 * filter being ignored) having allocated almost nothing: this class runs in its own JVM with a
 * 64 MiB heap (surefire execution "small-heap"), and each case's allocation is measured too.
 */
@Tag("small-heap")
class HostileLengthTest {
    private static final int HUGE = Integer.MAX_VALUE - 8;
    /** What a case may allocate: the few small arrays and messages of a rejected input. */
    private static final long BUDGET = 1 << 20;

    @Test
    void footerLength() {
        byte[] file = bytes("PAR1", new byte[8], new byte[] {(byte) 0xF7, (byte) 0xFF, (byte) 0xFF, (byte) 0x7F},
                "PAR1".getBytes());
        malformed(() -> FooterReader.read(new BytesSource("f", file)), "footer length");
    }

    @Test
    void thriftListOfStructs() {
        byte[] md = new ThriftWriter().begin().field(2, ThriftWriter.LIST).listHeader(HUGE, ThriftWriter.STRUCT)
                .end().bytes();
        malformed(() -> MetadataDecoder.decode(md, 0, md.length, 0), "list");
    }

    @Test
    void thriftBinary() {
        byte[] md = bytes(new ThriftWriter().begin().field(6, ThriftWriter.BINARY).bytes(), uleb(HUGE), new byte[4]);
        malformed(() -> MetadataDecoder.decode(md, 0, md.length, 0), "binary");
    }

    @Test
    void thriftMapAndSetOfAnUnknownField() {
        byte[] map = bytes(new ThriftWriter().begin().field(40, ThriftWriter.MAP).bytes(), uleb(HUGE), new byte[] {0x55});
        malformed(() -> MetadataDecoder.decode(map, 0, map.length, 0), "map");
        byte[] set = new ThriftWriter().begin().field(40, ThriftWriter.SET).listHeader(HUGE, ThriftWriter.I64).end()
                .bytes();
        malformed(() -> MetadataDecoder.decode(set, 0, set.length, 0), "set");
    }

    @Test
    void schemaChildren() {
        SchemaElement root = new SchemaElement(null, -1, -1, null, "root", HUGE, null, -1, -1, -1, null);
        SchemaElement leaf = new SchemaElement(PhysicalType.INT32, 1, -1, Repetition.REQUIRED, "a", -1, null, -1, -1,
                -1, null);
        malformed(() -> Schema.of(List.of(root, leaf)), "schema");
    }

    @Test
    void pageHeaderStatistics() {
        // DATA_PAGE header whose statistics' min_value claims HUGE bytes
        byte[] h = bytes(new ThriftWriter().begin().i32Field(1, 0).i32Field(2, 10).i32Field(3, 10)
                .field(5, ThriftWriter.STRUCT).begin().i32Field(1, 1).i32Field(2, 0).field(5, ThriftWriter.STRUCT)
                .begin().field(6, ThriftWriter.BINARY).bytes(), uleb(HUGE), new byte[16]);
        malformed(() -> PageHeaderDecoder.decode(h, 0, h.length, 0), "page statistics");
    }

    @Test
    void pageSizesAndChunkSize() {
        byte[] header = new ThriftWriter().begin().i32Field(1, 0).i32Field(2, HUGE).i32Field(3, HUGE)
                .field(5, ThriftWriter.STRUCT).begin().i32Field(1, 1).i32Field(2, 0).end().end().bytes();
        byte[] file = bytes("PAR1", header, new byte[16], "PAR1".getBytes());
        BytesSource src = new BytesSource("f", file);
        ColumnMetaData meta = meta(4, header.length + 16, 1);
        malformed(() -> PageWalker.walk(src, meta, file.length - 4, 0), "page body");
        ColumnMetaData hugeChunk = meta(4, Long.MAX_VALUE, 1);
        malformed(() -> PageWalker.walk(src, hugeChunk, file.length - 4, 0), "chunk size");
    }

    @Test
    void pageIndexLengthsAndCounts() {
        byte[] file = bytes("PAR1", new byte[64], "PAR1".getBytes());
        BytesSource src = new BytesSource("f", file);
        ColumnChunk ci = new ColumnChunk(null, 4, meta(4, 10, 1), -1, -1, 8, HUGE, false);
        malformed(() -> PageIndexReader.columnIndex(src, ci), "ColumnIndex length");
        ColumnChunk oi = new ColumnChunk(null, 4, meta(4, 10, 1), 8, HUGE, -1, -1, false);
        malformed(() -> PageIndexReader.offsetIndex(src, oi), "OffsetIndex length");
        byte[] nullPages = new ThriftWriter().begin().field(1, ThriftWriter.LIST).listHeader(HUGE, 2).end().bytes();
        malformed(() -> PageIndexReader.decodeColumnIndex(nullPages, 0), "null_pages");
        byte[] mins = new ThriftWriter().begin().field(2, ThriftWriter.LIST).listHeader(HUGE, ThriftWriter.BINARY)
                .end().bytes();
        malformed(() -> PageIndexReader.decodeColumnIndex(mins, 0), "min_values");
        byte[] counts = new ThriftWriter().begin().field(5, ThriftWriter.LIST).listHeader(HUGE, ThriftWriter.I64)
                .end().bytes();
        malformed(() -> PageIndexReader.decodeColumnIndex(counts, 0), "null_counts");
        byte[] locations = new ThriftWriter().begin().field(1, ThriftWriter.LIST)
                .listHeader(HUGE, ThriftWriter.STRUCT).end().bytes();
        malformed(() -> PageIndexReader.decodeOffsetIndex(locations, 0), "page_locations");
    }

    @Test
    void bloomFilterSizes() throws Exception {
        byte[] header = bloomHeader(HUGE & ~31);
        byte[] file = bytes("PAR1", header, new byte[64], "PAR1".getBytes());
        BytesSource src = new BytesSource("f", file);
        for (int length : new int[] {-1, HUGE, file.length - 4}) {
            long before = allocated();
            BloomFilterResult r = BloomFilterReader.read(src, meta(4, 10, 1, 4, length));
            assertThat(allocated() - before).as("bytes allocated").isLessThan(BUDGET);
            assertThat(r.ignoredBecause()).containsAnyOf("end of the file", "do not fit", "past the end");
        }
    }

    @Test
    void bloomFilterLargerThanAnyWriterMakes() throws Exception {
        // A 1 GiB file of which only the header exists: a filter of 512 MiB would fit in it.
        byte[] header = bloomHeader(512 << 20);
        ByteSource big = new ByteSource() {
            @Override
            public String name() {
                return "big";
            }

            @Override
            public long size() {
                return 1L << 30;
            }

            @Override
            public void readFully(long offset, byte[] dst, int dstOffset, int length) {
                ByteSource.checkRange(offset, length, size(), "a read");
                java.util.Arrays.fill(dst, dstOffset, dstOffset + length, (byte) 0);
                for (int i = 0; i < length; i++) {
                    long at = offset + i - 4;
                    if (at >= 0 && at < header.length) {
                        dst[dstOffset + i] = header[(int) at];
                    }
                }
            }
        };
        for (int length : new int[] {-1, (512 << 20) + header.length}) {
            long before = allocated();
            BloomFilterResult r = BloomFilterReader.read(big, meta(4, 10, 1, 4, length));
            assertThat(allocated() - before).as("bytes allocated").isLessThan(BUDGET);
            assertThat(r.ignoredBecause()).contains("more than any writer makes");
        }
    }

    @Test
    void dictionaryCounts() {
        for (int type : new int[] {Type.BOOLEAN, Type.INT32, Type.INT64, Type.INT96, Type.DOUBLE, Type.BYTE_ARRAY,
            Type.FIXED_LEN_BYTE_ARRAY}) {
            malformed(() -> Dictionary.decode(type, 16, new byte[64], 0, 64, HUGE, 0), "dictionary of type " + type);
        }
    }

    @Test
    void valueAndLevelLengths() {
        byte[] prefix = {(byte) 0xF7, (byte) 0xFF, (byte) 0xFF, (byte) 0x7F, 0, 0};
        malformed(() -> new RleBitPackedDecoder().initLengthPrefixed(prefix, 0, prefix.length, 1, 0), "RLE length");
        byte[] plain = bytes(prefix, new byte[8]);
        malformed(() -> read(Encoding.PLAIN, Type.BYTE_ARRAY, plain, 1), "PLAIN byte array length");
        malformed(() -> read(Encoding.PLAIN, Type.INT64, new byte[8], HUGE), "PLAIN value count");
        // DELTA_LENGTH_BYTE_ARRAY: one length of HUGE (block 128, 1 miniblock, 1 value, first HUGE)
        byte[] dlba = bytes(new byte[] {(byte) 0x80, 1, 1, 1}, zigzagUleb(HUGE), new byte[8]);
        malformed(() -> read(Encoding.DELTA_LENGTH_BYTE_ARRAY, Type.BYTE_ARRAY, dlba, 1), "DELTA_LENGTH length");
        // DELTA_BINARY_PACKED announcing HUGE values with a block size of about 2^31
        // and a first miniblock of 32-bit deltas that is not there
        byte[] dbp = bytes(uleb(0x7FFFFF80), new byte[] {1}, uleb(HUGE), new byte[] {0, 0, 32});
        malformed(() -> read(Encoding.DELTA_BINARY_PACKED, Type.INT32, dbp, 1000), "DELTA_BINARY_PACKED block");
    }

    @Test
    void decompressedSizes() {
        try (Decompressor d = new Decompressor(16 << 20)) {
            for (int codec = 0; codec <= 7; codec++) {
                int c = codec;
                assertThatThrownBy(() -> d.decompress(c, new byte[16], 0, 16, 15 << 20, 0)); // warm up
                // over the cap: a limit, said before anything exists
                long before = allocated();
                assertThatThrownBy(() -> d.decompress(c, new byte[16], 0, 16, HUGE, 0))
                        .isInstanceOf(UnsupportedFeatureException.class);
                // under the cap but more than 16 bytes can give (Brotli: grows only with its output)
                assertThatThrownBy(() -> d.decompress(c, new byte[16], 0, 16, 15 << 20, 0))
                        .isInstanceOf(FileException.class);
                assertThat(allocated() - before).as("bytes allocated for codec " + c).isLessThan(BUDGET);
            }
        }
    }

    // ---- helpers ---------------------------------------------------------------------------------

    /** A valid BloomFilterHeader (split-block, xxHash64, uncompressed) announcing numBytes. */
    private static byte[] bloomHeader(int numBytes) {
        ThriftWriter w = new ThriftWriter().begin().i32Field(1, numBytes);
        for (int field = 2; field <= 4; field++) {
            w.field(field, ThriftWriter.STRUCT).begin().emptyStructField(1).end();
        }
        return w.end().bytes();
    }

    private static void read(int encoding, int type, byte[] data, int n) {
        ValuesDecoder d = Encodings.decoder(encoding, type, 0, null, 0);
        d.init(data, 0, data.length, n, 0);
        switch (type) {
            case Type.INT32 -> d.readInts(new int[Math.min(n, 1024)], 0, Math.min(n, 1024));
            case Type.INT64 -> d.readLongs(new long[Math.min(n, 1024)], 0, Math.min(n, 1024));
            default -> d.readBinaries(new io.pqlab.internal.encoding.Binaries(), n);
        }
    }

    /** Runs the case; it must throw MalformedFileException having allocated at most {@link #BUDGET}. */
    private static void malformed(ThrowingCallable body, String what) {
        // A first run loads and initializes the classes involved, which allocates too.
        assertThatThrownBy(body).as(what).isInstanceOf(MalformedFileException.class);
        long before = allocated();
        assertThatThrownBy(body).as(what).isInstanceOf(MalformedFileException.class);
        assertThat(allocated() - before).as("bytes allocated for " + what).isLessThan(BUDGET);
    }

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    private static ColumnMetaData meta(long start, long size, long values) {
        return meta(start, size, values, -1, -1);
    }

    private static ColumnMetaData meta(long start, long size, long values, long bloomOffset, int bloomLength) {
        return new ColumnMetaData(PhysicalType.INT32, new int[0], List.of("a"), 0, values, size, size, null, start, -1,
                -1, null, null, bloomOffset, bloomLength, null);
    }

    private static byte[] uleb(long v) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
        return out.toByteArray();
    }

    private static byte[] zigzagUleb(long v) {
        return uleb((v << 1) ^ (v >> 63));
    }

    private static byte[] bytes(Object... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Object p : parts) {
            byte[] b = p instanceof String s ? s.getBytes(java.nio.charset.StandardCharsets.US_ASCII) : (byte[]) p;
            out.writeBytes(b);
        }
        return out.toByteArray();
    }
}
