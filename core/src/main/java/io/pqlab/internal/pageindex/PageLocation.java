package io.pqlab.internal.pageindex;

/**
 * parquet.thrift's PageLocation: where one data page lies and the first row it holds. A field
 * missing from the file is -1, which {@link OffsetIndex#problem} rejects.
 *
 * @param offset the absolute file offset of the page header
 * @param compressedPageSize the page's size as stored, header included
 * @param firstRowIndex the index, within the row group, of the page's first row
 */
public record PageLocation(long offset, int compressedPageSize, long firstRowIndex) {

    /** The offset just past the page. */
    public long end() {
        return offset + compressedPageSize;
    }
}
