package io.pqlab.internal.crypto;

import java.util.List;

/**
 * parquet.thrift's ColumnCryptoMetaData union: the column is encrypted with the footer key, or
 * with its own key.
 *
 * @param footerKey ENCRYPTION_WITH_FOOTER_KEY
 * @param pathInSchema for a column key, the column's path (null otherwise or when absent)
 * @param keyMetadata for a column key, its retrieval metadata (empty when absent)
 */
public record ColumnCryptoMetaData(boolean footerKey, List<String> pathInSchema, byte[] keyMetadata) {
    public static final ColumnCryptoMetaData FOOTER_KEY = new ColumnCryptoMetaData(true, null, new byte[0]);
}
