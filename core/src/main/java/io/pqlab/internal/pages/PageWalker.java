package io.pqlab.internal.pages;

import io.pqlab.MalformedFileException;
import io.pqlab.internal.crypto.ChunkDecryptor;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.PageHeader;
import io.pqlab.internal.format.PageHeaderDecoder;
import io.pqlab.io.ByteSource;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Walks a column chunk's pages by their headers, from the chunk's first page to
 * {@code start + total_compressed_size}, reading only a window of bytes per header (never the
 * bodies).
 *
 * <p>The chunk's range is checked against the data region of the file before anything is read;
 * every page must end inside the chunk, and the last page must end exactly at the chunk's end,
 * where the data pages' num_values must add up to the chunk's. The
 * walk always advances (every header takes at least one byte), so it ends on any input. A
 * dictionary page may only come first.
 */
public final class PageWalker {
    /** The first window: enough for a header without large statistics. */
    static final int INITIAL_WINDOW = 256;
    /** A page header larger than this (statistics of huge values) is taken as malformed. */
    public static final int MAX_HEADER = 16 * 1024 * 1024;

    private final ByteSource source;
    private final boolean flat;
    private final long start;
    private final long end;
    private long pos;
    private byte[] window = new byte[0];

    private final long numValues;
    private long values;
    private boolean rowsKnown = true;
    private long rows;
    private int pagesSeen;
    private int dataPagesSeen;
    /** Null for a plaintext chunk; else each header is a GCM module (see {@link #decryptHeader}). */
    private final ChunkDecryptor decryptor;

    /**
     * @param source the file
     * @param meta the chunk's metadata
     * @param dataEnd where the region that may hold pages ends (the footer's start)
     * @param maxRepetitionLevel the column's; 0 means each level entry is one row
     */
    public PageWalker(ByteSource source, ColumnMetaData meta, long dataEnd, int maxRepetitionLevel)
            throws IOException {
        this(source, meta, dataEnd, maxRepetitionLevel, null);
    }

    /** A walker over an encrypted chunk's pages, whose headers {@code decryptor} decrypts (null: plaintext). */
    public PageWalker(ByteSource source, ColumnMetaData meta, long dataEnd, int maxRepetitionLevel,
            ChunkDecryptor decryptor) throws IOException {
        this.source = source;
        this.decryptor = decryptor;
        dataEnd = Math.min(dataEnd, source.size());
        this.flat = maxRepetitionLevel == 0;
        long s = meta.chunkStart();
        long size = meta.totalCompressedSize();
        // Where to point an error: the chunk's start when it lies in the data region, else the
        // footer (dataEnd), which holds the offsets that are wrong.
        long at = s >= 4 && s < dataEnd ? s : dataEnd;
        if (meta.dataPageOffset() < 0) {
            throw new MalformedFileException("a column chunk without a valid data_page_offset ("
                    + meta.dataPageOffset() + ")", dataEnd);
        }
        if (size < 0) {
            throw new MalformedFileException("a column chunk without a valid total_compressed_size (" + size + ")",
                    at);
        }
        // Pages lie between the head magic and the footer.
        if (s < 4 || size > dataEnd - s) {
            throw new MalformedFileException("the column chunk at " + s + " of " + size
                    + " bytes lies outside the file's data region [4, " + dataEnd + ")", at);
        }
        if (meta.dataPageOffset() >= s + size && size > 0) {
            throw new MalformedFileException("the column chunk's data_page_offset " + meta.dataPageOffset()
                    + " lies past its end " + (s + size), at);
        }
        if (size == 0 && meta.numValues() != 0) {
            throw new MalformedFileException("an empty column chunk with " + meta.numValues() + " values", at);
        }
        this.numValues = meta.numValues();
        this.start = s;
        this.end = s + size;
        this.pos = s;
    }

    /** Every page of the chunk. */
    public static List<PageInfo> walk(ByteSource source, ColumnMetaData meta, long dataEnd, int maxRepetitionLevel)
            throws IOException {
        PageWalker w = new PageWalker(source, meta, dataEnd, maxRepetitionLevel);
        List<PageInfo> pages = new ArrayList<>();
        PageInfo p;
        while ((p = w.next()) != null) {
            pages.add(p);
        }
        return pages;
    }

    /** Where the chunk starts. */
    public long start() {
        return start;
    }

