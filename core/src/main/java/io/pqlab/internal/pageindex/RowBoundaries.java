package io.pqlab.internal.pageindex;

import io.pqlab.internal.format.FileMetaData;
import io.pqlab.internal.format.KeyValue;
import io.pqlab.internal.stats.WriterVersion;

/**
 * Whether the pages of a repeated column's chunk can be taken to hold the rows the OffsetIndex
 * gives them, {@code [first_row_index(i), first_row_index(i + 1))}. The format requires it
 * (parquet.thrift: "If an OffsetIndex is present, a page must begin at a row boundary
 * (repetition_level = 0)"), but v1 pages may split a row where there is no index, and writers
 * have split rows with one: arrow-go wrote V1 pages beginning mid-row with its page index on
 * (arrow-go #887, 2026), hyparquet-writer split list rows until its PR #45, Arrow C++'s column
 * writer cut pages by size alone until it learned to keep records whole (apache/arrow #34142). A
 * row split across pages has elements in a page whose rows, by the index, do not include it: its
 * bounds would rule the row out where it matches, a wrong answer.
 *
 * <p>Level histograms cannot show a split (each page still counts the rows that start in it), so
 * the writer must be one known to cut pages only at rows: parquet-mr / parquet-java from 1.11, where
 * pages are written only at the end of a record (the release that brought the page index). Where
 * the ColumnIndex has level histograms, they must also agree with the OffsetIndex: the rows
 * starting in each page (repetition level 0) are the rows it gives, and the entries add up to the
 * chunk's num_values. A first_row_index edited or miswritten is caught there.
 */
public final class RowBoundaries {
    private RowBoundaries() {}

    /** Whether the writer is one known to start every page on a row: parquet-mr / parquet-java from 1.11. */
    static boolean writerCutsAtRows(String createdBy) {
        WriterVersion w = WriterVersion.parse(createdBy);
        return w != null && w.application().equalsIgnoreCase("parquet-mr") && !w.isBefore("parquet-mr", 1, 11, 0);
    }

    /**
     * The writer of a file's pages that is not known to cut them at rows, or null when every one
     * is. A file's created_by names the last tool to write it; parquet-java's rewriter and joiner
     * (prune, a codec change, masking, encryption) copy column chunks byte for byte, pages and page
     * index alike, and keep their source files' writers in the key-value entry
     * {@code original.created.by} (one per line): those wrote the pages, so each must be known too.
     */
    public static String writerNotCuttingAtRows(FileMetaData md) {
        if (!writerCutsAtRows(md.createdBy())) {
            return md.createdBy() == null ? "" : md.createdBy();
        }
        for (KeyValue kv : md.keyValueMetadata()) {
            if ("original.created.by".equals(kv.key())) {
                if (kv.value() == null) {
                    return "";
                }
                for (String line : kv.value().split("\n")) {
                    if (!line.isBlank() && !writerCutsAtRows(line)) {
                        return line;
                    }
                }
            }
        }
        return null;
    }

    /**
     * Why the chunk's pages cannot be taken to start on rows, in words, or null when they can.
     *
     * @param md the file's metadata (its writers: {@link #writerNotCuttingAtRows})
     * @param ci the chunk's ColumnIndex, or null when not at hand (its histograms are then not checked)
     * @param oi the chunk's OffsetIndex, already checked by {@link OffsetIndex#problem}
     * @param numValues the chunk's num_values (level entries)
     * @param rows the row group's rows
     */
    public static String problem(FileMetaData md, ColumnIndex ci, OffsetIndex oi, long numValues, int maxRep,
            int maxDef, long rows) {
        String writer = writerNotCuttingAtRows(md);
        if (writer != null) {
            return "pages of a repeated column may split a row unless the writer is known to cut them at rows"
                    + " (parquet-java from 1.11); " + (writer.isBlank() ? "the file names no writer"
                    : "this file's writer (" + writer.strip() + ") is not known to")
                    + ", and a split row's elements would lie in a page whose rows the OffsetIndex does not give";
        }
        if (ci == null) {
            return null;
        }
        int pages = oi.pageCount();
        long[] rep = ci.repetitionLevelHistograms();
        long[] def = ci.definitionLevelHistograms();
        int rl = maxRep + 1;
        int dl = maxDef + 1;
        if (rep != null && rep.length != (long) pages * rl || def != null && def.length != (long) pages * dl) {
            return "the ColumnIndex's level histograms do not have one histogram per page";
        }
        long total = 0;
        for (int i = 0; i < pages; i++) {
            long pageRows = oi.endRow(i, rows) - oi.firstRow(i);
            long repEntries = -1;
            if (rep != null) {
                if (rep[i * rl] != pageRows) {
                    return "page " + i + " starts " + rep[i * rl] + " rows (entries at repetition level 0), but the"
                            + " OffsetIndex gives it rows [" + oi.firstRow(i) + ", " + oi.endRow(i, rows) + ")";
                }
                repEntries = 0;
                for (int k = 0; k < rl; k++) {
                    repEntries += rep[i * rl + k];
                }
            }
            if (def != null) {
                long entries = 0;
                for (int k = 0; k < dl; k++) {
                    entries += def[i * dl + k];
                }
                if (repEntries >= 0 && entries != repEntries) {
                    return "page " + i + "'s histograms count " + repEntries + " repetition and " + entries
                            + " definition levels";
                }
                if (entries < pageRows) {
                    return "page " + i + " has " + entries + " level entries for " + pageRows + " rows";
                }
                long values = def[i * dl + maxDef];
                if (ci.nullPages() != null && ci.isNullPage(i) && values != 0) {
                    return "page " + i + " is marked as holding only nulls, but its histogram counts " + values + " values";
                }
                if (ci.nullPages() != null && !ci.isNullPage(i) && values == 0) {
                    return "page " + i + " has bounds, but its histogram counts no value";
                }
                total += entries;
            }
        }
        if (def != null && total != numValues) {
            return "the pages' histograms count " + total + " level entries, the chunk " + numValues;
        }
        return null;
    }
}
