package io.pqlab.internal.dataset;

import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.io.ListedFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.DatasetException;
import io.pqlab.io.RetryPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The persistent metadata cache: a warm run reads no byte of a file to open it; a changed file,
 * a corrupt, truncated or foreign entry are never trusted; concurrent writers leave whole entries.
 */
class MetadataCacheTest {
    @TempDir
    Path dir;

    private List<ListedFile> dataset(int files) throws IOException {
        for (int f = 0; f < files; f++) {
            List<Object[]> rows = new ArrayList<>();
            for (int r = 0; r < 30; r++) {
                rows.add(new Object[] {(long) (f * 100 + r), "s" + r});
            }
            TestFiles.write(dir.resolve("data/k=" + f + "/part.parquet"),
                    "message m { required int64 id; optional binary s (STRING); }", rows, 10, 5);
        }
        return Listing.local().list(List.of(dir.resolve("data").toString()));
    }

    private List<DatasetFiles.Opened> open(List<ListedFile> files, MetadataCache cache) throws IOException {
        return DatasetFiles.open(files, Openers.of(List.of(), RetryPolicy.DEFAULT), cache, 2, false, io.pqlab.Decryption.NONE);
    }

    private static long bytesRead(List<DatasetFiles.Opened> opened) {
        return opened.stream().mapToLong(o -> o.source().bytesRead()).sum();
    }

    @Test
    void aWarmCacheOpensEveryFileWithoutReadingAByte() throws IOException {
        List<ListedFile> files = dataset(12);
        MetadataCache cache = new MetadataCache(dir.resolve("cache"));
        List<DatasetFiles.Opened> cold = open(files, cache);
        assertThat(bytesRead(cold)).isPositive();
        assertThat(cold).noneMatch(o -> o.source().warm());
        try (Stream<Path> entries = Files.list(cache.dir())) {
            assertThat(entries.filter(p -> p.toString().endsWith(".pqmc"))).hasSize(12);
        }
        List<DatasetFiles.Opened> warm = open(files, cache);
        assertThat(warm).allMatch(o -> o.source().warm());
        assertThat(bytesRead(warm)).isZero();
        // the same footer, decoded again from the entry
        for (int i = 0; i < files.size(); i++) {
            var footer = ParquetFiles.footer(warm.get(i).file());
            assertThat(footer.metadataOffset()).isEqualTo(ParquetFiles.footer(cold.get(i).file()).metadataOffset());
            assertThat(warm.get(i).file().schema().render()).isEqualTo(cold.get(i).file().schema().render());
            assertThat(ParquetFiles.metadata(warm.get(i).file()).numRows()).isEqualTo(30);
            byte[] onDisk = Files.readAllBytes(Path.of(files.get(i).location()));
            List<MetadataCache.Range> entry = cache.load(files.get(i));
            MetadataCache.Range tail = entry.get(entry.size() - 1);
            assertThat(tail.offset()).isEqualTo(footer.metadataOffset());
            assertThat(tail.bytes()).isEqualTo(java.util.Arrays.copyOfRange(onDisk, (int) tail.offset(), onDisk.length));
        }
        DatasetFiles.closeAll(cold);
        DatasetFiles.closeAll(warm);
    }

