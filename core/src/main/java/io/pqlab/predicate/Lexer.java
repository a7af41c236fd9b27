package io.pqlab.predicate;



import java.util.Locale;
import java.util.Set;

/** Splits a condition into tokens on demand, so the first error from the left is the one reported. */
final class Lexer {

    enum Kind { NAME, QUOTED_NAME, STRING, NUMBER, HEX, OP, LPAREN, RPAREN, COMMA, DOT, MINUS, PLUS, SEMICOLON, END }

    /** A token: its kind, where it lies in the text, and its content (unescaped for strings). */
    record Token(Kind kind, int start, int end, String text, byte[] bytes) {
        Token(Kind kind, int start, int end, String text) {
            this(kind, start, end, text, null);
        }
    }

    /** Words that are never a bare column name: quote a column called one of these. */
    private static final Set<String> RESERVED = Set.of(
            "AND", "OR", "NOT", "IS", "NULL", "IN", "BETWEEN", "LIKE", "ILIKE", "ESCAPE", "TRUE", "FALSE",
            "NAN", "INFINITY");

    private final String text;
    private int pos;

    Lexer(String text) {
        this(text, 0);
    }

    /** A lexer from {@code pos}: to look one token ahead without moving the parser's lexer. */
    Lexer(String text, int pos) {
        this.text = text;
        this.pos = pos;
    }

    /**
     * The word in upper case if it is ASCII (keywords are ASCII, compared without case), else
     * null. Non-ASCII words are never keywords, so Unicode case mapping (dotless i) cannot turn
     * a column name into one.
     */
    static String upperAscii(String word) {
        for (int i = 0; i < word.length(); i++) {
            if (word.charAt(i) >= 0x80) {
                return null;
            }
        }
        return word.toUpperCase(Locale.ROOT);
    }

    static boolean isReserved(String word) {
        String u = upperAscii(word);
        return u != null && RESERVED.contains(u);
    }

