package io.pqlab.predicate;


import io.pqlab.predicate.Expr.And;
import io.pqlab.predicate.Expr.Between;
import io.pqlab.predicate.Expr.Comparison;
import io.pqlab.predicate.Expr.In;
import io.pqlab.predicate.Expr.IsNull;
import io.pqlab.predicate.Expr.Like;
import io.pqlab.predicate.Expr.Not;
import io.pqlab.predicate.Expr.Or;
import io.pqlab.predicate.Lexer.Kind;
import io.pqlab.predicate.Lexer.Token;
import io.pqlab.predicate.Literal.BinaryLiteral;
import io.pqlab.predicate.Literal.BoolLiteral;
import io.pqlab.predicate.Literal.DateLiteral;
import io.pqlab.predicate.Literal.DecimalLiteral;
import io.pqlab.predicate.Literal.FloatLiteral;
import io.pqlab.predicate.Literal.IntLiteral;
import io.pqlab.predicate.Literal.StringLiteral;
import io.pqlab.predicate.Literal.TimeLiteral;
import io.pqlab.predicate.Literal.TimestampLiteral;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses a condition's text into an {@link Expr}. The grammar, keywords in any case:
 *
 * <pre>
 * condition := or
 * or        := and (OR and)*
 * and       := not (AND not)*
 * not       := NOT not | '(' or ')' | test
 * test      := column op value | value op column          op: = != &lt;&gt; &lt; &lt;= &gt; &gt;=
 *            | column IS [NOT] NULL
 *            | column [NOT] IN '(' value (',' value)* ')'
 *            | column [NOT] BETWEEN value AND value
 *            | column [NOT] (LIKE | ILIKE) 'pattern' [ESCAPE 'c']
 *            | list_contains '(' list ',' value ')'        (array_contains too): ANY(list) = value
 * column    := name ('.' name)*                           name: word | "quoted"
 *            | ANY '(' list ')'                           the elements: a test holds where one does
 *            | cardinality '(' name ('.' name)* ')'       compared with 0 (= 0, &gt; 0, ...)
 * list      := name ('.' name)* | map_keys '(' name ('.' name)* ')' | map_values '(' ... ')'
 * value     := [+|-] number | [+|-] Infinity | NaN | 'string' | TRUE | FALSE | X'hex'
 *            | DATE 'YYYY-MM-DD' | TIME 'HH:MM:SS[.f]' | TIMESTAMP 'YYYY-MM-DD[( |T)HH:MM:SS[.f]][Z|±HH:MM]'
 *            | TIMESTAMPTZ '...' (as TIMESTAMP; without an offset, UTC)
 *            | CAST '(' value AS type ')'                  folded into the literal it gives
 * </pre>
 *
 * A leading {@code WHERE} and a trailing {@code ;} are accepted, as pasted from SQL (a column
 * named where is still a column where an operator follows it: {@code where = 1}).
 *
 * Every error is a {@link ConditionException} with its position; no other exception escapes,
 * and nesting and length are bounded so that no input can exhaust the stack or the heap.
 *
 * <p>Stateless (static methods only): safe to call from several threads at once.
 */
public final class Condition {
    /** Longest condition accepted, in chars. */
    public static final int MAX_LENGTH = 1 << 20;
    /** Deepest nesting of parentheses and NOTs accepted. */
    public static final int MAX_DEPTH = 200;
    /** Longest number accepted, in chars (BigInteger parsing is quadratic). */
    static final int MAX_NUMBER_LENGTH = 1000;

    private Condition() {}

    /** Parses {@code text}; throws {@link ConditionException} if it is not a valid condition. */
    public static Expr parse(String text) {
        if (text == null) {
            throw new ConditionException("no condition", 0);
        }
        if (text.length() > MAX_LENGTH) {
            throw new ConditionException("the condition is longer than " + MAX_LENGTH + " characters", MAX_LENGTH);
        }
        int bad = Lexer.unpairedSurrogate(text);
        if (bad >= 0) {
            throw new ConditionException("invalid text: an unpaired UTF-16 surrogate", bad);
        }
        return new Parser(text).condition();
    }

