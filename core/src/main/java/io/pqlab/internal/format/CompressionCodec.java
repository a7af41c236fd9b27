package io.pqlab.internal.format;

/** parquet.thrift's CompressionCodec. Records keep the raw code. */
public enum CompressionCodec {
    UNCOMPRESSED, SNAPPY, GZIP, LZO, BROTLI, LZ4, ZSTD, LZ4_RAW;

    private static final CompressionCodec[] BY_CODE = values();

    /** The codec with this code, or null for an unknown one. */
    public static CompressionCodec of(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    /** The codec's name, or "codec N" for an unknown code. */
    public static String name(int code) {
        CompressionCodec c = of(code);
        return c != null ? c.name() : "codec " + code;
    }
}
