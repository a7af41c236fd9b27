package io.pqlab;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A kind of evidence a plan may use to prove that rows cannot match. A query names the set it
 * allows ({@link Query#using}); {@link #parse} reads the command line's spelling.
 *
 * <p>Adding a mechanism is one constant here (its names) and one evidence class in the planner.
 */
public enum Mechanism {
    /** Row-group min/max and null counts, free with the footer. */
    STATISTICS("statistics", "stats"),
    /** The ColumnIndex and OffsetIndex: min/max per page, and where each page lies. */
    PAGE_INDEX("page-index", "pageindex", "page_index"),
    /** Split-block Bloom filters: an {@code =} or {@code IN} value proved absent. */
    BLOOM("bloom", "bloom-filter", "bloom-filters"),
    /** Dictionary pages of chunks whose data pages are all dictionary-encoded. */
    DICTIONARY("dictionary", "dictionaries");

    private final String cliName;
    private final List<String> aliases;

    Mechanism(String cliName, String... aliases) {
        this.cliName = cliName;
        this.aliases = List.of(aliases);
    }

    /** The name the command line and the plan's reports use: statistics, page-index, bloom, dictionary. */
    public String cliName() {
        return cliName;
    }

    /** Every mechanism (an unmodifiable set). */
    public static Set<Mechanism> all() {
        return ALL;
    }

    /** No mechanism: every row group and page is read. */
    public static Set<Mechanism> none() {
        return NONE;
    }

    private static final Set<Mechanism> ALL = Collections.unmodifiableSet(EnumSet.allOf(Mechanism.class));
    private static final Set<Mechanism> NONE = Collections.unmodifiableSet(EnumSet.noneOf(Mechanism.class));

    /** An unmodifiable set of the given mechanisms. */
    public static Set<Mechanism> setOf(Mechanism... ms) {
        EnumSet<Mechanism> s = EnumSet.noneOf(Mechanism.class);
        s.addAll(List.of(ms));
        return Collections.unmodifiableSet(s);
    }

    /** An unmodifiable copy of a set (an empty collection is no mechanism). */
    public static Set<Mechanism> copyOf(java.util.Collection<Mechanism> ms) {
        return ms.isEmpty() ? NONE : Collections.unmodifiableSet(EnumSet.copyOf(ms));
    }

    /** The mechanism a name stands for (its CLI name or an alias, any case). */
    public static Mechanism named(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        for (Mechanism m : values()) {
            if (m.cliName.equals(n) || m.aliases.contains(n)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown mechanism '" + name.trim() + "': use any of "
                + String.join(", ", names(ALL)));
    }

    /** Parses a comma-separated list such as "statistics,page-index"; "all" and "none" too. */
    public static Set<Mechanism> parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("all")) {
            return ALL;
        }
        if (t.equals("none") || t.isEmpty()) {
            return NONE;
        }
        EnumSet<Mechanism> out = EnumSet.noneOf(Mechanism.class);
        for (String part : t.split(",")) {
            out.add(named(part));
        }
        return Collections.unmodifiableSet(out);
    }

    /** The CLI names of a set, in declaration order. */
    public static List<String> names(Set<Mechanism> ms) {
        List<String> out = new ArrayList<>();
        for (Mechanism m : values()) {
            if (ms.contains(m)) {
                out.add(m.cliName);
            }
        }
        return out;
    }

    /** A set as {@link #parse} reads it back: "none", or the names joined by commas. */
    public static String format(Set<Mechanism> ms) {
        List<String> n = names(ms);
        return n.isEmpty() ? "none" : String.join(",", n);
    }
}
