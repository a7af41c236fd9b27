package io.pqlab.io;

import java.io.IOException;

/**
 * A file on a server (HTTP, an object store), where every read is a request that costs a round
 * trip. Beyond {@link ByteSource} it can fetch the file's tail and learn its size in one request
 * (a suffix range), so that the footer costs one request rather than a HEAD and a read.
 *
 * <p>Implementations must be safe to call from several threads at once (requests in flight on
 * several connections), and must check that what the server sent is what was asked for: the
 * range, its length and the file's size.
 */
public interface RemoteSource extends ByteSource {

    /**
     * The last {@code min(n, size)} bytes of the file and its size, from one request.
     *
     * @param n how many bytes at most (at least 1)
     */
    Suffix readSuffix(int n) throws IOException;

    /** How much of the file's end is asked for first: most footers fit, and a round trip costs more than the bytes. */
    int FIRST_TAIL_READ = 64 * 1024;

    @Override
    default int firstTailRead() {
        return FIRST_TAIL_READ;
    }

    /** Whether {@link #size()} is known, so that it costs no request. */
    boolean sizeKnown();

    /** Failed attempts that were retried so far (each one a request the server saw). */
    long retries();

    /** What a suffix request returned: the file's size and its last bytes. */
    record Suffix(long size, byte[] bytes) {}
}
