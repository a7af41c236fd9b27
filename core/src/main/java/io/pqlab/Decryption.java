package io.pqlab;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The keys for reading files written with Parquet Modular Encryption: a footer key, column keys
 * by dotted path, an AAD prefix for files that do not store theirs, and a {@link KeyRetriever}
 * for keys the file names by its key metadata (a KMS). Explicit keys are asked first, then the
 * retriever.
 *
 * <p>Immutable. Keys are copied in and never shown: {@link #toString()} says only which kinds of
 * keys are held.
 */
public final class Decryption {
    /** No keys: plaintext columns are read, encrypted ones are reported as such. */
    public static final Decryption NONE = new Decryption(null, Map.of(), null, null);

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

    private Decryption(byte[] footerKey, Map<String, byte[]> columnKeys, byte[] aadPrefix, KeyRetriever retriever) {
        this.footerKey = footerKey;
        this.columnKeys = columnKeys;
        this.aadPrefix = aadPrefix;
        this.retriever = retriever;
    }

    /** These keys with the given footer key. */
    public Decryption withFooterKey(byte[] key) {
        return new Decryption(checkedKey(key), columnKeys, aadPrefix, retriever);
    }

    /** These keys with a key for the column at {@code dottedPath} (as {@code a.b.c}). */
    public Decryption withColumnKey(String dottedPath, byte[] key) {
        Map<String, byte[]> m = new HashMap<>(columnKeys);
        m.put(Objects.requireNonNull(dottedPath, "dottedPath"), checkedKey(key));
        return new Decryption(footerKey, Map.copyOf(m), aadPrefix, retriever);
    }

    /** These keys with the AAD prefix to supply (for files written without storing it). */
    public Decryption withAadPrefix(byte[] prefix) {
        return new Decryption(footerKey, columnKeys, prefix.clone(), retriever);
    }

    /** These keys with a retriever asked for the keys not given explicitly. */
    public Decryption withRetriever(KeyRetriever r) {
        return new Decryption(footerKey, columnKeys, aadPrefix, Objects.requireNonNull(r, "retriever"));
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
        return footerKey == null && columnKeys.isEmpty() && aadPrefix == null && retriever == null;
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
                && Arrays.equals(d.aadPrefix, aadPrefix) && Objects.equals(d.retriever, retriever);
    }

    @Override
    public int hashCode() {
        return Objects.hash(columnKeys.keySet(), retriever) * 31 + Arrays.hashCode(footerKey);
    }
}