    private static final class Parser {
        private final String text;
        private final Lexer lexer;
        private Token tok;
        private int depth;

        Parser(String text) {
            this.text = text;
            this.lexer = new Lexer(text);
            this.tok = lexer.next();
        }

        private Token advance() {
            Token t = tok;
            tok = lexer.next();
            return t;
        }

        private boolean isKeyword(String kw) {
            return tok.kind() == Kind.NAME && kw.equals(Lexer.upperAscii(tok.text()));
        }

        private ConditionException error(String reason) {
            return new ConditionException(reason, tok.start());
        }

        /** "expected X", plus what was found instead unless the text ended. */
        private ConditionException expected(String what) {
            return tok.kind() == Kind.END ? error("expected " + what) : error("expected " + what + ", found " + describe(tok));
        }

        private static String describe(Token t) {
            switch (t.kind()) {
                case END: return "the end";
                case STRING: return "a string";
                case QUOTED_NAME: return "the name " + Printer.quote(t.text(), '"');
                case HEX: return "a binary literal";
                case NAME: return Lexer.isReserved(t.text()) ? Lexer.upperAscii(t.text()) : "'" + t.text() + "'";
                default: return "'" + t.text() + "'";
            }
        }

        private void enter() {
            if (++depth > MAX_DEPTH) {
                throw error("conditions nested more than " + MAX_DEPTH + " deep");
            }
        }

        Expr condition() {
            if (isKeyword("WHERE") && startsCondition(new Lexer(text, tok.end()).next())) {
                advance();
            }
            if (tok.kind() == Kind.END || tok.kind() == Kind.SEMICOLON) {
                throw error("empty condition");
            }
            Expr e = or("a condition");
            if (tok.kind() == Kind.RPAREN) {
                throw error("unmatched ')'");
            }
            if (tok.kind() == Kind.SEMICOLON) {
                advance();
                if (tok.kind() != Kind.END) {
                    throw error("unexpected " + describe(tok) + " after ';' (give one condition; join conditions with AND or OR)");
                }
            }
            if (tok.kind() != Kind.END) {
                throw error("unexpected " + describe(tok) + " after a complete condition (join conditions with AND or OR)");
            }
            return e;
        }

        private Expr or(String what) {
            return connective("OR", this::and, what, Or::new);
        }

        private Expr and(String what) {
            return connective("AND", this::not, what, And::new);
        }

        /** Operands joined by {@code keyword}: the one operand alone, else the node of them all. */
        private Expr connective(String keyword, java.util.function.Function<String, Expr> operand, String what,
                java.util.function.Function<List<Expr>, Expr> node) {
            List<Expr> terms = new ArrayList<>();
            terms.add(operand.apply(what));
            while (isKeyword(keyword)) {
                advance();
                terms.add(operand.apply("a condition after " + keyword));
            }
            return terms.size() == 1 ? terms.get(0) : node.apply(terms);
        }

        private Expr not(String what) {
            if (isKeyword("NOT")) {
                enter();
                advance();
                Expr operand = not("a condition after NOT");
                // NOT ANY(x) = v is one leaf, "no element equals v" (so that printing and parsing agree)
                Expr e = operand instanceof Expr.Leaf l && l.column().quantified() ? l.negate() : new Not(operand);
                depth--;
                return e;
            }
            if (tok.kind() == Kind.LPAREN) {
                enter();
                Token open = advance();
                Expr e = or("a condition after '('");
                if (tok.kind() != Kind.RPAREN) {
                    throw expected("')' to close the '(' at character " + open.start());
                }
                advance();
                depth--;
                return e;
            }
            return test(what);
        }

