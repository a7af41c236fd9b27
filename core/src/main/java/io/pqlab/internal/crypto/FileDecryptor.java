package io.pqlab.internal.crypto;

import io.pqlab.Decryption;
import io.pqlab.DecryptionException;
import java.util.Arrays;

/**
 * One encrypted file's decryption state: its algorithm, the AAD every module starts with (the AAD
 * prefix, stored or supplied, then aad_file_unique), the footer key when known, and the keys to
 * ask for column keys. Hands out a {@link ChunkDecryptor} per encrypted column chunk whose key is
 * known.
 *
 * <p>Immutable after the footer is read; holds keys, so it never prints them.
 */
public final class FileDecryptor {
    private final EncryptionAlgorithm algorithm;
    private final boolean encryptedFooter;
    private final byte[] fileAad;
    private final byte[] footerKey;
    private final Decryption keys;
    private final boolean aadPrefixSupplied;
    /** When the footer key is not known: the option that gives it (its key metadata says which). */
    private String footerKeyOption = "--footer-key KEY (or --key-file; Decryption.withFooterKey in Java)";
    private Boolean signatureVerified;

    private FileDecryptor(EncryptionAlgorithm algorithm, boolean encryptedFooter, byte[] fileAad, byte[] footerKey,
            Decryption keys, boolean aadPrefixSupplied) {
        this.algorithm = algorithm;
        this.encryptedFooter = encryptedFooter;
        this.fileAad = fileAad;
        this.footerKey = footerKey;
        this.keys = keys;
        this.aadPrefixSupplied = aadPrefixSupplied;
    }

    /**
     * @param footerKeyMetadata FileCryptoMetaData.key_metadata, or footer_signing_key_metadata
     * @param at where to point errors (the footer)
     */
    public static FileDecryptor create(EncryptionAlgorithm algorithm, byte[] footerKeyMetadata,
            boolean encryptedFooter, Decryption keys, long at) {
        byte[] stored = algorithm.aadPrefix();
        byte[] supplied = keys.aadPrefix();
        if (supplied != null && stored != null && !Arrays.equals(stored, supplied)) {
            throw new DecryptionException("the AAD prefix given (--aad-prefix) differs from the one the file stores: "
                    + "this is not the file it was meant for", at);
        }
        if (algorithm.supplyAadPrefix() && supplied == null) {
            // Not an error yet: plaintext columns of a plaintext footer are read without it. The
            // first module to decrypt says what is missing.
            return new FileDecryptor(algorithm, encryptedFooter, null, located(() -> keys.footerKey(footerKeyMetadata),
                    at), keys, false).hint(footerKeyMetadata);
        }
        byte[] prefix = supplied != null ? supplied : stored != null ? stored : new byte[0];
        byte[] unique = algorithm.aadFileUnique();
        byte[] fileAad = new byte[prefix.length + unique.length];
        System.arraycopy(prefix, 0, fileAad, 0, prefix.length);
        System.arraycopy(unique, 0, fileAad, prefix.length, unique.length);
        byte[] footerKey = located(() -> keys.footerKey(footerKeyMetadata), at);
        if (footerKey != null) {
            checkKey(footerKey, "the footer key", at);
        }
        return new FileDecryptor(algorithm, encryptedFooter, fileAad, footerKey, keys, supplied != null)
                .hint(footerKeyMetadata);
    }

    /** Names --master-key for a footer key that parquet-java's key tools wrapped. */
    private FileDecryptor hint(byte[] footerKeyMetadata) {
        if (footerKeyMetadata != null && KeyMaterialUnwrapper.isKeyMaterial(footerKeyMetadata)) {
            String id = KeyMaterialUnwrapper.masterKeyId(footerKeyMetadata);
            footerKeyOption = "--master-key " + (id != null ? id : "ID") + "=KEY for the master key that wraps it"
                    + (id != null ? "" : " (its key material names it)") + ", or --footer-key KEY";
        }
        return this;
    }

    /** A key from the keys; their errors without an offset (key material) get {@code at}, the footer's. */
    private static byte[] located(java.util.function.Supplier<byte[]> key, long at) {
        try {
            return key.get();
        } catch (DecryptionException e) {
            if (e.offset() >= 0) {
                throw e;
            }
            throw new DecryptionException(e.getMessage(), at);
        }
    }

    private static void checkKey(byte[] key, String what, long at) {
        if (key.length != 16 && key.length != 24 && key.length != 32) {
            throw new DecryptionException(what + " has " + key.length + " bytes; an AES key has 16, 24 or 32", at);
        }
    }

    public EncryptionAlgorithm algorithm() {
        return algorithm;
    }

    /** PARE (encrypted footer), else a plaintext footer with a signature. */
    public boolean encryptedFooter() {
        return encryptedFooter;
    }

    public boolean hasFooterKey() {
        return footerKey != null;
    }

    /** Whether a plaintext footer's signature was checked (true) — null when it could not be (no footer key). */
    public Boolean signatureVerified() {
        return signatureVerified;
    }

    /** Whether the AAD prefix was supplied by the reader (else stored, or none). */
    public boolean aadPrefixSupplied() {
        return aadPrefixSupplied;
    }

