package io.pqlab.internal.pageindex;

import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * parquet.thrift's OffsetIndex: where each data page of a column chunk lies (the dictionary page
 * is not listed) and the first row it holds. Nothing here is trusted until {@link #problem}
 * returns null: the decoder keeps what the file says, and the planner asks first.
 *
 * @param pages one location per data page, in file order; null if the file lacks the required
 *     page_locations field
 * @param unencodedByteArrayDataBytes one count per page (BYTE_ARRAY columns), or null when absent
 * @param offset the absolute file offset the structure was read from
 * @param length its length in bytes
 */
public record OffsetIndex(
        List<PageLocation> pages, long[] unencodedByteArrayDataBytes, long offset, int length) {

    /** The number of pages listed (0 when page_locations is missing). */
    public int pageCount() {
        return pages == null ? 0 : pages.size();
    }

    public PageLocation page(int i) {
        return pages.get(i);
    }

    /** The first row of page {@code i}. */
    public long firstRow(int i) {
        return pages.get(i).firstRowIndex();
    }

    /** The row just past page {@code i}: the next page's first row, or the row group's row count. */
    public long endRow(int i, long numRows) {
        return i + 1 < pages.size() ? pages.get(i + 1).firstRowIndex() : numRows;
    }

    /**
     * The rows of each page, [first_row_index[i], first_row_index[i + 1]), the last ending at
     * {@code numRows}. Meaningful only for an index whose {@link #problem} is null.
     */
    public List<RowRange> rowRanges(long numRows) {
        int n = pageCount();
        List<RowRange> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(new RowRange(firstRow(i), endRow(i, numRows)));
        }
        return Collections.unmodifiableList(out);
    }

    /** The offset just past the structure in the file. */
    public long end() {
        return offset + length;
    }

    /**
     * Why this index cannot be trusted for {@code chunk} in a row group of {@code rowGroupRows}
     * rows, in words; or null when it can. Page skipping relies on every one of these: the pages
     * must lie inside the chunk without overlapping, in order, and their first rows must cut the
     * row group into non-empty ranges from row 0.
     */
    public String problem(ColumnChunk chunk, long rowGroupRows) {
        if (pages == null) {
            return "the OffsetIndex has no page_locations (a required field)";
        }
        int n = pages.size();
        if (n == 0) {
            return rowGroupRows > 0 ? "the OffsetIndex lists no pages for " + rowGroupRows + " rows" : null;
        }
        if (unencodedByteArrayDataBytes != null && unencodedByteArrayDataBytes.length != n) {
            return "the OffsetIndex has " + unencodedByteArrayDataBytes.length
                    + " unencoded byte counts for " + n + " pages";
        }
        if (unencodedByteArrayDataBytes != null) {
            for (int i = 0; i < n; i++) {
                if (unencodedByteArrayDataBytes[i] < 0) {
                    return "page " + i + " has a negative unencoded byte count";
                }
            }
        }
        ColumnMetaData md = chunk.metaData();
        if (md == null) {
            return "the column chunk has no metadata to check its OffsetIndex against";
        }
        long chunkStart = md.chunkStart();
        long chunkSize = md.totalCompressedSize();
        if (chunkStart < 0 || chunkSize < 0 || chunkStart > Long.MAX_VALUE - chunkSize) {
            return "the column chunk's byte range (start " + chunkStart + ", size " + chunkSize
                    + ") is not valid";
        }
        long chunkEnd = chunkStart + chunkSize;
        long previousEnd = chunkStart;
        long previousRow = -1;
        for (int i = 0; i < n; i++) {
            PageLocation p = pages.get(i);
            String missing = p.offset() == -1 ? "offset" : p.compressedPageSize() == -1 ? "compressed_page_size"
                    : p.firstRowIndex() == -1 ? "first_row_index" : null;
            if (missing != null) {
                return "page " + i + "'s PageLocation has no " + missing + " (a required field)";
            }
            if (p.compressedPageSize() <= 0) {
                return "page " + i + " has size " + p.compressedPageSize();
            }
            if (p.offset() < chunkStart || p.offset() >= chunkEnd || p.compressedPageSize() > chunkEnd - p.offset()) {
                return "page " + i + " at [" + p.offset() + ", " + p.end() + ") lies outside the column chunk ["
                        + chunkStart + ", " + chunkEnd + ")";
            }
            if (p.offset() < previousEnd) {
                return "page " + i + " at " + p.offset() + " overlaps or precedes page " + (i - 1)
                        + ", which ends at " + previousEnd;
            }
            if (i == 0 && p.firstRowIndex() != 0) {
                return "the first page starts at row " + p.firstRowIndex() + ", not 0";
            }
            if (p.firstRowIndex() <= previousRow) {
                return "page " + i + " starts at row " + p.firstRowIndex() + ", not after page " + (i - 1)
                        + "'s row " + previousRow;
            }
            if (p.firstRowIndex() >= rowGroupRows) {
                return "page " + i + " starts at row " + p.firstRowIndex() + " of a row group of "
                        + rowGroupRows + " rows";
            }
            previousEnd = p.end();
            previousRow = p.firstRowIndex();
        }
        return null;
    }
}
