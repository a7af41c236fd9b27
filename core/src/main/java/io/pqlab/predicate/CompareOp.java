package io.pqlab.predicate;

import io.pqlab.internal.predicate.Normalizer;

/** The six comparison operators. {@code <>} parses as {@link #NE} and prints as {@code !=}. */
public enum CompareOp {
    EQ("="),
    NE("!="),
    LT("<"),
    LE("<="),
    GT(">"),
    GE(">=");

    private final String symbol;

    CompareOp(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }

    /**
     * The operator that is true exactly where this one is false, for non-null operands under a
     * total order (see {@link Normalizer} for why floats qualify): {@code <} becomes {@code >=}.
     */
    public CompareOp complement() {
        return switch (this) {
            case EQ -> NE;
            case NE -> EQ;
            case LT -> GE;
            case LE -> GT;
            case GT -> LE;
            case GE -> LT;
        };
    }

    /** The operator with its operands swapped: {@code 5 < a} is {@code a > 5}. */
    public CompareOp flip() {
        return switch (this) {
            case EQ, NE -> this;
            case LT -> GT;
            case LE -> GE;
            case GT -> LT;
            case GE -> LE;
        };
    }
}
