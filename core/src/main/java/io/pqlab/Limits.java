package io.pqlab;

/**
 * Caps on what one file may make the reader hold at once, derived from the Java heap ({@code
 * -Xmx}) when this class is loaded. Length checks stop sizes that exceed the file; these stop
 * amplification, which they cannot: a few stored bytes that decode to far more (a footer of empty
 * structs, a compressed page, an RLE run of levels). A file that needs more ends in an {@link
 * UnsupportedFeatureException} that names the cap and the remedy (a larger heap), not in an
 * OutOfMemoryError. With {@code -Xmx256m}: footers up to 2 MiB, pages up to 16 MiB and 2 Mi level
 * entries, Bloom filters up to 32 MiB; each grows with the heap up to the format's own limits.
 */
public final class Limits {
    private Limits() {}

    private static final long HEAP = Runtime.getRuntime().maxMemory();

    /**
     * The largest footer read: 1/128 of the heap, at least 256 KiB. A decoded footer can take about
     * 60 bytes of heap per byte (measured: empty schema elements, row groups, key-value pairs).
     */
    public static final int FOOTER_BYTES = clamp(HEAP / 128, 256 << 10, Integer.MAX_VALUE - 16);

    /**
     * The largest page, stored, decompressed or decoded: 1/16 of the heap, between 1 MiB and 256
     * MiB. A page being decoded holds its stored bytes, its decompressed bytes and its values.
     */
    public static final int PAGE_BYTES = clamp(HEAP / 16, 1 << 20, 256 << 20);

    /**
     * The most level entries one page may declare: 1/128 of the heap, between 64 Ki and 32 Mi. An
     * entry takes up to about 28 bytes decoded (levels, value index, row start, value); RLE lets a
     * few bytes declare millions of entries.
     */
    public static final int PAGE_VALUES = clamp(HEAP / 128, 1 << 16, 1 << 25);

    /** The largest Bloom filter bitset read: 1/8 of the heap, at most parquet-java's 128 MiB. */
    public static final int BLOOM_BYTES = clamp(HEAP / 8, 1 << 20, 128 << 20);

    /** The remedy, for messages. */
    public static final String REMEDY = "give Java a larger heap (-Xmx; PQLAB_JAVA_OPTS for ./pqlab) to read it";

    private static int clamp(long v, long lo, long hi) {
        return (int) Math.max(lo, Math.min(hi, v));
    }
}
