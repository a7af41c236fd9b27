package io.pqlab.internal.format;

import io.pqlab.internal.crypto.ChunkDecryptor;
import io.pqlab.internal.crypto.ColumnCryptoMetaData;

/**
 * parquet.thrift's ColumnChunk.
 *
 * @param filePath set only in summary files; never followed
 * @param metaData null when absent (an encrypted column) or when the decoder skipped this column
 * @param offsetIndexOffset -1 when absent
 * @param offsetIndexLength -1 when absent
 * @param columnIndexOffset -1 when absent
 * @param columnIndexLength -1 when absent
 * @param encrypted whether crypto_metadata is set: its pages and indexes are then encrypted
 * @param cryptoMetaData the decoded crypto_metadata, or null
 * @param encryptedColumnMetaData encrypted_column_metadata as stored (a GCM module), or null
 * @param decryptor set when the chunk is encrypted and its key is known (then {@code metaData} is
 *     the decrypted one); null otherwise
 */
public record ColumnChunk(
        String filePath,
        long fileOffset,
        ColumnMetaData metaData,
        long offsetIndexOffset,
        int offsetIndexLength,
        long columnIndexOffset,
        int columnIndexLength,
        boolean encrypted,
        ColumnCryptoMetaData cryptoMetaData,
        byte[] encryptedColumnMetaData,
        ChunkDecryptor decryptor) {

    /** A chunk of a plaintext column, or one whose crypto fields do not matter (tests). */
    public ColumnChunk(String filePath, long fileOffset, ColumnMetaData metaData, long offsetIndexOffset,
            int offsetIndexLength, long columnIndexOffset, int columnIndexLength, boolean encrypted) {
        this(filePath, fileOffset, metaData, offsetIndexOffset, offsetIndexLength, columnIndexOffset,
                columnIndexLength, encrypted, encrypted ? ColumnCryptoMetaData.FOOTER_KEY : null, null, null);
    }

    /** Encrypted without its key: its pages, indexes and filter cannot be read. */
    public boolean sealed() {
        return encrypted && decryptor == null;
    }

    /** The same chunk with its decrypted metadata (or the plaintext one) and its decryptor. */
    public ColumnChunk decrypted(ColumnMetaData meta, ChunkDecryptor d) {
        return new ColumnChunk(filePath, fileOffset, meta, offsetIndexOffset, offsetIndexLength, columnIndexOffset,
                columnIndexLength, encrypted, cryptoMetaData, encryptedColumnMetaData, d);
    }

    public boolean hasOffsetIndex() {
        return offsetIndexOffset >= 0 && offsetIndexLength > 0;
    }

    public boolean hasColumnIndex() {
        return columnIndexOffset >= 0 && columnIndexLength > 0;
    }
}
