package io.pqlab.cli;

import io.pqlab.predicate.ConditionException;
import io.pqlab.schema.NoSuchColumnException;

/**
 * Recognises the library's errors about what the user typed (a bad condition, an unknown column),
 * which exit with code 2 like a malformed file.
 */
final class BadInput {
    private BadInput() {}

    /** The message for a user error (one line, or a condition and a caret under it), or null if the exception is not one. */
    static String describe(Exception e) {
        if (e instanceof io.pqlab.DatasetException d) {
            return Table.oneLine(d.getMessage()); // names the file (or the files) at fault
        }
        if (e instanceof NoSuchColumnException n) {
            return Table.oneLine(n.getMessage()); // column names come from the file
        }
        if (e instanceof BadCondition b) {
            ConditionException c = b.condition();
            return "bad condition: " + c.getMessage() + "\n" + c.caretLine(b.text());
        }
        if (e instanceof ConditionException c) {
            return "bad condition: " + c.getMessage();
        }
        return null;
    }

    /** Binds a condition's text, so that a parse error points at its character. */
    static io.pqlab.internal.predicate.Predicate bind(String text, io.pqlab.schema.Schema schema) {
        try {
            return io.pqlab.internal.predicate.Binder.bind(text, schema);
        } catch (ConditionException e) {
            if (e.position() >= 0) {
                throw new BadCondition(text, e);
            }
            throw e;
        }
    }

    /**
     * A condition that did not parse, with the text it was parsed from, so that the error can point
     * at the character: throw this rather than the bare ConditionException where the text is known.
     */
    static final class BadCondition extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final String text;

        BadCondition(String text, ConditionException cause) {
            super(cause.getMessage(), cause);
            this.text = text;
        }

        String text() {
            return text;
        }

        ConditionException condition() {
            return (ConditionException) getCause();
        }
    }
}
