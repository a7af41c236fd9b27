package io.pqlab.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.Mechanism;
import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.oracle.ParquetJava;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.channels.FileChannel;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.compat.RowGroupFilter;
import org.apache.parquet.filter2.compat.RowGroupFilter.FilterLevel;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.format.OffsetIndex;
import org.apache.parquet.format.PageLocation;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page index of a list column: pages skipped on a file sorted by the list's first element,
 * no row group kept that parquet-java's FilterApi.contains drops, and an OffsetIndex that puts a
 * page's first row where the page does not start refused with its reason, never pruned.
 */
class RepeatedPageIndexTest {
    @TempDir
    Path dir;

    private static final Set<Mechanism> ALL = EnumSet.of(Mechanism.STATISTICS, Mechanism.BLOOM, Mechanism.DICTIONARY,
            Mechanism.PAGE_INDEX);

    @Test
    void sortedListsSkipPagesAndKeepWhatParquetJavaKeeps() throws Exception {
        Path f = dir.resolve("sorted.parquet");
        RepeatedSoundnessTest.writeParquetJava(f, false, true, 4000, 11);
        long pagesSkipped = 0;
        long conditions = 0;
        try (ParquetFile pf = ParquetFile.open(f); ParquetFileReader r = ParquetJava.open(f);
                Connection db = DriverManager.getConnection("jdbc:duckdb:"); Statement st = db.createStatement()) {
            List<BlockMetaData> blocks = r.getRowGroups();
            for (int v = -20; v < 1100; v += 37) {
                String cond = "list_contains(ints, " + v + ")";
                conditions++;
                Plan plan = pf.plan(Query.where(cond).using(ALL));
                Set<Long> expected = RepeatedSoundnessTest.duck(st, f, "list_contains(ints, " + v + ")");
                RepeatedSoundnessTest.sound(plan, expected, "\n  " + cond);
                for (RowGroupPlan g : plan.rowGroups()) {
                    if (!g.skipped() && !g.rows().coversAll(g.numRows())) {
                        pagesSkipped++;
                    }
                }
                var filter = FilterCompat.get(FilterApi.contains(FilterApi.eq(FilterApi.intColumn("ints.list.element"), v)));
                List<BlockMetaData> kept = RowGroupFilter.filterRowGroups(
                        List.of(FilterLevel.STATISTICS, FilterLevel.DICTIONARY, FilterLevel.BLOOMFILTER), filter, blocks, r);
                for (int g = 0; g < blocks.size(); g++) {
                    BlockMetaData b = blocks.get(g);
                    boolean pjKeeps = kept.stream().anyMatch(k -> k.getStartingPos() == b.getStartingPos());
                    if (!pjKeeps) {
                        assertThat(plan.rowGroups().get(g).skipped())
                                .as("parquet-java drops row group " + g + " for " + cond + "; pqlab: "
                                        + plan.rowGroups().get(g).steps())
                                .isTrue();
                    }
                }
            }
        }
        assertThat(pagesSkipped).as("row groups of " + conditions + " conditions where pages were skipped").isGreaterThan(10);
    }

