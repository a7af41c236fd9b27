package io.pqlab.scan;

import java.util.Collections;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a scan did: row groups, pages and rows, and the data bytes it fetched.
 *
 * <p>Safe to read while the scan runs: a scan's decoding threads add their counts under this
 * object's lock (each addition whole), and every getter takes it.
 */
public final class ScanStats {
    private long rowGroupsSkipped;
    private long rowGroupsRead;
    private long pagesDecoded;
    private long pagesSkipped;
    private long bytesFetched;
    private long rowsEvaluated;
    private long rowsReturned;
    private long fallbacks;
    private final Set<String> codecs = new TreeSet<>();

    synchronized void rowGroup(boolean skipped) {
        if (skipped) {
            rowGroupsSkipped++;
        } else {
            rowGroupsRead++;
        }
    }

    synchronized void pagesSkipped(long n) {
        pagesSkipped += n;
    }

    synchronized void fallback() {
        fallbacks++;
    }

    synchronized void rows(long evaluated, long returned) {
        rowsEvaluated += evaluated;
        rowsReturned += returned;
    }

    /** A reader's counts when it is closed: pages decoded, bytes fetched, and its codec's implementation (if it decoded). */
    synchronized void reader(long pages, long bytes, String codec) {
        pagesDecoded += pages;
        bytesFetched += bytes;
        if (codec != null) {
            codecs.add(codec);
        }
    }

    public synchronized long rowGroupsSkipped() {
        return rowGroupsSkipped;
    }

    public synchronized long rowGroupsRead() {
        return rowGroupsRead;
    }

    public synchronized long pagesDecoded() {
        return pagesDecoded;
    }

    /** Data pages of read row groups that were not decoded (the plan or late materialisation skipped them). */
    public synchronized long pagesSkipped() {
        return pagesSkipped;
    }

    /** Column-chunk bytes fetched for decoding (dictionary and data pages). */
    public synchronized long bytesFetched() {
        return bytesFetched;
    }

    /** Rows the condition was evaluated on. */
    public synchronized long rowsEvaluated() {
        return rowsEvaluated;
    }

    public synchronized long rowsReturned() {
        return rowsReturned;
    }

    /** Each codec of the chunks decoded with the library that ran it, e.g. "SNAPPY: snappy-java (JNI)". */
    public synchronized Set<String> codecs() {
        return Collections.unmodifiableSet(new TreeSet<>(codecs));
    }

    /** Chunks read from their start because a page did not begin on a row. */
    public synchronized long fallbacks() {
        return fallbacks;
    }

    @Override
    public synchronized String toString() {
        return "ScanStats[rowGroupsRead=" + rowGroupsRead + ", rowGroupsSkipped=" + rowGroupsSkipped
                + ", pagesDecoded=" + pagesDecoded + ", pagesSkipped=" + pagesSkipped + ", bytesFetched="
                + bytesFetched + ", rowsEvaluated=" + rowsEvaluated + ", rowsReturned=" + rowsReturned
                + ", fallbacks=" + fallbacks + ", codecs=" + codecs + "]";
    }
}
