package io.pqlab.internal.crypto;

import io.pqlab.Decryption;
import io.pqlab.MalformedFileException;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.FileMetaData;
import io.pqlab.internal.format.Footer;
import io.pqlab.internal.format.MetadataDecoder;
import io.pqlab.internal.format.RowGroup;
import io.pqlab.schema.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The footer of an encrypted file, in either mode: an encrypted footer (PARE: FileCryptoMetaData,
 * then the FileMetaData as a GCM module) or a plaintext one (PAR1: a FileMetaData with
 * encryption_algorithm, then its 28-byte signature). Both end in {@link #bind}: each encrypted
 * column chunk whose key is known gets its ColumnMetaData decrypted and a {@link ChunkDecryptor}.
 */
public final class FooterDecryption {
    static final int SIGNATURE = Aes.NONCE + Aes.TAG;

    private FooterDecryption() {}

    /**
     * The footer from {@code buf[off, off + len)}, the bytes that the PARE trailer's length names,
     * which start at {@code metadataOffset} in the file.
     */
    public static Footer encrypted(byte[] buf, int off, int len, long metadataOffset, long fileSize,
            MetadataDecoder.Options options, Decryption keys) {
        FileCryptoMetaData fcmd = CryptoDecoder.fileCryptoMetaData(buf, off, len, metadataOffset - off);
        FileDecryptor fd = FileDecryptor.create(fcmd.algorithm(), fcmd.keyMetadata(), true, keys, metadataOffset);
        long moduleAt = metadataOffset + fcmd.length();
        byte[] plain = fd.decryptFooter(buf, off + fcmd.length(), len - fcmd.length(), moduleAt);
        FileMetaData md = MetadataDecoder.decode(plain, 0, plain.length, moduleAt, options);
        return new Footer(bind(md, fd, metadataOffset), fileSize, metadataOffset, len, fd);
    }

    /**
     * The footer of a PAR1 file whose FileMetaData (decoded as {@code md} from {@code buf[off, off +
     * len)}) has encryption_algorithm: its signature is verified when the footer key is known.
     */
    public static Footer plaintext(FileMetaData md, byte[] buf, int off, int len, long metadataOffset, long fileSize,
            Decryption keys) {
        CryptoDecoder.PlaintextFooterFields f = CryptoDecoder.plaintextFooterFields(buf, off, len, metadataOffset - off);
        if (f == null) {
            throw new MalformedFileException("the footer's encryption_algorithm is not a readable EncryptionAlgorithm",
                    metadataOffset);
        }
        if (len - f.length() != SIGNATURE) {
            throw new MalformedFileException("the plaintext footer of an encrypted file is followed by "
                    + (len - f.length()) + " bytes, not its 28-byte signature", metadataOffset + f.length());
        }
        FileDecryptor fd = FileDecryptor.create(f.algorithm(), f.keyMetadata(), false, keys, metadataOffset);
        byte[] signature = Arrays.copyOfRange(buf, off + f.length(), off + len);
        fd.verifySignature(buf, off, f.length(), signature, metadataOffset + f.length());
        return new Footer(bind(md, fd, metadataOffset), fileSize, metadataOffset, len, fd);
    }

    /**
     * The metadata with each encrypted chunk whose key is known decrypted: its
     * encrypted_column_metadata (when present) replaces meta_data, and it gets its decryptor.
     * Chunks without their key are left as they are (sealed).
     */
    static FileMetaData bind(FileMetaData md, FileDecryptor fd, long at) {
        Schema schema = Schema.of(md.schema(), at);
        List<RowGroup> groups = new ArrayList<>(md.rowGroups().size());
        for (int g = 0; g < md.rowGroups().size(); g++) {
            RowGroup rg = md.rowGroups().get(g);
            // The ordinal field is authenticated with the footer; without it, the position.
            int ordinal = rg.ordinal() >= 0 ? rg.ordinal() : g;
            ColumnChunk[] chunks = rg.columns().toArray(new ColumnChunk[0]);
            for (int c = 0; c < chunks.length; c++) {
                ColumnChunk cc = chunks[c];
                if (cc == null || !cc.encrypted() || c >= schema.columnCount()) {
                    continue; // not projected, plaintext, or a mismatch ParquetFile reports
                }
                String path = schema.column(c).dottedPath();
                ChunkDecryptor d = fd.chunk(cc.cryptoMetaData(), ordinal, c, path, at);
                if (d == null) {
                    continue;
                }
                ColumnMetaData meta = cc.metaData();
                byte[] enc = cc.encryptedColumnMetaData();
                if (enc != null) {
                    byte[] plain = d.decrypt(ModuleType.COLUMN_META_DATA, -1, enc, 0, enc.length, at);
                    meta = MetadataDecoder.decodeColumnMetaData(plain, at, c);
                }
                chunks[c] = cc.decrypted(meta, d);
            }
            groups.add(new RowGroup(Collections.unmodifiableList(Arrays.asList(chunks)), rg.totalByteSize(),
                    rg.numRows(), rg.sortingColumns(), rg.fileOffset(), rg.totalCompressedSize(), rg.ordinal()));
        }
        return new FileMetaData(md.version(), md.schema(), md.numRows(), Collections.unmodifiableList(groups),
                md.keyValueMetadata(), md.createdBy(), md.columnOrders(), md.encryptionAlgorithm());
    }
}
