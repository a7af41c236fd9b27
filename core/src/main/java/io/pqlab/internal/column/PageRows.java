package io.pqlab.internal.column;

import io.pqlab.internal.encoding.Binaries;

/**
 * (par) A few rows of a flat column's decoded pages copied into one page of their own, so that a
 * batch of a rare condition queued on a scan's pool holds its rows, not the whole pages they lie
 * in ({@code io.pqlab.scan.PooledRows}). Reads the pages only (levels, values, a dictionary page's
 * indices), never their lazy caches ({@link ColumnBatch#valueIndexes()}, the gathered strings):
 * a page shared with the batch before may be read by another thread meanwhile.
 */
public final class PageRows {
    private PageRows() {}

    /**
     * Entries {@code [from[s], from[s] + count[s])} of {@code pages[s]}, for s in [0, runs), in
     * that order, as one page whose entry k is the k-th of them (its rows are not consecutive in
     * the row group: {@link ColumnBatch#firstRow()} is that of the first page, meaningful for no
     * other row). A flat column only (no repetition levels: an entry is a row); every page of
     * the same column. The result keeps the first page's position (page index, offset, encoding)
     * for messages, and shares no array with the pages.
     */
    public static ColumnBatch copy(ColumnBatch[] pages, int[] from, int[] count, int runs) {
        if (runs <= 0) {
            throw new IllegalArgumentException("no rows to copy");
        }
        ColumnBatch first = pages[0];
        if (first.maxRep > 0) {
            throw new IllegalArgumentException("a repeated column's rows are not copied: " + first.column.dottedPath());
        }
        long n = 0;
        long bytes = 0;
        for (int s = 0; s < runs; s++) {
            ColumnBatch p = pages[s];
            if (p.column != first.column || from[s] < 0 || count[s] < 0 || from[s] + count[s] > p.entryCount) {
                throw new IllegalArgumentException("entries " + from[s] + "+" + count[s] + " of " + p);
            }
            n += count[s];
        }
        ColumnBatch b = new ColumnBatch(first.column, first.type);
        b.pageIndex = first.pageIndex;
        b.pageOffset = first.pageOffset;
        b.pageLength = first.pageLength;
        b.pageType = first.pageType;
        b.encoding = first.encoding;
        b.firstRow = first.firstRow + from[0];
        b.rowCount = (int) n;
        b.entryCount = (int) n;
        // a page of an optional column may have no levels filled (no null in it: one run of the
        // maximum), so levels come from the column, not the first page: the copy of a page with
        // nulls after one without must keep its nulls
        boolean levels = first.maxDef > 0;
        b.def = levels ? new int[b.entryCount] : null;
        // each run's first value index, counted from its page's levels (not the page's lazy index)
        int[] v0 = new int[runs];
        int values = 0;
        int e = 0; // the run's first entry in the copy
        for (int s = 0; s < runs; s++) {
            ColumnBatch p = pages[s];
            if (p.def == null || p.allDefined) {
                v0[s] = from[s];
                values += count[s];
                if (levels) {
                    java.util.Arrays.fill(b.def, e, e + count[s], first.maxDef);
                }
            } else {
                // runs of one page come in ascending order: count on from the run before
                v0[s] = s > 0 && pages[s - 1] == p && from[s - 1] <= from[s]
                        ? v0[s - 1] + defined(p, from[s - 1], from[s]) : defined(p, 0, from[s]);
                System.arraycopy(p.def, from[s], b.def, e, count[s]);
                values += defined(p, from[s], from[s] + count[s]);
            }
            e += count[s];
        }
        b.valueCount = values;
        b.allDefined = b.valueCount == b.entryCount;
        switch (first.physical) {
            case BOOLEAN -> b.booleans = new boolean[values];
            case INT32 -> b.ints = new int[values];
            case INT64 -> b.longs = new long[values];
            case FLOAT -> b.floats = new float[values];
            case DOUBLE -> b.doubles = new double[values];
            default -> {
                for (int s = 0; s < runs; s++) {
                    bytes += valueBytes(pages[s], v0[s], defined(pages[s], from[s], from[s] + count[s]));
                }
                if (bytes > Binaries.MAX_BYTES) {
                    throw new IllegalArgumentException("rows too large to copy: " + bytes + " bytes");
                }
                b.binaries = new Binaries(values, (int) bytes);
            }
        }
        int at = 0;
        for (int s = 0; s < runs; s++) {
            ColumnBatch p = pages[s];
            int k = p.def == null || p.allDefined ? count[s] : defined(p, from[s], from[s] + count[s]);
            int v = v0[s];
            switch (first.physical) {
                case BOOLEAN -> System.arraycopy(p.booleans, v, b.booleans, at, k);
                case INT32 -> System.arraycopy(p.ints, v, b.ints, at, k);
                case INT64 -> System.arraycopy(p.longs, v, b.longs, at, k);
                case FLOAT -> System.arraycopy(p.floats, v, b.floats, at, k);
                case DOUBLE -> System.arraycopy(p.doubles, v, b.doubles, at, k);
                default -> {
                    if (p.valuesInDictionary()) {
                        for (int j = 0; j < k; j++) {
                            b.binaries.append(p.dictionary, p.dictIndices[v + j]);
                        }
                    } else {
                        Binaries src = p.binaries();
                        for (int j = 0; j < k; j++) {
                            b.binaries.append(src, v + j);
                        }
                    }
                }
            }
            at += k;
        }
        return b;
    }

    /** Entries of [from, to) of p that hold a value. */
    private static int defined(ColumnBatch p, int from, int to) {
        if (p.def == null || p.allDefined) {
            return to - from;
        }
        int[] d = p.def;
        int max = p.maxDef;
        int n = 0;
        for (int e = from; e < to; e++) {
            n += d[e] == max ? 1 : 0;
        }
        return n;
    }

    /** The bytes of byte-array values [v, v + k) of p. */
    private static long valueBytes(ColumnBatch p, int v, int k) {
        long sum = 0;
        if (p.valuesInDictionary()) {
            Binaries d = p.dictionary;
            for (int j = 0; j < k; j++) {
                sum += d.length(p.dictIndices[v + j]);
            }
            return sum;
        }
        Binaries b = p.binaries();
        for (int j = 0; j < k; j++) {
            sum += b.length(v + j);
        }
        return sum;
    }
}
