package io.pqlab.internal.format;

import java.util.List;

/**
 * parquet.thrift's RowGroup.
 *
 * @param columns one per leaf column, in schema order; an element is null where the decoder was
 *     asked for a projection without that column
 * @param totalByteSize -1 when absent
 * @param numRows -1 when absent
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
