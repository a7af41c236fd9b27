package io.pqlab.cli;

import io.pqlab.ParquetFile;
import io.pqlab.Mechanism;
import io.pqlab.Query;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.predicate.Predicate;
import java.util.Set;
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

    Set<Mechanism> mechanisms() {
        try {
            return Mechanism.parse(use);
        } catch (IllegalArgumentException e) {
            throw new Main.UserError(e.getMessage());
        }
    }

    boolean defaults() {
        return (select == null || select.isEmpty()) && "all".equals(use);
    }

    /**
     * The query of a command: the condition's text bound to the file (null for every row), the
     * --select columns, the --use mechanisms.
     */
    BoundQuery bind(ParquetFile pf, String where, Query settings) {
        Predicate p = where == null ? null : BadInput.bind(where, pf.schema());
        return BoundQuery.of(p, projection(pf), settings.using(mechanisms()));
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
