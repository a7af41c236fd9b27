package io.pqlab.internal.stats;

import io.pqlab.internal.format.ColumnOrder;
import io.pqlab.schema.ConvertedType;
import io.pqlab.schema.LogicalType;
import io.pqlab.schema.PhysicalType;
import io.pqlab.internal.format.Statistics;
import java.util.Arrays;

/**
 * Decides, for one column of one file, whether a minimum and maximum can be trusted and in what
 * order to compare them (parquet-format's rules on column orders and statistics): the
 * column order, signed against unsigned against byte-wise ordering, the deprecated pair only
 * where its signed order is certainly right, writer bugs by created_by version, NaN bounds,
 * lengths that do not fit the type, and contradictions. Every verdict carries its reason.
 */
public final class StatisticsJudge {
    private final ValueOrder order;
    private final ColumnOrder columnOrder; // null: the file declares none
    private final WriterVersion writer;
    private final String createdBy;
    private final boolean binaryPhysical;

    /**
     * @param columnOrder the file's column_orders entry for this column, null when the file has none
     * @param createdBy the file's created_by, null when absent
     */
    public StatisticsJudge(PhysicalType physical, LogicalType logical, ConvertedType converted,
            int typeLength, ColumnOrder columnOrder, String createdBy) {
        this.order = new ValueOrder(physical, SortOrder.of(physical, logical, converted), typeLength);
        this.columnOrder = columnOrder;
        this.createdBy = createdBy;
        this.writer = WriterVersion.parse(createdBy);
        this.binaryPhysical = physical == PhysicalType.BYTE_ARRAY || physical == PhysicalType.FIXED_LEN_BYTE_ARRAY;
    }

    /** The order values of this column compare in. */
    public ValueOrder order() {
        return order;
    }

    /** Judges a column chunk's (or a page header's) statistics describing numValues values. */
    public TrustedStatistics judge(Statistics s, long numValues) {
        if (s == null) {
            return TrustedStatistics.countsOnly("no statistics", -1, -1, numValues);
        }
        long nullCount = count(s.nullCount(), numValues);
        long nanCount = count(s.nanCount(), numValues);
        if (order.order() == SortOrder.UNDEFINED) {
            return TrustedStatistics.countsOnly(undefinedOrderReason(), nullCount, nanCount, numValues);
        }
        String refused = boundsRefused();
        if (refused != null) {
            return TrustedStatistics.countsOnly(refused, nullCount, nanCount, numValues);
        }
        String rejected = null;
        if (s.minValue() != null && s.maxValue() != null) {
            String problem = newPairProblem(s.minValue(), s.maxValue());
            if (problem == null) {
                return checked(s.minValue(), s.maxValue(), "min_value and max_value",
                        Boolean.TRUE.equals(s.minValueExact()), Boolean.TRUE.equals(s.maxValueExact()),
                        nullCount, nanCount, numValues);
            }
            rejected = problem;
        }
        if (s.min() != null && s.max() != null) {
            String problem = legacyPairProblem(s.min(), s.max());
            if (problem == null) {
                // The deprecated pair was never marked exact; treat its bounds as bounds only.
                return checked(s.min(), s.max(), "the deprecated min and max", false, false,
                        nullCount, nanCount, numValues);
            }
            rejected = rejected == null ? problem : rejected + "; " + problem;
        }
        if (rejected == null) {
            rejected = "no minimum and maximum recorded";
        }
        return TrustedStatistics.countsOnly(rejected, nullCount, nanCount, numValues);
    }

    /**
     * Judges one page's bounds from a ColumnIndex. Column-index bounds have no exactness flags and
     * are always bounds only; null pages are the caller's to handle before this.
     */
    public TrustedStatistics judgePage(byte[] min, byte[] max, long nullCount, long nanCount, long numValues) {
        if (order.order() == SortOrder.UNDEFINED) {
            return TrustedStatistics.countsOnly(undefinedOrderReason(), nullCount, nanCount, numValues);
        }
        String refused = boundsRefused();
        if (refused != null) {
            return TrustedStatistics.countsOnly(refused, nullCount, nanCount, numValues);
        }
        if (min == null || max == null) {
            return TrustedStatistics.countsOnly("the page has no bounds", nullCount, nanCount, numValues);
        }
        String problem = newPairProblem(min, max);
        if (problem != null) {
            return TrustedStatistics.countsOnly(problem, nullCount, nanCount, numValues);
        }
        return checked(min, max, PAGE_BOUNDS, false, false, nullCount, nanCount, numValues);
    }

    /**
     * Why no minimum or maximum of this column is used at all (chunk or page, new pair or
     * deprecated), or null. parquet.thrift: a reader that does not know the column order must
     * ignore the column's min and max.
     */
    public String boundsRefused() {
        if (columnOrder == ColumnOrder.UNKNOWN) {
            return "the file declares a column order pqlab does not know for this column, so none of its "
                    + "minimums and maximums is used";
        }
        if ((order.order() == SortOrder.FLOAT || order.order() == SortOrder.FLOAT16) && isPolars(createdBy)) {
            // Polars 1.44 leaves pages holding NaN out of a float chunk's bounds and writes them as
            // null pages (issue 20); its created_by has no version to narrow the guard to.
            return "floating-point bounds written by Polars are not trusted: Polars leaves pages holding NaN "
                    + "out of them";
        }
        return null;
    }

