package io.pqlab.predicate;


import io.pqlab.predicate.Expr.And;
import io.pqlab.predicate.Expr.Between;
import io.pqlab.predicate.Expr.Comparison;
import io.pqlab.predicate.Expr.In;
import io.pqlab.predicate.Expr.IsNull;
import io.pqlab.predicate.Expr.Like;
import io.pqlab.predicate.Expr.Not;
import io.pqlab.predicate.Expr.Or;
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
        StringBuilder b = new StringBuilder();
        print(e, b);
        return b.toString();
    }

    private static void print(Expr e, StringBuilder b) {
        if (e instanceof And a) {
            terms(a.terms(), " AND ", b);
        } else if (e instanceof Or o) {
            terms(o.terms(), " OR ", b);
        } else if (e instanceof Not n) {
            b.append("NOT ");
            nested(n.operand(), b);
        } else if (e instanceof Expr.Leaf leaf && leaf.column().none()) {
            // "no element satisfies it": printed as the NOT of the ANY leaf, which the parser folds back
            b.append("NOT ");
            print(leaf.negate(), b);
        } else if (e instanceof Comparison c) {
            b.append(c.column().canonical()).append(' ').append(c.op().symbol()).append(' ').append(c.value());
        } else if (e instanceof In in) {
            b.append(in.column().canonical()).append(in.negated() ? " NOT IN (" : " IN (");
            for (int i = 0; i < in.values().size(); i++) {
                b.append(i == 0 ? "" : ", ").append(in.values().get(i));
            }
            b.append(')');
        } else if (e instanceof Between bt) {
            b.append(bt.column().canonical()).append(bt.negated() ? " NOT BETWEEN " : " BETWEEN ")
                    .append(bt.low()).append(" AND ").append(bt.high());
        } else if (e instanceof IsNull n) {
            b.append(n.column().canonical()).append(n.negated() ? " IS NOT NULL" : " IS NULL");
        } else if (e instanceof Like l) {
            String op = l.ignoreCase() ? "ILIKE " : "LIKE ";
            b.append(l.column().canonical()).append(l.negated() ? " NOT " + op : " " + op)
                    .append(quote(l.pattern(), '\''));
            if (l.escape() != Like.NO_ESCAPE) {
                b.append(" ESCAPE ").append(quote(new String(Character.toChars(l.escape())), '\''));
            }
        } else {
            b.append(e); // a TypedLeaf prints itself
        }
    }

    private static void terms(List<Expr> terms, String op, StringBuilder b) {
        for (int i = 0; i < terms.size(); i++) {
            if (i > 0) {
                b.append(op);
            }
            nested(terms.get(i), b);
        }
    }

    /** A term inside AND/OR/NOT: AND and OR in parentheses (NOT and leaves bind tighter). */
    private static void nested(Expr e, StringBuilder b) {
        if (e instanceof And || e instanceof Or) {
            b.append('(');
            print(e, b);
            b.append(')');
        } else {
            print(e, b);
        }
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
