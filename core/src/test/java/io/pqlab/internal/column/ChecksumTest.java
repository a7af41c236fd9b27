package io.pqlab.internal.column;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.FileException;
import io.pqlab.MalformedFileException;
import io.pqlab.ParquetFile;
import io.pqlab.io.BytesSource;
import io.pqlab.internal.pages.PageInfo;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Page CRCs: the parquet-testing files written with checksums verify page by page; a byte flipped
 * in any page's body fails verification with that page's offset.
 */
class ChecksumTest {
    private static final ColumnChunkReader.Options VERIFY = ColumnChunkReader.Options.DEFAULT.withVerifyChecksums(true);

    @ParameterizedTest
    @ValueSource(strings = {"datapage_v1-snappy-compressed-checksum.parquet", "rle-dict-snappy-checksum.parquet"})
    void checksummedFilesVerifyAndAFlippedBodyByteFailsWithThePageOffset(String name) throws Exception {
        byte[] bytes = Files.readAllBytes(Chunks.DATA.resolve(name));
        int withCrc = 0;
        try (ParquetFile f = ParquetFile.open(new BytesSource(name, bytes))) {
            for (int g = 0; g < f.rowGroupCount(); g++) {
                for (int c = 0; c < f.schema().columnCount(); c++) {
                    List<ColumnBatch> good = Chunks.decodeAll(f, g, c, VERIFY);
                    assertThat(good).isNotEmpty();
                    for (PageInfo p : ChunkPages.pages(f, g, c)) {
                        if (!p.header().hasCrc() || p.compressedSize() == 0) {
                            continue;
                        }
                        withCrc++;
                        long middle = p.bodyOffset() + p.compressedSize() / 2;
                        for (long at : new long[] {p.bodyOffset(), middle, p.end() - 1}) {
                            byte[] damaged = bytes.clone();
                            damaged[(int) at] ^= 0x10;
                            int gg = g;
                            int cc = c;
                            try (ParquetFile d = ParquetFile.open(new BytesSource(name, damaged))) {
                                assertThatThrownBy(() -> Chunks.decodeAll(d, gg, cc, VERIFY))
                                        .isInstanceOf(MalformedFileException.class)
                                        .hasMessageContaining("checksum")
                                        .extracting(e -> ((FileException) e).offset()).isEqualTo(p.offset());
                                // without verification the damage may go unseen or break decoding, but only
                                // as a FileException
                                try {
                                    Chunks.decodeAll(d, gg, cc);
                                } catch (FileException expected) {
                                    // fine
                                }
                            }
                        }
                    }
                }
            }
        }
        assertThat(withCrc).as("pages with a CRC").isGreaterThanOrEqualTo(2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"alltypes_plain.parquet", "datapage_v2.snappy.parquet"})
    void filesWithoutChecksumsDecodeWithVerificationOn(String name) throws Exception {
        try (ParquetFile f = ParquetFile.open(Chunks.DATA.resolve(name))) {
            for (int c = 0; c < f.schema().columnCount(); c++) {
                assertThat(Chunks.triples(Chunks.decodeAll(f, 0, c, VERIFY)))
                        .isEqualTo(Chunks.triples(Chunks.decodeAll(f, 0, c)));
            }
        }
    }
}
