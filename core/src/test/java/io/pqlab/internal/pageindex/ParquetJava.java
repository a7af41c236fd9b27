package io.pqlab.internal.pageindex;

import io.pqlab.fixtures.Fixtures;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.PhysicalType;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter;
import org.apache.parquet.format.BloomFilterHeader;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.internal.hadoop.metadata.IndexReference;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * parquet-java as the independent judge, and the source of offsets while pqlab's own footer
 * decoder is elsewhere. It builds pqlab's ColumnChunk/ColumnMetaData records by hand from the
 * figures parquet-java reads.
 *
 * <p>It uses parquet-java's footer converter and its Thrift structures (the same calls that
 * ParquetFileReader.readColumnIndex / readOffsetIndex / readBloomFilter make) rather than
 * ParquetFileReader itself: without Hadoop on the class path, ParquetReadOptions' builder fails
 * to load its default codec factory (NoClassDefFoundError for Hadoop's ZlibCompressor).
 */
public final class ParquetJava {
    public static final Path DATA = Fixtures.DATA;

    private ParquetJava() {}

    /** Every parquet-testing data file with a PAR1 footer (the encrypted one needs keys). */
    public static List<Path> dataFiles() throws IOException {
        try (Stream<Path> s = Files.list(DATA)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".parquet")).sorted().toList();
        }
    }

    /** parquet-java's reading of the file's footer. */
    public static ParquetMetadata footer(byte[] file) throws IOException {
        int n = file.length;
        int len = ByteBuffer.wrap(file, n - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        InputStream in = new ByteArrayInputStream(file, n - 8 - len, len);
        return new ParquetMetadataConverter().readParquetMetadata(in, ParquetMetadataConverter.NO_FILTER);
    }

    /** parquet-java's Thrift ColumnIndex of a chunk, or null when it has none. */
    public static org.apache.parquet.format.ColumnIndex columnIndex(byte[] file, ColumnChunkMetaData c)
            throws IOException {
        IndexReference ref = c.getColumnIndexReference();
        return ref == null ? null
                : Util.readColumnIndex(new ByteArrayInputStream(file, (int) ref.getOffset(), ref.getLength()));
    }

    /** parquet-java's Thrift OffsetIndex of a chunk, or null when it has none. */
    public static org.apache.parquet.format.OffsetIndex offsetIndex(byte[] file, ColumnChunkMetaData c)
            throws IOException {
        IndexReference ref = c.getOffsetIndexReference();
        return ref == null ? null
                : Util.readOffsetIndex(new ByteArrayInputStream(file, (int) ref.getOffset(), ref.getLength()));
    }

    /** parquet-java's Bloom filter of a chunk, as ParquetFileReader.readBloomFilter reads it, or null. */
    public static BlockSplitBloomFilter bloomFilter(byte[] file, ColumnChunkMetaData c) throws IOException {
        long offset = c.getBloomFilterOffset();
        if (offset < 0) {
            return null;
        }
        ByteArrayInputStream in = new ByteArrayInputStream(file, (int) offset, file.length - (int) offset);
        BloomFilterHeader header = Util.readBloomFilterHeader(in);
        int headerLength = file.length - (int) offset - in.available();
        int start = (int) offset + headerLength;
        return new BlockSplitBloomFilter(Arrays.copyOfRange(file, start, start + header.getNumBytes()));
    }

    /** pqlab's physical type for parquet-java's (which calls BYTE_ARRAY BINARY). */
    public static PhysicalType type(PrimitiveTypeName t) {
        return t == PrimitiveTypeName.BINARY ? PhysicalType.BYTE_ARRAY : PhysicalType.valueOf(t.name());
    }

    /** pqlab's ColumnChunk with parquet-java's figures. */
    public static ColumnChunk chunk(ColumnChunkMetaData c) {
        IndexReference oi = c.getOffsetIndexReference();
        IndexReference ci = c.getColumnIndexReference();
        return new ColumnChunk(null, 0, metaData(c),
                oi == null ? -1 : oi.getOffset(), oi == null ? -1 : oi.getLength(),
                ci == null ? -1 : ci.getOffset(), ci == null ? -1 : ci.getLength(),
                c.isEncrypted());
    }

    /** pqlab's ColumnMetaData with parquet-java's figures (only those these packages use). */
    public static ColumnMetaData metaData(ColumnChunkMetaData c) {
        long dict = c.hasDictionaryPage() ? c.getDictionaryPageOffset() : -1;
        return new ColumnMetaData(
                type(c.getPrimitiveType().getPrimitiveTypeName()),
                new int[0],
                Arrays.asList(c.getPath().toArray()),
                0,
                c.getValueCount(),
                c.getTotalUncompressedSize(),
                c.getTotalSize(),
                null,
                c.getFirstDataPageOffset(),
                -1,
                dict,
                null,
                null,
                c.getBloomFilterOffset(),
                c.getBloomFilterLength(),
                null);
    }
}
