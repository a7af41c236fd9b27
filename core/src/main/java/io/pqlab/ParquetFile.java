package io.pqlab;

import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.FileMetaData;
import io.pqlab.internal.format.Footer;
import io.pqlab.internal.format.FooterReader;
import io.pqlab.internal.format.MetadataDecoder;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.format.RowGroup;
import io.pqlab.internal.net.FetchingSource;
import io.pqlab.internal.net.ReadSession;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.io.ByteSource;
import io.pqlab.io.HttpSource;
import io.pqlab.io.RemoteSource;
import io.pqlab.plan.Plan;
import io.pqlab.internal.plan.Planner;
import io.pqlab.scan.Scan;
import io.pqlab.internal.plan.Scans;
import java.net.URI;
import io.pqlab.io.FileSource;
import io.pqlab.io.TailCachedSource;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.schema.Schema;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A Parquet file opened for reading: its footer decoded, its schema built and checked against the
 * row groups. The entry point of the library: open a file (a path, a URL, any {@link ByteSource}),
 * then {@link #plan} a {@link Query} (what would be read and why) or {@link #scan} it (the matching
 * rows, in batches):
 *
 * <pre>{@code
 * try (ParquetFile file = ParquetFile.open("https://example.com/orders.parquet")) {
 *     Query q = Query.where("order_id = 431").columns("order_id", "country");
 *     Plan plan = file.plan(q);                  // row groups and pages skipped, and why
 *     try (Scan scan = file.scan(q)) {
 *         for (RowBatch b : scan) {
 *             for (int i = 0; i < b.size(); i++) {
 *                 use(b.getLong("order_id", i), b.getString("country", i));
 *             }
 *         }
 *     }
 * }
 * }</pre>
 *
 * <p>The same calls serve a local file and a remote one; {@link ReadOptions} says how reads
 * become requests (for a remote file, by default, a few rounds of merged requests, several in
 * flight: see {@link ReadOptions.Requests}).
 *
 * <p>Opening checks that every row group has one chunk per leaf column and a row count. It reads
 * nothing but the footer; chunks, pages and indexes are read when asked for.
 *
 * <p>Its public methods name public types only. The footer's structures (row groups, chunks,
 * page headers) are internal types; pqlab's own commands reach them through
 * {@code io.pqlab.internal.format.ParquetFiles}, which may change.
 *
 * <p>Thread-safe: its footer and schema are immutable, and plans and scans may run from several
 * threads at once on one instance (each plan and scan keeps its own state; the sources it opens
 * are safe to share: positional reads locally, a fetched-bytes store that fetches a byte once over
 * a network). Tested by {@code ManyThreadsTest}. Closing it while others read is not.
 */
public final class ParquetFile implements Closeable {
    /** ReadOptions.defaults(), made once: the record is immutable, and an open need not allocate it. */
    private static final ReadOptions DEFAULTS = ReadOptions.defaults();

    private final ByteSource source;
    private final Footer footer;
    private final Schema schema;
    private final ReadOptions options;

    private ParquetFile(ByteSource source, Footer footer, Schema schema, ReadOptions options) {
        this.source = source;
        this.footer = footer;
        this.schema = schema;
        this.options = options;
    }

    /**
     * Opens a local file; {@link #close()} closes it. The tail the footer is read from is kept, so
     * that indexes and filters near the footer are not fetched again.
     */
    public static ParquetFile open(Path path) throws IOException {
        return open(path, DEFAULTS);
    }

    /** Opens a local file with these options (a phased read where they ask for one). */
    public static ParquetFile open(Path path, ReadOptions options) throws IOException {
        if (!options.decryption().isEmpty()) {
            options = options.withDecryption(options.decryption().forFile(path)); // external key material beside it
        }
        FileSource source = FileSource.open(path);
        try {
            return options.requests() == ReadOptions.Requests.PHASED ? open(source, options)
                    : open(new TailCachedSource(source), options);
        } catch (IOException | RuntimeException e) {
            source.close();
            throw e;
        }
    }

    /** Opens a local path, or an {@code http://} or {@code https://} URL. */
    public static ParquetFile open(String location) throws IOException {
        return open(location, DEFAULTS);
    }

    /** Opens a local path, or an {@code http://} or {@code https://} URL, with these options. */
    public static ParquetFile open(String location, ReadOptions options) throws IOException {
        String l = location.toLowerCase(java.util.Locale.ROOT);
        if (l.startsWith("http://") || l.startsWith("https://") || l.startsWith("file:")) {
            return open(URI.create(location), options);
        }
        return open(Path.of(location), options);
    }

    /** Opens a local file, possibly encrypted, with the keys to decrypt it (see {@link Decryption}). */
    public static ParquetFile open(Path path, Decryption keys) throws IOException {
        return open(path, DEFAULTS.withDecryption(keys));
    }

    /** Opens a file from a byte source with the keys to decrypt it; {@link #close()} closes the source. */
    public static ParquetFile open(ByteSource source, Decryption keys) throws IOException {
        return open(source, DEFAULTS.withDecryption(keys));
    }

    /**
     * Opens an {@code http}, {@code https} or {@code file} URI. For {@code s3://}, open the s3
     * module's {@code S3Source} with {@link #open(ByteSource, ReadOptions)}.
     */
    public static ParquetFile open(URI uri) throws IOException {
        return open(uri, DEFAULTS);
    }

    public static ParquetFile open(URI uri, ReadOptions options) throws IOException {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
        return switch (scheme) {
            case "http", "https" -> open(HttpSource.open(uri, options.retry()), options);
            case "file" -> open(Path.of(uri), options);
            default -> throw new IllegalArgumentException("cannot open " + uri + ": give a path, an http(s) URL, or"
                    + " a ByteSource (the s3 module's S3Source for s3://)");
        };
    }

