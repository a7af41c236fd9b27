package io.pqlab.internal.column;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.ParquetFile;
import io.pqlab.UnsupportedFeatureException;
import io.pqlab.internal.encoding.Binaries;
import io.pqlab.oracle.ParquetJava;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dictionary-encoded page of strings keeps only its indices until {@link ColumnBatch#binaries()}
 * is first called (ColumnValues reads the dictionary through them): the gathered values equal the
 * dictionary's entries by index, in order; two threads asking at once get one and the same gather;
 * a reused batch (reuseBatches) gathers eagerly as before; the weight counts the gathered bytes.
 * A dictionary whose entries share one length (country codes) sizes a page without walking its
 * indices; one whose lengths differ walks them: both sizes and both limit checks are held to
 * parquet-java's values here.
 */
class LazyGatherTest {
    private static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
            "message m { required int64 id; optional binary u (STRING); optional binary v (STRING); }");
    private static final int ROWS = 3000;

    @TempDir
    static Path dir;

    /** Two letters and a digit: every entry 3 bytes. */
    static String u(int r) {
        return r % 11 == 0 ? null : "u" + (char) ('a' + r % 7) + (r % 3);
    }

    /** 1 to 9 bytes, by the row. */
    static String v(int r) {
        return r % 7 == 0 ? null : "v".repeat(1 + r % 9);
    }

    @Test
    void aPagesGatheredSizeIsItsValuesBytesWhetherItsDictionaryIsOfOneWidthOrNot() throws Exception {
        Path file = dir.resolve("widths.parquet");
        ExampleParquetWriter.Builder b = ParquetJava.writer(file, SCHEMA).withPageRowCountLimit(500)
                .withMinRowCountForPageSizeCheck(100).withDictionaryEncoding(true);
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> w = ParquetJava.hadoopFree(b).build()) {
            for (int r = 0; r < ROWS; r++) {
                Group g = groups.newGroup();
                g.add(0, (long) r);
                if (u(r) != null) {
                    g.add(1, u(r));
                }
                if (v(r) != null) {
                    g.add(2, v(r));
                }
                w.write(g);
            }
        }
        try (ParquetFile f = ParquetFile.open(file)) {
            for (String name : List.of("u", "v")) {
                int c = f.schema().column(name).index();
                List<ColumnBatch> pages = Chunks.decodeAll(f, 0, c);
                assertThat(pages).as(name).hasSizeGreaterThan(2);
                List<byte[]> judge = new ArrayList<>();
                for (Object o : ParquetJava.values(file, 0, c)) {
                    if (o != null) {
                        judge.add((byte[]) o);
                    }
                }
                int at = 0;
                long largest = 0;
                for (ColumnBatch p : pages) {
                    assertThat(p.valuesInDictionary()).as(name).isTrue();
                    assertThat(p.dictionary().size()).as(name).isEqualTo(name.equals("u") ? 21 : 9);
                    long bytes = 0;
                    Binaries got = p.binaries();
                    for (int i = 0; i < p.valueCount(); i++) {
                        byte[] want = judge.get(at++);
                        assertThat(got.get(i)).as(name + " value " + (at - 1)).isEqualTo(want);
                        bytes += want.length;
                    }
                    assertThat(p.binaryBytes()).as(name + " page " + p).isEqualTo(bytes);
                    largest = Math.max(largest, bytes);
                }
                assertThat(at).as(name).isEqualTo(judge.size());
                // the page limit holds at its exact boundary on both paths
                long limit = largest;
                assertThat(Chunks.decodeAll(f, 0, c, ColumnChunkReader.Options.DEFAULT.withMaxPageSize((int) limit)))
                        .hasSameSizeAs(pages);
                assertThatThrownBy(() -> Chunks.decodeAll(f, 0, c,
                        ColumnChunkReader.Options.DEFAULT.withMaxPageSize((int) limit - 1)))
                        .as(name).isInstanceOf(UnsupportedFeatureException.class)
                        .hasMessageContaining("(" + limit + ")");
            }
        }
    }

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
