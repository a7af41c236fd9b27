package io.pqlab.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqlab.ParquetFile;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.plan.ColumnRead;
import io.pqlab.Mechanism;
import static io.pqlab.Mechanism.BLOOM;
import static io.pqlab.Mechanism.DICTIONARY;
import static io.pqlab.Mechanism.PAGE_INDEX;
import static io.pqlab.Mechanism.STATISTICS;
import java.util.Set;
import io.pqlab.plan.Plan;
import io.pqlab.internal.plan.Planner;
import io.pqlab.plan.RowGroupPlan;
import io.pqlab.plan.RowRanges;
import io.pqlab.plan.Span;
import io.pqlab.plan.Step;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** Plans for people (tables) and for tools (JSON). */
final class PlanReport {
    static final ObjectMapper MAPPER = new ObjectMapper();

    private PlanReport() {}

    /** One set of mechanisms in the --compare table. */
    record Variant(String name, Set<Mechanism> mechanisms) {}

    record Row(String name, Plan plan) {}

    static final List<Variant> VARIANTS = List.of(
            new Variant("none", Mechanism.none()),
            new Variant("statistics", Mechanism.setOf(STATISTICS)),
            new Variant("statistics, page index", Mechanism.setOf(STATISTICS, PAGE_INDEX)),
            new Variant("statistics, Bloom filters", Mechanism.setOf(STATISTICS, BLOOM)),
            new Variant("statistics, dictionaries", Mechanism.setOf(STATISTICS, DICTIONARY)),
            new Variant("all", Mechanism.all()));

    /** Where the planner's dictionary mechanism reads dictionary pages from. */
    static Planner.DictionarySource dictionaries() {
        return Planner.FILE_DICTIONARIES;
    }

