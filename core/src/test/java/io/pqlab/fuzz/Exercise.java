package io.pqlab.fuzz;

import static io.pqlab.fuzz.Contract.fileErrorsOnly;

import io.pqlab.ParquetFile;
import io.pqlab.internal.bloom.BloomFilterReader;
import io.pqlab.internal.bloom.BloomFilterResult;
import io.pqlab.internal.compress.Decompressor;
import io.pqlab.internal.encoding.Dictionary;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.PageHeader;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.column.ChunkPages;
import io.pqlab.io.ByteSource;
import io.pqlab.internal.pageindex.ColumnIndex;
import io.pqlab.internal.pageindex.OffsetIndex;
import io.pqlab.internal.pageindex.PageIndexReader;
import io.pqlab.internal.pages.PageInfo;
import io.pqlab.internal.pages.PageWalker;
import io.pqlab.schema.ColumnDescriptor;
import java.io.IOException;

/**
 * Everything the library can do with a file so far, each step under the {@link Contract} with
 * error offsets inside the file: open (footer, schema, chunk checks), and for every chunk its
 * pages (headers, bodies decompressed, dictionary pages decoded), its page index and its Bloom
 * filter. A step that fails ends that step only, so one bad chunk does not hide the others.
 */
final class Exercise {
    private Exercise() {}

    /** Opens the file and exercises it; returns the open file, or null when opening failed. */
    static ParquetFile file(ByteSource source) throws IOException {
        long size = source.size();
        ParquetFile[] opened = new ParquetFile[1];
        if (fileErrorsOnly(0, size, () -> opened[0] = ParquetFile.open(source)) != null) {
            return null;
        }
        ParquetFile f = opened[0];
        for (int g = 0; g < f.rowGroupCount(); g++) {
            long rows = ParquetFiles.rowGroup(f, g).numRows();
            for (int c = 0; c < f.schema().columnCount(); c++) {
                int group = g;
                int leaf = c;
                ColumnChunk[] chunk = new ColumnChunk[1];
                if (fileErrorsOnly(0, size, () -> chunk[0] = ParquetFiles.chunk(f, group, leaf)) != null) {
                    continue;
                }
                ColumnDescriptor column = f.schema().column(c);
                fileErrorsOnly(0, size, () -> pages(source, ChunkPages.pageWalker(f, group, leaf), chunk[0].metaData(), column));
                fileErrorsOnly(0, size, () -> pageIndex(source, chunk[0], column, rows));
                fileErrorsOnly(0, size, () -> bloom(source, chunk[0]));
            }
        }
        return f;
    }

    /** Walks a chunk's pages, decompressing each body and decoding the dictionary page. */
    static void pages(ByteSource source, PageWalker walker, ColumnMetaData meta, ColumnDescriptor column)
            throws IOException {
        int codec = meta.codec();
        PageInfo p;
        while ((p = walker.next()) != null) {
            body(source, p, codec, column.type().ordinal(), column.typeLength());
        }
    }

    /** A page's body: read, decompressed as its header says, and a dictionary decoded. */
    static void body(ByteSource source, PageInfo p, int codec, int type, int typeLength) throws IOException {
        byte[] stored = source.read(p.bodyOffset(), p.compressedSize(), "a page body");
        PageHeader h = p.header();
        int levels = 0;
        boolean compressed = true;
        if (h.dataPageHeaderV2() != null) {
            levels = h.dataPageHeaderV2().definitionLevelsByteLength()
                    + h.dataPageHeaderV2().repetitionLevelsByteLength();
            compressed = h.dataPageHeaderV2().compressed();
        }
        if (!Decompressor.isSupported(codec)) {
            return;
        }
        byte[] values;
        try (Decompressor d = new Decompressor(Fuzzing.MAX_PAGE)) {
            values = compressed
                    ? d.decompress(codec, stored, levels, stored.length - levels, p.uncompressedSize() - levels,
                            p.bodyOffset() + levels)
                    : stored;
        }
        if (p.isDictionaryPage()) {
            int n = h.dictionaryPageHeader().numValues();
            Dictionary.decode(type, typeLength, values, 0, values.length, n, p.bodyOffset());
        }
    }

    /** The chunk's page index, read and checked as the planner will. */
    static void pageIndex(ByteSource source, ColumnChunk chunk, ColumnDescriptor column, long rows)
            throws IOException {
        OffsetIndex oi = PageIndexReader.offsetIndex(source, chunk);
        ColumnIndex ci = PageIndexReader.columnIndex(source, chunk);
        if (oi != null && oi.problem(chunk, rows) == null) {
            oi.rowRanges(rows);
            if (ci != null && ci.problem(oi, column.type(), column.typeLength(), column.maxRepetitionLevel(),
                    column.maxDefinitionLevel()) == null) {
                for (int i = 0; i < oi.pageCount(); i++) {
                    ci.min(i);
                    ci.max(i);
                    ci.nullCount(i);
                    ci.nanCount(i);
                }
            }
        }
    }

    /** The chunk's Bloom filter, probed once when usable. */
    static void bloom(ByteSource source, ColumnChunk chunk) throws IOException {
        BloomFilterResult r = BloomFilterReader.read(source, chunk);
        if (r != null && r.usable()) {
            r.filter().mightContain(new byte[] {0, 0, 0, 0});
        }
    }
}
