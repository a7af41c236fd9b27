package io.pqlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqlab.ParquetFile;
import io.pqlab.internal.column.DictionaryPages;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.values.ColumnType;
import io.pqlab.internal.values.ValueFormat;
import io.pqlab.internal.plan.DictionaryProof;
import io.pqlab.schema.ColumnDescriptor;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code pqlab dictionary FILE COLUMN}: each chunk's dictionary page, entry by entry. */
@Command(
        name = "dictionary",
        mixinStandardHelpOptions = true,
        description = {
            "Show a column's dictionary per row group: where the dictionary page lies, its entries in "
                    + "the column's logical type, and whether it holds every value of the chunk (only then "
                    + "can a value missing from it be ruled out: a writer whose dictionary grew too large "
                    + "writes the later pages in another encoding).",
            "Reads the footer and the dictionary pages only."
        })
final class DictionaryCommand extends FileCommand {

    @Parameters(index = "1", paramLabel = "COLUMN", description = "A dotted path or a leaf index (see 'pqlab schema').")
    String column;

    @Option(names = "--row-group", paramLabel = "N", description = "Only row group N (0-based); default: all.")
    Integer rowGroup;

    @Option(names = "--limit", paramLabel = "N", description = "Show at most N entries of each dictionary (the count "
            + "is still the whole dictionary's).")
    Integer limit;

    @Override
    void build(ParquetFile pf, ObjectNode a) throws Exception {
        if (limit != null && limit < 0) {
            throw new Main.UserError("--limit must be 0 or more (it was " + limit + ")");
        }
        ColumnDescriptor c = Columns.resolve(pf.schema(), column);
        ColumnType type = Columns.type(c);
        a.set("column", Columns.describe(c));
        ArrayNode groups = a.putArray("row_groups");
        for (int g : rowGroups(pf, rowGroup)) {
            ObjectNode n = groups.addObject();
            n.put("row_group", g);
            ColumnMetaData md = ParquetFiles.chunk(pf, g, c.index()).metaData();
            if (md == null) {
                n.putNull("dictionary");
                n.put("why", "the chunk's metadata is encrypted");
                continue;
            }
            DictionaryPages.Result d = DictionaryPages.read(pf, g, c.index());
            if (d == null) {
                n.putNull("dictionary");
                n.put("why", "the chunk has no dictionary page");
                continue;
            }
            ObjectNode dn = n.putObject("dictionary");
            dn.put("offset", d.pageOffset());
            dn.put("entries", d.values().size());
            dn.put("bytes_fetched", d.bytesFetched());
            DictionaryProof.Answer proof = DictionaryProof.of(md);
            dn.put("complete", proof.how() != null);
            dn.put("why", proof.how() != null ? proof.how() : proof.refused() != null ? proof.refused()
                    : "nothing proves every data page is dictionary-encoded: pages may have fallen back to another "
                    + "encoding, with values not in the dictionary");
            ArrayNode values = dn.putArray("values");
            int shown = limit == null ? d.values().size() : Math.min(limit, d.values().size());
            for (int i = 0; i < shown; i++) {
                // the token as written, so that 64-bit integers and decimals keep every digit
                values.addRawValue(new com.fasterxml.jackson.databind.util.RawValue(
                        ValueFormat.json(d.values().get(i), type)));
            }
        }
    }

    /** An entry for the table: a string's text, a number's digits. */
    private static String text(JsonNode v) {
        String raw = v instanceof com.fasterxml.jackson.databind.node.POJONode p
                && p.getPojo() instanceof com.fasterxml.jackson.databind.util.RawValue r ? r.rawValue().toString() : v.toString();
        if (raw.startsWith("\"")) {
            try {
                return new com.fasterxml.jackson.databind.ObjectMapper().readTree(raw).asText();
            } catch (java.io.IOException e) {
                return raw;
            }
        }
        return raw.equals("null") ? "NULL" : raw;
    }

    @Override
    void render(ObjectNode a, PrintWriter out) {
        out.println("column " + Columns.heading(a.get("column")));
        for (JsonNode g : a.get("row_groups")) {
            out.println();
            String head = "row group " + g.get("row_group").asInt() + ": ";
            JsonNode d = g.get("dictionary");
            if (d.isNull()) {
                out.println(head + "no dictionary (" + g.get("why").asText() + ")");
                continue;
            }
            int entries = d.get("entries").asInt();
            out.println(head + "dictionary page at byte " + d.get("offset").asLong() + ", " + entries + " entr"
                    + (entries == 1 ? "y" : "ies") + "; " + (d.get("complete").asBoolean() ? "complete: " : "maybe not complete: ")
                    + d.get("why").asText());
            Table t = new Table(">entry", "value");
            int i = 0;
            for (JsonNode v : d.get("values")) {
                t.row(i++, text(v));
            }
            if (!t.isEmpty()) {
                t.print(out, "  ");
            }
            if (i < entries) {
                out.println("  (" + (entries - i) + " more; --limit shows more)");
            }
        }
    }
}
