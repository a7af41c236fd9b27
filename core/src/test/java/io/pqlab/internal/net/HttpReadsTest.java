package io.pqlab.internal.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.fixtures.Fixtures;
import io.pqlab.io.HttpSource;
import io.pqlab.io.RetryPolicy;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every fixture, under several conditions and strategies, read over HTTP from Jetty: the rows and
 * plans equal those read from the local file, and the requests Jetty saw are the requests pqlab
 * logged, one for one.
 */
class HttpReadsTest {
    static final Path FIXTURES = Fixtures.ROOT;
    static final RetryPolicy POLICY = new RetryPolicy(2, Duration.ofMillis(10), Duration.ofMillis(20), Duration.ofSeconds(10));
    static final List<Strategy> STRATEGIES = List.of(
            Strategy.DEFAULT,
            new Strategy(0, 0, 4, true),
            new Strategy(1024, 4096, 2, true),
            new Strategy(0, Strategy.NO_MERGING, 1, false));
    @AutoClose
    static RangeServer server;

    @BeforeAll
    static void start() throws Exception {
        server = new RangeServer(FIXTURES);
    }

    @Test
    void everyFixtureReadsTheSameOverHttp() throws Exception {
        int reads = 0;
        for (Path file : NetworkReads.fixtures(FIXTURES)) {
            String url = server.url(file);
            String path = URI.create(url).getPath();
            long size = Files.size(file);
            for (String condition : NetworkReads.conditions(file)) {
                NetworkReads.Outcome local = NetworkReads.local(file, condition);
                for (Strategy s : STRATEGIES) {
                    server.clearLog();
                    List<RequestLog.Request> log = new ArrayList<>();
                    NetworkReads.Outcome remote =
                            NetworkReads.remote(HttpSource.open(URI.create(url), POLICY), s, condition, log);
                    String what = file.getFileName() + " where " + condition + " with " + s;
                    assertThat(remote).as(what).isEqualTo(local);
                    List<String> seen = new ArrayList<>();
                    for (RangeServer.Logged l : server.log()) {
                        assertThat(l.path()).as(what).isEqualTo(path);
                        seen.add(l.method() + " " + l.first() + "-" + l.last());
                    }
                    List<String> reported = new ArrayList<>();
                    for (RequestLog.Request r : log) {
                        reported.add(r.method().equals("HEAD") ? "HEAD -1--1"
                                : r.method() + " " + r.offset() + "-" + (r.end() - 1));
                    }
                    assertThat(seen).as(what).containsExactlyInAnyOrderElementsOf(reported);
                    if (local.error() == null) {
                        // no byte fetched twice
                        long fetched = log.stream().mapToLong(RequestLog.Request::length).sum();
                        assertThat(fetched).as(what).isLessThanOrEqualTo(size);
                    }
                    reads++;
                }
            }
        }
        assertThat(reads).isGreaterThan(100);
    }
}
