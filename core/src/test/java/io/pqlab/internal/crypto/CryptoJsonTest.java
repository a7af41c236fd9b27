package io.pqlab.internal.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The key-material JSON reader: what Jackson reads it reads the same, what is not JSON it refuses. */
class CryptoJsonTest {
    static final ObjectMapper JACKSON = new ObjectMapper();

    @Test
    void readsWhatJacksonReads() throws Exception {
        for (String text : List.of("{}", "{\"a\":\"b\",\"c\":true,\"d\":false,\"e\":null}",
                " { \"k\" : \"\\u00e9\\n\\\"\\\\\\/\" , \"l\" : [1, -2.5e3, {\"m\": []}] } ",
                "{\"footerKey\":\"{\\\"masterKeyID\\\":\\\"kf\\\"}\"}")) {
            Object mine = Json.parse(text);
            Object jackson = JACKSON.readValue(text, Object.class);
            assertThat(normal(mine)).as(text).isEqualTo(normal(jackson));
        }
    }

    /** Numbers compared as doubles (Json keeps their text). */
    static Object normal(Object v) {
        if (v instanceof Json.Num n) {
            return Double.parseDouble(n.text());
        }
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        if (v instanceof Map<?, ?> m) {
            java.util.Map<Object, Object> out = new java.util.LinkedHashMap<>();
            m.forEach((k, x) -> out.put(k, normal(x)));
            return out;
        }
        if (v instanceof List<?> l) {
            return l.stream().map(CryptoJsonTest::normal).toList();
        }
        return v;
    }

    @Test
    void refusesWhatIsNotJson() {
        for (String text : List.of("", "{", "{\"a\"}", "{\"a\":}", "{\"a\":1,}", "{\"a\":\"b\"} x", "{'a':1}",
                "{\"a\":01}", "{\"a\":tru}", "{\"a\":\"\\x\"}", "{\"a\":\"\u0001\"}", "{\"a\":1,\"a\":2}",
                "{\"a\":\"\\u12\"}", "[1 2]", "-", "1.", "1e")) {
            assertThatThrownBy(() -> Json.parse(text)).as(text).isInstanceOf(Json.BadJson.class)
                    .hasMessageContaining("at character");
        }
        assertThatThrownBy(() -> Json.object("[]")).isInstanceOf(Json.BadJson.class);
    }

    @Test
    void nestingIsBounded() {
        String deep = "[".repeat(10_000) + "]".repeat(10_000);
        assertThatThrownBy(() -> Json.parse(deep)).isInstanceOf(Json.BadJson.class).hasMessageContaining("nesting");
        String ok = "[".repeat(Json.MAX_DEPTH) + "]".repeat(Json.MAX_DEPTH);
        assertThat(Json.parse(ok)).isInstanceOf(List.class);
    }
}
