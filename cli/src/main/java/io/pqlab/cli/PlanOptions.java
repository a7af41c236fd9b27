package io.pqlab.cli;

import io.pqlab.ParquetFile;
import io.pqlab.Mechanism;
import io.pqlab.Query;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.internal.predicate.Predicate;
import java.util.Set;
import io.pqlab.internal.assembly.OutputFields;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.schema.Schema;
import io.pqlab.schema.SchemaNode;
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
            description = "Columns the query reads: leaves or groups (a struct, list or map: all its columns) by "
                    + "name, or leaf indexes. Default: every column.")
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

    /**
     * The same query as {@link #bind} gives, as the library's public Query (for the Arrow scan, which
     * takes one): the condition's text, the --select leaves by path, the --use mechanisms. Bound first,
     * so that a bad condition or column is reported as every command reports it.
     */
    Query query(ParquetFile pf, String where, Query settings) {
        bind(pf, where, settings);
        List<Integer> leaves = projection(pf);
        List<String> columns = leaves == null ? List.of()
                : leaves.stream().map(i -> pf.schema().column(i).dottedPath()).toList();
        return settings.using(mechanisms()).withCondition(where == null ? null : io.pqlab.predicate.Condition.parse(where))
                .columns(columns);
    }

    /** The leaf indexes --select names (a group: all its leaves), in order, without repeats; null for every column. */
    List<Integer> projection(ParquetFile pf) {
        List<OutputFields.Field> fields = fields(pf);
        return fields == null ? null : OutputFields.leaves(fields);
    }

    /** What --select names, as a scan prints it (by field); null for every top-level field. */
    List<OutputFields.Field> fields(ParquetFile pf) {
        if (select == null || select.isEmpty()) {
            return null;
        }
        List<SchemaNode> nodes = new ArrayList<>();
        for (String s : select) {
            nodes.add(node(pf.schema(), s.trim()));
        }
        return OutputFields.of(pf.schema(), nodes);
    }

    /** A --select name: a leaf or a group by its dotted path, else a leaf index. */
    private static SchemaNode node(Schema schema, String name) {
        ColumnDescriptor leaf = schema.find(name);
        if (leaf != null) {
            return leaf;
        }
        SchemaNode group = OutputFields.node(schema, name);
        if (group != null) {
            return group;
        }
        return Columns.resolve(schema, name); // an index, else the error naming the closest columns
    }
}
