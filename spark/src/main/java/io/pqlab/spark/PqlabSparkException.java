package io.pqlab.spark;

/**
 * A pqlab failure surfaced to Spark: its message is pqlab's one line (file, what, byte offset),
 * so that the error a Spark user sees names the problem, not a stack of wrappers.
 */
public final class PqlabSparkException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public PqlabSparkException(String message, Throwable cause) {
        super(message, cause);
    }

    /** "FILE: what is wrong (at byte N)", the CLI's line. */
    static PqlabSparkException of(String file, io.pqlab.FileException e) {
        return new PqlabSparkException(file + ": " + e.describe(), e);
    }
}
