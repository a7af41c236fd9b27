package io.pqlab.internal.bloom;

/**
 * What reading a column chunk's Bloom filter gave: a filter, or the reason it was ignored. A
 * filter that cannot be trusted never stops a query; the planner reads the chunk instead.
 *
 * @param filter the filter, or null when ignored
 * @param ignoredBecause why it was ignored, or null when there is a filter
 * @param bytesFetched the bytes read from the file to get here (header and bitset, or whatever
 *     was read before the filter was rejected), for the planner's accounting
 */
public record BloomFilterResult(BloomFilter filter, String ignoredBecause, long bytesFetched) {

    public BloomFilterResult {
        if ((filter == null) == (ignoredBecause == null)) {
            throw new IllegalArgumentException("exactly one of a filter and a reason");
        }
    }

    public static BloomFilterResult of(BloomFilter filter, long bytesFetched) {
        return new BloomFilterResult(filter, null, bytesFetched);
    }

    public static BloomFilterResult ignored(String because, long bytesFetched) {
        return new BloomFilterResult(null, because, bytesFetched);
    }

    public boolean usable() {
        return filter != null;
    }
}
