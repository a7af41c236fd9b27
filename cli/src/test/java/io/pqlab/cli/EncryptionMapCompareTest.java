package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code map} marks encrypted modules and {@code requests --compare} reads with the keys, on
 * parquet-testing's encrypted files. Which columns are encrypted is taken from that folder's
 * README.md (double_field and float_field, each with its own column key, pages and indexes), not
 * from pqlab.
 */
class EncryptionMapCompareTest {
    private static final Set<String> ENCRYPTED = Set.of("double_field", "float_field");
    private static final String[] KEYS = {"--footer-key", EncryptionCliTest.FOOTER, "--column-key",
        "double_field=" + EncryptionCliTest.DOUBLE, "--column-key", "float_field=" + EncryptionCliTest.FLOAT};

    @TempDir
    Path dir;

    @Test
    void theMapMarksTheEncryptedColumnsWithTheirKeysGiven() throws Exception {
        JsonNode m = map(EncryptionCliTest.ENC, KEYS);
        assertThat(m.path("encryption").path("footer").asText()).isEqualTo("encrypted");
        Set<String> marked = new HashSet<>();
        for (JsonNode c : m.get("columns")) {
            if (!c.get("encryption").asText().equals("none")) {
                marked.add(c.get("path").asText());
                assertThat(c.get("encryption").asText()).isEqualTo("column key");
            }
        }
        assertThat(marked).isEqualTo(ENCRYPTED);
        assertPages(m, 1);
        for (JsonNode ch : m.get("chunks")) {
            boolean enc = ENCRYPTED.contains(path(m, ch.get("column").asInt()));
            assertThat(ch.get("encrypted").asBoolean()).isEqualTo(enc);
            assertThat(ch.get("sealed").asBoolean()).isFalse();
        }
        int indexes = 0;
        for (JsonNode r : m.get("regions")) {
            String kind = r.get("kind").asText();
            if (kind.equals("column-index") || kind.equals("offset-index")) {
                indexes++;
                boolean enc = ENCRYPTED.contains(path(m, r.get("column").asInt()));
                assertThat(r.get("crypto").asInt()).as(r.toString()).isEqualTo(enc ? 1 : 0);
            } else if (kind.equals("footer")) {
                assertThat(r.get("crypto").asInt()).isEqualTo(1);
                assertThat(r.get("why").asText()).contains("encrypted footer");
            }
        }
        assertThat(indexes).isPositive();
    }

    @Test
    void withoutColumnKeysTheEncryptedColumnsAreSealedAndNameTheirOption() throws Exception {
        JsonNode m = map(EncryptionCliTest.PLAIN_FOOTER);
        assertThat(m.path("encryption").path("footer").asText()).isEqualTo("plaintext");
        assertPages(m, 2);
        for (JsonNode ch : m.get("chunks")) {
            boolean enc = ENCRYPTED.contains(path(m, ch.get("column").asInt()));
            assertThat(ch.get("sealed").asBoolean()).isEqualTo(enc);
        }
        JsonNode p = m.get("pages");
        for (int i = 0; i < p.get("count").asInt(); i++) {
            String col = path(m, p.get("column").get(i).asInt());
            String why = m.get("whys").get(p.get("why").get(i).asInt()).asText();
            if (ENCRYPTED.contains(col)) {
                assertThat(why).contains("sealed").contains("--column-key " + col + "=KEY");
            } else {
                assertThat(why).doesNotContain("encrypted").doesNotContain("sealed");
            }
        }
    }

    @Test
    void compareReadsWithTheKeysAndCountsTheFilesBytes() throws Exception {
        Cli.Result r = Cli.run(EncryptionCliTest.ENC, "requests",
                EncryptionCliTest.concat(KEYS, "--where", "double_field > 1e9", "--compare", "--json"));
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode o = new ObjectMapper().readTree(r.out());
        long size = Files.size(EncryptionCliTest.ENC);
        JsonNode rows = o.get("strategies");
        // the footer's length from the file's own trailer (its last 8 bytes), not from pqlab
        byte[] all = Files.readAllBytes(EncryptionCliTest.ENC);
        long footerLength = java.nio.ByteBuffer.wrap(all, all.length - 8, 4)
                .order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt() & 0xFFFFFFFFL;
        assertThat(new String(all, all.length - 4, 4, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("PARE");
        JsonNode first = rows.get(0).get("phases");
        long footerPhase = -1;
        for (JsonNode ph : first) {
            if (ph.get("phase").asText().equals("footer")) {
                footerPhase = ph.get("bytes").asLong();
            }
        }
        assertThat(footerPhase).as("the trailer and the encrypted footer").isEqualTo(8 + footerLength);
        assertThat(rows).isNotEmpty();
        boolean whole = false;
        for (JsonNode row : rows) {
            long bytes = row.get("bytes").asLong();
            assertThat(bytes).as(row.toString()).isPositive().isLessThanOrEqualTo(size);
            if (row.get("name").asText().equals("the whole file in one read")) {
                whole = true;
                assertThat(bytes).isEqualTo(size);
            }
        }
        assertThat(whole).isTrue();
        assertThat(r.out()).doesNotContain(EncryptionCliTest.FOOTER);
    }

    @Test
    void compareWithoutTheFooterKeyIsOneLineAndExit2() {
        Cli.Result r = Cli.run(EncryptionCliTest.ENC, "requests", "--where", "double_field > 1e9", "--compare");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err().strip()).contains("--footer-key").doesNotContain("\n").doesNotContain("at io.");
    }

    /** The rows of pages: encrypted columns' pages carry {@code crypto}, plaintext ones 0. */
    private static void assertPages(JsonNode m, int crypto) {
        JsonNode p = m.get("pages");
        int enc = 0;
        for (int i = 0; i < p.get("count").asInt(); i++) {
            boolean e = ENCRYPTED.contains(path(m, p.get("column").get(i).asInt()));
            assertThat(p.get("crypto").get(i).asInt()).isEqualTo(e ? crypto : 0);
            enc += e ? 1 : 0;
        }
        assertThat(enc).isPositive().isLessThan(p.get("count").asInt());
    }

    private static String path(JsonNode m, int column) {
        return m.get("columns").get(column).get("path").asText();
    }

    private JsonNode map(Path file, String... keys) throws Exception {
        Path out = dir.resolve(file.getFileName() + ".html");
        Cli.Result r = Cli.run(file, "map", EncryptionCliTest.concat(keys, "-o", out.toString()));
        assertThat(r.exit()).as(r.err()).isZero();
        String html = Files.readString(out);
        String open = "<script type=\"application/json\" id=\"pqlab-data\">";
        int from = html.indexOf(open) + open.length();
        return new ObjectMapper().readTree(html.substring(from, html.indexOf("</script>", from)));
    }
}
