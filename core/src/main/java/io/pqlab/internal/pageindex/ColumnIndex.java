package io.pqlab.internal.pageindex;

import io.pqlab.schema.PhysicalType;
import java.util.List;

/**
 * parquet.thrift's ColumnIndex: per data page, whether it holds only nulls, lower and upper
 * bounds, and optional counts. Entry i describes page i of the chunk's {@link OffsetIndex}.
 *
 * <p>The decoder keeps what the file says, missing required fields included (as null), and
 * {@link #problem} says whether it can be used; the planner reads the data instead of an index
 * with a problem. The bounds of a null page are placeholders (normally empty) kept so that the
 * lists stay aligned with the pages: never read them as values (an empty byte string is a legal
 * BYTE_ARRAY value); {@link #min(int)} and {@link #max(int)} return null for them.
 *
 * <p>Bounds are PLAIN-encoded (BYTE_ARRAY without its length prefix), ordered by the column's
 * ColumnOrder, and may be truncated: they are bounds, never values. Arrays are exposed as read
 * and must not be modified.
 *
 * @param nullPages null_pages, or null if the file lacks it
 * @param minValues min_values, or null if the file lacks it
 * @param maxValues max_values, or null if the file lacks it
 * @param boundaryOrder UNORDERED also when absent or unknown (see {@link BoundaryOrder#of})
 * @param nullCounts null_counts as written, or null when absent (unknown, not zero); use
 *     {@link #nullCount(int)}, which reads a negative entry as unknown
 * @param repetitionLevelHistograms per-page histograms concatenated, or null when absent
 * @param definitionLevelHistograms per-page histograms concatenated, or null when absent
 * @param nanCounts nan_counts as written, or null when absent (any page may hold NaN); use
 *     {@link #nanCount(int)}
 * @param offset the absolute file offset the structure was read from
 * @param length its length in bytes
 * @param boundaryOrderCode boundary_order's code as written, {@link #ABSENT} when absent (a required field;
 *     {@link #problem} refuses the index without it or with a code pqlab does not know)
 */
