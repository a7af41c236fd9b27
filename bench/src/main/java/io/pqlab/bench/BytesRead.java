package io.pqlab.bench;

import io.pqlab.bench.BenchData.Variant;
import io.pqlab.bench.Conditions.Named;
import io.pqlab.bench.pj.CountingInputFile;
import io.pqlab.bench.pj.Pj;
import io.pqlab.internal.io.CountingSource;
import io.pqlab.io.FileSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.io.LocalInputFile;

/**
 * Bytes read per condition, not time: what parquet-java's filter stack reads to decide (footer,
 * then statistics, dictionaries, Bloom filters, column and offset indexes) and to return the
 * matching rows, against the minimum a page-granular reader must read: the footer plus every
 * page (and its chunk's dictionary page) that holds a matching row, in every column. Which rows
 * match comes from DuckDB (file_row_number), and the row counts of parquet-java and DuckDB must
 * agree: a disagreement is printed, never hidden. "Ranges" are requests after merging reads that
 * continue where the previous one ended; "read calls" are parquet-java's calls on the stream
 * (its Thrift decoding of the column and offset indexes reads them a byte at a time).
 *
 * <pre>java -cp bench/target/benchmarks.jar io.pqlab.bench.BytesRead [dataset=10m] [variants=sorted,shuffled,duckdb]</pre>
 */
public final class BytesRead {
    private BytesRead() {}

    public static void main(String[] args) throws Exception {
        String label = args.length > 0 ? args[0] : "10m";
        List<Variant> variants = new ArrayList<>();
        for (String v : (args.length > 1 ? args[1] : "sorted,shuffled,duckdb").split(",")) {
            variants.add(Variant.valueOf(v.toUpperCase()));
        }
        Orders o = BenchData.ordersSpec(label);
        boolean mismatch = false;
        for (Variant v : variants) {
            Path file = BenchData.orders(label, v);
            long size = Files.size(file);
            System.out.printf("%n### %s (%,d bytes)%n%n", file.getFileName(), size);
            System.out.println("| condition | rows | pj decide: bytes (ranges) | pj scan: bytes (ranges, read calls) | minimum bytes | pj scan / min | pqlab decide: bytes (reads) | pqlab scan: bytes (reads) | pqlab scan / min | pqlab / pj |");
            System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
            for (Named c : Conditions.orders(o)) {
                FilterPredicate p = c.cond().parquetJava();
                CountingInputFile decide = new CountingInputFile(new LocalInputFile(file));
                try (ParquetFileReader r = new ParquetFileReader(decide, Pj.options(p))) {
                    for (int k = 0; k < r.getRowGroups().size(); k++) {
                        r.getRowRanges(k);
                    }
                }
                CountingInputFile scan = new CountingInputFile(new LocalInputFile(file));
                long pjRows = Pj.scan(scan, p, g -> { });
                CountingSource pqDecide = new CountingSource(FileSource.open(file));
                PqlabScan.plan(pqDecide, c.cond().pqlab());
                CountingSource pqScan = new CountingSource(FileSource.open(file));
                long pqRows = PqlabScan.scan(pqScan, c.cond().pqlab(), x -> { });
                long[] rows = matchingRows(file, c.cond().sql());
                Long min = minimumBytes(file, rows);
                String flag = "";
                if (rows.length != pjRows || rows.length != pqRows) {
                    flag = " **MISMATCH: DuckDB " + rows.length + ", pqlab " + pqRows + "**";
                    mismatch = true;
                }
                System.out.printf("| %s | %,d%s | %,d (%d) | %,d (%d, %d) | %s | %s | %,d (%d) | %,d (%d) | %s | %.3f |%n",
                    c.name(), pjRows, flag, decide.bytes, decide.ranges.size(), scan.bytes, scan.ranges.size(), scan.reads,
                    min == null ? "n/a (no offset index)" : String.format("%,d", min),
                    min == null ? "n/a" : String.format("%.2f", (double) scan.bytes / min),
                    pqDecide.bytesRead(), pqDecide.reads(), pqScan.bytesRead(), pqScan.reads(),
                    min == null ? "n/a" : String.format("%.2f", (double) pqScan.bytesRead() / min),
                    (double) pqScan.bytesRead() / scan.bytes);
            }
        }
        if (mismatch) {
            System.out.println("\nparquet-java, pqlab and DuckDB disagree on some row counts (marked above).");
            System.exit(1);
        }
    }

    /** Global row numbers of the matching rows, sorted, by DuckDB. */
    static long[] matchingRows(Path file, String where) throws SQLException {
        try (Connection c = Duck.connect(0); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT file_row_number FROM read_parquet(" + Duck.literal(file)
                 + ", file_row_number = true) WHERE " + where + " ORDER BY 1")) {
            long[] out = new long[1024];
            int n = 0;
            while (rs.next()) {
                if (n == out.length) {
                    out = Arrays.copyOf(out, n * 2);
                }
                out[n++] = rs.getLong(1);
            }
            return Arrays.copyOf(out, n);
        }
    }

    /** Footer + the pages holding a matching row (with their dictionary pages), or null without offset indexes. */
    static Long minimumBytes(Path file, long[] rows) throws IOException {
        try (ParquetFileReader r = new ParquetFileReader(new LocalInputFile(file), Pj.options(null))) {
            long total = footerBytes(file);
            long first = 0;
            for (BlockMetaData b : r.getRowGroups()) {
                long end = first + b.getRowCount();
                int lo = lowerBound(rows, first);
                int hi = lowerBound(rows, end);
                if (lo < hi) {
                    for (ColumnChunkMetaData chunk : b.getColumns()) {
                        OffsetIndex oi = r.readOffsetIndex(chunk);
                        if (oi == null) {
                            return null;
                        }
                        boolean any = false;
                        for (int p = 0; p < oi.getPageCount(); p++) {
                            long pFirst = first + oi.getFirstRowIndex(p);
                            long pEnd = p + 1 < oi.getPageCount() ? first + oi.getFirstRowIndex(p + 1) : end;
                            int k = lowerBound(rows, pFirst);
                            if (k < rows.length && rows[k] < pEnd) {
                                total += oi.getCompressedPageSize(p);
                                any = true;
                            }
                        }
                        if (any && chunk.hasDictionaryPage()) {
                            total += chunk.getFirstDataPageOffset() - chunk.getDictionaryPageOffset();
                        }
                    }
                }
                first = end;
            }
            return total;
        }
    }

    static long footerBytes(Path file) throws IOException {
        try (var ch = java.nio.channels.FileChannel.open(file)) {
            java.nio.ByteBuffer tail = java.nio.ByteBuffer.allocate(8).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            ch.read(tail, ch.size() - 8);
            return Integer.toUnsignedLong(tail.getInt(0)) + 8;
        }
    }

    private static int lowerBound(long[] a, long key) {
        int lo = 0;
        int hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
