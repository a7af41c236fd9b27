package io.pqlab.internal.format;

/** parquet.thrift's PageType. Records keep the raw code. */
public enum PageType {
    DATA_PAGE, INDEX_PAGE, DICTIONARY_PAGE, DATA_PAGE_V2;

    private static final PageType[] BY_CODE = values();

    /** The page type with this code, or null for an unknown one. */
    public static PageType of(int code) {
        return ThriftEnums.of(BY_CODE, code);
    }

    /** The type's name, or "page type N" for an unknown code. */
    public static String name(int code) {
        return ThriftEnums.name(BY_CODE, code, "page type");
    }
}
