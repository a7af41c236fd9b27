package io.pqlab.scan;

/** What a scan did: row groups, pages and rows, and the data bytes it fetched. */
public final class ScanStats {
    long rowGroupsSkipped;
    long rowGroupsRead;
    long pagesDecoded;
    long pagesSkipped;
    long bytesFetched;
    long rowsEvaluated;
    long rowsReturned;
    long fallbacks;
    final java.util.Set<String> codecs = new java.util.TreeSet<>();

    public long rowGroupsSkipped() {
        return rowGroupsSkipped;
    }

    public long rowGroupsRead() {
        return rowGroupsRead;
    }

    public long pagesDecoded() {
        return pagesDecoded;
    }

    /** Data pages of read row groups that were not decoded (the plan or late materialisation skipped them). */
    public long pagesSkipped() {
        return pagesSkipped;
    }

    /** Column-chunk bytes fetched for decoding (dictionary and data pages). */
    public long bytesFetched() {
        return bytesFetched;
    }

    /** Rows the condition was evaluated on. */
    public long rowsEvaluated() {
        return rowsEvaluated;
    }

    public long rowsReturned() {
        return rowsReturned;
    }

    /** Each codec of the chunks decoded with the library that ran it, e.g. "SNAPPY: snappy-java (JNI)". */
    public java.util.Set<String> codecs() {
        return java.util.Collections.unmodifiableSet(codecs);
    }

    /** Chunks read from their start because a page did not begin on a row. */
    public long fallbacks() {
        return fallbacks;
    }
}
