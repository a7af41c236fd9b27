package io.pqlab.bench;

import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Full scans, every value of every column, one reader per subclass ({@link FullScanBench},
 * hardwood's {@code HardwoodScanBench.Full}): the same files and threads for every peer.
 */
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 3, time = 1)
public abstract class FullScan extends OrdersBench {
    @Param({"sorted", "duckdb"})
    public String variant;

    /** Threads for every reader that can use more than one, as in {@link SuiteScan#threads}. */
    @Param({"1", "2"})
    public int threads;

    @Setup
    public void setup() {
        orders(variant);
    }
}
