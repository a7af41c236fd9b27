package io.pqlab.internal.column;

import io.pqlab.ParquetFile;
import io.pqlab.internal.encoding.Binaries;
import io.pqlab.internal.encoding.Dictionary;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A column chunk's dictionary, read alone: the planner's dictionary mechanism tests a condition
 * against every entry and skips the chunk when none matches (valid only where every data page is
 * dictionary-encoded, which the caller establishes).
 */
public final class DictionaryPages {
    private DictionaryPages() {}

    /**
     * A dictionary page's entries.
     *
     * @param values the entries in PLAIN form (BYTE_ARRAY without length prefixes, BOOLEAN as one
     *     byte), in dictionary order
     * @param dictionary the same, decoded into arrays of the physical type
     * @param pageOffset where the dictionary page starts
     * @param bytesFetched bytes read from the file to get it
     * @param reads separate reads issued
     */
    public record Result(List<byte[]> values, Dictionary dictionary, long pageOffset, long bytesFetched, int reads) {}

    /**
     * The dictionary of the chunk of leaf {@code column} in row group {@code rowGroup}, or null
     * when the chunk has no dictionary page. Fetches only the dictionary page: the bytes from
     * dictionary_page_offset to data_page_offset, or, for writers that did not record
     * dictionary_page_offset but list a dictionary encoding, the first page (header window first).
     */
    public static Result read(ParquetFile file, int rowGroup, int column) throws IOException {
        return read(file, rowGroup, column, ColumnChunkReader.Options.DEFAULT);
    }

    public static Result read(ParquetFile file, int rowGroup, int column, ColumnChunkReader.Options options)
            throws IOException {
        try (ColumnChunkReader r = ColumnChunkReader.forDictionary(file, rowGroup, column, options)) {
            Dictionary d = r.readDictionaryOnly();
            if (d == null) {
                return null;
            }
            return new Result(plainValues(d), d, r.dictionaryOffset(), r.bytesFetched(), r.reads());
        }
    }

    /** A dictionary's entries as PLAIN byte strings. */
    public static List<byte[]> plainValues(Dictionary d) {
        int n = d.size();
        List<byte[]> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            byte[] v;
            if (d.booleans() != null) {
                v = new byte[] {(byte) (d.booleans()[i] ? 1 : 0)};
            } else if (d.ints() != null) {
                v = le(d.ints()[i], 4);
            } else if (d.longs() != null) {
                v = le(d.longs()[i], 8);
            } else if (d.floats() != null) {
                v = le(Float.floatToRawIntBits(d.floats()[i]), 4);
            } else if (d.doubles() != null) {
                v = le(Double.doubleToRawLongBits(d.doubles()[i]), 8);
            } else {
                Binaries b = d.binaries();
                v = b.get(i);
            }
            out.add(v);
        }
        return Collections.unmodifiableList(out);
    }

    private static byte[] le(long x, int width) {
        byte[] b = new byte[width];
        for (int i = 0; i < width; i++) {
            b[i] = (byte) (x >>> (8 * i));
        }
        return b;
    }
}
