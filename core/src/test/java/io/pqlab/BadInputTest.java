package io.pqlab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.FormatFixtures;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.column.ChunkPages;
import io.pqlab.io.BytesSource;
import io.pqlab.internal.pages.PageInfo;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Malformed input of every kind ends in a {@link MalformedFileException} or an
 * {@link UnsupportedFeatureException}: never another exception, never a hang (each batch runs
 * under a preemptive timeout), never an OutOfMemoryError (caught as "another exception" below;
 * the tests run in a 1 GiB heap).
 */
class BadInputTest {

    /** What reading everything pqlab reads at this level gave. */
    record Outcome(int fileExceptions, int pagesRead) {}

    /**
     * Opens the file, renders its schema, and walks every chunk's pages, collecting FileExceptions
     * (per chunk, so that one bad chunk does not hide another); anything else fails the test.
     */
    static Outcome readEverything(byte[] bytes, String what) {
        int failures = 0;
        int pages = 0;
        try (ParquetFile pf = ParquetFile.open(new BytesSource(what, bytes))) {
            assertThat(pf.schema().render()).isNotEmpty();
            for (int g = 0; g < pf.rowGroupCount(); g++) {
                for (int c = 0; c < pf.schema().columnCount(); c++) {
                    try {
                        ColumnChunk cc = ParquetFiles.chunk(pf, g, c);
                        assertThat(cc.metaData()).isNotNull();
                        for (PageInfo p : ChunkPages.pages(pf, g, c)) {
                            assertThat(p.end()).isLessThanOrEqualTo(ParquetFiles.footer(pf).metadataOffset());
                            pages++;
                        }
                    } catch (FileException e) {
                        assertThat(e.offset()).isBetween(-1L, (long) bytes.length);
                        failures++;
                    }
                }
            }
        } catch (FileException e) {
            assertThat(e.offset()).isBetween(-1L, (long) bytes.length);
            assertThat(e.getMessage()).isNotBlank();
            return new Outcome(failures + 1, pages);
        } catch (Throwable t) {
            fail(what + ": expected a FileException or success, got " + t, t);
        }
        return new Outcome(failures, pages);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.pqlab.fixtures.Fixtures#badFiles")
    void everyBadDataFileIsRefusedWithAFileException(Path path) throws IOException {
        byte[] bytes = Files.readAllBytes(path);
        Outcome o = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> readEverything(bytes, path.toString()));
        // Each of these files is broken in a way a reader of metadata and page headers can see:
        // a corrupted physical type (PARQUET-1481), a chunk whose path is not its schema
        // column's (ARROW-GH-41317), a negative dictionary count and chunks past the footer
        // (6229-DICTHEADER), data pages holding more values than the chunk claims (6229-LEVELS).
        assertThat(o.fileExceptions()).as(path.toString()).isPositive();
    }

    @Test
    void encryptedFooterFixture() throws IOException {
        byte[] bytes = Files.readAllBytes(FormatFixtures.ENCRYPTED);
        assertThatThrownBy(() -> ParquetFile.open(new BytesSource("enc", bytes)))
                .isInstanceOf(io.pqlab.DecryptionException.class)
                .hasMessageContaining("footer is encrypted (PARE) and no footer key was given: pass --footer-key");
    }

    static List<Path> truncated() {
        return List.of("alltypes_plain.parquet", "datapage_v2.snappy.parquet", "nested_lists.snappy.parquet",
                "int32_with_null_pages.parquet", "data_index_bloom_encoding_stats.parquet", "list_columns.parquet")
                .stream().map(FormatFixtures.DATA::resolve).toList();
    }

