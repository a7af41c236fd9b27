package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.pqlab.internal.net.RangeServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One accounting everywhere (ByteCounts): for the same query, skipping, requests, map (as text
 * and JSON) and scan --stats report the same requests by phase and the same bytes by kind; the
 * kinds add up to the total, the total to the phases' bytes, and over HTTP to what the server
 * sent.
 */
class AccountingTest {
    @AutoClose
    static RangeServer http;

    /** The kinds as printed, in order, and their JSON keys. */
    static final List<String> NAMES = List.of("footer", "indexes", "filters", "dictionaries", "data pages", "other",
            "gaps");

    @BeforeAll
    static void start() throws Exception {
        http = new RangeServer(Cli.FIXTURES);
    }

    record Case(Path file, String where) {}

    static final Path TINY = Cli.DATA.resolve("alltypes_tiny_pages.parquet");

    static final List<Case> CASES = List.of(
            new Case(Cli.SORTED, "order_id = 431"),
            new Case(Cli.SORTED, "customer_id = 424242 OR amount_cents > 9900"),
            new Case(Cli.SHUFFLED, "country = 'SE'"),
            new Case(Cli.SHUFFLED, "customer_id = 424242"),
            new Case(TINY, "string_col = '3' AND id < 300"),
            new Case(TINY, "id < 30 OR id > 7290"));

    /**
     * A footer read holding nothing but the footer, touching ranges merged even over HTTP (whose
     * default, auto, the first options cover): the plan's figures are then the phases' bytes.
     */
    static final List<String> EXACT = List.of("--prefetch", "0", "--connections", "1", "--coalesce", "0");

    static final List<List<String>> OPTIONS = List.of(
            List.of(),
            List.of("--coalesce", "auto"),
            EXACT,
            List.of("--prefetch", "4KiB", "--coalesce", "4KiB"));

    @Test
    void everyCommandReportsTheSameCountsAndTheyAddUp() {
        int compared = 0;
        for (Case c : CASES) {
            for (List<String> options : OPTIONS) {
                for (String location : List.of(c.file().toString(), http.url(c.file()))) {
                    check(c, location, options);
                    compared++;
                }
            }
        }
        assertThat(compared).isEqualTo(CASES.size() * OPTIONS.size() * 2);
    }

