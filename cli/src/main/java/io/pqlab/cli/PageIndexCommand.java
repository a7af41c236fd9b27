package io.pqlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqlab.ParquetFile;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.format.RowGroup;
import io.pqlab.internal.pageindex.ColumnIndex;
import io.pqlab.internal.pageindex.OffsetIndex;
import io.pqlab.internal.pageindex.PageIndexReader;
import io.pqlab.internal.pageindex.PageLocation;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.internal.values.ColumnType;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code pqlab page-index FILE [COLUMN]}: a column's ColumnIndex and OffsetIndex, page by page;
 * without COLUMN, every column's in one table.
 */
@Command(
        name = "page-index",
        mixinStandardHelpOptions = true,
        description = {
            "Show a column's page index per row group: from the ColumnIndex each page's null flag, "
                    + "minimum and maximum (in the column's logical type), null and NaN counts, and the "
                    + "boundary order; from the OffsetIndex each page's offset, size, first row and row range.",
            "An index that cannot be trusted is shown with the reason; a reader would not use it. Rows are "
                    + "counted from the start of the row group, as the OffsetIndex counts them.",
            "Without COLUMN: every column, one table; --json gives \"columns\", one object per column."
        })
final class PageIndexCommand extends FileCommand {

    @Parameters(index = "1", arity = "0..1", paramLabel = "COLUMN",
            description = "A dotted path or a leaf index (see 'pqlab schema'); default: every column.")
    String column;

    @Option(names = "--row-group", paramLabel = "N", description = "Only row group N (0-based); default: all.")
    Integer rowGroup;

    @Override
    void build(ParquetFile pf, ObjectNode a) throws Exception {
        if (column == null) {
            ArrayNode all = a.putArray("columns");
            for (ColumnDescriptor c : pf.schema().columns()) {
                build(pf, c, all.addObject());
            }
            return;
        }
        build(pf, Columns.resolve(pf.schema(), column), a);
    }

    private void build(ParquetFile pf, ColumnDescriptor c, ObjectNode a) throws Exception {
        ColumnType type = Columns.type(c);
        a.set("column", Columns.describe(c));
        ArrayNode groups = a.putArray("row_groups");
        for (int g : rowGroups(pf, rowGroup)) {
            RowGroup rg = ParquetFiles.rowGroup(pf, g);
            ColumnChunk cc = ParquetFiles.chunk(pf, g, c.index());
            ColumnIndex ci = PageIndexReader.columnIndex(pf.source(), cc);
            OffsetIndex oi = PageIndexReader.offsetIndex(pf.source(), cc);
            ObjectNode n = groups.addObject();
            n.put("row_group", g);
            Json.putOptional(n, "num_rows", rg.numRows());
            String oiProblem = oi == null ? null : oi.problem(cc, rg.numRows());
            String ciProblem = ci == null ? null
                    : ci.problem(oi, c.type(), c.typeLength(), c.maxRepetitionLevel(), c.maxDefinitionLevel());
            if (ci == null) {
                n.putNull("column_index");
            } else {
                ObjectNode cin = n.putObject("column_index");
                cin.put("offset", ci.offset());
                cin.put("length", ci.length());
                cin.put("end", ci.end());
                cin.put("boundary_order", ci.boundaryOrder().name());
                cin.put("problem", ciProblem);
            }
            if (oi == null) {
                n.putNull("offset_index");
            } else {
                ObjectNode oin = n.putObject("offset_index");
                oin.put("offset", oi.offset());
                oin.put("length", oi.length());
                oin.put("end", oi.end());
                oin.put("problem", oiProblem);
            }
            int pages = Math.max(oi == null ? 0 : oi.pageCount(), ci == null ? 0 : ci.pageCount());
            ArrayNode pn = n.putArray("pages");
            for (int i = 0; i < pages; i++) {
                pn.add(page(i, ci, oi, type, rg.numRows()));
            }
        }
    }

    /** A page's rows, [first, end) counted in its row group. */
    private static String rows(JsonNode p) {
        return p.get("first_row").isNull() || p.get("end_row").isNull() ? "-"
                : "[" + p.get("first_row").asLong() + ", " + p.get("end_row").asLong() + ")";
    }

    /** "usable", or why a reader would not use the row group's indexes. */
    private static String problem(JsonNode g) {
        for (String k : new String[] {"column_index", "offset_index"}) {
            JsonNode i = g.get(k);
            if (i.isNull()) {
                return "no " + (k.equals("column_index") ? "ColumnIndex" : "OffsetIndex");
            }
            if (!i.get("problem").isNull()) {
                return "not usable: " + i.get("problem").asText();
            }
        }
        return "usable";
    }

