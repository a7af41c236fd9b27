package io.pqlab.internal.pageindex;

import io.pqlab.MalformedFileException;
import io.pqlab.internal.crypto.ModuleType;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.io.ByteSource;
import io.pqlab.internal.thrift.CompactReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Reads a column chunk's ColumnIndex and OffsetIndex: exactly the bytes the chunk's offset and
 * length name, checked against the file before anything is allocated, decoded with the compact
 * Thrift reader.
 *
 * <p>Errors and their kinds, by choice: bytes that are not a valid Thrift struct, a struct that
 * does not end exactly at its length, or a known field of the wrong Thrift type, throw
 * {@link MalformedFileException} (the planner may catch it and read the data instead). A missing
 * required field or an enum code pqlab does not know is NOT an error here: the structure comes back
 * with that field null or -1 (the code as written), and {@link ColumnIndex#problem} /
 * {@link OffsetIndex#problem} reject it in words, so one damaged index costs a page skip, not a
 * query (parquet-java, too, reads on without an index it cannot read).
 */
public final class PageIndexReader {
    private static final int NULL_PAGES = 1, MIN_VALUES = 2, MAX_VALUES = 3, BOUNDARY_ORDER = 4,
            NULL_COUNTS = 5, REP_HISTOGRAMS = 6, DEF_HISTOGRAMS = 7, NAN_COUNTS = 8;
    private static final int PAGE_LOCATIONS = 1, UNENCODED_BYTES = 2;

    private PageIndexReader() {}

    /**
     * The chunk's ColumnIndex, or null when it has none (or lacks its offset or a positive length).
     * An encrypted column's index is an encrypted module that pqlab cannot decrypt; it is treated
     * as absent, so no page is skipped by it.
     */
    public static ColumnIndex columnIndex(ByteSource source, ColumnChunk chunk) throws IOException {
        if (!chunk.hasColumnIndex() || chunk.sealed()) {
            return null;
        }
        long offset = chunk.columnIndexOffset();
        byte[] bytes = module(source, chunk, offset, chunk.columnIndexLength(), ModuleType.COLUMN_INDEX, "the ColumnIndex");
        return decodeColumnIndex(bytes, offset, chunk.decryptor() == null);
    }

    /** The chunk's OffsetIndex, or null when it has none (or it is encrypted, as above). */
    public static OffsetIndex offsetIndex(ByteSource source, ColumnChunk chunk) throws IOException {
        if (!chunk.hasOffsetIndex() || chunk.sealed()) {
            return null;
        }
        long offset = chunk.offsetIndexOffset();
        byte[] bytes = module(source, chunk, offset, chunk.offsetIndexLength(), ModuleType.OFFSET_INDEX, "the OffsetIndex");
        return decodeOffsetIndex(bytes, offset, chunk.decryptor() == null);
    }

    /**
     * The index module's bytes as stored, or, for an encrypted column, its plaintext (the whole
     * stored module is what is read).
     */
    private static byte[] module(ByteSource source, ColumnChunk chunk, long offset, int length, ModuleType type,
            String what) throws IOException {
        byte[] bytes = source.read(offset, length, what + column(chunk));
        return chunk.decryptor() == null ? bytes : chunk.decryptor().decrypt(type, -1, bytes, 0, length, offset);
    }

    /** Decodes a ColumnIndex that fills {@code bytes} exactly; {@code offset} is its file offset. */
    public static ColumnIndex decodeColumnIndex(byte[] bytes, long offset) {
        return decodeColumnIndex(bytes, offset, true);
    }

    /**
     * {@code exact} false for a decrypted module: parquet-java pads the plaintext it encrypts with
     * zeros after the struct (authenticated with it), so the struct ends at its stop byte.
     */
    private static ColumnIndex decodeColumnIndex(byte[] bytes, long offset, boolean exact) {
        CompactReader r = new CompactReader(bytes, offset);
        boolean[] nullPages = null;
        List<byte[]> minValues = null;
        List<byte[]> maxValues = null;
        BoundaryOrder order = BoundaryOrder.UNORDERED;
        int orderCode = ColumnIndex.ABSENT;
        long[] nullCounts = null, repHist = null, defHist = null, nanCounts = null;
        r.structBegin();
        int type;
        while ((type = r.readFieldHeader()) != CompactReader.STOP) {
            switch (r.fieldId()) {
                case NULL_PAGES -> {
                    expect(r, type, CompactReader.LIST, "ColumnIndex.null_pages");
                    int n = r.readListHeader();
                    // Writers label bool elements 1 or 2 and write true as 1; expectElements takes either.
                    // (An empty list's element type says nothing, so it is not checked.)
                    if (n > 0) r.expectElements(CompactReader.BOOL_TRUE, "ColumnIndex.null_pages");
                    nullPages = new boolean[n];
                    for (int i = 0; i < n; i++) {
                        nullPages[i] = r.readBoolElement();
                    }
                }
                case MIN_VALUES -> minValues = binaries(r, type, "ColumnIndex.min_values");
                case MAX_VALUES -> maxValues = binaries(r, type, "ColumnIndex.max_values");
                case BOUNDARY_ORDER -> {
                    expect(r, type, CompactReader.I32, "ColumnIndex.boundary_order");
                    orderCode = r.readI32();
                    order = BoundaryOrder.of(orderCode);
                }
                case NULL_COUNTS -> nullCounts = longs(r, type, "ColumnIndex.null_counts");
                case REP_HISTOGRAMS -> repHist = longs(r, type, "ColumnIndex.repetition_level_histograms");
                case DEF_HISTOGRAMS -> defHist = longs(r, type, "ColumnIndex.definition_level_histograms");
                case NAN_COUNTS -> nanCounts = longs(r, type, "ColumnIndex.nan_counts");
                default -> r.skip(type);
            }
        }
        r.structEnd();
        if (exact) {
            checkEnd(r, "ColumnIndex");
        }
        return new ColumnIndex(nullPages, minValues, maxValues, order, nullCounts, repHist, defHist,
                nanCounts, offset, bytes.length, orderCode);
    }

    /** Decodes an OffsetIndex that fills {@code bytes} exactly; {@code offset} is its file offset. */
    public static OffsetIndex decodeOffsetIndex(byte[] bytes, long offset) {
        return decodeOffsetIndex(bytes, offset, true);
    }

    /** As {@link #decodeColumnIndex(byte[], long, boolean)}. */
    private static OffsetIndex decodeOffsetIndex(byte[] bytes, long offset, boolean exact) {
        CompactReader r = new CompactReader(bytes, offset);
        List<PageLocation> pages = null;
        long[] unencoded = null;
        r.structBegin();
        int type;
        while ((type = r.readFieldHeader()) != CompactReader.STOP) {
            switch (r.fieldId()) {
                case PAGE_LOCATIONS -> {
                    expect(r, type, CompactReader.LIST, "OffsetIndex.page_locations");
                    int n = r.readListHeader(); // at most one element per remaining byte
                    if (n > 0) r.expectElements(CompactReader.STRUCT, "OffsetIndex.page_locations");
                    List<PageLocation> list = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        list.add(pageLocation(r));
                    }
                    pages = Collections.unmodifiableList(list);
                }
                case UNENCODED_BYTES -> unencoded = longs(r, type, "OffsetIndex.unencoded_byte_array_data_bytes");
                default -> r.skip(type);
            }
        }
        r.structEnd();
        if (exact) {
            checkEnd(r, "OffsetIndex");
        }
        return new OffsetIndex(pages, unencoded, offset, bytes.length);
    }

    private static PageLocation pageLocation(CompactReader r) {
        long offset = -1;
        int size = -1;
        long firstRow = -1;
        r.structBegin();
        int type;
        while ((type = r.readFieldHeader()) != CompactReader.STOP) {
            switch (r.fieldId()) {
                case 1 -> {
                    expect(r, type, CompactReader.I64, "PageLocation.offset");
                    offset = r.readI64();
                }
                case 2 -> {
                    expect(r, type, CompactReader.I32, "PageLocation.compressed_page_size");
                    size = r.readI32();
                }
                case 3 -> {
                    expect(r, type, CompactReader.I64, "PageLocation.first_row_index");
                    firstRow = r.readI64();
                }
                default -> r.skip(type);
            }
        }
        r.structEnd();
        return new PageLocation(offset, size, firstRow);
    }

    private static List<byte[]> binaries(CompactReader r, int type, String what) {
        expect(r, type, CompactReader.LIST, what);
        int n = r.readListHeader(); // every binary takes at least its length byte
        if (n > 0) r.expectElements(CompactReader.BINARY, what);
        List<byte[]> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(r.readBinary());
        }
        return Collections.unmodifiableList(out);
    }

    private static long[] longs(CompactReader r, int type, String what) {
        expect(r, type, CompactReader.LIST, what);
        int n = r.readListHeader(); // every varint takes at least a byte
        if (n > 0) r.expectElements(CompactReader.I64, what);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = r.readI64();
        }
        return out;
    }

    private static void expect(CompactReader r, int type, int wanted, String what) {
        if (type != wanted) {
            throw r.error(what + " has Thrift type " + type + ", not " + wanted);
        }
    }

    private static void checkEnd(CompactReader r, String what) {
        if (r.remaining() != 0) {
            throw r.error("the " + what + " ends " + r.remaining() + " bytes before the length its column chunk gives");
        }
    }

    private static String column(ColumnChunk chunk) {
        return chunk.metaData() != null && chunk.metaData().pathInSchema() != null
                ? " of column " + String.join(".", chunk.metaData().pathInSchema())
                : "";
    }
}
