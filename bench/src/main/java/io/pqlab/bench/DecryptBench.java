package io.pqlab.bench;

import io.pqlab.Decryption;
import io.pqlab.bench.BenchData.Variant;
import io.pqlab.bench.pj.Pj;
import io.pqlab.io.FileSource;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.parquet.crypto.ColumnDecryptionProperties;
import org.apache.parquet.crypto.ColumnEncryptionProperties;
import org.apache.parquet.crypto.FileDecryptionProperties;
import org.apache.parquet.crypto.FileEncryptionProperties;
import org.apache.parquet.crypto.ParquetCipher;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Decrypt-and-scan (issue 19): the sorted orders written again with Parquet Modular Encryption by
 * parquet-java ({@code Generate --only encrypted}: an encrypted footer, AES_GCM_V1, customer_id and
 * amount_cents with keys of their own, the other columns with the footer key; page index and the
 * customer_id Bloom filter as in the plaintext file, all encrypted), read back with every column
 * of the matching rows: pqlab against parquet-java's decrypting reader (its ParquetFileReader with
 * FileDecryptionProperties, every filter on, as {@link ScanBench}). A cold reader per call.
 *
 * <p>Both decode on one thread (parquet-java has no other), so {@code threads} is 1; pass
 * {@code -p threads=2} to see pqlab's own parallel decryption. {@code pqlab_plaintext} scans the
 * plaintext sorted file with the same condition: the cost of decryption is the difference.
 * {@code condition} is "all" (a full scan) or any name of {@link Conditions} (default
 * {@code id_range_1pct}: page-index skipping through the encrypted ColumnIndex and OffsetIndex).
 */
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 3, time = 2)
public class DecryptBench extends Bench {
    // Fixed keys: the file is a benchmark's, not a secret.
    static final byte[] FOOTER_KEY = key(16, 1);
    static final byte[] CUSTOMER_KEY = key(16, 2);
    static final byte[] AMOUNT_KEY = key(32, 3);

    static byte[] key(int n, int seed) {
        byte[] k = new byte[n];
        for (int i = 0; i < n; i++) {
            k[i] = (byte) (seed * 41 + i);
        }
        return k;
    }

    /** How {@code Generate --only encrypted} writes the file. */
    static FileEncryptionProperties encryption() {
        Map<ColumnPath, ColumnEncryptionProperties> columns = new HashMap<>();
        columns.put(ColumnPath.get("customer_id"), ColumnEncryptionProperties.builder("customer_id")
            .withKey(CUSTOMER_KEY).withKeyMetaData("kcustomer".getBytes(StandardCharsets.UTF_8)).build());
        columns.put(ColumnPath.get("amount_cents"), ColumnEncryptionProperties.builder("amount_cents")
            .withKey(AMOUNT_KEY).withKeyMetaData("kamount".getBytes(StandardCharsets.UTF_8)).build());
        for (String c : new String[] {"order_id", "country", "created_at", "note"}) {
            columns.put(ColumnPath.get(c), ColumnEncryptionProperties.builder(c).build()); // the footer key
        }
        return FileEncryptionProperties.builder(FOOTER_KEY)
            .withFooterKeyMetadata("kfooter".getBytes(StandardCharsets.UTF_8))
            .withAlgorithm(ParquetCipher.AES_GCM_V1)
            .withEncryptedColumns(columns)
            .build();
    }

    static Decryption pqlabKeys() {
        return Decryption.NONE.withFooterKey(FOOTER_KEY).withColumnKey("customer_id", CUSTOMER_KEY)
            .withColumnKey("amount_cents", AMOUNT_KEY);
    }

    static FileDecryptionProperties parquetJavaKeys() {
        return FileDecryptionProperties.builder().withFooterKey(FOOTER_KEY).withColumnKeys(Map.of(
            ColumnPath.get("customer_id"), ColumnDecryptionProperties.builder("customer_id").withKey(CUSTOMER_KEY).build(),
            ColumnPath.get("amount_cents"), ColumnDecryptionProperties.builder("amount_cents").withKey(AMOUNT_KEY).build()))
            .build();
    }

    @Param({"10m"})
    public String dataset;

    @Param({"all", "id_range_1pct"})
    public String condition;

    /** pqlab's Query.threads; parquet-java decodes on one, so 1 compares like with like. */
    @Param({"1"})
    public int threads;

    Path file;
    Path plaintext;
    FilterPredicate pj;
    String pqlab;
    Decryption keys;
    FileDecryptionProperties pjKeys;

    @Setup
    public void setup() {
        Orders o = BenchData.ordersSpec(dataset);
        file = BenchData.orders(dataset, Variant.ENCRYPTED);
        if (!Files.exists(file)) {
            throw new IllegalStateException("no " + file + ": run java -Xmx4g -cp bench/target/benchmarks.jar "
                + "io.pqlab.bench.Generate --only encrypted" + (dataset.equals("10m") ? "" : " --rows " + o.rows));
        }
        plaintext = BenchData.orders(dataset, Variant.SORTED);
        if (!condition.equals("all")) {
            Conditions.Named c = Conditions.byName(o, condition);
            pj = c.cond().parquetJava();
            pqlab = c.cond().pqlab();
        }
        keys = pqlabKeys();
        pjKeys = parquetJavaKeys();
    }

    @Benchmark
    public long parquetJava(Blackhole bh) throws Exception {
        return Pj.scan(io.pqlab.bench.pj.BufferedInputFile.of(file), pj, pjKeys, bh::consume);
    }

    @Benchmark
    public long pqlab(Blackhole bh) throws Exception {
        return PqlabScan.scan(FileSource.open(file), pqlab, threads, keys, bh::consume);
    }

    /** The same scan of the plaintext sorted file: what decryption adds is the difference. */
    @Benchmark
    public long pqlab_plaintext(Blackhole bh) throws Exception {
        return PqlabScan.scan(FileSource.open(plaintext), pqlab, threads, bh::consume);
    }
}
