package io.pqlab.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.plan.Plan;
import io.pqlab.internal.plan.Planner;
import io.pqlab.schema.ColumnDescriptor;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import io.pqlab.internal.net.CostModel;
import io.pqlab.internal.net.ReadSession;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code pqlab skipping}: what a condition lets a reader skip, row group by row group, and why. */
@Command(
        name = "skipping",
        mixinStandardHelpOptions = true,
        description = {
            "Plan a read: which row groups and pages a condition proves need not be read, by which "
                    + "mechanism and why, and the bytes read and fetched to decide.",
            "",
            "Forms:",
            "  pqlab skipping FILE --where \"order_id = 431 OR customer_id IN (7, 9)\"",
            "  pqlab skipping FILE COLUMN OP [VALUE]   (one comparison; OP is one of",
            "      = != < <= > >= is-null is-not-null; COLUMN a name or a leaf index)",
            "  pqlab skipping DIR|GLOB|FILE... --where EXPR   (a dataset: a summary and the files read)"
        })
final class SkippingCommand implements Callable<Integer>, Main.HasFile {
    @Spec
    CommandSpec spec;

    @Mixin
    PlanOptions query = new PlanOptions();

    @Parameters(index = "0", paramLabel = "FILE",
            description = "The Parquet file: a path, an http(s):// URL or s3://bucket/key.")
    String file;

    @Mixin
    SourceOptions source = new SourceOptions();

    @Mixin
    NetworkOptions network = new NetworkOptions();

    @Mixin
    DatasetArgs dataset = new DatasetArgs();

    /** Set while a dataset is planned: its errors name their own files. */
    private boolean onDataset;

    @Parameters(index = "1..*", arity = "0..3", paramLabel = "COLUMN OP VALUE",
            description = "One comparison as COLUMN OP [VALUE], instead of --where.")
    List<String> chapterForm = new ArrayList<>();

    @Option(names = "--where", paramLabel = "EXPR", description = "The condition.")
    String where;

    @Option(names = "--where-file", paramLabel = "F",
            description = "One condition a line ('#' comments and blank lines skipped); prints one JSON object a "
                    + "line (JSON Lines), in order, with \"line\" and \"condition\"; a condition that cannot be "
                    + "planned gives an object with \"error\" and the others go on (exit code 2).")
    Path whereFile;

    @Option(names = "--compare", description = "Compare sets of mechanisms for the condition, one row each.")
    boolean compare;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Option(names = "--html", paramLabel = "OUT",
            description = "Also write the plan as a self-contained HTML page map (see pqlab map).")
    Path html;

    @Option(names = "--debug", description = "Print a stack trace with any error.")
    boolean debug;

    @Override
    public String file() {
        return onDataset ? null : file;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        query.mechanisms(); // a bad --use is reported before the file is opened
        // with --where, the positionals after FILE are more paths (COLUMN OP VALUE needs no --where)
        List<String> locations = new ArrayList<>();
        locations.add(file);
        if (where != null) {
            locations.addAll(chapterForm);
        }
        if (DatasetArgs.isDataset(locations)) {
            onDataset = locations.size() > 1; // one directory or glob: errors start with it, as for one file
            return onDataset(out, locations);
        }
        long coalesce = network.gap(file);
        CostModel model = network.model();
        try (ReadSession session = Sources.session(file, source, network.strategy(source, file))) {
            ParquetFile pf = session.file();
            query.projection(pf); // a bad --select is reported before the condition
            if (whereFile != null) {
                if (where != null || !chapterForm.isEmpty()) {
                    throw new Main.UserError("give either --where-file or a condition, not both");
                }
                if (html != null) {
                    throw new Main.UserError("--html draws one condition: give --where, not --where-file");
                }
                return whereFile(out, session, pf);
            }
            String condition = condition(pf);
            BoundQuery bound = query.bind(pf, condition, Query.all());
            if (html != null) {
                session.plan(bound, PlanReport.dictionaries()); // the indexes fetched in their phase, then drawn
                PageMapOutput.writePlan(pf, condition, bound, coalesce, html);
                spec.commandLine().getErr().println("pqlab: wrote " + html);
            }
            if (compare) {
                List<PlanReport.Row> rows = new ArrayList<>();
                for (PlanReport.Variant v : PlanReport.VARIANTS) {
                    Plan plan = Planner.plan(pf, bound.with(bound.query().using(v.mechanisms())), coalesce,
                            PlanReport.dictionaries());
                    rows.add(new PlanReport.Row(v.name(), plan));
                }
                if (json) {
                    out.println(PlanReport.MAPPER.writerWithDefaultPrettyPrinter()
                            .writeValueAsString(PlanReport.compareJson(rows, condition, pf)));
                } else {
                    PlanReport.printCompare(out, rows, condition, pf);
                }
                return Main.OK;
            }
            Plan plan = session.plan(bound, PlanReport.dictionaries());
            session.planData(plan);
            // footer and indexes as fetched; data as it would be requested
            io.pqlab.internal.net.Accounting a = session.accounting(model);
            io.pqlab.internal.net.ByteCounts counts = session.byteCounts(a, plan);
            if (json) {
                ObjectNode node = PlanReport.json(plan, pf);
                node.put("condition", condition);
                node.set("network", NetworkReport.json(session, a, counts, true));
                out.println(PlanReport.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(node));
            } else {
                PlanReport.print(out, plan, pf, condition);
                NetworkReport.printCounts(out, a, counts, ParquetFiles.footer(pf).fileSize(), 20);
            }
            return Main.OK;
        }
    }

