package io.pqlab.internal.column;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.pqlab.Decryption;
import io.pqlab.DecryptionException;
import io.pqlab.ParquetFile;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.oracle.ParquetJava;
import io.pqlab.oracle.ParquetJava.Triple;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.crypto.ColumnEncryptionProperties;
import org.apache.parquet.crypto.DecryptionKeyRetriever;
import org.apache.parquet.crypto.FileDecryptionProperties;
import org.apache.parquet.crypto.FileEncryptionProperties;
import org.apache.parquet.crypto.ParquetCipher;
import org.apache.parquet.crypto.AesGcmDecryptor;
import org.apache.parquet.crypto.AesGcmEncryptor;
import org.apache.parquet.crypto.AesMode;
import org.apache.parquet.crypto.ModuleCipherFactory;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Key material of parquet-java's key tools, unwrapped with master keys: parquet-testing's
 * external_key_material_java file (its key material in the JSON file beside it, double-wrapped
 * by the in-memory KMS), and a file parquet-java writes here with internal key material (a
 * local wrap and a KMS wrap). The judge is parquet-java reading the same file with a key retriever
 * of this test's own that unwraps with parquet-java's AES-GCM ciphers, as its
 * {@code unwrapLocally} does (KeyToolkit itself needs Hadoop to load), and the
 * file's twin with explicit keys.
 */
class EncryptedKeyMaterialTest {
    /** parquet-java's unwrapLocally: base64, then GCM without a length field. */
    static byte[] unwrapLocally(String wrapped, byte[] key, byte[] aad) {
        byte[] b = Base64.getDecoder().decode(wrapped);
        return ((AesGcmDecryptor) ModuleCipherFactory.getDecryptor(AesMode.GCM, key)).decrypt(b, 0, b.length, aad);
    }

    /** parquet-java's wrapLocally. */
    static String wrapLocally(byte[] plain, byte[] key, byte[] aad) {
        return Base64.getEncoder().encodeToString(
                ((AesGcmEncryptor) ModuleCipherFactory.getEncryptor(AesMode.GCM, key)).encrypt(false, plain, aad));
    }

    static final String EXTERNAL = "external_key_material_java.parquet.encrypted";
    static final String STORE = "_KEY_MATERIAL_FOR_" + EXTERNAL + ".json";
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    /** The master keys of the in-memory KMS that wrote the file: the README's keys, by key ID. */
    static Decryption masterKeys() {
        return Decryption.NONE.withMasterKey("kf", EncryptedAgreementTest.FOOTER)
                .withMasterKey("kc1", EncryptedAgreementTest.DOUBLE).withMasterKey("kc2", EncryptedAgreementTest.FLOAT);
    }

    static final Map<String, byte[]> MASTER = Map.of("kf", EncryptedAgreementTest.FOOTER,
            "kc1", EncryptedAgreementTest.DOUBLE, "kc2", EncryptedAgreementTest.FLOAT);