        /**
         * Whether the token after a leading WHERE begins a condition, so that the WHERE is SQL's
         * keyword and not a column called where (which an operator, IS, IN, BETWEEN, LIKE or a dot
         * would follow).
         */
        private static boolean startsCondition(Token next) {
            switch (next.kind()) {
                case END: case OP: case DOT: case SEMICOLON: case RPAREN: case COMMA:
                    return false;
                case NAME: {
                    String u = Lexer.upperAscii(next.text());
                    return u == null || !(u.equals("IS") || u.equals("IN") || u.equals("BETWEEN") || u.equals("LIKE")
                            || u.equals("ILIKE") || u.equals("AND") || u.equals("OR"));
                }
                default:
                    return true;
            }
        }

        /** "the column "SE"", and for a quoted name, that double quotes name columns and how a string is written. */
        private static String quotedNameHint(ColumnRef c) {
            String t = c.text();
            if (t.startsWith("\"") && c.path().size() == 1) {
                return t + " in double quotes is a column name; a string is written " + Printer.quote(c.path().get(0), '\'');
            }
            return "a string is written " + Printer.quote(t, '\'');
        }

        /** One side of a comparison: a column, a literal, or NULL (only to say it is misused). */
        private record Operand(int start, ColumnRef column, Literal literal) {
            boolean isNull() {
                return column == null && literal == null;
            }
        }

        private Expr test(String what) {
            if ((isKeyword("LIST_CONTAINS") || isKeyword("ARRAY_CONTAINS")) && lexer.parenFollows()) {
                return listContains();
            }
            Operand left = operand(what);
            if (tok.kind() == Kind.OP) {
                Token op = advance();
                Operand right = operand("a value after '" + op.text() + "'");
                CompareOp cmp = op.text().equals("<>") ? CompareOp.NE : symbol(op.text());
                if (left.isNull() || right.isNull()) {
                    int at = left.isNull() ? left.start() : right.start();
                    throw new ConditionException("NULL cannot be compared with '" + op.text()
                            + "' (no value equals NULL): use IS NULL or IS NOT NULL", at);
                }
                if (left.column() != null && right.column() != null) {
                    // "SE" is the usual slip: SQL's string quotes are single
                    boolean leftQuoted = left.column().text().startsWith("\"") && !right.column().text().startsWith("\"");
                    Operand odd = leftQuoted ? left : right;
                    throw new ConditionException("comparing two columns is not supported (" + quotedNameHint(odd.column())
                            + ")", odd.start());
                }
                if (left.literal() != null && right.literal() != null) {
                    throw new ConditionException("a comparison needs a column on one side", left.start());
                }
                return left.column() != null
                        ? new Comparison(left.column(), cmp, right.literal())
                        : new Comparison(right.column(), cmp.flip(), left.literal());
            }
            boolean isTest = isKeyword("IS") || isKeyword("NOT") || isKeyword("IN") || isKeyword("BETWEEN") || isKeyword("LIKE")
                    || isKeyword("ILIKE");
            if (isTest && left.column() == null) {
                throw new ConditionException(left.isNull() ? "NULL is not a column (IS NULL tests a column)"
                        : describe(tok) + " needs a column on its left, not a value", left.start());
            }
            ColumnRef col = left.column();
            if (isKeyword("IS") && col.part() != ColumnRef.Part.COLUMN) {
                throw new ConditionException("IS NULL tests a column or a list itself, not " + col.text()
                        + ": write " + Printer.column(col.path()) + " IS NULL (a null element matches no comparison)",
                        left.start());
            }
            if (isKeyword("IS")) {
                advance();
                boolean negated = isKeyword("NOT");
                if (negated) {
                    advance();
                }
                if (!isKeyword("NULL")) {
                    throw expected(negated ? "NULL after IS NOT" : "NULL or NOT NULL after IS");
                }
                advance();
                return new IsNull(col, negated);
            }
            boolean negated = isKeyword("NOT");
            if (negated) {
                advance();
                if (!isKeyword("IN") && !isKeyword("BETWEEN") && !isKeyword("LIKE") && !isKeyword("ILIKE")) {
                    throw expected("IN, BETWEEN, LIKE or ILIKE after NOT");
                }
            }
            if (isKeyword("IN")) {
                advance();
                return in(col, negated);
            }
            if (isKeyword("BETWEEN")) {
                advance();
                Literal low = value("a value after BETWEEN", "a BETWEEN bound");
                if (!isKeyword("AND")) {
                    throw expected("AND after BETWEEN's lower bound");
                }
                advance();
                Literal high = value("a value after AND", "a BETWEEN bound");
                return new Between(col, low, high, negated);
            }
            if (isKeyword("LIKE") || isKeyword("ILIKE")) {
                boolean ignoreCase = isKeyword("ILIKE");
                advance();
                return like(col, negated, ignoreCase);
            }
            if (col != null) {
                throw expected("an operator after " + col.text() + " (=, !=, <, <=, >, >=, IS, IN, BETWEEN, LIKE or ILIKE)");
            }
            throw expected("an operator after the value");
        }