    /** A dataset: every file planned (see {@link io.pqlab.Dataset#plan}), summarised or as JSON. */
    private int onDataset(PrintWriter out, List<String> locations) throws IOException {
        if (where == null) {
            throw new Main.UserError("on a dataset give the condition with --where EXPR");
        }
        if (whereFile != null || compare || html != null) {
            throw new Main.UserError("--where-file, --compare and --html read one file: give one FILE");
        }
        Query q = Query.where(where).using(query.mechanisms());
        if (query.select != null && !query.select.isEmpty()) {
            q = q.columns(query.select);
        }
        try (DatasetArgs.Opened d = dataset.open(locations, source, spec.commandLine().getErr())) {
            io.pqlab.DatasetPlan plan = d.dataset().plan(q);
            if (json) {
                out.println(PlanReport.MAPPER.writerWithDefaultPrettyPrinter()
                        .writeValueAsString(DatasetArgs.skippingJson(plan, where)));
            } else {
                DatasetArgs.printSkipping(out, plan, where);
            }
        }
        return Main.OK;
    }

    /**
     * --where-file: one condition a line, one JSON object a line for each, in order. Blank lines and
     * lines starting with '#' are skipped. A condition that does not parse or bind gives an object
     * with "error" in its place and the others are still planned; the exit code is then 2.
     */
    private int whereFile(PrintWriter out, ReadSession session, ParquetFile pf) throws IOException {
        ObjectMapper mapper = PlanReport.MAPPER;
        List<String> lines;
        try {
            lines = Files.readAllLines(whereFile, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new Main.UserError("--where-file " + whereFile + ": " + Main.reason(e));
        }
        int bad = 0;
        int conditions = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            conditions++;
            ObjectNode node;
            try {
                Plan plan = session.plan(query.bind(pf, line, Query.all()), PlanReport.dictionaries());
                node = PlanReport.json(plan, pf);
            } catch (RuntimeException e) {
                String why = BadInput.describe(e);
                if (why == null) {
                    throw e; // not the condition's fault
                }
                bad++;
                node = Json.object();
                node.put("error", why.lines().findFirst().orElse(why));
                if (e instanceof BadInput.BadCondition b && b.condition().position() >= 0) {
                    node.put("position", b.condition().position());
                }
            }
            node.put("line", i + 1);
            node.put("condition", line);
            out.println(mapper.writeValueAsString(node));
        }
        if (bad > 0) {
            out.flush();
            spec.commandLine().getErr().println("pqlab: " + whereFile + ": " + bad + " of " + conditions
                    + " condition" + (conditions == 1 ? "" : "s") + " could not be planned (their objects hold \"error\")");
            return Main.BAD_INPUT;
        }
        return Main.OK;
    }

    /** The condition's text, from --where or the positional COLUMN OP VALUE form. */
    private String condition(ParquetFile pf) {
        if (where != null && !chapterForm.isEmpty()) {
            throw new Main.UserError("give the condition either with --where or as COLUMN OP VALUE, not both");
        }
        if (where != null) {
            return where;
        }
        if (chapterForm.isEmpty()) {
            throw new Main.UserError("no condition: give --where EXPR, --where-file F, or COLUMN OP VALUE");
        }
        ColumnDescriptor c = Columns.resolve(pf.schema(), chapterForm.get(0));
        String column = '"' + c.dottedPath().replace("\"", "\"\"") + '"';
        if (c.path().size() > 1) {
            List<String> quoted = new ArrayList<>();
            c.path().forEach(p -> quoted.add('"' + p.replace("\"", "\"\"") + '"'));
            column = String.join(".", quoted);
        }
        if (chapterForm.size() < 2) {
            throw new Main.UserError("COLUMN OP VALUE: the operator is missing");
        }
        String op = chapterForm.get(1).toLowerCase(Locale.ROOT);
        switch (op) {
            case "is-null", "is null" -> {
                return column + " IS NULL";
            }
            case "is-not-null", "is not null" -> {
                return column + " IS NOT NULL";
            }
            case "=", "!=", "<>", "<", "<=", ">", ">=" -> { }
            default -> throw new Main.UserError("unknown operator '" + chapterForm.get(1)
                    + "': use one of = != < <= > >= is-null is-not-null");
        }
        if (chapterForm.size() < 3) {
            throw new Main.UserError("COLUMN OP VALUE: the value is missing");
        }
        return column + " " + op + " " + Columns.literal(c, chapterForm.get(2));
    }
}
