package io.pqlab.bench;

import io.pqlab.bench.pj.Pj;
import io.pqlab.io.FileSource;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Deciding without reading data, from a cold start: parquet-java opens its reader with every
 * filter (row groups dropped by statistics, dictionaries and Bloom filters) and computes the
 * column index's row ranges for each remaining row group; pqlab opens, binds and plans with every
 * mechanism. The bytes each reads to decide are in {@link BytesRead}'s "decide" columns.
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class PlanBench extends OrdersBench {
    @Param({"sorted", "shuffled"})
    public String variant;

    @Param({"id_point", "id_range_1pct", "id_in_5", "cust_point", "cust_absent", "country_absent", "ts_day", "or_stats_bloom"})
    public String condition;

    FilterPredicate pj;
    String pqlab;

    @Setup
    public void setup() {
        Conditions.Named c = Conditions.byName(orders(variant), condition);
        pj = c.cond().parquetJava();
        pqlab = c.cond().pqlab();
    }

    @Benchmark
    public int parquetJava_decide() throws IOException {
        int n = 0;
        try (ParquetFileReader r = new ParquetFileReader(io.pqlab.bench.pj.BufferedInputFile.of(file), Pj.options(pj))) {
            for (int k = 0; k < r.getRowGroups().size(); k++) {
                n += r.getRowRanges(k).getRanges().size();
            }
        }
        return n;
    }

    @Benchmark
    public void pqlab_plan() throws IOException {
        PqlabScan.plan(FileSource.open(file), pqlab);
    }
}
