package io.pqlab.scan;


import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.fixtures.Fixtures;
import io.pqlab.internal.column.RecordingSource;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.io.FileSource;
import io.pqlab.oracle.ParquetJava;
import io.pqlab.plan.ColumnRead;
import io.pqlab.MechanismSets;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.plan.RowGroupPlan;
import io.pqlab.plan.Span;
import io.pqlab.internal.predicate.Binder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.junit.jupiter.api.Test;

/**
 * The chapter's check, with pqlab's own decoder: {@code order_id = 431} on the sorted fixture
 * fetches, once the plan is made, only the pages the plan names, and those are the pages that hold
 * the row. Every read is recorded at the byte source, under the file (no tail cache hides reads):
 * the footer's reads while opening, the plan's (indexes, filters, dictionaries) while planning,
 * then the scan's, each accounted on its own. The row and its pages are found independently: the
 * row from the orders CSV, its pages from parquet-java's OffsetIndex.
 */
class ChapterFetchTest {
    private static final Path FIXTURES = Fixtures.ROOT;
    private static final Path SORTED = FIXTURES.resolve("pruning-sorted.parquet");

    @Test
    void orderId431FetchesOnlyThePagesThePlanNames() throws Exception {
        // the row, from the CSV the fixture was written from
        List<String> csv = Files.readAllLines(FIXTURES.resolve("data").resolve("orders-sorted.csv"));
        int row = rowOfOrder431(csv);
        String[] want = csv.get(row + 1).split(",", -1);
        List<BlockMetaData> blocks = ParquetJava.footer(SORTED).getBlocks();
        int g = rowGroupOf(blocks, row);
        List<Span> pagesOfTheRow = pagesHolding(SORTED, blocks, row, 0);

        RecordingSource source = new RecordingSource(FileSource.open(SORTED));
        try (ParquetFile f = ParquetFile.open(source)) {
            long size = f.source().size();
            List<long[]> footerReads = new ArrayList<>(source.reads);
            source.reads.clear();
            Scanner s = Scanner.open(f, BoundQuery.of(Binder.bind("order_id = 431", f.schema())));
            List<long[]> planReads = new ArrayList<>(source.reads);
            source.reads.clear();
            List<RowBatch> batches = new ArrayList<>();
            for (RowBatch b = s.next(); b != null; b = s.next()) {
                batches.add(b);
            }
            List<long[]> scanReads = new ArrayList<>(source.reads);

            // the answer
            assertThat(batches).hasSize(1);
            RowBatch b = batches.get(0);
            assertThat(b.size()).isEqualTo(1);
            assertThat(b.rowNumber(0)).isEqualTo(row);
            for (int c = 0; c < want.length; c++) {
                assertThat(b.text(c, 0)).isEqualTo(want[c].isEmpty() ? "null" : want[c]);
            }

            // the footer: the trailer, the head magic, then exactly the footer (no speculative tail)
            long footerStart = ParquetFiles.footer(f).metadataOffset();
            assertThat(footerReads).containsExactly(new long[] {size - 8, size}, new long[] {0, 4},
                    new long[] {footerStart, size - 8});

            // the plan: its reads are exactly the index, filter and dictionary spans it reports
            List<Span> planned = new ArrayList<>();
            List<Span> decided = new ArrayList<>();
            for (RowGroupPlan rg : s.plan().rowGroups()) {
                decided.addAll(rg.fetched());
                if (!rg.skipped()) {
                    assertThat(rg.index()).as("the row group read").isEqualTo(g);
                    for (ColumnRead cr : rg.reads()) {
                        planned.addAll(cr.spans());
                    }
                } else {
                    assertThat(rg.index()).isNotEqualTo(g);
                }
            }
            assertThat(Span.coalesce(spans(planReads), 0)).as("reads while planning").isEqualTo(Span.coalesce(decided, 0));

            // the scan: exactly the spans the plan names, and those are the pages holding the row
            assertThat(Span.coalesce(spans(scanReads), 0)).as("reads while scanning")
                    .isEqualTo(Span.coalesce(planned, 0))
                    .isEqualTo(Span.coalesce(pagesOfTheRow, 0));
            assertThat(s.stats().bytesFetched()).isEqualTo(Span.totalBytes(spans(scanReads)));
            // each byte fetched once while scanning
            assertThat(Span.totalBytes(spans(scanReads))).isEqualTo(scanReads.stream().mapToLong(r -> r[1] - r[0]).sum());
            assertThat(s.stats().pagesDecoded()).isEqualTo(blocks.get(g).getColumns().size());
            assertThat(s.stats().rowGroupsRead()).isEqualTo(1);
        }
    }

