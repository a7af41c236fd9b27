package io.pqlab.plan;

import io.pqlab.Mechanism;
import io.pqlab.internal.plan.BoundQuery;
import java.util.Set;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.internal.predicate.Binder;
import io.pqlab.scan.RowBatch;
import io.pqlab.internal.plan.Scans;
import io.pqlab.scan.Scan;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.format.ColumnIndex;
import org.apache.parquet.format.Statistics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Indexes and statistics that contradict themselves, or the data: the plan may lose a skip, never
 * a row; and a scan returns only rows whose decoded values match, whatever the plan proved.
 */
class ContradictoryIndexTest {
    @TempDir
    Path dir;

    /** x: 40 rows in pages of 10, every seventh null. */
    private Path written() throws IOException {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            rows.add(new Object[] {i % 7 == 3 ? null : i});
        }
        return TrapFiles.write(dir.resolve("x.parquet"), "message m { optional int32 x; }", rows, 100, 10, b -> b);
    }

    /**
     * Page 2 (rows 20-29, one null) marked as a null page, its null count kept; page 1 (rows 10-19,
     * one null) not a null page but counting 10 nulls. Either claim would rule pages out (x = 25,
     * x IS NOT NULL) or in (x IS NULL) against the data. FileFuzzTest#planAndScan found the first.
     */
    @Test
    void aNullPageThatCountsFewerNullsThanRowsIsNotBelieved() throws IOException {
        Path p = TrapFiles.patch(written(), dir.resolve("lying-null-page.parquet"), (g, c, ci) -> {
            ColumnIndex out = ci.deepCopy();
            out.getNull_pages().set(2, true);
            out.getNull_counts().set(1, 10L);
            return out;
        }, null);
        OracleData d = OracleData.read(p);
        RefColumn x = d.columns[0];
        for (Sql s : List.of(new Sql.IsNull(x, false), new Sql.IsNull(x, true),
                new Sql.Cmp(x, "=", java.math.BigDecimal.valueOf(25)), new Sql.Cmp(x, "=", java.math.BigDecimal.valueOf(12)),
                new Sql.Cmp(x, ">", java.math.BigDecimal.valueOf(5)))) {
            Plan plan = PlannerTrapsTest.sound(p, d, s, Mechanism.all());
            Step pageStep = plan.rowGroups().get(0).steps().stream().filter(st -> st.mechanism().equals("page-index"))
                    .findFirst().orElseThrow();
            assertThat(pageStep.why()).as(s.text()).contains("ignored").contains("null");
        }
    }

    /**
     * Statistics that say every value is 5 (no nulls): the plan proves x = 5 for every row; the
     * scan, which decodes the rows anyway, returns only the row that holds 5.
     */
    @Test
    void aScanReturnsOnlyRowsThatMatchWhateverThePlanProved() throws IOException {
        byte[] five = TrapFiles.bytes(TrapFiles.le(5));
        Path p = TrapFiles.patch(written(), dir.resolve("lying-stats.parquet"), (g, c, ci) -> {
            ColumnIndex out = ci.deepCopy();
            for (int i = 0; i < out.getMin_values().size(); i++) {
                out.getMin_values().set(i, ByteBuffer.wrap(five));
                out.getMax_values().set(i, ByteBuffer.wrap(five));
                out.getNull_counts().set(i, 0L);
            }
            return out;
        }, md -> PlannerTrapsTest.eachChunk(md, cc -> {
            Statistics s = cc.getMeta_data().getStatistics();
            s.setMin_value(five);
            s.setMax_value(five);
            s.setNull_count(0);
        }));
        try (ParquetFile f = ParquetFile.open(p)) {
            for (Set<Mechanism> m : List.of(Mechanism.all(), Mechanism.parse("statistics"), Mechanism.parse("page-index"))) {
                Scan s = Scans.open(f, BoundQuery.of(Binder.bind("x = 5", f.schema())).withMechanisms(m));
                assertThat(s.plan().rowGroups().get(0).allMatch().isEmpty()).as("the lie is believed by the plan").isFalse();
                List<Long> rows = new ArrayList<>();
                for (RowBatch b = s.nextBatch(); b != null; b = s.nextBatch()) {
                    for (int i = 0; i < b.size(); i++) {
                        rows.add(b.rowNumber(i));
                    }
                }
                assertThat(rows).as("%s", m).containsExactly(5L);
            }
        }
    }
}
