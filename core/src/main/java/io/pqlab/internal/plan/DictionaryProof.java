package io.pqlab.internal.plan;

import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.Encoding;
import io.pqlab.internal.format.PageEncodingStats;
import io.pqlab.internal.format.PageType;

/**
 * Whether every data page of a chunk is dictionary-encoded, so that its dictionary holds every
 * value. A writer whose dictionary grew too large falls back to another encoding for the pages
 * after; those values are in no dictionary, so ruling a value out by the dictionary needs proof
 * that no page fell back.
 */
public final class DictionaryProof {
    private DictionaryProof() {}

    /** How it is proved, in words, or null where it cannot be. */
    public static String allDataPagesDictionaryEncoded(ColumnMetaData cmd) {
        if (cmd.encodingStats() != null) {
            boolean dictionaryPage = false;
            boolean dataPage = false;
            for (PageEncodingStats s : cmd.encodingStats()) {
                if (s.pageType() == PageType.DICTIONARY_PAGE.ordinal()) {
                    dictionaryPage |= s.count() > 0;
                } else if (s.pageType() == PageType.DATA_PAGE.ordinal() || s.pageType() == PageType.DATA_PAGE_V2.ordinal()) {
                    if (s.count() > 0 && !Encoding.isDictionary(s.encoding())) {
                        return null;
                    }
                    dataPage |= s.count() > 0;
                }
            }
            return dictionaryPage && dataPage ? "the encoding stats show every data page is dictionary-encoded" : null;
        }
        // Without encoding stats, only the v1 form proves it: PLAIN_DICTIONARY for the dictionary
        // and data pages, RLE and BIT_PACKED for levels. A fallback page would add PLAIN or
        // another encoding. With RLE_DICTIONARY the dictionary page itself is PLAIN, so a PLAIN
        // fallback could not be told apart.
        boolean plainDictionary = false;
        for (int e : cmd.encodings()) {
            if (e == Encoding.PLAIN_DICTIONARY.code) {
                plainDictionary = true;
            } else if (e != Encoding.RLE.code && e != Encoding.BIT_PACKED.code) {
                return null;
            }
        }
        return plainDictionary ? "the encodings list has no fallback encoding" : null;
    }
}
