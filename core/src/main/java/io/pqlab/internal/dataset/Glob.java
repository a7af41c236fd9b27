package io.pqlab.internal.dataset;

import java.util.regex.Pattern;

/**
 * A path glob: {@code *} (any characters but {@code /}), {@code **} (any number of whole
 * directories, none included), {@code ?} (one character but {@code /}) and {@code [...]} (one of a
 * set of characters, {@code [!...]} or {@code [^...]} for none of them), the rules of DuckDB's and
 * the shell's globs. Everything else matches itself; a {@code [} without its {@code ]} is itself,
 * and a {@code ]} first in a set is a member (so {@code []]} and {@code [!]]} are sets); a range
 * that runs backwards ({@code [z-a]}) is refused.
 */
public final class Glob {
    private final String text;
    private final Pattern pattern;
    private final String base;

    private Glob(String text) {
        this.text = text;
        this.pattern = Pattern.compile(toRegex(text));
        int meta = firstMeta(text);
        int slash = text.lastIndexOf('/', meta);
        this.base = slash < 0 ? "" : text.substring(0, slash + 1);
    }

    public static Glob of(String text) {
        return new Glob(text);
    }

    /** Whether {@code text} holds a glob character (else it names one path). */
    public static boolean isGlob(String text) {
        return firstMeta(text) < text.length();
    }

    /**
     * The part before the first glob character, cut after its last {@code /}: the directory (or
     * key prefix) every match lies under, ending with {@code /}, or "" for the current directory.
     */
    public String base() {
        return base;
    }

    public boolean matches(String path) {
        return pattern.matcher(path).matches();
    }

    @Override
    public String toString() {
        return text;
    }

    private static int firstMeta(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '*' || c == '?' || (c == '[' && setEnd(s, i) > 0)) {
                return i;
            }
        }
        return s.length();
    }

    /**
     * The {@code ]} closing a set opened at {@code i}, or -1: as in the shell, a {@code ]} first in
     * the set (after {@code !} or {@code ^}) is a member, so that no set is empty.
     */
    private static int setEnd(String g, int i) {
        int first = i + 1;
        if (first < g.length() && (g.charAt(first) == '!' || g.charAt(first) == '^')) {
            first++;
        }
        return first < g.length() ? g.indexOf(']', first + 1) : -1;
    }

    /** One character of a set as a regex literal (any character, a surrogate half included). */
    private static String literal(char c) {
        return "\\x{" + Integer.toHexString(c) + "}";
    }

    static String toRegex(String g) {
        StringBuilder re = new StringBuilder();
        int n = g.length();
        for (int i = 0; i < n; i++) {
            char c = g.charAt(i);
            if (c == '*') {
                if (i + 1 < n && g.charAt(i + 1) == '*') {
                    boolean segmentStart = i == 0 || g.charAt(i - 1) == '/';
                    if (segmentStart && i + 2 < n && g.charAt(i + 2) == '/') {
                        re.append("(?:[^/]*/)*"); // "**/": zero or more directories
                        i += 2;
                    } else if (segmentStart && i + 2 == n) {
                        re.append(".*"); // a trailing "**": everything below
                        i += 1;
                    } else {
                        re.append("[^/]*"); // "**" inside a name is a "*"
                        i += 1;
                    }
                } else {
                    re.append("[^/]*");
                }
                // a run of stars in a name is one star: each would be a [^/]* of its own, whose
                // backtracking grows with the power of their number (DatasetFuzzTest hung on 70)
                while (re.toString().endsWith("[^/]*") && i + 1 < n && g.charAt(i + 1) == '*') {
                    i++;
                }
            } else if (c == '?') {
                re.append("[^/]");
            } else if (c == '[' && setEnd(g, i) > 0) {
                int end = setEnd(g, i);
                String set = g.substring(i + 1, end);
                re.append('[');
                int from = 0;
                if (set.charAt(0) == '!' || set.charAt(0) == '^') {
                    re.append('^');
                    from = 1;
                }
                for (int k = from; k < set.length(); k++) {
                    char lo = set.charAt(k);
                    if (k + 2 < set.length() && set.charAt(k + 1) == '-') {
                        char hi = set.charAt(k + 2);
                        if (lo > hi) {
                            throw new io.pqlab.DatasetException("not a valid glob: " + g + " (the range " + lo + "-" + hi
                                    + " in [" + set + "] runs backwards)");
                        }
                        re.append(literal(lo)).append('-').append(literal(hi));
                        k += 2;
                    } else {
                        re.append(literal(lo));
                    }
                }
                re.append(']');
                i = end;
            } else {
                re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return re.toString();
    }
}
