package io.pqlab.internal.column;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.ParquetFile;
import io.pqlab.UnsupportedFeatureException;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.io.BytesSource;
import io.pqlab.internal.io.CountingSource;
import io.pqlab.oracle.ParquetJava;
import io.pqlab.oracle.ParquetJava.Triple;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The reader's limits and options, and the files the oracle cannot judge. */
class LimitsAndOptionsTest {

    static Stream<Path> files() {
        return Chunks.judgeable();
    }

    /**
     * Reused batches and tiny reads change nothing decoded; a walk fetches each byte of the chunk
     * once, whatever the read size.
     */
    @ParameterizedTest
    @MethodSource("files")
    void optionsDoNotChangeWhatIsDecoded(Path path) throws Exception {
        CountingSource counting = new CountingSource(new BytesSource(path.toString(), Files.readAllBytes(path)));
        try (ParquetFile f = ParquetFile.open(counting)) {
            for (int g = 0; g < f.rowGroupCount(); g++) {
                for (int c = 0; c < f.schema().columnCount(); c++) {
                    String where = path.getFileName() + " rg " + g + " c " + c;
                    counting.reset();
                    List<Triple> plain = Chunks.triples(Chunks.decodeAll(f, g, c));
                    long chunkBytes = ParquetFiles.chunk(f, g, c).metaData().totalCompressedSize();
                    assertThat(counting.bytesRead()).as(where).isEqualTo(chunkBytes);
                    assertThat(counting.reads()).as(where).isEqualTo(chunkBytes > 0 ? 1 : 0);

                    counting.reset();
                    List<Triple> reused = new ArrayList<>();
                    ColumnChunkReader.Options o = ColumnChunkReader.Options.DEFAULT.withReuseBatches(true)
                            .withReadSize(97);
                    ColumnBatch first = null;
                    try (ColumnChunkReader r = ColumnChunkReader.open(f, g, c, o)) {
                        for (ColumnBatch b = r.next(); b != null; b = r.next()) {
                            if (first == null) {
                                first = b;
                            }
                            assertThat(b).isSameAs(first);
                            reused.addAll(Chunks.triples(List.of(b))); // copies before the next call
                        }
                        assertThat(r.bytesFetched()).isEqualTo(chunkBytes);
                    }
                    assertThat(reused).as(where).isEqualTo(plain);
                    assertThat(counting.bytesRead()).as(where + " each byte once").isEqualTo(chunkBytes);
                }
            }
        }
    }

    @Test
    void aPageBeyondTheSizeLimitIsUnsupportedNotAllocated() throws Exception {
        // two 1 GiB strings in 4 KB of Brotli: refused at the default 256 MiB limit
        try (ParquetFile f = ParquetFile.open(Chunks.DATA.resolve("large_string_map.brotli.parquet"))) {
            boolean refused = false;
            for (int c = 0; c < f.schema().columnCount(); c++) {
                try {
                    Chunks.decodeAll(f, 0, c);
                } catch (UnsupportedFeatureException e) {
                    assertThat(e.getMessage()).contains("exceeds the limit");
                    refused = true;
                }
            }
            assertThat(refused).isTrue();
        }
    }

    @Test
    void limitsOnPageSizeAndEntriesAreUnsupportedFeatures() throws Exception {
        try (ParquetFile f = ParquetFile.open(Chunks.DATA.resolve("alltypes_tiny_pages.parquet"))) {
            int string = f.schema().column("string_col").index();
            assertThatThrownBy(() -> Chunks.decodeAll(f, 0, string,
                    ColumnChunkReader.Options.DEFAULT.withMaxPageValues(3)))
                    .isInstanceOf(UnsupportedFeatureException.class).hasMessageContaining("limit");
            assertThatThrownBy(() -> Chunks.decodeAll(f, 0, string,
                    ColumnChunkReader.Options.DEFAULT.withMaxPageSize(10)))
                    .isInstanceOf(UnsupportedFeatureException.class).hasMessageContaining("limit");
        }
    }

    /**
     * Raw LZ4 blocks under the LZ4 codec id: parquet-java and DuckDB refuse the file. Arrow's own
     * tests check it against the same values as hadoop_lz4_compressed.parquet, which the oracle
     * reads: so that is the judge.
     */
    @Test
    void rawLz4UnderTheHadoopCodecIdDecodesToTheValuesOfItsHadoopFramedTwin() throws Exception {
        Path raw = Chunks.DATA.resolve("non_hadoop_lz4_compressed.parquet");
        Path framed = Chunks.DATA.resolve("hadoop_lz4_compressed.parquet");
        try (ParquetFile f = ParquetFile.open(raw)) {
            assertThat(f.rowGroupCount()).isEqualTo(1);
            for (int c = 0; c < f.schema().columnCount(); c++) {
                // the twins differ in their columns' repetition (optional against required): compare values
                List<Object> mine = Chunks.triples(Chunks.decodeAll(f, 0, c)).stream().map(Triple::value).toList();
                List<Object> judge = ParquetJava.triples(framed, 0, c).stream().map(Triple::value).toList();
                assertThat(mine).as("column " + c).isNotEmpty().hasSameSizeAs(judge);
                for (int i = 0; i < judge.size(); i++) {
                    assertThat(java.util.Objects.deepEquals(mine.get(i), judge.get(i))).as("column " + c + " row " + i)
                            .isTrue();
                }
            }
        }
    }
}
