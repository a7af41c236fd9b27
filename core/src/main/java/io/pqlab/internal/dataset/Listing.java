package io.pqlab.internal.dataset;

import io.pqlab.io.ObjectLister;
import io.pqlab.io.ListedFile;
import io.pqlab.DatasetException;
import java.io.IOException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Turns what a user names (paths, directories, globs, object-store prefixes, HTTP list files)
 * into the dataset's files, sorted by location, each with its size and version.
 *
 * <p>The rules, applied the same way to every kind of location:
 * <ul>
 *   <li>a directory, or an object-store prefix, is every Parquet file below it (recursively): a
 *       name ending in {@code .parquet}, {@code .parq} or {@code .pq}, in any case (a README or a
 *       CSV beside the data is no bad file; Spark would read it and fail, DuckDB's
 *       {@code dir/**&#47;*.parquet} leaves it out);
 *   <li>a glob ({@link Glob}) is every file below its {@link Glob#base()} that it matches,
 *       whatever its extension (the glob says what is wanted);
 *   <li>below a directory or a glob's base, names starting with {@code .}, and names starting with
 *       {@code _} that hold no {@code =}, are skipped with everything under them, as Spark skips
 *       them ({@code _SUCCESS}, {@code _metadata}, {@code _common_metadata}, {@code .crc} files,
 *       {@code _temporary/}); a {@code _key=value} directory is a partition and is kept;
 *   <li>a file named exactly is taken as named;
 *   <li>an {@code http(s)://} URL ending in {@code .parquet} is one file; any other is a list
 *       file: one URL a line (blank lines and lines starting with {@code #} ignored, relative URLs
 *       resolved against the list's);
 *   <li>a location that matches nothing, and a dataset of no file, are a {@link DatasetException}.
 * </ul>
 * A file named twice is listed once.
 */
public final class Listing {
    private final List<ObjectLister> stores;
    private final HttpLister http;

    /**
     * @param stores the object stores this listing can list (the s3 module's, for instance)
     * @param http how list files and their URLs are fetched, or null to refuse HTTP
     */
    public Listing(List<ObjectLister> stores, HttpLister http) {
        this.stores = List.copyOf(stores);
        this.http = http;
    }

    /** A listing of local files only. */
    public static Listing local() {
        return new Listing(List.of(), null);
    }

    /** The files the locations name, sorted by location. */
    public List<ListedFile> list(List<String> locations) throws IOException {
        if (locations.isEmpty()) {
            throw new DatasetException("a dataset needs at least one path, glob or URL");
        }
        Map<String, ListedFile> files = new LinkedHashMap<>();
        for (String location : locations) {
            List<ListedFile> found = listOne(location);
            if (found.isEmpty()) {
                throw new DatasetException("no Parquet file matches " + location
                        + " (names starting with '.' or '_' are skipped, as Spark and DuckDB skip them; a directory"
                        + " takes names ending in .parquet, .parq or .pq: name other files with a glob)");
            }
            for (ListedFile f : found) {
                files.putIfAbsent(f.location(), f);
            }
        }
        List<ListedFile> sorted = new ArrayList<>(files.values());
        sorted.sort(Comparator.comparing(ListedFile::location));
        return List.copyOf(sorted);
    }

    private List<ListedFile> listOne(String location) throws IOException {
        for (ObjectLister store : stores) {
            if (store.handles(location)) {
                return listStore(store, location);
            }
        }
        String lower = location.toLowerCase(Locale.ROOT);
        if (lower.startsWith("http://") || lower.startsWith("https://")) {
            if (http == null) {
                throw new DatasetException("cannot list " + location + ": this listing reads local files only");
            }
            return http.list(location);
        }
        if (lower.matches("^[a-z][a-z0-9+.-]*://.*")) {
            throw new DatasetException("cannot list " + location + ": no lister for "
                    + location.substring(0, location.indexOf("://") + 3) + " URLs");
        }
        return listLocal(location);
    }

    // ---- object stores ----

    private static List<ListedFile> listStore(ObjectLister store, String location) throws IOException {
        if (Glob.isGlob(location)) {
            Glob glob = Glob.of(location);
            List<ListedFile> out = new ArrayList<>();
            for (ListedFile f : store.list(glob.base())) {
                if (glob.matches(f.location()) && !hiddenBelow(f.location(), glob.base())) {
                    out.add(f);
                }
            }
            return out;
        }
        String dir = location.endsWith("/") ? location : location + "/";
        List<ListedFile> out = new ArrayList<>();
        for (ListedFile f : store.list(location)) {
            if (f.location().equals(location)) {
                return List.of(f); // an object named exactly
            }
            if (f.location().startsWith(dir) && !hiddenBelow(f.location(), dir) && parquetName(f.location())) {
                out.add(f);
            }
        }
        return out;
    }

    // ---- local files ----

    private static List<ListedFile> listLocal(String location) throws IOException {
        Path path = Path.of(location);
        if (Files.isRegularFile(path)) {
            return List.of(local(location, path));
        }
        if (Files.isDirectory(path)) {
            String base = location.endsWith("/") || location.endsWith(path.getFileSystem().getSeparator())
                    ? location : location + "/";
            return walk(path, base, null);
        }
        if (Glob.isGlob(location)) {
            Glob glob = Glob.of(location);
            String base = glob.base();
            Path root = Path.of(base.isEmpty() ? "." : base);
            if (!Files.isDirectory(root)) {
                return List.of();
            }
            return walk(root, base, glob);
        }
        throw new NoSuchFileException(location, null, "no such file, directory or glob match");
    }

    /** Files below {@code root}, named {@code base + relative path}, hidden names skipped. */
    private static List<ListedFile> walk(Path root, String base, Glob glob) throws IOException {
        List<ListedFile> out = new ArrayList<>();
        String rootName = root.toString();
        String separator = root.getFileSystem().getSeparator();
        Files.walkFileTree(root, EnumSet.of(FileVisitOption.FOLLOW_LINKS), Integer.MAX_VALUE, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                return !dir.equals(root) && hidden(dir.getFileName().toString())
                        ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                if (!attrs.isRegularFile() || hidden(file.getFileName().toString())) {
                    return FileVisitResult.CONTINUE;
                }
                // the walker's paths are root's, resolved: cutting the prefix is relativize, cheaper
                String full = file.toString();
                String rel;
                if (full.startsWith(rootName) && full.length() > rootName.length()) {
                    rel = full.substring(rootName.length());
                    if (rel.startsWith(separator)) {
                        rel = rel.substring(separator.length());
                    }
                } else {
                    rel = root.relativize(file).toString();
                }
                String name = base + (separator.equals("/") ? rel : rel.replace(separator, "/"));
                if (glob == null ? parquetName(name) : glob.matches(name)) {
                    out.add(new ListedFile(name, attrs.size(), mtime(attrs)));
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof FileSystemLoopException) {
                    return FileVisitResult.CONTINUE; // a link back up the tree: its files are listed once
                }
                throw e;
            }
        });
        return out;
    }

    private static ListedFile local(String location, Path path) throws IOException {
        BasicFileAttributes attrs = Files.readAttributes(path, BasicFileAttributes.class);
        return new ListedFile(location, attrs.size(), mtime(attrs));
    }

    private static String mtime(BasicFileAttributes attrs) {
        return "mtime:" + attrs.lastModifiedTime().to(TimeUnit.NANOSECONDS);
    }

    // ---- the hidden-file rule ----

    /** Whether a name found below a directory or prefix is a Parquet file's: {@code .parquet}, {@code .parq}, {@code .pq}. */
    static boolean parquetName(String location) {
        String l = location.toLowerCase(Locale.ROOT);
        return l.endsWith(".parquet") || l.endsWith(".parq") || l.endsWith(".pq");
    }

    /** Spark's rule: {@code .name}, and {@code _name} unless it holds {@code =} (a partition). */
    public static boolean hidden(String name) {
        return name.startsWith(".") || (name.startsWith("_") && !name.contains("="));
    }

    /** Whether a segment of {@code location} after {@code base} is hidden. */
    static boolean hiddenBelow(String location, String base) {
        String rest = location.substring(Math.min(base.length(), location.length()));
        for (String segment : rest.split("/")) {
            if (!segment.isEmpty() && hidden(segment)) {
                return true;
            }
        }
        return false;
    }
}
