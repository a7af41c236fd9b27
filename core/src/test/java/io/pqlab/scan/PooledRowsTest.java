package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A row group run on the pool ({@link PooledRows}) against failures outside the row group's own
 * step and against the queue budget: a batch that cannot be weighed (here: a page list that is
 * not there, standing for an Error while counting or queueing) must fail the scan, not leave the
 * consumer waiting for a step that never ends; and a row group ahead of the consumer's must not
 * queue a batch past the budget.
 */
class PooledRowsTest {
    private final ExecutorService pool = Executors.newFixedThreadPool(2);

    @AfterEach
    void stop() throws InterruptedException {
        pool.shutdownNow();
        pool.awaitTermination(5, TimeUnit.SECONDS);
    }

    /** Batches of one row and one column whose runs are missing: weighing them throws. */
    private static RowGroupRows unweighable(int batches) {
        return new RowGroupRows() {
            int made;

            @Override
            public RowBatch nextBatch() {
                if (made == batches) {
                    return null;
                }
                made++;
                return new RowBatch(0, new long[] {made}, Arrays.asList((io.pqlab.schema.ColumnDescriptor) null),
                        new Runs[1]);
            }

            @Override
            public boolean exhausted() {
                return made == batches;
            }

            @Override
            public void close() {}
        };
    }

    @Test
    @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a hang fails the test instead of the build
    void aFailureWhileWeighingOnThePoolReachesTheConsumer() throws Exception {
        PooledRows rows = new PooledRows(unweighable(3), pool, new PooledRows.Held(1 << 20));
        rows.becomeCurrent();
        assertThatThrownBy(rows::nextBatch).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(rows::nextBatch).as("every later call throws it again").isInstanceOf(NullPointerException.class);
        rows.close(); // returns: nothing is left running
    }

    @Test
    @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a hang fails the test instead of the build
    void aFailureWhileWeighingOnTheConsumerLeavesTheRowGroupClosable() throws Exception {
        // an executor that never runs the task: the consumer makes the batch itself
        List<Runnable> never = new ArrayList<>();
        PooledRows rows = new PooledRows(unweighable(3), never::add, new PooledRows.Held(1 << 20));
        rows.becomeCurrent();
        assertThatThrownBy(rows::nextBatch).isInstanceOf(NullPointerException.class);
        rows.close(); // before the fix it waited for the consumer's own step, forever
    }

    /** Batches of one row with no columns: they weigh nothing but count in the queue. */
    private static RowGroupRows counted(int batches, int[] made) {
        return new RowGroupRows() {
            @Override
            public RowBatch nextBatch() {
                if (made[0] == batches) {
                    return null;
                }
                made[0]++;
                return new RowBatch(0, new long[] {made[0]}, List.of(), new Runs[0]);
            }

            @Override
            public boolean exhausted() {
                return made[0] == batches;
            }

            @Override
            public void close() {}
        };
    }

    @Test
    @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a hang fails the test instead of the build
    void aRowGroupAheadQueuesNothingPastTheBudget() throws Exception {
        PooledRows.Held held = new PooledRows.Held(0); // full from the start
        int[] aheadMade = {0};
        List<Runnable> tasks = new ArrayList<>();
        PooledRows ahead = new PooledRows(counted(4, aheadMade), tasks::add, held);
        ahead.resume();
        assertThat(tasks).as("a row group ahead is not started past the budget").isEmpty();
        int[] currentMade = {0};
        PooledRows current = new PooledRows(counted(4, currentMade), tasks::add, held);
        current.becomeCurrent();
        assertThat(tasks).as("the consumer's row group is, into an empty queue").hasSize(1);
        tasks.remove(0).run();
        assertThat(currentMade[0]).as("it stops once it holds one batch").isEqualTo(1);
        for (int i = 0; i < 4; i++) {
            assertThat(current.nextBatch()).isNotNull();
            while (!tasks.isEmpty()) {
                tasks.remove(0).run();
            }
        }
        assertThat(current.nextBatch()).isNull();
        assertThat(aheadMade[0]).as("the row group ahead made nothing meanwhile").isZero();
        ahead.becomeCurrent();
        while (!tasks.isEmpty()) {
            tasks.remove(0).run();
        }
        int n = 0;
        while (ahead.nextBatch() != null) {
            n++;
        }
        assertThat(n).isEqualTo(4);
        ahead.close();
        current.close();
    }
}
