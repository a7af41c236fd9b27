package io.pqlab.fuzz;

import io.pqlab.FileException;
import java.io.IOException;

/**
 * The contract every fuzz target holds the library to: on any input, a target either returns or
 * throws a {@link FileException} that says what is wrong and where (an offset inside the bytes it
 * was given, or -1). Anything else that escapes (another exception, an error such as
 * OutOfMemoryError or StackOverflowError, a failed assertion) is a finding; hangs are caught by
 * each target's timeout.
 */
final class Contract {
    private Contract() {}

    /** A body that may throw the checked exceptions of a {@link io.pqlab.io.ByteSource}. */
    @FunctionalInterface
    interface Body {
        void run() throws IOException;
    }

    /**
     * Runs {@code body}; a FileException whose offset lies in [lo, hi] (or is -1) is an accepted
     * end, and is returned; null when the body returned normally.
     */
    static FileException fileErrorsOnly(long lo, long hi, Body body) {
        try {
            body.run();
            return null;
        } catch (FileException e) {
            check(e, lo, hi);
            return e;
        } catch (IOException e) {
            throw new AssertionError("an I/O error from an in-memory source", e);
        }
    }

    /** Checks that an accepted error says something and points inside [lo, hi] (or nowhere). */
    static void check(FileException e, long lo, long hi) {
        if (e.getMessage() == null || e.getMessage().isBlank()) {
            throw new AssertionError("a " + e.getClass().getSimpleName() + " without a message", e);
        }
        if (e.offset() != -1 && (e.offset() < lo || e.offset() > hi)) {
            throw new AssertionError("error offset " + e.offset() + " lies outside [" + lo + ", " + hi + "]: "
                    + e.getMessage(), e);
        }
    }

    /** Fails the target with a message when {@code ok} is false. */
    static void require(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
