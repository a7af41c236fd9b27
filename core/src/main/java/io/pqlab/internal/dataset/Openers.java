package io.pqlab.internal.dataset;

import io.pqlab.io.ObjectLister;
import io.pqlab.io.ListedFile;
import io.pqlab.io.FileSource;
import io.pqlab.io.HttpSource;
import io.pqlab.io.RemoteReadException;
import io.pqlab.io.RetryPolicy;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/** Opens listed files: through the object store that listed them, over HTTP, or locally. */
public final class Openers {
    private Openers() {}

    public static CachingSource.Opener of(List<ObjectLister> stores, RetryPolicy retry) {
        return file -> {
            String l = file.location();
            for (ObjectLister s : stores) {
                if (s.handles(l)) {
                    return s.open(file);
                }
            }
            String lower = l.toLowerCase(Locale.ROOT);
            if (lower.startsWith("http://") || lower.startsWith("https://")) {
                String etag = file.version().startsWith("etag:") ? file.version().substring(5) : null;
                String modified = file.version().startsWith("modified:") ? file.version().substring(9) : null;
                return HttpSource.open(URI.create(l), retry).expecting(file.size(), etag, modified);
            }
            FileSource f = FileSource.open(Path.of(l));
            if (f.size() != file.size()) {
                long now = f.size();
                f.close();
                throw new RemoteReadException(l + " changed after it was listed: it had " + file.size()
                        + " bytes and has " + now, false);
            }
            // the same size is not the same file: a footer or index kept from the listing (the
            // metadata cache, Spark's driver) must not be paired with pages rewritten since
            if (file.version().startsWith("mtime:")) {
                long now;
                try {
                    now = Files.getLastModifiedTime(Path.of(l)).to(TimeUnit.NANOSECONDS);
                } catch (IOException | RuntimeException e) {
                    f.close();
                    throw e;
                }
                if (!file.version().equals("mtime:" + now)) {
                    f.close();
                    throw new RemoteReadException(l + " changed after it was listed: it was modified again"
                            + " (list it again)", false);
                }
            }
            return f;
        };
    }

    /** Whether any of the files is remote (footers are then read on as many threads as connections). */
    public static boolean anyRemote(List<ListedFile> files) {
        return files.stream().anyMatch(f -> f.location().matches("(?i)^[a-z][a-z0-9+.-]*://.*"));
    }

}
