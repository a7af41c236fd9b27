package io.pqlab.internal.format;

/**
 * parquet.thrift's ColumnChunk.
 *
 * @param filePath set only in summary files; never followed
 * @param metaData null when absent (an encrypted column) or when the decoder skipped this column
 * @param offsetIndexOffset -1 when absent
 * @param offsetIndexLength -1 when absent
 * @param columnIndexOffset -1 when absent
 * @param columnIndexLength -1 when absent
 * @param encrypted whether crypto_metadata is set: its pages and indexes are then encrypted
 */
public record ColumnChunk(
        String filePath,
        long fileOffset,
        ColumnMetaData metaData,
        long offsetIndexOffset,
        int offsetIndexLength,
        long columnIndexOffset,
        int columnIndexLength,
        boolean encrypted) {

    public boolean hasOffsetIndex() {
        return offsetIndexOffset >= 0 && offsetIndexLength > 0;
    }

    public boolean hasColumnIndex() {
        return columnIndexOffset >= 0 && columnIndexLength > 0;
    }
}
