package io.pqlab.plan;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.regex.Pattern;

/**
 * The test's own conditions: written as text for pqlab's parser, and evaluated here over the
 * oracle's values with SQL's three-valued logic (TRUE, FALSE, and null for UNKNOWN), so that the
 * judge of a plan shares no code with the planner, its binder or its literal conversion.
 */
sealed interface Sql {

    /** The condition in pqlab's language. */
    String text();

    /** TRUE, FALSE or null (UNKNOWN) for one row: {@code row.apply(column)} is the column's key or null. */
    Boolean eval(IntFunction<Object> row);

    /** The leaf columns it reads. */
    void columns(Set<Integer> out);

    /** Whether the row matches: the condition is TRUE (not FALSE, not UNKNOWN). */
    default boolean matches(IntFunction<Object> row) {
        return Boolean.TRUE.equals(eval(row));
    }

    static Boolean not(Boolean b) {
        return b == null ? null : !b;
    }

    static Boolean and(Boolean a, Boolean b) {
        if (Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b)) {
            return false;
        }
        return a == null || b == null ? null : true;
    }

    static Boolean or(Boolean a, Boolean b) {
        if (Boolean.TRUE.equals(a) || Boolean.TRUE.equals(b)) {
            return true;
        }
        return a == null || b == null ? null : false;
    }

    /** col op literal, op one of = != < <= > >=. */
    record Cmp(RefColumn col, String op, Object lit) implements Sql {
        @Override
        public String text() {
            return col.name() + " " + op + " " + col.literal(lit);
        }

        @Override
        public Boolean eval(IntFunction<Object> row) {
            Object v = row.apply(col.index);
            if (v == null) {
                return null;
            }
            int c = col.compare(v, lit);
            return switch (op) {
                case "=" -> c == 0;
                case "!=" -> c != 0;
                case "<" -> c < 0;
                case "<=" -> c <= 0;
                case ">" -> c > 0;
                case ">=" -> c >= 0;
                default -> throw new IllegalStateException(op);
            };
        }

        @Override
        public void columns(Set<Integer> out) {
            out.add(col.index);
        }
    }

    /** col [NOT] IN (literals). */
    record In(RefColumn col, List<Object> lits, boolean negated) implements Sql {
        @Override
        public String text() {
            List<String> s = new ArrayList<>();
            lits.forEach(l -> s.add(col.literal(l)));
            return col.name() + (negated ? " NOT IN (" : " IN (") + String.join(", ", s) + ")";
        }

        @Override
        public Boolean eval(IntFunction<Object> row) {
            Object v = row.apply(col.index);
            if (v == null) {
                return null;
            }
            boolean in = false;
            for (Object l : lits) {
                in |= col.compare(v, l) == 0;
            }
            return negated != in;
        }

        @Override
        public void columns(Set<Integer> out) {
            out.add(col.index);
        }
    }

    /** col [NOT] BETWEEN lo AND hi: lo <= col AND col <= hi. */
    record Between(RefColumn col, Object lo, Object hi, boolean negated) implements Sql {
        @Override
        public String text() {
            return col.name() + (negated ? " NOT BETWEEN " : " BETWEEN ") + col.literal(lo) + " AND " + col.literal(hi);
        }

        @Override
        public Boolean eval(IntFunction<Object> row) {
            Object v = row.apply(col.index);
            if (v == null) {
                return null;
            }
            boolean b = col.compare(v, lo) >= 0 && col.compare(v, hi) <= 0;
            return negated != b;
        }

        @Override
        public void columns(Set<Integer> out) {
            out.add(col.index);
        }
    }

    record IsNull(RefColumn col, boolean negated) implements Sql {
        @Override
        public String text() {
            return col.name() + (negated ? " IS NOT NULL" : " IS NULL");
        }

        @Override
        public Boolean eval(IntFunction<Object> row) {
            return (row.apply(col.index) == null) != negated;
        }

        @Override
        public void columns(Set<Integer> out) {
            out.add(col.index);
        }
    }

    /**
     * col [NOT] LIKE 'pattern' with % and _ as wildcards and no escape character, over the value's
     * UTF-8 text. Patterns here never hold a quote.
     */
    record Like(RefColumn col, String pattern, boolean negated) implements Sql {
        private static final java.util.Map<String, Pattern> PATTERNS = new java.util.concurrent.ConcurrentHashMap<>();

        @Override
        public String text() {
            return col.name() + (negated ? " NOT LIKE '" : " LIKE '") + pattern.replace("'", "''") + "'";
        }

        @Override
        public Boolean eval(IntFunction<Object> row) {
            Object v = row.apply(col.index);
            if (v == null) {
                return null;
            }
            boolean m = regex(pattern).matcher(new String((byte[]) v, StandardCharsets.UTF_8)).matches();
            return negated != m;
        }

        static Pattern regex(String pattern) {
            return PATTERNS.computeIfAbsent(pattern, Like::compile);
        }

        private static Pattern compile(String pattern) {
            StringBuilder r = new StringBuilder();
            StringBuilder lit = new StringBuilder();
            for (int i = 0; i < pattern.length(); i++) {
                char c = pattern.charAt(i);
                if (c == '%' || c == '_') {
                    if (lit.length() > 0) {
                        r.append(Pattern.quote(lit.toString()));
                        lit.setLength(0);
                    }
                    r.append(c == '%' ? ".*" : ".");
                } else {
                    lit.append(c);
                }
            }
            if (lit.length() > 0) {
                r.append(Pattern.quote(lit.toString()));
            }
            return Pattern.compile(r.toString(), Pattern.DOTALL);
        }

        @Override
        public void columns(Set<Integer> out) {
            out.add(col.index);
        }
    }

    record And(List<Sql> terms) implements Sql {
        @Override
        public String text() {
            return join(terms, " AND ");
        }

        @Override
        public Boolean eval(IntFunction<Object> row) {
            Boolean b = true;
            for (Sql t : terms) {
                b = and(b, t.eval(row));
                if (Boolean.FALSE.equals(b)) {
                    return b;
                }
            }
            return b;
        }

        @Override
        public void columns(Set<Integer> out) {
            terms.forEach(t -> t.columns(out));
        }
    }

    record Or(List<Sql> terms) implements Sql {
        @Override
        public String text() {
            return join(terms, " OR ");
        }

        @Override
        public Boolean eval(IntFunction<Object> row) {
            Boolean b = false;
            for (Sql t : terms) {
                b = or(b, t.eval(row));
                if (Boolean.TRUE.equals(b)) {
                    return b;
                }
            }
            return b;
        }

        @Override
        public void columns(Set<Integer> out) {
            terms.forEach(t -> t.columns(out));
        }
    }

    record Not(Sql term) implements Sql {
        @Override
        public String text() {
            return "NOT (" + term.text() + ")";
        }

        @Override
        public Boolean eval(IntFunction<Object> row) {
            return not(term.eval(row));
        }

        @Override
        public void columns(Set<Integer> out) {
            term.columns(out);
        }
    }

    private static String join(List<Sql> terms, String connective) {
        StringBuilder b = new StringBuilder();
        for (Sql t : terms) {
            if (b.length() > 0) {
                b.append(connective);
            }
            b.append('(').append(t.text()).append(')');
        }
        return b.toString();
    }
}
