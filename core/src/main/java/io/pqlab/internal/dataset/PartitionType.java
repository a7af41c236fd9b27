package io.pqlab.internal.dataset;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.util.Locale;

/**
 * The type of a hive partition column, and the conversion of a directory's text to a value of it.
 * Values are {@code Long} (BIGINT), {@code Double} (DOUBLE), {@code BigDecimal} (DECIMAL),
 * {@code LocalDate} (DATE), {@code LocalDateTime} (TIMESTAMP, microseconds, no zone),
 * {@code Boolean} (BOOLEAN) and {@code String} (VARCHAR).
 */
public enum PartitionType {
    BIGINT, DOUBLE, DECIMAL, DATE, TIMESTAMP, BOOLEAN, VARCHAR;

    /** A type as a user writes it after {@code key:} (DuckDB's names and their common aliases). */
    public static PartitionType parse(String name) {
        switch (name.strip().toUpperCase(Locale.ROOT)) {
            case "BIGINT", "INT64", "LONG", "INTEGER", "INT", "INT32":
                return BIGINT;
            case "DOUBLE", "FLOAT64", "FLOAT", "REAL":
                return DOUBLE;
            case "DECIMAL", "NUMERIC":
                return DECIMAL;
            case "DATE":
                return DATE;
            case "TIMESTAMP", "DATETIME":
                return TIMESTAMP;
            case "BOOLEAN", "BOOL":
                return BOOLEAN;
            case "VARCHAR", "STRING", "TEXT":
                return VARCHAR;
            default:
                throw new IllegalArgumentException("unknown partition type '" + name
                        + "': write BIGINT, DOUBLE, DECIMAL, DATE, TIMESTAMP, BOOLEAN or VARCHAR");
        }
    }

    /**
     * The type DuckDB (1.4) infers for one value: DATE where it reads as a date, else TIMESTAMP
     * where it reads as a timestamp, else BIGINT where it is a 64-bit integer without a sign or
     * leading zero, else VARCHAR. Doubles and decimals are not inferred (DuckDB keeps {@code 1.5}
     * a string); declare them.
     */
    public static PartitionType infer(String text) {
        if (date(text) != null) {
            return DATE;
        }
        if (timestamp(text) != null) {
            return TIMESTAMP;
        }
        if (bigint(text) != null) {
            return BIGINT;
        }
        return VARCHAR;
    }

    /** The value of {@code text} as this type, or null where it is not one. */
    public Object convert(String text) {
        switch (this) {
            case BIGINT:
                return bigintLoose(text);
            case DOUBLE:
                try {
                    return Double.parseDouble(text.strip());
                } catch (NumberFormatException e) {
                    return null;
                }
            case DECIMAL:
                try {
                    BigDecimal d = new BigDecimal(text.strip());
                    // at most 38 digits before and after the point (DuckDB's widest DECIMAL): 1e100000000
                    // is not one, and rescaling it to a common scale would take minutes
                    return d.scale() > 38 || d.precision() - d.scale() > 38 ? null : d;
                } catch (NumberFormatException e) {
                    return null;
                }
            case DATE:
                return date(text);
            case TIMESTAMP: {
                LocalDateTime t = timestamp(text);
                if (t == null) {
                    LocalDate d = date(text);
                    return d == null ? null : d.atStartOfDay();
                }
                return t;
            }
            case BOOLEAN: {
                String t = text.strip().toLowerCase(Locale.ROOT);
                return t.equals("true") ? Boolean.TRUE : t.equals("false") ? Boolean.FALSE : null;
            }
            default:
                return text;
        }
    }

    private static final DateTimeFormatter DATE_FORMAT = new DateTimeFormatterBuilder()
            .appendValue(ChronoField.YEAR, 4)
            .appendLiteral('-')
            .appendValue(ChronoField.MONTH_OF_YEAR, 1, 2, java.time.format.SignStyle.NOT_NEGATIVE)
            .appendLiteral('-')
            .appendValue(ChronoField.DAY_OF_MONTH, 1, 2, java.time.format.SignStyle.NOT_NEGATIVE)
            .toFormatter(Locale.ROOT)
            .withResolverStyle(ResolverStyle.STRICT)
            .withChronology(java.time.chrono.IsoChronology.INSTANCE);

    static LocalDate date(String text) {
        String t = text.strip();
        if (!dateShape(t)) {
            return null; // not yyyy-m-d: the formatter would say so with an exception, far slower
        }
        try {
            return LocalDate.from(DATE_FORMAT.parse(t));
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** Four digits, a dash, one or two digits, a dash, one or two digits: what DATE_FORMAT can take. */
    private static boolean dateShape(String t) {
        int n = t.length();
        if (n < 8 || n > 10) {
            return false;
        }
        for (int i = 0; i < 4; i++) {
            if (!digit(t.charAt(i))) {
                return false;
            }
        }
        if (t.charAt(4) != '-') {
            return false;
        }
        int i = 5;
        int m = 0;
        while (i < n && digit(t.charAt(i)) && m < 2) {
            i++;
            m++;
        }
        if (m == 0 || i >= n || t.charAt(i) != '-') {
            return false;
        }
        int d = n - i - 1;
        if (d < 1 || d > 2) {
            return false;
        }
        for (int k = i + 1; k < n; k++) {
            if (!digit(t.charAt(k))) {
                return false;
            }
        }
        return true;
    }

    private static boolean digit(char c) {
        return c >= '0' && c <= '9';
    }

    /**
     * {@code yyyy-mm-dd hh:mm[:ss[.fraction]]} with a space or {@code T}, an optional {@code Z};
     * fractions beyond microseconds are cut, as DuckDB cuts them. Other zone offsets are not read
     * (the value stays a string).
     */
    static LocalDateTime timestamp(String text) {
        String t = text.strip();
        if (t.endsWith("Z") || t.endsWith("z")) {
            t = t.substring(0, t.length() - 1);
        }
        int sep = t.indexOf(' ') > 0 ? t.indexOf(' ') : t.indexOf('T');
        if (sep < 8) {
            return null;
        }
        LocalDate d = date(t.substring(0, sep));
        if (d == null) {
            return null;
        }
        String time = t.substring(sep + 1).strip();
        if (!time.matches("\\d{1,2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?")) {
            return null;
        }
        String[] parts = time.split("[:.]");
        int h = Integer.parseInt(parts[0]);
        int m = Integer.parseInt(parts[1]);
        int s = parts.length > 2 ? Integer.parseInt(parts[2]) : 0;
        int micros = 0;
        if (parts.length > 3) {
            String f = (parts[3] + "000000").substring(0, 6);
            micros = Integer.parseInt(f);
        }
        if (h > 23 || m > 59 || s > 59) {
            return null;
        }
        return d.atTime(LocalTime.of(h, m, s, micros * 1000));
    }

    /** DuckDB's inference rule for integers: digits, an optional minus, no leading zero. */
    static Long bigint(String text) {
        String t = text.strip();
        String digits = t.startsWith("-") ? t.substring(1) : t;
        if (digits.isEmpty() || !digits.chars().allMatch(c -> c >= '0' && c <= '9')
                || (t.length() > 1 && t.charAt(0) == '0')) {
            return null;
        }
        return bigintLoose(t);
    }

    /** A declared BIGINT also takes leading zeros and a plus sign. */
    private static Long bigintLoose(String text) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
