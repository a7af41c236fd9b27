package io.pqlab.spark;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownLimit;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.StructType;

/**
 * Takes Spark's filters, columns and limit. Every filter pqlab can judge is pushed, and every
 * filter, pushed or not, is also handed back to Spark to evaluate after the scan ("pushed, may be
 * re-evaluated"): pqlab returns exactly the rows its condition matches, but Spark's evaluation of
 * the same filter costs little and keeps the answer Spark's own under any difference of
 * semantics not foreseen in {@link Filters}.
 */
final class PqlabScanBuilder implements ScanBuilder, SupportsPushDownV2Filters, SupportsPushDownRequiredColumns,
        SupportsPushDownLimit {
    private final PqlabTable table;
    private StructType required;
    private final List<Predicate> pushed = new ArrayList<>();
    private final List<String> conditions = new ArrayList<>();
    private int limit = -1;
    private final boolean columnar;
    private final PqlabScan.Sizing sizing;

    PqlabScanBuilder(PqlabTable table, boolean columnar, PqlabScan.Sizing sizing) {
        this.table = table;
        this.columnar = columnar;
        this.sizing = sizing;
        this.required = table.schema();
    }

    @Override
    public Predicate[] pushPredicates(Predicate[] predicates) {
        for (Predicate p : predicates) {
            String c = Filters.condition(p, table.schema(), table.unpushable());
            if (c != null) {
                pushed.add(p);
                conditions.add(c);
            }
        }
        return predicates;
    }

    @Override
    public Predicate[] pushedPredicates() {
        return pushed.toArray(new Predicate[0]);
    }

    @Override
    public void pruneColumns(StructType requiredSchema) {
        this.required = requiredSchema;
    }

    @Override
    public boolean pushLimit(int n) {
        // Spark pushes a limit only where no filter is left above the scan; each task returns at
        // most n rows and Spark still applies the limit across tasks
        this.limit = n;
        return true;
    }

    @Override
    public Scan build() {
        String condition = conditions.isEmpty() ? null : String.join(" AND ", conditions);
        return new PqlabScan(table, required, condition, limit, columnar, sizing);
    }
}
