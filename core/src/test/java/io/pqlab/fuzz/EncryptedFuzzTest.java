package io.pqlab.fuzz;

import static io.pqlab.fuzz.Contract.fileErrorsOnly;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.pqlab.Decryption;
import io.pqlab.ParquetFile;
import io.pqlab.internal.bloom.BloomFilterReader;
import io.pqlab.internal.column.ColumnChunkReader;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.pageindex.PageIndexReader;
import io.pqlab.io.BytesSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * parquet-testing's encrypted files, read with their keys after the fuzzer changes their bytes:
 * every encrypted module (footer, column metadata, page headers and pages, indexes, filters) is
 * decrypted from mutated input, which must end in a FileException or a clean read, never another
 * exception, a hang or an allocation a length asked for. Input: u8 file index, then (u16 position,
 * u8 xor) edits, positions modulo the file's size.
 */
class EncryptedFuzzTest {
    private static final List<String> NAMES = List.of("encrypt_columns_and_footer", "encrypt_columns_and_footer_aad",
            "encrypt_columns_and_footer_ctr", "encrypt_columns_and_footer_disable_aad_storage",
            "encrypt_columns_plaintext_footer", "uniform_encryption");
    private static final List<byte[]> FILES = NAMES.stream()
            .map(n -> Fixtures.read(Fixtures.DATA.resolve(n + ".parquet.encrypted"))).toList();

    private static Decryption keys(String name) {
        Decryption d = Decryption.NONE.withFooterKey(ascii("0123456789012345"))
                .withColumnKey("double_field", ascii("1234567890123450"))
                .withColumnKey("float_field", ascii("1234567890123451"));
        return name.endsWith("_disable_aad_storage") ? d.withAadPrefix(ascii("tester")) : d;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @FuzzTest(maxDuration = Fuzzing.DURATION)
    @Timeout(value = Fuzzing.TIMEOUT_SECONDS, unit = TimeUnit.SECONDS)
    void tampered(byte[] input) throws IOException {
        In in = new In(input);
        int k = in.u8() % FILES.size();
        byte[] file = FILES.get(k).clone();
        while (in.remaining() >= 3) {
            int at = in.u16() % file.length;
            file[at] ^= (byte) in.u8();
        }
        long size = file.length;
        BytesSource source = new BytesSource("fuzz", file);
        ParquetFile[] opened = new ParquetFile[1];
        if (fileErrorsOnly(0, size, () -> opened[0] = ParquetFile.open(source, keys(NAMES.get(k)))) != null) {
            return;
        }
        ParquetFile f = opened[0];
        for (int g = 0; g < f.rowGroupCount(); g++) {
            for (int c = 0; c < f.schema().columnCount(); c++) {
                int group = g;
                int leaf = c;
                fileErrorsOnly(0, size, () -> {
                    ColumnChunk cc = ParquetFiles.chunk(f, group, leaf);
                    PageIndexReader.columnIndex(source, cc);
                    PageIndexReader.offsetIndex(source, cc);
                    BloomFilterReader.read(source, cc);
                });
                fileErrorsOnly(0, size, () -> {
                    try (ColumnChunkReader r = ColumnChunkReader.open(f, group, leaf)) {
                        while (r.next() != null) {
                            // decode every page
                        }
                    }
                });
            }
        }
    }
}
