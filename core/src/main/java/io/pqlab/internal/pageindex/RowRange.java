package io.pqlab.internal.pageindex;

/** Rows [first, end) of a row group. */
public record RowRange(long first, long end) {

    public long count() {
        return end - first;
    }

    public boolean overlaps(long otherFirst, long otherEnd) {
        return first < otherEnd && otherFirst < end;
    }
}
