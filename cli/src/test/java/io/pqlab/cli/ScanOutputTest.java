package io.pqlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pqlab.fixtures.DuckDb;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code scan} prints, held to values DuckDB wrote: null apart from the string 'null' in every
 * format, binary as hex unless --binary-as-string, 64-bit integers and decimals exact in JSON,
 * table columns aligned by display width over the whole output.
 */
class ScanOutputTest {
    @TempDir
    static Path dir;
    static Path values;
    static Path wide;

    @BeforeAll
    static void write() throws Exception {
        values = dir.resolve("values.parquet");
        wide = dir.resolve("wide.parquet");
        DuckDb.execute("COPY (SELECT * FROM (VALUES (1, NULL, NULL, 9223372036854775807, 12345678901234567890.1234567891),"
                + " (2, 'null', 'ab'::BLOB, -9223372036854775808, -0.0000000001),"
                + " (3, 'NULL', '\\xFF'::BLOB, 9007199254740993, NULL),"
                + " (4, '', ''::BLOB, NULL, 1.5),"
                + " (5, '中文字', NULL, 0, 0),"
                + " (6, '''quoted', NULL, 1, 1)) t(id, s, b, big, d)"
                + ") TO '" + values + "' (FORMAT PARQUET)");
        DuckDb.execute("COPY (SELECT range AS id, CASE WHEN range = 2999 THEN '😀😀😀😀😀😀 very wide' ELSE 'v' || range % 10 END"
                + " AS s FROM range(3000)) TO '" + wide + "' (FORMAT PARQUET, ROW_GROUP_SIZE 500)");
    }

    static Cli.Result scan(Path f, String... rest) {
        Cli.Result r = Cli.run(f, "scan", rest);
        assertThat(r.exit()).as(r.toString()).isZero();
        return r;
    }

    @Test
    void csvHasAnEmptyFieldForNullAndQuotesTheEmptyString() {
        List<String> lines = scan(values, "--format", "csv", "--select", "id,s").out().lines().toList();
        assertThat(lines).containsExactly("id,s", "1,", "2,null", "3,NULL", "4,\"\"", "5,中文字", "6,'quoted");
    }

    @Test
    void jsonlHasNullAndTheString() throws Exception {
        List<String> lines = scan(values, "--format", "jsonl", "--select", "s").out().lines().toList();
        assertThat(lines).containsExactly("{\"s\": null}", "{\"s\": \"null\"}", "{\"s\": \"NULL\"}", "{\"s\": \"\"}",
                "{\"s\": \"中文字\"}", "{\"s\": \"'quoted\"}");
    }

    @Test
    void theTableShowsNullBareAndAStringThatReadsAsNullQuoted() {
        List<String> lines = scan(values, "--select", "id,s").out().lines().toList();
        assertThat(lines.get(0)).startsWith("id").contains("s");
        int at = lines.get(0).indexOf('s');
        assertThat(lines.subList(1, lines.size()).stream().map(l -> l.length() <= at ? "" : l.substring(at)).toList())
                .containsExactly("NULL", "'null'", "'NULL'", "", "中文字", "'''quoted'");
    }

    @Test
    void binaryIsHexUnlessAskedForText() {
        assertThat(scan(values, "--format", "csv", "--select", "b").out().lines().toList())
                .containsExactly("b", "", "0x6162", "0xff", "0x", "", "");
        assertThat(scan(values, "--format", "csv", "--select", "b", "--binary-as-string").out().lines().toList())
                .as("text where it is UTF-8, hex where it is not").containsExactly("b", "", "ab", "0xff", "\"\"", "", "");
        assertThat(scan(values, "--format", "jsonl", "--select", "b", "--binary-as-string").out().lines().toList())
                .element(1).isEqualTo("{\"b\": \"ab\"}");
    }

    @Test
    void int64AndDecimalsAreExactJsonNumbers() throws Exception {
        ObjectMapper m = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);
        List<JsonNode> rows = scan(values, "--format", "jsonl", "--select", "big,d").out().lines().map(l -> {
            try {
                return m.readTree(l);
            } catch (Exception e) {
                throw new AssertionError(l, e);
            }
        }).toList();
        assertThat(rows.get(0).get("big").bigIntegerValue()).isEqualTo(BigInteger.valueOf(Long.MAX_VALUE));
        assertThat(rows.get(1).get("big").bigIntegerValue()).isEqualTo(BigInteger.valueOf(Long.MIN_VALUE));
        assertThat(rows.get(2).get("big").isNumber()).isTrue();
        assertThat(rows.get(2).get("big").bigIntegerValue()).isEqualTo(BigInteger.valueOf(9007199254740993L)); // 2^53 + 1
        assertThat(rows.get(0).get("d").decimalValue()).isEqualByComparingTo(new BigDecimal("12345678901234567890.1234567891"));
        assertThat(rows.get(1).get("d").decimalValue()).isEqualByComparingTo(new BigDecimal("-0.0000000001"));
        assertThat(rows.get(2).get("d").isNull()).isTrue();
    }

    @Test
    void tableColumnsKeepOneWidthOverEveryBatchAndCountWideCharactersTwice() {
        List<String> lines = scan(wide).out().lines().toList();
        assertThat(lines).hasSize(3001);
        int at = lines.get(0).indexOf('s');
        for (String l : lines.subList(1, lines.size())) {
            assertThat(Width.of(l.substring(0, at))).as(l).isEqualTo(at);
        }
        // the wide value comes after the rows the widths were chosen from: cut, and said so
        assertThat(lines.get(3000)).endsWith("…");
        assertThat(Width.of("😀中a")).isEqualTo(5);
        assertThat(Width.of("e\u0301")).isEqualTo(1);
        // a wide value among the sampled rows widens its column by its display width
        List<String> cjk = scan(values, "--select", "s,id").out().lines().toList();
        int idAt = Width.of(cjk.get(0).substring(0, cjk.get(0).indexOf("id")));
        for (String l : cjk.subList(1, cjk.size())) {
            assertThat(Width.of(l) - Width.of(l.strip().substring(l.strip().lastIndexOf(' ') + 1)))
                    .as(l).isEqualTo(idAt + ("id".length() - 1));
        }
    }

    @Test
    void limitMustBeZeroOrMore() {
        Cli.Result r = Cli.run(values, "scan", "--limit", "-1");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--limit must be 0 or more");
        assertThat(Cli.run(values, "scan", "--limit", "x").exit()).isEqualTo(2);
        assertThat(scan(values, "--limit", "0", "--format", "csv").out().lines().toList()).hasSize(1);
        assertThat(scan(values, "--limit", "2", "--format", "csv").out().lines().toList()).hasSize(3);
    }

    @Test
    void anOutputThatCannotBeWrittenIsNamedNotTheInput() throws Exception {
        Path out = dir.resolve("no-such-dir").resolve("map.html");
        Cli.Result r = Cli.run(Cli.SORTED, "map", "-o", out.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).startsWith("pqlab: cannot write " + out + ": no such directory")
                .doesNotContain(Cli.SORTED.toString()).doesNotContain("null");
        assertThat(Files.exists(out)).isFalse();
    }
}
