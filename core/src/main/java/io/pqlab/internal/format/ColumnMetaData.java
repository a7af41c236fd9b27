package io.pqlab.internal.format;

import io.pqlab.schema.PhysicalType;
import java.util.List;

/**
 * parquet.thrift's ColumnMetaData. Offsets and lengths are as written; they are checked against
 * the file where they are used.
 *
 * <p>Fields the IDL calls required but a file omits read as -1 (null for objects), as the
 * decoder documents; they are checked where used.
 *
 * @param type physical type, null for an unknown code or when absent
 * @param encodings raw encoding codes (empty when absent)
 * @param pathInSchema the column's path as written (may be null where the decoder was asked to
 *     skip it; the schema gives the same path)
 * @param codec raw CompressionCodec code, -1 when absent
 * @param numValues -1 when absent
 * @param totalUncompressedSize -1 when absent
 * @param totalCompressedSize -1 when absent
 * @param keyValueMetadata null when absent
 * @param dataPageOffset -1 when absent
 * @param dictionaryPageOffset -1 when absent
 * @param indexPageOffset -1 when absent
 * @param statistics null when absent
 * @param encodingStats null when absent
 * @param bloomFilterOffset -1 when absent
 * @param bloomFilterLength -1 when absent
 * @param sizeStatistics null when absent
 */
public record ColumnMetaData(
        PhysicalType type,
        int[] encodings,
        List<String> pathInSchema,
        int codec,
        long numValues,
        long totalUncompressedSize,
        long totalCompressedSize,
        List<KeyValue> keyValueMetadata,
        long dataPageOffset,
        long indexPageOffset,
        long dictionaryPageOffset,
        Statistics statistics,
        List<PageEncodingStats> encodingStats,
        long bloomFilterOffset,
        int bloomFilterLength,
        SizeStatistics sizeStatistics) {

    public boolean hasDictionaryPageOffset() {
        return dictionaryPageOffset >= 0;
    }

    public boolean hasBloomFilter() {
        return bloomFilterOffset >= 0;
    }

    /**
     * Where the chunk's first page starts: the dictionary page where there is one (some writers
     * store 0 for "none"), else the first data page.
     */
    public long chunkStart() {
        if (dictionaryPageOffset > 0 && dictionaryPageOffset < dataPageOffset) {
            return dictionaryPageOffset;
        }
        return dataPageOffset;
    }
}
