package io.pqlab.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The JSON model every command builds. Each command computes its answer once, as a tree of these
 * nodes, and then prints it either as JSON or as text rendered from the same tree, so that the
 * two forms cannot disagree. Keys are snake_case; an absent value is JSON null, never omitted.
 */
final class Json {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private Json() {}

    static ObjectNode object() {
        return F.objectNode();
    }

    static ArrayNode array() {
        return F.arrayNode();
    }

    /** Puts a count or offset, with -1 (the library's "absent") as null. */
    static void putOptional(ObjectNode node, String key, long value) {
        if (value < 0) {
            node.putNull(key);
        } else {
            node.put(key, value);
        }
    }

    /** A byte range {offset, length, end}; null where there is no offset. Length may be unknown (-1). */
    static JsonNode span(long offset, long length) {
        if (offset < 0) {
            return F.nullNode();
        }
        ObjectNode s = object();
        s.put("offset", offset);
        putOptional(s, "length", length);
        if (length >= 0) {
            s.put("end", offset + length);
        } else {
            s.putNull("end");
        }
        return s;
    }

    static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
    }

    // ---- reading back, for the text forms ---------------------------------------------------

    /** A field as text for a table: "-" for null or missing. */
    static String text(JsonNode node, String key) {
        JsonNode v = node.get(key);
        return v == null || v.isNull() ? "-" : v.asText();
    }

    /** A boolean field as "yes", "no" or "-". */
    static String yesNo(JsonNode node, String key) {
        JsonNode v = node.get(key);
        return v == null || v.isNull() ? "-" : v.asBoolean() ? "yes" : "no";
    }

    /** A span field as "[start, end)", "[start, ?)" without a length, or "-". */
    static String span(JsonNode node, String key) {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            return "-";
        }
        JsonNode end = v.get("end");
        return "[" + v.get("offset").asLong() + ", " + (end == null || end.isNull() ? "?" : end.asText()) + ")";
    }
}
