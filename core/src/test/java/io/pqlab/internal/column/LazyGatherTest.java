package io.pqlab.internal.column;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.internal.encoding.Binaries;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * A dictionary-encoded page of strings keeps only its indices until {@link ColumnBatch#binaries()}
 * is first called (ColumnValues reads the dictionary through them): the gathered values equal the
 * dictionary's entries by index, in order; two threads asking at once get one and the same gather;
 * a reused batch (reuseBatches) gathers eagerly as before; the weight counts the gathered bytes.
 */
class LazyGatherTest {
    @Test
    void aDictionaryPageIsGatheredOnceOnRequestAndEqualsItsIndexedEntries() throws Exception {
        try (ParquetFile f = ParquetFile.open(Chunks.FIXTURES.resolve("pruning-sorted.parquet"))) {
            int c = f.schema().column("country").index();
            List<ColumnBatch> pages = Chunks.decodeAll(f, 0, c);
            assertThat(pages).hasSizeGreaterThan(1);
            for (ColumnBatch b : pages) {
                assertThat(b.valuesInDictionary()).as(b.toString()).isTrue();
                int[] idx = b.dictionaryIndices();
                Binaries dict = b.dictionary();
                long bytes = 0;
                for (int v = 0; v < b.valueCount(); v++) {
                    bytes += dict.length(idx[v]);
                }
                assertThat(b.binaryBytes()).isEqualTo(bytes);
                // two threads at once: one gather, the same object for both
                CountDownLatch go = new CountDownLatch(1);
                CompletableFuture<Binaries> other = CompletableFuture.supplyAsync(() -> {
                    try {
                        go.await();
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    return b.binaries();
                });
                go.countDown();
                Binaries mine = b.binaries();
                assertThat(other.get()).isSameAs(mine);
                assertThat(b.binaries()).isSameAs(mine);
                assertThat(b.valuesInDictionary()).as("still read through the indices by ColumnValues").isTrue();
                assertThat(mine.size()).isEqualTo(b.valueCount());
                for (int v = 0; v < b.valueCount(); v++) {
                    assertThat(mine.get(v)).as("value " + v).isEqualTo(dict.get(idx[v]));
                }
            }
            ColumnChunkReader.Options reuse = ColumnChunkReader.Options.DEFAULT.withReuseBatches(true);
            try (ColumnChunkReader r = ColumnChunkReader.open(f, 0, c, reuse)) {
                ColumnBatch b = r.next();
                assertThat(b.valuesInDictionary()).as("a reused batch gathers as it decodes").isFalse();
                assertThat(b.binaries().size()).isEqualTo(pages.get(0).valueCount());
            }
        }
    }
}