    private static void check(Case c, String location, List<String> options) {
        String what = location + " " + c.where() + " " + options;
        http.clearLog();
        JsonNode plan = json(run("skipping", location, c.where(), options, "--json"));
        JsonNode skipping = plan.get("network");
        long served = servedBytes();
        int servedRequests = http.log().size();
        JsonNode requests = json(run("requests", location, c.where(), options, "--json")); // the network object itself
        assertThat(requests.get("fetched")).as("requests --json = skipping --json: " + what)
                .isEqualTo(skipping.get("fetched"));
        assertThat(phases(requests)).as(what).isEqualTo(phases(skipping));

        Map<String, Long> expected = kinds(skipping.get("fetched"));
        long total = skipping.get("fetched").get("total").asLong();
        assertThat(expected.values().stream().mapToLong(Long::longValue).sum()).as("kinds add up: " + what)
                .isEqualTo(total);
        assertThat(skipping.get("bytes").asLong()).as("phases add up to the same total: " + what).isEqualTo(total);
        if (location.startsWith("http")) {
            // skipping fetched the footer and indexes; the data it only planned
            long notData = 0;
            int notDataRequests = 0;
            for (JsonNode p : skipping.get("phases")) {
                if (!p.get("phase").asText().equals("data")) {
                    notData += p.get("bytes").asLong();
                    notDataRequests += p.get("requests").asInt();
                }
            }
            assertThat(served).as("the server sent what skipping fetched: " + what).isEqualTo(notData);
            assertThat(servedRequests).as(what).isEqualTo(notDataRequests);
        }

        // The plan's own figures count each byte once too: a dictionary the planner read to decide
        // (string_col's on alltypes_tiny_pages) is in index_bytes, not again in bytes_read. Where
        // the footer's read holds nothing else and touching ranges merge (EXACT), the data phase
        // fetches exactly bytes_read, and the index phase index_bytes among what it fetched ahead.
        long bytesRead = plan.get("bytes_read").asLong();
        long indexBytes = plan.get("index_bytes").asLong();
        boolean exact = options.equals(EXACT);
        if (exact) {
            assertThat(phaseBytes(skipping, "data")).as("bytes_read = the data phase: " + what).isEqualTo(bytesRead);
            // (the index phase also holds structures fetched ahead that the plan then did not consult)
            assertThat(indexBytes).as("index_bytes within the index phase: " + what)
                    .isLessThanOrEqualTo(phaseBytes(skipping, "indexes"));
        }
        assertThat(bytesRead + indexBytes).as("no byte of the plan's twice: " + what)
                .isLessThanOrEqualTo(total - expected.get("footer") - expected.get("other"));

        // the same block of text, by every command that prints it
        String phaseLine = "(" + phaseCounts(skipping, true) + ")";
        for (String command : List.of("skipping", "requests", "map")) {
            List<String> rest = new ArrayList<>(options);
            if (command.equals("map")) {
                rest.addAll(List.of("-o", Path.of("target", "accounting-map.html").toString()));
            }
            Cli.Result r = run(command, location, c.where(), rest);
            assertThat(r.exit()).as(r.toString()).isZero();
            assertThat(text(r.out())).as(command + ": " + what).isEqualTo(expected);
            if (command.equals("map")) {
                // the HTML map's totals are the plan's figures
                assertThat(readString(Path.of("target", "accounting-map.html"))).as("map totals: " + what)
                        .contains("\"totals\":{\"bytesRead\":" + bytesRead + ",")
                        .contains("\"indexBytes\":" + indexBytes + ",");
                // and its chunks' figures add up to them: a dictionary read to decide is not in a chunk's "read"
                assertThat(chunkBytesRead(readString(Path.of("target", "accounting-map.html")))).as("map chunks: " + what)
                        .isEqualTo(bytesRead);
            }
            assertThat(r.out()).as(command + ": " + what).contains(String.format("bytes fetched:      %,d of a", total))
                    .containsPattern("requests: +" + skipping.get("requests").asInt() + " " + Pattern.quote(phaseLine));
        }

        if (options.isEmpty()) {
            // skipping --compare: the row with every mechanism is the plan above
            JsonNode all = null;
            for (JsonNode v : json(run("skipping", location, c.where(), options, "--compare", "--json")).get("variants")) {
                all = v.get("name").asText().equals("all") ? v : all;
            }
            assertThat(all).as(what).isNotNull();
            assertThat(all.get("bytes_read").asLong()).as("--compare: " + what).isEqualTo(bytesRead);
            assertThat(all.get("index_bytes").asLong()).as("--compare: " + what).isEqualTo(indexBytes);
        }

        // scan --stats: the data fetched and decoded, counted the same way
        http.clearLog();
        List<String> rest = new ArrayList<>(options);
        rest.addAll(List.of("--stats", "--format", "csv"));
        Cli.Result scan = run("scan", location, c.where(), rest);
        assertThat(scan.exit()).as(scan.toString()).isZero();
        Map<String, Long> scanned = text(scan.err());
        long scanTotal = total(scan.err());
        assertThat(scanned.values().stream().mapToLong(Long::longValue).sum()).as("scan's kinds add up: " + what)
                .isEqualTo(scanTotal);
        if (location.startsWith("http")) {
            assertThat(servedBytes()).as("the server sent what scan fetched: " + what).isEqualTo(scanTotal);
        }
        // the scan reads what skipping planned: the same requests, the same bytes of each kind
        assertThat(scanned).as("scan --stats = skipping: " + what).isEqualTo(expected);
        if (exact) {
            // what the scan fetched (the server's log, over HTTP) beyond the footer and indexes
            assertThat(scanTotal - phaseBytes(skipping, "footer") - phaseBytes(skipping, "indexes"))
                    .as("the scan's data phase = bytes_read: " + what).isEqualTo(bytesRead);
        }
        assertThat(scan.err()).as(what).contains("(" + phaseCounts(skipping, false) + ")");
        Matcher m = Pattern.compile("data pages +([\\d,]+) +([\\d,]+) decoded, ([\\d,]+) fetched and not decoded")
                .matcher(scan.err());
        assertThat(m.find()).as(scan.err()).isTrue();
        assertThat(number(m.group(2)) + number(m.group(3))).isEqualTo(number(m.group(1)));

        if (options.isEmpty()) {
            // the Arrow stream is the same read, counted alike (it was counted as only planned)
            http.clearLog();
            rest = new ArrayList<>(List.of("--stats", "--format", "arrow", "-o",
                    Path.of("target", "accounting.arrows").toString()));
            Cli.Result arrow = run("scan", location, c.where(), rest);
            assertThat(arrow.exit()).as(arrow.toString()).isZero();
            assertThat(text(arrow.err())).as("scan --format arrow --stats = skipping: " + what).isEqualTo(expected);
            assertThat(arrow.err()).as(what).doesNotContain("planned")
                    .contains("(" + phaseCounts(skipping, false) + ")");
            Matcher a = Pattern.compile("data pages +([\\d,]+) +([\\d,]+) decoded, ([\\d,]+) fetched and not decoded")
                    .matcher(arrow.err());
            assertThat(a.find()).as(arrow.err()).isTrue();
            assertThat(a.group(2)).as("the Arrow scan decodes what the csv scan decodes: " + what).isEqualTo(m.group(2));
            if (location.startsWith("http")) {
                assertThat(servedBytes()).as("the server sent what the Arrow scan counted: " + what)
                        .isEqualTo(total(arrow.err()));
            }
        }
    }