    /**
     * Opens a file from a byte source with these options; {@link #close()} closes the source. A
     * {@link ReadOptions.Requests#DIRECT} read sends every read to the source as asked.
     */
    public static ParquetFile open(ByteSource source, ReadOptions options) throws IOException {
        boolean phased = options.requests() == ReadOptions.Requests.PHASED
                || (options.requests() == ReadOptions.Requests.AUTO && source instanceof RemoteSource);
        if (phased) {
            try {
                return ReadSession.open(source, options).file();
            } catch (IOException | RuntimeException e) {
                source.close();
                throw e;
            }
        }
        return open(source, FooterReader.read(source, MetadataDecoder.Options.ALL, source.firstTailRead(),
                options.decryption()), options);
    }

    /**
     * Opens a file from a byte source with the default options; {@link #close()} closes the
     * source. A local source is read directly: every read goes to it as asked (wrap it in a
     * {@link TailCachedSource} to have reads that fall in the tail the footer was read from served
     * from memory); a {@link RemoteSource} is read in phases.
     */
    public static ParquetFile open(ByteSource source) throws IOException {
        return open(source, DEFAULTS);
    }

    static {
        // pqlab's own readers open files from footer structures (internal types) through this
        ParquetFiles.register(new ParquetFiles.Access() {
            @Override
            public ParquetFile open(ByteSource source, Footer footer, ReadOptions options) {
                return ParquetFile.open(source, footer, options);
            }

            @Override
            public Footer footer(ParquetFile file) {
                return file.footer;
            }
        });
    }

    /** A footer already read from {@code source}, checked; see {@link ParquetFiles}. */
    private static ParquetFile open(ByteSource source, Footer footer, ReadOptions options) {
        FileMetaData md = footer.metadata();
        Schema schema = Schema.of(md.schema(), footer.metadataOffset());
        int leaves = schema.columnCount();
        List<RowGroup> groups = md.rowGroups();
        // The decoder hands every row group the same path list where the bytes repeat: a path
        // already found equal to its column's is not compared again (a wide file has 50,000 chunks).
        Object[] samePath = new Object[leaves];
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
                checkChunk(schema.column(c), rg, i, rg.columns().get(c), footer.metadataOffset(), samePath);
            }
        }
        return new ParquetFile(source, footer, schema, options);
    }

    /**
     * A chunk must be the column the schema says is at its position: chunks are matched to columns
     * by position, so a path that disagrees means the file is not what it claims. A column without
     * repetition has one level entry per row, so its num_values must be the row group's row count
     * (else its rows and the other columns' would not line up).
     */
    private static void checkChunk(ColumnDescriptor column, RowGroup rg, int group, ColumnChunk cc, long at,
            Object[] samePath) {
        ColumnMetaData meta = cc == null ? null : cc.metaData();
        if (meta == null) {
            return; // not decoded (projection), or encrypted
        }
        List<String> path = meta.pathInSchema();
        if (path != null && path != samePath[column.index()]) {
            if (!path.equals(column.path())) {
                throw new MalformedFileException("row group " + group + " column " + column.index()
                        + " has path_in_schema " + String.join(".", path) + " but the schema's column there is "
                        + column.dottedPath(), at);
            }
            samePath[column.index()] = path; // the same list object: equal for the next group too
        }
        if (column.maxRepetitionLevel() == 0 && meta.numValues() != rg.numRows()) {
            throw new MalformedFileException("row group " + group + " has " + rg.numRows() + " rows but its column "
                    + column.dottedPath() + " has " + meta.numValues() + " values", at);
        }
    }

    /** The file's schema: its columns, by index and by dotted path. */
    public Schema schema() {
        return schema;
    }

    /** The source the file is read from. */
    public ByteSource source() {
        return source;
    }

    /** How the file is read. */
    public ReadOptions readOptions() {
        return options;
    }

    /** The file's row count. */
    public long numRows() {
        return footer.metadata().numRows();
    }

    /**
     * What a query would read, row group by row group and page by page, and why: the evidence
     * each mechanism gave and the bytes it cost. Reads the indexes, filters and dictionaries it
     * consults, nothing of the data.
     *
     * @throws io.pqlab.predicate.ConditionException where the condition does not fit this file's schema
     * @throws io.pqlab.schema.NoSuchColumnException where a column it names is not in the file
     */
    public Plan plan(Query query) throws IOException {
        BoundQuery q = BoundQuery.bind(query, schema);
        return phased() ? ReadSession.of(this).plan(q, Planner.FILE_DICTIONARIES)
                : Planner.plan(this, q, options.coalesceGap(), Planner.FILE_DICTIONARIES);
    }

    /**
     * The rows that match a query, in file order, in batches; only what the plan keeps is read.
     * Close the scan (try-with-resources) if it is left before its end.
     */
    public Scan scan(Query query) throws IOException {
        BoundQuery q = BoundQuery.bind(query, schema);
        return phased() ? ReadSession.of(this).scan(q) : Scans.open(this, q);
    }

    private boolean phased() {
        return source instanceof FetchingSource;
    }

    /**
     * The same file read through another source over the same bytes (a cache, a counter), with
     * the footer and schema already checked; closing it closes that source.
     */
    public ParquetFile withSource(ByteSource other) {
        return new ParquetFile(other, footer, schema, options);
    }

    /** How many row groups the file has. */
    public int rowGroupCount() {
        return footer.metadata().rowGroups().size();
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
