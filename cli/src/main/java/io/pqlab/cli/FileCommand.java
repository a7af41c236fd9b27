package io.pqlab.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqlab.ParquetFile;
import io.pqlab.internal.net.ReadSession;
import java.io.PrintWriter;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * A command that looks inside one Parquet file. It opens the file, builds its answer as a JSON
 * tree ({@link #build}), and prints that tree as JSON ({@code --json}) or as text
 * ({@link #render}). Nothing is printed until the whole answer is built, so a file that turns out
 * to be malformed halfway gives one error line and no partial table.
 */
abstract class FileCommand extends InputCommand {

    @Parameters(index = "0", paramLabel = "FILE",
            description = "The Parquet file: a path, an http(s):// URL or s3://bucket/key.")
    String file;

    @Option(names = "--json", description = "Print JSON (keys in the README) instead of tables.")
    boolean json;

    @Override
    final String location() {
        return file;
    }

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
        java.util.List<String> locations = moreFiles() == null ? null : datasetLocations(moreFiles());
        if (locations != null) {
            return onDataset(locations);
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
}
