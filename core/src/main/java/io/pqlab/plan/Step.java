package io.pqlab.plan;

/**
 * One piece of evidence in a row group's plan: what a mechanism said about one condition leaf.
 *
 * @param mechanism statistics, page-index, bloom or dictionary
 * @param column the leaf column's dotted path
 * @param condition the leaf, as text
 * @param verdict what the mechanism proved for the row group
 * @param why the reason in words
 *
 * <p>Immutable and safe to share between threads.
 */
public record Step(String mechanism, String column, String condition, Verdict verdict, String why) {
    public boolean skip() {
        return verdict == Verdict.NONE;
    }
}
