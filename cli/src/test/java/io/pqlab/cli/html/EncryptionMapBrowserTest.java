package io.pqlab.cli.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.pqlab.cli.Main;
import io.pqlab.fixtures.Fixtures;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The page map's drawing of encryption, in headless Chromium: every encrypted cell carries a
 * hatch, striped when its key was given and cross-hatched when sealed, no plaintext cell does,
 * the legend names each hatch present (and no other), hovering a sealed cell still shows the
 * option that opens it, and in the screenshot a plain cell is one flat colour while a hatched one
 * is not, and the two hatches differ: the stripes lighten a cell below its fate's colour, the
 * cross-hatch darkens it.
 */
class EncryptionMapBrowserTest {
    static final Path PLAIN_FOOTER = Fixtures.DATA.resolve("encrypt_columns_plaintext_footer.parquet.encrypted");
    // parquet-testing's README keys, as ASCII, in hex
    static final String FOOTER = "30313233343536373839303132333435";
    static final String DOUBLE = "31323334353637383930313233343530";
    static final String FLOAT = "31323334353637383930313233343531";
    static final Path OUT = Path.of("target", "pagemap");
    static Chromium browser;

    @BeforeAll
    static void start() throws Exception {
        browser = Chromium.launch(Chromium.findOrInstall());
        Files.createDirectories(OUT);
    }

    @AfterAll
    static void stop() throws Exception {
        if (browser != null) {
            browser.close();
        }
    }

    static final String SEEN = """
            (() => {
              const D = window.pqlabMap.data, P = D.pages;
              const grid = document.querySelector('#grid svg');
              const wrong = [];
              let hatched = {1: 0, 2: 0};
              grid.querySelectorAll('rect.cell[data-page]').forEach(r => {
                const i = +r.getAttribute('data-page'), want = P.crypto[i];
                const next = r.nextElementSibling;
                const h = next && next.classList.contains('hatch') ? +next.getAttribute('data-crypto') : 0;
                if (h !== want) wrong.push('page ' + i + ': crypto ' + want + ', hatch ' + h);
                if (h) {
                  hatched[h]++;
                  const id = next.getAttribute('fill').replace(/^url\\(#(.*)\\)$/, '$1');
                  if (!document.getElementById(id)) wrong.push('page ' + i + ': no pattern ' + id);
                }
              });
              const legend = [...document.querySelectorAll('#legend li[data-crypto]')].map(l => +l.getAttribute('data-crypto'));
              const boxOf = sel => { const e = grid.querySelector(sel); if (!e) return null;
                const b = e.getBoundingClientRect(); return [b.left + scrollX, b.top + scrollY, b.width, b.height]; };
              window.__centre = sel => { const e = grid.querySelector(sel); e.scrollIntoView({block: 'center'});
                const b = e.getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]; };
              window.__tip = () => { const t = document.getElementById('tip'); return t.hidden ? '' : t.textContent; };
              const widest = c => { let best = null, w = -1;
                grid.querySelectorAll('rect.cell[data-page]').forEach(r => {
                  if (P.crypto[+r.getAttribute('data-page')] === c && r.getBoundingClientRect().width > w) {
                    w = r.getBoundingClientRect().width; best = r.getAttribute('data-page'); } });
                return best; };
              return { wrong, hatched, legend, plain: widest(0), enc: widest(1), sealed: widest(2),
                counts: [0, 1, 2].map(c => P.crypto.filter(x => x === c).length) };
            })()
            """;

