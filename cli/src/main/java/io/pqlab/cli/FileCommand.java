package io.pqlab.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqlab.ParquetFile;
import io.pqlab.internal.net.ReadSession;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * A command that looks inside one Parquet file. It opens the file, builds its answer as a JSON
 * tree ({@link #build}), and prints that tree as JSON ({@code --json}) or as text
 * ({@link #render}). Nothing is printed until the whole answer is built, so a file that turns out
 * to be malformed halfway gives one error line and no partial table.
 */
abstract class FileCommand implements Callable<Integer>, Main.HasFile {

    @Parameters(index = "0", paramLabel = "FILE",
            description = "The Parquet file: a path, an http(s):// URL or s3://bucket/key.")
    String file;

    @Mixin
    SourceOptions source = new SourceOptions();

    @Option(names = "--json", description = "Print JSON (keys in the README) instead of tables.")
    boolean json;

    @Option(names = "--debug", description = "Print a stack trace with any error.")
    boolean debug;

    @Spec
    CommandSpec spec;

    @Override
    public String file() {
        return onDataset ? null : file;
    }

    /** Set while a dataset is read: its errors name their own files. */
    private boolean onDataset;

    /** The FILE arguments after the first, for commands that take a dataset; null for one file only. */
    java.util.List<String> moreFiles() {
        return null;
    }

    /** The dataset options of a command that takes a dataset. */
    DatasetArgs datasetArgs() {
        return null;
    }

    @Override
    public Integer call() throws Exception {
        if (moreFiles() != null) {
            java.util.List<String> locations = new java.util.ArrayList<>();
            locations.add(file);
            locations.addAll(moreFiles());
            if (DatasetArgs.isDataset(locations)) {
                onDataset = locations.size() > 1; // one directory or glob: errors start with it, as for one file
                return onDataset(locations);
            }
        }
        ObjectNode answer = Json.object();
        answer.put("file", file);
        try (ReadSession session = Sources.session(file, source, source.strategy())) {
            build(session.file(), answer);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(Json.write(answer));
        } else {
            render(answer, out);
        }
        out.flush();
        return Main.OK;
    }

    /** A dataset: its merged schema and a line per file (each footer read, or taken from --cache). */
    private int onDataset(java.util.List<String> locations) throws Exception {
        ObjectNode answer;
        try (DatasetArgs.Opened o = datasetArgs().open(locations, source, spec.commandLine().getErr())) {
            answer = DatasetArgs.summaryJson(o.dataset(), o.dataset().plan(io.pqlab.Query.all()));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(Json.write(answer));
        } else {
            DatasetArgs.printSummary(out, answer);
        }
        out.flush();
        return Main.OK;
    }

    /** Puts the command's answer into {@code answer}, which already holds "file". */
    abstract void build(ParquetFile pf, ObjectNode answer) throws Exception;

    /** Prints the answer as text. */
    abstract void render(ObjectNode answer, PrintWriter out);

    /** The row groups to look at: the one --row-group names, or all. */
    static int[] rowGroups(ParquetFile pf, Integer rowGroup) {
        int n = pf.rowGroupCount();
        if (rowGroup == null) {
            int[] all = new int[n];
            for (int i = 0; i < n; i++) {
                all[i] = i;
            }
            return all;
        }
        if (rowGroup < 0 || rowGroup >= n) {
            throw new Main.UserError("no row group " + rowGroup + "; the file has " + n + " row group"
                    + (n == 1 ? "" : "s") + (n == 0 ? "" : " (0 to " + (n - 1) + ")"));
        }
        return new int[] {rowGroup};
    }
}
