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
    NOT_ILIKE("NOT ILIKE");

    public final String symbol;

    LeafOp(String symbol) {
        this.symbol = symbol;
    }
}