    /** The index of the first unpaired surrogate in {@code s}, or -1 if it is valid UTF-16. */
    static int unpairedSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }

    /** Throws unless {@code s} is valid UTF-16: what is printed must parse back. */
    static String requireUnicode(String s, String what) {
        if (unpairedSurrogate(s) >= 0) {
            throw new IllegalArgumentException(what + " holds an unpaired UTF-16 surrogate");
        }
        return s;
    }

    static boolean isNameStart(int cp) {
        return Character.isLetter(cp) || cp == '_';
    }

    static boolean isNamePart(int cp) {
        return Character.isLetterOrDigit(cp) || cp == '_';
    }

    /** Whether {@code s} can be written as a bare name: the printer quotes every other one. */
    static boolean isPlainName(String s) {
        if (s.isEmpty() || !isNameStart(s.codePointAt(0)) || isReserved(s)) {
            return false;
        }
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            if (!isNamePart(cp)) {
                return false;
            }
            i += Character.charCount(cp);
        }
        return true;
    }

    private static boolean isSpace(int cp) {
        return Character.isWhitespace(cp) || Character.isSpaceChar(cp);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** The char at {@code i}, or NUL past the end (NUL is no digit, quote or operator). */
    private char at(int i) {
        return i < text.length() ? text.charAt(i) : '\0';
    }

    private void skipSpace() {
        while (pos < text.length()) {
            int cp = text.codePointAt(pos);
            if (!isSpace(cp)) {
                return;
            }
            pos += Character.charCount(cp);
        }
    }

    /** Whether the next non-space character is a single quote (for DATE '...' and the like). */
    boolean quoteFollows() {
        skipSpace();
        return at(pos) == '\'' && pos < text.length();
    }

    /** Whether the next non-space character is '(' (for CAST(...), CAST being a fine column name too). */
    boolean parenFollows() {
        skipSpace();
        return pos < text.length() && at(pos) == '(';
    }

    Token next() {
        skipSpace();
        int s = pos;
        if (s >= text.length()) {
            return new Token(Kind.END, s, s, "");
        }
        char c = text.charAt(s);
        Kind punctuation = switch (c) {
            case '(' -> Kind.LPAREN;
            case ')' -> Kind.RPAREN;
            case ',' -> Kind.COMMA;
            case ';' -> Kind.SEMICOLON;
            case '-' -> Kind.MINUS;
            case '+' -> Kind.PLUS;
            default -> null;
        };
        if (punctuation != null) {
            pos = s + 1;
            return new Token(punctuation, s, pos, String.valueOf(c));
        }
        switch (c) {
            case '\'':
                return new Token(Kind.STRING, s, pos = endOfQuoted(s, '\'', "string"), unquote(s, pos, '\''));
            case '"': {
                int end = endOfQuoted(s, '"', "quoted name");
                if (end == s + 2) {
                    throw new ConditionException("empty quoted name", s);
                }
                pos = end;
                return new Token(Kind.QUOTED_NAME, s, end, unquote(s, end, '"'));
            }
            case '.':
                if (isDigit(at(s + 1))) {
                    return number(s);
                }
                pos++;
                return new Token(Kind.DOT, s, pos, ".");
            case '<': case '>': case '=': case '!':
                return operator(s);
            default:
                break;
        }
        if (isDigit(c)) {
            return number(s);
        }
        if ((c == 'x' || c == 'X') && at(s + 1) == '\'') {
            return hex(s);
        }
        int cp = text.codePointAt(s);
        if (isNameStart(cp)) {
            pos = s;
            while (pos < text.length() && isNamePart(text.codePointAt(pos))) {
                pos += Character.charCount(text.codePointAt(pos));
            }
            return new Token(Kind.NAME, s, pos, text.substring(s, pos));
        }
        throw new ConditionException("unexpected character " + show(cp), s);
    }

    /** A character for a message: itself in quotes, or its code point when it would not show. */
    static String show(int cp) {
        if (Character.isISOControl(cp) || isSpace(cp) || Character.getType(cp) == Character.FORMAT) {
            return String.format("U+%04X", cp);
        }
        return cp == '\'' ? "\"'\"" : "'" + new String(Character.toChars(cp)) + "'";
    }

    /** The index after the closing quote of the quoted text opening at {@code s}. */
    private int endOfQuoted(int s, char q, String what) {
        int i = s + 1;
        while (true) {
            int j = text.indexOf(q, i);
            if (j < 0) {
                throw new ConditionException("unterminated " + what + " (no closing " + q + ")", s);
            }
            if (at(j + 1) == q) {
                i = j + 2; // a doubled quote stands for one
            } else {
                return j + 1;
            }
        }
    }

    private String unquote(int s, int end, char q) {
        String inner = text.substring(s + 1, end - 1);
        return inner.indexOf(q) < 0 ? inner : inner.replace("" + q + q, "" + q);
    }

    private Token operator(int s) {
        int e = s;
        while (e < text.length() && "<>=!".indexOf(text.charAt(e)) >= 0) {
            e++;
        }
        String op = text.substring(s, e);
        switch (op) {
            case "=": case "!=": case "<>": case "<": case "<=": case ">": case ">=":
                pos = e;
                return new Token(Kind.OP, s, e, op);
            case "==":
                throw new ConditionException("unknown operator '==' (write '=')", s);
            default:
                throw new ConditionException("unknown operator '" + op + "'", s);
        }
    }

    /**
     * digits [. digits] [e [+-] digits], or . digits [...]. The text keeps its form: the parser
     * tells integers, decimals and floats apart by the point and the exponent.
     */
    private Token number(int s) {
        int i = s;
        while (isDigit(at(i))) {
            i++;
        }
        if (at(i) == '.') {
            i++;
            if (!isDigit(at(i))) {
                throw new ConditionException("expected a digit after the decimal point", i);
            }
            while (isDigit(at(i))) {
                i++;
            }
        }
        if ((at(i) == 'e' || at(i) == 'E')) {
            i++;
            if ((at(i) == '+' || at(i) == '-')) {
                i++;
            }
            if (!isDigit(at(i))) {
                throw new ConditionException("expected the exponent's digits", i);
            }
            while (isDigit(at(i))) {
                i++;
            }
        }
        if (i < text.length()) {
            int cp = text.codePointAt(i);
            if (isNamePart(cp) || cp == '.' || cp == '\'' || cp == '"') {
                throw new ConditionException("a number cannot be followed by " + show(cp), i);
            }
        }
        pos = i;
        return new Token(Kind.NUMBER, s, i, text.substring(s, i));
    }

    private Token hex(int s) {
        int i = s + 2;
        int digits = 0;
        while (true) {
            if (i >= text.length()) {
                throw new ConditionException("unterminated binary literal (no closing ')", s);
            }
            char c = text.charAt(i);
            if (c == '\'') {
                break;
            }
            if (Character.digit(c, 16) < 0 || c >= 0x80) {
                throw new ConditionException("invalid hex digit " + show(text.codePointAt(i)) + " in a binary literal", i);
            }
            digits++;
            i++;
        }
        if (digits % 2 != 0) {
            throw new ConditionException("odd number of hex digits in a binary literal (two make a byte)", s);
        }
        byte[] bytes = new byte[digits / 2];
        for (int k = 0; k < bytes.length; k++) {
            int hi = Character.digit(text.charAt(s + 2 + 2 * k), 16);
            int lo = Character.digit(text.charAt(s + 3 + 2 * k), 16);
            bytes[k] = (byte) (hi << 4 | lo);
        }
        pos = i + 1;
        return new Token(Kind.HEX, s, pos, text.substring(s, pos), bytes);
    }
}
