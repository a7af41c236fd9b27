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

    @Option(names = "--key-file", paramLabel = "FILE",
            description = "A file of keys: lines footer=KEY, column.COLUMN=KEY and aad-prefix=TEXT ('#' comments).")
    Path keyFile;

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
                    throw new Main.UserError("--key-file " + keyFile + " line " + n
                            + ": expected footer=KEY, column.COLUMN=KEY or aad-prefix=TEXT");
                }
                String name = l.substring(0, eq).strip();
                String value = l.substring(eq + 1).strip();
                String where = "--key-file " + keyFile + " line " + n;
                if (name.equals("footer")) {
                    d = d.withFooterKey(key(value, where));
                } else if (name.startsWith("column.") && name.length() > 7) {
                    d = d.withColumnKey(name.substring(7), key(value, where));
                } else if (name.equals("aad-prefix")) {
                    d = d.withAadPrefix(value.getBytes(StandardCharsets.UTF_8));
                } else {
                    throw new Main.UserError(where + ": unknown entry \"" + name
                            + "\" (footer, column.COLUMN or aad-prefix)");
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
