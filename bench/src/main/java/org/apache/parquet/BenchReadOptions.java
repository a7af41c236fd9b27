package org.apache.parquet;

import java.util.HashMap;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.format.converter.ParquetMetadataConverter;

/**
 * A bridge into parquet-java's package, because in 1.18.1 every ParquetReadOptions.Builder
 * constructor first builds the Hadoop-backed CodecFactory, which cannot load without Hadoop (the
 * bench, like the core's tests, runs parquet-java without Hadoop). The package-private
 * constructor takes the codec factory directly; the flags are the builder's, named.
 */
public final class BenchReadOptions {
    private BenchReadOptions() {}

    /**
     * @param filtering whether to use every filter parquet-java has: row-group statistics,
     *     dictionaries, Bloom filters, the column index, and record-level filtering
     */
    public static ParquetReadOptions create(CompressionCodecFactory codecs, FilterCompat.Filter filter, boolean filtering) {
        return create(codecs, filter, filtering, null);
    }

    /** As {@link #create(CompressionCodecFactory, FilterCompat.Filter, boolean)}, decrypting with {@code decryption} (null: none). */
    public static ParquetReadOptions create(CompressionCodecFactory codecs, FilterCompat.Filter filter, boolean filtering,
            org.apache.parquet.crypto.FileDecryptionProperties decryption) {
        return new ParquetReadOptions(
            false, // useSignedStringMinMax
            filtering, // useStatsFilter
            filtering, // useDictionaryFilter
            filtering, // useRecordFilter
            filtering, // useColumnIndexFilter
            false, // usePageChecksumVerification
            filtering, // useBloomFilter
            false, // useOffHeapDecryptBuffer
            false, // useHadoopVectoredIo: no Hadoop streams here
            filter,
            ParquetMetadataConverter.NO_FILTER,
            codecs,
            new HeapByteBufferAllocator(),
            8 << 20, // maxAllocationSize, the builder's default
            new HashMap<>(),
            decryption,
            null, // no metrics callback
            new PlainParquetConfiguration());
    }
}
