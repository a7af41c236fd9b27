package io.pqlab.internal.format;

import io.pqlab.internal.crypto.ChunkDecryptor;
import io.pqlab.internal.crypto.ColumnCryptoMetaData;
import java.util.Objects;

/**
 * parquet.thrift's ColumnChunk.
 *
 * <p>The crypto fields are one nullable component, so that a plaintext chunk (nearly every chunk
 * decoded) costs no more than before encryption was read: a wide footer holds tens of thousands.
 *
 * @param filePath set only in summary files; never followed
 * @param metaData null when absent (an encrypted column) or when the decoder skipped this column
 * @param offsetIndexOffset -1 when absent
 * @param offsetIndexLength -1 when absent
 * @param columnIndexOffset -1 when absent
 * @param columnIndexLength -1 when absent
 * @param crypto set when crypto_metadata is set (its pages and indexes are then encrypted); null
 *     for a plaintext chunk
 */
public record ColumnChunk(
        String filePath,
        long fileOffset,
        ColumnMetaData metaData,
        long offsetIndexOffset,
        int offsetIndexLength,
        long columnIndexOffset,
        int columnIndexLength,
        Crypto crypto) {

    /**
     * An encrypted chunk's crypto fields.
     *
     * @param cryptoMetaData the decoded crypto_metadata (the footer key when it could not be read)
     * @param encryptedColumnMetaData encrypted_column_metadata as stored (a GCM module), or null
     * @param decryptor set when the chunk's key is known (then the chunk's {@code metaData} is the
     *     decrypted one); null otherwise
     */
    public record Crypto(ColumnCryptoMetaData cryptoMetaData, byte[] encryptedColumnMetaData, ChunkDecryptor decryptor) {
        public Crypto {
            Objects.requireNonNull(cryptoMetaData, "cryptoMetaData");
        }
    }

    /** A chunk of a plaintext column, or an encrypted one whose crypto fields do not matter (tests). */
    public ColumnChunk(String filePath, long fileOffset, ColumnMetaData metaData, long offsetIndexOffset,
            int offsetIndexLength, long columnIndexOffset, int columnIndexLength, boolean encrypted) {
        this(filePath, fileOffset, metaData, offsetIndexOffset, offsetIndexLength, columnIndexOffset,
                columnIndexLength, encrypted ? new Crypto(ColumnCryptoMetaData.FOOTER_KEY, null, null) : null);
    }

    /** Whether crypto_metadata is set: the chunk's pages and indexes are then encrypted. */
    public boolean encrypted() {
        return crypto != null;
    }

    /** The decoded crypto_metadata, or null for a plaintext chunk. */
    public ColumnCryptoMetaData cryptoMetaData() {
        return crypto == null ? null : crypto.cryptoMetaData();
    }

    /** encrypted_column_metadata as stored (a GCM module), or null. */
    public byte[] encryptedColumnMetaData() {
        return crypto == null ? null : crypto.encryptedColumnMetaData();
    }

    /** Set when the chunk is encrypted and its key is known; null otherwise. */
    public ChunkDecryptor decryptor() {
        return crypto == null ? null : crypto.decryptor();
    }

    /** Encrypted without its key: its pages, indexes and filter cannot be read. */
    public boolean sealed() {
        return crypto != null && crypto.decryptor() == null;
    }

    /** The same chunk with its decrypted metadata (or the plaintext one) and its decryptor. */
    public ColumnChunk decrypted(ColumnMetaData meta, ChunkDecryptor d) {
        Crypto c = crypto == null ? null : new Crypto(crypto.cryptoMetaData(), crypto.encryptedColumnMetaData(), d);
        return new ColumnChunk(filePath, fileOffset, meta, offsetIndexOffset, offsetIndexLength, columnIndexOffset,
                columnIndexLength, c);
    }

    public boolean hasOffsetIndex() {
        return offsetIndexOffset >= 0 && offsetIndexLength > 0;
    }

    public boolean hasColumnIndex() {
        return columnIndexOffset >= 0 && columnIndexLength > 0;
    }
}
