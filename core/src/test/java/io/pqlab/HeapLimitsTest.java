package io.pqlab;

import io.pqlab.internal.plan.BoundQuery;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.internal.column.ColumnChunkReader;
import io.pqlab.internal.format.FooterReader;
import io.pqlab.internal.format.ThriftWriter;
import io.pqlab.io.BytesSource;
import io.pqlab.internal.predicate.Binder;
import io.pqlab.internal.plan.Scans;
import io.pqlab.scan.Scan;
import io.pqlab.oracle.ParquetJava;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Amplification, which no length check stops: a few stored bytes that decode to far more heap. The
 * reader's caps are derived from the heap, so that such a file ends in an {@link
 * UnsupportedFeatureException} naming the cap, not in an OutOfMemoryError. Runs in the 64 MiB
 * "small-heap" JVM, where each of these files, read without the caps, exhausts the heap.
 */
@Tag("small-heap")
class HeapLimitsTest {

    /** A footer of 4 MiB of empty key-value pairs: 3 bytes each, about 60 bytes of heap each decoded. */
    @Test
    void aFooterLargerThanTheHeapAffords() {
        int pairs = 1_400_000;
        ThriftWriter w = new ThriftWriter().begin().i32Field(1, 1).field(2, ThriftWriter.LIST)
                .listHeader(1, ThriftWriter.STRUCT).begin().stringField(4, "m").i32Field(5, 0).end()
                .i64Field(3, 0).field(4, ThriftWriter.LIST).listHeader(0, ThriftWriter.STRUCT)
                .field(5, ThriftWriter.LIST).listHeader(pairs, ThriftWriter.STRUCT);
        ByteArrayOutputStream md = new ByteArrayOutputStream();
        md.writeBytes(w.bytes());
        for (int i = 0; i < pairs; i++) {
            md.write(0x18); // field 1 (key), binary
            md.write(0); // of length 0
            md.write(0); // stop
        }
        md.write(0); // FileMetaData's stop
        byte[] footer = md.toByteArray();
        ByteBuffer file = ByteBuffer.allocate(4 + footer.length + 8).order(ByteOrder.LITTLE_ENDIAN);
        file.put("PAR1".getBytes()).put(footer).putInt(footer.length).put("PAR1".getBytes());
        assertThatThrownBy(() -> FooterReader.read(new BytesSource("big-footer", file.array())))
                .isInstanceOf(UnsupportedFeatureException.class).hasMessageContaining("footer")
                .hasMessageContaining(Integer.toString(footer.length)).hasMessageContaining("-Xmx");
    }

    @TempDir
    Path dir;

    /** One column, one row group, one v1 data page of the given stored body, through parquet-java's writer. */
    private Path onePage(String name, String schema, CompressionCodecName codec, long rows, int entries,
            int uncompressedSize, byte[] stored) throws Exception {
        MessageType type = MessageTypeParser.parseMessageType(schema);
        ColumnDescriptor col = type.getColumns().get(0);
        Path file = dir.resolve(name);
        ParquetFileWriter w = ParquetJava.startedFileWriter(file, type);
        w.startBlock(rows);
        w.startColumn(col, entries, codec);
        w.writeDataPage(entries, uncompressedSize, BytesInput.from(stored), Statistics.createStats(col.getPrimitiveType()),
                rows, Encoding.RLE, Encoding.RLE, Encoding.PLAIN);
        w.endColumn();
        w.endBlock();
        w.end(new HashMap<>());
        return file;
    }

