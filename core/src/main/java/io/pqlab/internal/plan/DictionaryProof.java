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

    /**
     * The answer: how it is proved, or why evidence that would prove it is refused (an entry of a
     * page type or encoding pqlab does not know: such a page may be a data page in any encoding).
     * Both null: not proved (no dictionary, or pages that fell back), which needs no words.
     */
    public record Answer(String how, String refused) {
        static final Answer NOT_PROVED = new Answer(null, null);
    }

    public static Answer of(ColumnMetaData cmd) {
        if (cmd.encodingStats() != null) {
            boolean dictionaryPage = false;
            boolean dataPage = false;
            for (PageEncodingStats s : cmd.encodingStats()) {
                PageType type = PageType.of(s.pageType());
                if (type == null || type == PageType.INDEX_PAGE) {
                    // Not a page type a chunk holds: whatever it is, its values may be in no dictionary.
                    return new Answer(null, "the encoding stats list " + s.count() + " pages of "
                            + PageType.name(s.pageType()) + ", which pqlab does not know, so they may be data pages "
                            + "in another encoding");
                }
                if (s.count() < 0) {
                    return new Answer(null, "the encoding stats give a negative page count (" + s.count() + ")");
                }
                if (type == PageType.DICTIONARY_PAGE) {
                    dictionaryPage |= s.count() > 0;
                } else {
                    if (s.count() > 0 && !Encoding.isDictionary(s.encoding())) {
                        return Answer.NOT_PROVED;
                    }
                    dataPage |= s.count() > 0;
                }
            }
            return dictionaryPage && dataPage
                    ? new Answer("the encoding stats show every data page is dictionary-encoded", null) : Answer.NOT_PROVED;
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
                return Answer.NOT_PROVED;
            }
        }
        return plainDictionary ? new Answer("the encodings list has no fallback encoding", null) : Answer.NOT_PROVED;
    }
}
