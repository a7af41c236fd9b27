package io.pqlab.internal.crypto;

/** Parquet Modular Encryption's module types: the byte in every module's AAD, and a name for messages. */
public enum ModuleType {
    FOOTER(0, "footer"),
    COLUMN_META_DATA(1, "ColumnMetaData"),
    DATA_PAGE(2, "data page"),
    DICTIONARY_PAGE(3, "dictionary page"),
    DATA_PAGE_HEADER(4, "data page header"),
    DICTIONARY_PAGE_HEADER(5, "dictionary page header"),
    COLUMN_INDEX(6, "ColumnIndex"),
    OFFSET_INDEX(7, "OffsetIndex"),
    BLOOM_FILTER_HEADER(8, "Bloom filter header"),
    BLOOM_FILTER_BITSET(9, "Bloom filter bitset");

    final byte code;
    private final String label;

    ModuleType(int code, String label) {
        this.code = (byte) code;
        this.label = label;
    }

    /** Whether the AAD carries a page ordinal (data pages and their headers only). */
    boolean hasPageOrdinal() {
        return this == DATA_PAGE || this == DATA_PAGE_HEADER;
    }

    /** Whether this is a page body (CTR under AES_GCM_CTR_V1). */
    boolean isPage() {
        return this == DATA_PAGE || this == DICTIONARY_PAGE;
    }

    @Override
    public String toString() {
        return label;
    }
}
