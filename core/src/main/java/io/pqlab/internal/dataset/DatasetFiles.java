package io.pqlab.internal.dataset;

import io.pqlab.io.ListedFile;
import io.pqlab.Decryption;
import io.pqlab.FileException;
import io.pqlab.ReadOptions;
import io.pqlab.ParquetFile;
import io.pqlab.internal.format.Footer;
import io.pqlab.internal.format.FooterReader;
import io.pqlab.internal.format.MetadataDecoder;
import java.io.IOException;
import java.util.List;

/**
 * Opens a dataset's files: each footer read (or taken from the cache) and decoded, in parallel on
 * a bounded number of threads (the connections for remote files, the cores for local ones), each
 * file kept open on its {@link CachingSource}.
 */
public final class DatasetFiles {
    private DatasetFiles() {}

    /** An opened file, or why it could not be opened (where bad files are skipped). */
    public record Opened(ListedFile listed, ParquetFile file, CachingSource source, String error) {
        public boolean ok() {
            return file != null;
        }
    }

    /**
     * @param skipBad whether a file whose footer cannot be read is reported as {@link Opened#error}
     *     rather than stopping the run with its exception
     * @param keys the keys of encrypted files (every file is read with the same)
     */
    public static List<Opened> open(List<ListedFile> files, CachingSource.Opener opener, MetadataCache cache,
            int threads, boolean skipBad, Decryption keys) throws IOException {
        return open(files, opener, cache, threads, skipBad, keys, null);
    }

    /** As above, telling {@code progress} of each file opened. */
    public static List<Opened> open(List<ListedFile> files, CachingSource.Opener opener, MetadataCache cache,
            int threads, boolean skipBad, Decryption keys, io.pqlab.DatasetOptions.Progress progress)
            throws IOException {
        java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicLong bytes = new java.util.concurrent.atomic.AtomicLong();
        return Parallel.map(files, threads, f -> {
            Opened o = openOne(f, opener, cache, skipBad, keys);
            if (progress != null) {
                long b = bytes.addAndGet(o.source() == null ? 0 : o.source().bytesRead());
                progress.update(done.incrementAndGet(), files.size(), b);
            }
            return o;
        });
    }

    private static Opened openOne(ListedFile f, CachingSource.Opener opener, MetadataCache cache, boolean skipBad,
            Decryption keys) throws IOException {
        CachingSource source = new CachingSource(f, opener, cache);
        try {
            Footer footer = FooterReader.read(source, MetadataDecoder.Options.ALL, source.firstTailRead(), keys);
            source.footerKnown(footer);
            ParquetFile pf = io.pqlab.internal.format.ParquetFiles.open(source, footer,
                    ReadOptions.defaults().withRequests(ReadOptions.Requests.DIRECT).withDecryption(keys));
            try {
                source.commit();
            } catch (IOException e) {
                // a cache that cannot be written costs the next run a read, not this run its answer
            }
            return new Opened(f, pf, source, null);
        } catch (IOException | FileException e) {
            source.close();
            if (!skipBad) {
                throw new io.pqlab.DatasetException(f.location() + ": " + oneLine(e)
                        + " (--skip-bad-files skips such files and lists them)", e);
            }
            return new Opened(f, null, null, oneLine(e));
        }
    }

    /**
     * A failure while {@code f} was read, as a DatasetException naming it: a dataset's errors say
     * which file (the sources' own messages say only what the server or the bytes did).
     */
    public static io.pqlab.DatasetException failed(ListedFile f, Exception e) {
        return new io.pqlab.DatasetException(f.location() + ": " + oneLine(e), e);
    }

    static String oneLine(Exception e) {
        String m = e instanceof FileException fe ? fe.describe() : String.valueOf(e.getMessage());
        if (e instanceof java.nio.file.NoSuchFileException) {
            m = "no such file";
        }
        int nl = m.indexOf('\n');
        return nl >= 0 ? m.substring(0, nl) : m;
    }

    /** Closes every opened file. */
    public static void closeAll(List<Opened> opened) {
        for (Opened o : opened) {
            if (o.source() != null) {
                try {
                    o.source().close();
                } catch (IOException e) {
                    // closing after the answer: nothing to report
                }
            }
        }
    }
}
