package io.pqlab.internal.column;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.internal.bloom.BloomFilterReader;
import io.pqlab.internal.bloom.BloomFilterResult;
import io.pqlab.internal.format.ParquetFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every value pqlab decodes from a chunk passes that chunk's Bloom filter. */
class BloomAgreementTest {
    private static int filters;
    private static long values;

    @ParameterizedTest
    @MethodSource("io.pqlab.internal.column.Chunks#judgeable")
    void everyDecodedValuePassesItsChunksBloomFilter(Path path) throws Exception {
        Chunks.eachChunk(path, (f, g, c) -> {
            BloomFilterResult bloom = BloomFilterReader.read(f.source(), ParquetFiles.chunk(f, g, c));
            if (bloom == null || !bloom.usable()) {
                return;
            }
            filters++;
            String where = path.getFileName() + " rg " + g + " " + f.schema().column(c).dottedPath();
            for (ColumnBatch b : Chunks.decodeAll(f, g, c)) {
                for (int v = 0; v < b.valueCount(); v++) {
                    assertThat(bloom.filter().mightContain(b.plain(v))).as(where + " value " + b.format(v))
                            .isTrue();
                    values++;
                }
            }
        });
    }

    @AfterAll
    static void filtersWereFound() {
        // data_index_bloom_encoding_stats and the two pruning fixtures (4 row groups each) carry filters
        assertThat(filters).isGreaterThanOrEqualTo(9);
        assertThat(values).isGreaterThan(1600);
        System.out.println("BloomAgreementTest: " + filters + " filters, " + values + " values");
    }
}
