package io.pqlab.predicate;

/** SQL LIKE: {@code %} matches any run of characters, {@code _} any one; no escape character. */
public final class Like {
    private Like() {}

    /** The literal prefix of a pattern that is a prefix and nothing else ("abc%"), or null. */
    public static String prefixOf(String pattern) {
        int percent = pattern.indexOf('%');
        if (percent != pattern.length() - 1 || pattern.indexOf('_') >= 0) {
            return null;
        }
        return pattern.substring(0, percent);
    }

    public static boolean matches(String pattern, String s) {
        int[] p = pattern.codePoints().toArray();
        int[] t = s.codePoints().toArray();
        // Greedy matching with backtracking to the last %: linear in practice, never exponential.
        int i = 0;
        int j = 0;
        int star = -1;
        int mark = 0;
        while (j < t.length) {
            if (i < p.length && (p[i] == '_' || (p[i] != '%' && p[i] == t[j]))) {
                i++;
                j++;
            } else if (i < p.length && p[i] == '%') {
                star = i++;
                mark = j;
            } else if (star >= 0) {
                i = star + 1;
                j = ++mark;
            } else {
                return false;
            }
        }
        while (i < p.length && p[i] == '%') {
            i++;
        }
        return i == p.length;
    }
}
