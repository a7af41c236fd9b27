package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.pqlab.ParquetFile;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.CompressionCodec;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.column.ChunkPages;
import io.pqlab.internal.format.RowGroup;
import io.pqlab.internal.format.Statistics;
import io.pqlab.internal.pageindex.ColumnIndex;
import io.pqlab.internal.pageindex.OffsetIndex;
import io.pqlab.internal.pageindex.PageIndexReader;
import io.pqlab.internal.pages.PageInfo;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.internal.stats.StatisticsJudge;
import io.pqlab.internal.stats.TrustedStatistics;
import io.pqlab.internal.values.ColumnType;
import io.pqlab.internal.values.ValueFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The figures each command prints under --json are the library's, and the commands agree with
 * each other where they describe the same bytes from different structures (the footer's chunk
 * ranges, the page headers, the OffsetIndex).
 */
class JsonAgreesWithLibraryTest {

    /**
     * Each column's answer to {@code command}, in schema order, from one run without COLUMN (its
     * "columns"); one run per column took most of this class's time on the wide files. Every
     * column's answer by COLUMN, by path and by leaf index, runs in EveryFixtureTest; here the
     * last column's is asked for too, by path and by index, and must hold the same fields.
     */
    private static List<JsonNode> everyColumn(Path file, String command, List<ColumnDescriptor> columns) {
        JsonNode all = Cli.json(file, command).get("columns");
        assertThat(all).as("%s %s: one answer per column", command, file).hasSize(columns.size());
        List<JsonNode> out = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            JsonNode c = all.get(i);
            assertThat(c.get("column").get("index").asInt()).as("%s %s: column %d", command, file, i)
                    .isEqualTo(columns.get(i).index());
            out.add(c);
        }
        if (!columns.isEmpty()) {
            ColumnDescriptor last = columns.get(columns.size() - 1);
            for (String name : List.of(last.dottedPath(), Integer.toString(last.index()))) {
                JsonNode one = Cli.json(file, command, name);
                all.get(columns.size() - 1).fieldNames().forEachRemaining(f -> assertThat(one.get(f))
                        .as("%s %s %s: %s", command, file, name, f).isEqualTo(all.get(columns.size() - 1).get(f)));
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.pqlab.cli.Cli#fixtures")
    void footer(Path file) throws Exception {
        JsonNode j = Cli.json(file, "footer");
        try (ParquetFile pf = ParquetFile.open(file)) {
            assertThat(j.get("file_size").asLong()).isEqualTo(Files.size(file));
            assertThat(j.get("footer_offset").asLong()).isEqualTo(ParquetFiles.footer(pf).metadataOffset());
            assertThat(j.get("footer_length").asLong()).isEqualTo(ParquetFiles.footer(pf).metadataLength());
            // The footer is the FileMetaData, its 4-byte length and the magic, at the file's end.
            assertThat(j.get("footer_offset").asLong() + j.get("footer_length").asLong() + 8)
                    .isEqualTo(j.get("file_size").asLong());
            assertThat(text(j, "created_by")).isEqualTo(ParquetFiles.metadata(pf).createdBy());
            assertThat(j.get("num_row_groups").asInt()).isEqualTo(pf.rowGroupCount());
            assertThat(j.get("key_value_metadata").size()).isEqualTo(ParquetFiles.metadata(pf).keyValueMetadata().size());
            long rows = 0;
            for (int g = 0; g < pf.rowGroupCount(); g++) {
                RowGroup rg = ParquetFiles.rowGroup(pf, g);
                JsonNode jg = j.get("row_groups").get(g);
                assertThat(jg.get("num_rows").asLong()).isEqualTo(rg.numRows());
                rows += jg.get("num_rows").asLong();
                long first = Long.MAX_VALUE;
                for (int c = 0; c < rg.columns().size(); c++) {
                    ColumnChunk cc = rg.columns().get(c);
                    JsonNode jc = jg.get("columns").get(c);
                    ColumnMetaData m = cc.metaData();
                    assertThat(jc.get("path").asText()).isEqualTo(pf.schema().column(c).dottedPath());
                    assertThat(jc.get("start").asLong()).isEqualTo(m.chunkStart());
                    assertThat(jc.get("end").asLong()).isEqualTo(m.chunkStart() + m.totalCompressedSize());
                    assertThat(jc.get("compressed_size").asLong()).isEqualTo(m.totalCompressedSize());
                    assertThat(jc.get("num_values").asLong()).isEqualTo(m.numValues());
                    assertThat(jc.get("codec").asText()).isEqualTo(CompressionCodec.name(m.codec()));
                    assertThat(jc.get("encodings").size()).isEqualTo(m.encodings().length);
                    assertThat(spanOffset(jc.get("column_index"))).isEqualTo(cc.columnIndexOffset());
                    assertThat(spanOffset(jc.get("offset_index"))).isEqualTo(cc.offsetIndexOffset());
                    assertThat(spanOffset(jc.get("bloom_filter"))).isEqualTo(m.bloomFilterOffset());
                    // Chunks lie between the leading magic and the footer.
                    assertThat(jc.get("start").asLong()).isGreaterThanOrEqualTo(4);
                    assertThat(jc.get("end").asLong()).isLessThanOrEqualTo(j.get("footer_offset").asLong());
                    first = Math.min(first, jc.get("start").asLong());
                }
                assertThat(jg.get("first_chunk_offset").asLong()).isEqualTo(first);
            }
            if (!j.get("num_rows").isNull()) {
                assertThat(j.get("num_rows").asLong()).isEqualTo(ParquetFiles.metadata(pf).numRows());
                // repeated_no_annotation.parquet's FileMetaData says 0 rows beside a row group of 6
                if (!file.getFileName().toString().equals("repeated_no_annotation.parquet")) {
                    assertThat(j.get("num_rows").asLong()).isEqualTo(rows);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.pqlab.cli.Cli#fixtures")
    void schema(Path file) throws Exception {
        JsonNode j = Cli.json(file, "schema");
        try (ParquetFile pf = ParquetFile.open(file)) {
            assertThat(j.get("message").asText()).isEqualTo(pf.schema().render());
            assertThat(j.get("columns").size()).isEqualTo(pf.schema().columnCount());
            List<JsonNode> treeLeaves = new ArrayList<>();
            leaves(j.get("tree"), treeLeaves);
            assertThat(treeLeaves).hasSize(pf.schema().columnCount());
            for (ColumnDescriptor c : pf.schema().columns()) {
                JsonNode jc = j.get("columns").get(c.index());
                assertThat(jc.get("column").asInt()).isEqualTo(c.index());
                assertThat(jc.get("path").asText()).isEqualTo(c.dottedPath());
                assertThat(jc.get("physical_type").asText()).isEqualTo(c.type().name());
                assertThat(jc.get("max_definition_level").asInt()).isEqualTo(c.maxDefinitionLevel());
                assertThat(jc.get("max_repetition_level").asInt()).isEqualTo(c.maxRepetitionLevel());
                assertThat(treeLeaves.get(c.index()).get("column").asInt()).isEqualTo(c.index());
                assertThat(treeLeaves.get(c.index()).get("name").asText()).isEqualTo(c.name());
            }
        }
    }

    private static void leaves(JsonNode node, List<JsonNode> out) {
        if (node.has("children")) {
            for (JsonNode child : node.get("children")) {
                leaves(child, out);
            }
        } else {
            out.add(node);
        }
    }

    /** Pages as the walker reads them; they tile the chunk the footer gives, and their values add up. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.pqlab.cli.Cli#fixtures")
    void pages(Path file) throws Exception {
        JsonNode footer = Cli.json(file, "footer");
        try (ParquetFile pf = ParquetFile.open(file)) {
            List<JsonNode> answers = everyColumn(file, "pages", pf.schema().columns());
            for (ColumnDescriptor c : pf.schema().columns()) {
                JsonNode j = answers.get(c.index());
                for (int g = 0; g < pf.rowGroupCount(); g++) {
                    JsonNode jg = j.get("row_groups").get(g);
                    JsonNode chunk = footer.get("row_groups").get(g).get("columns").get(c.index());
                    List<PageInfo> pages = ChunkPages.pages(pf, g, c.index());
                    assertThat(jg.get("pages").size()).isEqualTo(pages.size());
                    assertThat(jg.get("chunk_start").asLong()).isEqualTo(chunk.get("start").asLong());
                    assertThat(jg.get("chunk_end").asLong()).isEqualTo(chunk.get("end").asLong());
                    long at = jg.get("chunk_start").asLong();
                    long values = 0;
                    for (int i = 0; i < pages.size(); i++) {
                        PageInfo p = pages.get(i);
                        JsonNode jp = jg.get("pages").get(i);
                        assertThat(jp.get("offset").asLong()).isEqualTo(p.offset()).isEqualTo(at);
                        assertThat(jp.get("header_length").asInt()).isEqualTo(p.headerLength());
                        assertThat(jp.get("compressed_size").asInt()).isEqualTo(p.compressedSize());
                        assertThat(jp.get("uncompressed_size").asInt()).isEqualTo(p.uncompressedSize());
                        assertThat(jp.get("num_values").asLong()).isEqualTo(p.numValues());
                        assertThat(jp.get("first_row").isNull() ? -1 : jp.get("first_row").asLong())
                                .isEqualTo(p.firstRow());
                        at += jp.get("header_length").asLong() + jp.get("compressed_size").asLong();
                        if (jp.get("type").asText().startsWith("DATA_PAGE")) {
                            values += jp.get("num_values").asLong();
                        }
                    }
                    assertThat(at).as("pages end where the chunk ends").isEqualTo(jg.get("chunk_end").asLong());
                    assertThat(values).as("data pages' values").isEqualTo(chunk.get("num_values").asLong());
                }
            }
        }
    }

    /**
     * The page index as the library reads it, and the OffsetIndex lists exactly the data pages the
     * page headers give (two structures written separately), with the same first rows.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.pqlab.cli.Cli#fixtures")
    void pageIndex(Path file) throws Exception {
        try (ParquetFile pf = ParquetFile.open(file)) {
            List<JsonNode> indexes = everyColumn(file, "page-index", pf.schema().columns());
            List<JsonNode> walks = everyColumn(file, "pages", pf.schema().columns());
            for (ColumnDescriptor c : pf.schema().columns()) {
                ColumnType type = Columns.type(c);
                JsonNode j = indexes.get(c.index());
                JsonNode walked = walks.get(c.index());
                for (int g = 0; g < pf.rowGroupCount(); g++) {
                    JsonNode jg = j.get("row_groups").get(g);
                    ColumnChunk cc = ParquetFiles.chunk(pf, g, c.index());
                    ColumnIndex ci = PageIndexReader.columnIndex(pf.source(), cc);
                    OffsetIndex oi = PageIndexReader.offsetIndex(pf.source(), cc);
                    assertThat(jg.get("column_index").isNull()).isEqualTo(ci == null);
                    assertThat(jg.get("offset_index").isNull()).isEqualTo(oi == null);
                    if (ci != null) {
                        assertThat(jg.get("column_index").get("boundary_order").asText())
                                .isEqualTo(ci.boundaryOrder().name());
                        String problem = ci.problem(oi, c.type(), c.typeLength(), c.maxRepetitionLevel(),
                                c.maxDefinitionLevel());
                        assertThat(text(jg.get("column_index"), "problem")).isEqualTo(problem);
                        if (problem == null) {
                            for (int i = 0; i < ci.pageCount(); i++) {
                                JsonNode jp = jg.get("pages").get(i);
                                assertThat(jp.get("null_page").asBoolean()).isEqualTo(ci.isNullPage(i));
                                assertThat(text(jp, "min")).isEqualTo(fmt(ci.min(i), type));
                                assertThat(text(jp, "max")).isEqualTo(fmt(ci.max(i), type));
                                assertThat(jp.get("null_count").isNull() ? -1 : jp.get("null_count").asLong())
                                        .isEqualTo(ci.nullCount(i));
                            }
                        }
                    }
                    if (oi != null && oi.problem(cc, ParquetFiles.rowGroup(pf, g).numRows()) == null) {
                        List<JsonNode> dataPages = new ArrayList<>();
                        for (JsonNode p : walked.get("row_groups").get(g).get("pages")) {
                            if (p.get("type").asText().startsWith("DATA_PAGE")) {
                                dataPages.add(p);
                            }
                        }
                        assertThat(jg.get("pages").size()).isEqualTo(oi.pageCount()).isEqualTo(dataPages.size());
                        long rows = 0;
                        for (int i = 0; i < oi.pageCount(); i++) {
                            JsonNode jp = jg.get("pages").get(i);
                            JsonNode wp = dataPages.get(i);
                            assertThat(jp.get("offset").asLong()).isEqualTo(oi.page(i).offset())
                                    .isEqualTo(wp.get("offset").asLong());
                            assertThat(jp.get("size").asLong()).isEqualTo(oi.page(i).compressedPageSize())
                                    .isEqualTo(wp.get("header_length").asLong() + wp.get("compressed_size").asLong());
                            assertThat(jp.get("first_row").asLong()).isEqualTo(oi.firstRow(i));
                            if (!wp.get("first_row").isNull()) {
                                assertThat(jp.get("first_row").asLong()).isEqualTo(wp.get("first_row").asLong());
                            }
                            rows += jp.get("rows").asLong();
                        }
                        assertThat(rows).isEqualTo(ParquetFiles.rowGroup(pf, g).numRows());
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.pqlab.cli.Cli#fixtures")
    void statistics(Path file) throws Exception {
        try (ParquetFile pf = ParquetFile.open(file)) {
            List<JsonNode> answers = everyColumn(file, "statistics", pf.schema().columns());
            for (ColumnDescriptor c : pf.schema().columns()) {
                ColumnType type = Columns.type(c);
                JsonNode j = answers.get(c.index());
                var orders = ParquetFiles.metadata(pf).columnOrders();
                StatisticsJudge judge = new StatisticsJudge(c.type(), c.logicalType(), c.convertedType(),
                        c.typeLength(), orders == null ? null : orders.get(c.index()), ParquetFiles.metadata(pf).createdBy());
                for (int g = 0; g < pf.rowGroupCount(); g++) {
                    ColumnMetaData m = ParquetFiles.chunk(pf, g, c.index()).metaData();
                    Statistics s = m.statistics();
                    JsonNode jg = j.get("row_groups").get(g);
                    assertThat(jg.get("statistics").isNull()).isEqualTo(s == null);
                    if (s != null) {
                        JsonNode js = jg.get("statistics");
                        assertThat(text(js, "min_value")).isEqualTo(fmt(s.minValue(), type));
                        assertThat(text(js, "max_value")).isEqualTo(fmt(s.maxValue(), type));
                        assertThat(text(js, "min")).isEqualTo(fmt(s.min(), type));
                        assertThat(text(js, "max")).isEqualTo(fmt(s.max(), type));
                        assertThat(js.get("null_count").isNull() ? -1 : js.get("null_count").asLong())
                                .isEqualTo(s.nullCount());
                    }
                    TrustedStatistics t = judge.judge(s, m.numValues());
                    JsonNode jt = jg.get("trusted");
                    assertThat(jt.get("bounds_usable").asBoolean()).isEqualTo(t.hasBounds());
                    assertThat(text(jt, "min")).isEqualTo(fmt(t.min(), type));
                    assertThat(text(jt, "max")).isEqualTo(fmt(t.max(), type));
                    assertThat(jt.get("why").asText()).isEqualTo(t.why()).isNotBlank();
                }
            }
        }
    }

    static String text(JsonNode n, String key) {
        JsonNode v = n.get(key);
        return v == null || v.isNull() ? null : v.asText();
    }

    private static long spanOffset(JsonNode span) {
        return span.isNull() ? -1 : span.get("offset").asLong();
    }

    private static String fmt(byte[] v, ColumnType type) {
        return v == null ? null : ValueFormat.format(v, type);
    }
}
