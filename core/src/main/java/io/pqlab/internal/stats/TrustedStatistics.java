package io.pqlab.internal.stats;

/**
 * What statistics (a chunk's, or a page's from the ColumnIndex) can be relied on for, after the
 * trust rules. Bounds are inclusive and, for a truncated binary bound, need not be values that
 * occur. Counts of -1 are unknown, never zero.
 *
 * @param min the usable minimum as PLAIN bytes, or null when the bounds cannot be used
 * @param max the usable maximum, or null
 * @param why why the bounds can or cannot be used, in words
 * @param minExact whether the minimum is a value that occurs (never assumed)
 * @param maxExact whether the maximum is a value that occurs
 * @param nullCount -1 when unknown
 * @param nanCount -1 when unknown (then NaN may be present in a floating-point column)
 * @param numValues the number of values (including nulls) the statistics describe, -1 if unknown
 */
public record TrustedStatistics(
        byte[] min,
        byte[] max,
        String why,
        boolean minExact,
        boolean maxExact,
        long nullCount,
        long nanCount,
        long numValues) {

    /** Statistics with no usable bounds and only the counts. */
    public static TrustedStatistics countsOnly(String why, long nullCount, long nanCount, long numValues) {
        return new TrustedStatistics(null, null, why, false, false, nullCount, nanCount, numValues);
    }

    public boolean hasBounds() {
        return min != null && max != null;
    }

    /** Whether every value is known to be null. */
    public boolean allNull() {
        return nullCount >= 0 && numValues > 0 && nullCount == numValues;
    }

    /** Whether no value is null, as far as a recorded count proves. */
    public boolean noNulls() {
        return nullCount == 0;
    }
}
