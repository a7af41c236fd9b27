package io.pqlab.internal.net;

import io.pqlab.ParquetFile;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.Footer;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.format.RowGroup;
import io.pqlab.plan.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the bytes a read fetched were: the one accounting that {@code skipping}, {@code scan
 * --stats}, {@code requests}, {@code map} and their {@code --json} print, under these names and
 * with these values for the same query.
 *
 * <p>Every byte of every request falls in exactly one count, by what the footer says lies there,
 * so the counts add up to {@link #total}, the bytes the source was asked for (the requests'
 * lengths: what a server's log shows). A structure fetched along with others (the footer's
 * suffix read often holds the page indexes) is counted as what it is, whether or not a reader
 * then used it, so that a plan and the scan that executes it count the same requests the same way.
 *
 * @param footer the footer: the FileMetaData, its length and the closing magic
 * @param indexes ColumnIndexes and OffsetIndexes
 * @param filters Bloom filters
 * @param dictionaries dictionary pages, whether read to decide or to decode: each counted once
 * @param dataPages data pages the plan keeps (the ones to decode)
 * @param decoded of {@code dataPages}, the bytes the scan's decoder read; -1 where the data was
 *     not read (the read was only planned). {@code dataPages - decoded} were fetched and not
 *     decoded (late materialisation, a limit, a closed pipe)
 * @param other bytes in no structure the footer names (the leading magic, space between chunks)
 * @param gaps data pages the plan skips that were fetched anyway: in the coalescing gaps between
 *     merged ranges, or inside the footer's suffix read
 * @param total every request's bytes, each request counted (a byte fetched twice, twice)
 */
