package io.pqlab.bench;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.schema.PhysicalType;
import io.pqlab.io.ByteSource;
import io.pqlab.scan.ColumnValues;
import io.pqlab.scan.RowBatch;
import io.pqlab.scan.Scan;
import java.io.IOException;
import java.util.function.LongConsumer;

/**
 * pqlab as its users drive it: open (footer), bind the condition text, plan, scan every column of
 * the matching rows, column by column through {@link RowBatch#values(int)}. Values are consumed as
 * decoded (INT64 as long; strings as their decoded bytes' offset and length, like parquet-java's
 * Binary, without building a String). Each batch is released once read ({@link RowBatch#release()}),
 * as a consumer that copies out of its batches does.
 */
public final class PqlabScan {
    private PqlabScan() {}

    /** Rows returned; every value goes to {@code sink}. {@code condition} null: every row. */
    public static long scan(ByteSource source, String condition, LongConsumer sink) throws IOException {
        return scan(source, condition, 1, sink);
    }

    /** As {@link #scan(ByteSource, String, LongConsumer)}, decoding on at most {@code threads} threads (Query.threads). */
    public static long scan(ByteSource source, String condition, int threads, LongConsumer sink) throws IOException {
        return scan(source, condition, threads, io.pqlab.Decryption.NONE, sink);
    }

    /** As {@link #scan(ByteSource, String, int, LongConsumer)}, decrypting with {@code keys}. */
    public static long scan(ByteSource source, String condition, int threads, io.pqlab.Decryption keys, LongConsumer sink)
            throws IOException {
        long n = 0;
        try (ParquetFile pf = ParquetFile.open(source, io.pqlab.ReadOptions.defaults().withDecryption(keys))) {
            Query q = condition == null ? Query.all() : Query.where(condition);
            try (Scan s = pf.scan(q.threads(threads))) {
            int cols = s.columns().size();
            boolean[] binary = new boolean[cols];
            for (int c = 0; c < cols; c++) {
                binary[c] = s.columns().get(c).type() == PhysicalType.BYTE_ARRAY;
            }
            for (RowBatch b = s.nextBatch(); b != null; b = s.nextBatch()) {
                // Column by column through the batch's columnar values, as a library user reads in
                // bulk: every value of every column is still touched (a null as -1, a string as its
                // offset and length in the page's bytes, as parquet-java's Binary, no String).
                int rows = b.size();
                for (int c = 0; c < cols; c++) {
                    ColumnValues v = b.values(c);
                    boolean[] nulls = v.nulls();
                    if (binary[c]) {
                        int[] off = v.offsets();
                        int[] len = v.lengths();
                        for (int i = 0; i < rows; i++) {
                            if (nulls != null && nulls[i]) {
                                sink.accept(-1);
                            } else {
                                sink.accept(off[i]);
                                sink.accept(len[i]);
                            }
                        }
                    } else {
                        long[] longs = v.longs();
                        for (int i = 0; i < rows; i++) {
                            sink.accept(nulls != null && nulls[i] ? -1 : longs[i]);
                        }
                    }
                }
                n += rows;
                b.release(); // every value was read into the sink: the scan may reuse its pages' arrays
            }
            }
        }
        return n;
    }

    /** Opens, binds and plans, reading nothing of the data: what pqlab reads to decide. */
    public static void plan(ByteSource source, String condition) throws IOException {
        try (ParquetFile pf = ParquetFile.open(source)) {
            pf.scan(Query.where(condition)).close(); // the plan is made when the scan opens
        }
    }
}
