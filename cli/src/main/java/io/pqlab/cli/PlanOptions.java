package io.pqlab.cli;

import io.pqlab.ParquetFile;
import io.pqlab.plan.Mechanisms;
import io.pqlab.schema.ColumnDescriptor;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The options every planning command shares: which mechanisms, and which columns the query reads. */
final class PlanOptions {
    @Option(names = "--use", paramLabel = "MECHANISMS", defaultValue = "all",
            description = "Mechanisms the plan may use, comma-separated: statistics, page-index, bloom, "
                    + "dictionary (or all, none). Default: ${DEFAULT-VALUE}.")
    String use = "all";

    @Option(names = "--select", paramLabel = "COLS", split = ",",
            description = "Columns the query reads (names or leaf indexes). Default: every column.")
    List<String> select;

    Mechanisms mechanisms() {
        try {
            return Mechanisms.parse(use);
        } catch (IllegalArgumentException e) {
            throw new Main.UserError(e.getMessage());
        }
    }

    boolean defaults() {
        return (select == null || select.isEmpty()) && "all".equals(use);
    }

    /** The leaf indexes --select names, in order, without repeats; null for every column. */
    List<Integer> projection(ParquetFile pf) {
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