    static JsonNode render(String name, Path file, String... keys) throws Exception {
        Path html = OUT.resolve(name + ".html").toAbsolutePath();
        List<String> args = new ArrayList<>(List.of("map", file.toString(), "-o", html.toString()));
        args.addAll(List.of(keys));
        StringWriter err = new StringWriter();
        int code = Main.run(args.toArray(String[]::new), new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertThat(code).as("pqlab %s: %s", args, err).isZero();
        Chromium.Tab tab = browser.open(1400, 1000);
        try {
            tab.navigate(html.toUri().toString());
            assertThat(tab.eval("!!(window.pqlabMap && window.pqlabMap.ready)").asBoolean()).isTrue();
            JsonNode seen = tab.eval(SEEN);
            assertThat(seen.get("wrong")).as("cells whose hatch is not their module's encryption").isEmpty();
            for (int c = 1; c <= 2; c++) {
                assertThat(seen.get("hatched").get(String.valueOf(c)).asInt()).as("hatched %d", c)
                        .isEqualTo(seen.get("counts").get(c).asInt());
            }
            Set<Integer> legend = new HashSet<>();
            seen.get("legend").forEach(n -> legend.add(n.asInt()));
            Set<Integer> present = new HashSet<>();
            for (int c = 1; c <= 2; c++) {
                if (seen.get("counts").get(c).asInt() > 0) {
                    present.add(c);
                }
            }
            assertThat(legend).as("hatches in the legend").isEqualTo(present);
            if (seen.hasNonNull("sealed")) {
                JsonNode at = tab.eval("window.__centre('rect[data-page=\"" + seen.get("sealed").asText() + "\"]')");
                tab.mouseMove(at.get(0).asDouble(), at.get(1).asDouble());
                assertThat(tab.eval("window.__tip()").asText()).as("hover text through the hatch")
                        .contains("--column-key");
            }
            tab.mouseMove(1, 1);
            tab.eval("window.scrollTo(0, 0), document.getElementById('tip').hidden = true");
            byte[] png = tab.screenshot();
            Files.write(OUT.resolve(name + ".png"), png);
            BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
            com.fasterxml.jackson.databind.node.ObjectNode out = (com.fasterxml.jackson.databind.node.ObjectNode) seen;
            for (String kind : List.of("plain", "enc", "sealed")) {
                if (!seen.hasNonNull(kind)) {
                    continue;
                }
                JsonNode b = tab.eval("(() => { const e = document.querySelector('#grid rect[data-page=\""
                        + seen.get(kind).asText() + "\"]').getBoundingClientRect();"
                        + " const f = getComputedStyle(document.querySelector('#grid rect[data-page=\""
                        + seen.get(kind).asText() + "\"]')).fill.match(/\\d+/g).map(Number);"
                        + " return [e.left + scrollX, e.top + scrollY, e.width, e.height,"
                        + " 0.299 * f[0] + 0.587 * f[1] + 0.114 * f[2]]; })()");
                out.put(kind + "FillLuma", b.get(4).asDouble());
                out.set(kind + "Pixels", new com.fasterxml.jackson.databind.ObjectMapper().valueToTree(
                        pixels(img, b.get(0).asInt() + 2, b.get(1).asInt() + 5, b.get(2).asInt() - 4,
                                b.get(3).asInt() - 7)));
            }
            assertThat(tab.problems).as("script errors").isEmpty();
            return out;
        } finally {
            tab.close();
        }
    }

    /** The distinct colours inside a box, and their mean luma. */
    static double[] pixels(BufferedImage img, int x, int y, int w, int h) {
        Set<Integer> colours = new HashSet<>();
        double luma = 0;
        int n = 0;
        for (int yy = y; yy < y + h && yy < img.getHeight(); yy++) {
            for (int xx = x; xx < x + w && xx < img.getWidth(); xx++) {
                int rgb = img.getRGB(xx, yy) & 0xFFFFFF;
                colours.add(rgb);
                luma += 0.299 * (rgb >> 16) + 0.587 * (rgb >> 8 & 0xFF) + 0.114 * (rgb & 0xFF);
                n++;
            }
        }
        return new double[] {colours.size(), n == 0 ? 0 : luma / n, n};
    }

    @Test
    void sealedColumnsAreCrossHatchedAndPlainOnesAreNot() throws Exception {
        JsonNode s = render("encrypted-sealed", PLAIN_FOOTER);
        assertThat(s.get("counts").get(2).asInt()).as("sealed pages").isPositive();
        assertThat(s.get("counts").get(1).asInt()).as("decrypted pages").isZero();
        double[] plain = doubles(s.get("plainPixels"));
        double[] sealed = doubles(s.get("sealedPixels"));
        assertThat(plain[2]).as("pixels of the plain cell").isGreaterThan(20);
        assertThat(sealed[2]).as("pixels of the sealed cell").isGreaterThan(20);
        assertThat(plain[0]).as("colours in a plain cell").isEqualTo(1);
        assertThat(sealed[0]).as("colours in a sealed cell").isGreaterThan(1);
        assertThat(sealed[1]).as("a sealed cell is darker than its own colour")
                .isLessThan(s.get("sealedFillLuma").asDouble() - 5);
    }

    @Test
    void decryptedColumnsAreStripedLight() throws Exception {
        JsonNode s = render("encrypted-keys", PLAIN_FOOTER, "--footer-key", FOOTER, "--column-key",
                "double_field=" + DOUBLE, "--column-key", "float_field=" + FLOAT);
        assertThat(s.get("counts").get(1).asInt()).as("decrypted pages").isPositive();
        assertThat(s.get("counts").get(2).asInt()).as("sealed pages").isZero();
        double[] plain = doubles(s.get("plainPixels"));
        double[] enc = doubles(s.get("encPixels"));
        assertThat(enc[2]).isGreaterThan(20);
        assertThat(plain[0]).as("colours in a plain cell").isEqualTo(1);
        assertThat(enc[0]).as("colours in a decrypted cell").isGreaterThan(1);
        assertThat(enc[1]).as("a decrypted cell is lighter than its own colour")
                .isGreaterThan(s.get("encFillLuma").asDouble() + 5);
    }

    static double[] doubles(JsonNode n) {
        return new double[] {n.get(0).asDouble(), n.get(1).asDouble(), n.get(2).asDouble()};
    }
}
