package org.apache.parquet;

import java.util.HashMap;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Test-scope bridge into parquet-java's package, for the format tests: read options without
 * Hadoop. ParquetReadOptions.Builder builds a Hadoop codec factory first (which cannot load
 * without Hadoop), so these come from the package-private constructor. These tests read footers,
 * page headers and offset indexes, never page bodies: the codec factory refuses every codec.
 */
public final class FooterOnlyReadOptions {
    private FooterOnlyReadOptions() {}

    public static ParquetReadOptions create() {
        return new ParquetReadOptions(
                false, false, false, false, false, // signed string min/max, stats/dictionary/record/column-index filters
                false, // page checksums
                false, // Bloom filter
                false, // off-heap decrypt buffer
                false, // Hadoop vectored IO
                FilterCompat.NOOP,
                ParquetMetadataConverter.NO_FILTER,
                new NoCodecs(),
                new HeapByteBufferAllocator(),
                8 << 20,
                new HashMap<>(),
                null,
                null,
                new PlainParquetConfiguration());
    }

    private static final class NoCodecs implements CompressionCodecFactory {
        @Override
        public BytesInputCompressor getCompressor(CompressionCodecName codec) {
            throw new UnsupportedOperationException("no codecs in the format tests");
        }

        @Override
        public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
            throw new UnsupportedOperationException("no codecs in the format tests");
        }

        @Override
        public void release() {}
    }
}
