package io.pqlab.internal.format;

import io.pqlab.ParquetFile;
import io.pqlab.ReadOptions;
import io.pqlab.io.ByteSource;
import java.io.IOException;

/**
 * Opens a {@link ParquetFile} from footer structures, for pqlab's own readers: a footer already
 * read by a reader that chose how to fetch it (the network reader, the dataset's cache), or a
 * footer decoded with a column projection. These take internal types, so they are not on
 * {@code ParquetFile}; it hands this class its checked constructor when it is initialised (the
 * JDK's "shared secrets" pattern), and a file opened here is checked exactly as one opened there.
 */
public final class ParquetFiles {
    /** {@code ParquetFile}'s checked open of a decoded footer. */
    public interface Opener {
        ParquetFile open(ByteSource source, Footer footer, ReadOptions options);
    }

    private static final Registered<Opener> OPENER = new Registered<>(ParquetFile.class);

    private ParquetFiles() {}

    /** Called once, by {@code ParquetFile}'s static initialiser. */
    public static void register(Opener o) {
        OPENER.set(o);
    }

    /**
     * A file whose footer was already read from {@code source}, checked as
     * {@link ParquetFile#open(ByteSource)} checks it; closing it closes the source.
     */
    public static ParquetFile open(ByteSource source, Footer footer, ReadOptions options) {
        return OPENER.get().open(source, footer, options);
    }

    /** As above, read directly (every read goes to the source as asked). */
    public static ParquetFile open(ByteSource source, Footer footer) {
        return open(source, footer, ReadOptions.defaults().withRequests(ReadOptions.Requests.DIRECT));
    }

    /**
     * A file whose footer is decoded only as far as {@code options} ask: with a column projection,
     * the chunks of other columns are null in {@link RowGroup#columns()} and
     * {@link ParquetFile#chunk} refuses them. {@code Schema.selector} makes a projection from
     * column names.
     */
    public static ParquetFile open(ByteSource source, MetadataDecoder.Options options) throws IOException {
        return open(source, FooterReader.read(source, options));
    }
}
