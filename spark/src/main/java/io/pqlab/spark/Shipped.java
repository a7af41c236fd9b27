package io.pqlab.spark;

import io.pqlab.internal.dataset.CachingSource;
import io.pqlab.internal.dataset.MetadataCache;
import io.pqlab.internal.dataset.OnDemandSource;
import io.pqlab.io.ByteSource;
import io.pqlab.io.ListedFile;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the driver already read of a piece's file and hands its executor in the task, so that the
 * executor does not fetch it again: the footer's exact place ({@code footerStart}, where the
 * Thrift FileMetaData starts), and some bytes the driver read (the head magic, the footer, and of
 * the piece's row groups the page indexes, Bloom filters and dictionaries its plan consulted),
 * as disjoint ranges in offset order. Only bytes the driver read are here, and only metadata of
 * the piece: never a data page.
 *
 * <p>With the footer's bytes the executor opens the file without a request for it; with only its
 * place it reads it with one exact request (not a tail read of a guessed size, 64 KiB over a
 * network). {@link #NONE} leaves everything to the store.
 *
 * @param footerStart where the FileMetaData starts, or -1 where the driver does not know
 */
record Shipped(long footerStart, long[] offsets, byte[][] bytes) implements Serializable {
    static final Shipped NONE = new Shipped(-1, new long[0], new byte[0][]);

    /** A shipped copy of {@code ranges} (merged into disjoint ranges in offset order). */
    static Shipped of(long footerStart, List<MetadataCache.Range> ranges) {
        List<MetadataCache.Range> merged = CachingSource.merge(ranges, List.of());
        long[] offsets = new long[merged.size()];
        byte[][] bytes = new byte[merged.size()][];
        for (int i = 0; i < offsets.length; i++) {
            offsets[i] = merged.get(i).offset();
            bytes[i] = merged.get(i).bytes();
        }
        return new Shipped(footerStart, offsets, bytes);
    }

    /** The bytes carried (what this adds to a task's size, beside a few numbers). */
    long size() {
        long n = 0;
        for (byte[] b : bytes) {
            n += b.length;
        }
        return n;
    }

    /** The range holding all of {@code [offset, offset + length)}, or -1. */
    private int holding(long offset, int length) {
        int i = Arrays.binarySearch(offsets, offset);
        if (i < 0) {
            i = -i - 2; // the last range starting before offset
        }
        return i >= 0 && offset + length <= offsets[i] + bytes[i].length ? i : -1;
    }

    /** The longest range that ends at the file's end, or 0. */
    private int tailHeld(long size) {
        int last = offsets.length - 1;
        return last >= 0 && offsets[last] + bytes[last].length == size ? bytes[last].length : 0;
    }

    /**
     * A file's bytes, served from the shipped ranges where a read lies inside one, else from the
     * store (opened only when such a read comes, as {@code opener} opens it; null for none, where
     * such a read fails).
     */
    static final class Source extends OnDemandSource {
        private final Shipped shipped;
        private final AtomicLong served = new AtomicLong();

        Source(ListedFile file, Shipped shipped, CachingSource.Opener opener) {
            super(file, opener);
            this.shipped = shipped;
        }

        /** Bytes served from what the driver shipped. */
        long served() {
            return served.get();
        }

        @Override
        public void readFully(long offset, byte[] dst, int dstOffset, int length) throws IOException {
            ByteSource.checkRange(offset, length, file.size(), "a read");
            int i = shipped.holding(offset, length);
            if (i >= 0) {
                System.arraycopy(shipped.bytes[i], (int) (offset - shipped.offsets[i]), dst, dstOffset, length);
                served.addAndGet(length);
                return;
            }
            inner().readFully(offset, dst, dstOffset, length);
        }

        /**
         * The footer exactly, where its place is known (one read, served from the shipped copy or
         * one request); else what the store suggests (or, without a store, what was read of the end).
         */
        @Override
        public int firstTailRead() {
            if (shipped.footerStart >= 0) {
                return (int) Math.min(Integer.MAX_VALUE - 8, file.size() - shipped.footerStart);
            }
            if (!opens()) {
                return Math.max(8, shipped.tailHeld(file.size()));
            }
            return innerFirstTailRead();
        }

        /** The store's answer; without a store, true (the head magic is checked only where it was read). */
        @Override
        public boolean remote() {
            return !opens() || innerRemote();
        }
    }

    /** Ranges of {@code reads} inside the regions {@code [from, to)}, cut to them. */
    static List<MetadataCache.Range> within(List<MetadataCache.Range> reads, List<long[]> regions) {
        List<MetadataCache.Range> out = new ArrayList<>();
        for (long[] reg : regions) {
            for (MetadataCache.Range r : reads) {
                long s = Math.max(r.offset(), reg[0]);
                long e = Math.min(r.end(), reg[1]);
                if (s < e) {
                    out.add(new MetadataCache.Range(s, Arrays.copyOfRange(r.bytes(), (int) (s - r.offset()),
                            (int) (e - r.offset()))));
                }
            }
        }
        return out;
    }
}