    @Test
    void pageIndexesReadOnceAreServedFromTheEntryNextTime() throws IOException {
        List<ListedFile> files = dataset(1);
        MetadataCache cache = new MetadataCache(dir.resolve("cache"));
        DatasetFiles.Opened cold = open(files, cache).get(0);
        var cc = ParquetFiles.chunk(cold.file(), 0, 0);
        byte[] index = cold.source().read(cc.columnIndexOffset(), cc.columnIndexLength(), "a ColumnIndex");
        long afterFooter = cold.source().bytesRead();
        cold.source().commit();
        assertThat(afterFooter).isPositive();
        DatasetFiles.Opened warm = open(files, cache).get(0);
        assertThat(warm.source().read(cc.columnIndexOffset(), cc.columnIndexLength(), "a ColumnIndex")).isEqualTo(index);
        assertThat(warm.source().bytesRead()).isZero();
        // data pages are never kept
        long first = ParquetFiles.chunk(warm.file(), 0, 0).metaData().dataPageOffset();
        warm.source().read(first, 8, "a page");
        assertThat(warm.source().bytesRead()).isEqualTo(8);
        warm.source().commit();
        assertThat(open(files, cache).get(0).source().cachedHead()).isTrue();
        DatasetFiles.Opened third = open(files, cache).get(0);
        third.source().read(first, 8, "a page");
        assertThat(third.source().bytesRead()).isEqualTo(8);
    }

    @Test
    void aChangedFileInvalidatesItsEntry() throws IOException {
        List<ListedFile> files = dataset(2);
        MetadataCache cache = new MetadataCache(dir.resolve("cache"));
        open(files, cache);
        Path changed = Path.of(files.get(1).location());
        List<Object[]> rows = new ArrayList<>();
        for (int r = 0; r < 7; r++) {
            rows.add(new Object[] {(long) -r, "changed"});
        }
        TestFiles.write(changed, "message m { required int64 id; optional binary s (STRING); }", rows, 10, 5);
        Files.setLastModifiedTime(changed, FileTime.fromMillis(System.currentTimeMillis() + 10_000));
        List<ListedFile> relisted = Listing.local().list(List.of(dir.resolve("data").toString()));
        List<DatasetFiles.Opened> again = open(relisted, cache);
        assertThat(again.get(0).source().warm()).isTrue();
        assertThat(again.get(1).source().warm()).isFalse();
        assertThat(ParquetFiles.metadata(again.get(1).file()).numRows()).isEqualTo(7);
        // the same size with another mtime is another file too
        ListedFile f = relisted.get(0);
        ListedFile touched = new ListedFile(f.location(), f.size(), f.version() + "1");
        assertThat(cache.load(touched)).isEmpty();
        assertThat(cache.load(f)).isNotEmpty();
    }

    @Test
    void corruptTruncatedAndForeignEntriesAreIgnoredAndRebuilt() throws IOException {
        List<ListedFile> files = dataset(1);
        ListedFile f = files.get(0);
        MetadataCache cache = new MetadataCache(dir.resolve("cache"));
        open(files, cache);
        Path entry = cache.entry(f.location());
        byte[] good = Files.readAllBytes(entry);
        assertThat(cache.load(f)).isNotEmpty();

        // every single flipped bit is caught (the checksum, or the key, or the magic)
        for (int i = 0; i < good.length; i += Math.max(1, good.length / 200)) {
            byte[] bad = good.clone();
            bad[i] ^= 0x10;
            Files.write(entry, bad);
            assertThat(cache.load(f)).as("flipped byte %d", i).isEmpty();
        }
        // every truncation
        for (int n = 0; n < good.length; n += Math.max(1, good.length / 100)) {
            Files.write(entry, java.util.Arrays.copyOf(good, n));
            assertThat(cache.load(f)).as("truncated to %d", n).isEmpty();
        }
        // a valid entry of another file at this file's name (a hash collision, a copied directory)
        ListedFile other = new ListedFile(f.location() + "x", f.size(), f.version());
        Files.write(entry, MetadataCache.encode(other, cache.load(f)));
        assertThat(cache.load(f)).isEmpty();
        // ranges outside the file, with a valid checksum: refused
        Files.write(entry, MetadataCache.encode(f, List.of(new MetadataCache.Range(f.size() - 2, new byte[4]))));
        assertThat(cache.load(f)).isEmpty();

        // a garbage entry: the file opens from its bytes, and the entry is rebuilt
        Files.write(entry, "not an entry".getBytes());
        DatasetFiles.Opened o = open(files, cache).get(0);
        assertThat(o.source().warm()).isFalse();
        assertThat(o.source().bytesRead()).isPositive();
        assertThat(Files.readAllBytes(entry)).isEqualTo(good);
    }

