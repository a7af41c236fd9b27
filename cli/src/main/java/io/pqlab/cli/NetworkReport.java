package io.pqlab.cli;

import io.pqlab.Mechanism;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqlab.io.HttpSource;
import io.pqlab.internal.net.Accounting;
import io.pqlab.internal.net.ByteCounts;
import io.pqlab.internal.net.CostModel;
import io.pqlab.internal.net.ReadSession;
import io.pqlab.internal.net.RequestLog;
import io.pqlab.internal.net.Strategy;
import io.pqlab.internal.net.StrategyComparison;
import java.io.PrintWriter;
import java.util.List;

/** Requests, bytes and time, phase by phase, for people and for tools. */
final class NetworkReport {
    private NetworkReport() {}

    static String kind(ReadSession s) {
        Object inner = s.source().inner();
        if (inner instanceof HttpSource) {
            return "http";
        }
        return inner.getClass().getSimpleName().equals("S3Source") ? "s3" : "file";
    }

    static ObjectNode json(ReadSession session, Accounting a, ByteCounts counts, boolean withRequests) {
        ObjectNode o = PlanReport.MAPPER.createObjectNode();
        o.put("source", kind(session));
        Strategy s = session.strategy();
        ObjectNode st = o.putObject("strategy");
        st.put("prefetch", s.prefetch());
        st.put("coalesce", s.gap());
        st.put("connections", s.connections());
        model(o.putObject("model"), a.model());
        ArrayNode phases = o.putArray("phases");
        for (Accounting.PhaseCost p : a.phases()) {
            ObjectNode n = phases.addObject();
            n.put("phase", p.phase());
            n.put("requests", p.requestCount());
            n.put("bytes", p.bytes());
            n.put("executed", p.executed());
            n.put("wall_ms", ms(p.wallNanos() / 1000.0));
            n.put("model_ms", ms(p.modelMicros()));
        }
        o.put("requests", a.requests());
        o.put("bytes", a.bytes());
        o.put("wall_ms", ms(a.wallNanos() / 1000.0));
        o.put("model_ms", ms(a.modelMicros()));
        o.put("retries", a.retries());
        o.set("fetched", countsJson(counts));
        if (withRequests) {
            ArrayNode list = o.putArray("request_list");
            List<RequestLog.Request> rs = a.requestList();
            List<long[]> sched = a.schedule();
            for (int i = 0; i < rs.size(); i++) {
                RequestLog.Request r = rs.get(i);
                ObjectNode n = list.addObject();
                n.put("phase", r.phase());
                n.put("method", r.method());
                n.put("offset", r.offset());
                n.put("length", r.length());
                n.put("model_start_ms", ms(sched.get(i)[0]));
                n.put("model_end_ms", ms(sched.get(i)[1]));
            }
        }
        return o;
    }

    /** The bytes fetched by kind ({@link ByteCounts}), the keys its names; they add up to "total". */
    static ObjectNode countsJson(ByteCounts b) {
        ObjectNode o = PlanReport.MAPPER.createObjectNode();
        long[] parts = b.parts();
        for (int i = 0; i < parts.length; i++) {
            o.put(ByteCounts.NAMES.get(i), parts[i]);
            if (ByteCounts.NAMES.get(i).equals("data_pages")) {
                if (b.decoded() >= 0) {
                    o.put("data_pages_decoded", b.decoded());
                } else {
                    o.putNull("data_pages_decoded"); // planned, not read
                }
            }
        }
        o.put("total", b.total());
        return o;
    }

    /** Requests by phase: "footer 2, indexes 3, data 13" (data "planned" where not made). */
    static String phaseCounts(Accounting a) {
        List<String> parts = new java.util.ArrayList<>();
        for (Accounting.PhaseCost p : a.phases()) {
            parts.add(p.phase() + " " + p.requestCount() + (p.executed() ? "" : " planned"));
        }
        return String.join(", ", parts);
    }

    /**
     * The one accounting for people: requests by phase, then every byte fetched by kind, each
     * counted once and adding up to the total. skipping, scan --stats, requests and map print
     * it so, with {@code labelWidth} aligning it with the lines around.
     */
    static void printCounts(PrintWriter out, Accounting a, ByteCounts b, long fileSize, int labelWidth) {
        String label = "%-" + labelWidth + "s";
        out.printf(label + "%,d (%s)%n", "requests:", a.requests(), phaseCounts(a));
        out.printf(label + "%,d of a %,d-byte file, each byte in one of:%n", "bytes fetched:", b.total(), fileSize);
        Table t = new Table("kind", ">bytes", "");
        long[] parts = b.parts();
        for (int i = 0; i < parts.length; i++) {
            String name = ByteCounts.NAMES.get(i).replace('_', ' ');
            String note = switch (ByteCounts.NAMES.get(i)) {
                case "indexes" -> "ColumnIndexes and OffsetIndexes";
                case "filters" -> "Bloom filters";
                case "dictionaries" -> "to decide or to decode, once";
                case "data_pages" -> b.decoded() < 0 ? "the pages the plan keeps (planned)"
                        : String.format("%,d decoded, %,d fetched and not decoded", b.decoded(), parts[i] - b.decoded());
                case "other" -> "in no structure the footer names (the leading magic)";
                case "gaps" -> "pages the plan skips, fetched between merged ranges or in the footer's read";
                default -> "";
            };
            t.row(name, String.format("%,d", parts[i]), note);
        }
        t.printRows(out, "  ");
    }

