package io.pqlab.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Which kinds of evidence a plan may use; each can be switched on and off. */
public record Mechanisms(boolean statistics, boolean pageIndex, boolean bloom, boolean dictionary) {
    public static final Mechanisms ALL = new Mechanisms(true, true, true, true);
    public static final Mechanisms NONE = new Mechanisms(false, false, false, false);

    /** The names the CLI takes: statistics, page-index, bloom, dictionary. */
    public static final List<String> NAMES = List.of("statistics", "page-index", "bloom", "dictionary");

    /** Parses a comma-separated list such as "statistics,page-index"; "all" and "none" too. */
    public static Mechanisms parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("all")) {
            return ALL;
        }
        if (t.equals("none") || t.isEmpty()) {
            return NONE;
        }
        boolean s = false;
        boolean p = false;
        boolean b = false;
        boolean d = false;
        for (String part : t.split(",")) {
            switch (part.trim()) {
                case "statistics", "stats" -> s = true;
                case "page-index", "pageindex", "page_index" -> p = true;
                case "bloom", "bloom-filter", "bloom-filters" -> b = true;
                case "dictionary", "dictionaries" -> d = true;
                default -> throw new IllegalArgumentException(
                        "unknown mechanism '" + part.trim() + "': use any of " + String.join(", ", NAMES));
            }
        }
        return new Mechanisms(s, p, b, d);
    }

    /** The names of the mechanisms switched on, in the CLI's spelling. */
    public List<String> names() {
        List<String> out = new ArrayList<>();
        if (statistics) {
            out.add("statistics");
        }
        if (pageIndex) {
            out.add("page-index");
        }
        if (bloom) {
            out.add("bloom");
        }
        if (dictionary) {
            out.add("dictionary");
        }
        return out;
    }

    @Override
    public String toString() {
        List<String> n = names();
        return n.isEmpty() ? "none" : String.join(",", n);
    }
}
