package io.pqlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqlab.ParquetFile;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.ColumnOrder;
import io.pqlab.internal.format.CompressionCodec;
import io.pqlab.internal.format.Encoding;
import io.pqlab.internal.format.FileMetaData;
import io.pqlab.internal.format.Footer;
import io.pqlab.internal.format.KeyValue;
import io.pqlab.internal.format.PageEncodingStats;
import io.pqlab.internal.format.PageType;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.format.RowGroup;
import io.pqlab.schema.ColumnDescriptor;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code pqlab footer FILE}: what the footer says, row group by row group and chunk by chunk. */
@Command(
        name = "footer",
        mixinStandardHelpOptions = true,
        description = {
            "Show the footer: sizes, writer, format version, rows, row groups, key-value metadata, "
                    + "column orders, and per row group a table of its column chunks (offsets, sizes, "
                    + "codec, encodings, values, dictionary, page index and Bloom filter spans).",
            "Reads nothing but the footer."
        })
final class FooterCommand extends DatasetFileCommand {
    @picocli.CommandLine.Option(names = "--html", paramLabel = "OUT.html",
            description = "Also write the file's layout as one self-contained HTML page (see pqlab map).")
    java.nio.file.Path html;

    @Override
    void build(ParquetFile pf, ObjectNode a) throws java.io.IOException {
        if (html != null) {
            PageMapOutput.writeLayout(pf, html);
            spec.commandLine().getErr().printf("wrote %s: the layout of %s%n", html, file);
        }
        Footer footer = ParquetFiles.footer(pf);
        FileMetaData md = ParquetFiles.metadata(pf);
        a.put("file_size", footer.fileSize());
        a.put("footer_offset", footer.metadataOffset());
        a.put("footer_length", footer.metadataLength());
        a.put("created_by", md.createdBy());
        Json.putOptional(a, "format_version", md.version());
        Json.putOptional(a, "num_rows", md.numRows());
        a.put("num_row_groups", md.rowGroups().size());
        a.put("num_columns", pf.schema().columnCount());
        a.put("footer_encryption_algorithm", md.encryptionAlgorithm());
        ArrayNode kv = a.putArray("key_value_metadata");
        for (KeyValue e : md.keyValueMetadata()) {
            ObjectNode n = kv.addObject();
            n.put("key", e.key());
            n.put("value", e.value());
        }
        List<ColumnOrder> orders = md.columnOrders();
        if (orders == null) {
            a.putNull("column_orders");
        } else {
            ArrayNode on = a.putArray("column_orders");
            for (int i = 0; i < orders.size(); i++) {
                ObjectNode n = on.addObject();
                n.put("column", i);
                n.put("path", i < pf.schema().columnCount() ? pf.schema().column(i).dottedPath() : null);
                n.put("order", orders.get(i) == null ? null : orders.get(i).name());
            }
        }
        ArrayNode groups = a.putArray("row_groups");
        for (int g = 0; g < md.rowGroups().size(); g++) {
            groups.add(rowGroup(pf, g));
        }
    }

    private static ObjectNode rowGroup(ParquetFile pf, int g) {
        RowGroup rg = ParquetFiles.rowGroup(pf, g);
        ObjectNode n = Json.object();
        n.put("row_group", g);
        Json.putOptional(n, "num_rows", rg.numRows());
        Json.putOptional(n, "total_byte_size", rg.totalByteSize());
        Json.putOptional(n, "total_compressed_size", rg.totalCompressedSize());
        Json.putOptional(n, "file_offset", rg.fileOffset());
        Json.putOptional(n, "ordinal", rg.ordinal());
        long first = Long.MAX_VALUE;
        ArrayNode chunks = Json.array();
        for (int c = 0; c < rg.columns().size(); c++) {
            ColumnChunk cc = rg.columns().get(c);
            chunks.add(chunk(pf.schema().column(c), cc));
            if (cc != null && cc.metaData() != null) {
                first = Math.min(first, cc.metaData().chunkStart());
            }
        }
        Json.putOptional(n, "first_chunk_offset", first == Long.MAX_VALUE ? -1 : first);
        n.set("columns", chunks);
        return n;
    }

    private static ObjectNode chunk(ColumnDescriptor column, ColumnChunk cc) {
        ObjectNode n = Json.object();
        n.put("column", column.index());
        n.put("path", column.dottedPath());
        ColumnMetaData m = cc == null ? null : cc.metaData();
        n.put("encrypted", cc != null && cc.encrypted());
        n.put("metadata", m != null);
        n.put("file_path", cc == null ? null : cc.filePath());
        if (m == null) {
            for (String k : List.of("type", "codec", "encodings", "start", "end", "data_page_offset",
                    "dictionary_page_offset", "compressed_size", "uncompressed_size", "num_values", "dictionary",
                    "statistics", "column_index", "offset_index", "bloom_filter")) {
                n.putNull(k);
            }
            return n;
        }
        n.put("type", m.type() == null ? null : m.type().name());
        n.put("codec", CompressionCodec.name(m.codec()));
        ArrayNode enc = n.putArray("encodings");
        for (int e : m.encodings()) {
            enc.add(Encoding.name(e));
        }
        long start = m.chunkStart();
        n.put("start", start);
        if (m.totalCompressedSize() >= 0 && start >= 0) {
            n.put("end", start + m.totalCompressedSize());
        } else {
            n.putNull("end");
        }
        Json.putOptional(n, "data_page_offset", m.dataPageOffset());
        Json.putOptional(n, "dictionary_page_offset", m.dictionaryPageOffset());
        Json.putOptional(n, "compressed_size", m.totalCompressedSize());
        Json.putOptional(n, "uncompressed_size", m.totalUncompressedSize());
        Json.putOptional(n, "num_values", m.numValues());
        n.put("dictionary", hasDictionary(m));
        n.put("statistics", m.statistics() != null);
        n.set("column_index", cc.columnIndexOffset() >= 0 ? Json.span(cc.columnIndexOffset(), cc.columnIndexLength())
                : Json.span(-1, -1));
        n.set("offset_index", cc.offsetIndexOffset() >= 0 ? Json.span(cc.offsetIndexOffset(), cc.offsetIndexLength())
                : Json.span(-1, -1));
        n.set("bloom_filter", Json.span(m.bloomFilterOffset(), m.hasBloomFilter() ? m.bloomFilterLength() : -1));
        return n;
    }

