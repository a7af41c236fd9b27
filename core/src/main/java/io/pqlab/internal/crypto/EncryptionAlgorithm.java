package io.pqlab.internal.crypto;

/**
 * parquet.thrift's EncryptionAlgorithm union (AesGcmV1 or AesGcmCtrV1, same fields).
 *
 * @param ctr AES_GCM_CTR_V1 (pages in CTR), else AES_GCM_V1
 * @param aadPrefix the stored AAD prefix, or null
 * @param aadFileUnique the file-unique part of every AAD (empty when absent)
 * @param supplyAadPrefix whether readers must supply the prefix (the writer did not store it)
 */
public record EncryptionAlgorithm(boolean ctr, byte[] aadPrefix, byte[] aadFileUnique, boolean supplyAadPrefix) {
    public String name() {
        return ctr ? "AES_GCM_CTR_V1" : "AES_GCM_V1";
    }
}
