package io.pqlab.internal.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.fixtures.Fixtures;
import io.pqlab.io.HttpSource;
import io.pqlab.io.RemoteReadException;
import io.pqlab.io.RemoteSource;
import io.pqlab.io.RetryPolicy;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The HTTP source against Jetty on loopback: ranges, sizes, and servers that misbehave. */
class HttpSourceTest {
    static final Path FIXTURES = Fixtures.ROOT;
    static final Path SORTED = FIXTURES.resolve("pruning-sorted.parquet");
    static final RetryPolicy FAST = new RetryPolicy(3, Duration.ofMillis(10), Duration.ofMillis(40), Duration.ofSeconds(5));
    @AutoClose
    static RangeServer server;
    static byte[] bytes;

    @BeforeAll
    static void start() throws Exception {
        server = new RangeServer(FIXTURES);
        bytes = Files.readAllBytes(SORTED);
    }

    @BeforeEach
    void clear() {
        server.clearLog();
        server.fail(); // no faults left over
    }

    private static HttpSource source(RetryPolicy p) {
        return HttpSource.open(URI.create(server.url(SORTED)), p);
    }

    @Test
    void sizeFromHeadAndRangesMatchTheFile() throws Exception {
        try (HttpSource s = source(FAST)) {
            assertThat(s.sizeKnown()).isFalse();
            assertThat(s.size()).isEqualTo(bytes.length);
            for (long[] r : new long[][] {{0, 4}, {4, 1695}, {bytes.length - 8, 8}, {10730, 339}, {0, bytes.length}}) {
                byte[] got = new byte[(int) r[1]];
                s.readFully(r[0], got, 0, got.length);
                assertThat(got).as("bytes %d+%d", r[0], r[1])
                        .isEqualTo(Arrays.copyOfRange(bytes, (int) r[0], (int) (r[0] + r[1])));
            }
        }
        assertThat(server.log()).extracting(RangeServer.Logged::method).containsExactly("HEAD", "GET", "GET", "GET", "GET",
                "GET");
        assertThat(server.log().subList(1, 6)).extracting(RangeServer.Logged::first).containsExactly(0L, 4L,
                (long) bytes.length - 8, 10730L, 0L);
    }

    @Test
    void suffixLearnsTheSizeInOneRequest() throws Exception {
        try (HttpSource s = source(FAST)) {
            RemoteSource.Suffix tail = s.readSuffix(1000);
            assertThat(tail.size()).isEqualTo(bytes.length);
            assertThat(tail.bytes()).isEqualTo(Arrays.copyOfRange(bytes, bytes.length - 1000, bytes.length));
            assertThat(s.sizeKnown()).isTrue();
        }
        try (HttpSource s = source(FAST)) {
            RemoteSource.Suffix all = s.readSuffix(1 << 20); // longer than the file: the whole file
            assertThat(all.size()).isEqualTo(bytes.length);
            assertThat(all.bytes()).isEqualTo(bytes);
        }
        assertThat(server.log()).hasSize(2).extracting(RangeServer.Logged::method).containsOnly("GET");
    }

    @Test
    void missingFileIsNoSuchFile() {
        HttpSource s = HttpSource.open(URI.create(server.url(FIXTURES.resolve("nope.parquet"))), FAST);
        assertThatThrownBy(s::size).isInstanceOf(NoSuchFileException.class);
        assertThat(server.log()).hasSize(1); // a 404 is not retried
    }

    @Test
    void transientFailuresAreRetriedAndGiveTheRightBytes() throws Exception {
        for (RangeServer.Fault f : new RangeServer.Fault[] {RangeServer.Fault.STATUS_503, RangeServer.Fault.SHORT_BODY,
                RangeServer.Fault.DROP}) {
            server.clearLog();
            try (HttpSource s = source(FAST)) {
                s.size();
                server.fail(f);
                byte[] got = new byte[339];
                s.readFully(10730, got, 0, got.length);
                assertThat(got).as(f.name()).isEqualTo(Arrays.copyOfRange(bytes, 10730, 10730 + 339));
                // HEAD, the failed try, the retry. The JDK's client itself retries a request whose
                // pooled connection the server closed before answering, so a drop may not reach us.
                assertThat(server.log()).as(f.name()).hasSize(3);
                assertThat(s.retries()).as(f.name()).isEqualTo(f == RangeServer.Fault.DROP ? s.retries() : 1);
            }
        }
    }

    @Test
    void slowReplyTimesOutAndIsRetried() throws Exception {
        server.slowMillis(1500);
        RetryPolicy quick = FAST.withTimeout(Duration.ofMillis(300));
        try (HttpSource s = source(quick)) {
            s.size();
            server.fail(RangeServer.Fault.SLOW);
            byte[] got = new byte[100];
            long t0 = System.nanoTime();
            s.readFully(0, got, 0, 100);
            assertThat(got).isEqualTo(Arrays.copyOf(bytes, 100));
            assertThat(s.retries()).isEqualTo(1);
            assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(1400); // did not wait for the slow reply
        }
    }

    @Test
    void persistentFailureGivesUpWithOneLine() throws Exception {
        try (HttpSource s = source(FAST)) {
            s.size();
            server.fail(RangeServer.Fault.STATUS_503, RangeServer.Fault.STATUS_503, RangeServer.Fault.STATUS_503);
            assertThatThrownBy(() -> s.readFully(0, new byte[10], 0, 10)).isInstanceOf(RemoteReadException.class)
                    .hasMessageContaining("HTTP 503").hasMessageContaining("gave up after 3 tries")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
            assertThat(server.log()).hasSize(4); // HEAD + 3 tries: bounded
        }
    }

    @Test
    void rangeIgnoredOrWrongIsRefusedWithoutRetrying() throws Exception {
        try (HttpSource s = source(FAST)) {
            s.size();
            server.fail(RangeServer.Fault.WHOLE_FILE);
            assertThatThrownBy(() -> s.readFully(100, new byte[10], 0, 10)).isInstanceOf(RemoteReadException.class)
                    .hasMessageContaining("ignored the Range header");
            server.fail(RangeServer.Fault.WRONG_RANGE);
            assertThatThrownBy(() -> s.readFully(100, new byte[10], 0, 10)).isInstanceOf(RemoteReadException.class)
                    .hasMessageContaining("sent bytes 101-110 for a request for bytes 100-109");
            assertThat(server.log()).hasSize(3);
        }
    }

    @Test
    void suffixAnsweredWithTheWholeFileIsFineWhenTheFileFits() throws Exception {
        try (HttpSource s = source(FAST)) {
            server.fail(RangeServer.Fault.WHOLE_FILE);
            RemoteSource.Suffix all = s.readSuffix(1 << 20);
            assertThat(all.bytes()).isEqualTo(bytes);
        }
        try (HttpSource s = source(FAST)) {
            server.fail(RangeServer.Fault.WHOLE_FILE);
            assertThatThrownBy(() -> s.readSuffix(1000)).isInstanceOf(RemoteReadException.class)
                    .hasMessageContaining("ignored the Range header");
        }
    }
}
