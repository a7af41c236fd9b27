package io.pqlab.scan;


import io.pqlab.io.ByteSource;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The scanner's view of the file: it keeps the bytes read inside chosen ranges (the chunks of a
 * row group's condition columns that are also returned), up to a budget, and serves later reads
 * of them from memory. The first pass decodes those chunks to evaluate the condition; the second
 * pass decodes again the pages with matches that did not fit the decoded budget, and must not
 * fetch them twice. Compressed bytes are a fraction of decoded values, so the budget goes further.
 * Reads outside the kept bytes go to the file, piece by piece, so no byte is fetched twice while
 * it is kept.
 *
 * <p>Thread-safe: the chunks of one row group are read on a scan's pool at once.
 */
final class KeptBytes implements ByteSource {
    private final ByteSource inner;
    private final long budget;
    private final TreeMap<Long, byte[]> kept = new TreeMap<>();
    private final List<long[]> recording = new ArrayList<>();
    private long used;
    private long served;

    KeptBytes(ByteSource inner, long budget) {
        this.inner = inner;
        this.budget = budget;
    }

    /** Drops what is kept, and from now on keeps the bytes read inside these [start, end) ranges. */
    synchronized void keepWithin(List<long[]> ranges) {
        kept.clear();
        used = 0;
        recording.clear();
        recording.addAll(ranges);
    }

    /** Bytes served from memory since the last call (reads the file did not see). */
    synchronized long takeServed() {
        long s = served;
        served = 0;
        return s;
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public long size() throws IOException {
        return inner.size();
    }

    @Override
    public int firstTailRead() {
        return inner.firstTailRead();
    }

    @Override
    public boolean remote() {
        return inner.remote();
    }

    @Override
    public void readFully(long offset, byte[] dst, int dstOffset, int length) throws IOException {
        long pos = offset;
        long end = offset + length;
        int at = dstOffset;
        while (pos < end) {
            int n;
            // the map is read and changed under the lock (a scan's pool reads several chunks at
            // once); the file is read outside it, so reads of different chunks overlap
            synchronized (this) {
                Map.Entry<Long, byte[]> e = kept.floorEntry(pos);
                if (e != null && pos < e.getKey() + e.getValue().length) {
                    n = (int) Math.min(end - pos, e.getKey() + e.getValue().length - pos);
                    System.arraycopy(e.getValue(), (int) (pos - e.getKey()), dst, at, n);
                    served += n;
                    pos += n;
                    at += n;
                    continue;
                }
                Long next = kept.higherKey(pos);
                n = (int) ((next == null ? end : Math.min(end, next)) - pos);
            }
            inner.readFully(pos, dst, at, n);
            keep(pos, dst, at, n);
            pos += n;
            at += n;
        }
    }

    private synchronized void keep(long pos, byte[] src, int from, int n) {
        if (used + n > budget) {
            return;
        }
        for (long[] r : recording) {
            if (pos >= r[0] && pos + n <= r[1]) {
                byte[] copy = new byte[n];
                System.arraycopy(src, from, copy, 0, n);
                kept.put(pos, copy);
                used += n;
                return;
            }
        }
    }

    @Override
    public synchronized void close() {
        kept.clear(); // the file is the caller's to close
    }
}
