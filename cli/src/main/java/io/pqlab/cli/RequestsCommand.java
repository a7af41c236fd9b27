package io.pqlab.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqlab.ParquetFile;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.net.Accounting;
import io.pqlab.internal.net.CostModel;
import io.pqlab.internal.net.ReadSession;
import io.pqlab.internal.net.RequestLog;
import io.pqlab.internal.net.Strategy;
import io.pqlab.internal.net.StrategyComparison;
import io.pqlab.Query;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.plan.Plan;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code pqlab requests}: the requests a read makes, phase by phase, and what they cost on a network. */
@Command(
        name = "requests",
        mixinStandardHelpOptions = true,
        description = {
            "The requests a read of FILE makes for a condition, phase by phase (footer, indexes, data), with the "
                    + "bytes of each and the time it takes on a modelled network (--latency-ms, --bandwidth, "
                    + "--connections). The footer and the indexes are fetched; the data requests are planned, not made.",
            "With --compare, a table of reading strategies for the same query: every column chunk, "
                    + "skipping row groups, skipping pages, a suffix read for the footer, merged ranges, more "
                    + "connections, the whole file in one read, and the options given.",
            "",
            "  pqlab requests FILE --where \"order_id = 431\"",
            "  pqlab requests s3://bucket/key.parquet --where \"order_id = 431\" --compare --prefetch 8KiB --coalesce 4KiB"
        })
final class RequestsCommand implements Callable<Integer>, Main.HasFile {
    @Spec
    CommandSpec spec;

    @Mixin
    PlanOptions query = new PlanOptions();

    @Parameters(index = "0", paramLabel = "FILE",
            description = "The Parquet file: a path, an http(s):// URL or s3://bucket/key; or a dataset (a directory, "
                    + "a glob, several paths, an s3:// prefix ending in /, an http(s) list file): per file and in total.")
    String file;

    @Parameters(index = "1..*", paramLabel = "FILE", description = "More paths of a dataset.")
    List<String> more = new java.util.ArrayList<>();

    @Mixin
    DatasetArgs dataset = new DatasetArgs();

    /** Set while a dataset of several paths is read: its errors name their own files. */
    private boolean onDataset;

    @Mixin
    SourceOptions source = new SourceOptions();

    @Mixin
    NetworkOptions network = new NetworkOptions();

    @Option(names = "--where", paramLabel = "EXPR", description = "The condition; every row without one.")
    String where;

    @Option(names = "--compare", description = "Compare reading strategies, one row each.")
    boolean compare;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

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
        List<String> locations = new java.util.ArrayList<>(List.of(file));
        locations.addAll(more);
        if (DatasetArgs.isDataset(locations)) {
            onDataset = locations.size() > 1; // one directory or glob: errors start with it, as for one file
            if (compare) {
                throw new Main.UserError("--compare reads one file: give one FILE");
            }
            Query q = (where == null ? Query.all() : Query.where(where)).using(query.mechanisms());
            try (DatasetArgs.Opened d = dataset.open(locations, source, spec.commandLine().getErr())) {
                ObjectNode o = DatasetArgs.requestsJson(d.dataset().plan(q), where);
                if (json) {
                    out.println(PlanReport.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(o));
                } else {
                    DatasetArgs.printRequests(out, o);
                }
            }
            return Main.OK;
        }
        CostModel model = network.model();
        Strategy strategy = network.strategy(source, file);
        if (compare) {
            io.pqlab.Decryption keys = source.keys.decryption(file); // a bad key is reported before the file is read
            try (var origin = Sources.open(file, source)) {
                // the schema, to bind the condition: read through a session of its own, then shared
                ReadSession first = ReadSession.open(new Unclosed(origin), strategy, new RequestLog(),
                        io.pqlab.internal.net.FetchingSource.DEFAULT_MAX_HELD, keys);
                BoundQuery bound;
                try (first) {
                    bound = query.bind(first.file(), where, Query.all());
                }
                List<StrategyComparison.Row> rows = StrategyComparison.compare(origin, bound, strategy, model, keys);
                if (json) {
                    out.println(PlanReport.MAPPER.writerWithDefaultPrettyPrinter()
                            .writeValueAsString(NetworkReport.compareJson(rows, file, where, model)));
                } else {
                    NetworkReport.printCompare(out, rows, file, where, model);
                }
            }
            return Main.OK;
        }
        try (ReadSession session = Sources.session(file, source, strategy)) {
            ParquetFile pf = session.file();
            Plan plan = session.plan(query.bind(pf, where, Query.all()), PlanReport.dictionaries());
            session.planData(plan);
            Accounting a = session.accounting(model);
            io.pqlab.internal.net.ByteCounts counts = session.byteCounts(a, plan);
            if (json) {
                ObjectNode o = NetworkReport.json(session, a, counts, true);
                o.put("file", file);
                o.put("condition", where);
                o.put("row_groups_skipped", plan.rowGroupsSkipped());
                o.put("rows_kept", plan.rowsKept());
                out.println(PlanReport.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(o));
                return Main.OK;
            }
            out.printf("%s: %s%n", file, where == null ? "every row" : where);
            out.printf("strategy: %s%n%n", StrategyComparison.describe(strategy));
            Table t = new Table(">#", "phase", "method", ">offset", ">bytes", ">modelled");
            List<RequestLog.Request> rs = a.requestList();
            List<long[]> sched = a.schedule();
            for (int i = 0; i < rs.size(); i++) {
                RequestLog.Request r = rs.get(i);
                boolean planned = !a.phase(r.phase()).executed();
                t.row(Integer.toString(i + 1), r.phase() + (planned ? " (planned)" : ""), r.method(),
                        r.method().equals("HEAD") ? "-" : String.format("%,d", r.offset()),
                        String.format("%,d", r.length()),
                        NetworkReport.interval(sched.get(i)[0], sched.get(i)[1]));
            }
            t.print(out, "");
            out.println();
            NetworkReport.printPhases(out, a, "");
            out.printf("row groups skipped: %d of %d; rows kept: %,d of %,d%n", plan.rowGroupsSkipped(),
                    plan.rowGroups().size(), plan.rowsKept(), plan.numRows());
            NetworkReport.printCounts(out, a, counts, ParquetFiles.footer(pf).fileSize(), 20);
            return Main.OK;
        }
    }


    /** The origin stays open for the comparison after the first session closes. */
    private static final class Unclosed extends io.pqlab.io.ForwardingSource {
        Unclosed(io.pqlab.io.ByteSource inner) {
            super(inner);
        }

        @Override
        public void close() {}
    }
}
