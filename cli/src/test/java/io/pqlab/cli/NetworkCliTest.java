package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqlab.internal.net.RangeServer;
import io.pqlab.s3.S3Server;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every command that takes a FILE takes an http:// or s3:// URL, and answers as for the local file;
 * what the commands report about requests is what the servers (Jetty, s3proxy, on loopback) saw;
 * servers that misbehave end in exit 2 with one line, never a wrong answer.
 */
class NetworkCliTest {
    @AutoClose
    static RangeServer http;
    @AutoClose
    static S3Server s3;

    @BeforeAll
    static void start() throws Exception {
        http = new RangeServer(Cli.FIXTURES);
        s3 = new S3Server(Cli.FIXTURES);
    }

    @BeforeEach
    void clear() {
        http.clearLog();
        s3.clearLog();
    }

    static String url(Path file) {
        return http.url(file);
    }

    static String s3url(Path file) {
        return s3.url(Cli.FIXTURES, file);
    }

    /** Runs a command on a location (and, for s3, the endpoint). */
    static Cli.Result run(String location, String command, String... rest) {
        List<String> args = new ArrayList<>(List.of(command, location));
        args.addAll(List.of(rest));
        if (location.startsWith("s3://")) {
            args.add("--endpoint");
            args.add(s3.endpoint().toString());
        }
        return Cli.run(args.toArray(String[]::new));
    }

    /** The answer with the file's name and the network accounting (which differ by design) taken out. */
    static String comparable(Cli.Result r, String name) {
        assertThat(r.exit()).as(r.toString()).isZero();
        String out = r.out().replace(name, "FILE");
        if (out.trim().startsWith("{")) {
            JsonNode n = r.json();
            if (n instanceof ObjectNode o) {
                o.remove("network");
                o.put("file", "FILE");
            }
            return n.toString();
        }
        return out;
    }

    @Test
    void everyFileCommandTakesAUrl() {
        List<String[]> commands = List.of(
                new String[] {"footer", "--json"},
                new String[] {"schema", "--json"},
                new String[] {"pages", "country", "--json"},
                new String[] {"page-index", "order_id", "--json"},
                new String[] {"bloom", "customer_id", "424242", "--json"},
                new String[] {"statistics", "amount_cents", "--json"},
                new String[] {"skipping", "--where", "order_id = 431 OR country = 'SE'", "--json"},
                new String[] {"skipping", "--where", "customer_id = 424242", "--compare", "--json"},
                new String[] {"scan", "--where", "order_id BETWEEN 200 AND 230", "--format", "csv"},
                new String[] {"scan", "--where", "customer_id = 424242 OR amount_cents > 9900", "--prefetch", "0",
                    "--coalesce", "auto"},
                // the coalescing gap given, since by default it is auto remotely and 0 locally
                new String[] {"requests", "--where", "order_id = 431", "--compare", "--prefetch", "8KiB", "--coalesce",
                    "0", "--json"});
        for (Path file : List.of(Cli.SORTED, Cli.SHUFFLED)) {
            for (String[] c : commands) {
                String[] rest = java.util.Arrays.copyOfRange(c, 1, c.length);
                String local = comparable(run(file.toString(), c[0], rest), file.toString());
                for (String location : List.of(url(file), s3url(file))) {
                    assertThat(comparable(run(location, c[0], rest), location)).as(c[0] + " " + location)
                            .isEqualTo(local);
                }
            }
        }
        Path tiny = Cli.DATA.resolve("alltypes_tiny_pages.parquet");
        for (String location : List.of(url(tiny), s3url(tiny))) {
            assertThat(comparable(run(location, "scan", "--where", "id < 30 OR id > 7290", "--format", "csv"), location))
                    .isEqualTo(comparable(run(tiny.toString(), "scan", "--where", "id < 30 OR id > 7290", "--format", "csv"),
                            tiny.toString()));
        }
        Path map = Path.of("target", "network-map.html");
        Cli.Result m = run(url(Cli.SORTED), "map", "--where", "order_id = 431", "-o", map.toString());
        assertThat(m.exit()).as(m.toString()).isZero();
    }

    @Test
    void coalescingIsAutoByDefaultForARemoteFileAndOffForALocalOne() {
        long auto = io.pqlab.internal.net.CostModel.autoGap(io.pqlab.internal.net.CostModel.DEFAULT_LATENCY_MICROS,
                io.pqlab.internal.net.CostModel.DEFAULT_BANDWIDTH);
        JsonNode remote = run(url(Cli.SORTED), "skipping", "--where", "order_id = 431", "--json").json();
        assertThat(remote.get("network").get("strategy").get("coalesce").asLong()).isEqualTo(auto).isPositive();
        JsonNode local = Cli.json(Cli.SORTED, "skipping", "--where", "order_id = 431");
        assertThat(local.get("network").get("strategy").get("coalesce").asLong()).isZero();
        JsonNode given = run(url(Cli.SORTED), "skipping", "--where", "order_id = 431", "--coalesce", "0", "--json").json();
        assertThat(given.get("network").get("strategy").get("coalesce").asLong()).isZero();
    }

