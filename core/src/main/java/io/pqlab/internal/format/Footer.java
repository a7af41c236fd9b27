package io.pqlab.internal.format;

import io.pqlab.internal.crypto.FileDecryptor;

/**
 * A decoded footer and where it lies.
 *
 * @param metadata the decoded FileMetaData
 * @param fileSize the file's size
 * @param metadataOffset where the Thrift FileMetaData starts
 * @param metadataLength its length, from the footer's length field
 * @param decryptor the file's decryption state when it is encrypted (either footer mode), else null
 */
public record Footer(FileMetaData metadata, long fileSize, long metadataOffset, int metadataLength,
        FileDecryptor decryptor) {

    /** The footer of a file without encryption. */
    public Footer(FileMetaData metadata, long fileSize, long metadataOffset, int metadataLength) {
        this(metadata, fileSize, metadataOffset, metadataLength, null);
    }
}
