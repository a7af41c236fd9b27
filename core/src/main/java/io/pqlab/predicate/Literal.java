package io.pqlab.predicate;


import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * A constant in a condition, as written: untyped until bound to a column. Numbers keep what the
 * user wrote (an exact integer or decimal, or the text of a float) so that binding can convert
 * them exactly to the column's type, or say that it cannot. {@code toString()} prints the literal
 * so that it parses back to an equal one.
 *
 * <p>Immutable and safe to share between threads.
 */
public sealed interface Literal {

    /** An integer of any size: {@code 42}, {@code -7}, {@code 123456789012345678901234567890}. */
    record IntLiteral(BigInteger value) implements Literal {
        public IntLiteral {
            if (value == null) {
                throw new IllegalArgumentException("null value");
            }
        }

        public static IntLiteral of(long value) {
            return new IntLiteral(BigInteger.valueOf(value));
        }

        @Override
        public String toString() {
            return value.toString();
        }
    }

    /**
     * An exact decimal written with a point and no exponent: {@code 2.5}, {@code -0.001}. The
     * scale is kept as written ({@code 2.50} is not {@code 2.5}); it is at least 1, since a
     * scale-0 number is an {@link IntLiteral}.
     */
    record DecimalLiteral(BigDecimal value) implements Literal {
        public DecimalLiteral {
            if (value == null || value.scale() < 1) {
                throw new IllegalArgumentException("a decimal literal needs a scale of at least 1: " + value);
            }
        }

        @Override
        public String toString() {
            return value.toPlainString();
        }
    }

    /**
     * A floating-point literal: a number with an exponent ({@code 1e10}, {@code -2.5E-3}) or one
     * of {@code NaN}, {@code Infinity}, {@code -Infinity}. Keeps the text (so a binder can convert
     * it exactly, e.g. to a decimal column) and its nearest double.
     */
    record FloatLiteral(String text, double value) implements Literal {
        private static final Pattern SYNTAX =
                Pattern.compile("-?(?:[0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)[eE][+-]?[0-9]+|NaN|-?Infinity");

        public FloatLiteral {
            if (text == null || !SYNTAX.matcher(text).matches()) {
                throw new IllegalArgumentException("not a float literal: " + text);
            }
            if (Double.compare(Double.parseDouble(text), value) != 0) {
                throw new IllegalArgumentException(text + " is not the double " + value);
            }
        }

        /** Parses {@code text} (the syntax above: an exponent, or a special value as spelled). */
        public static FloatLiteral of(String text) {
            if (text == null || !SYNTAX.matcher(text).matches()) {
                throw new IllegalArgumentException("not a float literal: " + text);
            }
            return new FloatLiteral(text, Double.parseDouble(text));
        }

        public static final FloatLiteral NAN = new FloatLiteral("NaN", Double.NaN);
        public static final FloatLiteral INFINITY = new FloatLiteral("Infinity", Double.POSITIVE_INFINITY);
        public static final FloatLiteral NEGATIVE_INFINITY =
                new FloatLiteral("-Infinity", Double.NEGATIVE_INFINITY);

        @Override
        public String toString() {
            return text;
        }
    }

    /** A string: any Unicode text (valid UTF-16: no unpaired surrogates). */
    record StringLiteral(String value) implements Literal {
        public StringLiteral {
            if (value == null) {
                throw new IllegalArgumentException("null value");
            }
            Lexer.requireUnicode(value, "a string literal");
        }

        @Override
        public String toString() {
            return Printer.quote(value, '\'');
        }
    }

    /** {@code TRUE} or {@code FALSE}. */
    record BoolLiteral(boolean value) implements Literal {
        @Override
        public String toString() {
            return value ? "TRUE" : "FALSE";
        }
    }

    /** {@code DATE 'YYYY-MM-DD'}, year 0000 to 9999. */
    record DateLiteral(LocalDate value) implements Literal {
        public DateLiteral {
            if (value == null || value.getYear() < 0 || value.getYear() > 9999) {
                throw new IllegalArgumentException("a date literal's year must be 0000 to 9999: " + value);
            }
        }

        @Override
        public String toString() {
            return "DATE '" + Printer.date(value) + "'";
        }
    }

    /** {@code TIME 'HH:MM:SS[.fffffffff]'}. */
    record TimeLiteral(LocalTime value) implements Literal {
        public TimeLiteral {
            if (value == null) {
                throw new IllegalArgumentException("null value");
            }
        }

        @Override
        public String toString() {
            return "TIME '" + Printer.time(value) + "'";
        }
    }

    /**
     * {@code TIMESTAMP 'YYYY-MM-DD HH:MM:SS[.fffffffff][Z|±HH:MM]'}: a local date-time to the
     * nanosecond, and the offset if one was written ({@code null} if not). Whether a local value
     * means UTC is the binder's question (it depends on the column's isAdjustedToUTC).
     */
    record TimestampLiteral(LocalDateTime value, ZoneOffset offset) implements Literal {
        public TimestampLiteral {
            if (value == null || value.getYear() < 0 || value.getYear() > 9999) {
                throw new IllegalArgumentException("a timestamp literal's year must be 0000 to 9999: " + value);
            }
            if (offset != null && offset.getTotalSeconds() % 60 != 0) {
                throw new IllegalArgumentException("offsets are whole minutes: " + offset);
            }
        }

        @Override
        public String toString() {
            String s = Printer.date(value.toLocalDate()) + " " + Printer.time(value.toLocalTime());
            return "TIMESTAMP '" + (offset == null ? s : s + offset.getId()) + "'";
        }
    }

    /** {@code X'0A1b'}: bytes, two hex digits each. */
    record BinaryLiteral(byte[] value) implements Literal {
        public BinaryLiteral {
            value = value.clone();
        }

        @Override
        public byte[] value() {
            return value.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof BinaryLiteral b && Arrays.equals(b.value, value);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(value);
        }

        @Override
        public String toString() {
            StringBuilder b = new StringBuilder(3 + 2 * value.length).append("X'");
            for (byte x : value) {
                b.append(Character.toUpperCase(Character.forDigit((x >> 4) & 15, 16)));
                b.append(Character.toUpperCase(Character.forDigit(x & 15, 16)));
            }
            return b.append('\'').toString();
        }
    }
}
