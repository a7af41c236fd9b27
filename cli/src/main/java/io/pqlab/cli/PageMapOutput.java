package io.pqlab.cli;

import io.pqlab.ParquetFile;
import io.pqlab.cli.html.PageMap;
import io.pqlab.cli.html.PageMapHtml;
import io.pqlab.plan.Plan;
import io.pqlab.internal.plan.Planner;
import io.pqlab.internal.plan.BoundQuery;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Writes page maps for {@code pqlab map} and {@code pqlab skipping --html}. */
final class PageMapOutput {
    private PageMapOutput() {}

    /** The map of a plan, with the --compare table of the same condition beside it. */
    static Plan writePlan(ParquetFile pf, String condition, BoundQuery query, long coalesceGap, Path out)
            throws IOException {
        Plan plan = Planner.plan(pf, query, coalesceGap, PlanReport.dictionaries());
        List<PageMap.Variant> compare = new ArrayList<>();
        for (PlanReport.Variant v : PlanReport.VARIANTS) {
            Plan p = Planner.plan(pf, query.with(query.query().using(v.mechanisms())), coalesceGap,
                    PlanReport.dictionaries());
            compare.add(new PageMap.Variant(v.name(), p));
        }
        write(PageMap.of(pf, plan, condition, query.columns(), compare), out);
        return plan;
    }

    /** Writes the page, or fails naming the output path (not the Parquet file, which was read fine). */
    private static void write(com.fasterxml.jackson.databind.node.ObjectNode map, Path out) {
        try {
            PageMapHtml.write(map, out);
        } catch (IOException e) {
            throw new Main.OutputError(out, e);
        }
    }

    /** The map of the file's layout, without a condition. */
    static void writeLayout(ParquetFile pf, Path out) throws IOException {
        write(PageMap.layout(pf), out);
    }
}