    static void model(ObjectNode o, CostModel m) {
        o.put("latency_ms", ms(m.latencyMicros()));
        o.put("bandwidth", m.bandwidth());
        o.put("connections", m.connections());
    }

    static double ms(double micros) {
        return Math.round(micros / 10.0) / 100.0;
    }

    static String time(double micros) {
        double ms = micros / 1000.0;
        if (micros == 0) {
            return "0 ms";
        }
        if (ms >= 100) {
            return String.format("%,.0f ms", ms);
        }
        if (ms >= 10) {
            return String.format("%.1f ms", ms);
        }
        return String.format("%.2f ms", ms);
    }

    /** A modelled interval: 20.0-40.1 ms. */
    static String interval(long startMicros, long endMicros) {
        return String.format("%.1f-%.1f ms", startMicros / 1000.0, endMicros / 1000.0);
    }

    static String network(CostModel m) {
        return time(m.latencyMicros()) + " a request, "
                + (m.bandwidth() == 0 ? "unlimited bandwidth" : rate(m.bandwidth())) + ", " + m.connections()
                + (m.connections() == 1 ? " connection" : " connections");
    }

    static String rate(long bytesPerSecond) {
        if (bytesPerSecond >= 1_000_000_000 && bytesPerSecond % 1_000_000_000 == 0) {
            return bytesPerSecond / 1_000_000_000 + " GB/s";
        }
        if (bytesPerSecond >= 1_000_000 && bytesPerSecond % 1_000_000 == 0) {
            return bytesPerSecond / 1_000_000 + " MB/s";
        }
        return String.format("%,d bytes/s", bytesPerSecond);
    }

    /** The phase table: requests, bytes, measured and modelled time. */
    static void printPhases(PrintWriter out, Accounting a, String indent) {
        Table t = new Table("phase", ">requests", ">bytes", ">time here", ">time modelled");
        for (Accounting.PhaseCost p : a.phases()) {
            t.row(p.phase() + (p.executed() ? "" : " (planned)"), Integer.toString(p.requestCount()),
                    String.format("%,d", p.bytes()), p.executed() ? time(p.wallNanos() / 1000.0) : "-",
                    time(p.modelMicros()));
        }
        t.row("total", Integer.toString(a.requests()), String.format("%,d", a.bytes()), time(a.wallNanos() / 1000.0),
                time(a.modelMicros()));
        t.print(out, indent);
        out.printf("%smodelled on %s%s%n", indent, network(a.model()),
                a.retries() > 0 ? "; " + a.retries() + " failed requests were retried" : "");
    }

    static void printCompare(PrintWriter out, List<StrategyComparison.Row> rows, String file, String condition,
            CostModel model) {
        out.printf("%s: %s%n", file, condition == null ? "every row" : condition);
        out.printf("modelled on %s a request, %s%n%n", time(model.latencyMicros()),
                model.bandwidth() == 0 ? "unlimited bandwidth" : rate(model.bandwidth()));
        Table t = new Table("strategy", ">requests", ">bytes fetched", ">time");
        for (StrategyComparison.Row r : rows) {
            t.row(r.name(), Integer.toString(r.requests()), String.format("%,d", r.bytes()), time(r.modelMicros()));
        }
        t.print(out, "");
    }

    static ObjectNode compareJson(List<StrategyComparison.Row> rows, String file, String condition, CostModel model) {
        ObjectNode o = PlanReport.MAPPER.createObjectNode();
        o.put("file", file);
        o.put("condition", condition);
        model(o.putObject("model"), model);
        ArrayNode a = o.putArray("strategies");
        for (StrategyComparison.Row r : rows) {
            ObjectNode n = a.addObject();
            n.put("name", r.name());
            if (r.strategy() != null) {
                n.put("prefetch", r.strategy().prefetch());
                n.put("coalesce", r.strategy().gap());
                n.put("connections", r.strategy().connections());
                ArrayNode m = n.putArray("mechanisms");
                Mechanism.names(r.mechanisms()).forEach(m::add);
                ArrayNode phases = n.putArray("phases");
                for (Accounting.PhaseCost p : r.accounting().phases()) {
                    ObjectNode pn = phases.addObject();
                    pn.put("phase", p.phase());
                    pn.put("requests", p.requestCount());
                    pn.put("bytes", p.bytes());
                    pn.put("model_ms", ms(p.modelMicros()));
                }
            } else {
                n.putNull("prefetch");
            }
            n.put("requests", r.requests());
            n.put("bytes", r.bytes());
            n.put("model_ms", ms(r.modelMicros()));
        }
        return o;
    }
}
