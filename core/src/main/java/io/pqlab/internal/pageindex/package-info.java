/**
 * The page index (PageIndex.md): per column chunk, an {@link io.pqlab.internal.pageindex.OffsetIndex}
 * locating each data page and its first row, and a {@link io.pqlab.internal.pageindex.ColumnIndex} with
 * each page's null flag, bounds and counts. {@link io.pqlab.internal.pageindex.PageIndexReader} reads them
 * by the chunk's offsets; their {@code problem} methods say, in words, when one cannot be trusted,
 * and the planner then reads the data instead.
 */
package io.pqlab.internal.pageindex;
