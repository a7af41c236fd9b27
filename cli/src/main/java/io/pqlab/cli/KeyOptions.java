package io.pqlab.cli;

import io.pqlab.Decryption;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The keys for encrypted files (Parquet Modular Encryption), taken by every command that reads a
 * file (through {@link SourceOptions}). A KEY is hex ({@code 000102...}) or {@code base64:...};
 * 16, 24 or 32 bytes. Keys are never echoed: a bad one is reported by its option and length.
 * Master keys unwrap the key material of files written with parquet-java's key tools; their
 * external key material is read from beside a local file, or from {@code --key-material}.
 */
final class KeyOptions {
    @Option(names = "--footer-key", paramLabel = "KEY",
            description = "The footer key of an encrypted file (hex or base64:...).")
    String footerKey;

    @Option(names = "--column-key", paramLabel = "COLUMN=KEY",
            description = "The key of an encrypted column, by dotted path (repeatable).")
    List<String> columnKeys = new ArrayList<>();

    @Option(names = "--aad-prefix", paramLabel = "TEXT",
            description = "The AAD prefix of a file written without storing it.")
    String aadPrefix;

    @Option(names = "--master-key", paramLabel = "ID=KEY",
            description = "A master key by the ID key material names it with, for files written with parquet-java's"
                    + " key tools (repeatable).")
    List<String> masterKeys = new ArrayList<>();

    @Option(names = "--key-material", paramLabel = "FILE",
            description = "The external key-material file (default: _KEY_MATERIAL_FOR_<name>.json next to the file).")
    Path keyMaterial;

    @Option(names = "--key-file", paramLabel = "FILE",
            description = "A file of keys: lines footer=KEY, column.COLUMN=KEY, master.ID=KEY, aad-prefix=TEXT and"
                    + " key-material=FILE ('#' comments).")
    Path keyFile;

    static final String ENTRIES = "footer=KEY, column.COLUMN=KEY, master.ID=KEY, aad-prefix=TEXT or key-material=FILE";

    /**
     * The keys for the file at {@code location}: for a local file, its external key material is
     * looked for next to it.
     */
    Decryption decryption(String location) throws IOException {
        Decryption d = decryption();
        String l = location.toLowerCase(java.util.Locale.ROOT);
        if (l.matches("^[a-z][a-z0-9+.-]*://.*")) {
            return d; // remote: only --key-material names external key material
        }
        return d.forFile(Path.of(location));
    }

    /** The keys given, or {@link Decryption#NONE}. */
    Decryption decryption() throws IOException {
        Decryption d = Decryption.NONE;
        if (keyFile != null) {
            int n = 0;
            for (String line : Files.readAllLines(keyFile, StandardCharsets.UTF_8)) {
                n++;
                String l = line.strip();
                if (l.isEmpty() || l.startsWith("#")) {
                    continue;
                }
                int eq = l.indexOf('=');
                if (eq <= 0) {
                    throw new Main.UserError("--key-file " + keyFile + " line " + n + ": expected " + ENTRIES);
                }
                String name = l.substring(0, eq).strip();
                String value = l.substring(eq + 1).strip();
                String where = "--key-file " + keyFile + " line " + n;
                if (name.equals("footer")) {
                    d = d.withFooterKey(key(value, where));
                } else if (name.startsWith("column.") && name.length() > 7) {
                    d = d.withColumnKey(name.substring(7), key(value, where));
                } else if (name.startsWith("master.") && name.length() > 7) {
                    d = d.withMasterKey(name.substring(7), key(value, where));
                } else if (name.equals("aad-prefix")) {
                    d = d.withAadPrefix(value.getBytes(StandardCharsets.UTF_8));
                } else if (name.equals("key-material") && !value.isEmpty()) {
                    // relative to the key file, as a path written in it would be read
                    Path km = Path.of(value);
                    Path dir = keyFile.toAbsolutePath().getParent();
                    d = d.withKeyMaterial(km.isAbsolute() || dir == null ? km : dir.resolve(km));
                } else {
                    throw new Main.UserError(where + ": unknown entry \"" + name
                            + "\" (footer, column.COLUMN, master.ID, aad-prefix or key-material)");
                }
            }
        }
        if (footerKey != null) {
            d = d.withFooterKey(key(footerKey, "--footer-key"));
        }
        for (String ck : columnKeys) {
            int eq = ck.lastIndexOf('=');
            if (eq <= 0) {
                throw new Main.UserError("--column-key takes COLUMN=KEY");
            }
            d = d.withColumnKey(ck.substring(0, eq), key(ck.substring(eq + 1), "--column-key " + ck.substring(0, eq)));
        }
        for (String mk : masterKeys) {
            int eq = mk.lastIndexOf('=');
            if (eq <= 0) {
                throw new Main.UserError("--master-key takes ID=KEY");
            }
            d = d.withMasterKey(mk.substring(0, eq), key(mk.substring(eq + 1), "--master-key " + mk.substring(0, eq)));
        }
        if (keyMaterial != null) {
            d = d.withKeyMaterial(keyMaterial);
        }
        if (aadPrefix != null) {
            d = d.withAadPrefix(aadPrefix.getBytes(StandardCharsets.UTF_8));
        }
        return d;
    }

    /** A key from hex or base64:..., checked for its length; the message never holds the key. */
    static byte[] key(String text, String where) {
        byte[] k;
        try {
            k = text.startsWith("base64:") ? Base64.getDecoder().decode(text.substring(7))
                    : HexFormat.of().parseHex(text);
        } catch (IllegalArgumentException e) {
            throw new Main.UserError(where + ": a key is hex digits or base64:..., and this one is neither");
        }
        if (k.length != 16 && k.length != 24 && k.length != 32) {
            throw new Main.UserError(where + ": a key of " + k.length
                    + " bytes; AES keys have 16, 24 or 32");
        }
        return k;
    }
}
