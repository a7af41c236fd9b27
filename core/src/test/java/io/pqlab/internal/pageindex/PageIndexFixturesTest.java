package io.pqlab.internal.pageindex;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.fixtures.Fixtures;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.io.BytesSource;
import io.pqlab.internal.io.CountingSource;
import io.pqlab.oracle.ParquetJava;
import io.pqlab.oracle.PqlabRecords;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * On every parquet-testing file, pqlab's ColumnIndex and OffsetIndex equal what parquet-java
 * reads from the same bytes, and pass pqlab's own validation.
 */
class PageIndexFixturesTest {

    static Stream<Path> files() throws Exception {
        return Fixtures.dataFiles().stream();
    }

    /** The files with a page index: every one of them must be found and compared. */
    @Test
    void theFixturesWithAPageIndexAreThere() throws Exception {
        List<String> withIndex = new ArrayList<>();
        for (Path p : Fixtures.dataFiles()) {
            ParquetMetadata md = ParquetJava.footer(Files.readAllBytes(p));
            if (md.getBlocks().stream().flatMap(b -> b.getColumns().stream())
                    .anyMatch(c -> c.getOffsetIndexReference() != null)) {
                withIndex.add(p.getFileName().toString());
            }
        }
        assertThat(withIndex).contains("alltypes_tiny_pages.parquet", "int32_with_null_pages.parquet",
                "data_index_bloom_encoding_stats.parquet", "datapage_v1-snappy-compressed-checksum.parquet",
                "delta_encoding_required_column.parquet", "rle-dict-snappy-checksum.parquet");
    }

    @ParameterizedTest
    @MethodSource("files")
    void pageIndexesEqualParquetJavas(Path path) throws Exception {
        byte[] file = Files.readAllBytes(path);
        ParquetMetadata md = ParquetJava.footer(file);
        CountingSource source = new CountingSource(new BytesSource(path.toString(), file));
        for (BlockMetaData block : md.getBlocks()) {
            for (ColumnChunkMetaData c : block.getColumns()) {
                ColumnChunk chunk = PqlabRecords.chunk(c);
                String where = path.getFileName() + " " + c.getPath();

                source.reset();
                OffsetIndex oi = PageIndexReader.offsetIndex(source, chunk);
                var refOi = ParquetJava.rawOffsetIndex(file, c);
                if (refOi == null) {
                    assertThat(oi).as(where).isNull();
                } else {
                    assertThat(source.bytesRead()).as(where + " reads exactly the OffsetIndex")
                            .isEqualTo(c.getOffsetIndexReference().getLength());
                    assertOffsetIndexEquals(where, oi, refOi);
                    assertThat(oi.problem(chunk, block.getRowCount())).as(where).isNull();
                    assertRowRanges(where, oi, block.getRowCount());
                }

                source.reset();
                ColumnIndex ci = PageIndexReader.columnIndex(source, chunk);
                var refCi = ParquetJava.rawColumnIndex(file, c);
                if (refCi == null) {
                    assertThat(ci).as(where).isNull();
                    continue;
                }
                assertThat(source.bytesRead()).as(where + " reads exactly the ColumnIndex")
                        .isEqualTo(c.getColumnIndexReference().getLength());
                assertColumnIndexEquals(where, ci, refCi);
                ColumnDescriptor d = md.getFileMetaData().getSchema().getColumnDescription(c.getPath().toArray());
                String problem = ci.problem(oi, PqlabRecords.type(d.getPrimitiveType().getPrimitiveTypeName()),
                        d.getPrimitiveType().getTypeLength(), d.getMaxRepetitionLevel(), d.getMaxDefinitionLevel());
                // parquet-mr 1.13 marked pages of required columns as null pages (in
                // datapage_v1-snappy-compressed-checksum.parquet): such an index must be refused.
                boolean nullPageInRequired = d.getMaxDefinitionLevel() == 0 && refCi.getNull_pages().contains(true);
                if (nullPageInRequired) {
                    assertThat(problem).as(where).contains("the column is required");
                } else {
                    assertThat(problem).as(where).isNull();
                }

                // parquet-java's own model of the index (what ParquetFileReader.readColumnIndex
                // returns), where it has one for the type.
                var model = ParquetMetadataConverter.fromParquetColumnIndex(c.getPrimitiveType(), refCi);
                if (model != null) {
                    assertThat(ci.boundaryOrder().name()).as(where).isEqualTo(model.getBoundaryOrder().name());
                    for (int i = 0; i < ci.pageCount(); i++) {
                        assertThat(ci.isNullPage(i)).as(where).isEqualTo(model.getNullPages().get(i));
                        if (!ci.isNullPage(i)) {
                            assertThat(ci.min(i)).as(where).isEqualTo(bytes(model.getMinValues().get(i)));
                            assertThat(ci.max(i)).as(where).isEqualTo(bytes(model.getMaxValues().get(i)));
                        }
                        if (model.getNullCounts() != null && model.getNullCounts().get(i) >= 0) {
                            assertThat(ci.nullCount(i)).as(where).isEqualTo(model.getNullCounts().get(i));
                        }
                    }
                }
            }
        }
    }