    static ObjectNode json(Plan plan, ParquetFile pf) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("file", plan.file());
        o.put("file_size", plan.fileSize());
        o.put("num_rows", plan.numRows());
        o.put("predicate", plan.predicate());
        ArrayNode mech = o.putArray("mechanisms");
        Mechanism.names(plan.mechanisms()).forEach(mech::add);
        ArrayNode groups = o.putArray("row_groups");
        for (RowGroupPlan g : plan.rowGroups()) {
            ObjectNode gn = groups.addObject();
            gn.put("index", g.index());
            gn.put("first_row", g.firstRow());
            gn.put("num_rows", g.numRows());
            gn.put("skipped", g.skipped());
            gn.put("verdict", g.verdict().name().toLowerCase(java.util.Locale.ROOT));
            gn.set("rows", ranges(g.rows()));
            gn.set("all_match", ranges(g.allMatch()));
            ArrayNode steps = gn.putArray("steps");
            for (Step s : g.steps()) {
                ObjectNode sn = steps.addObject();
                sn.put("mechanism", s.mechanism());
                sn.put("column", s.column());
                sn.put("condition", s.condition());
                sn.put("skip", s.skip());
                sn.put("verdict", s.verdict().name().toLowerCase(java.util.Locale.ROOT));
                sn.put("why", s.why());
            }
            gn.put("index_bytes", g.indexBytes());
        }
        ArrayNode reads = o.putArray("reads");
        for (ColumnRead r : plan.reads()) {
            ObjectNode rn = reads.addObject();
            rn.put("row_group", r.rowGroup());
            rn.put("column", r.path());
            rn.put("pages_read", r.pagesRead());
            rn.put("pages_total", r.pagesTotal());
            rn.put("bytes", r.bytes());
            ArrayNode spans = rn.putArray("spans");
            for (Span s : r.spans()) {
                spans.addArray().add(s.offset()).add(s.length());
            }
            rn.put("why", r.why());
        }
        o.put("bytes_read", plan.bytesRead());
        o.put("index_bytes", plan.indexBytes());
        o.put("requests", plan.requests().size());
        o.put("row_groups_skipped", plan.rowGroupsSkipped());
        o.put("rows_kept", plan.rowsKept());
        return o;
    }

    private static ArrayNode ranges(RowRanges r) {
        ArrayNode a = MAPPER.createArrayNode();
        for (int i = 0; i < r.size(); i++) {
            a.addArray().add(r.start(i)).add(r.end(i));
        }
        return a;
    }

    /** A row group's ranges (counted from its first row) in the file's numbering: [a, b), [c, d). */
    static String absolute(io.pqlab.plan.RowRanges r, long firstRow) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < r.size(); i++) {
            b.append(i == 0 ? "" : ", ").append('[').append(firstRow + r.start(i)).append(", ")
                    .append(firstRow + r.end(i)).append(')');
        }
        return b.toString();
    }

    static void print(PrintWriter out, Plan plan, ParquetFile pf, String condition) {
        out.printf("%s: %,d rows in %d row groups%n", plan.file(), plan.numRows(), plan.rowGroups().size());
        out.printf("condition: %s%n", condition);
        if (!plan.predicate().equals(condition)) {
            out.printf("  as bound: %s%n", plan.predicate());
        }
        out.printf("mechanisms: %s%n%n", plan.mechanisms().isEmpty() ? "none" : String.join(", ", Mechanism.names(plan.mechanisms())));
        for (RowGroupPlan g : plan.rowGroups()) {
            // rows in the file's numbering, [start, end), as everywhere in the output
            String rows = g.numRows() == 0 ? "no rows" : "rows [" + g.firstRow() + ", " + (g.firstRow() + g.numRows()) + ")";
            String fate;
            if (g.skipped()) {
                fate = "skip";
            } else if (g.rows().coversAll(g.numRows())) {
                fate = g.verdict() == io.pqlab.plan.Verdict.ALL ? "read all rows (every row matches)" : "read all rows";
            } else {
                fate = "read rows " + absolute(g.rows(), g.firstRow()) + " (" + g.rows().rowCount() + " of " + g.numRows() + ")";
            }
            out.printf("row group %d (%s): %s%n", g.index(), rows, fate);
            Table steps = new Table("mechanism", "column", "condition", "verdict", "why");
            for (Step s : g.steps()) {
                steps.row(s.mechanism(), s.column(), s.condition(), s.skip() ? "skip" : s.verdict() == io.pqlab.plan.Verdict.ALL ? "all match" : "read", s.why());
            }
            steps.print(out, "  ");
            if (!g.reads().isEmpty()) {
                Table reads = new Table("column", "pages", ">bytes", "spans");
                for (ColumnRead r : g.reads()) {
                    String pages = r.pagesTotal() < 0 ? "whole chunk" : r.pagesRead() + " of " + r.pagesTotal();
                    reads.row(r.path(), pages, String.format("%,d", r.bytes()), spans(r.spans()));
                }
                reads.print(out, "  ");
            }
            out.println();
        }
        long full = fullBytes(pf, plan);
        out.printf("row groups skipped: %d of %d%n", plan.rowGroupsSkipped(), plan.rowGroups().size());
        out.printf("rows kept:          %,d of %,d%n", plan.rowsKept(), plan.numRows());
        // the share of the chunks kept, dictionaries included even where read to decide (the
        // bytes fetched, each once, are the counts below; plan.bytesRead() leaves those out)
        long kept = 0;
        for (ColumnRead r : plan.reads()) {
            kept += r.bytes();
        }
        out.printf("chunks kept:        %,d of %,d column-chunk bytes (%s): dictionaries and data pages%n",
                kept, full, percent(kept, full));
        out.printf("coalescing:         %s%n", plan.coalesceGap() > 0
                ? String.format("ranges less than %,d bytes apart merged", plan.coalesceGap()) : "adjacent ranges merged");
        // then the requests and bytes fetched, as every command prints them (NetworkReport.printCounts)
    }

    /** The column-chunk bytes a full read of the plan's columns would take. */
    static long fullBytes(ParquetFile pf, Plan plan) {
        long n = 0;
        var md = ParquetFiles.metadata(pf);
        java.util.Set<Integer> columns = new java.util.TreeSet<>();
        for (ColumnRead r : plan.reads()) {
            columns.add(r.column());
        }
        if (columns.isEmpty()) {
            for (int c = 0; c < pf.schema().columnCount(); c++) {
                columns.add(c);
            }
        }
        for (var rg : md.rowGroups()) {
            for (int c : columns) {
                var chunk = rg.columns().get(c);
                if (chunk != null && chunk.metaData() != null) {
                    n += chunk.metaData().totalCompressedSize();
                }
            }
        }
        return n;
    }

    static void printCompare(PrintWriter out, List<Row> rows, String condition, ParquetFile pf) {
        out.printf("%s: %s%n%n", pf.source().name(), condition);
        Table t = new Table("mechanisms", ">row groups skipped", ">rows kept", ">bytes read", ">bytes to decide", ">requests");
        for (Row r : rows) {
            Plan p = r.plan();
            t.row(r.name(), p.rowGroupsSkipped() + " of " + p.rowGroups().size(), String.format("%,d", p.rowsKept()),
                    String.format("%,d", p.bytesRead()), String.format("%,d", p.indexBytes()),
                    Integer.toString(p.requests().size()));
        }
        t.print(out, "");
    }

    static ObjectNode compareJson(List<Row> rows, String condition, ParquetFile pf) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("file", pf.source().name());
        o.put("condition", condition);
        ArrayNode a = o.putArray("variants");
        for (Row r : rows) {
            ObjectNode n = a.addObject();
            n.put("name", r.name());
            ArrayNode m = n.putArray("mechanisms");
            Mechanism.names(r.plan().mechanisms()).forEach(m::add);
            n.put("row_groups_skipped", r.plan().rowGroupsSkipped());
            n.put("row_groups", r.plan().rowGroups().size());
            n.put("rows_kept", r.plan().rowsKept());
            n.put("bytes_read", r.plan().bytesRead());
            n.put("index_bytes", r.plan().indexBytes());
            n.put("requests", r.plan().requests().size());
        }
        return o;
    }

    private static String spans(List<Span> spans) {
        List<String> parts = new ArrayList<>();
        for (Span s : spans) {
            parts.add(s.offset() + "+" + s.length());
            if (parts.size() == 4 && spans.size() > 5) {
                parts.add("... " + (spans.size() - 4) + " more");
                break;
            }
        }
        return String.join(", ", parts);
    }

    static String percent(long part, long whole) {
        return whole == 0 ? "-" : String.format("%.1f%%", 100.0 * part / whole);
    }
}
