package io.pqlab.internal.format;

/** parquet.thrift's CompressionCodec. Records keep the raw code. */
public enum CompressionCodec {
    UNCOMPRESSED, SNAPPY, GZIP, LZO, BROTLI, LZ4, ZSTD, LZ4_RAW;

    private static final CompressionCodec[] BY_CODE = values();

    /** The codec with this code, or null for an unknown one. */
    public static CompressionCodec of(int code) {
        return ThriftEnums.of(BY_CODE, code);
    }

    /** The codec's name, or "codec N" for an unknown code. */
    public static String name(int code) {
        return ThriftEnums.name(BY_CODE, code, "codec");
    }
}
