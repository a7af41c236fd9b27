package io.pqlab.internal.crypto;

import static io.pqlab.internal.thrift.CompactReader.BINARY;
import static io.pqlab.internal.thrift.CompactReader.BOOL_FALSE;
import static io.pqlab.internal.thrift.CompactReader.BOOL_TRUE;
import static io.pqlab.internal.thrift.CompactReader.LIST;
import static io.pqlab.internal.thrift.CompactReader.STOP;
import static io.pqlab.internal.thrift.CompactReader.STRUCT;

import io.pqlab.MalformedFileException;
import io.pqlab.internal.thrift.CompactReader;
import java.util.List;

/**
 * Decodes the encryption structures of parquet.thrift, in MetadataDecoder's manner: one switch per
 * structure, unknown fields and fields of an unexpected wire type skipped. A union with no known
 * member is malformed here: without an algorithm nothing can be decrypted.
 */
public final class CryptoDecoder {
    private static final byte[] EMPTY = new byte[0];

    private CryptoDecoder() {}

    /** FileCryptoMetaData from {@code buf[offset, offset + length)}; decoding stops at its stop byte. */
    public static FileCryptoMetaData fileCryptoMetaData(byte[] buf, int offset, int length, long fileOffset) {
        CompactReader r = new CompactReader(buf, offset, length, fileOffset);
        AlgorithmAndKey a = algorithmAndKey(r, 1, 2);
        if (a.algorithm() == null) {
            throw new MalformedFileException("the FileCryptoMetaData before the encrypted footer has no known "
                    + "encryption_algorithm", fileOffset + offset);
        }
        return new FileCryptoMetaData(a.algorithm(), a.keyMetadata(), r.position() - offset);
    }

    /**
     * FileMetaData's fields 8 (encryption_algorithm) and 9 (footer_signing_key_metadata), from a
     * plaintext footer; every other field is skipped. Returns null when field 8 is absent.
     *
     * @return the algorithm and key metadata, and where the FileMetaData ends
     */
    public static PlaintextFooterFields plaintextFooterFields(byte[] buf, int offset, int length, long fileOffset) {
        CompactReader r = new CompactReader(buf, offset, length, fileOffset);
        AlgorithmAndKey a = algorithmAndKey(r, 8, 9);
        return a.algorithm() == null ? null
                : new PlaintextFooterFields(a.algorithm(), a.keyMetadata(), r.position() - offset);
    }

    /** An algorithm (null where absent) and its key metadata (empty where absent). */
    private record AlgorithmAndKey(EncryptionAlgorithm algorithm, byte[] keyMetadata) {}

    /**
     * A struct's encryption algorithm and key metadata, the fields it has them in given (the same
     * pair in FileCryptoMetaData and in a plaintext footer's FileMetaData); every other field skipped.
     */
    private static AlgorithmAndKey algorithmAndKey(CompactReader r, int algorithmField, int keyField) {
        EncryptionAlgorithm algorithm = null;
        byte[] keyMetadata = EMPTY;
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            int id = r.fieldId();
            if (id == algorithmField && t == STRUCT) {
                algorithm = encryptionAlgorithm(r);
            } else if (id == keyField) {
                keyMetadata = r.binary(t, keyMetadata);
            } else {
                r.skip(t);
            }
        }
        r.structEnd();
        return new AlgorithmAndKey(algorithm, keyMetadata);
    }

    /** @param length the FileMetaData's encoded length (the signature follows it) */
    public record PlaintextFooterFields(EncryptionAlgorithm algorithm, byte[] keyMetadata, int length) {}

    /** The EncryptionAlgorithm union, whose field header has been read. */
    static EncryptionAlgorithm encryptionAlgorithm(CompactReader r) {
        long at = r.fileOffset();
        EncryptionAlgorithm result = null;
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            int id = r.fieldId();
            if (t == STRUCT && (id == 1 || id == 2)) {
                result = aes(r, id == 2);
            } else {
                r.skip(t);
            }
        }
        r.structEnd();
        if (result == null) {
            throw new MalformedFileException("an EncryptionAlgorithm that is neither AES_GCM_V1 nor AES_GCM_CTR_V1", at);
        }
        return result;
    }

    private static EncryptionAlgorithm aes(CompactReader r, boolean ctr) {
        byte[] prefix = null;
        byte[] unique = EMPTY;
        boolean supply = false;
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            switch (r.fieldId()) {
                case 1 -> prefix = r.binary(t, prefix);
                case 2 -> unique = r.binary(t, unique);
                case 3 -> {
                    if (t == BOOL_TRUE || t == BOOL_FALSE) supply = r.fieldBool(); else r.skip(t);
                }
                default -> r.skip(t);
            }
        }
        r.structEnd();
        return new EncryptionAlgorithm(ctr, prefix, unique, supply);
    }

    /**
     * ColumnChunk.crypto_metadata (the ColumnCryptoMetaData union), whose field header has been
     * read. A union with no known member reads as encryption with the footer key, the one that
     * needs nothing more; if that is wrong, decryption fails on its tag.
     */
    public static ColumnCryptoMetaData columnCryptoMetaData(CompactReader r) {
        ColumnCryptoMetaData result = ColumnCryptoMetaData.FOOTER_KEY;
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            if (t == STRUCT && r.fieldId() == 2) {
                result = columnKey(r);
            } else {
                r.skip(t);
            }
        }
        r.structEnd();
        return result;
    }

    private static ColumnCryptoMetaData columnKey(CompactReader r) {
        List<String> path = null;
        byte[] keyMetadata = EMPTY;
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            switch (r.fieldId()) {
                case 1 -> {
                    if (t == LIST) path = strings(r); else r.skip(t);
                }
                case 2 -> keyMetadata = r.binary(t, keyMetadata);
                default -> r.skip(t);
            }
        }
        r.structEnd();
        return new ColumnCryptoMetaData(false, path, keyMetadata);
    }

    private static List<String> strings(CompactReader r) {
        int n = r.readListHeader();
        int et = r.elementType();
        if (et != BINARY) {
            for (int i = 0; i < n; i++) {
                r.skip(et);
            }
            return null;
        }
        String[] parts = new String[n];
        for (int i = 0; i < n; i++) {
            parts[i] = r.readString();
        }
        return List.of(parts);
    }
}
