package io.pqlab.internal.bloom;

/**
 * One Bloom filter probe, step by step, for display: the hash, the block its high half picked,
 * the bit its low half picked in each of the block's eight words, whether each is set, and the
 * verdict. {@code mayContain} false proves the value absent from the chunk.
 *
 * @param hash the xxHash64 of the value's PLAIN bytes
 * @param block the block, 0-based
 * @param bitPositions for word w (0..7), the bit (0..31) tested in it
 * @param bitSet for word w, whether that bit is set
 * @param mayContain whether all eight are set
 */
public record Probe(long hash, int block, int[] bitPositions, boolean[] bitSet, boolean mayContain) {

    /** The hash as 16 hex digits. */
    public String hashHex() {
        return String.format("%016x", hash);
    }
}
