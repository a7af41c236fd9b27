package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * How many row groups a pooled scan works on after the current one (Scanner.maxAhead), by heap:
 * a small heap gets fewer, so that the peak heap of a two-thread full scan at -Xmx512m is not the
 * one-thread scan's plus two more row groups' pages; a normal heap keeps the thread count. (The
 * scans' own counter, Scanner.rowGroupsAhead, is held to this cap by ParallelScanTest.)
 */
class RowGroupsAheadTest {
    private static final long MIB = 1 << 20;

    private static int ahead(int threads, long heapMiB) {
        long heap = heapMiB * MIB;
        return Scanner.maxAhead(threads, heap, Scanner.batchBytes(heap));
    }

    @Test
    void aSmallHeapWorksOnOneRowGroupAhead() {
        assertThat(ahead(2, 512)).isEqualTo(1); // 2 before the reserve
        assertThat(ahead(8, 512)).isEqualTo(1); // 3 before
        assertThat(ahead(2, 256)).isEqualTo(1);
        assertThat(ahead(4, 64)).isEqualTo(1); // never none: the second thread needs work
    }

    @Test
    void aNormalHeapKeepsTheThreadCount() {
        assertThat(ahead(2, 1024)).isEqualTo(2); // the test JVM's heap (ParallelScanTest counts 2)
        assertThat(ahead(2, 6 * 1024)).isEqualTo(2); // a JMH fork's (a quarter of 24 GiB)
        assertThat(ahead(8, 6 * 1024)).isEqualTo(8);
        assertThat(ahead(1, 6 * 1024)).isEqualTo(1);
    }
}