public record ColumnIndex(
        boolean[] nullPages,
        List<byte[]> minValues,
        List<byte[]> maxValues,
        BoundaryOrder boundaryOrder,
        long[] nullCounts,
        long[] repetitionLevelHistograms,
        long[] definitionLevelHistograms,
        long[] nanCounts,
        long offset,
        int length,
        int boundaryOrderCode) {

    /** {@link #boundaryOrderCode} when the file gives none. */
    public static final int ABSENT = Integer.MIN_VALUE;

    /** The number of pages, as null_pages says (0 when it is missing). */
    public int pageCount() {
        return nullPages == null ? 0 : nullPages.length;
    }

    /** Whether page {@code i} holds only nulls. */
    public boolean isNullPage(int i) {
        return nullPages[i];
    }

    /** Page {@code i}'s lower bound, or null for a null page, whose entry is a placeholder. */
    public byte[] min(int i) {
        return nullPages[i] ? null : minValues.get(i);
    }

    /** Page {@code i}'s upper bound, or null for a null page, whose entry is a placeholder. */
    public byte[] max(int i) {
        return nullPages[i] ? null : maxValues.get(i);
    }

    /**
     * Page {@code i}'s null count, or -1 when unknown: when the index records none, or records a
     * negative count (parquet-mr 1.13 wrote -1 for pages whose count it did not know).
     */
    public long nullCount(int i) {
        return nullCounts == null || nullCounts[i] < 0 ? -1 : nullCounts[i];
    }

    /** Page {@code i}'s NaN count, or -1 when unknown (none recorded, or a negative entry). */
    public long nanCount(int i) {
        return nanCounts == null || nanCounts[i] < 0 ? -1 : nanCounts[i];
    }

    /** The offset just past the structure in the file. */
    public long end() {
        return offset + length;
    }

    /** {@link #problem(OffsetIndex, PhysicalType, int, int, int)} without the type and levels. */
    public String problem(OffsetIndex offsetIndex) {
        return problem(offsetIndex, null, -1, -1, -1);
    }

    /**
     * Why this index cannot be used with the chunk's {@code offsetIndex}, in words; or null when
     * it can. Checks that every list has one entry per page (histograms a whole number per page),
     * that the required fields are there, that no histogram entry is negative, and, where {@code type}
     * is given, that every non-null page's bounds have the type's PLAIN width.
     *
     * @param offsetIndex the chunk's OffsetIndex (a ColumnIndex alone cannot locate pages)
     * @param type the column's physical type, or null not to check bound widths
     * @param typeLength FIXED_LEN_BYTE_ARRAY's width (ignored for other types)
     * @param maxRepetitionLevel the column's, or -1 not to check the histogram length exactly
     * @param maxDefinitionLevel the column's, or -1 not to check the histogram length exactly
     */
    public String problem(OffsetIndex offsetIndex, PhysicalType type, int typeLength,
            int maxRepetitionLevel, int maxDefinitionLevel) {
        if (offsetIndex == null) {
            return "a ColumnIndex without an OffsetIndex cannot locate its pages";
        }
        if (nullPages == null) {
            return "the ColumnIndex has no null_pages (a required field)";
        }
        if (minValues == null || maxValues == null) {
            return "the ColumnIndex has no " + (minValues == null ? "min_values" : "max_values")
                    + " (a required field)";
        }
        if (boundaryOrderCode == ABSENT) {
            return "the ColumnIndex has no boundary_order (a required field)";
        }
        if (boundaryOrderCode < 0 || boundaryOrderCode > BoundaryOrder.DESCENDING.ordinal()) {
            return "the ColumnIndex's boundary_order is " + boundaryOrderCode + ", which pqlab does not know";
        }
        int n = offsetIndex.pageCount();
        String p = count("null_pages", nullPages.length, n);
        if (p == null) p = count("min_values", minValues.size(), n);
        if (p == null) p = count("max_values", maxValues.size(), n);
        if (p == null && nullCounts != null) p = count("null_counts", nullCounts.length, n);
        if (p == null && nanCounts != null) p = count("nan_counts", nanCounts.length, n);
        if (p == null) p = histogram("repetition", repetitionLevelHistograms, n, maxRepetitionLevel);
        if (p == null) p = histogram("definition", definitionLevelHistograms, n, maxDefinitionLevel);
        if (p == null) p = negative("repetition level histograms", repetitionLevelHistograms);
        if (p == null) p = negative("definition level histograms", definitionLevelHistograms);
        if (p != null) {
            return p;
        }
        int width = type == null ? -1
                : type == PhysicalType.FIXED_LEN_BYTE_ARRAY ? typeLength
                : type == PhysicalType.BOOLEAN ? 1
                : type.plainWidth();
        for (int i = 0; i < n; i++) {
            if (nullPages[i] && maxDefinitionLevel == 0) {
                // A required column holds no nulls: an index that says otherwise (parquet-mr 1.13
                // wrote such indexes) would skip pages full of values.
                return "page " + i + " is marked as holding only nulls, but the column is required";
            }
            if (nullPages[i]) {
                continue;
            }
            byte[] lo = minValues.get(i);
            byte[] hi = maxValues.get(i);
            if (lo == null || hi == null) {
                return "page " + i + " is not a null page but has no bounds";
            }
            if (width >= 0 && (lo.length != width || hi.length != width)) {
                return "page " + i + "'s bounds are " + lo.length + " and " + hi.length + " bytes, not the "
                        + width + " of " + type;
            }
        }
        return null;
    }

    private static String count(String what, int have, int pages) {
        return have == pages ? null
                : "the ColumnIndex has " + have + " " + what + " entries for " + pages + " pages";
    }

    private static String histogram(String what, long[] h, int pages, int maxLevel) {
        if (h == null) {
            return null;
        }
        boolean ok = maxLevel >= 0 ? h.length == (long) pages * (maxLevel + 1)
                : pages == 0 ? h.length == 0 : h.length % pages == 0;
        return ok ? null
                : "the ColumnIndex's " + what + " level histograms have " + h.length + " entries for "
                        + pages + " pages" + (maxLevel >= 0 ? " of " + (maxLevel + 1) + " levels" : "");
    }

    private static String negative(String what, long[] a) {
        if (a != null) {
            for (int i = 0; i < a.length; i++) {
                if (a[i] < 0) {
                    return "the ColumnIndex's " + what + " hold a negative count at entry " + i;
                }
            }
        }
        return null;
    }
}
