package io.pqlab.format;

import java.util.List;

/**
 * parquet.thrift's RowGroup.
 *
 * @param sortingColumns null when absent
 * @param fileOffset -1 when absent; unreliable in files from some writers, so never used
 * @param totalCompressedSize -1 when absent
 * @param ordinal -1 when absent
 */
public record RowGroup(
        List<ColumnChunk> columns,
        long totalByteSize,
        long numRows,
        List<SortingColumn> sortingColumns,
        long fileOffset,
        long totalCompressedSize,
        int ordinal) {}
