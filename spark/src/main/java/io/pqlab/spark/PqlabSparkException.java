package io.pqlab.spark;

import java.util.Map;
import org.apache.spark.SparkThrowable;

/**
 * A pqlab failure surfaced to Spark: its message is pqlab's one line (file, what, byte offset),
 * so that the error a Spark user sees names the problem, not a stack of wrappers.
 *
 * <p>It is a {@link SparkThrowable} with a condition of its own ({@value #CONDITION}): Spark's
 * scheduler rethrows such an error from a failed task as it is, at the driver, instead of
 * wrapping it in "Job aborted due to stage failure: ..." with the executor's stack trace in the
 * message (Spark does so for every user-facing error, one whose condition is not an internal
 * error's).
 */
public final class PqlabSparkException extends RuntimeException implements SparkThrowable {
    private static final long serialVersionUID = 1L;
    /** The condition Spark sees (not among Spark's own: the message is pqlab's, not a template's). */
    public static final String CONDITION = "PQLAB_CANNOT_READ";

    public PqlabSparkException(String message, Throwable cause) {
        super(message, cause);
    }

    /** "FILE: what is wrong (at byte N)", the CLI's line. */
    static PqlabSparkException of(String file, io.pqlab.FileException e) {
        return new PqlabSparkException(file + ": " + e.describe(), e);
    }

    /** "FILE: what the store or the system said", for a read that failed (a network error, a missing file). */
    static PqlabSparkException of(String file, java.io.IOException e) {
        String m = e instanceof java.nio.file.NoSuchFileException ? "no such file" : String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        return new PqlabSparkException(file + ": " + (nl >= 0 ? m.substring(0, nl) : m), e);
    }

    @Override
    public String getCondition() {
        return CONDITION;
    }

    /** KD001, Spark's state for a data source that cannot read a file (its FAILED_READ_FILE's). */
    @Override
    public String getSqlState() {
        return "KD001";
    }

    @Override
    public Map<String, String> getMessageParameters() {
        return Map.of("message", getMessage());
    }
}
