package io.pqlab.bench;

import io.pqlab.bench.BenchData.Variant;
import java.nio.file.Path;
import org.openjdk.jmh.annotations.Param;

/** A benchmark over one variant of the orders files of the bench data folder. */
public abstract class OrdersBench extends Bench {
    @Param({"10m"})
    public String dataset;

    /** The variant's file, set by {@link #orders}. */
    public Path file;

    /**
     * Sets {@link #file} to {@code variant}'s file and returns the data set's spec; fails early, with
     * the command to run, where the data is not generated.
     */
    protected Orders orders(String variant) {
        Orders o = BenchData.ordersSpec(dataset);
        file = BenchData.orders(dataset, Variant.valueOf(variant.toUpperCase()));
        return o;
    }
}
