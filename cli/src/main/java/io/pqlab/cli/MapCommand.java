package io.pqlab.cli;

import io.pqlab.ParquetFile;
import io.pqlab.plan.Mechanisms;
import io.pqlab.plan.Plan;
import io.pqlab.plan.Planner;
import io.pqlab.predicate.Binder;
import io.pqlab.schema.ColumnDescriptor;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
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
            "  pqlab map FILE --where \"order_id = 431\" -o plan.html",
            "  pqlab map FILE -o layout.html"
        })
final class MapCommand implements Callable<Integer>, Main.HasFile {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The Parquet file.")
    String file;

    @Option(names = "--where", paramLabel = "EXPR", description = "The condition; without it, the file's layout.")
    String where;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT",
            description = "The HTML file to write. Default: FILE's name with .html added, in the current directory.")
    Path output;

    @Option(names = "--use", paramLabel = "MECHANISMS", defaultValue = "all",
            description = "Mechanisms to use, comma-separated: statistics, page-index, bloom, dictionary "
                    + "(or all, none). Default: ${DEFAULT-VALUE}.")
    String use;

    @Option(names = "--select", paramLabel = "COLS", split = ",",
            description = "Columns the query reads (names or leaf indexes). Default: every column.")
    List<String> select;

    @Option(names = "--coalesce", paramLabel = "BYTES", defaultValue = "0",
            description = "Merge byte ranges less than this many bytes apart into one request.")
    long coalesce;

    @Option(names = "--debug", description = "Print stack traces of errors.", hidden = true)
    boolean debug;

    @Override
    public String file() {
        return file;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        Path in = Path.of(file);
        Path target = output != null ? output : Path.of(in.getFileName() + ".html");
        try (ParquetFile pf = ParquetFile.open(in)) {
            if (where == null) {
                if (select != null || !"all".equals(use)) {
                    throw new Main.UserError("--use and --select need a condition (--where)");
                }
                PageMapOutput.writeLayout(pf, target);
                out.printf("wrote %s: the layout of %s%n", target, file);
                return Main.OK;
            }
            Mechanisms mechanisms;
            try {
                mechanisms = Mechanisms.parse(use);
            } catch (IllegalArgumentException e) {
                throw new Main.UserError(e.getMessage());
            }
            Planner.Options options = new Planner.Options(mechanisms, projection(pf, select), coalesce);
            Plan plan = PageMapOutput.writePlan(pf, where, Binder.bind(where, pf.schema()), options, target);
            out.printf("wrote %s: %d of %d row groups skipped, %,d bytes read, %,d to decide, %d requests%n", target,
                    plan.rowGroupsSkipped(), plan.rowGroups().size(), plan.bytesRead(), plan.indexBytes(),
                    plan.requests().size());
            return Main.OK;
        }
    }

    static List<Integer> projection(ParquetFile pf, List<String> select) {
        if (select == null || select.isEmpty()) {
            return null;
        }
        List<Integer> out = new ArrayList<>();
        for (String s : select) {
            ColumnDescriptor c = Columns.resolve(pf.schema(), s.trim());
            if (!out.contains(c.index())) {
                out.add(c.index());
            }
        }
        return out;
    }
}