        private static CompareOp symbol(String s) {
            for (CompareOp op : CompareOp.values()) {
                if (op.symbol().equals(s)) {
                    return op;
                }
            }
            throw new IllegalStateException(s);
        }

        private Expr in(ColumnRef col, boolean negated) {
            if (tok.kind() != Kind.LPAREN) {
                throw expected("'(' after IN");
            }
            advance();
            if (tok.kind() == Kind.RPAREN) {
                throw error("empty IN list (it needs at least one value)");
            }
            List<Literal> values = new ArrayList<>();
            values.add(value("a value in the IN list", "an IN list"));
            while (tok.kind() == Kind.COMMA) {
                advance();
                values.add(value("a value after ','", "an IN list"));
            }
            if (tok.kind() != Kind.RPAREN) {
                throw expected("',' or ')' in the IN list");
            }
            advance();
            return new In(col, values, negated);
        }

        private Expr like(ColumnRef col, boolean negated, boolean ignoreCase) {
            if (tok.kind() != Kind.STRING) {
                throw expected("a 'pattern' string after " + (ignoreCase ? "ILIKE" : "LIKE"));
            }
            Token pattern = advance();
            int escape = Like.NO_ESCAPE;
            if (isKeyword("ESCAPE")) {
                advance();
                if (tok.kind() != Kind.STRING || tok.text().codePointCount(0, tok.text().length()) != 1) {
                    throw expected("a one-character string after ESCAPE");
                }
                escape = advance().text().codePointAt(0);
                if (Like.danglingEscape(pattern.text(), escape)) {
                    throw new ConditionException("the LIKE pattern ends with its escape character, which escapes nothing",
                            pattern.start());
                }
            }
            return new Like(col, pattern.text(), escape, negated, ignoreCase);
        }

        /** A literal, with errors that say why a column or NULL is not one here. */
        private Literal value(String what, String place) {
            Operand o = operand(what);
            if (o.isNull()) {
                throw new ConditionException("NULL is not allowed in " + place
                        + " (it never matches): test for it with IS NULL", o.start());
            }
            if (o.column() != null) {
                throw new ConditionException("expected " + what + ", found the column " + o.column().text()
                        + " (" + quotedNameHint(o.column()) + ")", o.start());
            }
            return o.literal();
        }

