package io.pqlab.cli;

import io.pqlab.ParquetFile;
import io.pqlab.io.CountingSource;
import io.pqlab.io.FileSource;
import io.pqlab.plan.Mechanisms;
import io.pqlab.predicate.Binder;
import io.pqlab.predicate.Predicate;
import io.pqlab.scan.RowBatch;
import io.pqlab.scan.ScanOptions;
import io.pqlab.scan.ScanStats;
import io.pqlab.scan.Scanner;
import io.pqlab.schema.ColumnDescriptor;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code pqlab scan}: the rows that match, reading only what the plan keeps. */
@Command(
        name = "scan",
        mixinStandardHelpOptions = true,
        description = {
            "Return exactly the rows that match a condition, fetching only the byte ranges the plan keeps "
                    + "and decoding only their pages.",
            "",
            "  pqlab scan FILE --where \"order_id = 431\" --select order_id,country",
            "  pqlab scan FILE --where \"amount_cents > 9800\" --format csv --stats"
        })
final class ScanCommand implements Callable<Integer>, Main.HasFile {
    enum Format { table, csv, jsonl }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The Parquet file.")
    String file;

    @Option(names = "--where", paramLabel = "EXPR", description = "The condition; every row without one.")
    String where;

    @Option(names = "--select", paramLabel = "COLS", split = ",",
            description = "Columns to return (names or leaf indexes). Default: every column.")
    List<String> select;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "-1", description = "Return at most N rows.")
    long limit;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
            description = "table, csv or jsonl. Default: ${DEFAULT-VALUE}.")
    Format format;

    @Option(names = "--row-numbers", description = "Print only the file row number of each matching row, one a line.")
    boolean rowNumbers;

    @Option(names = "--stats", description = "Print, on stderr, bytes fetched, requests, pages decoded and skipped.")
    boolean stats;

    @Option(names = "--use", paramLabel = "MECHANISMS", defaultValue = "all",
            description = "Mechanisms the plan may use: statistics, page-index, bloom, dictionary (or all, none).")
    String use;

    @Option(names = "--verify-checksums", description = "Check the CRC of every page that has one.")
    boolean verifyChecksums;

    @Option(names = "--no-late-materialization", description = "Decode every returned column in all kept pages.")
    boolean noLate;

    @Option(names = "--debug", description = "Print stack traces of errors.", hidden = true)
    boolean debug;

    @Override
    public String file() {
        return file;
    }

    @Override
    public Integer call() throws IOException {
        if (Files.isDirectory(Path.of(file))) {
            throw new Main.UserError("is a directory, not a Parquet file");
        }
        if (limit < -1) {
            throw new Main.UserError("--limit must be 0 or more");
        }
        Mechanisms mechanisms;
        try {
            mechanisms = Mechanisms.parse(use);
        } catch (IllegalArgumentException e) {
            throw new Main.UserError(e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        CountingSource source = new CountingSource(FileSource.open(Path.of(file)));
        try (ParquetFile pf = ParquetFile.open(source)) {
            Predicate predicate = where == null ? null : Binder.bind(where, pf.schema());
            List<Integer> columns = null;
            if (select != null && !select.isEmpty()) {
                columns = new ArrayList<>();
                for (String s : select) {
                    columns.add(Columns.resolve(pf.schema(), s.trim()).index());
                }
            }
            ScanOptions options = new ScanOptions(predicate, columns, mechanisms, limit, verifyChecksums, !noLate);
            Scanner scanner = Scanner.open(pf, options);
            List<ColumnDescriptor> cols = scanner.columns();
            boolean header = true;
            for (RowBatch b = scanner.next(); b != null; b = scanner.next()) {
                if (rowNumbers) {
                    for (int i = 0; i < b.size(); i++) {
                        out.println(b.rowNumber(i));
                    }
                    continue;
                }
                switch (format) {
                    case csv -> csv(out, b, cols, header);
                    case jsonl -> jsonl(out, b, cols);
                    case table -> table(out, b, cols, header);
                }
                header = false;
            }
            if (header && !rowNumbers && format != Format.jsonl) {
                // No rows: still say which columns there would have been.
                if (format == Format.csv) {
                    out.println(String.join(",", cols.stream().map(c -> csvCell(c.dottedPath())).toList()));
                } else {
                    out.println("(no rows match)");
                }
            }
            out.flush();
            if (stats) {
                printStats(spec.commandLine().getErr(), scanner, source, pf);
            }
        }
        return Main.OK;
    }

    private static void printStats(PrintWriter err, Scanner scanner, CountingSource source, ParquetFile pf)
            throws IOException {
        ScanStats s = scanner.stats();
        var plan = scanner.plan();
        err.printf("rows returned:       %,d of %,d%n", s.rowsReturned(), plan.numRows());
        err.printf("row groups:          %d read, %d skipped%n", s.rowGroupsRead(), plan.rowGroupsSkipped());
        err.printf("pages:               %,d decoded, %,d skipped in row groups read%n", s.pagesDecoded(), s.pagesSkipped());
        err.printf("bytes fetched:       %,d of a %,d-byte file (%,d of them data pages; footer, indexes, "
                + "filters and dictionaries the rest)%n", source.bytesRead(), source.size(), s.bytesFetched());
        err.printf("requests:            %,d%n", source.reads());
        if (s.fallbacks() > 0) {
            err.printf("chunks read from the start because a page began inside a row: %d%n", s.fallbacks());
        }
        err.flush();
    }

    private static void table(PrintWriter out, RowBatch b, List<ColumnDescriptor> cols, boolean header) {
        String[] heads = new String[cols.size()];
        for (int c = 0; c < heads.length; c++) {
            heads[c] = cols.get(c).dottedPath();
        }
        Table t = new Table(heads);
        for (int i = 0; i < b.size(); i++) {
            Object[] cells = new Object[cols.size()];
            for (int c = 0; c < cells.length; c++) {
                cells[c] = b.text(c, i);
            }
            t.row(cells);
        }
        if (header) {
            t.print(out, "");
        } else {
            t.printRows(out, "");
        }
    }

    private static void csv(PrintWriter out, RowBatch b, List<ColumnDescriptor> cols, boolean header) {
        if (header) {
            out.println(String.join(",", cols.stream().map(c -> csvCell(c.dottedPath())).toList()));
        }
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < b.size(); i++) {
            line.setLength(0);
            for (int c = 0; c < cols.size(); c++) {
                if (c > 0) {
                    line.append(',');
                }
                boolean isNull = cols.get(c).maxRepetitionLevel() == 0 && b.isNull(c, i);
                if (!isNull) {
                    line.append(csvCell(b.text(c, i)));
                }
            }
            out.println(line);
        }
    }

    private static String csvCell(String s) {
        if (s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0 || s.isEmpty()) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }

    private static void jsonl(PrintWriter out, RowBatch b, List<ColumnDescriptor> cols) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < b.size(); i++) {
            line.setLength(0);
            line.append("{");
            for (int c = 0; c < cols.size(); c++) {
                if (c > 0) {
                    line.append(", ");
                }
                line.append(io.pqlab.values.ValueFormat.jsonString(cols.get(c).dottedPath())).append(": ")
                        .append(b.json(c, i));
            }
            out.println(line.append('}'));
        }
    }
}
