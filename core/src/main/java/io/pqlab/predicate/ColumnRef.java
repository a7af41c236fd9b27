package io.pqlab.predicate;


import java.util.List;

/**
 * A column named in a condition: its path components ({@code a.b.c} is three; {@code "a.b"} is
 * one) and the text the user wrote, for messages. Two references are equal when their paths are:
 * {@code a.b} and {@code "a" . "b"} name the same column.
 *
 * <p>Immutable and safe to share between threads.
 */
public record ColumnRef(List<String> path, String text) {

    public ColumnRef {
        path = List.copyOf(path);
        if (path.isEmpty()) {
            throw new IllegalArgumentException("a column path needs at least one component");
        }
        for (String c : path) {
            if (c.isEmpty()) {
                throw new IllegalArgumentException("a column path component cannot be empty");
            }
            Lexer.requireUnicode(c, "a column name");
        }
        if (text == null) {
            text = Printer.column(path);
        }
    }

    /** A reference whose text is the canonical form of the path. */
    public static ColumnRef of(String... path) {
        return new ColumnRef(List.of(path), null);
    }

    /** The path as written canonically: components joined by dots, quoted where needed. */
    public String canonical() {
        return Printer.column(path);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ColumnRef c && c.path.equals(path);
    }

    @Override
    public int hashCode() {
        return path.hashCode();
    }

    @Override
    public String toString() {
        return canonical();
    }
}
