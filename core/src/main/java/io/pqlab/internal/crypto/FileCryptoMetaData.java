package io.pqlab.internal.crypto;

/**
 * parquet.thrift's FileCryptoMetaData, which precedes an encrypted footer.
 *
 * @param algorithm the file's encryption algorithm
 * @param keyMetadata the footer key's retrieval metadata (empty when absent)
 * @param length the structure's encoded length: the encrypted footer follows it
 */
public record FileCryptoMetaData(EncryptionAlgorithm algorithm, byte[] keyMetadata, int length) {}
