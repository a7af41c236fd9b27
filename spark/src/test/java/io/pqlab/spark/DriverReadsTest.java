package io.pqlab.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.Dataset;
import io.pqlab.DatasetOptions;
import io.pqlab.DatasetPlan;
import io.pqlab.Query;
import io.pqlab.io.ListedFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the driver keeps of its reads, to hand the tasks, is bounded for the whole table (not only
 * per task): past the bound a read is not kept and the task reads for itself. No Spark session:
 * the driver's side alone.
 */
class DriverReadsTest {
    private static final List<String> FILES = List.of(
            Path.of("..", "fixtures", "pruning-sorted.parquet").toAbsolutePath().normalize().toString(),
            Path.of("..", "fixtures", "pruning-shuffled.parquet").toAbsolutePath().normalize().toString());

    /** The bytes kept while planning under a record budget, and what the tasks would be handed. */
    private static long[] plan(long budget) throws Exception {
        DatasetOptions o = DatasetOptions.defaults();
        List<ListedFile> listed;
        try (Dataset d = Dataset.open(FILES, o)) {
            listed = d.files();
        }
        DriverReads reads = new DriverReads(listed, o, budget);
        long shipped = 0;
        try (Dataset d = Dataset.open(reads.locations(), reads.apply(o))) {
            DatasetPlan plan = d.plan(Query.where("order_id > 700 OR customer_id = 332606"));
            List<Splits.FilePlan> kept = new ArrayList<>();
            for (DatasetPlan.FilePlan f : plan.files()) {
                ListedFile lf = listed.stream().filter(x -> x.location().equals(f.location())).findFirst().orElseThrow();
                kept.add(new Splits.FilePlan(lf, f.plan()));
            }
            for (List<Splits.Piece> pieces : Splits.partitions(kept, 1L << 30, 0)) {
                for (Splits.Piece p : reads.ship(pieces, 256 << 10)) {
                    for (byte[] b : p.shipped().bytes()) {
                        shipped += b.length;
                    }
                }
            }
        }
        return new long[] {reads.recorded(), shipped};
    }

    @Test
    void theDriverKeepsNoMoreThanItsBudgetAndShipsOnlyWhatItKept() throws Exception {
        long[] all = plan(Long.MAX_VALUE / 4);
        assertThat(all[0]).as("kept without a bound").isPositive();
        assertThat(all[1]).as("handed to the tasks").isPositive();

        long[] none = plan(0);
        assertThat(none[0]).isZero();
        assertThat(none[1]).isZero();

        long half = all[0] / 2;
        long[] some = plan(half);
        assertThat(some[0]).isLessThanOrEqualTo(half);
        assertThat(some[1]).isLessThanOrEqualTo(all[1]);
    }
}
