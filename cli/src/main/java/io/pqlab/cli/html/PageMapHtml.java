package io.pqlab.cli.html;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a page map as one self-contained HTML file: the template's CSS and script inline, the
 * map's data as JSON in a script element, nothing fetched from anywhere.
 */
public final class PageMapHtml {
    private static final String TEMPLATE = "pagemap.html";
    private static final String DATA = "/*PQLAB-DATA*/null";
    private static final String TITLE = "<!--PQLAB-TITLE-->";

    private PageMapHtml() {}

    /** The page for a map built by {@link PageMap}. */
    public static String render(ObjectNode map) {
        String template = template();
        String title = map.path("file").asText() + (map.hasNonNull("condition")
                ? " — " + map.get("condition").asText() : " — layout");
        // The data first: its JSON cannot hold "<!--", so the title's placeholder survives it.
        return once(once(template, DATA, json(map)), TITLE, escapeHtml("pqlab map: " + title));
    }

    private static String once(String text, String placeholder, String value) {
        int at = text.indexOf(placeholder);
        return text.substring(0, at) + value + text.substring(at + placeholder.length());
    }

    public static void write(ObjectNode map, Path out) throws IOException {
        Files.writeString(out, render(map), StandardCharsets.UTF_8);
    }

    /**
     * JSON that is safe inside a script element: '<', '>' and '&' only occur inside JSON strings,
     * where their \\u escapes mean the same, so "</script>" in a file name cannot end the element.
     */
    static String json(ObjectNode map) {
        try {
            String s = new ObjectMapper().writeValueAsString(map);
            return s.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
                    .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the page map cannot be written as JSON", e);
        }
    }

    private static String template() {
        try (InputStream in = PageMapHtml.class.getResourceAsStream(TEMPLATE)) {
            if (in == null) {
                throw new IllegalStateException("the page map template " + TEMPLATE + " is missing from the jar");
            }
            String t = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            if (!t.contains(DATA) || !t.contains(TITLE)) {
                throw new IllegalStateException("the page map template lacks its placeholders");
            }
            return t;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String escapeHtml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
