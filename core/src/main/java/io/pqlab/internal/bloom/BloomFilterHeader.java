package io.pqlab.internal.bloom;

/**
 * parquet.thrift's BloomFilterHeader. Each union is kept as the id of the member that was set
 * (1 is the only one the format defines: BLOCK, XXHASH, UNCOMPRESSED), 0 when none was, -1 when
 * more than one was or the member was not the empty struct it must be.
 *
 * @param numBytes the bitset's length in bytes; {@link #ABSENT} when absent
 * @param algorithm the BloomFilterAlgorithm member
 * @param hash the BloomFilterHash member
 * @param compression the BloomFilterCompression member
 */
public record BloomFilterHeader(int numBytes, int algorithm, int hash, int compression) {
    public static final int BLOCK = 1;
    public static final int XXHASH = 1;
    public static final int UNCOMPRESSED = 1;
    /** numBytes when the header lacks it (a written value this low is rejected all the same). */
    public static final int ABSENT = Integer.MIN_VALUE;

    /** Why a filter with this header cannot be used, or null when it can. */
    public String problem() {
        if (numBytes == ABSENT) {
            return "its header has no numBytes";
        }
        if (algorithm != BLOCK) {
            return "its algorithm is " + member(algorithm) + ", not the split-block algorithm";
        }
        if (hash != XXHASH) {
            return "its hash is " + member(hash) + ", not xxHash64";
        }
        if (compression != UNCOMPRESSED) {
            return "its compression is " + member(compression) + ", not UNCOMPRESSED";
        }
        if (numBytes <= 0) {
            return "its bitset has " + numBytes + " bytes";
        }
        if (numBytes % BloomFilter.BLOCK_BYTES != 0) {
            return "its bitset of " + numBytes + " bytes is not a whole number of 32-byte blocks";
        }
        return null;
    }

    private static String member(int id) {
        return id == 0 ? "missing" : id < 0 ? "not a valid union" : "an unknown kind (union member " + id + ")";
    }
}
