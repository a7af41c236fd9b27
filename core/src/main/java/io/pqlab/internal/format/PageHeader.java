package io.pqlab.internal.format;

/**
 * parquet.thrift's PageHeader, with its sizes checked: none is negative. Exactly the sub-header
 * that {@code type} names is set (the decoder checks it for the three page types it knows); an
 * INDEX_PAGE's header and the headers of unknown page types are not decoded.
 *
 * @param type raw PageType code
 * @param uncompressedPageSize body size after decompression, header excluded
 * @param compressedPageSize body size as stored, header excluded
 * @param crc CRC-32 of the stored body, meaningful only if {@code hasCrc}
 * @param dataPageHeader set for DATA_PAGE
 * @param dictionaryPageHeader set for DICTIONARY_PAGE
 * @param dataPageHeaderV2 set for DATA_PAGE_V2
 */
public record PageHeader(
        int type,
        int uncompressedPageSize,
        int compressedPageSize,
        int crc,
        boolean hasCrc,
        DataPageHeader dataPageHeader,
        DictionaryPageHeader dictionaryPageHeader,
        DataPageHeaderV2 dataPageHeaderV2) {

    public static final int DATA_PAGE = 0;
    public static final int INDEX_PAGE = 1;
    public static final int DICTIONARY_PAGE = 2;
    public static final int DATA_PAGE_V2 = 3;

    public boolean isDataPage() {
        return type == DATA_PAGE || type == DATA_PAGE_V2;
    }

    public boolean isDictionaryPage() {
        return type == DICTIONARY_PAGE;
    }

    /** Level entries in a data page (nulls included), the entries of a dictionary page, else -1. */
    public int numValues() {
        Sub h = sub();
        return h == null ? -1 : h.numValues();
    }

    /** The values' encoding code, or -1 for a page without one. */
    public int encoding() {
        Sub h = sub();
        return h == null ? -1 : h.encoding();
    }

    /** The sub-header that is set, or null (an index page, an unknown page type). */
    private Sub sub() {
        if (dataPageHeader != null) {
            return dataPageHeader;
        }
        if (dataPageHeaderV2 != null) {
            return dataPageHeaderV2;
        }
        return dictionaryPageHeader;
    }

    /** What the three sub-headers share. */
    public interface Sub {
        int numValues();

        int encoding();
    }

    /** The page's statistics, or null (pages' statistics are optional, and deprecated by the page index). */
    public Statistics statistics() {
        if (dataPageHeader != null) {
            return dataPageHeader.statistics();
        }
        if (dataPageHeaderV2 != null) {
            return dataPageHeaderV2.statistics();
        }
        return null;
    }

    /**
     * parquet.thrift's DataPageHeader (v1).
     *
     * @param numValues level entries, nulls included
     * @param encoding raw code of the values' encoding
     * @param definitionLevelEncoding raw code (RLE or BIT_PACKED), -1 when absent
     * @param repetitionLevelEncoding raw code, -1 when absent
     * @param statistics null when absent
     */
    public record DataPageHeader(
            int numValues,
            int encoding,
            int definitionLevelEncoding,
            int repetitionLevelEncoding,
            Statistics statistics) implements Sub {}

    /**
     * parquet.thrift's DictionaryPageHeader.
     *
     * @param encoding raw code (PLAIN, or PLAIN_DICTIONARY in old files)
     * @param sorted false when absent
     */
    public record DictionaryPageHeader(int numValues, int encoding, boolean sorted) implements Sub {}

    /**
     * parquet.thrift's DataPageHeaderV2. Both level lengths lie within the compressed and the
     * uncompressed page sizes (checked).
     *
     * @param compressed whether the values section is compressed; true when absent (the IDL's
     *     default)
     * @param statistics null when absent
     */
    public record DataPageHeaderV2(
            int numValues,
            int numNulls,
            int numRows,
            int encoding,
            int definitionLevelsByteLength,
            int repetitionLevelsByteLength,
            boolean compressed,
            Statistics statistics) implements Sub {}
}
