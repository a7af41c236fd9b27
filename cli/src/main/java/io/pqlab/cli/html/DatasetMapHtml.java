package io.pqlab.cli.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * {@code pqlab map} on a dataset: one self-contained HTML page (no script, nothing fetched) from
 * the dataset plan's JSON ({@code skipping --json} on the dataset): the totals, the files skipped
 * by each mechanism, and a line per file in dataset order with its partition values, its fate and
 * why, and a bar to scale of its size, the bytes it reads and the bytes read to decide.
 */
public final class DatasetMapHtml {
    private DatasetMapHtml() {}

    /** The colour of each outcome (as skipping --json names them), read or skipped. */
    private static String colour(String outcome) {
        return switch (outcome) {
            case "read" -> "#2b7bb9";
            case "skipped_by_partition" -> "#8e44ad";
            case "skipped_by_schema" -> "#16a085";
            case "skipped" -> "#7f8c8d";
            case "bad" -> "#c0392b";
            default -> "#444";
        };
    }

    public static String render(ObjectNode plan) {
        StringBuilder h = new StringBuilder();
        String condition = plan.path("condition").isNull() ? null : plan.path("condition").asText(null);
        JsonNode t = plan.path("totals");
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(esc("pqlab map: dataset — " + (condition == null ? "layout" : condition))).append("</title>\n")
                .append("<style>body{font:13px system-ui,sans-serif;margin:1.5em}table{border-collapse:collapse}"
                        + "td,th{padding:2px 8px;text-align:left;vertical-align:middle;border-bottom:1px solid #eee}"
                        + "td.n{text-align:right;font-variant-numeric:tabular-nums}.bar{position:relative;height:12px;"
                        + "background:#eee;min-width:1px}.bar span{position:absolute;top:0;bottom:0;left:0}"
                        + ".k{display:inline-block;width:10px;height:10px;margin:0 4px 0 12px}</style></head><body>\n");
        h.append("<h1>").append(esc(condition == null ? "Dataset layout" : "Dataset plan: " + condition)).append("</h1>\n");
        h.append("<p>").append(n(t, "files")).append(" files: ").append(n(t, "files_read")).append(" read, ")
                .append(n(t, "files_skipped")).append(" skipped, ").append(n(t, "files_bad")).append(" bad; ")
                .append(n(t, "row_groups_skipped")).append(" of ").append(n(t, "row_groups"))
                .append(" row groups skipped; ").append(n(t, "rows_kept")).append(" rows kept; ")
                .append(n(t, "bytes_read")).append(" bytes read, ").append(n(t, "bytes_to_decide"))
                .append(" to decide, in ").append(n(t, "requests")).append(" requests.</p>\n");
        if (t.path("skipped_by").size() > 0) {
            h.append("<table><tr><th>skipped by</th><th>files</th><th>row groups</th><th>pages</th></tr>\n");
            t.path("skipped_by").fields().forEachRemaining(e -> h.append("<tr><td>").append(esc(e.getKey()))
                    .append("</td><td class=n>").append(n(e.getValue(), "files")).append("</td><td class=n>")
                    .append(n(e.getValue(), "row_groups")).append("</td><td class=n>").append(n(e.getValue(), "pages"))
                    .append("</td></tr>\n"));
            h.append("</table>\n");
        }
        h.append("<p>");
        for (String o : new String[] {"read", "skipped", "skipped_by_partition", "skipped_by_schema", "bad"}) {
            h.append("<span class=k style=\"background:").append(colour(o)).append("\"></span>").append(o);
        }
        h.append("<span class=k style=\"background:#f39c12\"></span>bytes to decide; the bar is the file's size"
                + " (the widest the largest file), its dark part the bytes read</p>\n");
        long max = 1;
        for (JsonNode f : plan.path("files")) {
            max = Math.max(max, f.path("file_size").asLong());
        }
        h.append("<table><tr><th>file</th><th>partition</th><th>fate</th><th>size</th><th>read</th>"
                + "<th>to decide</th><th style=\"width:30%\"></th><th>why</th></tr>\n");
        for (JsonNode f : plan.path("files")) {
            String outcome = f.path("outcome").asText();
            long size = f.path("file_size").asLong();
            long read = f.path("bytes_read").asLong();
            long decide = f.path("footer_bytes_read").asLong() + f.path("index_bytes").asLong();
            StringBuilder part = new StringBuilder();
            f.path("partition").fields().forEachRemaining(e -> part.append(part.length() == 0 ? "" : ", ")
                    .append(e.getKey()).append('=').append(e.getValue().isNull() ? "null" : e.getValue().asText()));
            double w = 100.0 * size / max;
            h.append("<tr><td>").append(esc(f.path("file").asText())).append("</td><td>").append(esc(part.toString()))
                    .append("</td><td style=\"color:").append(colour(outcome)).append("\">").append(esc(outcome))
                    .append("</td><td class=n>").append(String.format(Locale.ROOT, "%,d", size))
                    .append("</td><td class=n>").append(String.format(Locale.ROOT, "%,d", read))
                    .append("</td><td class=n>").append(String.format(Locale.ROOT, "%,d", decide))
                    .append("</td><td><div class=bar style=\"width:").append(pct(w)).append("\">")
                    .append("<span style=\"width:").append(pct(size == 0 ? 0 : 100.0 * Math.min(read, size) / size))
                    .append(";background:").append(colour(outcome)).append("\"></span>")
                    .append("<span style=\"left:auto;right:0;width:")
                    .append(pct(size == 0 ? 0 : 100.0 * Math.min(decide, size) / size))
                    .append(";background:#f39c12\"></span></div></td><td>")
                    .append(esc(f.path("reason").isNull() ? "" : f.path("reason").asText())).append("</td></tr>\n");
        }
        h.append("</table>\n</body></html>\n");
        return h.toString();
    }

    public static void write(ObjectNode plan, Path out) throws IOException {
        Files.writeString(out, render(plan), StandardCharsets.UTF_8);
    }

    private static String n(JsonNode o, String field) {
        return String.format(Locale.ROOT, "%,d", o.path(field).asLong());
    }

    private static String pct(double p) {
        return String.format(Locale.ROOT, "%.2f%%", Math.max(0, Math.min(100, p)));
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
