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
 * @param rowGroupsFrom with {@code rowGroupsTo}, the row groups a plan and a scan cover: those whose
 *     first row (counted from 0 in each file) is at least this; 0 for every row group
 * @param rowGroupsTo the row groups covered are those whose first row is below this;
 *     {@link Long#MAX_VALUE} for every row group. See {@link #rowGroupsStartingIn}.
 *
 * <p>Immutable (its lists and sets are copied) and safe to share between threads: one query may plan and scan many files at once.
 */
public record Query(Expr condition, List<String> columns, Set<Mechanism> mechanisms, long limit, int threads,
        boolean lateMaterialization, boolean verifyChecksums, long rowGroupsFrom, long rowGroupsTo) {

    public Query {
        if (rowGroupsFrom < 0 || rowGroupsTo < rowGroupsFrom) {
            throw new IllegalArgumentException("a row-group range is [from, to) with 0 <= from <= to, not ["
                    + rowGroupsFrom + ", " + rowGroupsTo + ")");
        }
        columns = columns == null ? List.of() : List.copyOf(columns);
        mechanisms = Mechanism.copyOf(Objects.requireNonNull(mechanisms, "mechanisms"));
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
    }

    /** A query over every row group (as before row-group ranges existed). */
    public Query(Expr condition, List<String> columns, Set<Mechanism> mechanisms, long limit, int threads,
            boolean lateMaterialization, boolean verifyChecksums) {
        this(condition, columns, mechanisms, limit, threads, lateMaterialization, verifyChecksums, 0, Long.MAX_VALUE);
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
        return new Query(c, columns, mechanisms, limit, threads, lateMaterialization, verifyChecksums,
                rowGroupsFrom, rowGroupsTo);
    }

    /** Returns these columns (dotted paths), in this order; none named means every column. */
    public Query columns(String... names) {
        return columns(Arrays.asList(names));
    }

    /** Returns these columns (dotted paths), in this order; an empty list means every column. */
    public Query columns(List<String> names) {
        return new Query(condition, names, mechanisms, limit, threads, lateMaterialization, verifyChecksums,
                rowGroupsFrom, rowGroupsTo);
    }

    /** Plans with only these mechanisms. */
    public Query using(Set<Mechanism> ms) {
        return new Query(condition, columns, ms, limit, threads, lateMaterialization, verifyChecksums,
                rowGroupsFrom, rowGroupsTo);
    }

    /** Plans with only these mechanisms (none: read everything). */
    public Query using(Mechanism... ms) {
        return using(Mechanism.setOf(ms));
    }

    /** Returns at most {@code n} rows; a negative {@code n} for no limit. */
    public Query limit(long n) {
        return new Query(condition, columns, mechanisms, n, threads, lateMaterialization, verifyChecksums,
                rowGroupsFrom, rowGroupsTo);
    }

    /** Decodes on at most {@code n} threads. */
    public Query threads(int n) {
        return new Query(condition, columns, mechanisms, limit, n, lateMaterialization, verifyChecksums,
                rowGroupsFrom, rowGroupsTo);
    }

    public Query lateMaterialization(boolean on) {
        return new Query(condition, columns, mechanisms, limit, threads, on, verifyChecksums,
                rowGroupsFrom, rowGroupsTo);
    }

    public Query verifyChecksums(boolean on) {
        return new Query(condition, columns, mechanisms, limit, threads, lateMaterialization, on, rowGroupsFrom,
                rowGroupsTo);
    }

    /**
     * Covers only the row groups whose first row, counted from 0 in each file, is in
     * {@code [fromRow, toRow)}: the others are neither planned (no index, filter or dictionary of
     * theirs is read) nor scanned, and do not appear in the plan. Ranges that tile the rows of a
     * file ({@code [0, a)}, {@code [a, b)}, {@code [b, Long.MAX_VALUE)}) cover each of its row
     * groups exactly once, so splits of one file read every matching row exactly once between
     * them, as an engine splitting files into tasks needs. A range is by rows, not by byte offsets,
     * because every footer has each row group's row count, while its byte offsets may be absent
     * (an encrypted column's metadata) or wrong (writers have stored bad {@code file_offset}s).
     */
    public Query rowGroupsStartingIn(long fromRow, long toRow) {
        return new Query(condition, columns, mechanisms, limit, threads, lateMaterialization, verifyChecksums, fromRow,
                toRow);
    }

    /** Whether the row group whose first row is {@code firstRow} is covered ({@link #rowGroupsStartingIn}). */
    public boolean coversRowGroupAt(long firstRow) {
        return firstRow >= rowGroupsFrom && firstRow < rowGroupsTo;
    }
}