    /**
     * parquet-java's FileKeyUnwrapper, as far as it goes without Hadoop: key metadata → key
     * material (inside it, or in the store) → KEK and DEK, each unwrapped by KeyToolkit.
     */
    @SuppressWarnings("unchecked")
    static DecryptionKeyRetriever oracle(Path store) {
        return metadata -> {
            try {
                Map<String, Object> meta = JSON.readValue(metadata, Map.class);
                Map<String, Object> material = meta;
                if (!Boolean.TRUE.equals(meta.get("internalStorage"))) {
                    Map<String, String> all = JSON.readValue(store.toFile(), Map.class);
                    material = JSON.readValue(all.get((String) meta.get("keyReference")), Map.class);
                }
                String id = (String) material.get("masterKeyID");
                byte[] aad = id.getBytes(StandardCharsets.UTF_8);
                if (Boolean.TRUE.equals(material.get("doubleWrapping"))) {
                    byte[] kek = unwrapLocally((String) material.get("wrappedKEK"), MASTER.get(id), aad);
                    String kekId = (String) material.get("keyEncryptionKeyID");
                    return unwrapLocally((String) material.get("wrappedDEK"), kek,
                            Base64.getDecoder().decode(kekId));
                }
                String wrapped = (String) material.get("wrappedDEK");
                if (wrapped.startsWith("{")) {
                    wrapped = (String) JSON.readValue(wrapped, Map.class).get("encryptedKey");
                }
                return unwrapLocally(wrapped, MASTER.get(id), aad);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
    }

    /** The fixture and its key material, copied into {@code dir}. */
    Path external(Path dir, boolean withStore) throws Exception {
        Files.createDirectories(dir);
        Path f = Files.copy(Chunks.DATA.resolve(EXTERNAL), dir.resolve(EXTERNAL));
        if (withStore) {
            Files.copy(Chunks.DATA.resolve(STORE), dir.resolve(STORE));
        }
        return f;
    }

    static int sameAsParquetJava(Path path, Decryption keys) throws Exception {
        int chunks = 0;
        try (ParquetFile f = ParquetFile.open(path, keys)) {
            for (int g = 0; g < f.rowGroupCount(); g++) {
                for (int c = 0; c < f.schema().columnCount(); c++) {
                    assertThat(ParquetFiles.chunk(f, g, c).sealed()).isFalse();
                    List<Triple> mine = Chunks.triples(Chunks.decodeAll(f, g, c));
                    assertThat(mine).as(path.getFileName() + " rg " + g + " col " + c)
                            .isEqualTo(ParquetJava.triples(path, g, c));
                    chunks++;
                }
            }
        }
        return chunks;
    }

    @Test
    void externalKeyMaterialDecodesAsParquetJavaReadsIt() throws Exception {
        Path path = external(tmp.resolve("a"), true);
        ParquetJava.decryptWith(path, FileDecryptionProperties.builder().withKeyRetriever(oracle(
                path.resolveSibling(STORE))).build());
        assertThat(sameAsParquetJava(path, masterKeys())).isGreaterThanOrEqualTo(2);
        try (ParquetFile f = ParquetFile.open(path, masterKeys())) {
            // both columns have keys of their own (columnKey0, columnKey1 in the material), 100 rows
            assertThat(ParquetFiles.footer(f).metadata().numRows()).isEqualTo(100);
            for (int c = 0; c < f.schema().columnCount(); c++) {
                assertThat(ParquetFiles.chunk(f, 0, c).encrypted()).isTrue();
                assertThat(ParquetFiles.chunk(f, 0, c).cryptoMetaData().footerKey()).isFalse();
            }
        }
    }

    @Test
    void withoutTheFootersMasterKeyOneLineNamesIt() throws Exception {
        Path path = external(tmp.resolve("c"), true);
        assertThatThrownBy(() -> ParquetFile.open(path, Decryption.NONE.withMasterKey("kc1",
                EncryptedAgreementTest.DOUBLE))).isInstanceOf(DecryptionException.class)
                .hasMessage("the footer key is wrapped by master key kf, which was not given: pass --master-key kf=KEY")
                .satisfies(e -> assertThat(((DecryptionException) e).offset()).isPositive());
    }

    @Test
    void aWrongMasterKeyIsATagMismatchUnwrappingTheKek() throws Exception {
        Path path = external(tmp.resolve("d"), true);
        byte[] wrong = EncryptedAgreementTest.FOOTER.clone();
        wrong[3] ^= 1;
        assertThatThrownBy(() -> ParquetFile.open(path, masterKeys().withMasterKey("kf", wrong)))
                .isInstanceOf(DecryptionException.class)
                .hasMessageStartingWith("GCM tag mismatch decrypting the key-encryption key of the footer key "
                        + "(master key kf)")
                .hasMessageNotContaining("\n");
    }

    @Test
    void aMissingKeyMaterialFileIsNamedWithTheOption() throws Exception {
        Path path = external(tmp.resolve("e"), false);
        assertThatThrownBy(() -> ParquetFile.open(path, masterKeys())).isInstanceOf(DecryptionException.class)
                .hasMessageContaining(path.resolveSibling(STORE).toAbsolutePath().toString())
                .hasMessageContaining("--key-material FILE");
        // named elsewhere, it is read from there
        Path elsewhere = Files.copy(Chunks.DATA.resolve(STORE), tmp.resolve("moved.json"));
        ParquetJava.decryptWith(path, FileDecryptionProperties.builder().withKeyRetriever(oracle(elsewhere)).build());
        assertThat(sameAsParquetJava(path, masterKeys().withKeyMaterial(elsewhere))).isGreaterThanOrEqualTo(2);
    }

    @Test
    void malformedOrForeignKeyMaterialIsOneLine() throws Exception {
        Path path = external(tmp.resolve("f"), true);
        Path store = path.resolveSibling(STORE);
        String good = Files.readString(store);
        Files.writeString(store, good.substring(0, good.length() / 2));
        assertThatThrownBy(() -> ParquetFile.open(path, masterKeys())).isInstanceOf(DecryptionException.class)
                .hasMessageContaining("is not the JSON object it should be").hasMessageNotContaining("\n");
        // another file's material, or none for the reference, is refused by name
        Files.writeString(store, good.replace("\"footerKey\"", "\"otherKey\""));
        assertThatThrownBy(() -> ParquetFile.open(path, masterKeys())).isInstanceOf(DecryptionException.class)
                .hasMessageContaining("has no entry \"footerKey\"");
        // the footer's reference pointed at a column's material
        Map<String, String> swapped = JSON.readValue(good, Map.class);
        Map<String, String> m = new LinkedHashMap<>(swapped);
        m.put("footerKey", swapped.get("columnKey0"));
        Files.writeString(store, JSON.writeValueAsString(m));
        assertThatThrownBy(() -> ParquetFile.open(path, masterKeys())).isInstanceOf(DecryptionException.class)
                .hasMessageContaining("tampered or misplaced key material");
    }

    @Test
    void decryptionNeverShowsMasterKeys() {
        String s = masterKeys().toString();
        assertThat(s).contains("3 master keys").doesNotContain("0123456789012345").doesNotContain("3031");
    }

    // ---- internal key material, written here by parquet-java with key metadata in the tools' form

    static final String SCHEMA = "message km { required int64 id; optional double secret; optional binary tag (UTF8); }";
    static final byte[] FOOTER_DEK = bytes(16, 3);
    static final byte[] SECRET_DEK = bytes(32, 7);
    static final byte[] KEK = bytes(16, 11);
    static final byte[] MASTER_F = bytes(16, 13);
    static final byte[] MASTER_S = bytes(24, 17);

    static byte[] bytes(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (seed * 31 + i * 7);
        }
        return b;
    }

    /** Footer: double wrapping (KMS-style base64); secret: single wrapping, a local wrap's JSON. */
    static byte[] footerMetadata() throws Exception {
        String kekId = Base64.getEncoder().encodeToString(bytes(16, 19));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("keyMaterialType", "PKMT1");
        m.put("internalStorage", true);
        m.put("isFooterKey", true);
        m.put("kmsInstanceID", "DEFAULT");
        m.put("kmsInstanceURL", "DEFAULT");
        m.put("masterKeyID", "mf");
        m.put("wrappedDEK", wrapLocally(FOOTER_DEK, KEK, Base64.getDecoder().decode(kekId)));
        m.put("doubleWrapping", true);
        m.put("keyEncryptionKeyID", kekId);
        m.put("wrappedKEK", wrapLocally(KEK, MASTER_F, "mf".getBytes(StandardCharsets.UTF_8)));
        return JSON.writeValueAsBytes(m);
    }

    static byte[] secretMetadata() throws Exception {
        Map<String, Object> wrap = Map.of("masterKeyVersion", "NO_VERSION", "encryptedKey",
                wrapLocally(SECRET_DEK, MASTER_S, "ms".getBytes(StandardCharsets.UTF_8)));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("keyMaterialType", "PKMT1");
        m.put("internalStorage", true);
        m.put("isFooterKey", false);
        m.put("masterKeyID", "ms");
        m.put("wrappedDEK", JSON.writeValueAsString(wrap));
        m.put("doubleWrapping", false);
        return JSON.writeValueAsBytes(m);
    }

    Path writeInternal(boolean plaintextFooter) throws Exception {
        Path target = tmp.resolve("internal-" + plaintextFooter + ".parquet");
        MessageType type = MessageTypeParser.parseMessageType(SCHEMA);
        FileEncryptionProperties.Builder enc = FileEncryptionProperties.builder(FOOTER_DEK)
                .withFooterKeyMetadata(footerMetadata()).withAlgorithm(ParquetCipher.AES_GCM_V1)
                .withEncryptedColumns(Map.of(ColumnPath.get("secret"), ColumnEncryptionProperties.builder("secret")
                        .withKey(SECRET_DEK).withKeyMetaData(secretMetadata()).build()));
        if (plaintextFooter) {
            enc.withPlaintextFooter();
        }
        ExampleParquetWriter.Builder b = ParquetJava.hadoopFree(ParquetJava.writer(target, type)
                .withPageRowCountLimit(50).withRowGroupRowCountLimit(200).withEncryption(enc.build()));
        SimpleGroupFactory groups = new SimpleGroupFactory(type);
        try (ParquetWriter<Group> w = b.build()) {
            for (int i = 0; i < 500; i++) {
                Group g = groups.newGroup();
                g.add("id", (long) i);
                if (i % 7 != 0) {
                    g.add("secret", i * 0.25);
                }
                g.add("tag", "t" + (i % 9));
                w.write(g);
            }
        }
        ParquetJava.decryptWith(target, FileDecryptionProperties.builder().withKeyRetriever(metadata -> {
            byte[] k = oracleInternal().getKey(metadata);
            return k;
        }).build());
        return target;
    }

    static DecryptionKeyRetriever oracleInternal() {
        Map<String, byte[]> master = Map.of("mf", MASTER_F, "ms", MASTER_S);
        return metadata -> {
            try {
                @SuppressWarnings("unchecked")
                Map<String, Object> m = JSON.readValue(metadata, Map.class);
                String id = (String) m.get("masterKeyID");
                byte[] aad = id.getBytes(StandardCharsets.UTF_8);
                if (Boolean.TRUE.equals(m.get("doubleWrapping"))) {
                    byte[] kek = unwrapLocally((String) m.get("wrappedKEK"), master.get(id), aad);
                    return unwrapLocally((String) m.get("wrappedDEK"), kek,
                            Base64.getDecoder().decode((String) m.get("keyEncryptionKeyID")));
                }
                String w = (String) JSON.readValue((String) m.get("wrappedDEK"), Map.class).get("encryptedKey");
                return unwrapLocally(w, master.get(id), aad);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
    }

    @Test
    void internalKeyMaterialDecodesAsParquetJavaReadsIt() throws Exception {
        for (boolean plaintext : new boolean[] {false, true}) {
            Path path = writeInternal(plaintext);
            Decryption keys = Decryption.NONE.withMasterKey("mf", MASTER_F).withMasterKey("ms", MASTER_S);
            assertThat(sameAsParquetJava(path, keys)).as("plaintext footer " + plaintext).isEqualTo(3 * 3);
        }
    }

    @Test
    void aColumnWhoseMasterKeyIsNotGivenIsSealedAndNamesIt() throws Exception {
        Path path = writeInternal(true);
        try (ParquetFile f = ParquetFile.open(path, Decryption.NONE.withMasterKey("mf", MASTER_F))) {
            assertThat(ParquetFiles.footer(f).decryptor().signatureVerified()).isTrue();
            int secret = f.schema().column("secret").index();
            assertThat(ParquetFiles.chunk(f, 0, secret).sealed()).isTrue();
            assertThatThrownBy(() -> Chunks.decodeAll(f, 0, secret)).isInstanceOf(DecryptionException.class)
                    .hasMessageContaining("master key ms").hasMessageContaining("--master-key ms=KEY");
            int id = f.schema().column("id").index();
            assertThat(Chunks.triples(Chunks.decodeAll(f, 0, id))).isEqualTo(ParquetJava.triples(path, 0, id));
        }
    }
}
