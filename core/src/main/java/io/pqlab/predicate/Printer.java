package io.pqlab.predicate;


import io.pqlab.predicate.Expr.Between;
import io.pqlab.predicate.Expr.Comparison;
import io.pqlab.predicate.Expr.In;
import io.pqlab.predicate.Expr.IsNull;
import io.pqlab.predicate.Expr.Like;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;

/**
 * Canonical text for trees and their parts. The one rule: what is printed parses back to an
 * equal tree, so compound terms of AND/OR and the operand of NOT are parenthesised whenever
 * dropping the parentheses would regroup them.
 */
final class Printer {
    private Printer() {}

    static String print(Expr e) {
        return e.fold(PRINT).text();
    }

    /** A node's text, and whether it is an AND or OR (parenthesised as a term of another node). */
    private record Text(String text, boolean compound) {
        String nested() {
            return compound ? "(" + text + ")" : text;
        }
    }

    private static final Expr.Fold<Text> PRINT = new Expr.Fold<>() {
        @Override
        public Text and(List<Text> terms) {
            return new Text(join(terms, " AND "), true);
        }

        @Override
        public Text or(List<Text> terms) {
            return new Text(join(terms, " OR "), true);
        }

        @Override
        public Text not(Text operand) {
            return new Text("NOT " + operand.nested(), false);
        }

        @Override
        public Text comparison(Comparison c) {
            return c.column().none() ? none(c)
                    : new Text(c.column().canonical() + " " + c.op().symbol() + " " + c.value(), false);
        }

        @Override
        public Text in(In in) {
            if (in.column().none()) {
                return none(in);
            }
            StringBuilder b = new StringBuilder(in.column().canonical()).append(in.negated() ? " NOT IN (" : " IN (");
            for (int i = 0; i < in.values().size(); i++) {
                b.append(i == 0 ? "" : ", ").append(in.values().get(i));
            }
            return new Text(b.append(')').toString(), false);
        }

        @Override
        public Text between(Between bt) {
            return bt.column().none() ? none(bt) : new Text(bt.column().canonical()
                    + (bt.negated() ? " NOT BETWEEN " : " BETWEEN ") + bt.low() + " AND " + bt.high(), false);
        }

        @Override
        public Text isNull(IsNull n) {
            return n.column().none() ? none(n)
                    : new Text(n.column().canonical() + (n.negated() ? " IS NOT NULL" : " IS NULL"), false);
        }

        @Override
        public Text like(Like l) {
            if (l.column().none()) {
                return none(l);
            }
            String op = l.ignoreCase() ? "ILIKE " : "LIKE ";
            StringBuilder b = new StringBuilder(l.column().canonical()).append(l.negated() ? " NOT " + op : " " + op)
                    .append(quote(l.pattern(), '\''));
            if (l.escape() != Like.NO_ESCAPE) {
                b.append(" ESCAPE ").append(quote(new String(Character.toChars(l.escape())), '\''));
            }
            return new Text(b.toString(), false);
        }
    };

    /** "No element satisfies it": printed as the NOT of the ANY leaf, which the parser folds back. */
    private static Text none(Expr.Leaf leaf) {
        return new Text("NOT " + print(leaf.negate()), false);
    }

    private static String join(List<Text> terms, String op) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < terms.size(); i++) {
            if (i > 0) {
                b.append(op);
            }
            b.append(terms.get(i).nested());
        }
        return b.toString();
    }

    /** Path components joined by dots; a component is quoted unless it reads as a plain name. */
    static String column(List<String> path) {
        StringBuilder b = new StringBuilder();
        for (String c : path) {
            if (b.length() > 0) {
                b.append('.');
            }
            b.append(Lexer.isPlainName(c) ? c : quote(c, '"'));
        }
        return b.toString();
    }

    /** {@code s} between {@code q} quotes, each {@code q} inside doubled. */
    static String quote(String s, char q) {
        StringBuilder b = new StringBuilder(s.length() + 2).append(q);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            b.append(c);
            if (c == q) {
                b.append(q);
            }
        }
        return b.append(q).toString();
    }

    static String date(LocalDate d) {
        return String.format("%04d-%02d-%02d", d.getYear(), d.getMonthValue(), d.getDayOfMonth());
    }

    /** HH:MM:SS, then the fraction's digits if any, trailing zeros dropped. */
    static String time(LocalTime t) {
        String s = String.format("%02d:%02d:%02d", t.getHour(), t.getMinute(), t.getSecond());
        if (t.getNano() == 0) {
            return s;
        }
        String f = String.format("%09d", t.getNano());
        int end = f.length();
        while (f.charAt(end - 1) == '0') {
            end--;
        }
        return s + "." + f.substring(0, end);
    }
}
