package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.oracle.OracleCodecs;
import io.pqlab.oracle.ParquetJava;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.xerial.snappy.Snappy;

/**
 * A wide projection on a pool in the 64 MiB "small-heap" JVM (review finding F1's case): 96
 * Snappy columns of eight pages a chunk, two row groups, scanned at 8 threads, every value checked
 * (each is a function of its row and column, as written). Pages decompressed ahead share one
 * budget per scan ({@code PageSource.AHEAD_BYTES}), row groups open ahead are bounded, and a
 * reader drops its read window once its chunk is read. At this size (kept small for the suite's
 * time) the old budget of a 128th of the heap per reader also fits: this holds the scan within
 * the heap and its values, not the budget's bound.
 */
@Tag("small-heap")
class WideProjectionSmallHeapTest {
    static final int COLUMNS = 96;
    static final int ROWS_PER_GROUP = 16 * 1024;
    static final int GROUPS = 2;

    @TempDir
    static Path dir;
    static Path file;

    /** Written once, before the scans (parquet-java's writer holds a row group's pages meanwhile). */
    @BeforeAll
    static void write() throws Exception {
        file = dir.resolve("wide.parquet");
        writeWide(file, COLUMNS, ROWS_PER_GROUP, GROUPS);
    }

    /**
     * A file of {@code columns} required Snappy INT64 columns ({@link #value}), pages of 2,048 rows,
     * {@code groups} row groups (also AheadBudgetTest's file).
     */
    static void writeWide(Path file, int columns, int rowsPerGroup, int groups) throws Exception {
        StringBuilder schema = new StringBuilder("message m {");
        for (int c = 0; c < columns; c++) {
            schema.append(" required int64 c").append(c).append(';');
        }
        MessageType type = MessageTypeParser.parseMessageType(schema.append(" }").toString());
        var b = ParquetJava.writer(file, type)
                .withCodecFactory(SNAPPY)
                .withCompressionCodec(CompressionCodecName.SNAPPY)
                .withRowGroupRowCountLimit(rowsPerGroup)
                .withRowGroupSize(1L << 30)
                .withPageRowCountLimit(2 * 1024) // 16 KiB of values a page
                .withMinRowCountForPageSizeCheck(1024)
                .withPageSize(1 << 20)
                .withDictionaryEncoding(false);
        SimpleGroupFactory factory = new SimpleGroupFactory(type);
        try (ParquetWriter<Group> w = ParquetJava.hadoopFree(b).build()) {
            for (long i = 0; i < (long) rowsPerGroup * groups; i++) {
                Group g = factory.newGroup();
                for (int c = 0; c < columns; c++) {
                    g.add(c, value(i, c));
                }
                w.write(g);
            }
        }
    }

    /** A Snappy compressor for the writer (parquet-java's needs Hadoop); the oracle's codecs to read. */
    static final CompressionCodecFactory SNAPPY = new CompressionCodecFactory() {
        @Override
        public BytesInputCompressor getCompressor(CompressionCodecName codec) {
            return new BytesInputCompressor() {
                @Override
                public BytesInput compress(BytesInput bytes) throws IOException {
                    return BytesInput.from(Snappy.compress(bytes.toByteArray()));
                }

                @Override
                public CompressionCodecName getCodecName() {
                    return CompressionCodecName.SNAPPY;
                }

                @Override
                public void release() {}
            };
        }

        @Override
        public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
            return OracleCodecs.INSTANCE.getDecompressor(codec);
        }

        @Override
        public void release() {}
    };

    /** Three bytes of noise a value: Snappy keeps about half of a page. */
    static long value(long row, int c) {
        long h = (row + 1) * 0x9E3779B97F4A7C15L + c * 0xBF58476D1CE4E5B9L;
        return (h ^ (h >>> 29)) & 0xFFFFFF;
    }

    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {8})
    void aWideProjectionStaysWithinTheHeap(int threads) throws Exception {
        try (ParquetFile f = ParquetFile.open(file)) {
            assertThat(f.rowGroupCount()).isEqualTo(GROUPS);
            assertThat(io.pqlab.internal.format.ParquetFiles.chunk(f, 0, 0).metaData().codec()).isEqualTo(io.pqlab.internal.compress.Decompressor.SNAPPY);
            long n = 0;
            try (Scanner s = Scanner.open(f, BoundQuery.of(null, null, Query.all().threads(threads)))) {
                for (RowBatch batch = s.next(); batch != null; batch = s.next()) {
                    long first = batch.rowNumber(0);
                    assertThat(first).isEqualTo(n);
                    for (int c = 0; c < COLUMNS; c++) {
                        long[] v = batch.values(c).longs();
                        for (int i = 0; i < batch.size(); i++) {
                            if (v[i] != value(first + i, c)) {
                                assertThat(v[i]).as("row %d column %d", first + i, c).isEqualTo(value(first + i, c));
                            }
                        }
                    }
                    n += batch.size();
                }
            }
            assertThat(n).isEqualTo((long) ROWS_PER_GROUP * GROUPS);
        }
    }
}
