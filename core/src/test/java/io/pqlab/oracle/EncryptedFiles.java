package io.pqlab.oracle;

import io.pqlab.Decryption;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.parquet.crypto.ColumnDecryptionProperties;
import org.apache.parquet.crypto.ColumnEncryptionProperties;
import org.apache.parquet.crypto.DecryptionKeyRetriever;
import org.apache.parquet.crypto.FileDecryptionProperties;
import org.apache.parquet.crypto.FileEncryptionProperties;
import org.apache.parquet.crypto.ParquetCipher;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Files written with parquet-java's own encryption (FileEncryptionProperties, no Hadoop), one per
 * {@link Mode}: columns {@code price} and {@code name} under keys of their own, {@code code} under
 * the footer key, {@code id} and {@code qty} plaintext; 3 row groups of 1,000 rows, pages of 100
 * rows, dictionaries, the page index, and Bloom filters on id, name and price. Writing registers
 * the keys with the oracle ({@link ParquetJava#decryptWith}).
 */
public final class EncryptedFiles {
    private EncryptedFiles() {}

    public static final int ROWS = 3000;
    public static final String SCHEMA = "message enc { required int64 id; optional int32 qty; optional double price;"
            + " optional binary name (UTF8); optional int32 code; }";

    /**
     * @param retriever keys found through key metadata and a {@link Decryption.KeyRetriever}, not given
     * @param aadPrefix null for none
     * @param storePrefix whether the file stores its AAD prefix (else readers supply it)
     */
    public record Mode(String name, boolean encryptedFooter, boolean ctr, int keyBits, String aadPrefix,
            boolean storePrefix, boolean retriever) {
        @Override
        public String toString() {
            return name;
        }
    }

    public static final Mode[] MODES = {
        new Mode("encrypted footer, GCM, 128-bit", true, false, 128, null, true, false),
        new Mode("encrypted footer, CTR, 256-bit, stored AAD prefix", true, true, 256, "orders.part0", true, false),
        new Mode("encrypted footer, GCM, 192-bit, supplied AAD prefix, KMS", true, false, 192, "orders.part1", false,
                true),
        new Mode("plaintext footer, GCM, 256-bit, supplied AAD prefix", false, false, 256, "orders.part2", false,
                false),
        new Mode("plaintext footer, CTR, 128-bit, KMS", false, true, 128, null, true, true),
    };

    static byte[] key(int bits, int seed) {
        byte[] k = new byte[bits / 8];
        for (int i = 0; i < k.length; i++) {
            k[i] = (byte) (seed * 31 + i * 7);
        }
        return k;
    }

    public static byte[] footerKey(Mode m) {
        return key(m.keyBits(), 1);
    }

    public static byte[] priceKey(Mode m) {
        return key(m.keyBits(), 2);
    }

    public static byte[] nameKey(Mode m) {
        return key(m.keyBits(), 3);
    }

    private static final Map<String, Integer> KMS_IDS = Map.of("kf", 1, "kprice", 2, "kname", 3);

    private static byte[] kms(Mode m, byte[] metadata) {
        Integer id = KMS_IDS.get(new String(metadata, StandardCharsets.UTF_8));
        return id == null ? null : key(m.keyBits(), id);
    }

    /** pqlab's keys for the file. */
    public static Decryption keys(Mode m) {
        Decryption d = m.retriever()
                ? Decryption.NONE.withRetriever((metadata, column) -> kms(m, metadata))
                : Decryption.NONE.withFooterKey(footerKey(m)).withColumnKey("price", priceKey(m))
                        .withColumnKey("name", nameKey(m));
        return m.aadPrefix() != null && !m.storePrefix() ? d.withAadPrefix(bytes(m.aadPrefix())) : d;
    }

    /** The same for parquet-java. */
    public static FileDecryptionProperties oracleKeys(Mode m) {
        FileDecryptionProperties.Builder b = FileDecryptionProperties.builder();
        if (m.retriever()) {
            b.withKeyRetriever((DecryptionKeyRetriever) metadata -> kms(m, metadata));
        } else {
            b.withFooterKey(footerKey(m)).withColumnKeys(Map.of(
                    ColumnPath.get("price"), ColumnDecryptionProperties.builder("price").withKey(priceKey(m)).build(),
                    ColumnPath.get("name"), ColumnDecryptionProperties.builder("name").withKey(nameKey(m)).build()));
        }
        if (m.aadPrefix() != null && !m.storePrefix()) {
            b.withAADPrefix(bytes(m.aadPrefix()));
        }
        return b.build();
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static FileEncryptionProperties encryption(Mode m) {
        Map<ColumnPath, ColumnEncryptionProperties> columns = new HashMap<>();
        ColumnEncryptionProperties.Builder price = ColumnEncryptionProperties.builder("price").withKey(priceKey(m));
        ColumnEncryptionProperties.Builder name = ColumnEncryptionProperties.builder("name").withKey(nameKey(m));
        if (m.retriever()) {
            price.withKeyMetaData(bytes("kprice"));
            name.withKeyMetaData(bytes("kname"));
        }
        columns.put(ColumnPath.get("price"), price.build());
        columns.put(ColumnPath.get("name"), name.build());
        columns.put(ColumnPath.get("code"), ColumnEncryptionProperties.builder("code").build()); // the footer key
        FileEncryptionProperties.Builder b = FileEncryptionProperties.builder(footerKey(m))
                .withAlgorithm(m.ctr() ? ParquetCipher.AES_GCM_CTR_V1 : ParquetCipher.AES_GCM_V1)
                .withEncryptedColumns(columns);
        if (m.retriever()) {
            b.withFooterKeyMetadata(bytes("kf"));
        }
        if (!m.encryptedFooter()) {
            b.withPlaintextFooter();
        }
        if (m.aadPrefix() != null) {
            b.withAADPrefix(bytes(m.aadPrefix()));
            if (!m.storePrefix()) {
                b.withoutAADPrefixStorage();
            }
        }
        return b.build();
    }

    /** Writes the file of a mode into {@code dir} and registers its keys with the oracle. */
    public static Path write(Path dir, Mode m) throws IOException {
        Path target = dir.resolve(m.name().replaceAll("[^A-Za-z0-9]+", "_") + ".parquet");
        MessageType type = MessageTypeParser.parseMessageType(SCHEMA);
        ExampleParquetWriter.Builder b = ParquetJava.writer(target, type)
                .withRowGroupRowCountLimit(1000)
                .withRowGroupSize(64L << 20)
                .withPageRowCountLimit(100)
                .withMinRowCountForPageSizeCheck(100)
                .withPageSize(1 << 20)
                .withDictionaryEncoding(true)
                .withBloomFilterEnabled("id", true)
                .withBloomFilterEnabled("name", true)
                .withBloomFilterEnabled("price", true)
                .withEncryption(encryption(m));
        b = ParquetJava.hadoopFree(b);
        SimpleGroupFactory groups = new SimpleGroupFactory(type);
        try (ParquetWriter<Group> w = b.build()) {
            for (int i = 0; i < ROWS; i++) {
                Group g = groups.newGroup();
                g.add("id", (long) i);
                if (i % 17 != 0) {
                    g.add("qty", i % 50);
                }
                if (i % 13 != 0) {
                    g.add("price", (i * 7 % 1000) / 4.0);
                }
                if (i % 11 != 0) {
                    g.add("name", "n" + (i / 75)); // sorted: pages and row groups hold ranges of names
                }
                g.add("code", i / 10);
                w.write(g);
            }
        }
        ParquetJava.decryptWith(target, oracleKeys(m));
        return target;
    }

    /** The mode's modes, as a stream source for parameterised tests. */
    public static java.util.stream.Stream<Mode> modes() {
        return Arrays.stream(MODES);
    }
}
