package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.internal.column.AheadBudget;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.internal.predicate.Binder;
import io.pqlab.oracle.ParquetJava;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.LongPredicate;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.Page;

/**
 * (reuse) The consumer of the release tests ({@link ReleasedBatchesTest}, {@link ReleaseSealTest},
 * {@link PlainV2PagesReleasedTest}, {@link LastBatchSealTest}): scans a file through a
 * {@link Scanner} (on the pool at more than one thread however small the file), holds the rows to
 * the query's (the first {@code limit} rows {@code matches} holds, in order), checks each batch's
 * values as it comes, releases it unless {@code keep} keeps it (by its index in the scan), and
 * once the scan is over checks every kept batch again (the tests poison the arrays given back, so
 * a kept batch viewing one reads garbage). What it saw comes back for the give-back counts
 * ({@link #givenBackBounds}), derived from the batches' rows and the file's pages as parquet-java
 * reads them, not from the scan's timing.
 */
final class ReleasingScan {
    private ReleasingScan() {}

    /** Every value of a batch against the writer's (the rows' order is checked by the scan). */
    interface Check {
        void check(RowBatch b, String context);
    }

    /**
     * What the consumer saw: the scan's budget (its counters), each batch's row numbers in order,
     * the indexes of the kept batches, and the batches the pool compacted (a kept copy holds no page).
     */
    record Seen(AheadBudget budget, List<long[]> batches, BitSet kept, long compacted, String context) {
        /** Viewed pages' buffers given back by their last release ({@link AheadBudget#viewCounts}). */
        long givenBack() {
            return budget.viewCounts()[1];
        }

        List<long[]> keptRows() {
            List<long[]> out = new ArrayList<>();
            kept.stream().forEach(k -> out.add(batches.get(k)));
            return out;
        }
    }

    /** {@code columns} null: every column; {@code query} gives the threads and the limit. */
    static Seen scan(Path file, String condition, List<Integer> columns, Query query, LongPredicate matches, long fileRows,
            IntPredicate keep, Check check) throws IOException {
        String context = (condition == null ? "every row" : condition) + (query.limit() >= 0 ? ", limit " + query.limit() : "")
                + " at " + query.threads() + " threads on " + file.getFileName();
        List<RowBatch> kept = new ArrayList<>();
        List<long[]> batches = new ArrayList<>();
        BitSet keptAt = new BitSet();
        AheadBudget budget;
        long compacted;
        long want = 0;
        long returned = 0;
        try (ParquetFile pf = ParquetFile.open(file)) {
            BoundQuery q = BoundQuery.of(condition == null ? null : Binder.bind(condition, pf.schema()), columns, query);
            try (Scanner sc = Scanner.open(pf, q, PageSource.AHEAD_BYTES, 0)) { // no INLINE_BYTES cut
                budget = sc.aheadBudget();
                int k = 0;
                for (RowBatch b = sc.next(); b != null; b = sc.next(), k++) {
                    String ctx = context + ", batch " + k;
                    long[] rows = new long[b.size()];
                    for (int i = 0; i < b.size(); i++) {
                        while (want < fileRows && !matches.test(want)) {
                            want++;
                        }
                        rows[i] = b.rowNumber(i);
                        if (rows[i] != want) {
                            throw new AssertionError("row " + rows[i] + " returned, the next match is " + want + ": " + ctx);
                        }
                        want++;
                    }
                    returned += b.size();
                    batches.add(rows);
                    check.check(b, ctx + " as it came");
                    if (keep.test(k)) {
                        kept.add(b);
                        keptAt.set(k);
                    } else {
                        b.release();
                    }
                }
                compacted = sc.batchesCompacted();
            }
        }
        if (query.limit() >= 0 && returned >= query.limit()) {
            assertThat(returned).as("rows returned: %s", context).isEqualTo(query.limit());
        } else {
            while (want < fileRows && !matches.test(want)) {
                want++;
            }
            assertThat(want).as("rows after the last returned: %s", context).isEqualTo(fileRows);
        }
        for (RowBatch b : kept) {
            check.check(b, context + ", a kept batch after the scan");
        }
        return new Seen(budget, batches, keptAt, compacted, context);
    }

    /**
     * A column's data pages as parquet-java reads them: page p holds rows [bounds[p], bounds[p + 1])
     * of the file (the last bound is the file's row count); {@code valueless}: the pages whose
     * every row is null, which have no values to view (so no lease).
     */
    record Leased(long[] bounds, BitSet valueless) {
        int pages() {
            return bounds.length - 1;
        }

        /** The pages with values holding any of these rows. */
        BitSet holding(List<long[]> batches) {
            BitSet out = new BitSet();
            for (long[] rows : batches) {
                for (long r : rows) {
                    int p = java.util.Arrays.binarySearch(bounds, r);
                    out.set(p >= 0 ? p : -p - 2); // the page whose first row is the last at or before r
                }
            }
            out.andNot(valueless);
            return out;
        }
    }

    /** Column c's {@link Leased} pages, from parquet-java's page reader and values (a flat column: a v1 page's entries are its rows). */
    static Leased pages(Path file, int column) {
        List<Long> starts = new ArrayList<>();
        BitSet valueless = new BitSet();
        long row = 0;
        int groups = ParquetJava.footer(file).getBlocks().size();
        for (int g = 0; g < groups; g++) {
            List<Object> values = ParquetJava.values(file, g, column);
            long groupStart = row;
            for (Page p : ParquetJava.pages(file, g, column)) {
                if (p instanceof DataPage d) {
                    long end = row + (d instanceof DataPageV2 v2 ? v2.getRowCount() : ((DataPageV1) d).getValueCount());
                    if (values.subList((int) (row - groupStart), (int) (end - groupStart)).stream()
                            .allMatch(java.util.Objects::isNull)) {
                        valueless.set(starts.size());
                    }
                    starts.add(row);
                    row = end;
                }
            }
        }
        starts.add(row);
        return new Leased(starts.stream().mapToLong(Long::longValue).toArray(), valueless);
    }

    /**
     * What a scan read to its end must have given back of the leased pages (PLAIN string pages
     * with values, each column's {@link #pages}), whatever the order the pool made its batches
     * in: at least the pages holding a returned row but no kept batch's row (each was decoded,
     * and every batch holding it was released, or was the scan's own and dropped when
     * compacted); at most every page but those holding a kept batch's row, and where the pool
     * compacted batches (a kept copy holds no page; which ones depends on timing), every page.
     * So where every page holds a returned row and nothing is compacted, or nothing is kept, it
     * is exact.
     */
    static long[] givenBackBounds(Seen s, Leased... leased) {
        long lo = 0;
        long hi = 0;
        for (Leased l : leased) {
            BitSet heldByKept = l.holding(s.keptRows());
            BitSet read = l.holding(s.batches());
            read.andNot(heldByKept);
            lo += read.cardinality();
            hi += l.pages() - l.valueless().cardinality() - (s.compacted() == 0 ? heldByKept.cardinality() : 0);
        }
        return new long[] {lo, hi};
    }

    /** {@link #givenBackBounds}: the scan's count within them; the count. */
    static long assertGivenBack(Seen s, Leased... leased) {
        long[] b = givenBackBounds(s, leased);
        assertThat(s.givenBack()).as("viewed buffers given back (%d batches, %d kept, %d compacted): %s",
                s.batches().size(), s.kept().cardinality(), s.compacted(), s.context()).isBetween(b[0], b[1]);
        return s.givenBack();
    }
}