        private Operand operand(String what) {
            int start = tok.start();
            switch (tok.kind()) {
                case QUOTED_NAME:
                    return new Operand(start, column(), null);
                case NUMBER:
                    return new Operand(start, null, number(advance(), false, start));
                case MINUS:
                case PLUS: {
                    boolean minus = advance().kind() == Kind.MINUS;
                    if (tok.kind() == Kind.NUMBER) {
                        return new Operand(start, null, number(advance(), minus, start));
                    }
                    if (isKeyword("INFINITY")) {
                        advance();
                        return new Operand(start, null, minus ? FloatLiteral.NEGATIVE_INFINITY : FloatLiteral.INFINITY);
                    }
                    throw expected("a number after '" + (minus ? "-" : "+") + "'");
                }
                case STRING:
                    return new Operand(start, null, new StringLiteral(advance().text()));
                case HEX:
                    return new Operand(start, null, new BinaryLiteral(advance().bytes()));
                case NAME:
                    break;
                default:
                    throw expected(what);
            }
            String kw = Lexer.upperAscii(tok.text());
            if (kw != null) {
                switch (kw) {
                    case "TRUE": advance(); return new Operand(start, null, new BoolLiteral(true));
                    case "FALSE": advance(); return new Operand(start, null, new BoolLiteral(false));
                    case "NAN": advance(); return new Operand(start, null, FloatLiteral.NAN);
                    case "INFINITY": advance(); return new Operand(start, null, FloatLiteral.INFINITY);
                    case "NULL": advance(); return new Operand(start, null, null);
                    case "DATE": case "TIME": case "TIMESTAMP": case "TIMESTAMPTZ":
                        // A typed literal only when a string follows: DATE is also a fine column name.
                        if (lexer.quoteFollows()) {
                            advance();
                            Token s = advance();
                            return new Operand(start, null, typed(kw, s.text(), s.start()));
                        }
                        break;
                    case "CAST":
                        if (lexer.parenFollows()) {
                            return new Operand(start, null, cast());
                        }
                        break;
                    case "ANY":
                        if (lexer.parenFollows()) {
                            advance(); // ANY
                            advance(); // (
                            ColumnRef elements = elements(start, "ANY(");
                            return new Operand(start, closeCall(elements, start, "ANY("), null);
                        }
                        break;
                    case "CARDINALITY":
                        if (lexer.parenFollows()) {
                            advance();
                            advance();
                            ColumnRef c = column();
                            ColumnRef card = new ColumnRef(c.path(), null, ColumnRef.Part.CARDINALITY, false);
                            return new Operand(start, closeCall(card, start, "cardinality("), null);
                        }
                        break;
                    default:
                        if (Lexer.isReserved(kw)) {
                            throw expected(what);
                        }
                }
            }
            return new Operand(start, column(), null);
        }

        /**
         * {@code list_contains(list, value)} (DuckDB's name; array_contains is Spark's): some element
         * equals the value, as {@code ANY(list) = value}.
         */
        private Expr listContains() {
            int start = tok.start();
            String name = Lexer.upperAscii(tok.text()).toLowerCase(java.util.Locale.ROOT);
            advance();
            advance(); // (
            ColumnRef elements = elements(start, name + "(");
            if (tok.kind() != Kind.COMMA) {
                throw expected("',' and a value after the list in " + name + "(list, value)");
            }
            advance();
            Literal v = value("a value to look for in " + name, name);
            if (tok.kind() != Kind.RPAREN) {
                throw expected("')' to close " + name + "(");
            }
            Token close = advance();
            return new Comparison(new ColumnRef(elements.path(), text.substring(start, close.end()), elements.part(), false),
                    CompareOp.EQ, v);
        }

        /** After {@code ANY(} or {@code list_contains(}: a list column, or map_keys(m) / map_values(m). */
        private ColumnRef elements(int start, String call) {
            if ((isKeyword("MAP_KEYS") || isKeyword("MAP_VALUES")) && lexer.parenFollows()) {
                boolean keys = isKeyword("MAP_KEYS");
                advance();
                advance();
                if (tok.kind() != Kind.NAME && tok.kind() != Kind.QUOTED_NAME) {
                    throw expected("a map column in " + (keys ? "map_keys(" : "map_values("));
                }
                ColumnRef m = column();
                if (tok.kind() != Kind.RPAREN) {
                    throw expected("')' to close " + (keys ? "map_keys(" : "map_values("));
                }
                advance();
                return new ColumnRef(m.path(), null, keys ? ColumnRef.Part.KEYS : ColumnRef.Part.VALUES, false);
            }
            if (tok.kind() != Kind.NAME && tok.kind() != Kind.QUOTED_NAME
                    || (tok.kind() == Kind.NAME && Lexer.isReserved(tok.text()))) {
                throw expected("a list column in " + call + " (or map_keys(m), map_values(m))");
            }
            ColumnRef c = column();
            return new ColumnRef(c.path(), null, ColumnRef.Part.ELEMENTS, false);
        }

