package io.pqlab.internal.format;

/**
 * parquet.thrift's Statistics, as written: nothing here is trusted yet (see io.pqlab.internal.stats).
 *
 * <p>Counts are -1 when absent: an absent count is unknown, never zero.
 *
 * @param max deprecated max, in signed order whatever the column; null when absent
 * @param min deprecated min
 * @param nullCount -1 when absent
 * @param distinctCount -1 when absent
 * @param maxValue max in the column's order; null when absent
 * @param minValue min in the column's order
 * @param maxValueExact null when absent (then not known to be exact)
 * @param minValueExact null when absent
 * @param nanCount -1 when absent (then NaN may be present)
 */
public record Statistics(
        byte[] max,
        byte[] min,
        long nullCount,
        long distinctCount,
        byte[] maxValue,
        byte[] minValue,
        Boolean maxValueExact,
        Boolean minValueExact,
        long nanCount) {

    public boolean hasNullCount() {
        return nullCount >= 0;
    }

    public boolean hasNanCount() {
        return nanCount >= 0;
    }
}