    @Test
    void aLyingEntryWithAValidChecksumCannotMakeAWrongFooterPass() throws IOException {
        // An entry is only as good as its key: one whose footer bytes were replaced by garbage
        // (with a fresh checksum) still goes through the footer reader's checks.
        List<ListedFile> files = dataset(1);
        ListedFile f = files.get(0);
        MetadataCache cache = new MetadataCache(dir.resolve("cache"));
        open(files, cache);
        List<MetadataCache.Range> ranges = new ArrayList<>(cache.load(f));
        MetadataCache.Range tail = ranges.get(ranges.size() - 1);
        byte[] garbage = tail.bytes().clone();
        java.util.Arrays.fill(garbage, 0, garbage.length - 8, (byte) 0x7f);
        ranges.set(ranges.size() - 1, new MetadataCache.Range(tail.offset(), garbage));
        Files.write(cache.entry(f.location()), MetadataCache.encode(f, ranges));
        assertThatThrownBy(() -> open(files, cache)).isInstanceOf(DatasetException.class)
                .hasMessageContaining(f.location());
    }

    @Test
    void concurrentWritersLeaveOnlyWholeEntries() throws Exception {
        List<ListedFile> files = dataset(1);
        ListedFile f = files.get(0);
        Path cacheDir = dir.resolve("cache");
        byte[] a = new byte[40_000];
        byte[] b = new byte[40_000];
        java.util.Arrays.fill(a, (byte) 1);
        java.util.Arrays.fill(b, (byte) 2);
        List<MetadataCache.Range> ra = List.of(new MetadataCache.Range(0, java.util.Arrays.copyOf(a, 100)),
                new MetadataCache.Range(f.size() - 100, java.util.Arrays.copyOf(a, 100)));
        List<MetadataCache.Range> rb = List.of(new MetadataCache.Range(0, java.util.Arrays.copyOf(b, 200)));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Integer>> readers = new ArrayList<>();
        List<Future<Object>> writers = new ArrayList<>();
        try {
            for (int w = 0; w < 2; w++) {
                List<MetadataCache.Range> mine = w == 0 ? ra : rb;
                writers.add(pool.submit(() -> {
                    MetadataCache own = new MetadataCache(cacheDir); // as another process would
                    start.await();
                    for (int i = 0; i < 300; i++) {
                        own.store(f, mine);
                    }
                    return null;
                }));
            }
            java.util.concurrent.atomic.AtomicBoolean writing = new java.util.concurrent.atomic.AtomicBoolean(true);
            for (int r = 0; r < 2; r++) {
                readers.add(pool.submit(() -> {
                    MetadataCache own = new MetadataCache(cacheDir);
                    start.await();
                    int seen = 0;
                    // read while the writers write, and once after: every entry seen is whole
                    boolean last = false;
                    while (!last) {
                        last = !writing.get();
                        List<MetadataCache.Range> got = own.load(f);
                        if (!got.isEmpty()) {
                            seen++;
                            byte first = got.get(0).bytes()[0];
                            assertThat(got.size()).isEqualTo(first == 1 ? 2 : 1);
                            assertThat(got.get(0).bytes()).hasSize(first == 1 ? 100 : 200);
                        }
                    }
                    return seen;
                }));
            }
            start.countDown();
            for (Future<Object> w : writers) {
                w.get();
            }
            writing.set(false);
            for (Future<Integer> r : readers) {
                assertThat(r.get()).isPositive(); // at least the read after the writers ended
            }
        } finally {
            pool.shutdown();
        }
        try (Stream<Path> left = Files.list(cacheDir)) {
            assertThat(left.map(p -> p.getFileName().toString())).allMatch(n -> n.endsWith(".pqmc")).hasSize(1);
        }
    }
}