        /** The ')' closing a call on a column; the reference with the call's text. */
        private ColumnRef closeCall(ColumnRef ref, int start, String call) {
            if (tok.kind() != Kind.RPAREN) {
                throw expected("')' to close " + call);
            }
            Token close = advance();
            return new ColumnRef(ref.path(), text.substring(start, close.end()), ref.part(), false);
        }

        private ColumnRef column() {
            int start = tok.start();
            List<String> path = new ArrayList<>();
            Token last = advance();
            path.add(last.text());
            while (tok.kind() == Kind.DOT) {
                advance();
                boolean name = tok.kind() == Kind.QUOTED_NAME || (tok.kind() == Kind.NAME && !Lexer.isReserved(tok.text()));
                if (!name) {
                    throw expected("a name after '.' (quote names that are keywords or hold other characters)");
                }
                last = advance();
                path.add(last.text());
            }
            return new ColumnRef(path, text.substring(start, last.end()));
        }

        private Literal number(Token t, boolean minus, int start) {
            String s = t.text();
            if (s.length() > MAX_NUMBER_LENGTH) {
                throw new ConditionException("number longer than " + MAX_NUMBER_LENGTH + " characters", t.start());
            }
            String signed = minus ? "-" + s : s;
            if (s.indexOf('e') >= 0 || s.indexOf('E') >= 0) {
                double d = Double.parseDouble(signed);
                if (Double.isInfinite(d)) {
                    throw new ConditionException("number too large for a double (write Infinity if that is meant)", start);
                }
                if (d == 0 && mantissaNonZero(s)) {
                    throw new ConditionException("number too small for a double (it would round to 0)", start);
                }
                return new FloatLiteral(signed, d);
            }
            if (s.indexOf('.') >= 0) {
                return new DecimalLiteral(new BigDecimal(signed));
            }
            return new IntLiteral(new BigInteger(signed));
        }

