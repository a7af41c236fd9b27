package io.pqlab.internal.crypto;

import io.pqlab.DecryptionException;

/**
 * Decrypts the modules of one encrypted column chunk with its key: the ColumnMetaData, page
 * headers and pages (data and dictionary), ColumnIndex, OffsetIndex and the Bloom filter's header
 * and bitset. Every error names the module, the column and the row group.
 *
 * <p>Stateless besides its key; safe to share between threads.
 */
public final class ChunkDecryptor {
    private final FileDecryptor file;
    private final byte[] key;
    private final int rowGroup;
    private final int column;
    private final String path;

    ChunkDecryptor(FileDecryptor file, byte[] key, int rowGroup, int column, String path) {
        this.file = file;
        this.key = key;
        this.rowGroup = rowGroup;
        this.column = column;
        this.path = path;
    }

    public String column() {
        return path;
    }

    /** "the ColumnIndex of column x in row group 2", the form every error takes. */
    public String what(ModuleType type, int page) {
        return "the " + type + (type.hasPageOrdinal() && page >= 0 ? " " + page : "") + " of column " + path
                + " in row group " + rowGroup;
    }

    private boolean ctr(ModuleType type) {
        return type.isPage() && file.algorithm().ctr();
    }

    /** The stored length (length field included) of the module at buf[off], within {@code avail} bytes. */
    public int storedLength(ModuleType type, int page, byte[] buf, int off, int avail, long fileOffset) {
        return Aes.storedLength(buf, off, avail, ctr(type), what(type, page), fileOffset);
    }

    /**
     * Decrypts the module that fills buf[off, off + stored) exactly (length field included);
     * {@code page} is the data page ordinal for data pages and their headers, else ignored.
     */
    public byte[] decrypt(ModuleType type, int page, byte[] buf, int off, int stored, long fileOffset) {
        String what = what(type, page);
        int declared = Aes.storedLength(buf, off, stored, ctr(type), what, fileOffset);
        if (declared != stored) {
            throw new DecryptionException(what + " takes " + stored + " bytes but its module length says "
                    + declared + ": tampered file", fileOffset);
        }
        if (ctr(type)) {
            return Aes.ctr(key, buf, off, stored, what, fileOffset);
        }
        return Aes.gcm(key, file.aad(type, rowGroup, column, page, fileOffset), buf, off, stored, what, fileOffset);
    }

    /** A decrypted page header: its plaintext Thrift bytes, its stored length, its kind. */
    public record Header(byte[] plain, int storedLength, boolean dictionary) {}

    /**
     * Decrypts the page header at buf[off] (within {@code avail} bytes). Its kind is in its AAD,
     * not in the file: {@code firstPage} tries a dictionary page header, then data page 0;
     * otherwise a data page header with ordinal {@code dataOrdinal}.
     */
    public Header pageHeader(byte[] buf, int off, int avail, long fileOffset, int dataOrdinal, boolean firstPage) {
        ModuleType data = ModuleType.DATA_PAGE_HEADER;
        int stored = storedLength(data, dataOrdinal, buf, off, avail, fileOffset);
        if (firstPage) {
            try {
                return new Header(decrypt(ModuleType.DICTIONARY_PAGE_HEADER, -1, buf, off, stored, fileOffset), stored,
                        true);
            } catch (DecryptionException notDictionary) {
                try {
                    return new Header(decrypt(data, 0, buf, off, stored, fileOffset), stored, false);
                } catch (DecryptionException neither) {
                    throw new DecryptionException("GCM tag mismatch decrypting the first page header (dictionary page "
                            + "or data page 0) of column " + path + " in row group " + rowGroup
                            + ": wrong key or tampered file", fileOffset);
                }
            }
        }
        return new Header(decrypt(data, dataOrdinal, buf, off, stored, fileOffset), stored, false);
    }

    @Override
    public String toString() {
        return "ChunkDecryptor[column " + path + ", row group " + rowGroup + "]";
    }
}
