package io.pqlab;

import io.pqlab.predicate.Condition;
import io.pqlab.predicate.Expr;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What to read: a condition, the columns to return, the mechanisms a plan may use to skip, and how
 * a scan runs. Immutable; each {@code with}-style method ({@link #columns(String...)},
 * {@link #using}, {@link #limit(long)}, ...) returns a changed copy, so a query is built fluently:
 *
 * <pre>{@code
 * Query q = Query.where("order_id = 431").columns("order_id", "country").limit(10);
 * }</pre>
 *
 * <p>The condition is kept unbound: it names columns and literals as written, and is resolved
 * against each file's schema when that file is planned or scanned, so one query applies to many
 * files whose schemas differ (a column's type, or its position).
 *
 * @param condition the condition as parsed; null for every row ({@link #all()})
 * @param columns the columns to return, by dotted path, in order; empty for every column
 * @param mechanisms the mechanisms a plan may use (an unmodifiable set)
 * @param limit the most rows a scan returns; negative for no limit
 * @param threads how many threads a scan may use to decode
 * @param lateMaterialization whether a scan decodes the returned columns only in pages that hold
 *     matching rows (true), or in every page the plan keeps
 * @param verifyChecksums whether a scan checks page CRCs where the writer stored them
 *
 * <p>Immutable (its lists and sets are copied) and safe to share between threads: one query may plan and scan many files at once.
 */
public record Query(Expr condition, List<String> columns, Set<Mechanism> mechanisms, long limit, int threads,
        boolean lateMaterialization, boolean verifyChecksums) {

    public Query {
        columns = columns == null ? List.of() : List.copyOf(columns);
        mechanisms = Mechanism.copyOf(Objects.requireNonNull(mechanisms, "mechanisms"));
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
    }

    /** Every row, every column, every mechanism. */
    public static Query all() {
        return new Query(null, List.of(), Mechanism.all(), -1, Runtime.getRuntime().availableProcessors(), true,
                false);
    }

    /**
     * The rows that satisfy a condition's text, such as {@code "order_id = 431 AND country = 'DE'"}.
     *
     * @throws io.pqlab.predicate.ConditionException where the text does not parse (with the position)
     */
    public static Query where(String condition) {
        return all().withCondition(Condition.parse(condition));
    }

    /** The rows that satisfy a parsed condition. */
    public static Query where(Expr condition) {
        return all().withCondition(Objects.requireNonNull(condition, "condition"));
    }

    /** Whether the query has a condition (else it reads every row). */
    public boolean hasCondition() {
        return condition != null;
    }

    /** This query with another condition; null for every row. */
    public Query withCondition(Expr c) {
        return new Query(c, columns, mechanisms, limit, threads, lateMaterialization, verifyChecksums);
    }

    /** Returns these columns (dotted paths), in this order; none named means every column. */
    public Query columns(String... names) {
        return columns(Arrays.asList(names));
    }

    /** Returns these columns (dotted paths), in this order; an empty list means every column. */
    public Query columns(List<String> names) {
        return new Query(condition, names, mechanisms, limit, threads, lateMaterialization, verifyChecksums);
    }

    /** Plans with only these mechanisms. */
    public Query using(Set<Mechanism> ms) {
        return new Query(condition, columns, ms, limit, threads, lateMaterialization, verifyChecksums);
    }

    /** Plans with only these mechanisms (none: read everything). */
    public Query using(Mechanism... ms) {
        return using(Mechanism.setOf(ms));
    }

    /** Returns at most {@code n} rows; a negative {@code n} for no limit. */
    public Query limit(long n) {
        return new Query(condition, columns, mechanisms, n, threads, lateMaterialization, verifyChecksums);
    }

    /** Decodes on at most {@code n} threads. */
    public Query threads(int n) {
        return new Query(condition, columns, mechanisms, limit, n, lateMaterialization, verifyChecksums);
    }

    public Query lateMaterialization(boolean on) {
        return new Query(condition, columns, mechanisms, limit, threads, on, verifyChecksums);
    }

    public Query verifyChecksums(boolean on) {
        return new Query(condition, columns, mechanisms, limit, threads, lateMaterialization, on);
    }
}