    /** A line for people: the mode, the algorithm, what was verified. Never a key. */
    public String describe() {
        String s = (encryptedFooter ? "encrypted footer" : "plaintext footer") + ", " + algorithm.name();
        if (algorithm.ctr()) {
            s += " (pages in AES-CTR: not authenticated)";
        }
        if (!encryptedFooter) {
            s += signatureVerified == null ? ", signature not verified (no footer key)" : ", signature verified";
        }
        return s;
    }

    /** The AAD of a module: file AAD, module type, then LE16 row group, column and page ordinals. */
    byte[] aad(ModuleType type, int rowGroup, int column, int page, long at) {
        if (fileAad == null) {
            throw new DecryptionException("the file was encrypted with an AAD prefix it does not store: pass it with "
                    + "--aad-prefix TEXT (Decryption.withAadPrefix in Java)", at);
        }
        if (type == ModuleType.FOOTER) {
            byte[] a = Arrays.copyOf(fileAad, fileAad.length + 1);
            a[fileAad.length] = type.code;
            return a;
        }
        boolean paged = type.hasPageOrdinal();
        byte[] a = Arrays.copyOf(fileAad, fileAad.length + (paged ? 7 : 5));
        int i = fileAad.length;
        a[i++] = type.code;
        i = short16(a, i, rowGroup, "row group", at);
        i = short16(a, i, column, "column", at);
        if (paged) {
            short16(a, i, page, "page", at);
        }
        return a;
    }

    private static int short16(byte[] a, int i, int v, String what, long at) {
        if (v < 0 || v > Short.MAX_VALUE) {
            // the format's AAD ordinals are 16-bit: an ordinal beyond them names no module
            throw new DecryptionException("a " + what + " ordinal of " + v + ", beyond the 16-bit ordinals of "
                    + "encrypted modules", at);
        }
        a[i] = (byte) v;
        a[i + 1] = (byte) (v >>> 8);
        return i + 2;
    }

    /** The encrypted footer module at buf[off] (at most {@code avail} bytes), decrypted. */
    public byte[] decryptFooter(byte[] buf, int off, int avail, long fileOffset) {
        if (footerKey == null) {
            throw new DecryptionException("the file's footer is encrypted (PARE) and no footer key was given: pass "
                    + footerKeyOption, fileOffset);
        }
        String what = "the encrypted footer";
        int stored = Aes.storedLength(buf, off, avail, false, what, fileOffset);
        if (stored != avail) {
            throw new DecryptionException(what + " module takes " + stored + " bytes but the footer length leaves "
                    + avail + " for it: tampered file", fileOffset);
        }
        return Aes.gcm(footerKey, aad(ModuleType.FOOTER, 0, 0, 0, fileOffset), buf, off, stored,
                what + " (footer key)", fileOffset);
    }

    /**
     * Checks a plaintext footer's 28-byte signature (nonce, tag) with the footer key, when it is
     * known; a forged or altered footer, or a wrong footer key, is refused.
     */
    public void verifySignature(byte[] buf, int off, int len, byte[] signature, long fileOffset) {
        if (footerKey == null) {
            return; // nothing to verify with: plaintext columns are read as from any file
        }
        if (!Aes.signed(footerKey, aad(ModuleType.FOOTER, 0, 0, 0, fileOffset), buf, off, len, signature)) {
            throw new DecryptionException("the plaintext footer's signature does not match it: wrong footer key or a "
                    + "forged or tampered footer", fileOffset);
        }
        signatureVerified = true;
    }

    /**
     * The decryptor for one column chunk, or null when its key is not known (no footer key for a
     * footer-key column, no column key for a column-key one).
     */
    public ChunkDecryptor chunk(ColumnCryptoMetaData crypto, int rowGroup, int column, String path, long at) {
        byte[] key;
        if (crypto.footerKey()) {
            key = footerKey;
        } else {
            key = located(() -> keys.columnKey(path, crypto.keyMetadata()), at);
            if (key != null) {
                checkKey(key, "the key of column " + path, at);
            }
        }
        return key == null ? null : new ChunkDecryptor(this, key, rowGroup, column, path);
    }

    /** Why a chunk has no decryptor: the option that would give it one. */
    public static String missingKey(ColumnCryptoMetaData crypto, String path) {
        if (crypto.footerKey()) {
            return "it is encrypted with the footer key, which was not given (--footer-key)";
        }
        byte[] md = crypto.keyMetadata();
        if (md != null && KeyMaterialUnwrapper.isKeyMaterial(md)) {
            // parquet-java's key tools: the key is wrapped by a master key, named in the material
            String id = KeyMaterialUnwrapper.masterKeyId(md);
            return "it is encrypted with its own key, wrapped by " + (id != null ? "master key " + id
                    : "a master key its key material names") + ", which was not given (--master-key "
                    + (id != null ? id : "ID") + "=KEY, or --column-key " + path + "=KEY)";
        }
        return "it is encrypted with its own key, which was not given (--column-key " + path + "=KEY)";
    }

    @Override
    public String toString() {
        return "FileDecryptor[" + describe() + "]";
    }
}
