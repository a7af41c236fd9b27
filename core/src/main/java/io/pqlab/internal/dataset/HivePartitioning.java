package io.pqlab.internal.dataset;

import io.pqlab.io.ListedFile;
import io.pqlab.DatasetException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Hive partitions: each {@code key=value} directory on a file's path is a column of that file
 * with a constant value. Keys and values are percent-decoded ({@code %2F} is {@code /}, a
 * {@code +} stays a plus, as in DuckDB); {@code __HIVE_DEFAULT_PARTITION__} and {@code NULL}
 * (in any case) are null. Every file must have the same keys, else the dataset is refused naming
 * two files that differ. A column's type is declared ({@code key:TYPE}) or inferred from all its
 * non-null values as written (before decoding, as DuckDB infers: an escaped value is a string) by
 * {@link PartitionType#infer}: the one type every value has, else VARCHAR.
 *
 * @param columns the partition columns, in the order of the first file's path
 * @param values per file (in the files' order), the value of each column, null for null
 */
public record HivePartitioning(List<Column> columns, List<List<Object>> values) {
    public static final String DEFAULT_PARTITION = "__HIVE_DEFAULT_PARTITION__";

    /** A partition column: its name and type. */
    public record Column(String name, PartitionType type) {
        public Column {
            Objects.requireNonNull(name);
            Objects.requireNonNull(type);
        }
    }

    public HivePartitioning {
        columns = List.copyOf(columns);
        values = values.stream().map(v -> java.util.Collections.unmodifiableList(new ArrayList<>(v))).toList();
    }

    /** No partitions: every file has no partition column. */
    public static HivePartitioning none(int files) {
        List<List<Object>> v = new ArrayList<>();
        for (int i = 0; i < files; i++) {
            v.add(List.of());
        }
        return new HivePartitioning(List.of(), v);
    }

    public int index(String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The partitions of {@code files}.
     *
     * @param declared types given by the user, by key; a key not in the dataset is refused
     */
    public static HivePartitioning of(List<ListedFile> files, Map<String, PartitionType> declared) {
        List<String> keys = null;
        String firstFile = null;
        // per file, each key's value as written in the path (percent escapes kept: types are inferred
        // from it, as DuckDB infers them) and decoded (the value)
        List<String[]> raw = new ArrayList<>(files.size());
        List<String[]> decoded = new ArrayList<>(files.size());
        // files of one directory have the same partitions: each directory is parsed and checked once
        Map<String, String[][]> byDirectory = new java.util.HashMap<>();
        for (ListedFile f : files) {
            String l = f.location();
            int slash = l.lastIndexOf('/');
            String dir = slash < 0 || l.indexOf('?') >= 0 ? null : l.substring(0, slash + 1);
            String[][] vals = dir == null ? null : byDirectory.get(dir);
            if (vals == null) {
                Map<String, String> kv = parse(l, false);
                List<String> k = new ArrayList<>(kv.keySet());
                if (keys == null) {
                    keys = k;
                    firstFile = l;
                } else if (!keys.equals(k) && !new java.util.HashSet<>(keys).equals(new java.util.HashSet<>(k))) {
                    throw new DatasetException("inconsistent hive partitions: " + firstFile + " has "
                            + describe(keys) + " but " + l + " has " + describe(k)
                            + " (every file of a dataset needs the same key=value directories)");
                }
                vals = new String[2][keys.size()];
                for (int i = 0; i < keys.size(); i++) {
                    vals[0][i] = kv.get(keys.get(i));
                    vals[1][i] = decode(vals[0][i]);
                }
                if (dir != null) {
                    byDirectory.put(dir, vals);
                }
            }
            raw.add(vals[0]);
            decoded.add(vals[1]);
        }
        if (keys == null) {
            keys = List.of();
        }
        for (String key : declared.keySet()) {
            if (!keys.contains(key)) {
                throw new DatasetException("a type is declared for partition key '" + key + "', which no directory of the"
                        + " dataset has; its partition keys are " + describe(keys));
            }
        }
        List<Column> columns = new ArrayList<>();
        for (int c = 0; c < keys.size(); c++) {
            PartitionType t = declared.get(keys.get(c));
            if (t == null) {
                t = infer(raw, decoded, c);
            }
            columns.add(new Column(keys.get(c), t));
        }
        List<List<Object>> values = new ArrayList<>(files.size());
        List<Map<String, Object>> converted = new ArrayList<>(); // per column, each distinct text once
        for (int c = 0; c < keys.size(); c++) {
            converted.add(new java.util.HashMap<>());
        }
        for (int i = 0; i < files.size(); i++) {
            Object[] v = new Object[keys.size()];
            for (int c = 0; c < keys.size(); c++) {
                String text = decoded.get(i)[c];
                if (isNull(text)) {
                    continue;
                }
                PartitionType type = columns.get(c).type();
                v[c] = converted.get(c).computeIfAbsent(text, type::convert);
                if (v[c] == null) {
                    throw new DatasetException(files.get(i).location() + ": partition value '" + text + "' of key '"
                            + keys.get(c) + "' is not a " + columns.get(c).type() + " (declare the key's type as VARCHAR"
                            + " to read it as text)");
                }
            }
            values.add(Arrays.asList(v));
        }
        return new HivePartitioning(columns, values);
    }

    /**
     * From the text as written: DuckDB infers before decoding, so an escaped value is VARCHAR
     * ({@code ts=2024-01-01%2010%3A00%3A00}, as DuckDB's own PARTITION_BY writes a timestamp).
     */
    private static PartitionType infer(List<String[]> raw, List<String[]> decoded, int c) {
        PartitionType common = null;
        java.util.Set<String> seen = new java.util.HashSet<>(); // each distinct value inferred once
        for (int i = 0; i < raw.size(); i++) {
            String text = raw.get(i)[c];
            if (isNull(decoded.get(i)[c]) || !seen.add(text)) {
                continue;
            }
            PartitionType t = PartitionType.infer(text);
            if (common == null) {
                common = t;
            } else if (common != t) {
                return PartitionType.VARCHAR;
            }
        }
        return common == null ? PartitionType.VARCHAR : common;
    }

    static boolean isNull(String text) {
        return text.equals(DEFAULT_PARTITION) || text.equalsIgnoreCase("NULL");
    }

    private static String describe(List<String> keys) {
        return keys.isEmpty() ? "no partition keys" : "keys " + String.join(", ", keys);
    }

    /**
     * The {@code key=value} directories of a location (a path or URL; a URL's scheme and host are
     * not directories), decoded; where a key repeats, the deepest directory's value.
     */
    public static Map<String, String> parse(String location) {
        return parse(location, true);
    }

    /** As {@link #parse(String)}, the values decoded or as written; keys decoded either way. */
    private static Map<String, String> parse(String location, boolean decodeValues) {
        String path = location;
        int scheme = path.indexOf("://");
        if (scheme > 0 && path.substring(0, scheme).matches("[A-Za-z][A-Za-z0-9+.-]*")) {
            int slash = path.indexOf('/', scheme + 3);
            path = slash < 0 ? "" : path.substring(slash);
            int q = path.indexOf('?');
            if (q >= 0) {
                path = path.substring(0, q);
            }
        }
        String[] segments = path.split("/");
        Map<String, String> kv = new LinkedHashMap<>();
        for (int i = 0; i < segments.length - 1; i++) { // the last segment is the file's name
            String s = segments[i];
            int eq = s.indexOf('=');
            if (eq > 0) {
                String key = decode(s.substring(0, eq));
                kv.remove(key);
                kv.put(key, decodeValues ? decode(s.substring(eq + 1)) : s.substring(eq + 1));
            }
        }
        return kv;
    }

    /** Percent-decoding where {@code +} is a plus and a malformed escape is kept as written. */
    static String decode(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length());
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < b.length; i++) {
            if (b[i] == '%' && i + 2 < b.length && hex(b[i + 1]) >= 0 && hex(b[i + 2]) >= 0) {
                out.write(hex(b[i + 1]) << 4 | hex(b[i + 2]));
                i += 2;
            } else {
                out.write(b[i]);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static int hex(byte c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        char l = Character.toLowerCase((char) c);
        return l >= 'a' && l <= 'f' ? l - 'a' + 10 : -1;
    }

    @Override
    public String toString() {
        return "HivePartitioning" + columns.stream().map(c -> c.name() + ":" + c.type()).toList();
    }
}
