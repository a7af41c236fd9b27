package io.pqlab.plan;

import java.util.List;

/**
 * What a plan reads of one column chunk.
 *
 * @param rowGroup the row group
 * @param column leaf index
 * @param path dotted path
 * @param pagesRead data pages read
 * @param pagesTotal data pages in the chunk (-1 where unknown: no OffsetIndex was used)
 * @param spans the byte ranges read, in file order
 * @param pages each page's fate, where the OffsetIndex told them apart; empty otherwise
 * @param why how the pages were chosen
 *
 * <p>Immutable and safe to share between threads.
 */
public record ColumnRead(int rowGroup, int column, String path, int pagesRead, int pagesTotal,
        List<Span> spans, List<PageRead> pages, String why) {
    public ColumnRead {
        spans = List.copyOf(spans);
        pages = List.copyOf(pages);
    }

    public long bytes() {
        return Span.totalBytes(spans);
    }
}
