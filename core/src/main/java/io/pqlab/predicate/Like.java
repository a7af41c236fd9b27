package io.pqlab.predicate;

/**
 * SQL LIKE: {@code %} matches any run of characters, {@code _} any one character, and an optional
 * escape character makes the next character literal.
 *
 * <p>Stateless (static methods only): safe to call from several threads at once.
 */
public final class Like {
    public static final int NO_ESCAPE = -1;

    private Like() {}

    public static boolean matches(String pattern, String s) {
        return matches(pattern, NO_ESCAPE, s);
    }

    public static boolean matches(String pattern, int escape, String s) {
        return matches(pattern, escape, s, false);
    }

    /**
     * With {@code ignoreCase} (ILIKE), pattern and text are compared code point by code point after
     * simple case folding (upper then lower case, as {@link String#equalsIgnoreCase} does), so
     * {@code _} still stands for one code point and 'ß' does not become "ss".
     */
    public static boolean matches(String pattern, int escape, String s, boolean ignoreCase) {
        int[] raw = pattern.codePoints().toArray();
        // Compile: literal code points as they are, wildcards as negative markers.
        int[] p = new int[raw.length];
        int n = 0;
        for (int i = 0; i < raw.length; i++) {
            int c = raw[i];
            if (c == escape && i + 1 < raw.length) {
                p[n++] = fold(raw[++i], ignoreCase);
            } else if (c == '%') {
                p[n++] = ANY;
            } else if (c == '_') {
                p[n++] = ONE;
            } else {
                p[n++] = fold(c, ignoreCase);
            }
        }
        int[] t = s.codePoints().toArray();
        if (ignoreCase) {
            for (int k = 0; k < t.length; k++) {
                t[k] = fold(t[k], true);
            }
        }
        // Greedy with backtracking to the last %: O(pattern x text) at worst, never exponential.
        int i = 0;
        int j = 0;
        int star = -1;
        int mark = 0;
        while (j < t.length) {
            if (i < n && (p[i] == ONE || (p[i] >= 0 && p[i] == t[j]))) {
                i++;
                j++;
            } else if (i < n && p[i] == ANY) {
                star = i++;
                mark = j;
            } else if (star >= 0) {
                i = star + 1;
                j = ++mark;
            } else {
                return false;
            }
        }
        while (i < n && p[i] == ANY) {
            i++;
        }
        return i == n;
    }

    private static int fold(int cp, boolean ignoreCase) {
        return ignoreCase ? Character.toLowerCase(Character.toUpperCase(cp)) : cp;
    }

    private static final int ANY = -1;
    private static final int ONE = -2;
}
