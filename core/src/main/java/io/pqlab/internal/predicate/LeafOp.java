package io.pqlab.internal.predicate;


/**
 * The operators a bound condition's leaves use, after NOT has been pushed down and literals have
 * been converted to the column's type. NaN literals are gone by then: {@code x = NaN} became
 * {@link #IS_NAN} and {@code x != NaN} (or {@code x < NaN}) became {@link #NOT_NAN}, because NaN
 * equals NaN and sorts above every number.
 */
public enum LeafOp {
    EQ("="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">="),
    IN("IN"), NOT_IN("NOT IN"),
    IS_NULL("IS NULL"), IS_NOT_NULL("IS NOT NULL"),
    /** The value is NaN. */
    IS_NAN("IS NAN"),
    /** The value is not null and not NaN. */
    NOT_NAN("IS NOT NAN"),
    /** Byte-wise prefix match, from {@code LIKE 'prefix%'}. */
    STARTS_WITH("LIKE"),
    /** From {@code NOT LIKE 'prefix%'}. */
    NOT_STARTS_WITH("NOT LIKE"),
    /** Any other LIKE pattern: evaluated on rows, never used to skip beyond nulls. */
    LIKE("LIKE"),
    NOT_LIKE("NOT LIKE"),
    /**
     * LIKE ignoring case ({@code ILIKE}): evaluated on rows only. Bounds compare bytes, and a
     * value's case variants lie far apart in byte order, so no range can rule it out.
     */
    ILIKE("ILIKE"),
    NOT_ILIKE("NOT ILIKE"),
    /**
     * On a list (or map) column: at least one element satisfies {@link Predicate.Nested#element()}
     * (a flat condition on the element leaf). A null element satisfies nothing; an empty or null
     * list has no element. The leaf's column is the element leaf.
     */
    ANY("ANY"),
    /** The list is not null and no element satisfies the element condition: NOT of {@link #ANY}. */
    NONE("NOT ANY"),
    /** The list (or map) itself is null, or a struct above it is. */
    LIST_NULL("IS NULL"),
    LIST_NOT_NULL("IS NOT NULL"),
    /** The list is not null and has no element: {@code cardinality(x) = 0}. */
    LIST_EMPTY("= 0"),
    /** The list has at least one element (null or not): {@code cardinality(x) > 0}. */
    LIST_NOT_EMPTY("> 0");

    /** Whether the operator tests a repeated column's rows through {@link Predicate.Leaf#nested()}. */
    public boolean nested() {
        return ordinal() >= ANY.ordinal();
    }

    public final String symbol;

    LeafOp(String symbol) {
        this.symbol = symbol;
    }
}
