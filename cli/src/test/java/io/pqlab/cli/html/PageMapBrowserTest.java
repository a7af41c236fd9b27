package io.pqlab.cli.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.pqlab.ParquetFile;
import io.pqlab.cli.Main;
import io.pqlab.fixtures.Fixtures;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.column.ChunkPages;
import io.pqlab.internal.pages.PageInfo;
import io.pqlab.plan.ColumnRead;
import io.pqlab.Query;
import io.pqlab.internal.plan.BoundQuery;
import java.util.Set;
import io.pqlab.plan.PageRead;
import io.pqlab.plan.Plan;
import io.pqlab.internal.plan.Planner;
import io.pqlab.plan.RowGroupPlan;
import io.pqlab.plan.Span;
import io.pqlab.internal.predicate.Binder;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The page map as a person sees it: written by the CLI, opened in headless Chromium, and checked
 * against the plan computed here. Every page of the file must be drawn in the colour of its fate
 * (counted page by page from the plan, and from the page headers where the plan read or skipped a
 * chunk whole), the colour must be the legend's, hovering a page must show its byte range and
 * reason, the page must run without a script or console error and fetch nothing, and the
 * screenshot (kept under target/pagemap/) must hold the colours of every fate present and of no
 * other. Where no browser can be had, the set-up fails.
 */
class PageMapBrowserTest {
    private static final Path FIXTURES = Fixtures.ROOT;
    private static final Path OUT = Path.of("target", "pagemap");
    private static Chromium browser;

    record Case(String name, String file, String where, List<String> select, boolean viaSkipping) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Case> cases() {
        return List.of(
                new Case("sorted-page-index", "pruning-sorted.parquet", "order_id = 431", null, true),
                new Case("shuffled-bloom-select", "pruning-shuffled.parquet", "customer_id = 500000",
                        List.of("order_id", "customer_id"), false),
                new Case("shuffled-statistics-or", "pruning-shuffled.parquet",
                        "amount_cents < 0 OR country = 'ZZ'", null, false),
                new Case("tiny-pages-plan", "parquet-testing/data/alltypes_tiny_pages.parquet", "id < 100", null, false),
                new Case("tiny-pages-layout", "parquet-testing/data/alltypes_tiny_pages.parquet", null, null, false),
                new Case("plain-layout-no-page-index", "parquet-testing/data/alltypes_plain.parquet", null, null, false));
    }

    @BeforeAll
    static void startBrowser() throws Exception {
        browser = Chromium.launch(Chromium.findOrInstall());
        Files.createDirectories(OUT);
    }

    @AfterAll
    static void stopBrowser() throws Exception {
        if (browser != null) {
                browser.close();
        }
    }

