package io.pqlab.bench.hardwood;

import io.pqlab.bench.BenchData;
import io.pqlab.bench.BenchData.Variant;
import io.pqlab.bench.Cond;
import io.pqlab.bench.Conditions;
import io.pqlab.bench.PeakMemory;
import java.nio.file.Path;

/** {@link PeakMemory} for hardwood (Java 21+): {@code HardwoodPeak DATASET VARIANT CONDITION|full}. */
public final class HardwoodPeak {
    public static void main(String[] args) throws Exception {
        String label = args[0];
        Path file = BenchData.orders(label, Variant.valueOf(args[1].toUpperCase()));
        Cond cond = args[2].equals("full") ? null : Conditions.byName(BenchData.ordersSpec(label), args[2]).cond();
        long t = System.nanoTime();
        long rows = Hw.scan(file, cond == null ? null : HardwoodPredicates.of(cond), 1, x -> { });
        PeakMemory.report("hardwood", args[1], args[2], rows, System.nanoTime() - t);
    }
}
