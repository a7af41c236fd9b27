package io.pqlab.s3;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.Dataset;
import io.pqlab.DatasetOptions;
import io.pqlab.DatasetPlan;
import io.pqlab.DatasetScan;
import io.pqlab.Query;
import io.pqlab.fixtures.Fixtures;
import io.pqlab.io.RetryPolicy;
import io.pqlab.s3.S3Server.Fault;
import io.pqlab.scan.RowBatch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Issue 20 item 4 on s3proxy: a hive dataset of four copies of parquet-testing's
 * alltypes_tiny_pages (454 KB, pages of a few rows, so a scan reads many ranges beyond the footer's
 * tail) listed by prefix, with faults in one object's calls at a time: 500s and bodies cut halfway
 * (retried to the fault-free rows), lasting 500s, an object overwritten (another ETag) or deleted
 * after the listing or between plan and scan. Each run returns exactly the fault-free rows or fails
 * with one line naming the object and what happened.
 */
class S3DatasetFaultTest {
    /**
     * The four columns each run compares, and only those: a request costs more here than its bytes
     * (AWS signing, s3proxy's handling), and the pages of the other seven of the eleven columns were
     * more ranges of the same kind (GETs of pages after the plan), none of them compared.
     */
    private static final Query QUERY = Query.where("int_col = 3 OR id > 7290")
            .columns("id", "int_col", "string_col", "double_col");
    private static final List<String> KEYS = List.of("t/part=1/a.parquet", "t/part=2/a.parquet", "t/part=3/a.parquet",
            "t/part=4/a.parquet");
    private static final RetryPolicy FAST = new RetryPolicy(4, Duration.ofMillis(1), Duration.ofMillis(5),
            Duration.ofSeconds(20));

    @TempDir
    Path dir;
    private S3Server server;
    private S3Lister lister;
    private S3Client client;
    private String prefix;

    @BeforeEach
    void serve() throws Exception {
        System.setProperty("aws.accessKeyId", S3Server.ACCESS_KEY);
        System.setProperty("aws.secretAccessKey", S3Server.SECRET_KEY);
        System.setProperty("aws.disableEc2Metadata", "true");
        for (String k : KEYS) {
            Path p = dir.resolve(k);
            Files.createDirectories(p.getParent());
            Files.copy(Fixtures.DATA.resolve("alltypes_tiny_pages.parquet"), p);
        }
        server = new S3Server(dir);
        S3Source.Options o = new S3Source.Options(server.endpoint(), null, FAST);
        lister = new S3Lister(o);
        client = S3Source.client(o);
        prefix = "s3://" + S3Server.BUCKET + "/t/";
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        lister.close();
        server.close();
    }

    private record Result(List<String> rows, Throwable error) {}

    @FunctionalInterface
    interface Step {
        void run() throws Exception;
    }

    private static final Step NOTHING = () -> { };

    private Result run(Step between, Step afterPlan) {
        DatasetOptions o = DatasetOptions.defaults().withStores(List.of(lister)).withRetry(FAST).withConnections(2);
        try (Dataset d = Dataset.open(List.of(prefix), o)) {
            between.run();
            DatasetPlan plan = d.plan(QUERY);
            assertThat(plan.files()).noneMatch(f -> f.outcome() == DatasetPlan.Outcome.BAD);
            afterPlan.run();
            List<String> out = new ArrayList<>();
            try (DatasetScan s = d.scan(QUERY)) {
                DatasetScan.Batch b;
                while ((b = s.nextBatch()) != null) {
                    RowBatch r = b.rows();
                    for (int i = 0; i < r.size(); i++) {
                        out.add(b.location() + "|" + r.getInt("id", i) + "|" + r.getInt("int_col", i) + "|"
                                + r.getString("string_col", i) + "|" + r.getDouble("double_col", i));
                    }
                }
            }
            return new Result(out, null);
        } catch (Throwable e) {
            return new Result(null, e);
        } finally {
            server.clearFaults();
        }
    }

    private List<String> faultFree() {
        Result r = run(NOTHING, NOTHING);
        assertThat(r.error()).isNull();
        assertThat(r.rows()).hasSizeGreaterThan(4 * 700); // int_col cycles 0..9 over 7300 rows
        return r.rows();
    }

    private static void failedNaming(Result r, String key, String... what) {
        assertThat(r.error()).as("the run returned " + (r.rows() == null ? 0 : r.rows().size()) + " rows").isNotNull();
        String m = r.error().getMessage();
        assertThat(m).as(r.error().toString()).isNotNull().doesNotContain("\n").contains(key);
        for (String w : what) {
            assertThat(m).contains(w);
        }
    }

    @Test
    void transientFaultsAreRetriedToTheCompleteResult() {
        List<String> expected = faultFree();
        for (Fault f : List.of(Fault.ERROR_500, Fault.TRUNCATED)) {
            for (String key : List.of(KEYS.get(0), KEYS.get(3))) {
                Result atFooter = run(() -> server.fail(key, f, f, f), NOTHING);
                assertThat(atFooter.error()).as(f + " at " + key + "'s footer").isNull();
                assertThat(atFooter.rows()).as(f + " at " + key + "'s footer").isEqualTo(expected);
                Result atPages = run(NOTHING, () -> server.fail(key, f, f, f));
                assertThat(atPages.error()).as(f + " at " + key + "'s pages").isNull();
                assertThat(atPages.rows()).as(f + " at " + key + "'s pages").isEqualTo(expected);
            }
        }
    }

    @Test
    void lastingFaultsStopTheRunNamingTheObject() {
        faultFree();
        String key = KEYS.get(2);
        // lasting for every request, also when pages of several columns are fetched at once
        Fault[] lasting = java.util.Collections.nCopies(16, Fault.ERROR_500).toArray(new Fault[0]);
        failedNaming(run(() -> server.fail(key, lasting), NOTHING), key, "500", "gave up after 4 tries");
        failedNaming(run(NOTHING, () -> server.fail(key, lasting)), key, "500", "gave up after 4 tries");
        failedNaming(run(NOTHING, () -> server.fail(key, Fault.TRUNCATED, Fault.TRUNCATED, Fault.TRUNCATED,
                Fault.TRUNCATED)), key, "the connection broke after", "gave up after 4 tries");
    }

    @Test
    void anObjectOverwrittenOrDeletedAfterTheListingStopsTheRun() throws Exception {
        faultFree();
        String key = KEYS.get(1);
        byte[] bytes = Files.readAllBytes(dir.resolve(key));
        byte[] other = bytes.clone();
        other[4 + 100] ^= 1; // the same size, other bytes: another ETag
        Step overwrite = () -> client.putObject(r -> r.bucket(S3Server.BUCKET).key(key), RequestBody.fromBytes(other));
        Step restore = () -> client.putObject(r -> r.bucket(S3Server.BUCKET).key(key), RequestBody.fromBytes(bytes));
        Step delete = () -> client.deleteObject(r -> r.bucket(S3Server.BUCKET).key(key));
        failedNaming(run(overwrite, NOTHING), key, "changed", "ETag");
        restore.run();
        failedNaming(run(NOTHING, overwrite), key, "changed", "ETag");
        restore.run();
        failedNaming(run(delete, NOTHING), key, "no such file");
        restore.run();
        failedNaming(run(NOTHING, delete), key, "no such file");
    }
}
