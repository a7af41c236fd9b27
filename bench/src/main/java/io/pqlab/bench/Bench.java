package io.pqlab.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The settings the benchmarks here share: a benchmark-wide state, the average time of a call in
 * milliseconds, one fork with a 2 GiB heap. JMH reads these annotations through the class
 * hierarchy (the nearest wins), so a subclass names only its warm-up and measurement, and its own
 * unit or {@code @Fork} where it needs another.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public abstract class Bench {
}