    @Test
    void requestsReportedAreTheRequestsTheServerSaw() {
        // skipping: the footer and index requests were made; their list is the server's log
        Cli.Result r = run(url(Cli.SHUFFLED), "skipping", "--where", "customer_id = 424242", "--prefetch", "0",
                "--connections", "1", "--json");
        assertThat(r.exit()).as(r.toString()).isZero();
        JsonNode net = r.json().get("network");
        List<String> reported = new ArrayList<>();
        for (JsonNode q : net.get("request_list")) {
            if (!q.get("phase").asText().equals("data")) {
                reported.add(q.get("method").asText().equals("HEAD") ? "HEAD"
                        : "GET " + q.get("offset").asLong() + "-" + (q.get("offset").asLong() + q.get("length").asLong() - 1));
            }
        }
        List<String> seen = new ArrayList<>();
        http.log().forEach(l -> seen.add(l.method().equals("HEAD") ? "HEAD" : "GET " + l.first() + "-" + l.last()));
        assertThat(seen).isEqualTo(reported); // one connection: the same order too
        assertThat(seen.get(0)).isEqualTo("HEAD");
        assertThat(net.get("phases").get(1).get("requests").asInt()).isPositive(); // Bloom filters were fetched
        // scan --stats: every phase executed; the count is the server's
        for (String location : List.of(url(Cli.SORTED), s3url(Cli.SORTED))) {
            http.clearLog();
            s3.clearLog();
            Cli.Result s = run(location, "scan", "--where", "order_id = 431", "--prefetch", "4KiB", "--stats");
            assertThat(s.exit()).as(s.toString()).isZero();
            int served = location.startsWith("s3") ? s3.log().size() : http.log().size();
            String line = s.errLines().stream().filter(l -> l.startsWith("requests:")).findFirst().orElseThrow();
            assertThat(line).startsWith("requests:            " + served + " (");
            assertThat(s.out()).contains("431");
        }
    }

    @Test
    void misbehavingServersEndInOneLineAndExit2() throws Exception {
        String sorted = url(Cli.SORTED);
        // a whole file for a suffix that covers it is the answer asked for; for 4 KiB it is not
        http.fail(RangeServer.Fault.WHOLE_FILE);
        assertThat(run(sorted, "scan", "--where", "order_id = 431").exit()).isZero();
        http.fail(RangeServer.Fault.WHOLE_FILE);
        Cli.Result whole = run(sorted, "scan", "--where", "order_id = 431", "--prefetch", "4KiB");
        assertThat(whole.exit()).as(whole.toString()).isEqualTo(2);
        assertThat(whole.errLines()).singleElement().asString().startsWith("pqlab: " + sorted + ": cannot read:")
                .contains("ignored the Range header");
        assertThat(whole.out()).isEmpty();

        http.fail(RangeServer.Fault.STATUS_503, RangeServer.Fault.STATUS_503);
        Cli.Result busy = run(sorted, "footer", "--retries", "1");
        assertThat(busy.exit()).isEqualTo(2);
        assertThat(busy.errLines()).singleElement().asString().contains("HTTP 503").contains("gave up after 2 tries");

        http.fail(RangeServer.Fault.STATUS_503, RangeServer.Fault.SHORT_BODY);
        Cli.Result healed = run(sorted, "scan", "--where", "order_id = 431", "--format", "csv");
        assertThat(healed.exit()).as(healed.toString()).isZero();
        assertThat(healed.out()).isEqualTo(Cli.run("scan", Cli.SORTED.toString(), "--where", "order_id = 431",
                "--format", "csv").out());

        http.fail(RangeServer.Fault.WRONG_RANGE);
        Cli.Result wrong = run(sorted, "schema", "--prefetch", "4KiB");
        assertThat(wrong.exit()).isEqualTo(2);
        assertThat(wrong.errLines()).singleElement().asString().contains("Content-Range 'bytes 22822-26916/26917'");

        http.slowMillis(1500);
        http.fail(RangeServer.Fault.SLOW, RangeServer.Fault.SLOW);
        Cli.Result slow = run(sorted, "footer", "--timeout-ms", "300", "--retries", "1");
        assertThat(slow.exit()).isEqualTo(2);
        // Under load the headers may miss the deadline too: either way the one line names the timeout.
        assertThat(slow.errLines()).singleElement().asString().containsPattern("no (complete )?answer within 300 ms");

        Cli.Result missing = run(url(Cli.FIXTURES.resolve("nope.parquet")), "footer");
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.errLines()).singleElement().asString().endsWith(": no such file");
        Cli.Result missingKey = run("s3://" + S3Server.BUCKET + "/nope.parquet", "footer");
        assertThat(missingKey.exit()).isEqualTo(2);
        assertThat(missingKey.errLines()).singleElement().asString().endsWith(": no such file");

        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        Cli.Result refused = run("http://127.0.0.1:" + closed + "/x.parquet", "footer", "--retries", "0");
        assertThat(refused.exit()).isEqualTo(2);
        assertThat(refused.errLines()).singleElement().asString().contains("cannot connect");

        for (String[] bad : new String[][] {{"footer", "http:///x.parquet"}, {"footer", "s3://bucket"},
                {"footer", sorted, "--prefetch", "lots"}, {"scan", sorted, "--coalesce", "-5"},
                {"scan", sorted, "--connections", "0"}, {"scan", sorted, "--bandwidth", "fast"}}) {
            Cli.Result b = Cli.run(bad);
            assertThat(b.exit()).as(String.join(" ", bad) + ": " + b).isEqualTo(2);
            assertThat(b.errLines()).as(String.join(" ", bad)).hasSize(1);
        }
    }
}
