package io.pqlab.internal.bloom;

/**
 * A column chunk's split-block Bloom filter (BloomFilter.md): z blocks of 32 bytes, each eight
 * little-endian 32-bit words. A value's xxHash64 picks one block with its high half and one bit
 * in each of that block's words with its low half; a clear bit proves the value was never added
 * to the chunk. All bits set only means it may have been.
 *
 * <p>Built only by {@link BloomFilterReader} from a header it accepted, so the bitset is a whole,
 * positive number of blocks. The bitset array is the filter's own and must not be modified.
 *
 * @param header the header as read
 * @param headerOffset the header's absolute file offset (the chunk's bloom_filter_offset)
 * @param headerLength the header's length in bytes
 * @param bitset the bitset, numBytes long
 * @param bitsetOffset the bitset's absolute file offset (just past the header)
 */
public record BloomFilter(
        BloomFilterHeader header, long headerOffset, int headerLength, byte[] bitset, long bitsetOffset) {

    public static final int BLOCK_BYTES = 32;
    public static final int WORDS = 8;

    /** The salts of BloomFilter.md, one per word. */
    private static final int[] SALT = {
        0x47b6137b, 0x44974d91, 0x8824ad5b, 0xa2b7289d, 0x705495c7, 0x2df1424b, 0x9efc4947, 0x5c6bfb31
    };

    public BloomFilter {
        if (bitset.length == 0 || bitset.length % BLOCK_BYTES != 0) {
            throw new IllegalArgumentException("a bitset of " + bitset.length + " bytes is not whole blocks");
        }
    }

    /** The number of 32-byte blocks. */
    public int numBlocks() {
        return bitset.length / BLOCK_BYTES;
    }

    /** The bitset's length in bytes. */
    public int bitsetLength() {
        return bitset.length;
    }

    /** Header and bitset bytes together: what reading the filter costs. */
    public long totalLength() {
        return (long) headerLength + bitset.length;
    }

    /** The absolute file offset of block {@code b}. */
    public long blockOffset(int b) {
        return bitsetOffset + (long) b * BLOCK_BYTES;
    }

    /** The block a hash picks: its high 32 bits scaled to the number of blocks, without a modulo. */
    public int block(long hash) {
        return (int) (((hash >>> 32) * numBlocks()) >>> 32);
    }

    /** The bit (0..31) that a hash picks in word {@code w} of its block. */
    public static int bitInWord(long hash, int w) {
        return (((int) hash) * SALT[w]) >>> 27;
    }

    /** Whether the filter may hold the value with these PLAIN bytes. */
    public boolean mightContain(byte[] plainBytes) {
        return mightContain(XxHash64.hash(plainBytes));
    }

    /** Whether the filter may hold a value with this hash; allocates nothing. */
    public boolean mightContain(long hash) {
        int at = block(hash) * BLOCK_BYTES;
        int x = (int) hash;
        for (int w = 0; w < WORDS; w++) {
            int bit = (x * SALT[w]) >>> 27;
            if ((word(at + 4 * w) >>> bit & 1) == 0) {
                return false;
            }
        }
        return true;
    }

    /** The probe of the value with these PLAIN bytes, every step shown. */
    public Probe probe(byte[] plainBytes) {
        return probeHash(XxHash64.hash(plainBytes));
    }

    /** The probe of a hash, every step shown. */
    public Probe probeHash(long hash) {
        int block = block(hash);
        int at = block * BLOCK_BYTES;
        int[] bits = new int[WORDS];
        boolean[] set = new boolean[WORDS];
        boolean all = true;
        for (int w = 0; w < WORDS; w++) {
            bits[w] = bitInWord(hash, w);
            set[w] = (word(at + 4 * w) >>> bits[w] & 1) != 0;
            all &= set[w];
        }
        return new Probe(hash, block, bits, set, all);
    }

    private int word(int i) {
        return (bitset[i] & 0xFF) | (bitset[i + 1] & 0xFF) << 8 | (bitset[i + 2] & 0xFF) << 16
                | (bitset[i + 3] & 0xFF) << 24;
    }

    // ---- PLAIN bytes of a value, what the filter hashes ----------------------------------

    /** INT32's PLAIN bytes: 4, little-endian. */
    public static byte[] plain(int v) {
        return new byte[] {(byte) v, (byte) (v >>> 8), (byte) (v >>> 16), (byte) (v >>> 24)};
    }

    /** INT64's PLAIN bytes: 8, little-endian. */
    public static byte[] plain(long v) {
        byte[] b = new byte[8];
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (v >>> (8 * i));
        }
        return b;
    }

    /** FLOAT's PLAIN bytes: the raw IEEE bits, little-endian. Probe both zeros; never NaN. */
    public static byte[] plain(float v) {
        return plain(Float.floatToRawIntBits(v));
    }

    /** DOUBLE's PLAIN bytes: the raw IEEE bits, little-endian. Probe both zeros; never NaN. */
    public static byte[] plain(double v) {
        return plain(Double.doubleToRawLongBits(v));
    }

    // INT96 (12 bytes), FIXED_LEN_BYTE_ARRAY (type_length bytes) and BYTE_ARRAY (the value's
    // bytes, without PLAIN's length prefix) are hashed as they are: pass them to probe directly.
}
