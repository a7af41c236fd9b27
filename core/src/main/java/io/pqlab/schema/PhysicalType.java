package io.pqlab.schema;

/** parquet.thrift's Type: how values are stored. */
public enum PhysicalType {
    BOOLEAN, INT32, INT64, INT96, FLOAT, DOUBLE, BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY;

    private static final PhysicalType[] BY_CODE = values();

    /** The type with this Thrift code, or null for a code from a newer format. */
    public static PhysicalType of(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    /** The PLAIN width in bytes, or -1 where it varies (BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY, BOOLEAN). */
    public int plainWidth() {
        return switch (this) {
            case INT32, FLOAT -> 4;
            case INT64, DOUBLE -> 8;
            case INT96 -> 12;
            default -> -1;
        };
    }
}
