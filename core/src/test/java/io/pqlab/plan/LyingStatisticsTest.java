package io.pqlab.plan;

import static io.pqlab.plan.PlannerTrapsTest.cmp;
import static io.pqlab.plan.PlannerTrapsTest.n;
import static io.pqlab.plan.PlannerTrapsTest.sound;
import static io.pqlab.plan.PlannerTrapsTest.steps;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.Mechanism;
import io.pqlab.ParquetFile;
import io.pqlab.internal.format.ThriftTree;
import io.pqlab.internal.predicate.Binder;
import io.pqlab.scan.RowBatch;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.internal.plan.Scans;
import io.pqlab.scan.Scan;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20, item 5: statistics that lie. Polars 1.44 (created_by just "Polars") leaves pages
 * holding NaN out of a DOUBLE chunk's bounds and marks them as null pages in the ColumnIndex;
 * pqlab (and DuckDB) then skipped row groups holding matches. Polars is not available to the
 * build, so its metadata is reproduced: parquet-java writes the data, {@link Rewrite} gives the
 * footer and ColumnIndex what Polars wrote. Then, more generally, a page index that contradicts
 * the chunk's statistics is not used. Answers are held to the data as written.
 */
public class LyingStatisticsTest {
    @TempDir
    Path dir;

    private static byte[] dbl(double v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(v).array();
    }

    /**
     * The smallest case: x = [0.5]*2000 + [NaN, -1000.0]*1000 in pages of 100 rows, as
     * Polars describes it: chunk bounds -0.0 to 0.0 from no page at all, the 20 pages holding NaN
     * marked as null pages (with no nulls counted).
     */
    private Path polarsLike(String createdBy, boolean lyingChunkBounds) throws IOException {
        return polarsLike(dir, createdBy, lyingChunkBounds);
    }

    /** As above, written in {@code dir}; the CLI's tests show its reasons from this file. */
    public static Path polarsLike(Path dir, String createdBy, boolean lyingChunkBounds) throws IOException {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 4000; i++) {
            rows.add(new Object[] {i < 2000 ? 0.5 : i % 2 == 0 ? Double.NaN : -1000.0});
        }
        Path written = TrapFiles.write(dir.resolve("written.parquet"), "message m { optional double x; }", rows,
                4000, 100, b -> b);
        Rewrite rw = Rewrite.of(written);
        rw.footer.binary(Rewrite.CREATED_BY, createdBy.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        if (lyingChunkBounds) {
            ThriftTree.Struct stats = rw.meta(0, 0).struct(Rewrite.STATISTICS);
            stats.remove(1).remove(2).remove(9).i64(3, 0).binary(5, dbl(0.0)).binary(6, dbl(-0.0));
        }
        ThriftTree.Struct ci = rw.columnIndex(0, 0);
        ThriftTree.ListValue nullPages = ci.list(1);
        ThriftTree.ListValue mins = ci.list(2);
        ThriftTree.ListValue maxs = ci.list(3);
        for (int page = 20; page < 40; page++) {
            nullPages.elements().set(page, true);
            mins.elements().set(page, new byte[0]);
            maxs.elements().set(page, new byte[0]);
        }
        rw.columnIndex(0, 0, ci);
        return rw.write(dir.resolve("polars-like.parquet"));
    }

    /** The rows of {@code x < 0}, as pqlab's scan returns them: row numbers and values. */
    private static List<String> scan(Path p, String condition) throws IOException {
        List<String> out = new ArrayList<>();
        try (ParquetFile f = ParquetFile.open(p);
                Scan s = Scans.open(f, BoundQuery.of(Binder.bind(condition, f.schema())))) {
            for (RowBatch b = s.nextBatch(); b != null; b = s.nextBatch()) {
                for (int i = 0; i < b.size(); i++) {
                    out.add(b.rowNumber(i) + "=" + b.text(0, i));
                }
            }
        }
        return out;
    }

