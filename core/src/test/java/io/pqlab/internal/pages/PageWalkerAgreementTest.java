package io.pqlab.internal.pages;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.pqlab.FileException;
import io.pqlab.MalformedFileException;
import io.pqlab.ParquetFile;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.FormatFixtures;
import io.pqlab.internal.format.PageHeader;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.column.ChunkPages;
import io.pqlab.io.BytesSource;
import io.pqlab.internal.io.CountingSource;
import io.pqlab.oracle.ParquetJava;
import io.pqlab.schema.ColumnDescriptor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * For every chunk of every fixture, the pages the walker finds agree with two judges:
 * parquet-java's generated Thrift reading the same headers one after another
 * ({@link Util#readPageHeader}), field by field, and parquet-java's OffsetIndex where the file has
 * one (the same data pages, offsets, sizes with header, first rows).
 */
class PageWalkerAgreementTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.pqlab.internal.format.FormatFixtures#allFiles")
    void pagesAgreeWithParquetJava(Path path) throws IOException {
        byte[] file = Files.readAllBytes(path);
        ParquetFile pf;
        try {
            pf = ParquetFile.open(new BytesSource(path.toString(), file));
        } catch (FileException e) {
            Assumptions.abort("pqlab refuses this file's footer (see the footer tests): " + e.describe());
            return;
        }
        ParquetFileReader pj = null;
        try {
            pj = ParquetJava.open(path);
        } catch (Exception e) {
            // parquet-java cannot open it: no OffsetIndex judge, the Thrift judge remains.
        }
        int checkedOffsetIndexes = 0;
        try (pf) {
            for (int g = 0; g < pf.rowGroupCount(); g++) {
                for (int c = 0; c < pf.schema().columnCount(); c++) {
                    ColumnChunk cc = ParquetFiles.chunk(pf, g, c);
                    ColumnDescriptor column = pf.schema().column(c);
                    ColumnMetaData m = cc.metaData();
                    long start = m.chunkStart();
                    long end = start + m.totalCompressedSize();
                    JudgeWalk judge = judge(file, start, end, m.numValues());
                    List<PageInfo> ours;
                    try {
                        ours = ChunkPages.pages(pf, g, c);
                    } catch (MalformedFileException e) {
                        assertThat(judge.problem)
                                .as("pqlab finds %s malformed (%s) but the Thrift judge reads it", column.dottedPath(),
                                        e.describe())
                                .isNotNull();
                        continue;
                    }
                    assertThat(judge.problem).as("the judge finds a problem pqlab does not").isNull();
                    comparePages(judge.pages, ours, column.dottedPath());
                    checkCounts(ours, m, ParquetFiles.rowGroup(pf, g).numRows(), column);
                    if (pj != null) {
                        ColumnChunkMetaData pjChunk = pj.getFooter().getBlocks().get(g).getColumns().get(c);
                        OffsetIndex oi = pj.readOffsetIndex(pjChunk);
                        if (oi != null) {
                            compareOffsetIndex(oi, ours, column);
                            checkedOffsetIndexes++;
                        }
                    }
                }
            }
        } finally {
            if (pj != null) {
                pj.close();
            }
        }
        if (path.getFileName().toString().equals("alltypes_tiny_pages.parquet")) {
            assertThat(checkedOffsetIndexes).isPositive(); // the judge did run on a file with an index
        }
    }

    /** The walk reads a window per header, never whole chunks. */
    @org.junit.jupiter.api.Test
    void readsHeaderWindowsNotBodies() throws IOException {
        Path path = FormatFixtures.DATA.resolve("alltypes_tiny_pages.parquet");
        byte[] file = Files.readAllBytes(path);
        CountingSource counting = new CountingSource(new BytesSource("tiny", file));
        try (ParquetFile pf = ParquetFile.open(counting)) {
            counting.reset();
            List<PageInfo> pages = ChunkPages.pages(pf, 0, 0);
            long bodies = pages.stream().mapToLong(PageInfo::compressedSize).sum();
            assertThat(counting.reads()).isEqualTo(pages.size());
            assertThat(counting.bytesRead()).isLessThanOrEqualTo((long) pages.size() * PageWalker.INITIAL_WINDOW);
            assertThat(pages.size()).isGreaterThan(100);
            assertThat(bodies).isPositive();
        }
    }

    // ---- the Thrift judge ------------------------------------------------------------------

    record RawPage(long offset, int headerLength, org.apache.parquet.format.PageHeader header) {}

    static final class JudgeWalk {
        final List<RawPage> pages = new ArrayList<>();
        String problem;
    }

    /** Reads the chunk's headers one after another with parquet-java's generated Thrift. */
    static JudgeWalk judge(byte[] file, long start, long end, long numValues) {
        JudgeWalk walk = new JudgeWalk();
        if (start < 4 || end > file.length - 8 || start > end) {
            walk.problem = "chunk outside the file";
            return walk;
        }
        long pos = start;
        while (pos < end) {
            ByteArrayInputStream in = new ByteArrayInputStream(file, (int) pos, (int) (end - pos));
            org.apache.parquet.format.PageHeader h;
            try {
                h = Util.readPageHeader(in);
            } catch (IOException | RuntimeException e) {
                walk.problem = "unreadable header at " + pos + ": " + e;
                return walk;
            }
            int headerLength = (int) (end - pos) - in.available();
            walk.pages.add(new RawPage(pos, headerLength, h));
            String invalid = invalid(h);
            if (invalid != null) {
                walk.problem = invalid + " at " + pos;
                return walk;
            }
            pos += headerLength + (long) h.getCompressed_page_size();
            if (pos > end) {
                walk.problem = "page past the chunk's end";
                return walk;
            }
        }
        long values = 0;
        for (RawPage p : walk.pages) {
            if (p.header().isSetData_page_header()) {
                values += p.header().getData_page_header().getNum_values();
            } else if (p.header().isSetData_page_header_v2()) {
                values += p.header().getData_page_header_v2().getNum_values();
            }
        }
        if (values != numValues) {
            walk.problem = "data pages hold " + values + " values, the chunk says " + numValues;
        }
        return walk;
    }

    /** What the format forbids in a header that the generated code accepts. */
    private static String invalid(org.apache.parquet.format.PageHeader h) {
        if (h.getCompressed_page_size() < 0 || h.getUncompressed_page_size() < 0) {
            return "negative page size";
        }
        if (h.isSetData_page_header() && h.getData_page_header().getNum_values() < 0) {
            return "negative num_values";
        }
        if (h.isSetDictionary_page_header() && h.getDictionary_page_header().getNum_values() < 0) {
            return "negative dictionary num_values";
        }
        if (h.isSetData_page_header_v2()) {
            var v2 = h.getData_page_header_v2();
            if (v2.getNum_values() < 0 || v2.getNum_nulls() < 0 || v2.getNum_rows() < 0
                    || v2.getDefinition_levels_byte_length() < 0 || v2.getRepetition_levels_byte_length() < 0) {
                return "negative v2 count";
            }
        }
        return null;
    }

    private static void comparePages(List<RawPage> judge, List<PageInfo> ours, String what) {
        assertThat(ours).as(what).hasSize(judge.size());
        for (int i = 0; i < judge.size(); i++) {
            RawPage r = judge.get(i);
            PageInfo p = ours.get(i);
            org.apache.parquet.format.PageHeader h = r.header();
            String at = what + " page " + i;
            assertThat(p.offset()).as(at).isEqualTo(r.offset());
            assertThat(p.headerLength()).as(at).isEqualTo(r.headerLength());
            assertThat(p.type()).as(at).isEqualTo(h.getType().getValue());
            assertThat(p.compressedSize()).as(at).isEqualTo(h.getCompressed_page_size());
            assertThat(p.uncompressedSize()).as(at).isEqualTo(h.getUncompressed_page_size());
            assertThat(p.header().hasCrc()).as(at).isEqualTo(h.isSetCrc());
            if (h.isSetCrc()) {
                assertThat(p.header().crc()).as(at).isEqualTo(h.getCrc());
            }
            PageHeader ph = p.header();
            switch (h.getType()) {
                case DATA_PAGE -> {
                    var d = h.getData_page_header();
                    assertThat(p.numValues()).as(at).isEqualTo(d.getNum_values());
                    assertThat(p.encoding()).as(at).isEqualTo(d.getEncoding().getValue());
                    assertThat(ph.dataPageHeader().definitionLevelEncoding())
                            .isEqualTo(d.getDefinition_level_encoding().getValue());
                    assertThat(ph.dataPageHeader().repetitionLevelEncoding())
                            .isEqualTo(d.getRepetition_level_encoding().getValue());
                    FormatFixtures.compareStatistics(d.isSetStatistics() ? d.getStatistics() : null, ph.statistics());
                }
                case DATA_PAGE_V2 -> {
                    var d = h.getData_page_header_v2();
                    var v2 = ph.dataPageHeaderV2();
                    assertThat(p.numValues()).as(at).isEqualTo(d.getNum_values());
                    assertThat(p.numNulls()).as(at).isEqualTo(d.getNum_nulls());
                    assertThat(p.numRows()).as(at).isEqualTo(d.getNum_rows());
                    assertThat(p.encoding()).as(at).isEqualTo(d.getEncoding().getValue());
                    assertThat(v2.definitionLevelsByteLength()).isEqualTo(d.getDefinition_levels_byte_length());
                    assertThat(v2.repetitionLevelsByteLength()).isEqualTo(d.getRepetition_levels_byte_length());
                    // generated code: the IDL default true when absent
                    assertThat(v2.compressed()).as(at).isEqualTo(d.isIs_compressed());
                    FormatFixtures.compareStatistics(d.isSetStatistics() ? d.getStatistics() : null, ph.statistics());
                }
                case DICTIONARY_PAGE -> {
                    var d = h.getDictionary_page_header();
                    assertThat(p.numValues()).as(at).isEqualTo(d.getNum_values());
                    assertThat(p.encoding()).as(at).isEqualTo(d.getEncoding().getValue());
                    assertThat(ph.dictionaryPageHeader().sorted()).isEqualTo(d.isSetIs_sorted() && d.isIs_sorted());
                }
                default -> { }
            }
        }
    }

    /** Level entries add up to the chunk's num_values; a flat column's rows to the row group's. */
    private static void checkCounts(List<PageInfo> pages, ColumnMetaData m, long rows, ColumnDescriptor column) {
        long values = 0;
        long lastFirstRow = -1;
        boolean sawDictionary = false;
        for (int i = 0; i < pages.size(); i++) {
            PageInfo p = pages.get(i);
            if (p.isDictionaryPage()) {
                assertThat(i).as("the dictionary page comes first").isZero();
                sawDictionary = true;
            }
            if (p.isDataPage()) {
                if (column.isFlat()) {
                    assertThat(p.firstRow()).as("%s: first rows are known in a flat column", column.dottedPath())
                            .isEqualTo(values);
                }
                if (p.firstRow() >= 0) {
                    assertThat(p.firstRow()).isGreaterThan(lastFirstRow);
                    lastFirstRow = p.firstRow();
                }
                values += p.numValues();
            } else {
                assertThat(p.firstRow()).isEqualTo(-1);
            }
        }
        assertThat(values).as("%s: level entries of the data pages", column.dottedPath()).isEqualTo(m.numValues());
        if (column.isFlat()) {
            assertThat(values).isEqualTo(rows);
        }
        if (m.hasDictionaryPageOffset() && m.dictionaryPageOffset() > 0) {
            assertThat(sawDictionary).isTrue();
        }
    }

    private static void compareOffsetIndex(OffsetIndex oi, List<PageInfo> ours, ColumnDescriptor column) {
        List<PageInfo> data = ours.stream().filter(PageInfo::isDataPage).toList();
        assertThat(data).as(column.dottedPath()).hasSize(oi.getPageCount());
        for (int i = 0; i < oi.getPageCount(); i++) {
            PageInfo p = data.get(i);
            assertThat(p.offset()).isEqualTo(oi.getOffset(i));
            assertThat(p.totalSize()).isEqualTo(oi.getCompressedPageSize(i));
            if (p.firstRow() >= 0) {
                assertThat(p.firstRow()).isEqualTo(oi.getFirstRowIndex(i));
            } else if (column.isFlat() || p.numRows() >= 0) {
                fail("%s page %d: the first row should be known", column.dottedPath(), i);
            }
        }
    }
}
