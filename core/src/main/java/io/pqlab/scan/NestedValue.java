package io.pqlab.scan;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A nested value of a row, assembled from repetition and definition levels: a struct, a list or a
 * map. One row's value of a top-level field is either {@code null}, a leaf value, or one of these.
 *
 * <p>The convention, everywhere (also inside lists, structs and maps):
 *
 * <ul>
 *   <li>{@code null} is an absent value at that level: a null struct, a null list, a null map, a null
 *       element, a null leaf. A struct whose fields are all null is a {@link StructValue} holding
 *       nulls, never {@code null}; an empty list is a {@link ListValue} with no elements, never
 *       {@code null}. So null list, empty list, null element, null struct and struct of nulls are
 *       five different values.
 *   <li>A {@link StructValue} holds its fields in schema order (names may repeat, as a file may).
 *   <li>A {@link ListValue} holds its elements in order, nulls included.
 *   <li>A {@link MapValue} holds its entries in the order written, duplicates kept; keys are leaf
 *       values of any type (not necessarily strings) or nested values; a map written without a
 *       value field has null values.
 *   <li>Leaves are Java objects of the column's logical type: {@code Boolean}; {@code Integer}
 *       (INT32, INT(8|16|32, signed), unsigned INT(8|16)); {@code Long} (INT64, unsigned
 *       INT(32)); {@code java.math.BigInteger} (unsigned INT(64)); {@code Float} (FLOAT,
 *       FLOAT16); {@code Double}; {@code java.math.BigDecimal} (DECIMAL on any physical type);
 *       {@code java.time.LocalDate} (DATE); {@code java.time.LocalTime} (TIME); {@code
 *       java.time.Instant} (TIMESTAMP adjusted to UTC); {@code java.time.LocalDateTime}
 *       (TIMESTAMP not adjusted to UTC, and INT96); {@code String} (STRING, ENUM, JSON, when valid
 *       UTF-8); {@code java.util.UUID} (UUID); {@code byte[]} for everything else (binary without
 *       annotation, fixed-size binary, BSON, INTERVAL, and text that is not valid UTF-8). A TIME
 *       outside a day stays the stored {@code Integer}/{@code Long}.
 * </ul>
 *
 * <p>The schema says the same, so a consumer (Arrow, Spark) can build its vectors from the schema
 * and fill them from these values without inspecting them: where the schema has a struct, the
 * value is a {@code StructValue} or null, and so on.
 */
public sealed interface NestedValue permits NestedValue.StructValue, NestedValue.ListValue, NestedValue.MapValue {

    /**
     * A struct: field names and values in schema order. The names list is shared by all values of
     * one field.
     */
    record StructValue(List<String> names, List<Object> values) implements NestedValue {
        public StructValue {
            if (names.size() != values.size()) {
                throw new IllegalArgumentException(names.size() + " names for " + values.size() + " values");
            }
        }

        public int size() {
            return values.size();
        }

        public String name(int i) {
            return names.get(i);
        }

        public Object get(int i) {
            return values.get(i);
        }

        /** The value of the first field with this name; null where it is null or there is none. */
        public Object get(String name) {
            int i = names.indexOf(name);
            return i < 0 ? null : values.get(i);
        }

        /** Name to value, in order (a repeated name keeps its first value). */
        public Map<String, Object> asMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            for (int i = 0; i < names.size(); i++) {
                m.putIfAbsent(names.get(i), values.get(i));
            }
            return m;
        }

        @Override
        public String toString() {
            return joined('{', names.size(), i -> names.get(i) + ": " + show(values.get(i)), '}');
        }
    }

    /** A list: its elements in order, nulls included. */
    record ListValue(List<Object> elements) implements NestedValue {
        public ListValue {
            Objects.requireNonNull(elements);
        }

        public int size() {
            return elements.size();
        }

        public Object get(int i) {
            return elements.get(i);
        }

        @Override
        public String toString() {
            return joined('[', elements.size(), i -> show(elements.get(i)), ']');
        }
    }

    /** A map: its key/value entries in the order written, duplicate keys kept. */
    record MapValue(List<Entry> entries) implements NestedValue {
        public MapValue {
            Objects.requireNonNull(entries);
        }

        public int size() {
            return entries.size();
        }

        /**
         * The value of the last entry with this key (the format says the last one wins), or null.
         * Keys compare with {@link Objects#equals}, so a {@code byte[]} key is not found this way.
         */
        public Object get(Object key) {
            for (int i = entries.size() - 1; i >= 0; i--) {
                if (Objects.equals(entries.get(i).key(), key)) {
                    return entries.get(i).value();
                }
            }
            return null;
        }

        @Override
        public String toString() {
            return joined('{', entries.size(), i -> show(entries.get(i).key()) + "=" + show(entries.get(i).value()), '}');
        }
    }

    /** One map entry. */
    record Entry(Object key, Object value) {}

    /** An unmodifiable list that may hold nulls (List.of may not). */
    static List<Object> listOf(Object... values) {
        return Collections.unmodifiableList(java.util.Arrays.asList(values));
    }

    /** The n items, comma-separated, between the brackets. */
    private static String joined(char open, int n, java.util.function.IntFunction<String> item, char close) {
        StringBuilder sb = new StringBuilder().append(open);
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : ", ").append(item.apply(i));
        }
        return sb.append(close).toString();
    }

    private static String show(Object v) {
        if (v instanceof String s) {
            return '"' + s + '"';
        }
        if (v instanceof byte[] b) {
            return "0x" + java.util.HexFormat.of().formatHex(b);
        }
        return String.valueOf(v);
    }
}
