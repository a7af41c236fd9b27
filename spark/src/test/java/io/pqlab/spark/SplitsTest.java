package io.pqlab.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.io.ListedFile;
import io.pqlab.plan.Plan;
import io.pqlab.plan.RowGroupPlan;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Splits} on pqlab's plans of the sorted fixture (four row groups of 200 rows), without
 * Spark: what becomes a piece and a partition at a few targets. The rows each piece returns are
 * SparkDatasetTest's concern (Spark's own source judges them there).
 */
class SplitsTest {
    private static final Path SORTED = Path.of("..", "fixtures", "pruning-sorted.parquet");

    private static Splits.FilePlan plan(String name, String where) throws Exception {
        try (ParquetFile f = ParquetFile.open(SORTED)) {
            return new Splits.FilePlan(new ListedFile(name, 1, "test"), f.plan(Query.where(where)));
        }
    }

    private static long groupBytes(Plan p, int g) {
        RowGroupPlan r = p.rowGroups().get(g);
        return Splits.weight(r);
    }

    @Test
    void skippedRowGroupsWeighNothingAndNeverStartAPiece() throws Exception {
        // statistics keep row groups 0 and 3 of the sorted file only
        Splits.FilePlan a = plan("a", "order_id < 150 OR order_id > 700");
        assertThat(a.plan().rowGroups().stream().filter(Splits::kept).map(RowGroupPlan::index)).containsExactly(0, 3);
        assertThat(Splits.partitions(List.of(a), 1, 0)).containsExactly(
                List.of(new Splits.Piece("a", 1, "test", 0, 200)), List.of(new Splits.Piece("a", 1, "test", 600, 800)));
        // one piece from the first kept row group to the end of the last: the two between are
        // judged again by the executor's plan
        assertThat(Splits.partitions(List.of(a), Long.MAX_VALUE, 0)).containsExactly(
                List.of(new Splits.Piece("a", 1, "test", 0, 800)));
    }

    @Test
    void piecesAreCutAtTheTargetAndPackedWithTheOpenCost() throws Exception {
        Splits.FilePlan a = plan("a", "order_id > 0");
        Splits.FilePlan b = plan("b", "order_id > 0");
        long g0 = groupBytes(a.plan(), 0);
        long g1 = groupBytes(a.plan(), 1);
        long g2 = groupBytes(a.plan(), 2);
        // a target of two row groups: each file cut in two pieces of two row groups
        long two = Math.max(g0 + g1, groupBytes(a.plan(), 2) + groupBytes(a.plan(), 3));
        List<List<Splits.Piece>> p = Splits.partitions(List.of(a, b), two, 0);
        assertThat(p).containsExactly(
                List.of(new Splits.Piece("a", 1, "test", 0, 400)), List.of(new Splits.Piece("a", 1, "test", 400, 800)),
                List.of(new Splits.Piece("b", 1, "test", 0, 400)), List.of(new Splits.Piece("b", 1, "test", 400, 800)));
        // a target of a file and a bit: each file one piece, not packed together
        long all = g0 + g1 + g2 + groupBytes(a.plan(), 3);
        assertThat(Splits.partitions(List.of(a, b), all + 1, 0)).containsExactly(
                List.of(new Splits.Piece("a", 1, "test", 0, 800)), List.of(new Splits.Piece("b", 1, "test", 0, 800)));
        // two files' worth: packed into one partition, unless the open cost pushes the second out
        assertThat(Splits.partitions(List.of(a, b), 2 * all, 0)).containsExactly(
                List.of(new Splits.Piece("a", 1, "test", 0, 800), new Splits.Piece("b", 1, "test", 0, 800)));
        assertThat(Splits.partitions(List.of(a, b), 2 * all, 1)).hasSize(2);
        // Spark's rule for the target: the bytes spread over the minimum partitions, at least the open cost
        assertThat(Splits.target(List.of(a, b), Long.MAX_VALUE, 0, 2)).isEqualTo(all);
        assertThat(Splits.target(List.of(a, b), 100, 0, 2)).isEqualTo(100);
        // each file's open cost counts in the bytes spread (as Spark's does): (2 all + 2 open) / 2
        assertThat(Splits.target(List.of(a, b), Long.MAX_VALUE, 10 * all, 2)).isEqualTo(11 * all);
        assertThat(Splits.target(List.of(a, b), Long.MAX_VALUE, 10 * all, 100)).isEqualTo(10 * all);
    }
}
