package io.pqlab.internal.bloom;

import java.nio.ByteOrder;
import net.openhft.hashing.LongHashFunction;

/**
 * XXH64 with seed 0, the hash BloomFilter.md prescribes, from net.openhft's
 * zero-allocation-hashing (the library parquet-java itself shades): a well-kept implementation
 * that allocates nothing per call.
 *
 * <p>The fixed-width methods hash a value's PLAIN bytes (little-endian) without building them.
 * The library hashes an int or long as if it were laid out in the machine's byte order, so on a
 * big-endian machine the value is byte-swapped first to hash the same bytes everywhere.
 */
public final class XxHash64 {
    private static final LongHashFunction XX = LongHashFunction.xx(0);
    private static final boolean LITTLE = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    private XxHash64() {}

    public static long hash(byte[] bytes) {
        return XX.hashBytes(bytes);
    }

    public static long hash(byte[] bytes, int offset, int length) {
        return XX.hashBytes(bytes, offset, length);
    }

    /** The hash of an INT32's PLAIN bytes (4, little-endian). */
    public static long hashInt(int v) {
        return XX.hashInt(LITTLE ? v : Integer.reverseBytes(v));
    }

    /** The hash of an INT64's PLAIN bytes (8, little-endian). */
    public static long hashLong(long v) {
        return XX.hashLong(LITTLE ? v : Long.reverseBytes(v));
    }

    /** The hash of a FLOAT's PLAIN bytes: its raw IEEE bits, little-endian. */
    public static long hashFloat(float v) {
        return hashInt(Float.floatToRawIntBits(v));
    }

    /** The hash of a DOUBLE's PLAIN bytes: its raw IEEE bits, little-endian. */
    public static long hashDouble(double v) {
        return hashLong(Double.doubleToRawLongBits(v));
    }
}
