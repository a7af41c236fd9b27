package io.pqlab.plan;

/**
 * The fate of one page of a column chunk in a plan.
 *
 * @param kind "dictionary" or "data"
 * @param offset where the page (header included) starts
 * @param length header and body
 * @param firstRow the first row it holds, relative to the row group (-1 for a dictionary page)
 * @param rowCount how many rows it holds (0 for a dictionary page)
 * @param read whether the plan reads it
 * @param why why it is read or skipped
 *
 * <p>Immutable and safe to share between threads.
 */
public record PageRead(String kind, long offset, long length, long firstRow, long rowCount, boolean read, String why) {}
