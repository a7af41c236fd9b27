package io.pqlab.internal.plan;

import io.pqlab.Mechanism;
import io.pqlab.Query;
import io.pqlab.internal.predicate.Binder;
import io.pqlab.internal.predicate.Predicate;
import io.pqlab.schema.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A {@link Query} resolved against one file's schema: its condition bound (columns to leaf
 * indexes, literals to the columns' types) and its columns to leaf indexes. What the planner and
 * the scanner take.
 *
 * @param predicate the bound condition; {@code Constant(true)} for every row
 * @param columns leaf indexes of the returned columns, in order; null for every column
 * @param query the query's other settings
 */
public record BoundQuery(Predicate predicate, List<Integer> columns, Query query) {
    private static final Predicate EVERY_ROW = new Predicate.Constant(true, "no condition");

    public BoundQuery {
        Objects.requireNonNull(predicate, "predicate");
        Objects.requireNonNull(query, "query");
        columns = columns == null ? null : List.copyOf(columns);
    }

    /** Binds a query to a schema: parse errors were reported when the query was made, binding errors here. */
    public static BoundQuery bind(Query query, Schema schema) {
        Predicate p = query.hasCondition() ? Binder.bind(query.condition(), schema) : EVERY_ROW;
        List<Integer> columns = null;
        if (!query.columns().isEmpty()) {
            columns = new ArrayList<>();
            for (String name : query.columns()) {
                // a leaf, or a group for all its leaves (a struct, list or map by its name)
                for (var c : schema.columnsUnder(name)) {
                    if (!columns.contains(c.index())) {
                        columns.add(c.index());
                    }
                }
            }
        }
        return new BoundQuery(p, columns, query);
    }

    /** An already bound condition with the query's other settings (its condition and columns are ignored). */
    public static BoundQuery of(Predicate predicate, List<Integer> columns, Query query) {
        return new BoundQuery(predicate == null ? EVERY_ROW : predicate, columns, query);
    }

    /** An already bound condition (null: every row), every column, the default settings. */
    public static BoundQuery of(Predicate predicate) {
        return of(predicate, null, Query.all());
    }

    /** An already bound condition, every column, with the given mechanisms. */
    public static BoundQuery of(Predicate predicate, Set<Mechanism> mechanisms) {
        return of(predicate, null, Query.all().using(mechanisms));
    }

    public Set<Mechanism> mechanisms() {
        return query.mechanisms();
    }

    public boolean uses(Mechanism m) {
        return query.mechanisms().contains(m);
    }

    public long limit() {
        return query.limit();
    }

    public boolean verifyChecksums() {
        return query.verifyChecksums();
    }

    public boolean lateMaterialization() {
        return query.lateMaterialization();
    }

    public int threads() {
        return query.threads();
    }

    public BoundQuery withColumns(List<Integer> c) {
        return new BoundQuery(predicate, c, query);
    }

    public BoundQuery withMechanisms(Set<Mechanism> m) {
        return with(query.using(m));
    }

    public BoundQuery withLimit(long n) {
        return with(query.limit(n));
    }

    public BoundQuery withLateMaterialization(boolean on) {
        return with(query.lateMaterialization(on));
    }

    public BoundQuery with(Query q) {
        return new BoundQuery(predicate, columns, q);
    }
}
