package io.pqlab.internal.stats;

import io.pqlab.schema.PhysicalType;
import io.pqlab.internal.format.Statistics;
import io.pqlab.internal.pageindex.ColumnIndex;

/**
 * A chunk's page index held to the chunk's own statistics (issue 20, docs/design/trust.md rule
 * 7). Where the two disagree, one of them lies, and a skip could rest on the liar: the planner
 * then uses neither the index nor (where not already used) the statistics for that chunk.
 */
public final class IndexTrust {
    private IndexTrust() {}

    /**
     * Why the ColumnIndex cannot be used with the chunk's statistics, in words, or null. Checked:
     * the column's bounds are not refused outright ({@link StatisticsJudge#boundsRefused}); the
     * pages' null counts, where every page and the chunk count them, sum to the chunk's null count
     * (a column without repetition: one level per row); and, for fixed-width types (whose bounds
     * are never truncated), no trusted page bound lies outside the chunk's trusted bounds.
     *
     * @param pages every page of the index as {@code judge} judged it (a page of nulls without
     *     bounds): the bounds compared here are the ones the planner then uses, judged once
     * @param chunkStats the chunk's statistics, or null
     * @param numValues the chunk's num_values
     * @param maxRepetitionLevel the column's
     */
    public static String contradiction(StatisticsJudge judge, ColumnIndex ci, TrustedStatistics[] pages, Statistics chunkStats,
            long numValues, int maxRepetitionLevel) {
        String refused = judge.boundsRefused();
        if (refused != null) {
            return refused;
        }
        if (chunkStats == null) {
            return null;
        }
        if (maxRepetitionLevel == 0 && chunkStats.nullCount() >= 0) {
            long sum = 0;
            boolean all = true;
            for (int i = 0; i < pages.length && all; i++) {
                all = ci.nullCount(i) >= 0;
                sum += Math.max(0, ci.nullCount(i));
            }
            if (all && sum != chunkStats.nullCount()) {
                return "its pages count " + sum + " nulls but the chunk's statistics " + chunkStats.nullCount();
            }
        }
        ValueOrder order = judge.order();
        PhysicalType p = order.physical();
        if (p == PhysicalType.BYTE_ARRAY || p == PhysicalType.FIXED_LEN_BYTE_ARRAY && order.order() != SortOrder.FLOAT16) {
            return null; // bounds may be truncated differently in the chunk and the pages
        }
        TrustedStatistics chunk = judge.judge(chunkStats, numValues);
        if (!chunk.hasBounds()) {
            return null;
        }
        for (int i = 0; i < pages.length; i++) {
            TrustedStatistics page = pages[i];
            if (ci.isNullPage(i) || !page.hasBounds()) {
                continue;
            }
            if (order.compare(page.min(), chunk.min()) < 0 || order.compare(page.max(), chunk.max()) > 0) {
                return "page " + i + "'s bounds lie outside the chunk's statistics (" + chunk.why() + ")";
            }
        }
        return null;
    }
}