    private static Cli.Result run(String command, String location, String where, List<String> options,
            String... more) {
        List<String> args = new ArrayList<>(List.of(command, location, "--where", where));
        args.addAll(options);
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }

    private static JsonNode json(Cli.Result r) {
        assertThat(r.exit()).as(r.toString()).isZero();
        return r.json();
    }

    private static long servedBytes() {
        long n = 0;
        for (RangeServer.Logged l : http.log()) {
            if (l.method().equals("GET")) {
                n += l.last() - l.first() + 1;
            }
        }
        return n;
    }

    private static List<String> phases(JsonNode network) {
        List<String> out = new ArrayList<>();
        network.get("phases").forEach(p -> out.add(p.get("phase").asText() + " " + p.get("requests").asInt() + " "
                + p.get("bytes").asLong()));
        return out;
    }

    private static String readString(Path p) {
        try {
            return java.nio.file.Files.readString(p);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static long phaseBytes(JsonNode network, String phase) {
        long n = 0;
        for (JsonNode p : network.get("phases")) {
            n += p.get("phase").asText().equals(phase) ? p.get("bytes").asLong() : 0;
        }
        return n;
    }

    private static String phaseCounts(JsonNode network, boolean planned) {
        List<String> out = new ArrayList<>();
        network.get("phases").forEach(p -> out.add(p.get("phase").asText() + " " + p.get("requests").asInt()
                + (planned && !p.get("executed").asBoolean() ? " planned" : "")));
        return String.join(", ", out);
    }

    private static Map<String, Long> kinds(JsonNode fetched) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String n : NAMES) {
            out.put(n, fetched.get(n.replace(' ', '_')).asLong());
        }
        return out;
    }

    /** The kinds as printed: "  footer   1,729 ...". */
    private static Map<String, Long> text(String out) {
        Map<String, Long> kinds = new LinkedHashMap<>();
        for (String n : NAMES) {
            Matcher m = Pattern.compile("(?m)^  " + n + " +([\\d,]+)").matcher(out);
            assertThat(m.find()).as(n + " in\n" + out).isTrue();
            kinds.put(n, number(m.group(1)));
        }
        return kinds;
    }

    private static long total(String out) {
        Matcher m = Pattern.compile("bytes fetched: +([\\d,]+) of a").matcher(out);
        assertThat(m.find()).as(out).isTrue();
        return number(m.group(1));
    }

    private static long number(String s) {
        return Long.parseLong(s.replace(",", ""));
    }

    /** The sum of the HTML map's per-chunk bytes read (chunk nodes are those that list pages). */
    private static long chunkBytesRead(String html) {
        String open = "<script type=\"application/json\" id=\"pqlab-data\">";
        int from = html.indexOf(open) + open.length();
        JsonNode data;
        try {
            data = new com.fasterxml.jackson.databind.ObjectMapper().readTree(html.substring(from, html.indexOf("</script>", from)));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new AssertionError("the map's data is not JSON", e);
        }
        long[] sum = {0};
        java.util.ArrayDeque<JsonNode> todo = new java.util.ArrayDeque<>(List.of(data));
        while (!todo.isEmpty()) {
            JsonNode n = todo.pop();
            if (n.isObject() && n.has("firstPage") && n.has("bytesRead")) {
                sum[0] += n.get("bytesRead").asLong();
            }
            n.forEach(todo::push);
        }
        return sum[0];
    }
}
