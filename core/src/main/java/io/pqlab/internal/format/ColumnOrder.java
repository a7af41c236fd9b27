package io.pqlab.internal.format;

/**
 * parquet.thrift's ColumnOrder union: how a column's min_value and max_value were ordered. Without
 * an order this reader knows, those values mean nothing and are not used.
 */
public enum ColumnOrder {
    /** The order the column's logical or physical type defines. */
    TYPE_DEFINED,
    /** IEEE 754 totalOrder for floating point (format 2.13). */
    IEEE_754_TOTAL_ORDER,
    /** INT96 timestamps by day, then nanoseconds (after format 2.13). */
    INT96_TIMESTAMP_ORDER,
    /** A member this reader does not know. */
    UNKNOWN
}
