package io.pqlab.internal.format;

import static io.pqlab.internal.thrift.CompactReader.BOOL_FALSE;
import static io.pqlab.internal.thrift.CompactReader.BOOL_TRUE;
import static io.pqlab.internal.thrift.CompactReader.I32;
import static io.pqlab.internal.thrift.CompactReader.STOP;
import static io.pqlab.internal.thrift.CompactReader.STRUCT;

import io.pqlab.MalformedFileException;
import io.pqlab.internal.thrift.CompactReader;

/**
 * Decodes a Thrift PageHeader from a window of bytes. A page header's length is not stored
 * anywhere: it is where the struct's stop byte ends, which is what {@link Decoded#length()} says.
 *
 * <p>Checked here: the type and both sizes are present, no size or count is negative, the
 * sub-header the type names is present, and a v2 page's level lengths fit its sizes. A header that
 * does not fit the window is reported as malformed at the window's end (a caller reading a window
 * of a longer chunk grows the window and retries).
 */
public final class PageHeaderDecoder {
    private PageHeaderDecoder() {}

    /** A decoded header and how many bytes it took. */
    public record Decoded(PageHeader header, int length) {}

    /**
     * Decodes the header at {@code buf[offset]}, reading no further than {@code offset + length}.
     *
     * @param fileOffset the file offset of {@code buf[0]}
     */
    public static Decoded decode(byte[] buf, int offset, int length, long fileOffset) {
        CompactReader r = new CompactReader(buf, offset, length, fileOffset);
        long start = r.fileOffset();
        PageHeader header = decode(r, start);
        return new Decoded(header, r.position() - offset);
    }

