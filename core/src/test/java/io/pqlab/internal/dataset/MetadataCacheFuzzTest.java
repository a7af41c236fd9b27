package io.pqlab.internal.dataset;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.pqlab.io.ListedFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * The metadata cache's entries, from a cache file's bytes: {@link MetadataCache#decode} and
 * {@link MetadataCache#load} must return the ranges or reject the entry (null; an empty list),
 * never throw, and never trust a corrupt one: an entry accepted is exactly what {@code encode}
 * writes for its ranges and the file's identity (so an edit that is not a whole well-formed
 * entry, checksum included, is rejected), its ranges lie inside the file, and the same bytes are
 * rejected for a file of another size or version. (It lives beside the cache, whose codec is
 * package-private; it is a fuzz target like those in {@code io.pqlab.fuzz}.)
 *
 * <p>Input: u8 mode. Even: edits of a valid entry — u8 bytes to cut from its end (0-255), then
 * (u16 position, u8 xor) edits. Odd: the rest is the entry's bytes as they are.
 */
class MetadataCacheFuzzTest {
    private static final ListedFile FILE = new ListedFile("s3://bucket/year=2024/part-0.parquet", 4096,
            "etag:\"5d41402abc4b2a76b9719d911017c592\"");
    private static final List<ListedFile> OTHERS = List.of(
            new ListedFile(FILE.location(), FILE.size() + 1, FILE.version()),
            new ListedFile(FILE.location(), FILE.size(), "etag:\"other\""),
            new ListedFile(FILE.location() + "x", FILE.size(), FILE.version()));
    private static final List<MetadataCache.Range> RANGES = List.of(
            new MetadataCache.Range(0, "PAR1".getBytes(java.nio.charset.StandardCharsets.US_ASCII)),
            new MetadataCache.Range(3000, new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9}),
            new MetadataCache.Range(4088, new byte[] {0x10, 0, 0, 0, 'P', 'A', 'R', '1'}));
    static final byte[] VALID = MetadataCache.encode(FILE, RANGES);

    private static final MetadataCache CACHE;

    static {
        try {
            CACHE = new MetadataCache(Files.createTempDirectory("pqlab-cache-fuzz"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @FuzzTest(maxDuration = "5m")
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void entry(byte[] input) throws IOException {
        byte[] entry;
        if (input.length == 0 || (input[0] & 1) == 0) {
            int cut = input.length > 1 ? input[1] & 0xFF : 0;
            entry = Arrays.copyOf(VALID, Math.max(0, VALID.length - cut));
            for (int p = 2; p + 2 < input.length && entry.length > 0; p += 3) {
                int at = ((input[p] & 0xFF) | (input[p + 1] & 0xFF) << 8) % entry.length;
                entry[at] ^= input[p + 2];
            }
        } else {
            entry = Arrays.copyOfRange(input, 1, input.length);
        }
        List<MetadataCache.Range> got = check(entry, FILE);
        if (Arrays.equals(entry, VALID)) {
            require(got != null && same(got, RANGES), "the valid entry was not read back as written");
        }
        for (ListedFile other : OTHERS) {
            List<MetadataCache.Range> o = check(entry, other);
            require(o == null || got == null, "one entry accepted for " + FILE + " and for " + other);
        }
        // the same through a cache directory, as a run reads it
        Path p = CACHE.entry(FILE.location());
        Files.write(p, entry);
        List<MetadataCache.Range> loaded = CACHE.load(FILE);
        require(got == null ? loaded.isEmpty() : same(loaded, got), "load and decode disagree");
    }

    /** Decodes the entry for {@code file}; an accepted one must be canonical and inside the file. */
    private static List<MetadataCache.Range> check(byte[] entry, ListedFile file) {
        List<MetadataCache.Range> got = MetadataCache.decode(entry, file);
        if (got == null) {
            return null;
        }
        require(Arrays.equals(MetadataCache.encode(file, got), entry),
                "an entry accepted that is not what encode writes for its ranges (corruption trusted)");
        for (MetadataCache.Range r : got) {
            require(r.offset() >= 0 && r.end() <= file.size(), "a cached range [" + r.offset() + ", " + r.end()
                    + ") outside a file of " + file.size() + " bytes");
        }
        return got;
    }

    private static boolean same(List<MetadataCache.Range> a, List<MetadataCache.Range> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).offset() != b.get(i).offset() || !Arrays.equals(a.get(i).bytes(), b.get(i).bytes())) {
                return false;
            }
        }
        return true;
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