    /** A GZIP page of 1 KiB that decompresses to one 48 MiB string (zeros, written in pieces: nothing here holds 48 MiB). */
    @Test
    void aPageThatDecompressesBeyondTheHeapsShare() throws Exception {
        int size = 48 << 20;
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(gz)) {
            z.write(new byte[] {(byte) (size - 4), (byte) ((size - 4) >>> 8), (byte) ((size - 4) >>> 16), (byte) ((size - 4) >>> 24)});
            byte[] zeros = new byte[1 << 16];
            for (int done = 4; done < size; done += zeros.length) {
                z.write(zeros, 0, Math.min(zeros.length, size - done));
            }
        }
        Path file = onePage("big-page.parquet", "message m { required binary s; }", CompressionCodecName.GZIP, 1, 1, size,
                gz.toByteArray());
        try (ParquetFile f = ParquetFile.open(file)) {
            try (ColumnChunkReader r = ColumnChunkReader.open(f, 0, 0)) {
                assertThatThrownBy(r::next).isInstanceOf(UnsupportedFeatureException.class)
                        .hasMessageContaining(Integer.toString(size)).hasMessageContaining("-Xmx");
            }
            Scan s = Scans.open(f, BoundQuery.of(null));
            assertThatThrownBy(s::nextBatch).isInstanceOf(UnsupportedFeatureException.class);
        }
    }

    /** An all-null page of 30 Mi entries: its definition levels are one RLE run of 6 bytes. */
    @Test
    void aPageOfMoreEntriesThanTheHeapAffords() throws Exception {
        int n = 30 << 20;
        ByteArrayOutputStream levels = new ByteArrayOutputStream();
        byte[] run = HostileLengthTest.uleb((long) n << 1);
        levels.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(run.length + 1).array());
        levels.writeBytes(run);
        levels.write(0);
        byte[] body = levels.toByteArray();
        Path file = onePage("many-nulls.parquet", "message m { optional int32 x; }", CompressionCodecName.UNCOMPRESSED, n,
                n, body.length, body);
        try (ParquetFile f = ParquetFile.open(file)) {
            try (ColumnChunkReader r = ColumnChunkReader.open(f, 0, 0)) {
                assertThatThrownBy(r::next).isInstanceOf(UnsupportedFeatureException.class)
                        .hasMessageContaining(Integer.toString(n)).hasMessageContaining("-Xmx");
            }
            // (the writer's empty statistics would let a plan skip the row group: no mechanisms)
            Scan s = Scans.open(f, BoundQuery.of(Binder.bind("x IS NULL", f.schema()))
                    .withMechanisms(Mechanism.none()));
            assertThatThrownBy(s::nextBatch).isInstanceOf(UnsupportedFeatureException.class);
        }
        assertThat(Limits.PAGE_VALUES).isLessThan(n);
    }

    /**
     * A row group that claims 2^31 - 101 rows and holds one: a scan without a condition (every row
     * proved to match) must not allocate per claimed row before a page shows what is there.
     */
    @Test
    void aRowGroupClaimingRowsItDoesNotHold() throws Exception {
        byte[] one = {1, 0, 0, 0};
        Path written = onePage("claims.parquet", "message m { required int32 x; }", CompressionCodecName.UNCOMPRESSED,
                1, 1, one.length, one);
        // the footer claims 2^31 - 101 rows, and as many values in the chunk (both checked against each other)
        byte[] bytes = java.nio.file.Files.readAllBytes(written);
        int len = ByteBuffer.wrap(bytes, bytes.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        org.apache.parquet.format.FileMetaData md = org.apache.parquet.format.Util.readFileMetaData(
                new java.io.ByteArrayInputStream(bytes, bytes.length - 8 - len, len));
        md.setNum_rows(Integer.MAX_VALUE - 100);
        md.getRow_groups().get(0).setNum_rows(Integer.MAX_VALUE - 100);
        md.getRow_groups().get(0).getColumns().get(0).getMeta_data().setNum_values(Integer.MAX_VALUE - 100);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(bytes, 0, bytes.length - 8 - len);
        ByteArrayOutputStream footer = new ByteArrayOutputStream();
        org.apache.parquet.format.Util.writeFileMetaData(md, footer);
        footer.writeTo(out);
        out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(footer.size()).array());
        out.writeBytes("PAR1".getBytes());
        Path file = java.nio.file.Files.write(dir.resolve("claims-more.parquet"), out.toByteArray());
        try (ParquetFile f = ParquetFile.open(file)) {
            for (java.util.List<Integer> columns : java.util.Arrays.asList(null, java.util.List.of(0),
                    java.util.List.<Integer>of())) {
                Scan s = Scans.open(f, BoundQuery.of(null).withColumns(columns));
                assertThatThrownBy(s::nextBatch).as("columns %s", columns).isInstanceOf(MalformedFileException.class)
                        .hasMessageContaining(Integer.toString(Integer.MAX_VALUE - 100));
            }
        }
    }

    /** A 48 MiB Bloom filter, valid in a 1 GiB file (virtual: only its header exists). */
    @Test
    void aBloomFilterLargerThanTheHeapsShareIsIgnored() throws Exception {
        int bitset = 48 << 20;
        ThriftWriter hw = new ThriftWriter().begin().i32Field(1, bitset);
        for (int field = 2; field <= 4; field++) {
            hw.field(field, ThriftWriter.STRUCT).begin().emptyStructField(1).end();
        }
        byte[] header = hw.end().bytes();
        io.pqlab.io.ByteSource big = HostileLengthTest.virtualFile(header);
        io.pqlab.internal.format.ColumnMetaData meta = new io.pqlab.internal.format.ColumnMetaData(io.pqlab.schema.PhysicalType.INT32,
                new int[0], java.util.List.of("a"), 0, 1, 10, 10, null, 4, -1, -1, null, null, 4, -1, null);
        for (int length : new int[] {-1, bitset + header.length}) {
            io.pqlab.internal.format.ColumnMetaData m = new io.pqlab.internal.format.ColumnMetaData(meta.type(), meta.encodings(),
                    meta.pathInSchema(), 0, 1, 10, 10, null, 4, -1, -1, null, null, 4, length, null);
            long before = HostileLengthTest.allocated();
            io.pqlab.internal.bloom.BloomFilterResult r = io.pqlab.internal.bloom.BloomFilterReader.read(big, m);
            assertThat(HostileLengthTest.allocated() - before).as("bytes allocated").isLessThan(1 << 20);
            assertThat(r.usable()).isFalse();
            assertThat(r.ignoredBecause()).contains("limit of " + Limits.BLOOM_BYTES).contains("-Xmx");
        }
    }
}
