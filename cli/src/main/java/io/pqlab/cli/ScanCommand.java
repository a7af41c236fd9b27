package io.pqlab.cli;

import io.pqlab.ParquetFile;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.net.Accounting;
import io.pqlab.internal.net.CostModel;
import io.pqlab.internal.net.ReadSession;
import io.pqlab.internal.net.RequestLog;
import io.pqlab.Query;
import io.pqlab.internal.assembly.OutputFields;
import io.pqlab.arrow.ArrowScan;
import io.pqlab.plan.Plan;
import io.pqlab.scan.RowBatch;
import io.pqlab.scan.ScanStats;
import io.pqlab.scan.Scan;
import io.pqlab.schema.ColumnDescriptor;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code pqlab scan}: the rows that match, reading only what the plan keeps. */
@Command(
        name = "scan",
        mixinStandardHelpOptions = true,
        description = {
            "Return exactly the rows that match a condition, fetching only the byte ranges the plan keeps "
                    + "and decoding only their pages.",
            "",
            "  pqlab scan FILE --where \"order_id = 431\" --select order_id,country",
            "  pqlab scan FILE --where \"amount_cents > 9800\" --format csv --stats",
            "  pqlab scan FILE --where \"country = 'SE'\" --format arrow --output se.arrows"
        })
final class ScanCommand extends QueryCommand {
    @Parameters(index = "1..*", paramLabel = "FILE", description = "More paths of a dataset.")
    List<String> more = new ArrayList<>();

    @Option(names = "--where", paramLabel = "EXPR", description = "The condition; every row without one.")
    String where;

