package io.pqlab;

import io.pqlab.internal.crypto.KeyMaterialUnwrapper;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The keys for reading files written with Parquet Modular Encryption: a footer key, column keys
 * by dotted path, an AAD prefix for files that do not store theirs, and a {@link KeyRetriever}
 * for keys the file names by its key metadata (a KMS). Explicit keys are asked first, then
 * master keys for key material, then the retriever.
 *
 * <p>Master keys ({@link #withMasterKey}) read files written with parquet-java's key tools
 * ({@code PropertiesDrivenCryptoFactory}): their key metadata is key material (JSON) that names a
 * master key and holds the data key wrapped by it, stored in the file or, with external key
 * material, in {@code _KEY_MATERIAL_FOR_<file name>.json} next to it ({@link #forFile} finds it;
 * {@link #withKeyMaterial} names it). Given the master keys a KMS holds, the data keys are
 * unwrapped here with AES-GCM, as parquet-java's local and in-memory KMS clients do.
 *
 * <p>Immutable. Keys are copied in and never shown: {@link #toString()} says only which kinds of
 * keys are held.
 */
public final class Decryption {
    /** No keys: plaintext columns are read, encrypted ones are reported as such. */
    public static final Decryption NONE = new Decryption(null, Map.of(), null, null, Map.of(), null, null);

    /**
     * Turns the key metadata a file stores for a key into that key, as a KMS client does.
     */
    @FunctionalInterface
    public interface KeyRetriever {
        /**
         * @param keyMetadata the key_metadata stored in the file (empty when there is none)
         * @param column the column's dotted path, or null for the footer key
         * @return the key (16, 24 or 32 bytes), or null when this retriever does not know it
         */
        byte[] key(byte[] keyMetadata, String column);
    }

    private final byte[] footerKey;
    private final Map<String, byte[]> columnKeys;
    private final byte[] aadPrefix;
    private final KeyRetriever retriever;
    private final Map<String, byte[]> masterKeys;
    private final Path keyMaterial;
    private final Path file;
    private final KeyMaterialUnwrapper unwrapper;

    private Decryption(byte[] footerKey, Map<String, byte[]> columnKeys, byte[] aadPrefix, KeyRetriever retriever,
            Map<String, byte[]> masterKeys, Path keyMaterial, Path file) {
        this.footerKey = footerKey;
        this.columnKeys = columnKeys;
        this.aadPrefix = aadPrefix;
        this.retriever = retriever;
        this.masterKeys = masterKeys;
        this.keyMaterial = keyMaterial;
        this.file = file;
        Path store = keyMaterial != null ? keyMaterial : file != null ? KeyMaterialUnwrapper.storeFor(file) : null;
        this.unwrapper = masterKeys.isEmpty() ? null : new KeyMaterialUnwrapper(masterKeys, store);
    }

    /** These keys with the given footer key. */
    public Decryption withFooterKey(byte[] key) {
        return new Decryption(checkedKey(key), columnKeys, aadPrefix, retriever, masterKeys, keyMaterial, file);
    }

    /** These keys with a key for the column at {@code dottedPath} (as {@code a.b.c}). */
    public Decryption withColumnKey(String dottedPath, byte[] key) {
        Map<String, byte[]> m = new HashMap<>(columnKeys);
        m.put(Objects.requireNonNull(dottedPath, "dottedPath"), checkedKey(key));
        return new Decryption(footerKey, Map.copyOf(m), aadPrefix, retriever, masterKeys, keyMaterial, file);
    }

    /** These keys with the AAD prefix to supply (for files written without storing it). */
    public Decryption withAadPrefix(byte[] prefix) {
        return new Decryption(footerKey, columnKeys, prefix.clone(), retriever, masterKeys, keyMaterial, file);
    }

    /** These keys with a retriever asked for the keys not given explicitly. */
    public Decryption withRetriever(KeyRetriever r) {
        return new Decryption(footerKey, columnKeys, aadPrefix, Objects.requireNonNull(r, "retriever"), masterKeys,
                keyMaterial, file);
    }

    /**
     * These keys with a master key, by the ID key material names it with ({@code masterKeyID}),
     * to unwrap the data keys of files written with parquet-java's key tools.
     */
    public Decryption withMasterKey(String id, byte[] key) {
        Map<String, byte[]> m = new HashMap<>(masterKeys);
        m.put(Objects.requireNonNull(id, "id"), checkedKey(key));
        return new Decryption(footerKey, columnKeys, aadPrefix, retriever, Map.copyOf(m), keyMaterial, file);
    }

    /**
     * These keys reading external key material from {@code keyMaterialFile} rather than from the
     * {@code _KEY_MATERIAL_FOR_<name>.json} next to the file.
     */
    public Decryption withKeyMaterial(Path keyMaterialFile) {
        return new Decryption(footerKey, columnKeys, aadPrefix, retriever, masterKeys,
                Objects.requireNonNull(keyMaterialFile, "keyMaterialFile"), file);
    }

    /**
     * These keys for reading the local file at {@code parquetFile}: its external key material is
     * looked for next to it. {@link ParquetFile#open(Path, ReadOptions)} does this itself; a reader
     * that opens sources of its own (a dataset) calls it per file.
     */
    public Decryption forFile(Path parquetFile) {
        if (masterKeys.isEmpty() || Objects.equals(file, parquetFile)) {
            return this;
        }
        return new Decryption(footerKey, columnKeys, aadPrefix, retriever, masterKeys, keyMaterial, parquetFile);
    }

    /** The footer key: the explicit one, else the retriever's for {@code keyMetadata}; null when unknown. */
    public byte[] footerKey(byte[] keyMetadata) {
        if (footerKey != null) {
            return footerKey.clone();
        }
        return retrieve(keyMetadata, null);
    }

    /** A column's key, as {@link #footerKey}. */
    public byte[] columnKey(String dottedPath, byte[] keyMetadata) {
        byte[] k = columnKeys.get(dottedPath);
        if (k != null) {
            return k.clone();
        }
        return retrieve(keyMetadata, dottedPath);
    }

    private byte[] retrieve(byte[] keyMetadata, String column) {
        if (unwrapper != null && keyMetadata != null && KeyMaterialUnwrapper.isKeyMaterial(keyMetadata)) {
            return unwrapper.key(keyMetadata, column);
        }
        if (retriever == null) {
            return null;
        }
        byte[] k = retriever.key(keyMetadata != null ? keyMetadata.clone() : new byte[0], column);
        return k == null ? null : k.clone();
    }

    /** The AAD prefix to supply, or null. */
    public byte[] aadPrefix() {
        return aadPrefix == null ? null : aadPrefix.clone();
    }

    /** Whether any key, prefix or retriever is held. */
    public boolean isEmpty() {
        return footerKey == null && columnKeys.isEmpty() && aadPrefix == null && retriever == null
                && masterKeys.isEmpty();
    }

    private static byte[] checkedKey(byte[] key) {
        Objects.requireNonNull(key, "key");
        if (key.length != 16 && key.length != 24 && key.length != 32) {
            // the length only: the key itself is never put in a message
            throw new IllegalArgumentException("an AES key has 16, 24 or 32 bytes, not " + key.length);
        }
        return key.clone();
    }

    /** Which keys are held, never their bytes. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Decryption[");
        sb.append(footerKey != null ? "footer key" : "no footer key");
        sb.append(", ").append(columnKeys.size()).append(" column key").append(columnKeys.size() == 1 ? "" : "s");
        if (aadPrefix != null) {
            sb.append(", AAD prefix");
        }
        if (!masterKeys.isEmpty()) {
            sb.append(", ").append(masterKeys.size()).append(" master key").append(masterKeys.size() == 1 ? "" : "s");
        }
        if (keyMaterial != null) {
            sb.append(", key material ").append(keyMaterial);
        }
        if (retriever != null) {
            sb.append(", retriever");
        }
        return sb.append(']').toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Decryption d && Arrays.equals(d.footerKey, footerKey) && d.columnKeys.keySet()
                .equals(columnKeys.keySet()) && columnKeys.entrySet().stream()
                .allMatch(e -> Arrays.equals(e.getValue(), d.columnKeys.get(e.getKey())))
                && Arrays.equals(d.aadPrefix, aadPrefix) && Objects.equals(d.retriever, retriever)
                && d.masterKeys.keySet().equals(masterKeys.keySet()) && masterKeys.entrySet().stream()
                .allMatch(e -> Arrays.equals(e.getValue(), d.masterKeys.get(e.getKey())))
                && Objects.equals(d.keyMaterial, keyMaterial) && Objects.equals(d.file, file);
    }

    @Override
    public int hashCode() {
        return Objects.hash(columnKeys.keySet(), retriever, masterKeys.keySet(), keyMaterial) * 31
                + Arrays.hashCode(footerKey);
    }
}
