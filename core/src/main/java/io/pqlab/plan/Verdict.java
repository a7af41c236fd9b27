package io.pqlab.plan;

/**
 * What the evidence proves about a condition over a set of rows (a row group or a page). Three
 * values, not two, so that "every row matches" lets a scan skip evaluating the condition there.
 */
public enum Verdict {
    /** No row can match: the rows can be skipped. */
    NONE,
    /** Some rows may match: cannot rule them out. */
    SOME,
    /** Every row matches. */
    ALL;

    public Verdict and(Verdict other) {
        if (this == NONE || other == NONE) {
            return NONE;
        }
        return this == ALL && other == ALL ? ALL : SOME;
    }

    public Verdict or(Verdict other) {
        if (this == ALL || other == ALL) {
            return ALL;
        }
        return this == NONE && other == NONE ? NONE : SOME;
    }
}
