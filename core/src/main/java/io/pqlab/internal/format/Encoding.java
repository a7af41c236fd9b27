package io.pqlab.internal.format;

/** parquet.thrift's Encoding. Records keep the raw code, so that a future encoding can be named. */
public enum Encoding {
    PLAIN(0), GROUP_VAR_INT(1), PLAIN_DICTIONARY(2), RLE(3), BIT_PACKED(4), DELTA_BINARY_PACKED(5),
    DELTA_LENGTH_BYTE_ARRAY(6), DELTA_BYTE_ARRAY(7), RLE_DICTIONARY(8), BYTE_STREAM_SPLIT(9), ALP(10);

    public final int code;

    Encoding(int code) {
        this.code = code;
    }

    private static final Encoding[] BY_CODE = values();

    /** The encoding with this code, or null for an unknown one. */
    public static Encoding of(int code) {
        return ThriftEnums.of(BY_CODE, code);
    }

    /** The encoding's name, or "encoding N" for an unknown code. */
    public static String name(int code) {
        return ThriftEnums.name(BY_CODE, code, "encoding");
    }

    /** Whether data pages in this encoding hold dictionary indices. */
    public static boolean isDictionary(int code) {
        return code == PLAIN_DICTIONARY.code || code == RLE_DICTIONARY.code;
    }
}
