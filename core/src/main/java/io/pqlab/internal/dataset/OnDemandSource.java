package io.pqlab.internal.dataset;

import io.pqlab.io.ByteSource;
import io.pqlab.io.ListedFile;
import java.io.IOException;

/**
 * A listed file's bytes whose own source (a local file, an HTTP or S3 object) is opened only when
 * a read needs it, so that what is served from memory opens no file and sends no request: the base
 * of {@link CachingSource} and of the Spark executors' source over what the driver shipped. The
 * name and size are the listing's.
 */
public abstract class OnDemandSource implements ByteSource {
    protected final ListedFile file;
    private final CachingSource.Opener opener;
    private ByteSource inner;

    /** @param opener opens the file's own source; null for none, where a read that needs it fails */
    protected OnDemandSource(ListedFile file, CachingSource.Opener opener) {
        this.file = file;
        this.opener = opener;
    }

    public ListedFile file() {
        return file;
    }

    @Override
    public String name() {
        return file.location();
    }

    @Override
    public long size() {
        return file.size();
    }

    /** Whether there is a source to open beneath. */
    protected final boolean opens() {
        return opener != null;
    }

    /** The file's own source, opened at the first call. */
    protected final synchronized ByteSource inner() throws IOException {
        if (inner == null) {
            if (opener == null) {
                throw new IOException(file.location() + ": not among the bytes read");
            }
            inner = opener.open(file);
        }
        return inner;
    }

    /** The source beneath's first tail read; 8 where it cannot be opened (the read that follows fails with the reason). */
    protected final int innerFirstTailRead() {
        try {
            return inner().firstTailRead();
        } catch (IOException e) {
            return 8;
        }
    }

    /** Whether the source beneath is remote; false where it cannot be opened (the first read opens it again and fails with the reason). */
    protected final boolean innerRemote() {
        try {
            return inner().remote();
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public synchronized void close() throws IOException {
        if (inner != null) {
            inner.close();
        }
    }
}
