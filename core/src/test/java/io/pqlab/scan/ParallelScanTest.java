package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.pqlab.MalformedFileException;
import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.pageindex.OffsetIndex;
import io.pqlab.internal.pageindex.PageIndexReader;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.internal.predicate.Binder;
import io.pqlab.plan.Reference;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A scan at four threads (pages decoded ahead on a pool, condition columns evaluated at once) does
 * what the scan at one thread does: the same rows (ScanAgreementTest judges their values), the same
 * statistics, the same exception from a corrupt page, and nothing left running once it is closed.
 */
class ParallelScanTest {
    @TempDir
    Path dir;

    static List<Path> files() throws IOException {
        return Reference.files();
    }

    /** Rows and every counter of ScanStats: decoding threads add their counts, none is lost or doubled. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void rowsAndStatisticsDoNotDependOnTheThreads(Path path) throws IOException {
        Reference ref = Reference.read(path);
        List<String> conditions = new ArrayList<>();
        conditions.add(null);
        ref.conditions(12, path.getFileName().toString().hashCode()).forEach(c -> conditions.add(c.text()));
        try (ParquetFile f = ParquetFile.open(path)) {
            for (String c : conditions) {
                Run one = run(f, c, 1);
                Run four = run(f, c, 4);
                assertThat(four.rows).as("%s on %s", c, path).isEqualTo(one.rows);
                assertThat(four.stats).as("%s on %s", c, path).isEqualTo(one.stats);
            }
        }
    }

    private record Run(List<Long> rows, String stats) {}

    private static Run run(ParquetFile f, String condition, int threads) throws IOException {
        BoundQuery q = BoundQuery.of(condition == null ? null : Binder.bind(condition, f.schema()), null,
                Query.all().threads(threads));
        List<Long> rows = new ArrayList<>();
        try (Scanner s = Scanner.open(f, q)) {
            for (RowBatch b = s.next(); b != null; b = s.next()) {
                for (int i = 0; i < b.size(); i++) {
                    rows.add(b.rowNumber(i));
                }
            }
            return new Run(rows, s.stats() + " " + s.stats().codecs());
        }
    }

    /** A page header overwritten in the middle of a chunk: at four threads the consumer gets the exception one thread gives. */
    @Test
    void aDecodingThreadsFailureIsThrownAsItIsByNext() throws Exception {
        Path file = corrupt();
        for (String condition : new String[] {null, "x > 5", "id >= 0 AND x > 5", "id >= 0"}) {
            Throwable one = failure(file, condition, 1);
            Throwable four = failure(file, condition, 4);
            assertThat(one).as("%s", condition).isInstanceOf(MalformedFileException.class);
            assertThat(four).as("%s", condition).isInstanceOf(one.getClass()).hasMessage(one.getMessage());
            assertThat(((MalformedFileException) four).offset()).isEqualTo(((MalformedFileException) one).offset());
        }
    }

    private static Throwable failure(Path file, String condition, int threads) throws IOException {
        try (ParquetFile f = ParquetFile.open(file);
                Scanner s = Scanner.open(f, BoundQuery.of(condition == null ? null : Binder.bind(condition, f.schema()),
                        null, Query.all().threads(threads)))) {
            return catchThrowable(() -> {
                while (s.next() != null) {
                    // read to the corrupt page
                }
            });
        }
    }

    /** Closed after its first batch, a scan's decoding threads end, and its counts no longer change. */
    @Test
    void closingEarlyStopsTheDecodingThreads() throws Exception {
        Path file = write("plain.parquet");
        try (ParquetFile f = ParquetFile.open(file)) {
            Scanner s = Scanner.open(f, BoundQuery.of(null, null, Query.all().threads(4)));
            assertThat(s.next()).isNotNull();
            assertThat(decodingThreads()).isPositive();
            s.close();
            String after = s.stats().toString();
            // the pool is shut down at close; its idle threads end on their own (no time is asserted:
            // the wait is only for them to go)
            for (int i = 0; i < 600 && decodingThreads() > 0; i++) {
                Thread.sleep(50);
            }
            assertThat(decodingThreads()).isZero();
            assertThat(s.stats().toString()).isEqualTo(after);
        }
    }

