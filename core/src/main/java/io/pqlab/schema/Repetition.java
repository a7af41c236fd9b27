package io.pqlab.schema;

/** parquet.thrift's FieldRepetitionType. */
public enum Repetition {
    REQUIRED, OPTIONAL, REPEATED;

    private static final Repetition[] BY_CODE = values();

    /** The repetition with this Thrift code, or null for an unknown code. */
    public static Repetition of(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