    /** Every prefix of the file is refused: without its tail it is not a Parquet file. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("truncated")
    void everyPrefixIsRefused(Path path) throws IOException {
        byte[] bytes = Files.readAllBytes(path);
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            for (int n = 0; n < bytes.length; n++) {
                Outcome o = readEverything(Arrays.copyOf(bytes, n), path + " cut to " + n);
                assertThat(o.fileExceptions()).as("%s cut to %d bytes", path, n).isPositive();
            }
        });
    }

    /**
     * The data region cut short with the footer kept: every chunk that no longer lies before the
     * footer is refused, and the others are read.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("truncated")
    void dataCutShortUnderAnIntactFooter(Path path) throws IOException {
        byte[] bytes = Files.readAllBytes(path);
        long footerStart;
        long lastChunkEnd = 0;
        try (ParquetFile pf = ParquetFile.open(new BytesSource("orig", bytes))) {
            footerStart = ParquetFiles.footer(pf).metadataOffset();
            for (int g = 0; g < pf.rowGroupCount(); g++) {
                for (int c = 0; c < pf.schema().columnCount(); c++) {
                    var m = ParquetFiles.chunk(pf, g, c).metaData();
                    lastChunkEnd = Math.max(lastChunkEnd, m.chunkStart() + m.totalCompressedSize());
                }
            }
        }
        long chunksEnd = lastChunkEnd;
        byte[] footerAndTail = Arrays.copyOfRange(bytes, (int) footerStart, bytes.length);
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            for (int k = 0; k < footerStart; k++) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                out.write(bytes, 0, k);
                out.writeBytes(footerAndTail);
                Outcome o = readEverything(out.toByteArray(), path + " data cut to " + k);
                if (k < chunksEnd) {
                    assertThat(o.fileExceptions()).as("%s data cut to %d", path, k).isPositive();
                }
            }
        });
    }

    /** The footer cut short, with a length and magic that match the cut: always refused. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("truncated")
    void footerCutShort(Path path) throws IOException {
        byte[] bytes = Files.readAllBytes(path);
        byte[] footer = FormatFixtures.footerBytes(bytes);
        int footerStart = bytes.length - 8 - footer.length;
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            for (int j = 0; j < footer.length; j++) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                out.write(bytes, 0, footerStart);
                out.write(footer, 0, j);
                for (int i = 0; i < 4; i++) {
                    out.write(j >>> (8 * i));
                }
                out.writeBytes(new byte[] {'P', 'A', 'R', '1'});
                Outcome o = readEverything(out.toByteArray(), path + " footer cut to " + j);
                assertThat(o.fileExceptions()).as("%s footer cut to %d", path, j).isPositive();
            }
        });
    }

    /**
     * Flipped bits and bytes all over each footer: whatever the damage, a FileException or a
     * successful read; never anything else, never a hang.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.pqlab.fixtures.Fixtures#dataFiles")
    void flippedBytesInTheFooter(Path path) throws IOException {
        byte[] bytes = Files.readAllBytes(path);
        byte[] footer = FormatFixtures.footerBytes(bytes);
        int footerStart = bytes.length - 8 - footer.length;
        // Files with thousands of pages are walked fewer times.
        int positions = path.getFileName().toString().equals("alltypes_tiny_pages.parquet") ? 150 : 1500;
        int stride = Math.max(1, (footer.length + 8) / positions);
        int[] masks = {0x01, 0x10, 0x80, 0xFF};
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            int refused = 0;
            int tried = 0;
            for (int p = footerStart; p < bytes.length - 4; p += stride) {
                for (int mask : masks) {
                    byte[] mutated = bytes.clone();
                    mutated[p] ^= (byte) mask;
                    Outcome o = readEverything(mutated, path + " byte " + p + " ^ " + mask);
                    tried++;
                    if (o.fileExceptions() > 0) {
                        refused++;
                    }
                }
            }
            assertThat(tried).isPositive();
            assertThat(refused).isPositive(); // the damage is seen somewhere
        });
    }

    static List<Path> pageFiles() {
        return List.of("datapage_v2.snappy.parquet", "nested_lists.snappy.parquet", "alltypes_dictionary.parquet",
                "data_index_bloom_encoding_stats.parquet", "datapage_v1-snappy-compressed-checksum.parquet",
                "int32_with_null_pages.parquet").stream().map(FormatFixtures.DATA::resolve).toList();
    }

    /** Every byte of every page header flipped, one at a time. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("pageFiles")
    void flippedBytesInPageHeaders(Path path) throws IOException {
        byte[] bytes = Files.readAllBytes(path);
        List<long[]> headers = new ArrayList<>();
        try (ParquetFile pf = ParquetFile.open(new BytesSource("orig", bytes))) {
            for (int g = 0; g < pf.rowGroupCount(); g++) {
                for (int c = 0; c < pf.schema().columnCount(); c++) {
                    for (PageInfo p : ChunkPages.pages(pf, g, c)) {
                        headers.add(new long[] {p.offset(), p.headerLength()});
                    }
                }
            }
        }
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            int refused = 0;
            for (long[] h : headers) {
                for (long p = h[0]; p < h[0] + h[1]; p++) {
                    for (int mask : new int[] {0x01, 0x80, 0xFF}) {
                        byte[] mutated = bytes.clone();
                        mutated[(int) p] ^= (byte) mask;
                        if (readEverything(mutated, path + " byte " + p + " ^ " + mask).fileExceptions() > 0) {
                            refused++;
                        }
                    }
                }
            }
            assertThat(refused).isPositive();
        });
    }
}