    private static PageHeader decode(CompactReader r, long start) {
        int type = -1;
        int uncompressed = -1;
        int compressed = -1;
        int crc = 0;
        boolean hasCrc = false;
        PageHeader.DataPageHeader v1 = null;
        PageHeader.DictionaryPageHeader dict = null;
        PageHeader.DataPageHeaderV2 v2 = null;
        boolean hasType = false;
        boolean hasUncompressed = false;
        boolean hasCompressed = false;
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            switch (r.fieldId()) {
                case 1 -> {
                    hasType |= t == I32;
                    type = r.i32(t, type);
                }
                case 2 -> {
                    hasUncompressed |= t == I32;
                    uncompressed = size(r, t, uncompressed, "uncompressed_page_size");
                }
                case 3 -> {
                    hasCompressed |= t == I32;
                    compressed = size(r, t, compressed, "compressed_page_size");
                }
                case 4 -> {
                    hasCrc |= t == I32;
                    crc = r.i32(t, crc);
                }
                case 5 -> {
                    if (t == STRUCT) v1 = dataPageHeader(r); else r.skip(t);
                }
                case 7 -> {
                    if (t == STRUCT) dict = dictionaryPageHeader(r); else r.skip(t);
                }
                case 8 -> {
                    if (t == STRUCT) v2 = dataPageHeaderV2(r); else r.skip(t);
                }
                default -> r.skip(t); // 6 index_page_header (never used) and anything newer
            }
        }
        r.structEnd();
        if (!hasType) {
            throw new MalformedFileException("a page header without a page type", start);
        }
        if (!hasCompressed || !hasUncompressed) {
            throw new MalformedFileException(
                    "a page header without its " + (hasCompressed ? "uncompressed" : "compressed") + " page size",
                    start);
        }
        switch (type) {
            case PageHeader.DATA_PAGE -> {
                if (v1 == null) {
                    throw new MalformedFileException("a DATA_PAGE header without its data_page_header", start);
                }
            }
            case PageHeader.DICTIONARY_PAGE -> {
                if (dict == null) {
                    throw new MalformedFileException(
                            "a DICTIONARY_PAGE header without its dictionary_page_header", start);
                }
            }
            case PageHeader.DATA_PAGE_V2 -> {
                if (v2 == null) {
                    throw new MalformedFileException(
                            "a DATA_PAGE_V2 header without its data_page_header_v2", start);
                }
                long levels = (long) v2.definitionLevelsByteLength() + v2.repetitionLevelsByteLength();
                if (levels > compressed || levels > uncompressed) {
                    throw new MalformedFileException("a DATA_PAGE_V2 header whose level lengths (" + levels
                            + " bytes) exceed its page sizes (" + compressed + " stored, " + uncompressed
                            + " uncompressed)", start);
                }
                if (v2.numNulls() > v2.numValues()) {
                    throw new MalformedFileException("a DATA_PAGE_V2 header with " + v2.numNulls()
                            + " nulls among " + v2.numValues() + " values", start);
                }
            }
            default -> { }
        }
        // Only the sub-header the type names is kept: a writer's stray extra one means nothing.
        return new PageHeader(type, uncompressed, compressed, crc, hasCrc,
                type == PageHeader.DATA_PAGE ? v1 : null,
                type == PageHeader.DICTIONARY_PAGE ? dict : null,
                type == PageHeader.DATA_PAGE_V2 ? v2 : null);
    }

    /** A size or count field: its value where the wire type is I32 (refused if negative), else skipped. */
    private static int size(CompactReader r, int type, int otherwise, String what) {
        if (type != I32) {
            r.skip(type);
            return otherwise;
        }
        return size(r, what);
    }

    private static int size(CompactReader r, String what) {
        long at = r.fileOffset();
        int n = r.readI32();
        if (n < 0) {
            throw new MalformedFileException("a page header with a negative " + what + " (" + n + ")", at);
        }
        return n;
    }

    private static PageHeader.DataPageHeader dataPageHeader(CompactReader r) {
        int numValues = -1;
        int encoding = -1;
        int defEncoding = -1;
        int repEncoding = -1;
        Statistics stats = null;
        long start = r.fileOffset();
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            switch (r.fieldId()) {
                case 1 -> numValues = size(r, t, numValues, "num_values");
                case 2 -> encoding = r.i32(t, encoding);
                case 3 -> defEncoding = r.i32(t, defEncoding);
                case 4 -> repEncoding = r.i32(t, repEncoding);
                case 5 -> {
                    if (t == STRUCT) stats = MetadataDecoder.statistics(r); else r.skip(t);
                }
                default -> r.skip(t);
            }
        }
        r.structEnd();
        if (numValues < 0) {
            throw new MalformedFileException("a data page header without num_values", start);
        }
        if (encoding < 0) {
            throw new MalformedFileException("a data page header without its encoding", start);
        }
        return new PageHeader.DataPageHeader(numValues, encoding, defEncoding, repEncoding, stats);
    }

    private static PageHeader.DictionaryPageHeader dictionaryPageHeader(CompactReader r) {
        int numValues = -1;
        int encoding = -1;
        boolean sorted = false;
        long start = r.fileOffset();
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            switch (r.fieldId()) {
                case 1 -> numValues = size(r, t, numValues, "dictionary num_values");
                case 2 -> encoding = r.i32(t, encoding);
                case 3 -> {
                    if (t == BOOL_TRUE || t == BOOL_FALSE) sorted = r.fieldBool(); else r.skip(t);
                }
                default -> r.skip(t);
            }
        }
        r.structEnd();
        if (numValues < 0) {
            throw new MalformedFileException("a dictionary page header without num_values", start);
        }
        if (encoding < 0) {
            throw new MalformedFileException("a dictionary page header without its encoding", start);
        }
        return new PageHeader.DictionaryPageHeader(numValues, encoding, sorted);
    }

    private static PageHeader.DataPageHeaderV2 dataPageHeaderV2(CompactReader r) {
        int numValues = -1;
        int numNulls = -1;
        int numRows = -1;
        int encoding = -1;
        int defLength = -1;
        int repLength = -1;
        boolean compressed = true; // the IDL's default
        Statistics stats = null;
        long start = r.fileOffset();
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            switch (r.fieldId()) {
                case 1 -> numValues = size(r, t, numValues, "num_values");
                case 2 -> numNulls = size(r, t, numNulls, "num_nulls");
                case 3 -> numRows = size(r, t, numRows, "num_rows");
                case 4 -> encoding = r.i32(t, encoding);
                case 5 -> defLength = size(r, t, defLength, "definition_levels_byte_length");
                case 6 -> repLength = size(r, t, repLength, "repetition_levels_byte_length");
                case 7 -> {
                    if (t == BOOL_TRUE || t == BOOL_FALSE) compressed = r.fieldBool(); else r.skip(t);
                }
                case 8 -> {
                    if (t == STRUCT) stats = MetadataDecoder.statistics(r); else r.skip(t);
                }
                default -> r.skip(t);
            }
        }
        r.structEnd();
        if (numValues < 0 || numNulls < 0 || numRows < 0 || encoding < 0 || defLength < 0 || repLength < 0) {
            throw new MalformedFileException("a DATA_PAGE_V2 header without one of its required fields"
                    + " (num_values, num_nulls, num_rows, encoding, level lengths)", start);
        }
        return new PageHeader.DataPageHeaderV2(numValues, numNulls, numRows, encoding, defLength, repLength,
                compressed, stats);
    }
}
