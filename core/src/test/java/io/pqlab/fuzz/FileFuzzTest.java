package io.pqlab.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.pqlab.io.BytesSource;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Whole files: the fuzzer mutates small fixtures (their seeds lie directly in
 * {@code FileFuzzTestInputs/}, so every target of this class replays them) and the library does
 * everything it can with the result ({@link Exercise#file}).
 *
 * <p>When the planner and the scan land, their target is one more method here, sharing the seeds:
 *
 * <pre>
 * &#64;FuzzTest(maxDuration = Fuzzing.DURATION)
 * &#64;Timeout(value = Fuzzing.TIMEOUT_SECONDS, unit = TimeUnit.SECONDS)
 * void planAndScan(byte[] data) throws IOException {
 *     BytesSource source = new BytesSource("fuzz", data);
 *     Contract.fileErrorsOnly(0, data.length, () -&gt; { ...open, plan a fixed condition on the
 *         first column, scan, and compare with a scan that skips nothing... });
 * }
 * </pre>
 */
class FileFuzzTest {

    @FuzzTest(maxDuration = Fuzzing.DURATION)
    @Timeout(value = Fuzzing.TIMEOUT_SECONDS, unit = TimeUnit.SECONDS)
    void file(byte[] data) throws IOException {
        Exercise.file(new BytesSource("fuzz", data));
    }
}
