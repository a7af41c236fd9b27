package io.pqlab.fuzz;

import static io.pqlab.fuzz.Contract.require;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.pqlab.DatasetException;
import io.pqlab.internal.dataset.HivePartitioning;
import io.pqlab.internal.dataset.HttpLister;
import io.pqlab.internal.dataset.Listing;
import io.pqlab.internal.dataset.PartitionType;
import io.pqlab.internal.dataset.PartitionValues;
import io.pqlab.io.ByteSource;
import io.pqlab.io.ListedFile;
import io.pqlab.io.ObjectLister;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * A dataset's listing and its hive partitions, from what a store or a list file holds: the
 * locations' globs, directory prefixes and hidden-name rules ({@link Listing} over an in-memory
 * {@link ObjectLister}), an HTTP list file's lines ({@link HttpLister#urls}), then the partition
 * keys, values and inferred or declared types ({@link HivePartitioning#of}) and their PLAIN bytes
 * ({@link PartitionValues}). Each ends in a result or a {@link DatasetException} with a message,
 * never another exception or a hang; a listing returns only stored objects, sorted, once each,
 * none hidden below what was named; every partition value has its column's type, and a VARCHAR
 * value is the directory's decoded text.
 *
 * <p>Input: UTF-8 lines. The first is what is listed (below {@code mem://b/}); a line starting
 * with {@code !} declares a type ({@code !key:TYPE}); every other line is an object's key.
 */
class DatasetFuzzTest {
    private static final String STORE = "mem://b/";
    private static final int MAX_LINES = 64;

    @FuzzTest(maxDuration = Fuzzing.DURATION)
    @Timeout(value = Fuzzing.TIMEOUT_SECONDS, unit = TimeUnit.SECONDS)
    void listing(byte[] input) throws IOException {
        String text = new String(input, StandardCharsets.UTF_8);
        String[] lines = text.split("\n", MAX_LINES + 1);
        List<ListedFile> objects = new ArrayList<>();
        Map<String, PartitionType> declared = new LinkedHashMap<>();
        for (int i = 1; i < Math.min(lines.length, MAX_LINES); i++) {
            String line = lines[i];
            int colon = line.lastIndexOf(':');
            if (line.startsWith("!") && colon > 1) {
                try {
                    declared.put(line.substring(1, colon), PartitionType.parse(line.substring(colon + 1)));
                } catch (IllegalArgumentException e) {
                    require(e.getMessage() != null && e.getMessage().contains("unknown partition type"),
                            "PartitionType.parse: " + e);
                }
            } else {
                objects.add(new ListedFile(STORE + line, line.length(), "etag:\"" + i + "\""));
            }
        }
        listFile(lines);
        ObjectLister store = new ObjectLister() {
            @Override
            public boolean handles(String location) {
                return location.startsWith(STORE);
            }

            @Override
            public List<ListedFile> list(String prefix) {
                return objects.stream().filter(f -> f.location().startsWith(prefix)).toList();
            }

            @Override
            public ByteSource open(ListedFile file) {
                throw new AssertionError("the listing opened " + file.location());
            }
        };
        String location = STORE + lines[0];
        List<ListedFile> files;
        try {
            files = new Listing(List.of(store), null).list(List.of(location));
        } catch (DatasetException e) {
            require(e.getMessage() != null && !e.getMessage().isBlank(), "a DatasetException without a message");
            return;
        }
        Set<String> stored = new HashSet<>();
        objects.forEach(f -> stored.add(f.location()));
        require(!files.isEmpty(), "an empty listing was returned");
        for (int i = 0; i < files.size(); i++) {
            String f = files.get(i).location();
            require(stored.contains(f), "listed " + f + ", which the store does not hold");
            require(i == 0 || files.get(i - 1).location().compareTo(f) < 0, "listing not sorted or listed twice: " + f);
            require(f.equals(location) || f.startsWith(STORE), "listed " + f + " outside the store");
        }
        partitions(files, declared);
    }

    /** The lines as an HTTP list file's text, against a list at a fixed URL. */
    private static void listFile(String[] lines) {
        String list = String.join("\n", lines);
        List<URI> urls;
        try {
            urls = HttpLister.urls(URI.create("http://h/dir/list.txt"), "http://h/dir/list.txt", list);
        } catch (DatasetException e) {
            require(e.getMessage() != null && e.getMessage().contains("list.txt"), "an error not naming the list: " + e);
            return;
        }
        for (URI u : urls) {
            String s = u.getScheme().toLowerCase(java.util.Locale.ROOT);
            require(s.equals("http") || s.equals("https"), "a list gave a " + s + " URL: " + u);
        }
    }

    private static void partitions(List<ListedFile> files, Map<String, PartitionType> declared) {
        HivePartitioning p;
        try {
            p = HivePartitioning.of(files, declared);
        } catch (DatasetException e) {
            require(e.getMessage() != null && !e.getMessage().isBlank(), "a DatasetException without a message");
            return;
        }
        require(p.values().size() == files.size(), p.values().size() + " partition rows for " + files.size() + " files");
        for (int f = 0; f < files.size(); f++) {
            Map<String, String> raw = HivePartitioning.parse(files.get(f).location());
            List<Object> v = p.values().get(f);
            require(v.size() == p.columns().size(), "a row of " + v.size() + " values for " + p.columns().size()
                    + " columns");
            for (int c = 0; c < v.size(); c++) {
                HivePartitioning.Column col = p.columns().get(c);
                require(raw.containsKey(col.name()), files.get(f).location() + " has no key " + col.name());
                Object value = v.get(c);
                if (value == null) {
                    continue;
                }
                Class<?> want = switch (col.type()) {
                    case BIGINT -> Long.class;
                    case DOUBLE -> Double.class;
                    case DECIMAL -> BigDecimal.class;
                    case DATE -> LocalDate.class;
                    case TIMESTAMP -> LocalDateTime.class;
                    case BOOLEAN -> Boolean.class;
                    case VARCHAR -> String.class;
                };
                require(want.isInstance(value), col + " holds a " + value.getClass().getSimpleName());
                if (col.type() == PartitionType.VARCHAR) {
                    require(value.equals(raw.get(col.name())), "VARCHAR " + value + " is not the text "
                            + raw.get(col.name()));
                }
            }
        }
        PartitionValues values;
        try {
            values = new PartitionValues(p);
        } catch (DatasetException e) {
            require(e.getMessage() != null && !e.getMessage().isBlank(), "a DatasetException without a message");
            return;
        }
        for (int f = 0; f < files.size(); f++) {
            for (int c = 0; c < p.columns().size(); c++) {
                byte[] b = values.plain(f, c);
                require((b == null) == (p.values().get(f).get(c) == null), "a null and its PLAIN bytes disagree");
            }
        }
    }
}
