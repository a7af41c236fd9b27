package io.pqlab.internal.crypto;

import io.pqlab.DecryptionException;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Data keys from the key material of parquet-java's key tools (its {@code keytools} package:
 * {@code KeyMetadata}, {@code KeyMaterial}, {@code FileKeyUnwrapper}), unwrapped with master keys
 * the reader gives by ID, as a KMS would hold them.
 *
 * <p>A key's key_metadata is JSON: {@code keyMaterialType} "PKMT1" and {@code internalStorage};
 * stored internally it is the key material itself, else a {@code keyReference} into the file's
 * key-material file, {@code _KEY_MATERIAL_FOR_<file name>.json} next to it (an object of
 * key-material strings by reference). The material names the master key ({@code masterKeyID})
 * and holds the wrapped data key ({@code wrappedDEK}); with {@code doubleWrapping} the master key
 * wraps a key-encryption key ({@code wrappedKEK}, ID {@code keyEncryptionKeyID}) that wraps the
 * data key. A wrap is AES-GCM (nonce, ciphertext, tag; base64) with the master key ID as AAD for
 * a master-key wrap and the decoded KEK ID as AAD for a KEK wrap. A KMS-side wrap (InMemoryKMS)
 * is that base64 text; a local wrap ({@code LocalWrapKmsClient}) is a JSON object holding it as
 * {@code encryptedKey} with {@code masterKeyVersion} "NO_VERSION".
 *
 * <p>Thread-safe; caches unwrapped keys by their metadata (one file's chunks share a handful).
 * Holds keys, so it never prints them.
 */
public final class KeyMaterialUnwrapper {
    public static final String STORE_PREFIX = "_KEY_MATERIAL_FOR_";
    public static final String STORE_SUFFIX = ".json";
    /** A key-material file holds a few hundred bytes per key; more than this is not one. */
    static final long MAX_STORE_BYTES = 1 << 20;

    private final Map<String, byte[]> masterKeys;
    private final Path store;
    private volatile Map<String, Object> storeMap;
    private final Map<String, byte[]> keks = new ConcurrentHashMap<>();
    private final Map<String, byte[]> deks = new ConcurrentHashMap<>();

    /**
     * @param masterKeys master keys by ID (not copied: the caller's immutable copy)
     * @param store the key-material file for keys stored outside the file, or null
     */
    public KeyMaterialUnwrapper(Map<String, byte[]> masterKeys, Path store) {
        this.masterKeys = masterKeys;
        this.store = store;
    }

    /** The key-material file parquet-java writes for {@code parquetFile}, next to it. */
    public static Path storeFor(Path parquetFile) {
        Path name = parquetFile.getFileName();
        Path sibling = Path.of(STORE_PREFIX + (name == null ? "" : name.toString()) + STORE_SUFFIX);
        Path parent = parquetFile.toAbsolutePath().getParent();
        return parent == null ? sibling : parent.resolve(sibling);
    }

    /** Whether key metadata is parquet-java key-tools JSON (so not bytes for another retriever). */
    public static boolean isKeyMaterial(byte[] keyMetadata) {
        int i = 0;
        while (i < keyMetadata.length && (keyMetadata[i] == ' ' || keyMetadata[i] == '\n')) {
            i++;
        }
        if (i >= keyMetadata.length || keyMetadata[i] != '{') {
            return false;
        }
        try {
            return Json.object(utf8(keyMetadata, "")).containsKey("keyMaterialType");
        } catch (RuntimeException e) {
            return false;
        }
    }

    /**
     * The master key ID key metadata names when its material is stored internally, else null
     * (for messages: the option to pass).
     */
    public static String masterKeyId(byte[] keyMetadata) {
        try {
            Map<String, Object> m = Json.object(utf8(keyMetadata, ""));
            return Boolean.TRUE.equals(m.get("internalStorage")) && m.get("masterKeyID") instanceof String s ? s : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * The data key for key metadata; null for a column whose master key was not given (the column
     * is then sealed). The footer's missing master key, a missing or malformed key-material file,
     * and a wrap that fails its tag are each a DecryptionException (offset -1: the caller knows where).
     *
     * @param column the column's dotted path, or null for the footer key
     */
    public byte[] key(byte[] keyMetadata, String column) {
        String what = column == null ? "the footer key" : "the key of column " + column;
        String metaText = utf8(keyMetadata, what);
        byte[] cached = deks.get(cacheKey(metaText, column));
        if (cached != null) {
            return cached.clone();
        }
        Map<String, Object> meta = object(metaText, "the key metadata of " + what);
        checkType(meta, "the key metadata of " + what);
        Map<String, Object> material;
        if (bool(meta, "internalStorage", "the key metadata of " + what)) {
            material = meta;
        } else {
            String ref = string(meta, "keyReference", "the key metadata of " + what);
            Object entry = store(what).get(ref);
            if (!(entry instanceof String s)) {
                throw new DecryptionException("the key-material file " + store + " has no entry \"" + ref
                        + "\", which the key metadata of " + what + " names: it is not this file's key material", -1);
            }
            material = object(s, "the key material \"" + ref + "\" in " + store);
            checkType(material, "the key material \"" + ref + "\" in " + store);
        }
        String where = "the key material of " + what;
        boolean footer = bool(material, "isFooterKey", where);
        if (footer != (column == null)) {
            throw new DecryptionException(where + " says it is " + (footer ? "" : "not ") + "the footer key's: "
                    + "tampered or misplaced key material", -1);
        }
        String masterId = string(material, "masterKeyID", where);
        byte[] master = masterKeys.get(masterId);
        if (master == null) {
            if (column != null) {
                return null; // sealed: planned with what is visible, as with a column key not given
            }
            throw new DecryptionException("the footer key is wrapped by master key " + masterId
                    + ", which was not given: pass --master-key " + masterId + "=KEY", -1);
        }
        byte[] masterAad = masterId.getBytes(StandardCharsets.UTF_8);
        String wrappedDek = string(material, "wrappedDEK", where);
        byte[] dek;
        if (bool(material, "doubleWrapping", where)) {
            String kekId = string(material, "keyEncryptionKeyID", where);
            String wrappedKek = string(material, "wrappedKEK", where);
            byte[] kekAad = base64(kekId, "the key-encryption key ID of " + what);
            String kekWhat = "the key-encryption key of " + what + " (master key " + masterId + ")";
            byte[] kek = keks.computeIfAbsent(masterId + "\u0000" + kekId,
                    k -> unwrap(wrappedKek, master, masterAad, kekWhat));
            dek = Aes.gcmBare(kek, kekAad, base64(wrappedDek, "the wrapped " + what), what
                    + " (wrapped by its key-encryption key)");
        } else {
            dek = unwrap(wrappedDek, master, masterAad, what + " (master key " + masterId + ")");
        }
        if (dek.length != 16 && dek.length != 24 && dek.length != 32) {
            throw new DecryptionException(what + " unwraps to " + dek.length + " bytes; an AES key has 16, 24 or 32",
                    -1);
        }
        deks.put(cacheKey(metaText, column), dek);
        return dek.clone();
    }

    private static String cacheKey(String metaText, String column) {
        return (column == null ? "" : column) + "\u0000" + metaText;
    }

    /** A key wrapped by a master key: a KMS's base64 text, or a local wrap's JSON holding it. */
    private static byte[] unwrap(String wrapped, byte[] master, byte[] aad, String what) {
        String enc = wrapped;
        if (wrapped.startsWith("{")) {
            Map<String, Object> w = object(wrapped, "the local key wrap of " + what);
            Object version = w.get("masterKeyVersion");
            if (!"NO_VERSION".equals(version)) {
                throw new DecryptionException("the local key wrap of " + what + " has master key version " + version
                        + "; only NO_VERSION is defined", -1);
            }
            enc = string(w, "encryptedKey", "the local key wrap of " + what);
        }
        return Aes.gcmBare(master, aad, base64(enc, "the wrapped " + what), what);
    }

    private Map<String, Object> store(String what) {
        Map<String, Object> m = storeMap;
        if (m != null) {
            return m;
        }
        if (store == null) {
            throw new DecryptionException("the key material of " + what + " is stored outside the file, and the "
                    + "file has no local path to find it next to: pass --key-material FILE "
                    + "(Decryption.withKeyMaterial in Java)", -1);
        }
        byte[] bytes;
        try {
            long size = Files.size(store);
            if (size > MAX_STORE_BYTES) {
                throw new DecryptionException("the key-material file " + store + " has " + size + " bytes, more than "
                        + "the " + MAX_STORE_BYTES + " a key-material file may have", -1);
            }
            bytes = Files.readAllBytes(store);
        } catch (NoSuchFileException e) {
            throw new DecryptionException("the key material of " + what + " is stored outside the file, in " + store
                    + ", which does not exist: put it next to the file or pass --key-material FILE", -1);
        } catch (IOException e) {
            throw new DecryptionException("cannot read the key-material file " + store + ": " + e.getMessage(), -1);
        }
        m = object(utf8(bytes, "the key-material file " + store), "the key-material file " + store);
        storeMap = m;
        return m;
    }

    private static String utf8(byte[] b, String what) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(b)).toString();
        } catch (CharacterCodingException e) {
            throw new DecryptionException(what + " is not UTF-8 text", -1);
        }
    }

    private static Map<String, Object> object(String text, String what) {
        try {
            return Json.object(text);
        } catch (Json.BadJson e) {
            throw new DecryptionException(what + " is not the JSON object it should be: " + e.getMessage(), -1);
        }
    }

    private static void checkType(Map<String, Object> m, String what) {
        Object t = m.get("keyMaterialType");
        if (!"PKMT1".equals(t)) {
            throw new DecryptionException(what + " has key material type " + (t instanceof String s ? "\"" + s + "\""
                    : String.valueOf(t)) + "; pqlab reads PKMT1 (parquet-java's key tools)", -1);
        }
    }

    private static boolean bool(Map<String, Object> m, String field, String what) {
        if (!(m.get(field) instanceof Boolean b)) {
            throw new DecryptionException(what + " has no boolean \"" + field + "\"", -1);
        }
        return b;
    }

    private static String string(Map<String, Object> m, String field, String what) {
        if (!(m.get(field) instanceof String s)) {
            throw new DecryptionException(what + " has no string \"" + field + "\"", -1);
        }
        return s;
    }

    private static byte[] base64(String s, String what) {
        try {
            return Base64.getDecoder().decode(s);
        } catch (IllegalArgumentException e) {
            throw new DecryptionException(what + " is not base64", -1);
        }
    }

    @Override
    public String toString() {
        return "KeyMaterialUnwrapper[" + masterKeys.size() + " master keys" + (store != null ? ", " + store : "") + "]";
    }
}
