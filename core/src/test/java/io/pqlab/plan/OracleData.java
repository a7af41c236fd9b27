package io.pqlab.plan;

import io.pqlab.oracle.ParquetJava;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;

/**
 * Everything the judge knows of a file, all of it read by parquet-java (the oracle): every value of
 * every flat leaf column as a {@link RefColumn} key, and where each page of each chunk lies and
 * which rows it holds (from parquet-java's reading of the OffsetIndex, not pqlab's).
 */
final class OracleData {
    final Path path;
    final ParquetMetadata footer;
    final List<ColumnDescriptor> leaves;
    /** Per leaf: the model, or null where the column is repeated or has no model. */
    final RefColumn[] columns;
    final int groups;
    final long[] rows;
    /** [group][column]: one key per row, null for SQL null; null where the column has no model. */
    final Object[][][] keys;
    /** [group][column]: the chunk's layout. */
    final Chunk[][] chunks;

    /** Where a column chunk lies, and its pages where an OffsetIndex tells them apart. */
    record Chunk(long start, long size, long firstDataPage, long[] firstRows, long[] offsets, int[] sizes) {
        boolean hasPages() {
            return firstRows != null;
        }

        /** The page holding a row (relative to the row group). */
        int pageOf(long row) {
            int lo = 0;
            int hi = firstRows.length - 1;
            while (lo < hi) {
                int mid = (lo + hi + 1) >>> 1;
                if (firstRows[mid] <= row) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            return lo;
        }
    }

    private OracleData(Path path) {
        this.path = path;
        this.footer = ParquetJava.footer(path);
        this.leaves = footer.getFileMetaData().getSchema().getColumns();
        this.columns = new RefColumn[leaves.size()];
        boolean allFlat = true;
        for (int c = 0; c < leaves.size(); c++) {
            RefColumn rc = RefColumn.of(c, leaves.get(c));
            columns[c] = rc != null && rc.flat ? rc : null;
            allFlat &= leaves.get(c).getMaxRepetitionLevel() == 0;
        }
        List<BlockMetaData> blocks = footer.getBlocks();
        this.groups = blocks.size();
        this.rows = new long[groups];
        this.keys = new Object[groups][leaves.size()][];
        this.chunks = new Chunk[groups][leaves.size()];
        List<Object[]> all = allFlat ? ParquetJava.rows(path) : null;
        long first = 0;
        try (ParquetFileReader r = ParquetJava.open(path)) {
            for (int g = 0; g < groups; g++) {
                // this reader's own footer: an encrypted chunk's metadata is decrypted, and its
                // decryption set up, by the reader that reads its indexes
                BlockMetaData b = r.getFooter().getBlocks().get(g);
                rows[g] = b.getRowCount();
                int n = Math.toIntExact(rows[g]);
                for (int c = 0; c < leaves.size(); c++) {
                    ColumnChunkMetaData cc = b.getColumns().get(c);
                    cc.getStatistics(); // decrypts an encrypted chunk's metadata (parquet-java does it lazily)
                    OffsetIndex oi = r.readOffsetIndex(cc);
                    long[] firstRows = null;
                    long[] offsets = null;
                    int[] sizes = null;
                    if (oi != null) {
                        int k = oi.getPageCount();
                        firstRows = new long[k];
                        offsets = new long[k];
                        sizes = new int[k];
                        for (int i = 0; i < k; i++) {
                            firstRows[i] = oi.getFirstRowIndex(i);
                            offsets[i] = oi.getOffset(i);
                            sizes[i] = oi.getCompressedPageSize(i);
                        }
                    }
                    chunks[g][c] = new Chunk(cc.getStartingPos(), cc.getTotalSize(), cc.getFirstDataPageOffset(),
                            firstRows, offsets, sizes);
                    if (columns[c] == null) {
                        continue;
                    }
                    Object[] k = new Object[n];
                    if (all != null) {
                        for (int i = 0; i < n; i++) {
                            k[i] = columns[c].key(all.get(Math.toIntExact(first + i))[c]);
                        }
                    } else {
                        List<Object> v = ParquetJava.values(path, g, c);
                        for (int i = 0; i < n; i++) {
                            k[i] = columns[c].key(v.get(i));
                        }
                    }
                    keys[g][c] = k;
                }
                first += rows[g];
            }
        } catch (IOException e) {
            throw new UncheckedIOException(path.toString(), e);
        }
    }

    static OracleData read(Path path) {
        return new OracleData(path);
    }

    /** A row of a row group, as the reference evaluator reads it. */
    IntFunction<Object> row(int g, int i) {
        Object[][] k = keys[g];
        return c -> k[c] == null ? unknownColumn(c) : k[c][i];
    }

    private Object unknownColumn(int c) {
        throw new IllegalStateException("column " + c + " of " + path + " has no values in the test");
    }

    /** The flat columns with a model. */
    List<RefColumn> modelled() {
        List<RefColumn> out = new ArrayList<>();
        for (RefColumn c : columns) {
            if (c != null) {
                out.add(c);
            }
        }
        return out;
    }

    /** The distinct non-null keys of a column over the file, in the column's order. */
    List<Object> distinct(RefColumn c) {
        List<Object> all = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            for (Object k : keys[g][c.index]) {
                if (k != null) {
                    all.add(k);
                }
            }
        }
        all.sort(c::compare);
        List<Object> out = new ArrayList<>();
        for (Object k : all) {
            if (out.isEmpty() || c.compare(out.get(out.size() - 1), k) != 0) {
                out.add(k);
            }
        }
        return out;
    }

    long totalRows() {
        long n = 0;
        for (long r : rows) {
            n += r;
        }
        return n;
    }
}
