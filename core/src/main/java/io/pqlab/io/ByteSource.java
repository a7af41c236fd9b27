package io.pqlab.io;

import io.pqlab.MalformedFileException;
import java.io.Closeable;
import java.io.IOException;

/**
 * Where a file's bytes come from: a local file, later an HTTP server or an object store. Every
 * read names an absolute offset; a source never reads past its size.
 */
public interface ByteSource extends Closeable {

    /** A name for messages: the path or URL. */
    String name();

    /** The file's size in bytes. */
    long size() throws IOException;

    /** Reads exactly {@code length} bytes at {@code offset} into {@code dst} at {@code dstOffset}. */
    void readFully(long offset, byte[] dst, int dstOffset, int length) throws IOException;

    /**
     * Reads {@code length} bytes at {@code offset}, after checking that the range lies inside the
     * file: a length or offset read from the file is never trusted before this check, so nothing
     * is allocated from an unchecked size.
     *
     * @param what what the bytes are, for the error message ("the footer", "a ColumnIndex")
     */
    default byte[] read(long offset, long length, String what) throws IOException {
        checkRange(offset, length, size(), what);
        byte[] out = new byte[(int) length];
        readFully(offset, out, 0, (int) length);
        return out;
    }

    /** Throws a {@link MalformedFileException} unless [offset, offset + length) lies in [0, size). */
    static void checkRange(long offset, long length, long size, String what) {
        if (offset < 0 || length < 0 || offset > size || length > size - offset) {
            throw new MalformedFileException(
                    what + " at offset " + offset + " with length " + length
                            + " lies outside the file of " + size + " bytes",
                    Math.min(Math.max(offset, 0), size)); // an error offset stays inside the file
        }
        if (length > Integer.MAX_VALUE - 8) {
            throw new MalformedFileException(what + " of " + length + " bytes is too large to read", offset);
        }
    }

    /**
     * How many bytes of the file's end a footer reader should ask for first. Where a read is cheap
     * (a local file, memory) that is the 8-byte trailer: the footer is then read exactly, and no
     * byte the caller does not need is read. A source where every read is a round trip says more
     * ({@link RemoteSource}), trading bytes for a request.
     */
    default int firstTailRead() {
        return 8;
    }

    /**
     * Whether every read is a round trip to a server ({@link RemoteSource}), so that a check the
     * footer does not need costs a request of its own: the footer reader then checks the head
     * magic only where the bytes it already read hold it. A source that wraps another answers for
     * the one beneath.
     */
    default boolean remote() {
        return this instanceof RemoteSource;
    }

    @Override
    default void close() throws IOException {}
}