    private static long decodingThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("pqlab-decode-")).count();
    }

    private Path write(String name) throws IOException {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 6_000; i++) {
            rows.add(new Object[] {(long) i, i % 7 == 0 ? null : (long) (i % 11), "s" + (i % 13)});
        }
        return Reference.write(dir.resolve(name),
                "message m { required int64 id; optional int64 x; optional binary s (STRING); }", rows, 2_000, 100, false);
    }

    /** The header of page 5 of column x in row group 1, overwritten with bytes no header begins with. */
    private Path corrupt() throws IOException {
        Path file = write("corrupt.parquet");
        long at;
        try (ParquetFile f = ParquetFile.open(file)) {
            OffsetIndex oi = PageIndexReader.offsetIndex(f.source(), ParquetFiles.chunk(f, 1, 1));
            at = oi.page(5).offset();
        }
        Path out = dir.resolve("corrupted.parquet");
        Files.copy(file, out);
        try (RandomAccessFile raf = new RandomAccessFile(out.toFile(), "rw")) {
            raf.seek(at);
            raf.write(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff});
        }
        return out;
    }

    /** Six row groups of 2,000 rows (one page per column each). */
    private Path smallGroups() throws IOException {
        Path file = dir.resolve("small-groups.parquet");
        var b = io.pqlab.oracle.ParquetJava.writer(file, BigRowGroups.SCHEMA).withRowGroupRowCountLimit(2_000)
                .withDictionaryEncoding(false);
        try (var w = io.pqlab.oracle.ParquetJava.hadoopFree(b).build()) {
            var groups = new org.apache.parquet.example.data.simple.SimpleGroupFactory(BigRowGroups.SCHEMA);
            for (long i = 0; i < 12_000; i++) {
                var g = groups.newGroup();
                g.add(0, i);
                g.add(1, BigRowGroups.s(i, 0) == null ? "x" : BigRowGroups.s(i, 0));
                w.write(g);
            }
        }
        return file;
    }

    /**
     * (par) A row group done ahead of the consumer holds only its queued batches (its readers are
     * closed), so it no longer counts among the row groups in flight: once row groups 1 and 2 are
     * done, moving to row group 1 opens the rest (at most maxAhead not done; before, two ahead
     * whatever their state, and the pool ran dry behind a slow current row group).
     */
    @Test
    @org.junit.jupiter.api.Timeout(value = 60, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
    void rowGroupsDoneAheadDoNotCountAmongThoseInFlight() throws Exception {
        try (ParquetFile f = ParquetFile.open(smallGroups());
                Scanner s = Scanner.open(f, BoundQuery.of(null, null, Query.all().threads(2)))) {
            assertThat(s.next().size()).isEqualTo(2_000);
            while (!s.aheadMade()) {
                Thread.sleep(1); // row groups 1 and 2 are made on the pool
            }
            RowBatch second = s.next();
            assertThat(second.rowNumber(0)).isEqualTo(2_000);
            assertThat(s.rowGroupsAhead()).as("row group 2 (done) and 3, 4, 5").isEqualTo(4);
            long n = 4_000;
            for (RowBatch r = s.next(); r != null; r = s.next()) {
                assertThat(r.rowNumber(0)).isEqualTo(n);
                assertThat(r.getLong(0, r.size() - 1)).isEqualTo(n + r.size() - 1);
                n += r.size();
            }
            assertThat(n).isEqualTo(12_000);
            assertThat(s.peakInFlight()).isLessThanOrEqualTo(3);
        }
    }

    /**
     * Small row groups are opened ahead up to the thread count while they fit the budget (DuckDB's
     * file: one page per column per row group, so one row group alone cannot keep the pool busy);
     * under a limit only the next one, once the current has handed out its last batch. Rows
     * stay in file order.
     */
    @Test
    void smallRowGroupsAreOpenedAheadUpToTheThreads() throws IOException {
        Path file = smallGroups();
        try (ParquetFile f = ParquetFile.open(file)) {
            assertThat(f.rowGroupCount()).isEqualTo(6);
            for (long limit : new long[] {-1, 11_000}) {
                Query q = Query.all().threads(2);
                try (Scanner s = Scanner.open(f, BoundQuery.of(null, null, limit < 0 ? q : q.limit(limit)))) {
                    RowBatch first = s.next();
                    assertThat(first.size()).isEqualTo(2_000);
                    // row groups 1 and 2 decode while the caller holds row group 0's only batch (and,
                    // without a limit, more once those are done: Scanner.inFlight)
                    if (limit < 0) {
                        assertThat(s.rowGroupsAhead()).as("limit " + limit).isBetween(2, 2 + 2 * 2);
                    } else {
                        assertThat(s.rowGroupsAhead()).as("limit " + limit).isEqualTo(1);
                    }
                    long n = first.size();
                    for (RowBatch r = s.next(); r != null; r = s.next()) {
                        for (int i = 0; i < r.size(); i++) {
                            assertThat(r.rowNumber(i)).isEqualTo(n);
                            assertThat(r.getLong(0, i)).isEqualTo(n);
                            n++;
                        }
                    }
                    assertThat(n).isEqualTo(limit < 0 ? 12_000 : limit);
                    assertThat(s.peakInFlight()).as("row groups not done at once, the current one included")
                            .isBetween(1, limit < 0 ? 3 : 2);
                }
            }
        }
    }
}