    @Test
    void anOffsetIndexThatStartsAPageMidRowIsRefused() throws Exception {
        Path f = dir.resolve("sorted.parquet");
        RepeatedSoundnessTest.writeParquetJava(f, false, true, 1500, 5);
        Path edited = dir.resolve("edited.parquet");
        Files.copy(f, edited);
        int column;
        long offset;
        int length;
        try (ParquetFile pf = ParquetFile.open(f)) {
            column = pf.schema().column("ints.list.element").index();
            ColumnChunk chunk = ParquetFiles.rowGroup(pf, 0).columns().get(column);
            offset = chunk.offsetIndexOffset();
            length = chunk.offsetIndexLength();
            // before the edit the page index is used and skips pages for a value of the first rows
            Plan plan = pf.plan(Query.where("list_contains(ints, 3)").using(Mechanism.PAGE_INDEX));
            assertThat(plan.rowGroups().get(0).rows().coversAll(plan.rowGroups().get(0).numRows())).isFalse();
        }
        byte[] bytes = Files.readAllBytes(f);
        OffsetIndex oi = Util.readOffsetIndex(new ByteArrayInputStream(bytes, (int) offset, length));
        byte[] rewritten = null;
        for (int page = 1; page < oi.getPage_locations().size() && rewritten == null; page++) {
            for (int delta : new int[] {-1, 1, -2, 2}) {
                OffsetIndex copy = oi.deepCopy();
                PageLocation p = copy.getPage_locations().get(page);
                p.setFirst_row_index(p.getFirst_row_index() + delta); // the page now "starts" inside a row
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                Util.writeOffsetIndex(copy, out);
                if (out.size() == length) {
                    rewritten = out.toByteArray();
                    break;
                }
            }
        }
        assertThat(rewritten).as("an edit of the same length").isNotNull();
        try (FileChannel ch = FileChannel.open(edited, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(rewritten), offset);
        }
        try (ParquetFile pf = ParquetFile.open(edited); Connection db = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = db.createStatement()) {
            for (int v = 0; v < 400; v += 9) {
                String cond = "list_contains(ints, " + v + ")";
                Plan plan = pf.plan(Query.where(cond).using(Mechanism.PAGE_INDEX));
                RowGroupPlan g = plan.rowGroups().get(0);
                assertThat(g.rows().coversAll(g.numRows())).as(cond + ": " + g.steps()).isTrue();
                assertThat(g.steps()).anySatisfy(s -> assertThat(s.why()).contains("the page index is not used")
                        .contains("OffsetIndex gives it rows"));
                RepeatedSoundnessTest.sound(pf.plan(Query.where(cond).using(ALL)),
                        RepeatedSoundnessTest.duck(st, edited, "list_contains(ints, " + v + ")"), "\n  " + cond);
            }
        }
    }

    /**
     * parquet-java's rewriter and joiner copy chunks, pages and page index byte for byte, under
     * their own created_by, keeping the source's writer in {@code original.created.by}: pages a
     * writer not known to cut at rows wrote are not pruned, whoever copied them.
     */
    @Test
    void pagesCopiedFromAWriterNotKnownToCutAtRowsAreNotPruned() throws Exception {
        Path copied = dir.resolve("copied.parquet");
        RepeatedSoundnessTest.writeParquetJava(copied, false, true, 1500, 5,
                java.util.Map.of("original.created.by", "parquet-mr version 1.13.1 (build x)\nparquet-cpp-arrow version 10.0.0"));
        Path known = dir.resolve("known.parquet");
        RepeatedSoundnessTest.writeParquetJava(known, false, true, 1500, 5,
                java.util.Map.of("original.created.by", "parquet-mr version 1.13.1 (build x)"));
        try (ParquetFile pf = ParquetFile.open(known)) {
            Plan plan = pf.plan(Query.where("list_contains(ints, 3)").using(Mechanism.PAGE_INDEX).columns("id", "ints"));
            assertThat(plan.rowGroups().get(0).rows().coversAll(plan.rowGroups().get(0).numRows()))
                    .as("a copy of parquet-java's pages is pruned: " + plan.rowGroups().get(0).steps()).isFalse();
        }
        try (ParquetFile pf = ParquetFile.open(copied)) {
            Plan plan = pf.plan(Query.where("list_contains(ints, 3)").using(Mechanism.PAGE_INDEX).columns("id", "ints"));
            RowGroupPlan g = plan.rowGroups().get(0);
            assertThat(g.rows().coversAll(g.numRows())).as(g.steps().toString()).isTrue();
            assertThat(g.steps()).anySatisfy(s -> assertThat(s.why()).contains("parquet-cpp-arrow version 10.0.0"));
            int ints = pf.schema().column("ints.list.element").index();
            assertThat(plan.reads()).filteredOn(r -> r.rowGroup() == 0 && r.column() == ints)
                    .singleElement().satisfies(r -> assertThat(r.why()).contains("the whole chunk"));
        }
    }
}