    /** Whether created_by names Polars ("Polars", perhaps followed by a version). */
    static boolean isPolars(String createdBy) {
        if (createdBy == null) {
            return false;
        }
        String s = createdBy.strip();
        return s.regionMatches(true, 0, "polars", 0, 6) && (s.length() == 6 || Character.isWhitespace(s.charAt(6)));
    }

    private String newPairProblem(byte[] min, byte[] max) {
        boolean typeDefined = columnOrder == ColumnOrder.TYPE_DEFINED
                || (columnOrder == ColumnOrder.IEEE_754_TOTAL_ORDER
                        && (order.order() == SortOrder.FLOAT || order.order() == SortOrder.FLOAT16));
        // Without column_orders the format leaves min_value and max_value undefined. For signed
        // integers, floating point and booleans only one order was ever used, the one the
        // deprecated pair used too, so they are still bounds; for strings, binary, unsigned
        // integers and decimals in bytes writers disagreed, so those are refused.
        boolean unambiguous = columnOrder == null && order.order().agreesWithLegacySignedOrder();
        if (!typeDefined && !unambiguous && !Arrays.equals(min, max)) {
            return columnOrder == null
                    ? "the file declares no column order, so min_value and max_value of " + order.order().describe()
                            + " have no defined meaning"
                    : "the column order " + columnOrder + " is not one this reader can use";
        }
        if (order.order() == SortOrder.DECIMAL_BYTES && physicalIsFixed() && writer != null
                && (writer.isBefore("parquet-cpp", 4, 0, 0) || writer.isBefore("parquet-cpp-arrow", 4, 0, 0))) {
            return "decimal bounds from " + writer.application() + " before 4.0.0 are wrong (PARQUET-1655)";
        }
        if (!order.order().agreesWithLegacySignedOrder() && !Arrays.equals(min, max) && writer != null
                && writer.isBefore("parquet-cpp", 1, 3, 0)) {
            return "parquet-cpp before 1.3.0 ordered these values as signed";
        }
        return null;
    }

    private String legacyPairProblem(byte[] min, byte[] max) {
        boolean equal = Arrays.equals(min, max);
        if (binaryPhysical && legacyBinaryCorrupt()) {
            // PARQUET-251: parquet-mr before 1.8.0 could write binary statistics from reused buffers.
            return "binary statistics from " + (createdBy == null ? "an unnamed writer" : createdBy)
                    + " may be corrupt (PARQUET-251)";
        }
        if (order.order().agreesWithLegacySignedOrder() || equal) {
            return null;
        }
        return "the deprecated min and max were compared as signed values, not as " + order.order().describe();
    }

    private boolean legacyBinaryCorrupt() {
        if (writer == null) {
            return true; // no or unparsable created_by: parquet-java ignores these too
        }
        return writer.isBefore("parquet-mr", 1, 8, 0);
    }

    private boolean physicalIsFixed() {
        return order.physical() == PhysicalType.FIXED_LEN_BYTE_ARRAY;
    }

    private TrustedStatistics checked(byte[] min, byte[] max, String source, boolean minExact,
            boolean maxExact, long nullCount, long nanCount, long numValues) {
        String problem = null;
        if (!order.validLength(min) || !order.validLength(max)) {
            problem = source + " do not have the length a " + order.physical() + " value needs";
        } else if (order.isNaN(min) || order.isNaN(max)) {
            problem = source + " include NaN, which bounds nothing";
        } else if (order.compare(min, max) > 0) {
            problem = source + " contradict each other: the minimum is above the maximum";
        }
        if (problem != null) {
            return TrustedStatistics.countsOnly(problem, nullCount, nanCount, numValues);
        }
        String why;
        if (source == PAGE_BOUNDS) {
            why = pageWhy; // a String: safe to publish by a racy single check
            if (why == null) {
                pageWhy = why = source + " in the order of " + order.order().describe();
            }
        } else {
            why = source + " in the order of " + order.order().describe();
        }
        return new TrustedStatistics(min, max, why, minExact, maxExact, nullCount, nanCount, numValues);
    }

    private static final String PAGE_BOUNDS = "the page's bounds";
    /** checked()'s reason for a page, built once: a plan judges every page of a ColumnIndex, some twice. */
    private String pageWhy;

    private String undefinedOrderReason() {
        if (order.physical() == PhysicalType.INT96) {
            return "INT96 values have no defined order";
        }
        return "this column's type has no defined order";
    }

    /** A recorded count, or -1 where absent or impossible (negative, or more than the values). */
    private static long count(long recorded, long numValues) {
        if (recorded < 0) {
            return -1;
        }
        if (numValues >= 0 && recorded > numValues) {
            return -1;
        }
        return recorded;
    }
}
