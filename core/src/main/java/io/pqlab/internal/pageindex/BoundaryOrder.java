package io.pqlab.internal.pageindex;

/** parquet.thrift's BoundaryOrder: whether a ColumnIndex's bounds are sorted, and which way. */
public enum BoundaryOrder {
    UNORDERED,
    ASCENDING,
    DESCENDING;

    /**
     * The order with this Thrift code. An unknown code (a newer format, or damage) is read as
     * UNORDERED: that promises nothing, so a reader checks every page's bounds one by one and
     * gets the right answer whatever the true order is; it only loses the binary search.
     */
    public static BoundaryOrder of(int code) {
        return switch (code) {
            case 1 -> ASCENDING;
            case 2 -> DESCENDING;
            default -> UNORDERED;
        };
    }
}
