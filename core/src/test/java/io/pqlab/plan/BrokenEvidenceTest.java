package io.pqlab.plan;

import static io.pqlab.plan.PlannerTrapsTest.cmp;
import static io.pqlab.plan.PlannerTrapsTest.groupsKept;
import static io.pqlab.plan.PlannerTrapsTest.groupsMatching;
import static io.pqlab.plan.PlannerTrapsTest.n;
import static io.pqlab.plan.PlannerTrapsTest.sound;
import static io.pqlab.plan.PlannerTrapsTest.steps;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.MalformedFileException;
import io.pqlab.Mechanism;
import io.pqlab.ParquetFile;
import io.pqlab.internal.format.ThriftTree;
import io.pqlab.internal.format.ThriftWriter;
import io.pqlab.oracle.ParquetJava;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20, item 2: a structure missing a required field, or holding an enum value pqlab does not
 * know, may be decoded for display, but no skip may rest on it. Each case is a file a real writer
 * (parquet-java) wrote, given the defect with {@link Rewrite}: where parquet-java refuses the file
 * (a required field missing from the footer), pqlab refuses it too, at the struct's offset; where
 * the structure is evidence only (an index, a column order, an encoding-stats entry of an unknown
 * page type), the plan reads, never skips on it, and says why. Every plan is held to the data of
 * the file as written (parquet-java's reading of the unpatched file: the pages are the same).
 */
class BrokenEvidenceTest {
    @TempDir
    Path dir;

    /** Two row groups of x = i / 5 * 1_000_003, whose dictionary outgrows 128 bytes and falls back to PLAIN. */
    private Path fallbackFile() throws IOException {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 240; i++) {
            rows.add(new Object[] {(long) (i / 5) * 1_000_003L});
        }
        return TrapFiles.write(dir.resolve("fallback.parquet"), "message m { required int64 x; }", rows, 120, 10,
                b -> b.withDictionaryEncoding(true).withDictionaryPageSize(128));
    }

    /** 200 rows of x = i in row groups of 100 and pages of 20, with statistics and a page index. */
    private Path plainFile() throws IOException {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            rows.add(new Object[] {(long) i});
        }
        return TrapFiles.write(dir.resolve("plain.parquet"), "message m { required int64 x; }", rows, 100, 20, b -> b);
    }

    /**
     * The case: an encoding-stats entry of a page type pqlab does not know next to the
     * dictionary entries. Before the fix DictionaryProof skipped over it, "proved" every data page
     * dictionary-encoded, and the dictionary ruled out values the PLAIN fallback pages hold (a
     * wrong answer: {@code sound} fails). Now the dictionary is not used, with the reason.
     */
    @Test
    void anEncodingStatsEntryOfAnUnknownPageTypeProvesNothing() throws IOException {
        Path written = fallbackFile();
        Rewrite rw = Rewrite.of(written);
        int changed = 0;
        for (int g = 0; g < rw.rowGroups(); g++) {
            for (Object o : rw.meta(g, 0).list(Rewrite.ENCODING_STATS).elements()) {
                ThriftTree.Struct e = (ThriftTree.Struct) o;
                if (e.i(1) == 0 && e.i(2) == 0) { // DATA_PAGE in PLAIN: the pages that fell back
                    e.i32(1, 7);
                    changed++;
                }
            }
        }
        assertThat(changed).as("the writer fell back to PLAIN").isPositive();
        Path p = rw.write(dir.resolve("unknown-page-type.parquet"));
        OracleData d = OracleData.read(written);
        java.util.Set<Mechanism> dict = Mechanism.parse("dictionary");
        for (Object v : d.distinct(d.columns[0])) {
            Sql eq = cmp(d, 0, "=", v);
            assertThat(groupsKept(sound(p, d, eq, dict))).as(eq.text()).containsAll(groupsMatching(d, eq));
        }
        Plan plan = sound(p, d, cmp(d, 0, "=", n(47L * 1_000_003L)), dict);
        assertThat(steps(plan, "dictionary")).isNotEmpty().allSatisfy(s -> assertThat(s.why())
                .contains("the dictionary is not used").contains("page type 7, which pqlab does not know"));
        assertThat(plan.rowGroupsSkipped()).isZero();
    }

    /**
     * The example {page_type: absent, PLAIN, count 5}: parquet-java refuses the file
     * ("Required field 'page_type' was not present"), and so does pqlab now, at the entry's offset;
     * before, it decoded with page type -1 and the dictionary proof ignored the entry.
     */
    @Test
    void anEncodingStatsEntryWithoutItsPageTypeIsRefusedAsParquetJavaRefusesIt() throws IOException {
        Path written = fallbackFile();
        Rewrite rw = Rewrite.of(written);
        ThriftTree.ListValue stats = rw.meta(0, 0).list(Rewrite.ENCODING_STATS);
        stats.elements().add(new ThriftTree.Struct().i32(2, 0).i32(3, 5));
        Path p = rw.write(dir.resolve("no-page-type.parquet"));
        assertThatThrownBy(() -> ParquetJava.thriftFooter(p)).hasStackTraceContaining("page_type");
        assertThatThrownBy(() -> ParquetFile.open(p)).isInstanceOf(MalformedFileException.class)
                .hasMessageStartingWith("Required field 'page_type' was not present in PageEncodingStats")
                .satisfies(e -> assertThat(((MalformedFileException) e).offset()).isPositive());
    }

    /** ColumnMetaData without codec (any required field): refused by parquet-java and by pqlab. */
    @Test
    void aChunkWithoutARequiredFieldIsRefusedAsParquetJavaRefusesIt() throws IOException {
        Rewrite rw = Rewrite.of(plainFile());
        rw.meta(1, 0).remove(4);
        Path p = rw.write(dir.resolve("no-codec.parquet"));
        assertThatThrownBy(() -> ParquetJava.thriftFooter(p)).hasStackTraceContaining("codec");
        assertThatThrownBy(() -> ParquetFile.open(p)).isInstanceOf(MalformedFileException.class)
                .hasMessage("Required field 'codec' was not present in the ColumnMetaData of column 0");
    }

    /**
     * A ColumnIndex without its required boundary_order, or with a code pqlab does not know: the
     * index is not used (before, both read as UNORDERED and the index was used).
     */
    @Test
    void aColumnIndexWithoutOrWithAnUnknownBoundaryOrderIsNotUsed() throws IOException {
        Path written = plainFile();
        OracleData d = OracleData.read(written);
        for (Long code : new Long[] {null, 9L}) {
            Rewrite rw = Rewrite.of(written);
            for (int g = 0; g < 2; g++) {
                ThriftTree.Struct ci = rw.columnIndex(g, 0);
                if (code == null) {
                    ci.remove(4);
                } else {
                    ci.i32(4, code);
                }
                rw.columnIndex(g, 0, ci);
            }
            Path p = rw.write(dir.resolve("boundary-" + code + ".parquet"));
            Plan plan = sound(p, d, cmp(d, 0, "=", n(57)), Mechanism.parse("page-index"));
            assertThat(steps(plan, "page-index")).hasSize(2).allSatisfy(s -> assertThat(s.why()).isEqualTo(
                    "the ColumnIndex is ignored: " + (code == null ? "the ColumnIndex has no boundary_order (a required field)"
                            : "the ColumnIndex's boundary_order is 9, which pqlab does not know")));
            assertThat(plan.rowGroupsSkipped()).isZero();
        }
    }

    /** A ColumnIndex without null_pages (already refused before this issue; kept as part of the audit). */
    @Test
    void aColumnIndexWithoutNullPagesIsNotUsed() throws IOException {
        Path written = plainFile();
        Rewrite rw = Rewrite.of(written);
        rw.columnIndex(0, 0, rw.columnIndex(0, 0).remove(1));
        Path p = rw.write(dir.resolve("no-null-pages.parquet"));
        OracleData d = OracleData.read(written);
        Plan plan = sound(p, d, cmp(d, 0, "=", n(57)), Mechanism.parse("page-index"));
        assertThat(steps(plan, "page-index").get(0).why()).contains("no null_pages (a required field)");
    }

    /**
     * A PageLocation without first_row_index: the OffsetIndex is not used, for skipping or for
     * reading pages, and the plan says which field is missing (before, it was refused for a row
     * order it did not have, -1 being read as a row).
     */
    @Test
    void aPageLocationWithoutARequiredFieldIsNotUsed() throws IOException {
        Path written = plainFile();
        Rewrite rw = Rewrite.of(written);
        ThriftTree.Struct oi = rw.offsetIndex(0, 0);
        oi.list(1).struct(2).remove(3);
        rw.offsetIndex(0, 0, oi);
        Path p = rw.write(dir.resolve("no-first-row.parquet"));
        OracleData d = OracleData.read(written);
        Plan plan = sound(p, d, cmp(d, 0, "=", n(57)), Mechanism.parse("page-index"));
        assertThat(steps(plan, "page-index").get(0).why())
                .isEqualTo("the OffsetIndex is ignored: page 2's PageLocation has no first_row_index (a required field)");
        assertThat(plan.rowGroups().get(0).reads().get(0).pages()).as("the whole chunk").isEmpty();
    }

    /**
     * A column order pqlab does not know (a ColumnOrder union member it cannot name): parquet.thrift
     * says to ignore the column's min and max, so no statistic or page bound of it rules anything
     * out, and the plan says so. Before, the deprecated min and max of the signed INT64 were used.
     */
    @Test
    void aColumnOrderPqlabDoesNotKnowMeansNoBoundsAreUsed() throws IOException {
        Path written = plainFile();
        Rewrite rw = Rewrite.of(written);
        ThriftTree.Struct unknown = new ThriftTree.Struct().put(9, ThriftWriter.STRUCT, new ThriftTree.Struct());
        rw.footer.put(Rewrite.COLUMN_ORDERS, ThriftWriter.LIST,
                new ThriftTree.ListValue(ThriftWriter.STRUCT, new ArrayList<>(List.of(unknown))));
        Path p = rw.write(dir.resolve("unknown-order.parquet"));
        OracleData d = OracleData.read(written);
        Plan plan = sound(p, d, cmp(d, 0, "=", n(1000)), Mechanism.all());
        assertThat(plan.rowGroupsSkipped()).isZero();
        assertThat(steps(plan, "statistics")).allSatisfy(s -> assertThat(s.why())
                .contains("a column order pqlab does not know"));
    }
}
