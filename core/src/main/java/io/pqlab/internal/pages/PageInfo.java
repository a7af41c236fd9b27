package io.pqlab.internal.pages;

import io.pqlab.internal.format.PageHeader;

/**
 * One page of a column chunk, as the {@link PageWalker} found it.
 *
 * @param offset where the page's header starts in the file
 * @param headerLength the header's encoded length; the body starts at {@code offset + headerLength}
 * @param compressedSize the body's size as stored
 * @param uncompressedSize the body's size after decompression
 * @param type raw PageType code
 * @param numValues level entries of a data page (nulls included), entries of a dictionary page,
 *     -1 for other pages
 * @param encoding raw code of the values' encoding, -1 for a page without one
 * @param numRows a v2 data page's num_rows, else -1
 * @param numNulls a v2 data page's num_nulls, else -1
 * @param firstRow the row (within the row group) at which a data page starts, where it can be
 *     known: in a column without repetition, the sum of the earlier data pages' num_values; after
 *     v2 pages, their num_rows; -1 once a v1 page of a repeated column has been passed (its
 *     rows are not in its header), and -1 for pages that are not data pages
 * @param header the whole decoded header (statistics, level encodings, CRC)
 */
public record PageInfo(
        long offset,
        int headerLength,
        int compressedSize,
        int uncompressedSize,
        int type,
        int numValues,
        int encoding,
        int numRows,
        int numNulls,
        long firstRow,
        PageHeader header) {

    /** Where the body starts. */
    public long bodyOffset() {
        return offset + headerLength;
    }

    /** The first byte after the page. */
    public long end() {
        return offset + headerLength + compressedSize;
    }

    /** Header plus body: what an OffsetIndex calls compressed_page_size. */
    public int totalSize() {
        return headerLength + compressedSize;
    }

    public boolean isDataPage() {
        return type == PageHeader.DATA_PAGE || type == PageHeader.DATA_PAGE_V2;
    }

    public boolean isDictionaryPage() {
        return type == PageHeader.DICTIONARY_PAGE;
    }
}