    /** What the test expects of one page, from the plan and the file. */
    record Expected(String fate, long offset, long length, int rowGroup, String column) {}

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void aPersonSeesThePlan(Case c) throws Exception {
        Path file = FIXTURES.resolve(c.file());
        Path html = OUT.resolve(c.name() + ".html").toAbsolutePath();
        List<String> args = new ArrayList<>();
        if (c.viaSkipping()) {
            args.addAll(List.of("skipping", file.toString(), "--where", c.where(), "--html", html.toString()));
        } else {
            args.addAll(List.of("map", file.toString(), "-o", html.toString()));
            if (c.where() != null) {
                args.addAll(List.of("--where", c.where()));
            }
        }
        if (c.select() != null) {
            args.addAll(List.of("--select", String.join(",", c.select())));
        }
        StringWriter err = new StringWriter();
        int code = Main.run(args.toArray(String[]::new), new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertThat(code).as("pqlab %s: %s", args, err).isZero();

        Plan plan;
        List<Expected> expected = new ArrayList<>();
        try (ParquetFile pf = ParquetFile.open(file)) {
            List<Integer> projection = null;
            if (c.select() != null) {
                projection = new ArrayList<>();
                for (String s : c.select()) {
                    projection.add(pf.schema().column(s).index());
                }
            }
            plan = c.where() == null ? null : Planner.plan(pf,
                    BoundQuery.of(Binder.bind(c.where(), pf.schema()), projection, Query.all()), 0, null);
            expect(pf, plan, projection, expected);
        }
        Map<String, Integer> perFate = new TreeMap<>();
        expected.forEach(e -> perFate.merge(e.fate(), 1, Integer::sum));

        Chromium.Tab tab = browser.open(1400, 1000);
        try {
            String url = html.toUri().toString();
            tab.navigate(url);
            assertThat(tab.eval("!!(window.pqlabMap && window.pqlabMap.ready)").asBoolean())
                    .as("the page's script ran to its end").isTrue();
            JsonNode seen = tab.eval(SEEN);

            // the legend: one swatch per fate present, each its own colour
            Map<String, String> legend = new HashMap<>();
            seen.get("legend").fields().forEachRemaining(e -> legend.put(e.getKey(), e.getValue().asText()));
            assertThat(legend.keySet()).as("fates in the legend").isEqualTo(perFate.keySet());
            assertThat(new HashSet<>(legend.values())).as("legend colours are distinct").hasSize(legend.size());

            // every page drawn once, in its fate's colour
            Map<String, Integer> drawn = new TreeMap<>();
            int singles = 0;
            for (JsonNode r : seen.get("rects")) {
                String fate = r.get(0).asText();
                drawn.merge(fate, r.get(1).asInt(), Integer::sum);
                assertThat(r.get(3).asText()).as("fill of a %s cell", fate).isEqualTo(legend.get(fate));
                int page = r.get(2).asInt();
                if (page >= 0) {
                    singles++;
                    assertThat(fate).as("fate of page %d (%s)", page, expected.get(page)).isEqualTo(expected.get(page).fate());
                }
            }
            assertThat(drawn).as("pages per fate in the grid").isEqualTo(perFate);
            int cells = seen.get("cells").asInt();
            assertThat(seen.get("minCellWidth").asDouble()).as("narrowest cell, px").isGreaterThanOrEqualTo(0.99);
            assertThat(seen.get("noTip").asInt()).as("cells without hover text").isZero();
            if (c.file().contains("tiny_pages")) {
                assertThat(expected.size()).isGreaterThan(5000);
                assertThat(cells).as("pages under a pixel drawn together").isLessThan(expected.size() / 3);
            } else {
                assertThat(cells).as("one cell per page").isEqualTo(expected.size());
                assertThat(singles).isEqualTo(expected.size());
            }

            // the structures outside the chunks, and the requests
            JsonNode regions = seen.get("stripRegions");
            assertThat(regions.path("footer").asInt()).as("footer drawn").isPositive();
            assertThat(regions.path("magic").asInt()).as("magic drawn").isPositive();
            try (ParquetFile pf = ParquetFile.open(file)) {
                boolean ci = false, oi = false, bloom = false;
                for (var rg : ParquetFiles.metadata(pf).rowGroups()) {
                    for (var cc : rg.columns()) {
                        ci |= cc.hasColumnIndex();
                        oi |= cc.hasOffsetIndex();
                        bloom |= cc.metaData().hasBloomFilter();
                    }
                }
                assertThat(regions.path("column-index").asInt() > 0).as("ColumnIndexes drawn").isEqualTo(ci);
                assertThat(regions.path("offset-index").asInt() > 0).as("OffsetIndexes drawn").isEqualTo(oi);
                assertThat(regions.path("bloom-filter").asInt() > 0).as("Bloom filters drawn").isEqualTo(bloom);
            }
            if (plan != null) {
                assertThat(seen.get("requests").asInt()).as("requests drawn").isEqualTo(plan.requests().size());
                long fetchedSpans = plan.rowGroups().stream().mapToLong(g -> g.fetched().size()).sum();
                assertThat(seen.get("fetchedRegions").asInt()).as("regions drawn as fetched to decide")
                        .isEqualTo((int) fetchedSpans);
                assertThat(seen.get("compareRows").asInt()).as("rows of the compare table").isEqualTo(6);
                String totals = seen.get("totals").asText();
                assertThat(totals).contains(String.format(Locale.ROOT, "%,d of", plan.bytesRead()))
                        .contains(String.format(Locale.ROOT, "%,d (page indexes", plan.indexBytes()))
                        .contains(plan.requests().size() + " (");
            }

            // hovering shows the page's byte range, fate and place
            List<Integer> sample = new ArrayList<>();
            JsonNode hoverable = seen.get("singlePages");
            int step = Math.max(1, hoverable.size() / 15);
            for (int i = 0; i < hoverable.size(); i += step) {
                sample.add(hoverable.get(i).asInt());
            }
            assertThat(sample).isNotEmpty();
            for (int page : sample) {
                Expected e = expected.get(page);
                JsonNode at = tab.eval("window.__pqlabCentre('#grid rect[data-page=\"" + page + "\"]')");
                tab.mouseMove(at.get(0).asDouble(), at.get(1).asDouble());
                String tip = tab.eval("window.__pqlabTip()").asText();
                assertThat(tip).as("hover text of page %d", page)
                        .contains(String.format(Locale.ROOT, "bytes [%,d, %,d)", e.offset(), e.offset() + e.length()))
                        .contains("row group " + e.rowGroup() + " · column " + e.column())
                        .contains(label(e.fate()).toUpperCase(Locale.ROOT));
            }
            if (seen.get("aggregates").asInt() > 0) {
                JsonNode at = tab.eval("window.__pqlabCentre('#grid g.agg')");
                tab.mouseMove(at.get(0).asDouble(), at.get(1).asDouble());
                assertThat(tab.eval("window.__pqlabTip()").asText()).contains("drawn together").contains("bytes [");
            }

            // nothing went wrong, nothing was fetched
            assertThat(tab.problems).as("script errors, console errors and warnings").isEmpty();
            assertThat(tab.requests).as("requests the page made").allMatch(u -> u.equals(url));

            // the screenshot holds every fate's colour, and no colour of a fate absent from the plan
            tab.mouseMove(1, 1); // off every cell, so that none is drawn hovered
            tab.eval("window.scrollTo(0, 0), document.getElementById('tip').hidden = true");
            byte[] png = tab.screenshot();
            Files.write(OUT.resolve(c.name() + ".png"), png);
            BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
            // the grid's box in page coordinates (the screenshot is of the whole page, unscrolled)
            JsonNode box = tab.eval("(() => { const b = document.querySelector('#grid svg').getBoundingClientRect();"
                    + " return [b.left + scrollX, b.top + scrollY, b.right + scrollX, b.bottom + scrollY]; })()");
            // A colour is seen where it runs 3 pixels down (a cell a pixel wide, as pages under a
            // pixel are drawn); it fills an area where it fills a 3×3 block, which the anti-aliased
            // edge of a letter, able to take any grey, never does.
            Map<Integer, Integer> stripes = new HashMap<>();
            Map<Integer, Integer> blocks = new HashMap<>();
            int x0 = Math.max(1, box.get(0).asInt()), y0 = Math.max(1, box.get(1).asInt());
            int x1 = Math.min(img.getWidth() - 1, box.get(2).asInt()), y1 = Math.min(img.getHeight() - 1, box.get(3).asInt());
            assertThat(x1 - x0).as("grid width in the screenshot").isGreaterThan(400);
            for (int y = y0; y < y1; y++) {
                for (int x = x0; x < x1; x++) {
                    int rgb = img.getRGB(x, y) & 0xFFFFFF;
                    if ((img.getRGB(x, y - 1) & 0xFFFFFF) != rgb || (img.getRGB(x, y + 1) & 0xFFFFFF) != rgb) {
                        continue;
                    }
                    stripes.merge(rgb, 1, Integer::sum);
                    boolean block = true;
                    for (int dy = -1; dy <= 1 && block; dy++) {
                        for (int dx = -1; dx <= 1 && block; dx += 2) {
                            block = (img.getRGB(x + dx, y + dy) & 0xFFFFFF) == rgb;
                        }
                    }
                    if (block) {
                        blocks.merge(rgb, 1, Integer::sum);
                    }
                }
            }
            for (PageMap.Fate f : PageMap.FATES) {
                int rgb = Integer.parseInt(f.colour().substring(1), 16);
                if (perFate.containsKey(f.id())) {
                    assertThat(stripes.getOrDefault(rgb, 0)).as("pixels of %s in the grid of the screenshot", f.id())
                            .isPositive();
                } else {
                    assertThat(blocks.getOrDefault(rgb, 0)).as("pixels of absent fate %s in the grid", f.id()).isZero();
                }
            }
        } finally {
            tab.close();
        }
    }

    private static String label(String fate) {
        return PageMap.FATES.stream().filter(f -> f.id().equals(fate)).findFirst().orElseThrow().label();
    }

    /** Each page's fate in file order of chunks, as the plan has it; page lists from the headers where it has none. */
    private static void expect(ParquetFile pf, Plan plan, List<Integer> projection, List<Expected> out) throws Exception {
        Set<Integer> selected = projection == null ? null : new HashSet<>(projection);
        for (int g = 0; g < pf.rowGroupCount(); g++) {
            RowGroupPlan gp = plan == null ? null : plan.rowGroups().get(g);
            for (int c = 0; c < pf.schema().columnCount(); c++) {
                String path = pf.schema().column(c).dottedPath();
                ColumnRead read = null;
                if (gp != null) {
                    for (ColumnRead r : gp.reads()) {
                        if (r.column() == c) {
                            read = r;
                        }
                    }
                }
                if (read != null && !read.pages().isEmpty()) {
                    for (PageRead p : read.pages()) {
                        out.add(new Expected(p.read() ? "read" : "page-index", p.offset(), p.length(), g, path));
                    }
                    // the bytes the plan reads of the chunk are the pages it marks read
                    long marked = read.pages().stream().filter(PageRead::read).mapToLong(PageRead::length).sum();
                    assertThat(Span.totalBytes(read.spans())).isEqualTo(marked);
                    continue;
                }
                for (PageInfo p : ChunkPages.pages(pf, g, c)) {
                    String fate;
                    if (plan == null) {
                        fate = p.isDataPage() ? "data-page" : p.isDictionaryPage() ? "dictionary-page" : "other-page";
                    } else if (selected != null && !selected.contains(c)) {
                        fate = "unselected";
                    } else if (gp.skipped()) {
                        fate = gp.skippedBy();
                    } else {
                        fate = "read";
                    }
                    out.add(new Expected(fate, p.offset(), p.totalSize(), g, path));
                }
            }
        }
    }

    /** What the page shows, gathered in the page. */
    private static final String SEEN = """
            (() => {
              const M = window.pqlabMap;
              const grid = document.querySelector('#grid svg');
              const rects = [...grid.querySelectorAll('rect[data-fate]')].map(r => [
                r.getAttribute('data-fate'), +r.getAttribute('data-pages'),
                r.hasAttribute('data-page') ? +r.getAttribute('data-page') : -1, getComputedStyle(r).fill]);
              const cells = [...grid.querySelectorAll('.cell')];
              const legend = {};
              document.querySelectorAll('#legend .sw[data-fate]').forEach(s =>
                legend[s.getAttribute('data-fate')] = getComputedStyle(s).backgroundColor);
              const stripRegions = {};
              document.querySelectorAll('#strip rect[data-region]').forEach(r => {
                const k = r.getAttribute('data-region'); stripRegions[k] = (stripRegions[k] || 0) + 1; });
              const fetched = new Set();
              document.querySelectorAll('#strip rect[data-region][data-fetched="true"]').forEach(r => {
                if (r.getAttribute('data-region') !== 'footer') fetched.add(r.getAttribute('data-ri')); });
              const fetchedRegions = fetched.size;
              window.__pqlabCentre = sel => {
                const e = document.querySelector(sel);
                e.scrollIntoView({ block: 'center', inline: 'center' });
                const b = e.getBoundingClientRect();
                return [b.left + b.width / 2, b.top + b.height / 2];
              };
              window.__pqlabTip = () => { const t = document.getElementById('tip'); return t.hidden ? '' : t.textContent; };
              return {
                rects, legend, cells: cells.length,
                minCellWidth: Math.min(...cells.map(c => c.getBoundingClientRect().width)),
                noTip: cells.filter(c => !M.tipOf(c)).length,
                aggregates: grid.querySelectorAll('g.agg').length,
                singlePages: [...grid.querySelectorAll('rect[data-page]')].map(r => +r.getAttribute('data-page')),
                stripRegions, fetchedRegions,
                requests: new Set([...document.querySelectorAll('#strip .req')].map(r => r.getAttribute('data-req'))).size,
                compareRows: document.querySelectorAll('#compare-table tr').length - 1,
                totals: document.getElementById('totals').innerText
              };
            })()
            """;
}