    /**
     * Page i as both indexes describe it. An index with a problem may have lists of the wrong
     * length: every entry is read only where it exists, and is null otherwise.
     */
    private static ObjectNode page(int i, ColumnIndex ci, OffsetIndex oi, ColumnType type, long numRows) {
        ObjectNode p = Json.object();
        p.put("page", i);
        boolean[] nullPages = ci == null ? null : ci.nullPages();
        Boolean nullPage = nullPages != null && i < nullPages.length ? nullPages[i] : null;
        if (nullPage == null) {
            p.putNull("null_page");
        } else {
            p.put("null_page", nullPage);
        }
        boolean bounds = ci != null && Boolean.FALSE.equals(nullPage);
        byte[] min = bounds && ci.minValues() != null && i < ci.minValues().size() ? ci.minValues().get(i) : null;
        byte[] max = bounds && ci.maxValues() != null && i < ci.maxValues().size() ? ci.maxValues().get(i) : null;
        p.put("min", Columns.format(min, type));
        p.put("max", Columns.format(max, type));
        Json.putOptional(p, "null_count", ci != null && ci.nullCounts() != null && i < ci.nullCounts().length
                ? ci.nullCount(i) : -1);
        Json.putOptional(p, "nan_count", ci != null && ci.nanCounts() != null && i < ci.nanCounts().length
                ? ci.nanCount(i) : -1);
        if (oi != null && oi.pages() != null && i < oi.pageCount()) {
            PageLocation loc = oi.page(i);
            Json.putOptional(p, "offset", loc.offset());
            Json.putOptional(p, "size", loc.compressedPageSize());
            Json.putOptional(p, "first_row", loc.firstRowIndex());
            long end = oi.endRow(i, numRows);
            Json.putOptional(p, "end_row", loc.firstRowIndex() >= 0 && end >= 0 ? end : -1);
            Json.putOptional(p, "rows", loc.firstRowIndex() >= 0 && end >= loc.firstRowIndex()
                    ? end - loc.firstRowIndex() : -1);
        } else {
            for (String k : new String[] {"offset", "size", "first_row", "end_row", "rows"}) {
                p.putNull(k);
            }
        }
        return p;
    }

    @Override
    void render(ObjectNode a, PrintWriter out) {
        if (a.has("columns")) {
            Table t = new Table("column", ">row group", ">page", "null page", "min", "max", ">nulls", ">NaNs", ">offset",
                    ">size", "rows in group", "index");
            for (JsonNode c : a.get("columns")) {
                for (JsonNode g : c.get("row_groups")) {
                    String problem = problem(g);
                    if (g.get("pages").isEmpty()) {
                        t.row(c.get("column").get("path").asText(), g.get("row_group").asInt(), "-", "-", "-", "-", "-",
                                "-", "-", "-", "-", g.get("column_index").isNull() && g.get("offset_index").isNull()
                                        ? "none" : problem);
                    }
                    for (JsonNode p : g.get("pages")) {
                        t.row(c.get("column").get("path").asText(), g.get("row_group").asInt(), p.get("page").asInt(),
                                Json.yesNo(p, "null_page"), Json.text(p, "min"), Json.text(p, "max"),
                                Json.text(p, "null_count"), Json.text(p, "nan_count"), Json.text(p, "offset"),
                                Json.text(p, "size"), rows(p), problem);
                    }
                }
            }
            t.print(out, "");
            return;
        }
        out.println("column " + Columns.heading(a.get("column")));
        for (JsonNode g : a.get("row_groups")) {
            out.println();
            out.println("row group " + g.get("row_group").asInt() + ": " + Json.text(g, "num_rows") + " rows");
            JsonNode ci = g.get("column_index");
            JsonNode oi = g.get("offset_index");
            if (ci.isNull()) {
                out.println("  ColumnIndex: none");
            } else {
                out.println("  ColumnIndex: " + Json.span(g, "column_index") + ", boundary order "
                        + ci.get("boundary_order").asText());
                if (!ci.get("problem").isNull()) {
                    out.println("    not usable: " + Table.oneLine(ci.get("problem").asText()));
                }
            }
            if (oi.isNull()) {
                out.println("  OffsetIndex: none");
            } else {
                out.println("  OffsetIndex: " + Json.span(g, "offset_index"));
                if (!oi.get("problem").isNull()) {
                    out.println("    not usable: " + Table.oneLine(oi.get("problem").asText()));
                }
            }
            if (g.get("pages").isEmpty()) {
                continue;
            }
            Table t = new Table(">page", "null page", "min", "max", ">nulls", ">NaNs", ">offset", ">size",
                    "rows in group");
            for (JsonNode p : g.get("pages")) {
                t.row(p.get("page").asInt(), Json.yesNo(p, "null_page"), Json.text(p, "min"), Json.text(p, "max"),
                        Json.text(p, "null_count"), Json.text(p, "nan_count"), Json.text(p, "offset"),
                        Json.text(p, "size"), rows(p));
            }
            t.print(out, "  ");
        }
    }
}
