package io.pqlab.internal.column;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.oracle.ParquetJava;
import io.pqlab.oracle.ParquetJava.Triple;
import io.pqlab.schema.ColumnDescriptor;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every chunk of every file the oracle reads: the levels and values pqlab decodes equal
 * parquet-java's, entry by entry, nulls included; rows line up with the row group. Decoded
 * again with pages decompressed ahead on four threads: the same entries and rows.
 */
class OracleAgreementTest {
    /** Four daemon threads, as a scan's pool at 4 threads; they end when idle. */
    static final java.util.concurrent.ExecutorService POOL;

    static {
        java.util.concurrent.ThreadPoolExecutor p = new java.util.concurrent.ThreadPoolExecutor(4, 4, 1,
                java.util.concurrent.TimeUnit.SECONDS, new java.util.concurrent.LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "oracle-ahead");
                    t.setDaemon(true);
                    return t;
                });
        p.allowCoreThreadTimeOut(true);
        POOL = p;
    }

    static Stream<Path> files() {
        return Chunks.judgeable();
    }

    @ParameterizedTest
    @MethodSource("files")
    void everyChunkDecodesLikeParquetJava(Path path) throws Exception {
        int chunks = 0;
        try (ParquetFile f = ParquetFile.open(path)) {
            for (int g = 0; g < f.rowGroupCount(); g++) {
                for (int c = 0; c < f.schema().columnCount(); c++) {
                    ColumnDescriptor col = f.schema().column(c);
                    String where = path.getFileName() + " rg " + g + " " + col.dottedPath();
                    List<ColumnBatch> batches = Chunks.decodeAll(f, g, c);
                    List<Triple> mine = Chunks.triples(batches);
                    List<Triple> judge = ParquetJava.triples(path, g, c);
                    assertThat(mine).as(where).hasSize(judge.size());
                    for (int i = 0; i < judge.size(); i++) {
                        assertThat(mine.get(i)).as(where + " entry " + i).isEqualTo(judge.get(i));
                    }
                    if (col.isFlat()) {
                        List<Object> values = ParquetJava.values(path, g, c);
                        for (int i = 0; i < values.size(); i++) {
                            assertThat(java.util.Objects.deepEquals(mine.get(i).value(), values.get(i)))
                                    .as(where + " row " + i).isTrue();
                        }
                    }
                    // pages decompressed ahead on 4 threads (a scan at 4 threads): the same entries and rows
                    List<ColumnBatch> ahead = Chunks.decodeAll(f, g, c, POOL);
                    assertThat(Chunks.triples(ahead)).as(where + " decompressed ahead").isEqualTo(mine);
                    assertThat(ahead.stream().map(b -> b.firstRow() + "+" + b.rowCount()).toList())
                            .as(where + " rows, decompressed ahead")
                            .isEqualTo(batches.stream().map(b -> b.firstRow() + "+" + b.rowCount()).toList());
                    // rows: consecutive from 0, adding up to the row group's
                    long row = 0;
                    for (ColumnBatch b : batches) {
                        assertThat(b.firstRow()).as(where + " " + b).isEqualTo(row);
                        row += b.rowCount();
                    }
                    assertThat(row).as(where + " rows").isEqualTo(ParquetFiles.rowGroup(f, g).numRows());
                    chunks++;
                }
            }
        }
        assertThat(chunks).isPositive();
    }
}
