package io.pqlab.predicate;


import java.util.List;

/**
 * A column named in a condition: its path components ({@code a.b.c} is three; {@code "a.b"} is
 * one) and the text the user wrote, for messages. Two references are equal when their paths and
 * parts are: {@code a.b} and {@code "a" . "b"} name the same column.
 *
 * <p>A reference may name a part of a list or map column rather than the column itself
 * ({@link Part}): its elements ({@code ANY(tags)}, {@code list_contains(tags, v)}), a map's keys or
 * values ({@code ANY(map_keys(m))}), or its cardinality ({@code cardinality(tags)}). A leaf on
 * elements holds where at least one element satisfies it; with {@link #none()} (what NOT makes of
 * it) where the list is not null and no element does.
 *
 * <p>Immutable and safe to share between threads.
 */
public record ColumnRef(List<String> path, String text, Part part, boolean none) {

    /** What of the named column a leaf tests. */
    public enum Part {
        /** The column (or, for IS NULL, the list or map) itself. */
        COLUMN,
        /** The elements of a list, the innermost ones for lists of lists. */
        ELEMENTS,
        /** The keys of a map. */
        KEYS,
        /** The values of a map. */
        VALUES,
        /** The number of elements of a list or entries of a map. */
        CARDINALITY
    }

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
        if (part == null) {
            part = Part.COLUMN;
        }
        if (none && !(part == Part.ELEMENTS || part == Part.KEYS || part == Part.VALUES)) {
            throw new IllegalArgumentException("only elements, keys or values are quantified");
        }
        if (text == null) {
            text = Printer.column(path);
        }
    }

    public ColumnRef(List<String> path, String text) {
        this(path, text, Part.COLUMN, false);
    }

    /** A reference whose text is the canonical form of the path. */
    public static ColumnRef of(String... path) {
        return new ColumnRef(List.of(path), null);
    }

    /** Whether a leaf on this reference tests elements (keys, values) one by one: ANY, or NONE when {@link #none()}. */
    public boolean quantified() {
        return part == Part.ELEMENTS || part == Part.KEYS || part == Part.VALUES;
    }

    /** The same elements with the quantifier negated: ANY becomes "none", and back. */
    public ColumnRef negated() {
        return new ColumnRef(path, text, part, !none);
    }

    /**
     * The reference as written canonically: the path's components joined by dots, quoted where
     * needed, inside {@code ANY(...)}, {@code map_keys(...)} or {@code cardinality(...)} for a part
     * (a negated quantifier is printed by its leaf, as {@code NOT}).
     */
    public String canonical() {
        String p = Printer.column(path);
        return switch (part) {
            case COLUMN -> p;
            case ELEMENTS -> "ANY(" + p + ")";
            case KEYS -> "ANY(map_keys(" + p + "))";
            case VALUES -> "ANY(map_values(" + p + "))";
            case CARDINALITY -> "cardinality(" + p + ")";
        };
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ColumnRef c && c.path.equals(path) && c.part == part && c.none == none;
    }

    @Override
    public int hashCode() {
        return path.hashCode() * 31 + part.hashCode() + (none ? 1 : 0);
    }

    @Override
    public String toString() {
        return canonical();
    }
}
