package io.pqlab.internal.column;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.pqlab.FileException;
import io.pqlab.ParquetFile;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.io.BytesSource;
import io.pqlab.internal.pageindex.OffsetIndex;
import io.pqlab.internal.pageindex.PageIndexReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad input: parquet-testing's bad_data files, and every fixture with its page bytes damaged at
 * random (fixed seeds). Decoding every chunk, walked whole and through the OffsetIndex, either
 * succeeds or throws a FileException, in bounded time; nothing else escapes.
 */
class DamagedInputTest {
    private static final ColumnChunkReader.Options SMALL =
            ColumnChunkReader.Options.DEFAULT.withMaxPageSize(16 << 20).withMaxPageValues(1 << 22);

    private static int refused;
    private static int survived;

    @AfterAll
    static void bothOutcomesOccurred() {
        // damage must reach the decoders: some copies are refused, others still decode
        System.out.println("DamagedInputTest: " + refused + " damaged copies refused, " + survived + " decoded");
        assertThat(refused).isGreaterThan(100);
        assertThat(survived).isGreaterThan(100);
    }

    static Stream<Path> badData() throws Exception {
        try (Stream<Path> s = Files.list(Chunks.DATA.resolveSibling("bad_data"))) {
            return s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("badData")
    void badDataFilesFailOnlyWithFileExceptions(Path path) throws Exception {
        byte[] bytes = Files.readAllBytes(path);
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> decodeEverything(bytes, true));
    }

    static Stream<Path> fixtures() {
        return Chunks.judgeable();
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void damagedPagesFailOnlyWithFileExceptions(Path path) throws Exception {
        byte[] good = Files.readAllBytes(path);
        long dataEnd;
        try (ParquetFile f = ParquetFile.open(new BytesSource("good", good))) {
            dataEnd = ParquetFiles.footer(f).metadataOffset();
        }
        Random random = new Random(path.getFileName().toString().hashCode());
        int trials = good.length > 100_000 ? 40 : 150;
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            int failed = 0;
            for (int t = 0; t < trials; t++) {
                byte[] bad = good.clone();
                // damage the page region (the footer has its own tests): a byte, or a run made large
                int at = 4 + random.nextInt((int) dataEnd - 4);
                switch (random.nextInt(3)) {
                    case 0 -> bad[at] ^= (byte) (1 + random.nextInt(255));
                    case 1 -> {
                        for (int k = at; k < Math.min(at + 4, (int) dataEnd); k++) {
                            bad[k] = (byte) 0xFF;
                        }
                    }
                    default -> bad[at] = 0;
                }
                failed += decodeEverything(bad, random.nextBoolean());
            }
            refused += failed;
            survived += trials - failed;
        });
    }

    /** Decodes every chunk whole and, where there is an OffsetIndex, page by page; returns 1 on a FileException. */
    private static int decodeEverything(byte[] bytes, boolean verify) throws Exception {
        ColumnChunkReader.Options o = SMALL.withVerifyChecksums(verify);
        try (ParquetFile f = ParquetFile.open(new BytesSource("damaged", bytes))) {
            int failures = 0;
            for (int g = 0; g < f.rowGroupCount(); g++) {
                for (int c = 0; c < f.schema().columnCount(); c++) {
                    try {
                        Chunks.decodeAll(f, g, c, o);
                    } catch (FileException e) {
                        assertThat(e.offset()).isLessThan(bytes.length);
                        failures = 1;
                    }
                    try {
                        OffsetIndex oi = PageIndexReader.offsetIndex(f.source(), ParquetFiles.chunk(f, g, c));
                        if (oi != null && oi.problem(ParquetFiles.chunk(f, g, c), ParquetFiles.rowGroup(f, g).numRows()) == null) {
                            int[] all = new int[oi.pageCount()];
                            for (int i = 0; i < all.length; i++) {
                                all[i] = i;
                            }
                            try (ColumnChunkReader r = ColumnChunkReader.openPages(f, g, c, oi, all, o)) {
                                while (r.next() != null) {
                                    // decode
                                }
                            }
                        }
                    } catch (FileException e) {
                        assertThat(e.offset()).isLessThan(bytes.length);
                        failures = 1;
                    }
                }
            }
            return failures;
        } catch (FileException e) {
            return 1; // the damage reached the metadata the footer points at
        }
    }

}
