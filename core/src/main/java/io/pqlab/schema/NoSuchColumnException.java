package io.pqlab.schema;

import java.util.List;

/**
 * A column name or index that the schema does not have. The message names the closest columns;
 * the CLI prints it as it is.
 */
public final class NoSuchColumnException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String column;
    private final transient List<String> suggestions;

    public NoSuchColumnException(String message, String column, List<String> suggestions) {
        super(message);
        this.column = column;
        this.suggestions = List.copyOf(suggestions);
    }

    /** The name (or index) asked for. */
    public String column() {
        return column;
    }

    /** The closest column paths, best first; possibly empty. */
    public List<String> suggestions() {
        return suggestions;
    }
}