public record ByteCounts(long footer, long indexes, long filters, long dictionaries, long dataPages, long decoded,
        long other, long gaps, long total) {

    private static final int FOOTER = 0;
    private static final int INDEX = 1;
    private static final int FILTER = 2;
    private static final int DICTIONARY = 3;
    private static final int DATA = 4;

    /** The counts in the order printed, each with its name, total excluded. */
    public long[] parts() {
        return new long[] {footer, indexes, filters, dictionaries, dataPages, other, gaps};
    }

    /** Names of {@link #parts()}, as printed and as JSON keys. */
    public static final List<String> NAMES =
            List.of("footer", "indexes", "filters", "dictionaries", "data_pages", "other", "gaps");

    /**
     * Counts the requests' bytes.
     *
     * @param file the file read (its footer says what lies where)
     * @param requests every request, data ones planned or made
     * @param readerAsked the ranges readers asked of the source ({@link FetchingSource#asked()}): the
     *     decoder's among them are what was decoded
     * @param planSpans the spans the plan's data phase reads (asked for, whether or not read yet)
     * @param dataRead whether the data phase was executed (else {@link #decoded} is -1)
     * @param dictionaries dictionary pages the plan found ({@link io.pqlab.plan.PageRead}s of kind
     *     dictionary): where a writer put one at the data page offset without setting
     *     dictionary_page_offset, the footer alone does not tell it from the data pages (such a
     *     dictionary in a row group the plan skips counts among the gaps)
     */
    public static ByteCounts of(ParquetFile file, List<RequestLog.Request> requests, List<Span> readerAsked,
            List<Span> planSpans, boolean dataRead, List<Span> dictionaries) {
        Ranges kept = Ranges.of(planSpans);
        Ranges decoder = Ranges.of(readerAsked);
        TreeMap<Long, long[]> regions = regions(file, dictionaries);
        long[] kinds = new long[5];
        long other = 0;
        long gaps = 0;
        long decoded = 0;
        long total = 0;
        for (RequestLog.Request r : requests) {
            total += r.length();
            long at = r.offset();
            long end = r.end();
            long covered = 0;
            Map.Entry<Long, long[]> e = regions.floorEntry(at);
            Long key = e != null && e.getValue()[0] > at ? e.getKey() : regions.ceilingKey(at);
            while (key != null && key < end) {
                long[] g = regions.get(key);
                long from = Math.max(key, at);
                long to = Math.min(g[0], end);
                if (to > from) {
                    covered += to - from;
                    if (g[1] == DATA) {
                        long k = kept.overlap(from, to);
                        kinds[DATA] += k;
                        gaps += (to - from) - k; // pages the plan skips
                        decoded += overlap(decoder, kept, from, to);
                    } else {
                        kinds[(int) g[1]] += to - from;
                    }
                }
                key = regions.higherKey(key);
            }
            other += r.length() - covered;
        }
        return new ByteCounts(kinds[FOOTER], kinds[INDEX], kinds[FILTER], kinds[DICTIONARY], kinds[DATA],
                dataRead ? decoded : -1, other, gaps, total);
    }

    /**
     * What lies where, by the footer: start to {end, kind}, none overlapping (where a corrupt
     * footer makes two overlap, the first added keeps the bytes: footer, indexes, filters,
     * dictionaries, data pages).
     */
    private static TreeMap<Long, long[]> regions(ParquetFile file, List<Span> dictionaries) {
        Footer footer = ParquetFiles.footer(file);
        long size = footer.fileSize();
        TreeMap<Long, long[]> regions = new TreeMap<>();
        add(regions, footer.metadataOffset(), size, FOOTER, size);
        List<long[]> filtersOfUnknownLength = new ArrayList<>();
        for (int pass = INDEX; pass <= DATA; pass++) {
            for (RowGroup rg : ParquetFiles.metadata(file).rowGroups()) {
                for (ColumnChunk c : rg.columns()) {
                    if (c == null) {
                        continue;
                    }
                    ColumnMetaData m = c.metaData();
                    switch (pass) {
                        case INDEX -> {
                            add(regions, c.columnIndexOffset(), c.columnIndexOffset() + c.columnIndexLength(), INDEX, size);
                            add(regions, c.offsetIndexOffset(), c.offsetIndexOffset() + c.offsetIndexLength(), INDEX, size);
                        }
                        case FILTER -> {
                            if (m != null && m.bloomFilterOffset() >= 0) {
                                if (m.bloomFilterLength() > 0) {
                                    add(regions, m.bloomFilterOffset(), m.bloomFilterOffset() + m.bloomFilterLength(),
                                            FILTER, size);
                                } else {
                                    filtersOfUnknownLength.add(new long[] {m.bloomFilterOffset()});
                                }
                            }
                        }
                        case DICTIONARY -> {
                            if (m != null && m.chunkStart() < m.dataPageOffset()) {
                                add(regions, m.chunkStart(), m.dataPageOffset(), DICTIONARY, size);
                            }
                        }
                        default -> {
                            if (m != null && m.dataPageOffset() >= 0 && m.totalCompressedSize() > 0) {
                                long start = m.dataPageOffset();
                                long[] dict = regions.get(start);
                                if (dict != null && dict[1] == DICTIONARY) {
                                    start = dict[0]; // a dictionary page at the data page offset
                                }
                                add(regions, start, m.chunkStart() + m.totalCompressedSize(), DATA, size);
                            }
                        }
                    }
                }
            }
            if (pass == DICTIONARY) {
                for (Span d : dictionaries) {
                    add(regions, d.offset(), d.end(), DICTIONARY, size);
                }
            }
            if (pass == FILTER) {
                // a filter without its length: up to whatever the footer places next
                for (long[] f : filtersOfUnknownLength) {
                    Long next = regions.higherKey(f[0]);
                    add(regions, f[0], next == null ? size : next, FILTER, size);
                }
            }
        }
        return regions;
    }

    /** Bytes of [from, to) in both sets. */
    private static long overlap(Ranges a, Ranges b, long from, long to) {
        long n = 0;
        for (Span s : b.spans(from, to)) {
            n += a.overlap(s.offset(), s.end());
        }
        return n;
    }

    private static void add(TreeMap<Long, long[]> regions, long start, long end, int kind, long size) {
        if (start < 0 || end <= start || end > size) {
            return;
        }
        Map.Entry<Long, long[]> before = regions.floorEntry(start);
        if (before != null && before.getValue()[0] > start) {
            return;
        }
        Long after = regions.ceilingKey(start);
        if (after != null && after < end) {
            return;
        }
        regions.put(start, new long[] {end, kind});
    }
}
