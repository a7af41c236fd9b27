/**
 * The page index (PageIndex.md): per column chunk, an {@link io.pqlab.pageindex.OffsetIndex}
 * locating each data page and its first row, and a {@link io.pqlab.pageindex.ColumnIndex} with
 * each page's null flag, bounds and counts. {@link io.pqlab.pageindex.PageIndexReader} reads them
 * by the chunk's offsets; their {@code problem} methods say, in words, when one cannot be trusted,
 * and the planner then reads the data instead.
 */
package io.pqlab.pageindex;
