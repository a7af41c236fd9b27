package io.pqlab.schema;

/** parquet.thrift's deprecated ConvertedType, still the only annotation old writers give. */
public enum ConvertedType {
    UTF8, MAP, MAP_KEY_VALUE, LIST, ENUM, DECIMAL, DATE, TIME_MILLIS, TIME_MICROS,
    TIMESTAMP_MILLIS, TIMESTAMP_MICROS, UINT_8, UINT_16, UINT_32, UINT_64, INT_8, INT_16, INT_32,
    INT_64, JSON, BSON, INTERVAL;

    private static final ConvertedType[] BY_CODE = values();

    /** The converted type with this Thrift code, or null for an unknown code. */
    public static ConvertedType of(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
