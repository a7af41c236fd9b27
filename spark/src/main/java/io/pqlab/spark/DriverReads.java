package io.pqlab.spark;

import io.pqlab.DatasetOptions;
import io.pqlab.FileException;
import io.pqlab.internal.dataset.CachingSource;
import io.pqlab.internal.dataset.MetadataCache;
import io.pqlab.internal.dataset.Openers;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.Footer;
import io.pqlab.internal.format.FooterReader;
import io.pqlab.internal.format.MetadataDecoder;
import io.pqlab.internal.format.RowGroup;
import io.pqlab.io.ForwardingSource;
import io.pqlab.io.ByteSource;
import io.pqlab.io.ListedFile;
import io.pqlab.io.ObjectLister;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The driver's reads of a scan's files, kept so that each task can be handed what its executor
 * would otherwise fetch again ({@link Shipped}): the driver plans through a store that serves the
 * table's files as the table listed them (no listing again) and records every read beneath the
 * dataset's own caching; the metadata cache's entry, where the read has one, counts as read.
 *
 * <p>A task's share is bounded ({@link #ship}): Spark sends each task its partition, so a
 * partition of many files with wide footers must not make a task of megabytes. Within the bound,
 * each piece gets its file's footer first (whole, or only its place, which still saves the
 * executor a tail read of a guessed size), then its row groups' page indexes, Bloom filters and
 * the dictionaries the driver read to decide.
 */
final class DriverReads {
    private final Map<String, ListedFile> files = new LinkedHashMap<>();
    private final CachingSource.Opener opener;
    private final MetadataCache cache;
    private final Map<String, List<MetadataCache.Range>> reads = new ConcurrentHashMap<>();
    private final Map<String, Optional<Footer>> footers = new ConcurrentHashMap<>();

    /**
     * What the driver keeps of its reads in all, across the table's files: an eighth of its heap,
     * at most 256 MiB. Past it a read is not kept and a file's task reads for itself (shipping is
     * a saving, never needed), so a table of many files cannot fill the driver with tail reads.
     */
    static final long RECORD_BYTES = Math.min(256L << 20, Runtime.getRuntime().maxMemory() / 8);

    private final java.util.concurrent.atomic.AtomicLong recordLeft;

    DriverReads(List<ListedFile> listed, DatasetOptions o) throws IOException {
        this(listed, o, RECORD_BYTES);
    }

    DriverReads(List<ListedFile> listed, DatasetOptions o, long recordBytes) throws IOException {
        this.recordLeft = new java.util.concurrent.atomic.AtomicLong(recordBytes);
        listed.forEach(f -> files.put(f.location(), f));
        this.opener = Openers.of(o.stores(), o.retry());
        this.cache = o.cache() == null ? null : new MetadataCache(o.cache());
    }

    /** {@code o} planning through this: the table's files as listed, each read recorded. */
    DatasetOptions apply(DatasetOptions o) {
        ObjectLister recorder = new ObjectLister() {
            @Override
            public boolean handles(String location) {
                return files.containsKey(location);
            }

            @Override
            public List<ListedFile> list(String prefix) {
                ListedFile f = files.get(prefix);
                return f == null ? List.of() : List.of(f);
            }

            @Override
            public ByteSource open(ListedFile file) throws IOException {
                List<MetadataCache.Range> got = reads.computeIfAbsent(file.location(),
                        k -> Collections.synchronizedList(new ArrayList<>()));
                return new ForwardingSource(opener.open(file)) {
                    @Override
                    public void readFully(long offset, byte[] dst, int dstOffset, int length) throws IOException {
                        inner.readFully(offset, dst, dstOffset, length);
                        if (recordLeft.addAndGet(-length) >= 0) {
                            got.add(new MetadataCache.Range(offset, java.util.Arrays.copyOfRange(dst, dstOffset,
                                    dstOffset + length)));
                        } else {
                            recordLeft.addAndGet(length); // not kept: the budget stays for smaller reads
                        }
                    }
                };
            }
        };
        List<ObjectLister> stores = new ArrayList<>();
        stores.add(recorder);
        stores.addAll(o.stores());
        return o.withStores(stores);
    }

    /** The bytes of the reads kept so far (at most the budget given at construction). */
    long recorded() {
        long n = 0;
        for (List<MetadataCache.Range> got : reads.values()) {
            synchronized (got) {
                for (MetadataCache.Range r : got) {
                    n += r.bytes().length;
                }
            }
        }
        return n;
    }

    /** The table's files, in its order. */
    List<String> locations() {
        return List.copyOf(files.keySet());
    }

