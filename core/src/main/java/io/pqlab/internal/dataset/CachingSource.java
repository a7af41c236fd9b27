package io.pqlab.internal.dataset;

import io.pqlab.io.ListedFile;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.Footer;
import io.pqlab.internal.format.RowGroup;
import io.pqlab.io.ByteSource;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A dataset file's bytes, with its metadata served from memory: the ranges of a
 * {@link MetadataCache} entry, and the metadata read in this run. Everything else goes to the
 * underlying source, which is opened only when such a read comes, so that a plan decided from
 * cached metadata opens no file and sends no request.
 *
 * <p>Until the footer is known ({@link #footerKnown}), every read is kept (the footer reader's
 * tail reads); then only the parts of reads inside metadata regions are kept: the head magic, the
 * footer, each chunk's ColumnIndex and OffsetIndex, and the first {@value #BLOOM_KEEP} bytes of
 * each Bloom filter (its header, and all of a small filter). {@link #commit} stores what is kept
 * when it grew.
 */
public final class CachingSource extends OnDemandSource {
    /** Of each Bloom filter, at most this many bytes are kept. */
    public static final int BLOOM_KEEP = 64 << 10;

    /** Opens the underlying source of a listed file. */
    public interface Opener {
        ByteSource open(ListedFile file) throws IOException;
    }

    private final MetadataCache cache;
    private final List<MetadataCache.Range> cached;
    private final List<MetadataCache.Range> kept = new ArrayList<>();
    private List<long[]> regions; // null until the footer is known
    private boolean grew;
    private final AtomicLong bytesRead = new AtomicLong();
    private final AtomicLong reads = new AtomicLong();
    private final AtomicLong bytesFromCache = new AtomicLong();
    private volatile long footerBytes;

    /** @param cache where entries are stored, or null for none (metadata is then only kept in memory) */
    public CachingSource(ListedFile file, Opener opener, MetadataCache cache) {
        super(file, opener);
        this.cache = cache;
        this.cached = cache == null ? List.of() : cache.load(file);
    }

    /** Whether a cache entry was found for the file as it is now. */
    public boolean warm() {
        return !cached.isEmpty();
    }

    /** Whether the cache entry holds the head magic (checked when the entry was made). */
    public boolean cachedHead() {
        return cached.stream().anyMatch(r -> r.offset() == 0 && r.bytes().length >= 4);
    }

    /** Bytes read from the underlying source, and how many reads. */
    public long bytesRead() {
        return bytesRead.get();
    }

    public long reads() {
        return reads.get();
    }

    public long bytesFromCache() {
        return bytesFromCache.get();
    }

    /**
     * The cached footer and trailer where they are cached (so that the footer reader's first read
     * is served from the entry), else what the underlying source suggests.
     */
    @Override
    public synchronized int firstTailRead() {
        for (MetadataCache.Range r : cached) {
            if (r.end() == file.size() && r.bytes().length >= 8) {
                return r.bytes().length;
            }
        }
        return innerFirstTailRead();
    }

    /**
     * Whether the head magic costs a request of its own (the footer reader then skips its check):
     * with a warm entry, where the entry lacks it (it was made remotely); else where the underlying
     * source is remote.
     */
    @Override
    public synchronized boolean remote() {
        if (warm()) {
            return !cachedHead();
        }
        return innerRemote();
    }

    @Override
    public void readFully(long offset, byte[] dst, int dstOffset, int length) throws IOException {
        ByteSource.checkRange(offset, length, file.size(), "a read");
        synchronized (this) {
            if (serve(cached, offset, dst, dstOffset, length) || serve(kept, offset, dst, dstOffset, length)) {
                bytesFromCache.addAndGet(length);
                return;
            }
        }
        ByteSource in;
        synchronized (this) {
            in = inner();
        }
        in.readFully(offset, dst, dstOffset, length);
        bytesRead.addAndGet(length);
        reads.incrementAndGet();
        synchronized (this) {
            keep(offset, dst, dstOffset, length);
        }
    }

    /** Whether the file is a local one (listed by the local listing, whose versions are mtimes). */
    public boolean localFile() {
        return file.version().startsWith("mtime:");
    }

    private static boolean serve(List<MetadataCache.Range> ranges, long offset, byte[] dst, int dstOffset, int length) {
        for (MetadataCache.Range r : ranges) {
            if (offset >= r.offset() && offset + length <= r.end()) {
                System.arraycopy(r.bytes(), (int) (offset - r.offset()), dst, dstOffset, length);
                return true;
            }
        }
        return false;
    }

    private void keep(long offset, byte[] b, int from, int length) {
        if (regions == null) {
            kept.add(new MetadataCache.Range(offset, java.util.Arrays.copyOfRange(b, from, from + length)));
            grew = true;
            return;
        }
        for (long[] reg : regions) {
            long s = Math.max(offset, reg[0]);
            long e = Math.min(offset + length, reg[1]);
            if (s < e) {
                int at = from + (int) (s - offset);
                kept.add(new MetadataCache.Range(s, java.util.Arrays.copyOfRange(b, at, at + (int) (e - s))));
                grew = true;
            }
        }
    }

    /** Bytes read from the underlying source when the footer was known: the footer's cost. */
    public long footerBytesRead() {
        return footerBytes;
    }

    /**
     * Adds where a chunk's ColumnIndex, OffsetIndex and Bloom filter lie (nothing for a null
     * chunk). A Bloom filter without its length is taken as its first {@value #BLOOM_KEEP} bytes,
     * one with it as at most {@code bloomCap} bytes.
     */
    public static void indexRegions(ColumnChunk cc, long bloomCap, List<long[]> out) {
        if (cc == null) {
            return;
        }
        if (cc.hasColumnIndex()) {
            out.add(new long[] {cc.columnIndexOffset(), cc.columnIndexOffset() + cc.columnIndexLength()});
        }
        if (cc.hasOffsetIndex()) {
            out.add(new long[] {cc.offsetIndexOffset(), cc.offsetIndexOffset() + cc.offsetIndexLength()});
        }
        ColumnMetaData md = cc.metaData();
        if (md != null && md.hasBloomFilter()) {
            long len = md.bloomFilterLength() > 0 ? Math.min(md.bloomFilterLength(), bloomCap) : BLOOM_KEEP;
            out.add(new long[] {md.bloomFilterOffset(), md.bloomFilterOffset() + len});
        }
    }

    /** The footer is decoded: from now on only metadata is kept, and what was kept is cut to it. */
    public synchronized void footerKnown(Footer footer) {
        footerBytes = bytesRead.get();
        List<long[]> reg = new ArrayList<>();
        reg.add(new long[] {0, Math.min(4, file.size())});
        reg.add(new long[] {footer.metadataOffset(), file.size()});
        for (RowGroup rg : footer.metadata().rowGroups()) {
            for (ColumnChunk cc : rg.columns()) {
                indexRegions(cc, BLOOM_KEEP, reg);
            }
        }
        regions = reg;
        List<MetadataCache.Range> before = new ArrayList<>(kept);
        kept.clear();
        grew = false;
        for (MetadataCache.Range r : before) {
            keep(r.offset(), r.bytes(), 0, r.bytes().length);
        }
        grew = !kept.isEmpty();
    }

    /** Stores the cached and kept metadata as the file's entry, where this run read more of it. */
    public void commit() throws IOException {
        List<MetadataCache.Range> all;
        synchronized (this) {
            if (cache == null || !grew || regions == null) {
                return;
            }
            all = merge(cached, kept);
            grew = false;
        }
        cache.store(file, all);
    }

    /** The ranges as disjoint ranges in offset order, overlaps merged. */
    public static List<MetadataCache.Range> merge(List<MetadataCache.Range> a, List<MetadataCache.Range> b) {
        List<MetadataCache.Range> all = new ArrayList<>(a);
        all.addAll(b);
        all.sort(Comparator.comparingLong(MetadataCache.Range::offset));
        List<MetadataCache.Range> out = new ArrayList<>();
        for (MetadataCache.Range r : all) {
            MetadataCache.Range last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && r.offset() <= last.end()) {
                if (r.end() > last.end()) {
                    byte[] joined = java.util.Arrays.copyOf(last.bytes(), (int) (r.end() - last.offset()));
                    System.arraycopy(r.bytes(), (int) (last.end() - r.offset()), joined, last.bytes().length,
                            (int) (r.end() - last.end()));
                    out.set(out.size() - 1, new MetadataCache.Range(last.offset(), joined));
                }
            } else {
                out.add(r);
            }
        }
        return out;
    }
}
