package io.pqlab.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.fixtures.Fixtures;
import io.pqlab.io.RemoteReadException;
import io.pqlab.io.RemoteSource;
import io.pqlab.io.RetryPolicy;
import io.pqlab.internal.net.NetworkReads;
import io.pqlab.internal.net.RequestLog;
import io.pqlab.internal.net.Strategy;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every fixture read from s3proxy (a real S3-compatible server on loopback, objects on the local
 * filesystem) through the AWS SDK: rows and plans equal those of the local file, and the calls the
 * server logged are the requests pqlab reported.
 */
class S3ReadsTest {
    static final Path FIXTURES = Fixtures.ROOT;
    static final RetryPolicy POLICY = new RetryPolicy(3, Duration.ofMillis(10), Duration.ofMillis(40), Duration.ofSeconds(10));
    @AutoClose
    static S3Server server;

    @BeforeAll
    static void start() throws Exception {
        server = new S3Server(FIXTURES);
    }

    @BeforeEach
    void clear() {
        server.clearLog();
    }

    private static S3Source open(Path file, RetryPolicy policy) {
        return S3Source.open(server.url(FIXTURES, file), new S3Source.Options(server.endpoint(), null, policy));
    }

    @Test
    void everyFixtureReadsTheSameOverS3() throws Exception {
        List<Strategy> strategies = List.of(Strategy.DEFAULT, new Strategy(0, 0, 4, true));
        int reads = 0;
        for (Path file : NetworkReads.fixtures(FIXTURES)) {
            long size = Files.size(file);
            String key = FIXTURES.relativize(file).toString();
            for (String condition : NetworkReads.conditions(file)) {
                NetworkReads.Outcome local = NetworkReads.local(file, condition);
                // both strategies on the pruning files; the suffix read alone on the others (HTTP
                // tests vary strategies over every fixture; here the store is what is tested)
                boolean pruning = file.getFileName().toString().startsWith("pruning-");
                for (Strategy s : pruning ? strategies : strategies.subList(0, 1)) {
                    server.clearLog();
                    List<RequestLog.Request> log = new ArrayList<>();
                    NetworkReads.Outcome remote = NetworkReads.remote(open(file, POLICY), s, condition, log);
                    String what = file.getFileName() + " where " + condition + " with " + s;
                    assertThat(remote).as(what).isEqualTo(local);
                    List<String> seen = new ArrayList<>();
                    for (S3Server.Logged l : server.log()) {
                        assertThat(l.key()).as(what).isEqualTo(key);
                        seen.add(l.method() + " " + l.range());
                    }
                    List<String> reported = new ArrayList<>();
                    for (RequestLog.Request r : log) {
                        if (r.method().equals("HEAD")) {
                            reported.add("HEAD null");
                        } else if (r.offset() + r.length() == size && s.prefetch() > 0 && reported.isEmpty()) {
                            reported.add("GET bytes=-" + s.prefetch()); // the suffix read
                        } else {
                            reported.add("GET bytes=" + r.offset() + "-" + (r.end() - 1));
                        }
                    }
                    assertThat(seen).as(what).containsExactlyInAnyOrderElementsOf(reported);
                    reads++;
                }
            }
        }
        assertThat(reads).isGreaterThan(40);
    }

    @Test
    void rangesSuffixAndSize() throws Exception {
        Path sorted = FIXTURES.resolve("pruning-sorted.parquet");
        byte[] bytes = Files.readAllBytes(sorted);
        try (S3Source s = open(sorted, POLICY)) {
            RemoteSource.Suffix tail = s.readSuffix(100);
            assertThat(tail.size()).isEqualTo(bytes.length);
            assertThat(tail.bytes()).isEqualTo(Arrays.copyOfRange(bytes, bytes.length - 100, bytes.length));
            byte[] got = new byte[339];
            s.readFully(10730, got, 0, got.length);
            assertThat(got).isEqualTo(Arrays.copyOfRange(bytes, 10730, 10730 + 339));
        }
        try (S3Source s = open(sorted, POLICY)) {
            assertThat(s.size()).isEqualTo(bytes.length);
            assertThat(s.readSuffix(1 << 20).bytes()).isEqualTo(bytes);
        }
        S3Source missing = S3Source.open("s3://" + S3Server.BUCKET + "/nope.parquet",
                new S3Source.Options(server.endpoint(), null, POLICY));
        assertThatThrownBy(missing::size).isInstanceOf(NoSuchFileException.class);
    }

    @Test
    void serverErrorsAndSlowRepliesAreRetriedThenGiveUp() throws Exception {
        Path sorted = FIXTURES.resolve("pruning-sorted.parquet");
        byte[] bytes = Files.readAllBytes(sorted);
        // A timeout well above an ordinary reply's time on a busy 2-core machine (other modules'
        // tests run beside this one), and a slow reply well above the timeout.
        try (S3Source s = open(sorted, POLICY.withTimeout(Duration.ofMillis(1500)))) {
            server.fail(S3Server.Fault.ERROR_500);
            assertThat(s.size()).isEqualTo(bytes.length);
            server.slowMillis(4000);
            server.fail(S3Server.Fault.SLOW);
            byte[] got = new byte[100];
            s.readFully(0, got, 0, 100);
            assertThat(got).isEqualTo(Arrays.copyOf(bytes, 100));
            assertThat(s.retries()).isEqualTo(2);
            server.fail(S3Server.Fault.ERROR_500, S3Server.Fault.ERROR_500, S3Server.Fault.ERROR_500);
            assertThatThrownBy(() -> s.readFully(0, new byte[10], 0, 10)).isInstanceOf(RemoteReadException.class)
                    .hasMessageContaining("HTTP 500").hasMessageContaining("gave up after 3 tries")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
    }
}