    /**
     * Late materialisation where the plan keeps whole chunks: on the shuffled fixture, with
     * statistics and the page index only, no row group or page of order_id can be ruled out, so
     * the plan reads every chunk whole (order_id's as all its pages, listed from the OffsetIndex
     * the planner fetched). The condition column is read whole; every other column
     * must then fetch only the page holding the matching row (and its dictionary page), found
     * through its OffsetIndex, not its whole chunk.
     */
    @Test
    void lateMaterialisationFetchesOnlyTheMatchingPagesWhereThePlanKeepsWholeChunks() throws Exception {
        Path shuffled = FIXTURES.resolve("pruning-shuffled.parquet");
        int row = rowOfOrder431(Files.readAllLines(FIXTURES.resolve("data").resolve("orders-shuffled.csv")));
        List<BlockMetaData> blocks = ParquetJava.footer(shuffled).getBlocks();
        int g = rowGroupOf(blocks, row);
        List<Span> otherColumnsPages = pagesHolding(shuffled, blocks, row, 1);
        List<Span> orderIdChunks = new ArrayList<>();
        for (BlockMetaData b : blocks) {
            ColumnChunkMetaData cc = b.getColumns().get(0);
            orderIdChunks.add(new Span(cc.getStartingPos(), cc.getTotalSize()));
        }

        RecordingSource source = new RecordingSource(FileSource.open(shuffled));
        try (ParquetFile f = ParquetFile.open(source)) {
            Scanner s = Scanner.open(f, BoundQuery.of(Binder.bind("order_id = 431", f.schema()))
                    .withMechanisms(MechanismSets.of(true, true, false, false)));
            for (RowGroupPlan rg : s.plan().rowGroups()) {
                assertThat(rg.skipped()).as("nothing rules a row group out").isFalse();
                assertThat(rg.rows().coversAll(rg.numRows())).as("every row may match").isTrue();
                assertThat(rg.reads()).filteredOn(r -> r.column() != 0)
                        .allMatch(r -> r.pages().isEmpty(), "the other columns' chunks planned whole");
            }
            source.reads.clear();
            long rows = 0;
            for (RowBatch b = s.next(); b != null; b = s.next()) {
                rows += b.size();
                assertThat(b.rowNumber(0)).isEqualTo(row);
            }
            assertThat(rows).isOne();
            // what was fetched: order_id's chunks, the other columns' OffsetIndexes of the row's
            // row group, and the other columns' pages holding the row
            List<Span> data = new ArrayList<>();
            for (long[] r : source.reads) {
                Span sp = new Span(r[0], r[1] - r[0]);
                boolean index = false;
                for (int c = 1; c < blocks.get(g).getColumns().size(); c++) {
                    var ix = blocks.get(g).getColumns().get(c).getOffsetIndexReference();
                    index |= ix != null && sp.offset() >= ix.getOffset() && sp.end() <= ix.getOffset() + ix.getLength();
                }
                if (!index) {
                    data.add(sp);
                }
            }
            List<Span> expected = new ArrayList<>(orderIdChunks);
            expected.addAll(otherColumnsPages);
            assertThat(Span.coalesce(data, 0)).isEqualTo(Span.coalesce(expected, 0));
        }
    }

    /** The file row of order 431, from the CSV the fixture was written from (header first). */
    private static int rowOfOrder431(List<String> csv) {
        int row = -1;
        for (int i = 1; i < csv.size(); i++) {
            if (csv.get(i).startsWith("431,")) {
                assertThat(row).as("order 431 once").isEqualTo(-1);
                row = i - 1;
            }
        }
        assertThat(row).isNotNegative();
        return row;
    }

    private static int rowGroupOf(List<BlockMetaData> blocks, long row) {
        int g = 0;
        for (long first = 0; first + blocks.get(g).getRowCount() <= row; ) {
            first += blocks.get(g++).getRowCount();
        }
        return g;
    }

    /**
     * Where a row lies, from parquet-java: in each column chunk from {@code fromColumn} on, the
     * page holding it, and the chunk's dictionary page, which a dictionary-encoded page needs.
     */
    private static List<Span> pagesHolding(Path file, List<BlockMetaData> blocks, long row, int fromColumn) {
        int g = rowGroupOf(blocks, row);
        long inGroup = row;
        for (int i = 0; i < g; i++) {
            inGroup -= blocks.get(i).getRowCount();
        }
        List<Span> out = new ArrayList<>();
        for (int c = fromColumn; c < blocks.get(g).getColumns().size(); c++) {
            ColumnChunkMetaData cc = blocks.get(g).getColumns().get(c);
            OffsetIndex oi = ParquetJava.offsetIndex(file, g, c);
            int page = 0;
            while (page + 1 < oi.getPageCount() && oi.getFirstRowIndex(page + 1) <= inGroup) {
                page++;
            }
            out.add(new Span(oi.getOffset(page), oi.getCompressedPageSize(page)));
            if (cc.hasDictionaryPage()) {
                out.add(new Span(cc.getStartingPos(), oi.getOffset(0) - cc.getStartingPos()));
            }
        }
        return out;
    }

    private static List<Span> spans(List<long[]> reads) {
        List<Span> out = new ArrayList<>();
        for (long[] r : reads) {
            out.add(new Span(r[0], r[1] - r[0]));
        }
        return out;
    }
}
