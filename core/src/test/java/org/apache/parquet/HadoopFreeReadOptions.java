package org.apache.parquet;

import java.util.HashMap;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.format.converter.ParquetMetadataConverter;

/**
 * Test-scope bridge into parquet-java's package. In 1.18.1 every ParquetReadOptions.Builder
 * constructor first builds the Hadoop-backed CodecFactory, whose class cannot even be verified
 * without Hadoop on the class path (NoClassDefFoundError for ZlibCompressor$CompressionLevel),
 * so a reader without Hadoop cannot get read options from the builder. The package-private
 * constructor takes the codec factory directly.
 */
public final class HadoopFreeReadOptions {

    private HadoopFreeReadOptions() {}

    /**
     * Options with no filtering of any kind (every row group, page and row is read), the given
     * codecs, and page CRC verification as asked.
     */
    public static ParquetReadOptions create(CompressionCodecFactory codecs, boolean verifyPageChecksums) {
        return new ParquetReadOptions(
                false, // useSignedStringMinMax
                false, // useStatsFilter
                false, // useDictionaryFilter
                false, // useRecordFilter
                false, // useColumnIndexFilter
                verifyPageChecksums,
                false, // useBloomFilter
                false, // useOffHeapDecryptBuffer
                false, // useHadoopVectoredIo
                FilterCompat.NOOP,
                ParquetMetadataConverter.NO_FILTER,
                codecs,
                new HeapByteBufferAllocator(),
                8 << 20, // maxAllocationSize, the builder's default
                new HashMap<>(),
                null, // no decryption properties
                null, // no metrics callback
                new PlainParquetConfiguration());
    }
}
