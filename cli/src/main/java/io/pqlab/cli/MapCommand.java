package io.pqlab.cli;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.plan.Plan;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import io.pqlab.internal.net.Accounting;
import io.pqlab.internal.net.ByteCounts;
import io.pqlab.internal.net.ReadSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code pqlab map}: the plan, or the file's layout, drawn as one self-contained HTML page. */
@Command(
        name = "map",
        mixinStandardHelpOptions = true,
        description = {
            "Draw a Parquet file as one self-contained HTML page (no network): row groups × columns × pages "
                    + "to scale, with the page indexes, Bloom filters and footer where they lie.",
            "With --where, each page is coloured by its fate under the plan (read, or skipped by statistics, "
                    + "page index, Bloom filter or dictionary), with the reason and byte range on hover, the "
                    + "totals and the --compare table of mechanisms beside it. Without --where, the file's layout.",
            "",
            "On a dataset (a directory, a glob, several paths, an s3:// prefix): a line per file, its partition "
                    + "values, its fate and why, and a bar of its size with the bytes read and read to decide.",
            "",
            "  pqlab map FILE --where \"order_id = 431\" -o plan.html",
            "  pqlab map FILE -o layout.html",
            "  pqlab map 'data/**/*.parquet' --where \"year = 2024 AND amount > 100\" -o dataset.html"
        })
final class MapCommand implements Callable<Integer>, Main.HasFile {
    @Spec
    CommandSpec spec;

    @Mixin
    PlanOptions query = new PlanOptions();

    @Parameters(index = "0", paramLabel = "FILE",
            description = "The Parquet file: a path, an http(s):// URL or s3://bucket/key; or a dataset: a directory, "
                    + "a glob, an s3:// prefix.")
    String file;

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "MORE", description = "More paths of a dataset.")
    java.util.List<String> more = new java.util.ArrayList<>();

    @Mixin
    DatasetArgs dataset = new DatasetArgs();

    @Mixin
    SourceOptions source = new SourceOptions();

    @Option(names = "--where", paramLabel = "EXPR", description = "The condition; without it, the file's layout.")
    String where;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT",
            description = "The HTML file to write. Default: FILE's name with .html added, in the current directory.")
    Path output;

    @Mixin
    NetworkOptions network = new NetworkOptions();

    @Option(names = "--debug", description = "Print a stack trace with any error.")
    boolean debug;

    /** Set while a dataset of several paths is mapped: its errors name their own files. */
    private boolean onDataset;

    @Override
    public String file() {
        return onDataset ? null : file;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        java.util.List<String> locations = new java.util.ArrayList<>();
        locations.add(file);
        locations.addAll(more);
        if (DatasetArgs.isDataset(locations)) {
            onDataset = locations.size() > 1; // one directory or glob: errors start with it, as for one file
            return onDataset(out, locations);
        }
        String base = file.replaceAll("[?#].*$", "");
        base = base.substring(base.lastIndexOf('/') + 1);
        Path target = output != null ? output : Path.of((base.isEmpty() ? "file" : base) + ".html");
        try (ReadSession session = Sources.session(file, source, where == null ? source.strategy()
                : network.strategy(source, file))) {
            ParquetFile pf = session.file();
            if (where == null) {
                if (!query.defaults()) {
                    throw new Main.UserError("--use and --select need a condition (--where)");
                }
                PageMapOutput.writeLayout(pf, target);
                out.printf("wrote %s: the layout of %s%n", target, file);
                return Main.OK;
            }
            query.mechanisms(); // a bad --use before a bad --coalesce, as the options are read
            long gap = network.gap(file);
            io.pqlab.internal.plan.BoundQuery bound = query.bind(pf, where, Query.all());
            // planned as skipping plans it (the indexes fetched, the data planned), then drawn
            Plan plan = session.plan(bound, PlanReport.dictionaries());
            session.planData(plan);
            Accounting a = session.accounting(network.model());
            ByteCounts counts = session.byteCounts(a, plan);
            Plan written = PageMapOutput.writePlan(pf, where, bound, gap, target);
            out.printf("wrote %s: %d of %d row groups skipped%n", target, written.rowGroupsSkipped(),
                    written.rowGroups().size());
            NetworkReport.printCounts(out, a, counts, ParquetFiles.footer(pf).fileSize(), 20);
            return Main.OK;
        }
    }

    /** A dataset: every file planned (as {@code skipping} plans it) and drawn a line each. */
    private int onDataset(PrintWriter out, java.util.List<String> locations) throws IOException {
        Path target = output != null ? output : Path.of("dataset.html");
        Query q = (where == null ? Query.all() : Query.where(where)).using(query.mechanisms());
        if (query.select != null && !query.select.isEmpty()) {
            q = q.columns(query.select);
        }
        try (DatasetArgs.Opened d = dataset.open(locations, source, spec.commandLine().getErr())) {
            io.pqlab.DatasetPlan plan = d.dataset().plan(q);
            try {
                io.pqlab.cli.html.DatasetMapHtml.write(DatasetArgs.skippingJson(plan, where), target);
            } catch (IOException e) {
                throw new Main.OutputError(target, e);
            }
            out.printf("wrote %s: %d of %d files skipped%n", target, plan.filesSkipped(), plan.files().size());
        }
        return Main.OK;
    }
}