    /** int32_with_null_pages.parquet has null pages: their placeholders are marked, not values. */
    @Test
    void nullPagesAreMarked() throws Exception {
        Path path = Fixtures.DATA.resolve("int32_with_null_pages.parquet");
        byte[] file = Files.readAllBytes(path);
        ColumnChunkMetaData c = ParquetJava.footer(file).getBlocks().get(0).getColumns().get(0);
        ColumnIndex ci = PageIndexReader.columnIndex(new BytesSource("f", file), PqlabRecords.chunk(c));
        int nullPages = 0;
        for (int i = 0; i < ci.pageCount(); i++) {
            if (ci.isNullPage(i)) {
                nullPages++;
                assertThat(ci.min(i)).isNull();
                assertThat(ci.max(i)).isNull();
                assertThat(ci.minValues().get(i)).isEmpty(); // the placeholder is kept in the list
            } else {
                assertThat(ci.min(i)).hasSize(4);
            }
        }
        assertThat(nullPages).isPositive().isLessThan(ci.pageCount());
    }

    private static void assertOffsetIndexEquals(String where, OffsetIndex oi, org.apache.parquet.format.OffsetIndex ref) {
        assertThat(oi.pageCount()).as(where).isEqualTo(ref.getPage_locationsSize());
        for (int i = 0; i < oi.pageCount(); i++) {
            var r = ref.getPage_locations().get(i);
            assertThat(oi.page(i)).as(where + " page " + i)
                    .isEqualTo(new PageLocation(r.getOffset(), r.getCompressed_page_size(), r.getFirst_row_index()));
        }
        assertThat(oi.unencodedByteArrayDataBytes()).as(where)
                .isEqualTo(ref.isSetUnencoded_byte_array_data_bytes() ? longs(ref.getUnencoded_byte_array_data_bytes()) : null);
        var model = ParquetMetadataConverter.fromParquetOffsetIndex(ref);
        for (int i = 0; i < oi.pageCount(); i++) {
            assertThat(oi.page(i).offset()).isEqualTo(model.getOffset(i));
            assertThat(oi.page(i).compressedPageSize()).isEqualTo(model.getCompressedPageSize(i));
            assertThat(oi.firstRow(i)).isEqualTo(model.getFirstRowIndex(i));
        }
    }

    private static void assertColumnIndexEquals(String where, ColumnIndex ci, org.apache.parquet.format.ColumnIndex ref) {
        assertThat(ci.pageCount()).as(where).isEqualTo(ref.getNull_pagesSize());
        for (int i = 0; i < ci.pageCount(); i++) {
            assertThat(ci.nullPages()[i]).as(where).isEqualTo(ref.getNull_pages().get(i));
            assertThat(ci.minValues().get(i)).as(where).isEqualTo(bytes(ref.getMin_values().get(i)));
            assertThat(ci.maxValues().get(i)).as(where).isEqualTo(bytes(ref.getMax_values().get(i)));
        }
        assertThat(ci.boundaryOrder().name()).as(where).isEqualTo(ref.getBoundary_order().name());
        assertThat(ci.nullCounts()).as(where).isEqualTo(ref.isSetNull_counts() ? longs(ref.getNull_counts()) : null);
        assertThat(ci.repetitionLevelHistograms()).as(where)
                .isEqualTo(ref.isSetRepetition_level_histograms() ? longs(ref.getRepetition_level_histograms()) : null);
        assertThat(ci.definitionLevelHistograms()).as(where)
                .isEqualTo(ref.isSetDefinition_level_histograms() ? longs(ref.getDefinition_level_histograms()) : null);
        assertThat(ci.nanCounts()).as(where).isEqualTo(ref.isSetNan_counts() ? longs(ref.getNan_counts()) : null);
    }

    /** Page row ranges tile the row group: from 0, each non-empty, contiguous, to the row count. */
    private static void assertRowRanges(String where, OffsetIndex oi, long rows) {
        List<RowRange> ranges = oi.rowRanges(rows);
        assertThat(ranges).as(where).hasSize(oi.pageCount());
        long next = 0;
        for (RowRange r : ranges) {
            assertThat(r.first()).as(where).isEqualTo(next);
            assertThat(r.count()).as(where).isPositive();
            next = r.end();
        }
        assertThat(next).as(where).isEqualTo(rows);
    }

    static byte[] bytes(ByteBuffer b) {
        ByteBuffer d = b.duplicate();
        byte[] out = new byte[d.remaining()];
        d.get(out);
        return out;
    }

    static long[] longs(List<Long> l) {
        return l.stream().mapToLong(Long::longValue).toArray();
    }
}
