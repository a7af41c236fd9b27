package io.pqlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqlab.ParquetFile;
import io.pqlab.internal.format.Encoding;
import io.pqlab.internal.format.PageType;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.column.ChunkPages;
import io.pqlab.internal.pages.PageInfo;
import io.pqlab.internal.pages.PageWalker;
import io.pqlab.schema.ColumnDescriptor;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code pqlab pages FILE [COLUMN]}: every page of a column's chunks, by walking their headers;
 * without COLUMN, every column's pages in one table.
 */
@Command(
        name = "pages",
        mixinStandardHelpOptions = true,
        description = {
            "Walk a column chunk's page headers and show each page: offset, header length, compressed "
                    + "and uncompressed size, type, value count, encoding and first row.",
            "Reads the page headers only, never the page bodies. The first row is known only where "
                    + "the headers say it: '-' after a v1 page of a repeated column. Rows are counted from the "
                    + "start of the row group (the file's row is the row group's first row plus it).",
            "Without COLUMN: every column's pages, one table; --json gives \"columns\", one object per column."
        })
final class PagesCommand extends ColumnCommand {

    @Mixin
    RowGroupOption rowGroups = new RowGroupOption();

    @Override
    void build(ParquetFile pf, ColumnDescriptor c, ObjectNode a) throws Exception {
        a.set("column", Columns.describe(c));
        ArrayNode groups = a.putArray("row_groups");
        for (int g : rowGroups.of(pf)) {
            ObjectNode n = groups.addObject();
            n.put("row_group", g);
            Json.putOptional(n, "num_rows", ParquetFiles.rowGroup(pf, g).numRows());
            PageWalker w = ChunkPages.pageWalker(pf, g, c.index());
            n.put("chunk_start", w.start());
            n.put("chunk_end", w.end());
            ArrayNode pages = n.putArray("pages");
            PageInfo p;
            int i = 0;
            while ((p = w.next()) != null) {
                ObjectNode pn = pages.addObject();
                pn.put("page", i++);
                pn.put("offset", p.offset());
                pn.put("header_length", p.headerLength());
                pn.put("compressed_size", p.compressedSize());
                pn.put("uncompressed_size", p.uncompressedSize());
                pn.put("type", PageType.name(p.type()));
                Json.putOptional(pn, "num_values", p.numValues());
                pn.put("encoding", p.encoding() < 0 ? null : Encoding.name(p.encoding()));
                Json.putOptional(pn, "first_row", p.firstRow());
                Json.putOptional(pn, "num_rows", p.numRows());
                Json.putOptional(pn, "num_nulls", p.numNulls());
                pn.put("crc", p.header().hasCrc());
                pn.put("statistics", p.header().statistics() != null);
            }
        }
    }

    @Override
    void render(ObjectNode a, PrintWriter out) {
        if (a.has("columns")) {
            Table t = new Table("column", ">row group", ">page", ">offset", ">header", ">compressed", ">uncompressed",
                    "type", ">values", "encoding", ">first row in group", ">rows", ">nulls");
            for (JsonNode c : a.get("columns")) {
                for (JsonNode g : c.get("row_groups")) {
                    for (JsonNode p : g.get("pages")) {
                        t.row(c.get("column").get("path").asText(), g.get("row_group").asInt(), p.get("page").asInt(),
                                p.get("offset").asLong(), p.get("header_length").asInt(), p.get("compressed_size").asInt(),
                                p.get("uncompressed_size").asInt(), p.get("type").asText(), Json.text(p, "num_values"),
                                Json.text(p, "encoding"), Json.text(p, "first_row"), Json.text(p, "num_rows"),
                                Json.text(p, "num_nulls"));
                    }
                }
            }
            t.print(out, "");
            return;
        }
        out.println("column " + Columns.heading(a.get("column")));
        for (JsonNode g : a.get("row_groups")) {
            out.println();
            JsonNode pages = g.get("pages");
            out.println("row group " + g.get("row_group").asInt() + ": " + Json.text(g, "num_rows") + " rows, chunk ["
                    + g.get("chunk_start").asLong() + ", " + g.get("chunk_end").asLong() + "), " + pages.size()
                    + " page" + (pages.size() == 1 ? "" : "s"));
            Table t = new Table(">page", ">offset", ">header", ">compressed", ">uncompressed", "type", ">values",
                    "encoding", ">first row in group", ">rows", ">nulls", "crc");
            for (JsonNode p : pages) {
                t.row(p.get("page").asInt(), p.get("offset").asLong(), p.get("header_length").asInt(),
                        p.get("compressed_size").asInt(), p.get("uncompressed_size").asInt(), p.get("type").asText(),
                        Json.text(p, "num_values"), Json.text(p, "encoding"), Json.text(p, "first_row"),
                        Json.text(p, "num_rows"), Json.text(p, "num_nulls"), Json.yesNo(p, "crc"));
            }
            if (!t.isEmpty()) {
                t.print(out, "  ");
            }
        }
    }
}