    /**
     * Whether the metadata says the chunk has a dictionary page: a dictionary_page_offset before
     * the first data page (some writers store 0 for none), a dictionary page in the encoding
     * statistics, or a dictionary encoding (old writers put the dictionary at data_page_offset
     * without saying so).
     */
    static boolean hasDictionary(ColumnMetaData m) {
        if (m.dictionaryPageOffset() > 0 && m.dictionaryPageOffset() < m.dataPageOffset()) {
            return true;
        }
        if (m.encodingStats() != null) {
            for (PageEncodingStats s : m.encodingStats()) {
                if (s.pageType() == PageType.DICTIONARY_PAGE.ordinal() && s.count() > 0) {
                    return true;
                }
            }
        }
        for (int e : m.encodings()) {
            if (Encoding.isDictionary(e)) {
                return true;
            }
        }
        return false;
    }

    @Override
    void render(ObjectNode a, PrintWriter out) {
        Table t = new Table("field", "value");
        t.row("file", a.get("file").asText());
        t.row("size", a.get("file_size").asLong() + " bytes");
        t.row("footer", "FileMetaData of " + a.get("footer_length").asLong() + " bytes at byte "
                + a.get("footer_offset").asLong() + ", then its length (4 bytes) and PAR1");
        t.row("created_by", Json.text(a, "created_by"));
        t.row("format version", Json.text(a, "format_version"));
        t.row("rows", Json.text(a, "num_rows"));
        t.row("row groups", a.get("num_row_groups").asInt());
        t.row("columns", a.get("num_columns").asInt());
        if (a.get("footer_encryption_algorithm").asBoolean()) {
            t.row("encryption", "plaintext footer with encrypted columns");
        }
        JsonNode kv = a.get("key_value_metadata");
        if (kv.isEmpty()) {
            t.row("key-value", "none");
        }
        for (JsonNode e : kv) {
            String v = Json.text(e, "value");
            t.row("key-value", e.get("key").asText() + " = " + (v.length() > 100 ? v.substring(0, 100) + "... ("
                    + v.length() + " characters; --json shows all)" : v));
        }
        t.row("column orders", columnOrders(a.get("column_orders"), a.get("num_columns").asInt()));
        t.printRows(out, "");

        out.println();
        Table rgs = new Table(">row group", ">rows", ">total byte size", ">compressed size", ">first chunk offset");
        for (JsonNode g : a.get("row_groups")) {
            rgs.row(g.get("row_group").asInt(), Json.text(g, "num_rows"), Json.text(g, "total_byte_size"),
                    Json.text(g, "total_compressed_size"), Json.text(g, "first_chunk_offset"));
        }
        rgs.print(out, "");

        for (JsonNode g : a.get("row_groups")) {
            out.println();
            out.println("row group " + g.get("row_group").asInt() + ": " + Json.text(g, "num_rows") + " rows");
            Table c = new Table(">#", "path", "type", "codec", "encodings", ">start", ">compressed",
                    ">uncompressed", ">values", "dict", "column index", "offset index", "bloom filter");
            for (JsonNode cc : g.get("columns")) {
                if (!cc.get("metadata").asBoolean()) {
                    c.row(cc.get("column").asInt(), cc.get("path").asText(),
                            cc.get("encrypted").asBoolean() ? "(encrypted: no metadata)" : "(no metadata)",
                            "-", "-", "-", "-", "-", "-", "-", "-", "-", "-");
                    continue;
                }
                StringBuilder enc = new StringBuilder();
                for (JsonNode e : cc.get("encodings")) {
                    enc.append(enc.length() == 0 ? "" : ",").append(e.asText());
                }
                c.row(cc.get("column").asInt(), cc.get("path").asText(), Json.text(cc, "type"),
                        cc.get("codec").asText(), enc, Json.text(cc, "start"), Json.text(cc, "compressed_size"),
                        Json.text(cc, "uncompressed_size"), Json.text(cc, "num_values"),
                        Json.yesNo(cc, "dictionary"), Json.span(cc, "column_index"), Json.span(cc, "offset_index"),
                        Json.span(cc, "bloom_filter"));
            }
            c.print(out, "  ");
        }
    }

    private static String columnOrders(JsonNode orders, int columns) {
        if (orders.isNull()) {
            return "none recorded (min_value and max_value have no defined order)";
        }
        String first = null;
        boolean same = true;
        for (JsonNode o : orders) {
            String v = Json.text(o, "order");
            if (first == null) {
                first = v;
            } else if (!first.equals(v)) {
                same = false;
            }
        }
        if (same && first != null && orders.size() == columns) {
            return first + " for all " + columns + " column" + (columns == 1 ? "" : "s");
        }
        StringBuilder sb = new StringBuilder();
        for (JsonNode o : orders) {
            sb.append(sb.length() == 0 ? "" : ", ").append(Json.text(o, "path")).append(": ")
                    .append(Json.text(o, "order"));
        }
        if (orders.size() != columns) {
            sb.append(" (").append(orders.size()).append(" orders for ").append(columns).append(" columns)");
        }
        return sb.toString();
    }
}
