package io.pqlab.internal.column;

import io.pqlab.DecryptionException;
import io.pqlab.ParquetFile;
import io.pqlab.UnsupportedFeatureException;
import io.pqlab.internal.crypto.FileDecryptor;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.pages.PageInfo;
import io.pqlab.internal.pages.PageWalker;
import io.pqlab.schema.ColumnDescriptor;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The pages of an opened file's chunk. Here rather than beside {@link ParquetFiles}'s footer
 * accessors so that the format layer does not depend on the pages layer above it (the walker reads
 * page headers, which are format structures).
 */
public final class ChunkPages {
    private ChunkPages() {}

    /** A walker over a chunk's pages, which reads their headers as it goes. */
    public static PageWalker pageWalker(ParquetFile file, int rowGroup, int leafIndex) throws IOException {
        ColumnChunk cc = ParquetFiles.chunk(file, rowGroup, leafIndex);
        ColumnDescriptor column = file.schema().column(leafIndex);
        long at = ParquetFiles.footer(file).metadataOffset();
        if (cc.sealed()) {
            throw new DecryptionException("column \"" + column.dottedPath() + "\" in row group " + rowGroup
                    + " is encrypted and its pages cannot be read: "
                    + FileDecryptor.missingKey(cc.cryptoMetaData(), column.dottedPath()), at);
        }
        if (cc.filePath() != null) {
            throw new UnsupportedFeatureException("column \"" + column.dottedPath() + "\" in row group " + rowGroup
                    + " is stored in another file (" + cc.filePath() + "), which pqlab does not follow", at);
        }
        return new PageWalker(file.source(), cc.metaData(), at, column.maxRepetitionLevel(), cc.decryptor());
    }

    /** Every page of a chunk (headers only). */
    public static List<PageInfo> pages(ParquetFile file, int rowGroup, int leafIndex) throws IOException {
        PageWalker w = pageWalker(file, rowGroup, leafIndex);
        List<PageInfo> pages = new ArrayList<>();
        PageInfo p;
        while ((p = w.next()) != null) {
            pages.add(p);
        }
        return pages;
    }
}
