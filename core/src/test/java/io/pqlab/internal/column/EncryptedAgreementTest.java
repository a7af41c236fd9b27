package io.pqlab.internal.column;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.Decryption;
import io.pqlab.DecryptionException;
import io.pqlab.ParquetFile;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.oracle.ParquetJava;
import io.pqlab.oracle.ParquetJava.Triple;
import io.pqlab.schema.ColumnDescriptor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.crypto.ColumnDecryptionProperties;
import org.apache.parquet.crypto.FileDecryptionProperties;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The encrypted files of apache/parquet-testing (keys from its data/README.md, "Encrypted Files"):
 * every chunk pqlab decrypts and decodes equals parquet-java's decryption of it, entry by entry.
 */
class EncryptedAgreementTest {
    // The README writes them as digit lists; they are those digits' ASCII bytes (Arrow C++'s tests).
    static final byte[] FOOTER = "0123456789012345".getBytes(StandardCharsets.US_ASCII);
    static final byte[] DOUBLE = "1234567890123450".getBytes(StandardCharsets.US_ASCII);
    static final byte[] FLOAT = "1234567890123451".getBytes(StandardCharsets.US_ASCII);
    static final byte[] TESTER = "tester".getBytes(StandardCharsets.UTF_8);

    static Stream<String> files() {
        return Stream.of("encrypt_columns_and_footer", "encrypt_columns_and_footer_aad",
                "encrypt_columns_and_footer_bloom_filter", "encrypt_columns_and_footer_ctr",
                "encrypt_columns_and_footer_disable_aad_storage", "encrypt_columns_plaintext_footer",
                "uniform_encryption");
    }

    static Path path(String name) {
        return Chunks.DATA.resolve(name + ".parquet.encrypted");
    }

    @TempDir
    static Path tmp;

    /**
     * A copy for the oracle to decrypt: {@link ParquetJava#decryptWith} holds for a path, and other
     * tests hold that parquet-java cannot read the fixture itself without keys.
     */
    static Path keyed(String name) throws java.io.IOException {
        Path copy = tmp.resolve(name + ".parquet.encrypted");
        if (!java.nio.file.Files.exists(copy)) {
            java.nio.file.Files.copy(path(name), copy);
        }
        ParquetJava.decryptWith(copy, oracleKeys(name));
        return copy;
    }

    static boolean suppliesPrefix(String name) {
        return name.endsWith("_disable_aad_storage");
    }

    /** pqlab's keys for a file of the README. */
    static Decryption keys(String name) {
        Decryption d = Decryption.NONE.withFooterKey(FOOTER).withColumnKey("double_field", DOUBLE)
                .withColumnKey("float_field", FLOAT);
        return suppliesPrefix(name) ? d.withAadPrefix(TESTER) : d;
    }

    /** The same keys for parquet-java. */
    static FileDecryptionProperties oracleKeys(String name) {
        FileDecryptionProperties.Builder b = FileDecryptionProperties.builder().withFooterKey(FOOTER)
                .withColumnKeys(java.util.Map.of(
                        ColumnPath.get("double_field"),
                        ColumnDecryptionProperties.builder("double_field").withKey(DOUBLE).build(),
                        ColumnPath.get("float_field"),
                        ColumnDecryptionProperties.builder("float_field").withKey(FLOAT).build()));
        if (suppliesPrefix(name)) {
            b.withAADPrefix(TESTER);
        }
        return b.build();
    }

    @ParameterizedTest
    @MethodSource("files")
    void everyChunkDecryptsLikeParquetJava(String name) throws Exception {
        Path path = keyed(name);
        int chunks = 0;
        try (ParquetFile f = ParquetFile.open(path, keys(name))) {
            assertThat(ParquetFiles.footer(f).decryptor()).isNotNull();
            for (int g = 0; g < f.rowGroupCount(); g++) {
                for (int c = 0; c < f.schema().columnCount(); c++) {
                    ColumnDescriptor col = f.schema().column(c);
                    String where = name + " rg " + g + " " + col.dottedPath();
                    List<Triple> mine = Chunks.triples(Chunks.decodeAll(f, g, c));
                    List<Triple> judge = ParquetJava.triples(path, g, c);
                    assertThat(mine).as(where).isEqualTo(judge);
                    chunks++;
                }
            }
        }
        assertThat(chunks).isGreaterThanOrEqualTo(4);
    }

    @Test
    void anEncryptedFooterWithoutItsKeyIsOneLineNamingTheOption() {
        assertThatThrownBy(() -> ParquetFile.open(path("encrypt_columns_and_footer"))).isInstanceOf(
                DecryptionException.class).hasMessageContaining("--footer-key").hasMessageNotContaining("\n");
    }

    @Test
    void aWrongFooterKeyIsATagMismatch() {
        byte[] wrong = FOOTER.clone();
        wrong[0] ^= 1;
        assertThatThrownBy(() -> ParquetFile.open(path("encrypt_columns_and_footer"),
                Decryption.NONE.withFooterKey(wrong))).isInstanceOf(DecryptionException.class)
                .hasMessageStartingWith("GCM tag mismatch decrypting the encrypted footer");
    }

    @Test
    void aMissingAadPrefixIsNamed() {
        assertThatThrownBy(() -> ParquetFile.open(path("encrypt_columns_and_footer_disable_aad_storage"),
                Decryption.NONE.withFooterKey(FOOTER))).isInstanceOf(DecryptionException.class)
                .hasMessageContaining("--aad-prefix");
    }

    @Test
    void aPlaintextFooterWithoutKeysReadsThePlaintextColumnsOnly() throws Exception {
        Path path = keyed("encrypt_columns_plaintext_footer");
        try (ParquetFile f = ParquetFile.open(path, Decryption.NONE)) {
            assertThat(ParquetFiles.footer(f).decryptor().signatureVerified()).isNull();
            for (int c = 0; c < f.schema().columnCount(); c++) {
                String col = f.schema().column(c).dottedPath();
                int cc = c;
                if (col.equals("double_field") || col.equals("float_field")) {
                    assertThat(ParquetFiles.chunk(f, 0, c).sealed()).isTrue();
                    assertThatThrownBy(() -> Chunks.decodeAll(f, 0, cc)).isInstanceOf(DecryptionException.class)
                            .hasMessageContaining("--column-key " + col + "=KEY");
                } else {
                    assertThat(Chunks.triples(Chunks.decodeAll(f, 0, c))).as(col)
                            .isEqualTo(ParquetJava.triples(path, 0, c));
                }
            }
        }
        try (ParquetFile f = ParquetFile.open(path, Decryption.NONE.withFooterKey(FOOTER))) {
            assertThat(ParquetFiles.footer(f).decryptor().signatureVerified()).isTrue();
        }
    }

    @Test
    void aWrongFooterKeyOnAPlaintextFooterFailsItsSignature() {
        byte[] wrong = FOOTER.clone();
        wrong[5] ^= 0x40;
        assertThatThrownBy(() -> ParquetFile.open(path("encrypt_columns_plaintext_footer"),
                Decryption.NONE.withFooterKey(wrong))).isInstanceOf(DecryptionException.class)
                .hasMessageContaining("signature");
    }
}