    @Option(names = "--limit", paramLabel = "N", description = "Return at most N rows (0 or more); reading stops there.")
    Long limit;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
            description = "table, csv, jsonl or arrow. Default: ${DEFAULT-VALUE}. The table takes its column widths "
                    + "from the first " + RowWriter.TABLE_SAMPLE + " rows and cuts a later, wider value with '…'; csv "
                    + "and jsonl write every value whole; arrow writes an Arrow IPC stream (to --output, or to "
                    + "standard output when that is not a terminal).")
    RowWriter.Format format;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT",
            description = "With --format arrow: the file to write the stream to. Default: standard output.")
    Path output;

    @Option(names = "--arrow-dictionary",
            description = "With --format arrow: write the string and binary columns the file dictionary-encodes as "
                    + "Arrow dictionary vectors (a dictionary batch before each record batch).")
    boolean arrowDictionary;

    /** Whether standard output is a terminal (where an Arrow stream is refused); tests replace it. */
    static BooleanSupplier stdoutIsTerminal = () -> System.console() != null;

    /** Standard output as bytes, for an Arrow stream (a closed pipe: OutputClosed); tests replace it. */
    static Supplier<OutputStream> stdoutBytes = () -> new Main.Output(
            new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16));

    @Option(names = "--binary-as-string",
            description = "Print BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY values without an annotation as UTF-8 text "
                    + "where they are valid UTF-8 (default: hex, 0x...).")
    boolean binaryAsString;

    @Option(names = "--row-numbers", description = "Print only the file row number of each matching row, one a line "
            + "(on a dataset: the file's path, a tab, the row number).")
    boolean rowNumbers;

    @Option(names = "--stats", description = "Print, on stderr, bytes fetched, requests, pages decoded and skipped.")
    boolean stats;

    @Option(names = "--verify-checksums", description = "Check the CRC of every page that has one.")
    boolean verifyChecksums;

    @Option(names = "--no-late-materialization", description = "Decode every returned column in all kept pages.")
    boolean noLate;

    @Option(names = "--pure-java-codecs", description = "Decompress with the pure-Java codecs, not the native "
            + "(JNI) ones (the same as -Dpqlab.codecs=java).")
    boolean pureJavaCodecs;

    @Option(names = "--threads", paramLabel = "N", description = "Decompress and decode on N threads (1 or more; "
            + "1 decodes on the scan's own thread). Rows come out in file order whatever N is. Default: the "
            + "machine's cores.")
    Integer threads;

    @Override
    public Integer call() throws IOException {
        if (limit != null && limit < 0) {
            throw new Main.UserError("--limit must be 0 or more (it was " + limit + ")");
        }
        if (threads != null && threads < 1) {
            throw new Main.UserError("--threads must be 1 or more (it was " + threads + ")");
        }
        query.mechanisms(); // a bad --use is reported before the file is opened
        boolean arrow = format == RowWriter.Format.arrow;
        if (output != null && !arrow) {
            throw new Main.UserError("--output is for --format arrow; redirect the other formats with >");
        }
        if (arrowDictionary && !arrow) {
            throw new Main.UserError("--arrow-dictionary is for --format arrow");
        }
        if (arrow && (rowNumbers || binaryAsString)) {
            throw new Main.UserError((rowNumbers ? "--row-numbers" : "--binary-as-string")
                    + " is for the text formats; leave it out with --format arrow");
        }
        if (arrow && output == null && stdoutIsTerminal.getAsBoolean()) {
            throw new Main.UserError("--format arrow writes binary, not for a terminal: give --output FILE, "
                    + "or pipe it into a reader (... | duckdb)");
        }
        List<String> locations = datasetLocations(more);
        if (locations != null) {
            if (arrow || pureJavaCodecs) {
                throw new Main.UserError((arrow ? "--format arrow" : "--pure-java-codecs")
                        + " reads one file: give one FILE (datasets print text rows)");
            }
            Query q = (where == null ? Query.all() : Query.where(where)).using(query.mechanisms())
                    .limit(limit == null ? -1 : limit).verifyChecksums(verifyChecksums).lateMaterialization(!noLate);
            try (DatasetArgs.Opened d = dataset.open(locations, source, spec.commandLine().getErr())) {
                DatasetRows.scan(spec.commandLine().getOut(), d.dataset(), q, query.select, format, rowNumbers,
                        binaryAsString, stats ? spec.commandLine().getErr() : null);
            } catch (Main.OutputClosed e) {
                // the reader has gone (head): stop reading now, exit 0
            }
            return Main.OK;
        }
        if (!pureJavaCodecs) {
            return scan();
        }
        // the decompressors read the property when the scan's readers are made; put it back after
        String property = io.pqlab.internal.compress.Decompressor.CODECS_PROPERTY;
        String before = System.getProperty(property);
        System.setProperty(property, "java");
        try {
            return scan();
        } finally {
            if (before == null) {
                System.clearProperty(property);
            } else {
                System.setProperty(property, before);
            }
        }
    }

    private Integer scan() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        CostModel model = network.model();
        try (ReadSession session = Sources.session(file, source, network.strategy(source, file))) {
            ParquetFile pf = session.file();
            Query settings = Query.all().limit(limit == null ? -1 : limit).verifyChecksums(verifyChecksums)
                    .lateMaterialization(!noLate);
            if (threads != null) {
                settings = settings.threads(threads);
            }
            if (format == RowWriter.Format.arrow) {
                return arrow(session, pf, query.query(pf, where, settings), model);
            }
            // the indexes of the row groups statistics leave undecided, in as few requests as lie
            // together; then every span the plan keeps, merged across the gap, several in flight
            // (the session's scan, not pf.scan: the session counts what it fetched for --stats)
            try (Scan scanner = session.scan(query.bind(pf, where, settings))) {
                // (a scan left early, a closed pipe, stops its decoding threads)
                return write(out, scanner, session, model, pf);
            }
        }
    }

    private Integer write(PrintWriter out, Scan scanner, ReadSession session, CostModel model, ParquetFile pf)
            throws IOException {
        List<ColumnDescriptor> cols = scanner.columns();
        List<OutputFields.Field> fields = query.fields(pf);
        RowWriter rows = new RowWriter(out, format, fields == null ? OutputFields.all(pf.schema()) : fields, cols,
                binaryAsString);
        try {
            for (RowBatch b = scanner.nextBatch(); b != null; b = scanner.nextBatch()) {
                if (rowNumbers) {
                    for (int i = 0; i < b.size(); i++) {
                        out.println(b.rowNumber(i));
                    }
                } else {
                    rows.write(b);
                }
                b.release(); // (reuse) printed, or its text kept for the table: nothing reads it again
            }
            if (!rowNumbers) {
                rows.finish();
            }
            out.flush();
        } catch (Main.OutputClosed e) {
            // The reader has gone (head): stop reading now, the fetching ahead too (no request is
            // sent after this). Exit 0, and --stats still says how far the scan got, on stderr.
            scanner.close();
            session.stopFetching();
            if (stats) {
                printStats(spec.commandLine().getErr(), scanner.stats(), scanner.plan(), session, model, pf);
            }
            return Main.OK;
        }
        if (stats) {
            // the fetching ahead may still be sending requests the scan did not need (a limit): stop
            // it first, so that the counts are what the source saw, the same on every run
            scanner.close();
            session.stopFetching();
            printStats(spec.commandLine().getErr(), scanner.stats(), scanner.plan(), session, model, pf);
        }
        return Main.OK;
    }

    /**
     * The rows as an Arrow IPC stream, by the library's Arrow scan, to --output or standard output.
     * A file is removed when the scan fails, so that no partial stream is left looking complete.
     */
    private Integer arrow(ReadSession session, ParquetFile pf, Query q, CostModel model) throws IOException {
        OutputStream out = output == null ? stdoutBytes.get() : open(output);
        boolean done = false;
        try (BufferAllocator allocator = new RootAllocator(); ArrowScan reader = ArrowScan.reader(pf, q, allocator,
                new ArrowScan.Options(arrowDictionary))) {
            try {
                reader.writeStream(out);
            } catch (Main.OutputClosed e) {
                // the reader has gone: exit 0, and --stats says how far the scan got, as for text
            }
            done = true;
            if (stats) {
                session.stopFetching(); // as for text: the counts are what the source saw, requests in flight included
                printStats(spec.commandLine().getErr(), reader.stats(), reader.plan(), session, model, pf);
            }
        } finally {
            if (output != null) {
                boolean closed = false;
                try {
                    out.close();
                    closed = true;
                } catch (Main.OutputError e) {
                    if (done) {
                        throw e; // the scan went well, the file did not: say so (the file goes below)
                    }
                } finally {
                    if (!done || !closed) {
                        Files.deleteIfExists(output);
                    }
                }
            }
        }
        return Main.OK;
    }

    /** The --output file, buffered; a failure to open or write it names it. */
    private static OutputStream open(Path path) {
        try {
            return new Main.Output(new BufferedOutputStream(Files.newOutputStream(path), 1 << 16),
                    e -> new Main.OutputError(path, e));
        } catch (IOException e) {
            throw new Main.OutputError(path, e);
        }
    }

    private static void printStats(PrintWriter err, ScanStats s, Plan plan, ReadSession session, CostModel model,
            ParquetFile pf) throws IOException {
        Accounting a = session.accounting(model);
        io.pqlab.internal.net.ByteCounts counts = session.byteCounts(a, plan);
        err.printf("rows returned:       %,d of %,d%n", s.rowsReturned(), plan.numRows());
        err.printf("row groups:          %d read, %d skipped%n", s.rowGroupsRead(), plan.rowGroupsSkipped());
        err.printf("pages:               %,d decoded, %,d skipped in row groups read%n", s.pagesDecoded(), s.pagesSkipped());
        NetworkReport.printCounts(err, a, counts, ParquetFiles.footer(pf).fileSize(), 21);
        if (!s.codecs().isEmpty()) {
            err.printf("codecs:              %s%n", String.join(", ", s.codecs()));
        }
        if (s.fallbacks() > 0) {
            err.printf("chunks read from the start because a page began inside a row: %d%n", s.fallbacks());
        }
        err.println();
        NetworkReport.printPhases(err, a, "");
        err.flush();
    }
}