        private static boolean mantissaNonZero(String s) {
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == 'e' || c == 'E') {
                    return false;
                }
                if (c >= '1' && c <= '9') {
                    return true;
                }
            }
            return false;
        }

        private static final Pattern DATE = Pattern.compile("([0-9]{4})-([0-9]{2})-([0-9]{2})");
        private static final Pattern TIME = Pattern.compile("([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\\.([0-9]+))?");
        private static final Pattern TIMESTAMP = Pattern.compile(
                "([0-9]{4}-[0-9]{2}-[0-9]{2})(?:[ Tt]([0-9:.]+))?(Z|z|[+-][0-9]{2}(?::[0-9]{2})?)?");

        /**
         * {@code CAST(value AS type)}, folded into the literal it gives; what SQL would round or
         * reject is an error here (a condition's literal should say what it means).
         */
        private Literal cast() {
            int at = tok.start();
            advance(); // CAST
            advance(); // (
            Literal v = value("a value to cast", "CAST");
            if (!isKeyword("AS")) {
                throw expected("AS and a type in CAST(value AS type)");
            }
            advance();
            if (tok.kind() != Kind.NAME) {
                throw expected("a type after AS (DATE, TIMESTAMP, TIMESTAMPTZ, TIME, INTEGER, BIGINT, DOUBLE, "
                        + "DECIMAL(p, s), VARCHAR, BOOLEAN, BLOB)");
            }
            Token typeTok = advance();
            String type = Lexer.upperAscii(typeTok.text());
            List<Integer> args = new ArrayList<>();
            if (tok.kind() == Kind.LPAREN) {
                advance();
                while (true) {
                    if (tok.kind() != Kind.NUMBER || tok.text().length() > 4 || !tok.text().chars().allMatch(Character::isDigit)) {
                        throw expected("a whole number in " + typeTok.text() + "(...)");
                    }
                    args.add(Integer.parseInt(advance().text()));
                    if (tok.kind() == Kind.COMMA) {
                        advance();
                    } else {
                        break;
                    }
                }
                if (tok.kind() != Kind.RPAREN) {
                    throw expected("')' after the type's arguments");
                }
                advance();
            }
            if (tok.kind() != Kind.RPAREN) {
                throw expected("')' to close CAST(");
            }
            advance();
            return Cast.apply(v, type == null ? typeTok.text() : type, args, at, this::typed);
        }

        private Literal typed(String kind, String v, int at) {
            switch (kind) {
                case "DATE": {
                    return new DateLiteral(date(v, at, "DATE 'YYYY-MM-DD'"));
                }
                case "TIME":
                    return new TimeLiteral(time(v, at, "TIME 'HH:MM:SS[.fffffffff]'"));
                default: {
                    boolean tz = kind.equals("TIMESTAMPTZ");
                    String form = kind + " 'YYYY-MM-DD HH:MM:SS[.fffffffff][Z|+HH:MM]'";
                    Matcher m = TIMESTAMP.matcher(v);
                    if (!m.matches()) {
                        throw new ConditionException("invalid timestamp " + Printer.quote(v, '\'') + " (expected " + form + ")",
                                at);
                    }
                    LocalDate d = date(m.group(1), at, form);
                    LocalTime t = m.group(2) == null ? LocalTime.MIDNIGHT : time(m.group(2), at, form);
                    // TIMESTAMPTZ names an instant: without an offset it is UTC (no session time zone here)
                    ZoneOffset off = tz ? ZoneOffset.UTC : null;
                    if (m.group(3) != null) {
                        String o = m.group(3);
                        int h = o.length() == 1 ? 0 : Integer.parseInt(o.substring(1, 3));
                        int min = o.length() > 3 ? Integer.parseInt(o.substring(4, 6)) : 0;
                        if (h > 18 || min > 59 || (h == 18 && min > 0)) {
                            throw new ConditionException("invalid offset " + o + " in a timestamp (at most ±18:00)", at);
                        }
                        off = ZoneOffset.ofHoursMinutes(o.startsWith("-") ? -h : h, o.startsWith("-") ? -min : min);
                    }
                    return new TimestampLiteral(LocalDateTime.of(d, t), off);
                }
            }
        }

        private static LocalDate date(String v, int at, String form) {
            Matcher m = DATE.matcher(v);
            if (!m.matches()) {
                throw new ConditionException("invalid date " + Printer.quote(v, '\'') + " (expected " + form + ")", at);
            }
            int y = Integer.parseInt(m.group(1));
            int mo = Integer.parseInt(m.group(2));
            int d = Integer.parseInt(m.group(3));
            if (mo < 1 || mo > 12) {
                throw new ConditionException("invalid date " + Printer.quote(v, '\'') + ": month " + mo + " is not 1 to 12", at);
            }
            int days = java.time.YearMonth.of(y, mo).lengthOfMonth();
            if (d < 1 || d > days) {
                throw new ConditionException("invalid date " + Printer.quote(v, '\'') + ": day " + d + " is not 1 to " + days, at);
            }
            return LocalDate.of(y, mo, d);
        }

        private static LocalTime time(String v, int at, String form) {
            Matcher m = TIME.matcher(v);
            if (!m.matches()) {
                throw new ConditionException("invalid time " + Printer.quote(v, '\'') + " (expected " + form + ")", at);
            }
            int h = Integer.parseInt(m.group(1));
            int mi = Integer.parseInt(m.group(2));
            int sec = Integer.parseInt(m.group(3));
            if (h > 23 || mi > 59 || sec > 59) {
                throw new ConditionException("invalid time " + Printer.quote(v, '\'')
                        + ": hours go to 23, minutes and seconds to 59", at);
            }
            int nanos = 0;
            if (m.group(4) != null) {
                String f = m.group(4);
                if (f.length() > 9) {
                    throw new ConditionException("invalid time " + Printer.quote(v, '\'')
                            + ": more than 9 fractional digits (nanoseconds are the finest)", at);
                }
                nanos = Integer.parseInt((f + "00000000").substring(0, 9));
            }
            return LocalTime.of(h, mi, sec, nanos);
        }
    }
}
