package io.pqlab.internal.crypto;

import io.pqlab.DecryptionException;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The two ciphers of Parquet Modular Encryption, from the JDK: AES-GCM modules (4-byte LE length,
 * 12-byte nonce, ciphertext, 16-byte tag) and AES-CTR pages (length, nonce, ciphertext; the IV is
 * the nonce and a 4-byte counter starting at 1).
 */
final class Aes {
    static final int LENGTH = 4;
    static final int NONCE = 12;
    static final int TAG = 16;
    static final int GCM_OVERHEAD = NONCE + TAG;
    static final int CTR_OVERHEAD = NONCE;

    // Cipher.getInstance costs more than decrypting a small header: one per thread, re-initialised per module.
    private static final ThreadLocal<Cipher> GCM = ThreadLocal.withInitial(() -> cipher("AES/GCM/NoPadding"));
    private static final ThreadLocal<Cipher> CTR = ThreadLocal.withInitial(() -> cipher("AES/CTR/NoPadding"));

    private Aes() {}

    private static Cipher cipher(String name) {
        try {
            return Cipher.getInstance(name);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK lacks " + name, e);
        }
    }

    /**
     * The module's stored length (length field included) at {@code buf[off]}, checked against the
     * {@code avail} bytes that may hold it before anything is allocated.
     */
    static int storedLength(byte[] buf, int off, int avail, boolean ctr, String what, long fileOffset) {
        if (avail < LENGTH) {
            throw new DecryptionException(what + " is cut short: " + avail + " bytes, fewer than its 4-byte length",
                    fileOffset);
        }
        long len = (buf[off] & 0xFF) | (buf[off + 1] & 0xFF) << 8 | (buf[off + 2] & 0xFF) << 16
                | (long) (buf[off + 3] & 0xFF) << 24;
        int overhead = ctr ? CTR_OVERHEAD : GCM_OVERHEAD;
        if (len < overhead) {
            throw new DecryptionException(what + " has a module length of " + len + ", less than the " + overhead
                    + " bytes of its nonce" + (ctr ? "" : " and tag") + ": wrong key or tampered file", fileOffset);
        }
        if (len > avail - LENGTH) {
            throw new DecryptionException(what + " is cut short: its module length is " + len + " bytes but "
                    + (avail - LENGTH) + " remain", fileOffset);
        }
        return (int) len + LENGTH;
    }

    /** Decrypts a GCM module of {@code stored} bytes (length field included) at buf[off]. */
    static byte[] gcm(byte[] key, byte[] aad, byte[] buf, int off, int stored, String what, long fileOffset) {
        return gcmAt(key, aad, buf, off + LENGTH, stored - LENGTH, what, fileOffset);
    }

    /**
     * Decrypts a GCM value without a length field (nonce, ciphertext, tag), as key tools wrap keys;
     * {@code what} names it in the message of a tag mismatch.
     */
    static byte[] gcmBare(byte[] key, byte[] aad, byte[] value, String what) {
        if (value.length < GCM_OVERHEAD) {
            throw new DecryptionException(what + " is " + value.length + " bytes, fewer than the " + GCM_OVERHEAD
                    + " of its nonce and tag", -1);
        }
        return gcmAt(key, aad, value, 0, value.length, what, -1);
    }

    private static byte[] gcmAt(byte[] key, byte[] aad, byte[] buf, int nonceAt, int len, String what,
            long fileOffset) {
        Cipher c = GCM.get();
        try {
            c.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(TAG * 8, buf, nonceAt, NONCE));
            c.updateAAD(aad);
            return c.doFinal(buf, nonceAt + NONCE, len - NONCE);
        } catch (AEADBadTagException e) {
            throw new DecryptionException("GCM tag mismatch decrypting " + what + ": wrong key or tampered file",
                    fileOffset);
        } catch (GeneralSecurityException e) {
            throw new DecryptionException("cannot decrypt " + what + ": " + e.getClass().getSimpleName(), fileOffset);
        }
    }

    /** Decrypts a CTR page module of {@code stored} bytes (length field included) at buf[off]. */
    static byte[] ctr(byte[] key, byte[] buf, int off, int stored, String what, long fileOffset) {
        byte[] iv = new byte[16];
        System.arraycopy(buf, off + LENGTH, iv, 0, NONCE);
        iv[15] = 1;
        Cipher c = CTR.get();
        try {
            c.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(iv));
            return c.doFinal(buf, off + LENGTH + NONCE, stored - LENGTH - NONCE);
        } catch (GeneralSecurityException e) {
            throw new DecryptionException("cannot decrypt " + what + ": " + e.getClass().getSimpleName(), fileOffset);
        }
    }

    /**
     * Whether {@code signature} (nonce, tag) is the GCM tag of the plaintext footer under the
     * footer key: the footer is encrypted with the signature's nonce and the tags compared.
     */
    static boolean signed(byte[] key, byte[] aad, byte[] buf, int off, int len, byte[] signature) {
        try {
            // a fresh cipher: the JDK refuses to encrypt twice with one key and nonce on one instance
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(TAG * 8, signature, 0, NONCE));
            c.updateAAD(aad);
            byte[] out = c.doFinal(buf, off, len);
            byte[] tag = new byte[TAG];
            System.arraycopy(out, out.length - TAG, tag, 0, TAG);
            byte[] stored = new byte[TAG];
            System.arraycopy(signature, NONCE, stored, 0, TAG);
            return MessageDigest.isEqual(tag, stored);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }
}