    /** What the driver read of a file: its recorded reads, then its metadata cache entry's ranges. */
    private List<MetadataCache.Range> read(ListedFile f) {
        List<MetadataCache.Range> got = reads.getOrDefault(f.location(), List.of());
        List<MetadataCache.Range> r;
        synchronized (got) {
            r = new ArrayList<>(got);
        }
        if (cache != null) {
            r.addAll(cache.load(f));
        }
        return r;
    }

    /** The file's footer, decoded again from what was read; empty where that does not hold it (or it is encrypted). */
    private Optional<Footer> footer(ListedFile f) {
        return footers.computeIfAbsent(f.location(), k -> {
            try (Shipped.Source s = new Shipped.Source(f, Shipped.of(-1, read(f)), null)) {
                return Optional.of(FooterReader.read(s, MetadataDecoder.Options.ALL));
            } catch (IOException | FileException e) {
                return Optional.empty(); // the executor reads it as if nothing were shipped
            }
        });
    }

    /**
     * The pieces of one task with what is shipped to each, at most {@code budget} bytes in all:
     * first each piece's footer (in order, while it fits; else only its place), then the rest of
     * each piece's metadata read by the driver, range by range while it fits.
     */
    List<Splits.Piece> ship(List<Splits.Piece> pieces, long budget) {
        long left = budget;
        List<long[]> footerAt = new ArrayList<>();
        List<List<MetadataCache.Range>> heads = new ArrayList<>();
        List<List<MetadataCache.Range>> rests = new ArrayList<>();
        for (Splits.Piece p : pieces) {
            ListedFile f = files.get(p.file());
            Optional<Footer> footer = f == null ? Optional.empty() : footer(f);
            if (footer.isEmpty()) {
                footerAt.add(new long[] {-1});
                heads.add(List.of());
                rests.add(List.of());
                continue;
            }
            Footer ft = footer.get();
            footerAt.add(new long[] {ft.metadataOffset()});
            // the reads that found the footer (a tail read may hold data pages too: a small file's
            // is all of it) give only metadata; the planner's own reads give its dictionaries too
            List<MetadataCache.Range> tails = new ArrayList<>();
            List<MetadataCache.Range> others = new ArrayList<>();
            for (MetadataCache.Range r : read(f)) {
                (r.end() > ft.metadataOffset() ? tails : others).add(r);
            }
            List<MetadataCache.Range> all = new ArrayList<>(tails);
            all.addAll(others);
            List<MetadataCache.Range> head = Shipped.within(all,
                    List.of(new long[] {0, Math.min(4, f.size())}, new long[] {ft.metadataOffset(), f.size()}));
            long headBytes = head.stream().mapToLong(r -> r.bytes().length).sum();
            if (headBytes <= left) {
                left -= headBytes;
                heads.add(head);
                List<MetadataCache.Range> rest = Shipped.within(tails, regions(ft, p.fromRow(), p.toRow(), false));
                rest.addAll(Shipped.within(others, regions(ft, p.fromRow(), p.toRow(), true)));
                rests.add(rest);
            } else {
                heads.add(List.of());
                rests.add(List.of());
            }
        }
        List<Splits.Piece> out = new ArrayList<>();
        for (int i = 0; i < pieces.size(); i++) {
            List<MetadataCache.Range> ranges = new ArrayList<>(heads.get(i));
            for (MetadataCache.Range r : rests.get(i)) {
                if (r.bytes().length <= left) {
                    left -= r.bytes().length;
                    ranges.add(r);
                }
            }
            long at = footerAt.get(i)[0];
            out.add(pieces.get(i).with(at < 0 && ranges.isEmpty() ? Shipped.NONE : Shipped.of(at, ranges)));
        }
        return out;
    }

    /**
     * Where the metadata of the row groups starting in {@code [fromRow, toRow)} lies: each
     * chunk's ColumnIndex, OffsetIndex and Bloom filter, and with {@code dictionaries} its
     * dictionary page (from dictionary_page_offset to data_page_offset, as the planner reads it).
     */
    private static List<long[]> regions(Footer footer, long fromRow, long toRow, boolean dictionaries) {
        List<long[]> out = new ArrayList<>();
        long first = 0;
        for (RowGroup rg : footer.metadata().rowGroups()) {
            long at = first;
            first += rg.numRows();
            if (at < fromRow || at >= toRow) {
                continue;
            }
            for (ColumnChunk cc : rg.columns()) {
                CachingSource.indexRegions(cc, Long.MAX_VALUE, out);
                ColumnMetaData md = cc == null ? null : cc.metaData();
                if (dictionaries && md != null && md.dictionaryPageOffset() > 0
                        && md.dictionaryPageOffset() < md.dataPageOffset()) {
                    out.add(new long[] {md.dictionaryPageOffset(), md.dataPageOffset()});
                }
            }
        }
        return out;
    }
}
