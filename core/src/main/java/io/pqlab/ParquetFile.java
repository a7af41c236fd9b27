package io.pqlab;

import io.pqlab.internal.crypto.FileDecryptor;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.FileMetaData;
import io.pqlab.internal.format.Footer;
import io.pqlab.internal.format.FooterReader;
import io.pqlab.internal.format.MetadataDecoder;
import io.pqlab.internal.format.RowGroup;
import io.pqlab.io.ByteSource;
import io.pqlab.io.FileSource;
import io.pqlab.io.TailCachedSource;
import io.pqlab.internal.pages.PageInfo;
import io.pqlab.internal.pages.PageWalker;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.schema.Schema;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A Parquet file opened for reading: its footer decoded, its schema built and checked against the
 * row groups. The entry point of the library.
 *
 * <p>Opening checks that every row group has one chunk per leaf column and a row count. It reads
 * nothing but the footer; chunks, pages and indexes are read when asked for.
 */
public final class ParquetFile implements Closeable {
    private final ByteSource source;
    private final Footer footer;
    private final Schema schema;

    private ParquetFile(ByteSource source, Footer footer, Schema schema) {
        this.source = source;
        this.footer = footer;
        this.schema = schema;
    }

    /**
     * Opens a local file; {@link #close()} closes it. The tail the footer is read from is kept, so
     * that indexes and filters near the footer are not fetched again.
     */
    public static ParquetFile open(Path path) throws IOException {
        FileSource source = FileSource.open(path);
        try {
            return open(new TailCachedSource(source));
        } catch (IOException | RuntimeException e) {
            source.close();
            throw e;
        }
    }

    /** Opens a local file, possibly encrypted, with the keys to decrypt it (see {@link Decryption}). */
    public static ParquetFile open(Path path, Decryption keys) throws IOException {
        FileSource source = FileSource.open(path);
        try {
            TailCachedSource s = new TailCachedSource(source);
            return open(s, FooterReader.read(s, MetadataDecoder.Options.ALL, s.firstTailRead(), keys));
        } catch (IOException | RuntimeException e) {
            source.close();
            throw e;
        }
    }

    /** Opens a file from a byte source with the keys to decrypt it; {@link #close()} closes the source. */
    public static ParquetFile open(ByteSource source, Decryption keys) throws IOException {
        return open(source, FooterReader.read(source, MetadataDecoder.Options.ALL, source.firstTailRead(), keys));
    }

    /**
     * Opens a file from a byte source; {@link #close()} closes the source. Every read goes to the
     * source as asked; wrap it in a {@link TailCachedSource} to have reads that fall in the tail the
     * footer was read from served from memory.
     */
    public static ParquetFile open(ByteSource source) throws IOException {
        return open(source, MetadataDecoder.Options.ALL);
    }

    /**
     * Opens a file decoding only what the options ask for: with a column projection, the chunks of
     * other columns are null in {@link RowGroup#columns()} and {@link #chunk} refuses them.
     * {@link Schema#selector} makes a projection from column names.
     */
    public static ParquetFile open(ByteSource source, MetadataDecoder.Options options) throws IOException {
        return open(source, FooterReader.read(source, options));
    }

    /**
     * Opens a file whose footer was already read from {@code source} (by a reader that chose how to
     * fetch it, as {@link io.pqlab.internal.net.ReadSession} does); checks it as {@link #open(ByteSource)} does.
     */
    public static ParquetFile open(ByteSource source, Footer footer) {
        FileMetaData md = footer.metadata();
        Schema schema = Schema.of(md.schema(), footer.metadataOffset());
        int leaves = schema.columnCount();
        List<RowGroup> groups = md.rowGroups();
        for (int i = 0; i < groups.size(); i++) {
            RowGroup rg = groups.get(i);
            if (rg.columns().size() != leaves) {
                throw new MalformedFileException("row group " + i + " has " + rg.columns().size()
                        + " column chunks but the schema has " + leaves + " columns", footer.metadataOffset());
            }
            if (rg.numRows() < 0) {
                throw new MalformedFileException("row group " + i + " has no valid num_rows (" + rg.numRows() + ")",
                        footer.metadataOffset());
            }
            for (int c = 0; c < leaves; c++) {
                checkChunk(schema.column(c), rg, i, rg.columns().get(c), footer.metadataOffset());
            }
        }
        return new ParquetFile(source, footer, schema);
    }

