package io.pqlab.internal.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.Dataset;
import io.pqlab.DatasetException;
import io.pqlab.DatasetOptions;
import io.pqlab.DatasetScan;
import io.pqlab.Query;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files scanned in parallel ({@code Query.threads} above 1) give exactly the rows of the
 * sequential scan (one thread), in the same order (files by path, rows in file order), and the
 * values written; a file that fails ends the scan after every row of the files before it, naming
 * it; closing early stops every file's thread.
 */
class DatasetParallelScanTest {
    @TempDir
    static Path dir;

    static Path root;
    static final int FILES = 24;
    /** Rows per file vary, so that files end at different times: several batches for some. */
    static int rows(int f) {
        return f % 5 == 0 ? 150_000 : 1_000 + 37 * f;
    }

    @BeforeAll
    static void write() throws IOException {
        root = dir.resolve("d");
        long id = 0;
        for (int f = 0; f < FILES; f++) {
            List<Object[]> rows = new ArrayList<>();
            for (int r = 0; r < rows(f); r++, id++) {
                rows.add(new Object[] {id, id % 10 == 3 ? null : (long) (id * 7 % 1000)});
            }
            TestFiles.write(root.resolve("k=" + (f % 3) + "/part-" + (char) ('a' + f) + ".parquet"),
                    "message m { required int64 id; optional int64 v; }", rows, 40_000, 5_000);
        }
    }

    /** Every row as "file#row:id", in the order the scan returns them. */
    private static List<String> rows(Dataset d, Query q) throws IOException {
        List<String> out = new ArrayList<>();
        try (DatasetScan scan = d.scan(q)) {
            for (DatasetScan.Batch b = scan.nextBatch(); b != null; b = scan.nextBatch()) {
                for (int i = 0; i < b.rows().size(); i++) {
                    out.add(b.file() + "#" + b.rows().rowNumber(i) + ":" + b.rows().getLong("id", i));
                }
            }
            assertThat(scan.stats()).hasSameSizeAs(scan.plans());
        }
        return out;
    }

    @Test
    void parallelScansReturnTheSequentialRowsInTheSameOrder() throws IOException {
        List<String> conditions = List.of("", "v > 990", "k = 1 AND v < 20", "v IS NULL", "id < 500 OR id > 900000",
                "k != 0");
        try (Dataset d = Dataset.open(List.of(root.toString()), DatasetOptions.defaults())) {
            for (String c : conditions) {
                Query q = c.isEmpty() ? Query.all() : Query.where(c);
                List<String> sequential = rows(d, q.threads(1));
                for (int threads : new int[] {2, 3, 8}) {
                    assertThat(rows(d, q.threads(threads))).as(c + " on " + threads + " threads").isEqualTo(sequential);
                }
                if (c.isEmpty()) {
                    // every row written, files in path order, rows in file order
                    List<String> written = new ArrayList<>();
                    for (int i = 0; i < d.files().size(); i++) {
                        String name = d.files().get(i).location();
                        int f = name.charAt(name.length() - ".parquet".length() - 1) - 'a';
                        long first = 0;
                        for (int e = 0; e < f; e++) {
                            first += rows(e);
                        }
                        for (int r = 0; r < rows(f); r++) {
                            written.add(i + "#" + r + ":" + (first + r));
                        }
                    }
                    assertThat(sequential).isEqualTo(written);
                }
            }
        }
    }

    /**
     * Pages skipped per mechanism: {@code id < 500} keeps only the first file's first row group
     * (statistics rule out every other), where its page index keeps one page of each column read.
     * The counts follow from the rows written: 40,000-row groups, 5,000-row pages, ids in order.
     */
    @Test
    void aDatasetPlanCountsPagesSkippedByThePageIndex() throws IOException {
        try (Dataset d = Dataset.open(List.of(root.toString()), DatasetOptions.defaults())) {
            io.pqlab.DatasetPlan p = d.plan(Query.where("id < 500"));
            long groups = 0;
            for (int f = 0; f < FILES; f++) {
                groups += (rows(f) + 39_999) / 40_000;
            }
            java.util.Map<String, long[]> by = p.skippedByMechanism();
            assertThat(by.get("statistics")[1]).isEqualTo(groups - 1);
            assertThat(by.get("statistics")[0]).isEqualTo(FILES - 1); // every file but part-a whole
            assertThat(by.get("page-index")[2]).isEqualTo(2 * (40_000 / 5_000 - 1)); // id and v: 7 pages each
            assertThat(p.pagesSkipped()).isEqualTo(by.get("page-index")[2]);
            assertThat(p.rowsKept()).isEqualTo(5_000);
        }
    }

