package io.pqlab.internal.dataset;

import io.pqlab.io.ListedFile;
import io.pqlab.DatasetException;
import io.pqlab.io.HttpSource;
import io.pqlab.io.RemoteReadException;
import io.pqlab.io.RetryPolicy;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * HTTP locations: a URL ending in {@code .parquet} is one file; any other is a list file of URLs,
 * one a line. Each file's size and version come from a HEAD (through {@link HttpSource}, so with
 * its checks and retries), sent in parallel on at most {@code connections} connections.
 */
public final class HttpLister {
    /** A list file longer than this is refused rather than read into memory. */
    public static final long MAX_LIST_BYTES = 16L << 20;

    private final RetryPolicy retry;
    private final int connections;

    public HttpLister(RetryPolicy retry, int connections) {
        if (connections < 1) {
            throw new IllegalArgumentException("connections must be at least 1");
        }
        this.retry = retry;
        this.connections = connections;
    }

    List<ListedFile> list(String location) throws IOException {
        URI uri = uri(location, location);
        if (uri.getPath() != null && uri.getPath().toLowerCase(Locale.ROOT).endsWith(".parquet")) {
            return List.of(head(uri));
        }
        List<URI> urls;
        try (HttpSource list = HttpSource.open(uri, retry)) {
            long size = list.size();
            if (size > MAX_LIST_BYTES) {
                throw new DatasetException(location + " is a list file of " + size + " bytes, more than the "
                        + MAX_LIST_BYTES + " a list may have (name the files by a glob or a prefix instead)");
            }
            String text = new String(list.read(0, size, "the list file"), StandardCharsets.UTF_8);
            if (text.startsWith("PAR1")) {
                throw new DatasetException(location + " is a Parquet file, not a list of URLs: name it with a .parquet ending"
                        + " or list it in a file");
            }
            urls = urls(uri, location, text);
        }
        return Parallel.map(urls, connections, this::head);
    }

    /**
     * The URLs of a list file's text (one a line; blank lines and lines starting with {@code #}
     * ignored; relative URLs resolved against the list's), each http or https, else a
     * DatasetException naming the list's line.
     */
    public static List<URI> urls(URI list, String location, String text) {
        List<URI> urls = new ArrayList<>();
        int lineNo = 0;
        for (String line : text.split("\r?\n")) {
            lineNo++;
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            URI u = list.resolve(uri(t, location + " line " + lineNo));
            String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                throw new DatasetException(location + " line " + lineNo + ": '" + t
                        + "' is not an http:// or https:// URL (a list file lists URLs, one a line)");
            }
            urls.add(u);
        }
        return urls;
    }

    private ListedFile head(URI uri) throws IOException {
        try (HttpSource s = HttpSource.open(uri, retry)) {
            long size = s.size();
            String version = s.version();
            return new ListedFile(uri.toString(), size, version == null ? "unversioned" : version);
        } catch (RemoteReadException e) {
            // one of many URLs: say which
            throw new RemoteReadException(uri + ": " + e.getMessage(), false, e);
        } catch (java.nio.file.NoSuchFileException | java.nio.file.AccessDeniedException e) {
            throw new DatasetException(uri + ": " + DatasetFiles.oneLine(e), e);
        }
    }

    private static URI uri(String text, String where) {
        try {
            return new URI(text);
        } catch (URISyntaxException e) {
            throw new DatasetException(where + ": not a URL: " + e.getMessage());
        }
    }
}
