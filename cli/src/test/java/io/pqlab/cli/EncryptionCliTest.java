package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The key options on parquet-testing's encrypted files (keys: that folder's README.md). */
class EncryptionCliTest {
    static final Path ENC = Cli.DATA.resolve("encrypt_columns_and_footer.parquet.encrypted");
    static final Path PLAIN_FOOTER = Cli.DATA.resolve("encrypt_columns_plaintext_footer.parquet.encrypted");
    // "0123456789012345", "1234567890123450", "1234567890123451" in hex
    static final String FOOTER = "30313233343536373839303132333435";
    static final String DOUBLE = "31323334353637383930313233343530";
    static final String FLOAT = "31323334353637383930313233343531";

    @Test
    void everyCommandReadsWithTheKeys(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        String[] keys = {"--footer-key", FOOTER, "--column-key", "double_field=" + DOUBLE, "--column-key",
            "float_field=" + FLOAT};
        for (String command : new String[] {"footer", "schema", "pages", "page-index", "bloom", "statistics", "map"}) {
            boolean column = !command.equals("footer") && !command.equals("schema") && !command.equals("map");
            // map writes its page: into the temporary folder, not the module's working directory
            String[] args = command.equals("map") ? concat(keys, "-o", dir.resolve("map.html").toString())
                    : !column ? keys : command.equals("bloom") ? concat(keys, "double_field", "1.5")
                    : concat(keys, "double_field");
            Cli.Result r = Cli.run(ENC, command, args);
            assertThat(r.exit()).as(command + ": " + r.err()).isZero();
            assertThat(r.out() + r.err()).doesNotContain(FOOTER).doesNotContain(DOUBLE);
        }
        Cli.Result scan = Cli.run(ENC, "scan", concat(keys, "--where", "double_field < 3"));
        assertThat(scan.exit()).as(scan.err()).isZero();
        Cli.Result skip = Cli.run(ENC, "skipping", concat(keys, "--where", "double_field > 1e9"));
        assertThat(skip.exit()).as(skip.err()).isZero();
    }

    @Test
    void anEncryptedFooterWithoutItsKeyIsOneLineAndExit2() {
        Cli.Result r = Cli.run(ENC, "footer");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err().strip()).contains("--footer-key").doesNotContain("\n").doesNotContain("at io.");
    }

    @Test
    void aWrongKeyIsExit2NamingTheModuleNeverTheKey() {
        String wrong = "00" + FOOTER.substring(2);
        Cli.Result r = Cli.run(ENC, "footer", "--footer-key", wrong);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("GCM tag mismatch decrypting the encrypted footer").doesNotContain(wrong);
        Cli.Result bad = Cli.run(ENC, "footer", "--footer-key", "abcd");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("2 bytes").doesNotContain("abcd");
    }

    @Test
    void aKeyFileAndBase64() throws Exception {
        Path dir = Files.createTempDirectory("keys");
        Path file = dir.resolve("keys.txt");
        Files.writeString(file, "# test keys\nfooter=base64:MDEyMzQ1Njc4OTAxMjM0NQ==\ncolumn.double_field=" + DOUBLE
                + "\ncolumn.float_field=" + FLOAT + "\n");
        Cli.Result r = Cli.run(ENC, "scan", "--key-file", file.toString(), "--where", "double_field > 3");
        assertThat(r.exit()).as(r.err()).isZero();
    }

    @Test
    void aPlaintextFooterWithoutKeysPlansAndSaysWhy() {
        Cli.Result r = Cli.run(PLAIN_FOOTER, "skipping", "--where", "double_field > 1e9");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("--column-key double_field=KEY");
        Cli.Result scan = Cli.run(PLAIN_FOOTER, "scan", "--where", "double_field > 1e9");
        assertThat(scan.exit()).isEqualTo(2);
        assertThat(scan.err()).contains("--column-key double_field=KEY").doesNotContain("\n  at");
    }

    static final Path EXTERNAL = Cli.DATA.resolve("external_key_material_java.parquet.encrypted");
    static final String[] MASTER = {"--master-key", "kf=" + FOOTER, "--master-key", "kc1=" + DOUBLE, "--master-key",
        "kc2=" + FLOAT};

    @Test
    void masterKeysReadExternalKeyMaterialBesideTheFile(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Cli.Result scan = Cli.run(EXTERNAL, "scan", MASTER);
        assertThat(scan.exit()).as(scan.err()).isZero();
        assertThat(scan.out()).doesNotContain(FOOTER).doesNotContain(DOUBLE);
        assertThat(scan.out().lines().count()).as(scan.out()).isGreaterThanOrEqualTo(100); // the file's 100 rows
        // the same from a key file (base64 master keys, as parquet-java's in-memory KMS lists them)
        Path keys = dir.resolve("keys.txt");
        Files.writeString(keys, "master.kf=base64:MDEyMzQ1Njc4OTAxMjM0NQ==\nmaster.kc1=" + DOUBLE + "\nmaster.kc2="
                + FLOAT + "\n");
        Cli.Result fromFile = Cli.run(EXTERNAL, "scan", "--key-file", keys.toString());
        assertThat(fromFile.exit()).as(fromFile.err()).isZero();
        assertThat(fromFile.out()).isEqualTo(scan.out());
        Cli.Result skip = Cli.run(EXTERNAL, "skipping", concat(MASTER, "--where", "integers > 1000000"));
        assertThat(skip.exit()).as(skip.err()).isZero();
    }

    @Test
    void missingMasterKeysOrKeyMaterialAreOneLineAndExit2(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Cli.Result none = Cli.run(EXTERNAL, "footer");
        assertThat(none.exit()).isEqualTo(2);
        assertThat(none.err().strip()).contains("--master-key").doesNotContain("\n");
        Cli.Result noFooter = Cli.run(EXTERNAL, "footer", "--master-key", "kc1=" + DOUBLE);
        assertThat(noFooter.exit()).isEqualTo(2);
        assertThat(noFooter.err().strip()).contains("--master-key kf=KEY").doesNotContain("\n");
        // the file without its key-material file beside it
        Path alone = Files.copy(EXTERNAL, dir.resolve(EXTERNAL.getFileName()));
        Cli.Result noStore = Cli.run(alone, "footer", MASTER);
        assertThat(noStore.exit()).isEqualTo(2);
        assertThat(noStore.err().strip()).contains("--key-material FILE").doesNotContain("\n");
        Path store = Cli.DATA.resolve("_KEY_MATERIAL_FOR_" + EXTERNAL.getFileName() + ".json");
        Cli.Result named = Cli.run(alone, "footer", concat(MASTER, "--key-material", store.toString()));
        assertThat(named.exit()).as(named.err()).isZero();
        // malformed key material
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"footerKey\": ");
        Cli.Result malformed = Cli.run(alone, "footer", concat(MASTER, "--key-material", bad.toString()));
        assertThat(malformed.exit()).isEqualTo(2);
        assertThat(malformed.err().strip()).contains("not the JSON object").doesNotContain("\n");
        Cli.Result badOption = Cli.run(EXTERNAL, "footer", "--master-key", "kf");
        assertThat(badOption.exit()).isEqualTo(2);
        assertThat(badOption.err()).contains("--master-key takes ID=KEY");
    }

    static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