    /**
     * With a limit, files are still scanned in parallel (the window of files widening as files end
     * short of it), and the rows are the first of the unlimited scan's, in its order: the batch that
     * reaches the limit is cut. A limit the first file meets starts no other file; after the limit
     * no file's thread is left.
     */
    @Test
    void parallelScansWithALimitReturnTheFirstRowsOfTheUnlimitedScan() throws IOException {
        try (Dataset d = Dataset.open(List.of(root.toString()), DatasetOptions.defaults())) {
            for (String c : List.of("", "k = 1 AND v < 20")) {
                Query q = c.isEmpty() ? Query.all() : Query.where(c);
                List<String> all = rows(d, q.threads(1));
                for (long limit : new long[] {1, 7_000, 160_000}) {
                    List<String> want = all.subList(0, (int) Math.min(limit, all.size()));
                    assertThat(rows(d, q.limit(limit).threads(1))).as(c + " limit " + limit).isEqualTo(want);
                    assertThat(rows(d, q.limit(limit).threads(3))).as(c + " limit " + limit + ", 3 threads")
                            .isEqualTo(want);
                }
            }
            try (DatasetScan scan = d.scan(Query.all().limit(10).threads(8))) {
                assertThat(scan.nextBatch().rows().size()).isEqualTo(10);
                assertThat(scan.nextBatch()).isNull();
                assertThat(scan.stats()).hasSize(1); // the first file met it: no other was started
            }
            noScanThreadLeft();
        }
    }

    /**
     * No file's scan thread is left once close returns: it joins them (a pool's termination is
     * signalled just before its threads have ended), so no grace period is given here.
     */
    private static void noScanThreadLeft() {
        List<Thread> left = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("pqlab-dataset-scan-")).toList();
        assertThat(left.stream().filter(Thread::isAlive)).isEmpty();
    }

    @Test
    void closingEarlyStopsEveryFilesThread() throws IOException {
        try (Dataset d = Dataset.open(List.of(root.toString()), DatasetOptions.defaults())) {
            try (DatasetScan scan = d.scan(Query.all().threads(4))) {
                assertThat(scan.nextBatch()).isNotNull();
                assertThat(scan.nextBatch()).isNotNull();
            }
            noScanThreadLeft();
            // the files are still readable: closing did not close them under the scan
            assertThat(rows(d, Query.where("v > 995").threads(4))).isEqualTo(rows(d, Query.where("v > 995").threads(1)));
        }
    }

    @Test
    void aFileThatFailsEndsTheScanAfterTheRowsBeforeIt() throws IOException {
        Path bad = dir.resolve("bad");
        for (int f = 0; f < 6; f++) {
            List<Object[]> rows = new ArrayList<>();
            for (int r = 0; r < 2_000; r++) {
                rows.add(new Object[] {(long) (f * 2_000 + r), (long) r});
            }
            TestFiles.write(bad.resolve("part-" + f + ".parquet"), "message m { required int64 id; optional int64 v; }",
                    rows, 1_000, 500);
        }
        List<String> seenSequential = new ArrayList<>();
        List<String> seenParallel = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            try (Dataset d = Dataset.open(List.of(bad.toString()), DatasetOptions.defaults())) {
                DatasetScan scan = d.scan(Query.all().threads(t == 0 ? 1 : 3)); // footers read now
                // part-3's first page header overwritten after its footer was read
                try (RandomAccessFile f = new RandomAccessFile(bad.resolve("part-3.parquet").toFile(), "rw")) {
                    byte[] junk = new byte[40];
                    java.util.Arrays.fill(junk, (byte) 0xFF);
                    f.seek(4);
                    f.write(junk);
                }
                List<String> seen = t == 0 ? seenSequential : seenParallel;
                try (scan) {
                    assertThatThrownBy(() -> {
                        for (DatasetScan.Batch b = scan.nextBatch(); b != null; b = scan.nextBatch()) {
                            for (int i = 0; i < b.rows().size(); i++) {
                                seen.add(b.location() + "#" + b.rows().rowNumber(i));
                            }
                        }
                    }).isInstanceOf(DatasetException.class).hasMessageContaining("part-3.parquet");
                }
            }
            // rewrite the file whole for the next round
            List<Object[]> rows = new ArrayList<>();
            for (int r = 0; r < 2_000; r++) {
                rows.add(new Object[] {(long) (3 * 2_000 + r), (long) r});
            }
            java.nio.file.Files.delete(bad.resolve("part-3.parquet"));
            TestFiles.write(bad.resolve("part-3.parquet"), "message m { required int64 id; optional int64 v; }", rows,
                    1_000, 500);
        }
        assertThat(seenSequential).hasSize(3 * 2_000); // parts 0 to 2 whole, nothing of part 3 on
        assertThat(seenParallel).isEqualTo(seenSequential);
    }
}