    /**
     * A chunk must be the column the schema says is at its position: chunks are matched to columns
     * by position, so a path that disagrees means the file is not what it claims. A column without
     * repetition has one level entry per row, so its num_values must be the row group's row count
     * (else its rows and the other columns' would not line up).
     */
    private static void checkChunk(ColumnDescriptor column, RowGroup rg, int group, ColumnChunk cc, long at) {
        if (cc == null || cc.metaData() == null) {
            return; // not decoded (projection), or encrypted
        }
        List<String> path = cc.metaData().pathInSchema();
        if (path != null && !path.equals(column.path())) {
            throw new MalformedFileException("row group " + group + " column " + column.index()
                    + " has path_in_schema " + String.join(".", path) + " but the schema's column there is "
                    + column.dottedPath(), at);
        }
        if (column.maxRepetitionLevel() == 0 && cc.metaData().numValues() != rg.numRows()) {
            throw new MalformedFileException("row group " + group + " has " + rg.numRows() + " rows but its column "
                    + column.dottedPath() + " has " + cc.metaData().numValues() + " values", at);
        }
    }

    public Footer footer() {
        return footer;
    }

    public FileMetaData metadata() {
        return footer.metadata();
    }

    public Schema schema() {
        return schema;
    }

    public ByteSource source() {
        return source;
    }

    /**
     * The same file read through another source over the same bytes (a cache, a counter), with
     * the footer and schema already checked; closing it closes that source.
     */
    public ParquetFile withSource(ByteSource other) {
        return new ParquetFile(other, footer, schema);
    }

    public int rowGroupCount() {
        return footer.metadata().rowGroups().size();
    }

    public RowGroup rowGroup(int index) {
        List<RowGroup> groups = footer.metadata().rowGroups();
        if (index < 0 || index >= groups.size()) {
            throw new IllegalArgumentException("row group " + index + " does not exist; " + source.name() + " has "
                    + groups.size());
        }
        return groups.get(index);
    }

    /**
     * A column's chunk in a row group, with its metadata present.
     *
     * @throws UnsupportedFeatureException where the column's metadata is encrypted
     * @throws MalformedFileException where it is absent for no such reason
     * @throws IllegalStateException where the file was opened with a projection without this column
     */
    public ColumnChunk chunk(int rowGroup, int leafIndex) {
        ColumnDescriptor column = schema.column(leafIndex);
        ColumnChunk cc = rowGroup(rowGroup).columns().get(leafIndex);
        if (cc == null) {
            throw new IllegalStateException("column \"" + column.dottedPath()
                    + "\" was not decoded: the file was opened with a projection that leaves it out");
        }
        if (cc.metaData() == null) {
            if (cc.encrypted()) {
                throw new DecryptionException("column \"" + column.dottedPath() + "\" in row group " + rowGroup
                        + " is encrypted and its metadata cannot be read: "
                        + FileDecryptor.missingKey(cc.cryptoMetaData(), column.dottedPath()), footer.metadataOffset());
            }
            throw new MalformedFileException("column \"" + column.dottedPath() + "\" in row group " + rowGroup
                    + " has no metadata", footer.metadataOffset());
        }
        return cc;
    }

    /** A walker over a chunk's pages, which reads their headers as it goes. */
    public PageWalker pageWalker(int rowGroup, int leafIndex) throws IOException {
        ColumnChunk cc = chunk(rowGroup, leafIndex);
        ColumnDescriptor column = schema.column(leafIndex);
        if (cc.sealed()) {
            throw new DecryptionException("column \"" + column.dottedPath() + "\" in row group " + rowGroup
                    + " is encrypted and its pages cannot be read: "
                    + FileDecryptor.missingKey(cc.cryptoMetaData(), column.dottedPath()), footer.metadataOffset());
        }
        if (cc.filePath() != null) {
            throw new UnsupportedFeatureException("column \"" + column.dottedPath() + "\" in row group " + rowGroup
                    + " is stored in another file (" + cc.filePath() + "), which pqlab does not follow",
                    footer.metadataOffset());
        }
        return new PageWalker(source, cc.metaData(), footer.metadataOffset(), column.maxRepetitionLevel(),
                cc.decryptor());
    }

    /** Every page of a chunk (headers only). */
    public List<PageInfo> pages(int rowGroup, int leafIndex) throws IOException {
        PageWalker w = pageWalker(rowGroup, leafIndex);
        List<PageInfo> pages = new ArrayList<>();
        PageInfo p;
        while ((p = w.next()) != null) {
            pages.add(p);
        }
        return pages;
    }

    @Override
    public void close() throws IOException {
        source.close();
    }

    @Override
    public String toString() {
        return "ParquetFile[" + source.name() + "]";
    }
}
