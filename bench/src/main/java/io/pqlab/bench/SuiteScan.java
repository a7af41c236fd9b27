package io.pqlab.bench;

import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Selective scans over the condition suite, one reader per subclass ({@link ScanBench}, hardwood's
 * {@code HardwoodScanBench}): the same files, conditions and threads for every peer.
 */
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 2)
public abstract class SuiteScan extends OrdersBench {
    @Param({"sorted", "shuffled", "duckdb"})
    public String variant;

    @Param({
        "id_point", "id_absent", "id_range_1k", "id_range_1pct", "id_in_5", "id_above_max",
        "cust_point", "cust_absent", "cust_in_mixed",
        "country_rare", "country_absent", "country_in",
        "ts_day", "amount_top", "amount_negative", "amount_null", "note_null",
        "and_cust_country", "and_week_rare_country", "or_id_ends", "or_stats_bloom", "or_cust_country"})
    public String condition;

    /**
     * Threads for every reader that can use more than one: DuckDB's {@code SET threads}, pqlab's
     * Query.threads, hardwood's executor; parquet-java decodes on one. 1 compares single-threaded
     * decoders; 2 is this machine's cores.
     */
    @Param({"1", "2"})
    public int threads;

    /** Sets {@link #file} and returns the condition of this trial. */
    protected Cond cond() {
        return Conditions.byName(orders(variant), condition).cond();
    }
}
