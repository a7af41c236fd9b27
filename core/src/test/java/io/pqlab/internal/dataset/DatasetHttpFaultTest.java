package io.pqlab.internal.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.Dataset;
import io.pqlab.DatasetOptions;
import io.pqlab.DatasetPlan;
import io.pqlab.DatasetScan;
import io.pqlab.Query;
import io.pqlab.internal.net.RangeServer;
import io.pqlab.internal.net.RangeServer.Fault;
import io.pqlab.io.RetryPolicy;
import io.pqlab.scan.RowBatch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20 item 4 over HTTP: a dataset of four files behind an HTTP list file on Jetty, with
 * faults injected into one file's requests at a time: 5xx replies, dropped connections and cut
 * bodies (retried), wrong ranges and ignored ranges (not retried), a file rewritten or touched
 * after the listing (its size or ETag differs from the listing's), a file deleted midway. Each run
 * either returns exactly the fault-free rows (compared row by row, with the files they came from)
 * or fails with one line that names the file and what happened; never fewer rows without an error.
 */
class DatasetHttpFaultTest {
    private static final Query QUERY = Query.where("customer_id = 5 OR order_id > 79990");
    private static final List<String> FILES = List.of("kind=a/day=1/part-0.parquet",
            "kind=a/day=2/part-0.parquet", "kind=b/day=1/part-0.parquet", "kind=b/day=2/part-0.parquet");
    private static final String SCHEMA = "message m { required int64 order_id; required int64 customer_id;"
            + " optional binary country (STRING); required int64 amount_cents; }";
    /** Rows per file: enough that the pages lie outside the first 64 KiB read of the tail. */
    private static final int ROWS = 20_000;
    private static final RetryPolicy FAST = new RetryPolicy(4, Duration.ofMillis(1), Duration.ofMillis(5),
            Duration.ofSeconds(20));

    /** The four files as written, once for the class; each test serves copies (tests rewrite and delete them). */
    @TempDir
    static Path written;
    @TempDir
    Path dir;
    private RangeServer server;
    private String list;

    @BeforeAll
    static void writeFiles() throws Exception {
        for (int k = 0; k < FILES.size(); k++) {
            write(written.resolve(FILES.get(k)), k, 0);
        }
    }

    @BeforeEach
    void serve() throws Exception {
        StringBuilder lines = new StringBuilder();
        for (String file : FILES) {
            Path to = dir.resolve(file);
            Files.createDirectories(to.getParent());
            Files.copy(written.resolve(file), to);
            lines.append(file).append('\n');
        }
        Files.writeString(dir.resolve("list.txt"), lines);
        server = new RangeServer(dir);
        list = server.url(dir.resolve("list.txt"));
    }

    /** File k's rows: order_ids k*ROWS.. in order; {@code salt} changes the amounts (another version). */
    private static void write(Path p, int k, int salt) throws java.io.IOException {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            long id = (long) k * ROWS + i;
            rows.add(new Object[] {id, id * 7 % 1009, i % 13 == 0 ? null : "c" + (id % 37), id * 31 + salt});
        }
        Files.deleteIfExists(p);
        TestFiles.write(p, SCHEMA, rows, 5000, 500);
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
    }

    private DatasetOptions options() {
        return DatasetOptions.defaults().withRetry(FAST).withConnections(2);
    }

    /** Every returned row as "file|order_id|customer_id|country|amount_cents". */
    static List<String> rows(Dataset d, Query q) throws Exception {
        List<String> out = new ArrayList<>();
        try (DatasetScan s = d.scan(q)) {
            DatasetScan.Batch b;
            while ((b = s.nextBatch()) != null) {
                RowBatch r = b.rows();
                for (int i = 0; i < r.size(); i++) {
                    out.add(b.location() + "|" + r.getLong("order_id", i) + "|" + r.getLong("customer_id", i) + "|"
                            + (r.isNull("country", i) ? null : r.getString("country", i)) + "|"
                            + r.getLong("amount_cents", i));
                }
            }
        }
        return out;
    }

    private record Result(List<String> rows, long kept, Throwable error) {}

    /** A plan and a scan of the dataset; {@code between} runs after the listing, {@code afterPlan} between plan and scan. */
    private Result run(Step between, Step afterPlan) {
        try (Dataset d = Dataset.open(List.of(list), options())) {
            between.run();
            DatasetPlan plan = d.plan(QUERY);
            assertThat(plan.files()).noneMatch(f -> f.outcome() == DatasetPlan.Outcome.BAD);
            afterPlan.run();
            return new Result(rows(d, QUERY), plan.rowsKept(), null);
        } catch (Throwable e) {
            return new Result(null, -1, e);
        } finally {
            server.clearFaults();
        }
    }

    @FunctionalInterface
    interface Step {
        void run() throws Exception;
    }

    private static final Step NOTHING = () -> { };

    private List<String> faultFree() {
        Result r = run(NOTHING, NOTHING);
        assertThat(r.error()).isNull();
        long want = 0;
        for (long id = 0; id < (long) FILES.size() * ROWS; id++) {
            want += id * 7 % 1009 == 5 || id > 79990 ? 1 : 0;
        }
        assertThat(r.rows()).hasSize((int) want);
        assertThat(dir.resolve(FILES.get(0)).toFile().length()).isGreaterThan(2 * 64 * 1024);
        return r.rows();
    }

    /** A failure: one line naming the file and saying what happened. */
    private static void failedNaming(Result r, String file, String... what) {
        assertThat(r.error()).as("the run returned " + (r.rows() == null ? 0 : r.rows().size()) + " rows").isNotNull();
        String m = r.error().getMessage();
        assertThat(m).as(r.error().toString()).isNotNull().doesNotContain("\n").contains(file);
        for (String w : what) {
            assertThat(m).contains(w);
        }
    }

    @Test
    void transientFaultsAreRetriedToTheCompleteResult() {
        List<String> expected = faultFree();
        for (Fault f : List.of(Fault.STATUS_503, Fault.STATUS_500, Fault.DROP, Fault.SHORT_BODY, Fault.TRUNCATED)) {
            for (String file : List.of(FILES.get(0), FILES.get(3))) {
                // during the footer reads, then during the page reads: three faults within four tries
                Result atFooter = run(() -> server.fail(file, f, f, f), NOTHING);
                assertThat(server.log()).as("a fault is met").isNotEmpty();
                assertThat(atFooter.error()).as(f + " at " + file + "'s footer").isNull();
                assertThat(atFooter.rows()).as(f + " at " + file + "'s footer").isEqualTo(expected);
                Result atPages = run(NOTHING, () -> server.fail(file, f, f, f));
                assertThat(atPages.error()).as(f + " at " + file + "'s pages").isNull();
                assertThat(atPages.rows()).as(f + " at " + file + "'s pages").isEqualTo(expected);
            }
        }
    }

    @Test
    void lastingOrUnretriableFaultsStopTheRunNamingTheFile() {
        faultFree();
        String file = FILES.get(2);
        // lasting for every request: the scan fetches pages of several columns at once (decode threads),
        // and four faults shared among them would let each request succeed within its four tries
        Fault[] lasting = java.util.Collections.nCopies(16, Fault.STATUS_503).toArray(new Fault[0]);
        failedNaming(run(() -> server.fail(file, lasting), NOTHING), file, "503", "gave up after 4 tries");
        failedNaming(run(NOTHING, () -> server.fail(file, lasting)), file, "503", "gave up after 4 tries");
        failedNaming(run(NOTHING, () -> server.fail(file, Fault.WRONG_RANGE)), file, "the server sent bytes");
        failedNaming(run(NOTHING, () -> server.fail(file, Fault.WHOLE_FILE)), file, "ignored the Range");
    }

    @Test
    void aFileThatChangedAfterTheListingStopsTheRun() throws Exception {
        faultFree();
        String file = FILES.get(1);
        Path p = dir.resolve(file);
        byte[] original = Files.readAllBytes(p);
        // another size
        failedNaming(run(() -> Files.write(p, java.util.Arrays.copyOf(original, original.length + 100)), NOTHING),
                file, "changed");
        Files.write(p, original);
        // the same size, another version: Jetty's (weak) ETag and its Last-Modified follow the modification time
        failedNaming(run(() -> Files.setLastModifiedTime(p, FileTime.fromMillis(1_000_000_000_000L)), NOTHING), file,
                "changed");
        // between the plan (footer, indexes) and the scan (pages)
        failedNaming(run(NOTHING, () -> Files.setLastModifiedTime(p, FileTime.fromMillis(1_100_000_000_000L))), file,
                "changed");
        // rewritten between plan and scan: other values, another ETag (its size may be the same)
        failedNaming(run(NOTHING, () -> write(p, 1, 5)), file, "changed");
    }

    @Test
    void aFileDeletedMidwayStopsTheRun() throws Exception {
        faultFree();
        String file = FILES.get(3);
        Path p = dir.resolve(file);
        byte[] bytes = Files.readAllBytes(p);
        failedNaming(run(() -> Files.delete(p), NOTHING), file, "no such file");
        Files.write(p, bytes);
        failedNaming(run(NOTHING, () -> Files.delete(p)), file, "no such file");
    }
}
