package io.pqlab.internal.format;

import io.pqlab.DecryptionException;
import io.pqlab.MalformedFileException;
import io.pqlab.ParquetFile;
import io.pqlab.ReadOptions;
import io.pqlab.UnsupportedFeatureException;
import io.pqlab.internal.crypto.FileDecryptor;
import io.pqlab.io.ByteSource;
import io.pqlab.schema.ColumnDescriptor;
import java.io.IOException;
import java.util.List;

/**
 * A {@link ParquetFile}'s footer structures, for pqlab's own readers: opening a file from a footer
 * already read by a reader that chose how to fetch it (the network reader, the dataset's cache) or
 * decoded with a column projection, and a file's footer, row groups, chunks and page headers
 * (the commands that print them, the planner, the scanner, the Arrow and Spark modules). These
 * take or return internal types, so they are not on {@code ParquetFile}, whose public methods
 * name public types only; it hands this class its checked constructor and its footer when it is
 * initialised (the JDK's "shared secrets" pattern), and a file opened here is checked exactly as
 * one opened there.
 */
public final class ParquetFiles {
    /** What {@code ParquetFile} hands pqlab's internal code: its checked open, and its footer. */
    public interface Access {
        ParquetFile open(ByteSource source, Footer footer, ReadOptions options);

        Footer footer(ParquetFile file);
    }

    private static final Registered<Access> ACCESS = new Registered<>(ParquetFile.class);

    private ParquetFiles() {}

    /** Called once, by {@code ParquetFile}'s static initialiser. */
    public static void register(Access a) {
        ACCESS.set(a);
    }

    /**
     * A file whose footer was already read from {@code source}, checked as
     * {@link ParquetFile#open(ByteSource)} checks it; closing it closes the source.
     */
    public static ParquetFile open(ByteSource source, Footer footer, ReadOptions options) {
        return ACCESS.get().open(source, footer, options);
    }

    /** As above, read directly (every read goes to the source as asked). */
    public static ParquetFile open(ByteSource source, Footer footer) {
        return open(source, footer, ReadOptions.defaults().withRequests(ReadOptions.Requests.DIRECT));
    }

    /**
     * A file whose footer is decoded only as far as {@code options} ask: with a column projection,
     * the chunks of other columns are null in {@link RowGroup#columns()} and
     * {@link #chunk} refuses them. {@code Schema.selector} makes a projection from
     * column names.
     */
    public static ParquetFile open(ByteSource source, MetadataDecoder.Options options) throws IOException {
        return open(source, FooterReader.read(source, options));
    }

    /** The file's decoded footer. */
    public static Footer footer(ParquetFile file) {
        return ACCESS.get().footer(file);
    }

    /** The file's metadata (the footer's Thrift structure). */
    public static FileMetaData metadata(ParquetFile file) {
        return footer(file).metadata();
    }

    /** A row group's metadata, by its index in the file. */
    public static RowGroup rowGroup(ParquetFile file, int index) {
        List<RowGroup> groups = metadata(file).rowGroups();
        if (index < 0 || index >= groups.size()) {
            throw new IllegalArgumentException("row group " + index + " does not exist; " + file.source().name()
                    + " has " + groups.size());
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
    public static ColumnChunk chunk(ParquetFile file, int rowGroup, int leafIndex) {
        ColumnDescriptor column = file.schema().column(leafIndex);
        ColumnChunk cc = rowGroup(file, rowGroup).columns().get(leafIndex);
        if (cc == null) {
            throw new IllegalStateException("column \"" + column.dottedPath()
                    + "\" was not decoded: the file was opened with a projection that leaves it out");
        }
        if (cc.metaData() == null) {
            long at = footer(file).metadataOffset();
            if (cc.encrypted()) {
                throw new DecryptionException("column \"" + column.dottedPath() + "\" in row group " + rowGroup
                        + " is encrypted and its metadata cannot be read: "
                        + FileDecryptor.missingKey(cc.cryptoMetaData(), column.dottedPath()), at);
            }
            throw new MalformedFileException("column \"" + column.dottedPath() + "\" in row group " + rowGroup
                    + " has no metadata", at);
        }
        return cc;
    }
}
