package io.pqlab.internal.crypto;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict, bounded JSON reader for the key material of parquet-java's key tools (flat objects of
 * strings and booleans; a key-material file is an object of strings). Core carries no JSON
 * library, so this reads RFC 8259 values: objects (duplicate names refused), arrays, strings (all
 * escapes), true, false, null, and numbers (kept as their text, {@link Num}). Nesting is bounded, and so is
 * the text (the caller checks its length before reading it).
 */
final class Json {
    /** The deepest nesting read: key material is flat, the store one level above it. */
    static final int MAX_DEPTH = 16;

    /** A number, kept as its text (key material has none; they are read, never used). */
    record Num(String text) {}

    /** Thrown with what was wrong and the character where; the caller names the source. */
    static final class BadJson extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadJson(String message) {
            super(message);
        }
    }

    private final String s;
    private int i;

    private Json(String s) {
        this.s = s;
    }

    /** The value that is the whole of {@code text}. */
    static Object parse(String text) {
        Json j = new Json(text);
        j.space();
        Object v = j.value(0);
        j.space();
        if (j.i != text.length()) {
            throw j.bad("text after the value");
        }
        return v;
    }

    /** The object that is the whole of {@code text}. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> object(String text) {
        Object v = parse(text);
        if (!(v instanceof Map)) {
            throw new BadJson("not a JSON object");
        }
        return (Map<String, Object>) v;
    }

    private BadJson bad(String what) {
        return new BadJson(what + " at character " + i);
    }

    private void space() {
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            i++;
        }
    }

    private Object value(int depth) {
        if (depth > MAX_DEPTH) {
            throw bad("nesting deeper than " + MAX_DEPTH);
        }
        if (i >= s.length()) {
            throw bad("the text ends where a value belongs");
        }
        char c = s.charAt(i);
        switch (c) {
            case '{':
                return obj(depth);
            case '[':
                return arr(depth);
            case '"':
                return string();
            case 't':
                return word("true", Boolean.TRUE);
            case 'f':
                return word("false", Boolean.FALSE);
            case 'n':
                return word("null", null);
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return number();
                }
                throw bad("unexpected '" + c + "'");
        }
    }

    private Object word(String w, Object v) {
        if (!s.startsWith(w, i)) {
            throw bad("expected " + w);
        }
        i += w.length();
        return v;
    }

    private Map<String, Object> obj(int depth) {
        Map<String, Object> m = new LinkedHashMap<>();
        items('}', () -> {
            if (i >= s.length() || s.charAt(i) != '"') {
                throw bad("expected a member name");
            }
            String name = string();
            space();
            expect(':');
            space();
            Object v = value(depth + 1);
            if (m.containsKey(name)) {
                throw bad("the name \"" + name + "\" twice");
            }
            m.put(name, v);
        });
        return Collections.unmodifiableMap(m);
    }

    private List<Object> arr(int depth) {
        List<Object> l = new ArrayList<>();
        items(']', () -> l.add(value(depth + 1)));
        return Collections.unmodifiableList(l);
    }

    /** From an opening bracket: the comma-separated items up to {@code close}, each read by {@code item}. */
    private void items(char close, Runnable item) {
        i++;
        space();
        if (i < s.length() && s.charAt(i) == close) {
            i++;
            return;
        }
        while (true) {
            space();
            item.run();
            space();
            if (i < s.length() && s.charAt(i) == ',') {
                i++;
                continue;
            }
            expect(close);
            return;
        }
    }

    private void expect(char c) {
        if (i >= s.length() || s.charAt(i) != c) {
            throw bad("expected '" + c + "'");
        }
        i++;
    }

    private String string() {
        i++; // the opening quote
        StringBuilder b = new StringBuilder();
        while (true) {
            if (i >= s.length()) {
                throw bad("a string that does not end");
            }
            char c = s.charAt(i++);
            if (c == '"') {
                return b.toString();
            }
            if (c < 0x20) {
                throw bad("a control character in a string");
            }
            if (c != '\\') {
                b.append(c);
                continue;
            }
            if (i >= s.length()) {
                throw bad("a string that does not end");
            }
            char e = s.charAt(i++);
            switch (e) {
                case '"', '\\', '/' -> b.append(e);
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'u' -> {
                    if (i + 4 > s.length()) {
                        throw bad("a \\u escape cut short");
                    }
                    int v = 0;
                    for (int k = 0; k < 4; k++) {
                        int d = Character.digit(s.charAt(i++), 16);
                        if (d < 0) {
                            throw bad("a \\u escape with a non-hex digit");
                        }
                        v = v * 16 + d;
                    }
                    b.append((char) v);
                }
                default -> throw bad("an unknown escape \\" + e);
            }
        }
    }

    private Num number() {
        int start = i;
        if (s.charAt(i) == '-') {
            i++;
        }
        int digits = digits();
        if (digits == 0 || (digits > 1 && s.charAt(i - digits) == '0')) {
            throw bad("a malformed number");
        }
        if (i < s.length() && s.charAt(i) == '.') {
            i++;
            if (digits() == 0) {
                throw bad("a malformed number");
            }
        }
        if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            if (digits() == 0) {
                throw bad("a malformed number");
            }
        }
        return new Num(s.substring(start, i));
    }

    private int digits() {
        int n = 0;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
            n++;
        }
        return n;
    }
}