    /** Where the chunk ends (exclusive). */
    public long end() {
        return end;
    }

    public boolean hasNext() {
        return pos < end;
    }

    /** The next page, or null after the last one. */
    public PageInfo next() throws IOException {
        if (pos >= end) {
            return null;
        }
        long pageStart = pos;
        PageHeaderDecoder.Decoded d = decryptor != null ? decryptHeader(pageStart) : decodeHeader(pageStart);
        PageHeader h = d.header();
        long bodyEnd = pageStart + d.length() + (long) h.compressedPageSize();
        if (bodyEnd > end) {
            throw new MalformedFileException("the page at " + pageStart + " (header " + d.length() + " bytes, body "
                    + h.compressedPageSize() + " bytes) ends at " + bodyEnd + ", past its column chunk's end "
                    + end, pageStart);
        }
        if (h.type() == PageHeader.DICTIONARY_PAGE && pagesSeen > 0) {
            throw new MalformedFileException("a dictionary page that is not the first page of its column chunk",
                    pageStart);
        }
        int numRows = -1;
        int numNulls = -1;
        long firstRow = -1;
        if (h.dataPageHeaderV2() != null) {
            PageHeader.DataPageHeaderV2 v2 = h.dataPageHeaderV2();
            numRows = v2.numRows();
            numNulls = v2.numNulls();
            firstRow = rowsKnown ? rows : -1;
            rows += v2.numRows();
        } else if (h.dataPageHeader() != null) {
            firstRow = rowsKnown ? rows : -1;
            if (flat) {
                rows += h.dataPageHeader().numValues();
            } else {
                rowsKnown = false; // a v1 page of a repeated column does not say how many rows it holds
            }
        }
        if (h.isDataPage()) {
            values += h.numValues();
            dataPagesSeen++;
        }
        pagesSeen++;
        pos = bodyEnd;
        if (pos == end && values != numValues) {
            // Readers stop either by bytes or by counting values; a chunk where the two disagree
            // has no single meaning.
            throw new MalformedFileException("the column chunk's data pages hold " + values
                    + " level entries but its num_values is " + numValues, pageStart);
        }
        return new PageInfo(pageStart, d.length(), h.compressedPageSize(), h.uncompressedPageSize(), h.type(),
                h.numValues(), h.encoding(), numRows, numNulls, firstRow, h);
    }

    /**
     * An encrypted header: its 4-byte length, checked against the chunk, then the module, decrypted
     * and decoded. The decoded length is the stored one, so that the body is found after it.
     */
    private PageHeaderDecoder.Decoded decryptHeader(long at) throws IOException {
        long available = end - at;
        byte[] len = source.read(at, (int) Math.min(4, available), "a page header's length");
        int stored = decryptor.storedLength(io.pqlab.internal.crypto.ModuleType.DATA_PAGE_HEADER, dataPagesSeen, len,
                0, (int) Math.min(available, MAX_HEADER), at);
        byte[] module = source.read(at, stored, "an encrypted page header");
        ChunkDecryptor.Header plain = decryptor.pageHeader(module, 0, stored, at, dataPagesSeen, pagesSeen == 0);
        PageHeaderDecoder.Decoded d = PageHeaderDecoder.decode(plain.plain(), 0, plain.plain().length, at);
        return new PageHeaderDecoder.Decoded(d.header(), stored);
    }

    /**
     * Decodes the header at {@code at} from a window that starts small and doubles while the
     * header does not fit, up to the chunk's end.
     */
    private PageHeaderDecoder.Decoded decodeHeader(long at) throws IOException {
        long available = end - at;
        int size = (int) Math.min(available, INITIAL_WINDOW);
        while (true) {
            if (window.length < size) {
                window = new byte[size];
            }
            source.readFully(at, window, 0, size);
            try {
                return PageHeaderDecoder.decode(window, 0, size, at);
            } catch (MalformedFileException e) {
                if (size >= available) {
                    throw e; // the whole rest of the chunk: the header is malformed, not cut short
                }
                if (size >= MAX_HEADER) {
                    throw new MalformedFileException("a page header larger than " + MAX_HEADER
                            + " bytes, or a malformed one: " + e.getMessage(), at, e);
                }
                size = (int) Math.min(available, Math.min((long) size * 2, MAX_HEADER));
            }
        }
    }
}
