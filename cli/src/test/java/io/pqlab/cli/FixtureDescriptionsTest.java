package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the commands print agrees with the fixtures' own descriptions: the .md beside each pruning
 * fixture (written from parquet-java's reading of the file) and the notes parquet-testing ships
 * with some of its files (parquet-cli and parquet-tools output). The descriptions are parsed
 * here, not copied into the test.
 */
class FixtureDescriptionsTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"pruning-sorted", "pruning-shuffled"})
    void pruningFixtures(String name) throws IOException {
        Path file = Cli.FIXTURES.resolve(name + ".parquet");
        String md = Files.readString(Cli.FIXTURES.resolve(name + ".md"));
        JsonNode footer = Cli.json(file, "footer");
        JsonNode schema = Cli.json(file, "schema");

        Map<String, String> fields = new LinkedHashMap<>();
        for (Map<String, String> row : table(md, "## File")) {
            fields.put(row.get("Field"), row.get("Value"));
        }
        assertThat(footer.get("file_size").asLong() + " bytes").isEqualTo(fields.get("size"));
        assertThat(footer.get("footer_length").asLong() + " bytes").isEqualTo(fields.get("footer (FileMetaData) length"));
        assertThat(footer.get("created_by").asText()).isEqualTo(fields.get("created_by"));
        assertThat(footer.get("format_version").asText()).isEqualTo(fields.get("format version"));
        assertThat(footer.get("num_rows").asText()).isEqualTo(fields.get("rows"));
        assertThat(footer.get("num_row_groups").asText()).isEqualTo(fields.get("row groups"));
        JsonNode kv = footer.get("key_value_metadata").get(0);
        assertThat(fields.get("key-value " + kv.get("key").asText())).isEqualTo(kv.get("value").asText());

        List<Map<String, String>> leaves = table(md, "## Schema");
        assertThat(schema.get("columns").size()).isEqualTo(leaves.size());
        for (Map<String, String> row : leaves) {
            JsonNode c = schema.get("columns").get(Integer.parseInt(row.get("Leaf")));
            assertThat(c.get("path").asText()).isEqualTo(row.get("Path"));
            assertThat(c.get("physical_type").asText().replace("BYTE_ARRAY", "BINARY")).isEqualTo(row.get("Physical"));
            assertThat(c.get("logical_type").isNull() ? "none" : c.get("logical_type").asText())
                    .isEqualTo(row.get("Logical"));
            assertThat(c.get("max_definition_level").asText()).isEqualTo(row.get("Max def"));
            assertThat(c.get("max_repetition_level").asText()).isEqualTo(row.get("Max rep"));
        }

        List<Map<String, String>> groups = table(md, "## Row groups");
        assertThat(footer.get("row_groups").size()).isEqualTo(groups.size());
        for (Map<String, String> row : groups) {
            JsonNode g = footer.get("row_groups").get(Integer.parseInt(row.get("RG")));
            assertThat(g.get("num_rows").asText()).isEqualTo(row.get("Rows"));
            assertThat(g.get("first_chunk_offset").asText()).isEqualTo(row.get("First byte"));
            assertThat(g.get("total_byte_size").asText()).isEqualTo(row.get("Total byte size"));
            assertThat(g.get("total_compressed_size").asText()).isEqualTo(row.get("Compressed size"));
        }

        for (Map<String, String> row : table(md, "## Column chunks")) {
            int g = Integer.parseInt(row.get("RG"));
            JsonNode c = chunk(footer, g, row.get("Column"));
            assertThat(range(c.get("start"), c.get("end"))).isEqualTo(row.get("Chunk bytes"));
            assertThat(orNone(c.get("dictionary_page_offset"))).isEqualTo(row.get("Dictionary page"));
            assertThat(c.get("dictionary").asBoolean()).isEqualTo(!row.get("Dictionary page").equals("none"));
            assertThat(c.get("data_page_offset").asText()).isEqualTo(row.get("First data page"));
            TreeSet<String> encodings = new TreeSet<>();
            c.get("encodings").forEach(e -> encodings.add(e.asText()));
            assertThat(encodings.toString()).isEqualTo(row.get("Encodings"));
            assertThat(c.get("num_values").asText()).isEqualTo(row.get("Values"));
            JsonNode stats = Cli.json(file, "statistics", row.get("Column")).get("row_groups").get(g);
            assertThat(stats.get("statistics").get("min_value").asText()).isEqualTo(row.get("Min"));
            assertThat(stats.get("statistics").get("max_value").asText()).isEqualTo(row.get("Max"));
            assertThat(stats.get("statistics").get("null_count").asText()).isEqualTo(row.get("Nulls"));
            // Row-group statistics from parquet-java 1.18.1 with a column order are trusted.
            assertThat(stats.get("trusted").get("bounds_usable").asBoolean()).isTrue();
        }

        for (Map<String, String> row : table(md, "## Page indexes and Bloom filters")) {
            int g = Integer.parseInt(row.get("RG"));
            JsonNode c = chunk(footer, g, row.get("Column"));
            assertThat(span(c.get("column_index"))).isEqualTo(row.get("ColumnIndex"));
            assertThat(span(c.get("offset_index"))).isEqualTo(row.get("OffsetIndex"));
            assertThat(span(c.get("bloom_filter"))).isEqualTo(row.get("Bloom filter"));
            JsonNode pi = Cli.json(file, "page-index", row.get("Column"), "--row-group", Integer.toString(g))
                    .get("row_groups").get(0);
            assertThat(pi.get("column_index").get("boundary_order").asText()).isEqualTo(row.get("Boundary order"));
            assertThat(pi.get("column_index").get("problem").isNull()).isTrue();
            assertThat(pi.get("offset_index").get("problem").isNull()).isTrue();
        }

        // "[4, 343) row 0: 40 values v1 PLAIN, 4…714, 0 nulls; ..."
        Pattern page = Pattern.compile(
                "\\[(\\d+), (\\d+)\\) row (\\d+): (\\d+) values v(\\d) (\\w+), (.*?)…(.*?), (\\d+) nulls");
        Pattern dictionary = Pattern.compile("dictionary (\\d+) entries (\\w+)");
        for (Map<String, String> row : table(md, "## Pages")) {
            int g = Integer.parseInt(row.get("RG"));
            String column = row.get("Column");
            JsonNode pi = Cli.json(file, "page-index", column, "--row-group", Integer.toString(g))
                    .get("row_groups").get(0).get("pages");
            List<JsonNode> walked = new ArrayList<>();
            Cli.json(file, "pages", column, "--row-group", Integer.toString(g)).get("row_groups").get(0).get("pages")
                    .forEach(walked::add);
            Matcher d = dictionary.matcher(row.get("Pages"));
            if (d.find()) {
                JsonNode dict = walked.remove(0);
                assertThat(dict.get("type").asText()).isEqualTo("DICTIONARY_PAGE");
                assertThat(dict.get("num_values").asText()).isEqualTo(d.group(1));
                assertThat(dict.get("encoding").asText()).isEqualTo(d.group(2));
            }
            Matcher m = page.matcher(row.get("Pages"));
            int i = 0;
            while (m.find()) {
                JsonNode p = pi.get(i);
                JsonNode w = walked.get(i);
                assertThat(range(p.get("offset"), p.get("offset").asLong() + p.get("size").asLong()))
                        .isEqualTo("[" + m.group(1) + ", " + m.group(2) + ")");
                assertThat(p.get("first_row").asText()).isEqualTo(m.group(3)).isEqualTo(w.get("first_row").asText());
                assertThat(w.get("num_values").asText()).isEqualTo(m.group(4));
                assertThat(w.get("type").asText()).isEqualTo(m.group(5).equals("1") ? "DATA_PAGE" : "DATA_PAGE_V2");
                assertThat(w.get("encoding").asText()).isEqualTo(m.group(6));
                assertThat(p.get("min").asText()).isEqualTo(m.group(7));
                assertThat(p.get("max").asText()).isEqualTo(m.group(8));
                assertThat(p.get("null_count").asText()).isEqualTo(m.group(9));
                i++;
            }
            assertThat(i).as("pages of %s in row group %d", column, g).isEqualTo(pi.size()).isEqualTo(walked.size());
        }
    }

    /** int32_with_null_pages.md: parquet-cli's column-index output, with its null page. */
    @Test
    void int32WithNullPages() throws IOException {
        Path file = Cli.DATA.resolve("int32_with_null_pages.parquet");
        String md = Files.readString(Cli.DATA.resolve("int32_with_null_pages.md"));
        JsonNode pages = Cli.json(file, "page-index", "int32_field").get("row_groups").get(0).get("pages");
        int split = md.indexOf("offset index for column");
        assertThat(split).isPositive();
        Matcher ci = Pattern.compile("(?m)^page-(\\d+)\\s+(\\d+)\\s+(\\S+)\\s+(\\S+)\\s*$").matcher(md.substring(0, split));
        int seen = 0;
        while (ci.find()) {
            JsonNode p = pages.get(Integer.parseInt(ci.group(1)));
            assertThat(p.get("null_count").asText()).isEqualTo(ci.group(2));
            boolean nullPage = ci.group(3).equals("<none>");
            assertThat(p.get("null_page").asBoolean()).isEqualTo(nullPage);
            assertThat(nullPage ? "<none>" : p.get("min").asText()).isEqualTo(ci.group(3));
            assertThat(nullPage ? "<none>" : p.get("max").asText()).isEqualTo(ci.group(4));
            seen++;
        }
        Matcher oi = Pattern.compile("(?m)^page-(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s*$").matcher(md.substring(split));
        while (oi.find()) {
            JsonNode p = pages.get(Integer.parseInt(oi.group(1)));
            assertThat(p.get("offset").asText()).isEqualTo(oi.group(2));
            assertThat(p.get("size").asText()).isEqualTo(oi.group(3));
            assertThat(p.get("first_row").asText()).isEqualTo(oi.group(4));
            seen++;
        }
        assertThat(seen).isEqualTo(2 * pages.size()).isPositive();
    }

    /** delta_byte_array.md: parquet-tools' per-chunk line (first page, sizes, values, statistics). */
    @Test
    void deltaByteArray() throws IOException {
        Path file = Cli.DATA.resolve("delta_byte_array.parquet");
        String md = Files.readString(Cli.DATA.resolve("delta_byte_array.md"));
        JsonNode footer = Cli.json(file, "footer");
        JsonNode schema = Cli.json(file, "schema");
        Matcher rg = Pattern.compile("row group 1:\\s+RC:(\\d+) TS:(\\d+) OFFSET:(\\d+)").matcher(md);
        assertThat(rg.find()).isTrue();
        JsonNode g = footer.get("row_groups").get(0);
        assertThat(g.get("num_rows").asText()).isEqualTo(rg.group(1));
        assertThat(g.get("total_byte_size").asText()).isEqualTo(rg.group(2));
        assertThat(g.get("first_chunk_offset").asText()).isEqualTo(rg.group(3));
        Matcher s = Pattern.compile("(?m)^(\\w+):\\s+OPTIONAL BINARY L:STRING R:(\\d+) D:(\\d+)$").matcher(md);
        int leaves = 0;
        while (s.find()) {
            JsonNode c = schema.get("columns").get(leaves++);
            assertThat(c.get("path").asText()).isEqualTo(s.group(1));
            assertThat(c.get("max_repetition_level").asText()).isEqualTo(s.group(2));
            assertThat(c.get("max_definition_level").asText()).isEqualTo(s.group(3));
        }
        assertThat(leaves).isEqualTo(schema.get("columns").size());
        Matcher m = Pattern.compile("(?m)^(\\w+):\\s+BINARY (\\w+) DO:\\d+ FPO:(\\d+) SZ:(\\d+)/(\\d+)/\\S+ VC:(\\d+) "
                + "ENC:(\\w+) ST:\\[(?:min: (.*?), max: (.*?), )?num_nulls: (\\d+)").matcher(md);
        int chunks = 0;
        while (m.find()) {
            JsonNode c = chunk(footer, 0, m.group(1));
            assertThat(c.get("codec").asText()).isEqualTo(m.group(2));
            assertThat(c.get("data_page_offset").asText()).isEqualTo(m.group(3));
            assertThat(c.get("compressed_size").asText()).isEqualTo(m.group(4));
            assertThat(c.get("uncompressed_size").asText()).isEqualTo(m.group(5));
            assertThat(c.get("num_values").asText()).isEqualTo(m.group(6));
            assertThat(c.get("encodings").toString()).contains(m.group(7));
            JsonNode st = Cli.json(file, "statistics", m.group(1)).get("row_groups").get(0).get("statistics");
            assertThat(writtenBound(st, "min")).isEqualTo(m.group(8));
            assertThat(writtenBound(st, "max")).isEqualTo(m.group(9));
            assertThat(st.get("null_count").asText()).isEqualTo(m.group(10));
            chunks++;
        }
        assertThat(chunks).isEqualTo(footer.get("num_columns").asInt());
    }

    /** delta_binary_packed.md: parquet-cpp's summary, one block per column. */
    @Test
    void deltaBinaryPacked() throws IOException {
        Path file = Cli.DATA.resolve("delta_binary_packed.parquet");
        String md = Files.readString(Cli.DATA.resolve("delta_binary_packed.md"));
        JsonNode footer = Cli.json(file, "footer");
        JsonNode schema = Cli.json(file, "schema");
        assertThat(footer.get("num_rows").asText()).isEqualTo(find(md, "Total rows: (\\d+)"));
        assertThat(footer.get("num_row_groups").asText()).isEqualTo(find(md, "Number of RowGroups: (\\d+)"));
        assertThat(footer.get("num_columns").asText()).isEqualTo(find(md, "Number of Columns: (\\d+)"));
        Matcher names = Pattern.compile("(?m)^Column (\\d+): (\\w+) \\((\\w+)\\)$").matcher(md);
        int n = 0;
        while (names.find()) {
            JsonNode c = schema.get("columns").get(Integer.parseInt(names.group(1)));
            assertThat(c.get("path").asText()).isEqualTo(names.group(2));
            assertThat(c.get("physical_type").asText()).isEqualTo(names.group(3));
            n++;
        }
        assertThat(n).isEqualTo(schema.get("columns").size());
        Matcher m = Pattern.compile("(?m)^Column (\\d+)\\n  Values: (\\d+), Null Values: (\\d+).*\\n"
                + "  Max: (-?\\d+), Min: (-?\\d+)\\n  Compression: (\\w+), Encodings: (\\w+)\\n"
                + "  Uncompressed Size: (\\d+), Compressed Size: (\\d+)").matcher(md);
        int blocks = 0;
        while (m.find()) {
            String column = m.group(1);
            JsonNode c = footer.get("row_groups").get(0).get("columns").get(Integer.parseInt(column));
            assertThat(c.get("num_values").asText()).isEqualTo(m.group(2));
            assertThat(c.get("codec").asText()).isEqualTo(m.group(6));
            assertThat(c.get("encodings").toString()).contains(m.group(7));
            assertThat(c.get("uncompressed_size").asText()).isEqualTo(m.group(8));
            assertThat(c.get("compressed_size").asText()).isEqualTo(m.group(9));
            JsonNode st = Cli.json(file, "statistics", column).get("row_groups").get(0).get("statistics");
            assertThat(st.get("null_count").asText()).isEqualTo(m.group(3));
            assertThat(writtenBound(st, "max")).isEqualTo(m.group(4));
            assertThat(writtenBound(st, "min")).isEqualTo(m.group(5));
            blocks++;
        }
        assertThat(blocks).isEqualTo(footer.get("num_columns").asInt());
    }

    // ---- helpers ----------------------------------------------------------------------------

    /** The current bound where written, else the deprecated one; null when neither is. */
    private static String writtenBound(JsonNode stats, String which) {
        JsonNode current = stats.get(which + "_value");
        JsonNode old = stats.get(which);
        return !current.isNull() ? current.asText() : old.isNull() ? null : old.asText();
    }

    private static String find(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as(regex).isTrue();
        return m.group(1);
    }

    private static JsonNode chunk(JsonNode footer, int g, String path) {
        for (JsonNode c : footer.get("row_groups").get(g).get("columns")) {
            if (c.get("path").asText().equals(path)) {
                return c;
            }
        }
        throw new AssertionError("no chunk " + path + " in row group " + g);
    }

    private static String range(JsonNode start, Object end) {
        return "[" + start.asText() + ", " + (end instanceof JsonNode j ? j.asText() : end) + ")";
    }

    private static String span(JsonNode s) {
        return s.isNull() ? "none" : range(s.get("offset"), s.get("end"));
    }

    private static String orNone(JsonNode n) {
        return n.isNull() ? "none" : n.asText();
    }

    /**
     * The rows of the first Markdown table after {@code heading}, as header to cell, backticks
     * removed.
     */
    static List<Map<String, String>> table(String md, String heading) {
        List<String> lines = md.lines().toList();
        int i = lines.indexOf(heading);
        assertThat(i).as("heading %s", heading).isNotNegative();
        while (!lines.get(i).startsWith("|")) {
            i++;
        }
        List<String> header = cells(lines.get(i));
        List<Map<String, String>> rows = new ArrayList<>();
        for (i += 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            List<String> cells = cells(lines.get(i));
            Map<String, String> row = new LinkedHashMap<>();
            for (int k = 0; k < header.size(); k++) {
                row.put(header.get(k), cells.get(k));
            }
            rows.add(row);
        }
        assertThat(rows).as("rows under %s", heading).isNotEmpty();
        return rows;
    }

    private static List<String> cells(String line) {
        String inner = line.substring(1, line.lastIndexOf('|'));
        List<String> out = new ArrayList<>();
        for (String c : inner.split("\\|", -1)) {
            out.add(c.trim().replace("`", ""));
        }
        return out;
    }
}