    /**
     * Before the fix the scan returned nothing: the chunk's bounds (-0.0 to 0.0) ruled out x < 0.
     * Now float bounds from Polars are not trusted, the ColumnIndex neither, with the reason in
     * the plan, and the scan returns exactly the 1,000 rows of -1000.0 the data holds.
     */
    @Test
    void polarsFloatBoundsAreNotTrusted() throws IOException {
        Path p = polarsLike("Polars", true);
        List<String> want = new ArrayList<>();
        for (int i = 2001; i < 4000; i += 2) {
            want.add(i + "=-1000.0");
        }
        assertThat(scan(p, "x < 0")).hasSize(1000).isEqualTo(want);
        OracleData d = OracleData.read(dir.resolve("written.parquet"));
        Plan plan = sound(p, d, cmp(d, 0, "<", 0.0), Mechanism.all());
        assertThat(plan.rowGroupsSkipped()).isZero();
        assertThat(steps(plan, "statistics")).singleElement().satisfies(s -> assertThat(s.why())
                .contains("floating-point bounds written by Polars are not trusted"));
        assertThat(steps(plan, "page-index")).singleElement().satisfies(s -> assertThat(s.why())
                .startsWith("the ColumnIndex is ignored: "));
    }

    /**
     * Another writer whose ColumnIndex lies as Polars's does (its chunk bounds as parquet-java
     * wrote them): the index, whose null pages count no nulls in 100 rows, is not used, and the
     * rows of -1000.0 in those pages are found. (Had the chunk bounds lied too, nothing would show
     * it before the index is read: docs/design/trust.md, "What is not covered".) This rule came
     * before issue 20 (PageVerdicts.contradiction); the test holds it on the Polars shape.
     */
    @Test
    void aNullPageWithFewerNullsThanRowsDisqualifiesTheIndex() throws IOException {
        Path p = polarsLike("another-writer version 1.0.0", false);
        OracleData d = OracleData.read(dir.resolve("written.parquet"));
        Plan plan = sound(p, d, cmp(d, 0, "=", -1000.0), Mechanism.parse("page-index"));
        assertThat(steps(plan, "page-index")).singleElement().satisfies(s -> assertThat(s.why())
                .contains("page 20 is marked as holding only nulls but counts 0 nulls in 100 rows"));
    }

    /** 200 rows: x = i and y = i, null every 7th row, in row groups of 100 and pages of 20. */
    private Path plainFile() throws IOException {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            rows.add(new Object[] {(long) i, i % 7 == 0 ? null : (long) i});
        }
        return TrapFiles.write(dir.resolve("plain.parquet"), "message m { required int64 x; optional int64 y; }",
                rows, 100, 20, b -> b);
    }

    /**
     * A page whose ColumnIndex bounds lie outside the chunk's statistics: page 2 (rows 40 to 59)
     * claims 100 to 119 while the chunk says 0 to 99. Before, the index ruled page 2 out for
     * x = 45 (a wrong answer: sound fails); now the index is not used for the chunk.
     */
    @Test
    void aPageBoundOutsideTheChunksBoundsDisqualifiesTheIndex() throws IOException {
        Path written = plainFile();
        Rewrite rw = Rewrite.of(written);
        ThriftTree.Struct ci = rw.columnIndex(0, 0);
        ci.list(2).elements().set(2, le(100));
        ci.list(3).elements().set(2, le(119));
        rw.columnIndex(0, 0, ci);
        Path p = rw.write(dir.resolve("outside.parquet"));
        OracleData d = OracleData.read(written);
        Plan plan = sound(p, d, cmp(d, 0, "=", n(45)), Mechanism.parse("page-index"));
        assertThat(steps(plan, "page-index").get(0).why())
                .startsWith("the ColumnIndex is ignored: page 2's bounds lie outside the chunk's statistics");
    }

    /**
     * Page null counts that sum to other than the chunk's: page 1 of y counts 0 nulls (it holds
     * 3). Before, the index ruled page 1 out for y IS NULL (a wrong answer); now it is not used.
     */
    @Test
    void nullCountsSummingDifferentlyFromTheChunksDisqualifyTheIndex() throws IOException {
        Path written = plainFile();
        Rewrite rw = Rewrite.of(written);
        ThriftTree.Struct ci = rw.columnIndex(0, 1);
        ci.list(5).elements().set(1, 0L);
        rw.columnIndex(0, 1, ci);
        Path p = rw.write(dir.resolve("null-sum.parquet"));
        OracleData d = OracleData.read(written);
        Plan plan = sound(p, d, new Sql.IsNull(d.columns[1], false), Mechanism.parse("page-index"));
        assertThat(steps(plan, "page-index").get(0).why())
                .isEqualTo("the ColumnIndex is ignored: its pages count 12 nulls but the chunk's statistics 15");
    }

    private static byte[] le(long v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
    }
}
