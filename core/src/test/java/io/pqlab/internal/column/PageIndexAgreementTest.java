package io.pqlab.internal.column;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.pageindex.ColumnIndex;
import io.pqlab.internal.pageindex.OffsetIndex;
import io.pqlab.internal.pageindex.PageIndexReader;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.internal.stats.SortOrder;
import io.pqlab.internal.stats.ValueOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The chapter's check with pqlab's decoder: where a chunk has a page index, the OffsetIndex's
 * pages and first rows are the pages the decoder finds, and each page's ColumnIndex entry agrees
 * with the values decoded from that page: a null page holds no value, the null count is the
 * entries without a value, and the bounds hold every value (in the column's order), equal to the
 * page's extremes except where a variable-length bound was truncated (then looser, never tighter).
 */
class PageIndexAgreementTest {
    private static int pagesChecked;
    private static int boundsChecked;
    private static final List<String> indexesRefused = new ArrayList<>();

    static Stream<Path> files() {
        return Chunks.judgeable();
    }

    @ParameterizedTest
    @MethodSource("files")
    void pageIndexesAgreeWithDecodedPages(Path path) throws Exception {
        try (ParquetFile f = ParquetFile.open(path)) {
            for (int g = 0; g < f.rowGroupCount(); g++) {
                long rows = ParquetFiles.rowGroup(f, g).numRows();
                for (int c = 0; c < f.schema().columnCount(); c++) {
                    ColumnChunk chunk = ParquetFiles.chunk(f, g, c);
                    ColumnDescriptor col = f.schema().column(c);
                    String where = path.getFileName() + " rg " + g + " " + col.dottedPath();
                    OffsetIndex oi = PageIndexReader.offsetIndex(f.source(), chunk);
                    if (oi == null) {
                        continue;
                    }
                    assertThat(oi.problem(chunk, rows)).as(where).isNull();
                    List<ColumnBatch> pages = Chunks.decodeAll(f, g, c);
                    assertThat(pages).as(where + " pages").hasSize(oi.pageCount());
                    for (int i = 0; i < pages.size(); i++) {
                        ColumnBatch b = pages.get(i);
                        assertThat(b.pageOffset()).as(where + " page " + i + " offset").isEqualTo(oi.page(i).offset());
                        assertThat(b.pageLength()).as(where + " page " + i + " size")
                                .isEqualTo(oi.page(i).compressedPageSize());
                        assertThat(b.firstRow()).as(where + " page " + i + " first row").isEqualTo(oi.firstRow(i));
                        assertThat(b.continuesRow()).as(where + " page " + i).isFalse();
                        assertThat((long) b.rowCount()).as(where + " page " + i + " rows")
                                .isEqualTo(oi.endRow(i, rows) - oi.firstRow(i));
                    }
                    ColumnIndex ci = PageIndexReader.columnIndex(f.source(), chunk);
                    if (ci == null) {
                        continue;
                    }
                    String problem = ci.problem(oi, col.type(), col.typeLength(), col.maxRepetitionLevel(),
                            col.maxDefinitionLevel());
                    if (problem != null) {
                        indexesRefused.add(where + ": " + problem);
                        continue;
                    }
                    ValueOrder order = new ValueOrder(col.type(),
                            SortOrder.of(col.type(), col.logicalType(), col.convertedType()), col.typeLength());
                    for (int i = 0; i < pages.size(); i++) {
                        checkPage(where + " page " + i, ci, i, pages.get(i), order);
                    }
                }
            }
        }
    }

    private static void checkPage(String where, ColumnIndex ci, int i, ColumnBatch b, ValueOrder order) {
        pagesChecked++;
        assertThat(ci.isNullPage(i)).as(where + " null page").isEqualTo(b.valueCount() == 0);
        if (ci.nullCount(i) >= 0) {
            assertThat(ci.nullCount(i)).as(where + " null count").isEqualTo(b.entryCount() - b.valueCount());
        }
        if (ci.isNullPage(i) || order.order() == SortOrder.UNDEFINED) {
            return;
        }
        byte[] min = null;
        byte[] max = null;
        boolean floating = order.order() == SortOrder.FLOAT || order.order() == SortOrder.FLOAT16;
        for (int v = 0; v < b.valueCount(); v++) {
            byte[] x = b.plain(v);
            if (floating && order.isNaN(x)) {
                continue; // NaN lies outside any bound
            }
            if (min == null || order.compare(x, min) < 0) {
                min = x;
            }
            if (max == null || order.compare(x, max) > 0) {
                max = x;
            }
        }
        if (min == null) {
            return; // only NaN: no bound describes it
        }
        byte[] lo = ci.min(i);
        byte[] hi = ci.max(i);
        if (floating && (order.isNaN(lo) || order.isNaN(hi))) {
            return; // a NaN bound is unusable, and readers ignore it
        }
        assertThat(order.compare(lo, min)).as(where + " min bound " + show(lo) + " vs min " + show(min))
                .isLessThanOrEqualTo(0);
        assertThat(order.compare(hi, max)).as(where + " max bound " + show(hi) + " vs max " + show(max))
                .isGreaterThanOrEqualTo(0);
        if (order.width() >= 0) {
            // fixed width: nothing to truncate, so the bounds are the extremes
            assertThat(order.compare(lo, min)).as(where + " min").isZero();
            assertThat(order.compare(hi, max)).as(where + " max").isZero();
        } else {
            // looser only by truncation: a shorter bound
            if (order.compare(lo, min) != 0) {
                assertThat(lo.length).as(where + " truncated min").isLessThan(min.length);
            }
            if (order.compare(hi, max) != 0) {
                assertThat(hi.length).as(where + " truncated max").isLessThan(max.length);
            }
        }
        boundsChecked++;
    }

    private static String show(byte[] b) {
        return io.pqlab.oracle.ParquetJava.show(b);
    }

    @AfterAll
    static void enoughWasChecked() {
        // the page-index fixtures hold hundreds of pages (alltypes_tiny_pages alone has over 1000)
        assertThat(pagesChecked).isGreaterThan(1000);
        assertThat(boundsChecked).isGreaterThan(500);
        System.out.println("PageIndexAgreementTest: " + pagesChecked + " pages, " + boundsChecked
                + " with bounds checked; column indexes refused: " + indexesRefused);
    }
}
