package io.pqlab.internal.column;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.oracle.ParquetJava;
import io.pqlab.internal.values.ValueFormat;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Values of every logical type, written from Java values (LocalDateTime, BigDecimal, UUID, ...)
 * into one-column files, decoded by pqlab and printed: the text is what the standard Java types
 * print for the source values (ISO dates and times, plain decimals), and the JSON token is a
 * number exactly where the value is one, else a string; DuckDB checks that the tokens are JSON.
 */
class LogicalValuesTest {
    @TempDir
    Path dir;

    private static final DateTimeFormatter ISO = DateTimeFormatter.ISO_LOCAL_DATE_TIME;

    /** One column: its schema, its values in PLAIN form, what each should print as, and its kind. */
    record Case(String name, String schema, List<byte[]> plain, List<String> expected, boolean numeric) {}

    private final List<Case> cases = new ArrayList<>();

    private void add(String name, String leaf, boolean numeric, Object... pairs) {
        List<byte[]> plain = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < pairs.length; i += 2) {
            plain.add((byte[]) pairs[i]);
            expected.add((String) pairs[i + 1]);
        }
        cases.add(new Case(name, "message m { required " + leaf + "; }", plain, expected, numeric));
    }

    private static byte[] i32(long v) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt((int) v).array();
    }

    private static byte[] i64(long v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Big-endian two's complement, sign-extended to width (or minimal for width 0). */
    private static byte[] be(BigInteger v, int width) {
        byte[] m = v.toByteArray();
        if (width == 0) {
            return m;
        }
        byte[] out = new byte[width];
        java.util.Arrays.fill(out, (byte) (v.signum() < 0 ? 0xFF : 0));
        System.arraycopy(m, 0, out, width - m.length, m.length);
        return out;
    }

    private static String ts(LocalDateTime t, boolean utc) {
        return t.format(ISO) + (utc ? "Z" : "");
    }

    private void cases() {
        add("i32", "int32 v", true, i32(-5), "-5", i32(Integer.MAX_VALUE), "2147483647");
        add("i8", "int32 v (INTEGER(8,true))", true, i32(-128), "-128", i32(127), "127");
        add("u32", "int32 v (INTEGER(32,false))", true, i32(0xFFFF_FFFFL), "4294967295", i32(7), "7");
        add("u16legacy", "int32 v (UINT_16)", true, i32(65535), "65535");
        add("u64", "int64 v (INTEGER(64,false))", true, i64(-1), new BigInteger("18446744073709551615").toString(),
                i64(3), "3");
        add("i64", "int64 v", true, i64(Long.MIN_VALUE), Long.toString(Long.MIN_VALUE));
        add("dec32", "int32 v (DECIMAL(9,2))", true, i32(12345), new BigDecimal("123.45").toPlainString(), i32(-5),
                "-0.05");
        add("dec64", "int64 v (DECIMAL(18,4))", true, i64(-123456789012L),
                new BigDecimal("-12345678.9012").toPlainString());
        BigDecimal d1 = new BigDecimal("-1234567.891");
        add("decflba", "fixed_len_byte_array(5) v (DECIMAL(10,3))", true, be(d1.unscaledValue(), 5), d1.toPlainString(),
                be(BigInteger.valueOf(5), 5), "0.005");
        BigDecimal d2 = new BigDecimal("123456789012345678.90");
        add("decbin", "binary v (DECIMAL(20,2))", true, be(d2.unscaledValue(), 0), d2.toPlainString());
        LocalDate day = LocalDate.of(2024, 2, 29);
        LocalDate old = LocalDate.of(1601, 1, 1);
        add("date", "int32 v (DATE)", false, i32(day.toEpochDay()), day.toString(), i32(old.toEpochDay()),
                old.toString());
        LocalTime t1 = LocalTime.of(1, 2, 3, 4_000_000);
        add("timems", "int32 v (TIME(MILLIS,true))", false, i32(t1.toNanoOfDay() / 1_000_000), "01:02:03.004");
        LocalTime t2 = LocalTime.of(23, 59, 0);
        add("timeus", "int64 v (TIME(MICROS,false))", false, i64(t2.toNanoOfDay() / 1000), "23:59:00");
        LocalTime t3 = LocalTime.of(0, 0, 0, 1);
        add("timens", "int64 v (TIME(NANOS,false))", false, i64(t3.toNanoOfDay()), "00:00:00.000000001");
        LocalDateTime a = LocalDateTime.of(2020, 1, 2, 3, 4, 5, 678_000_000);
        LocalDateTime b = LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_000_000);
        LocalDateTime epoch = LocalDateTime.of(1970, 1, 1, 0, 0);
        add("tsms", "int64 v (TIMESTAMP(MILLIS,true))", false, i64(ChronoUnit.MILLIS.between(epoch, a)), ts(a, true),
                i64(ChronoUnit.MILLIS.between(epoch, b)), ts(b, true));
        LocalDateTime c = LocalDateTime.of(2262, 4, 11, 0, 0, 0, 123_456_000);
        add("tsus", "int64 v (TIMESTAMP(MICROS,false))", false, i64(ChronoUnit.MICROS.between(epoch, c)), ts(c, false),
                i64(0), ts(epoch, false));
        LocalDateTime e = LocalDateTime.of(1900, 6, 30, 12, 0, 0, 1);
        add("tsns", "int64 v (TIMESTAMP(NANOS,true))", false, i64(ChronoUnit.NANOS.between(epoch, e)), ts(e, true));
        add("tslegacy", "int64 v (TIMESTAMP_MILLIS)", false, i64(ChronoUnit.MILLIS.between(epoch, a)), ts(a, true));
        LocalDateTime f = LocalDateTime.of(2009, 3, 1, 0, 1, 0);
        add("int96", "int96 v", false, int96(f), ts(f, false), int96(b), ts(b, false));
        add("f16", "fixed_len_byte_array(2) v (FLOAT16)", true, new byte[] {0x00, 0x3C}, "1.0",
                new byte[] {0x00, (byte) 0xC0}, "-2.0", new byte[] {0x00, 0x7E}, "NaN");
        UUID u = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
        add("uuid", "fixed_len_byte_array(16) v (UUID)", false,
                ByteBuffer.allocate(16).putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits())
                        .array(),
                u.toString());
        add("string", "binary v (STRING)", false, utf8("héllo \"q\"\n"), "héllo \"q\"\n", utf8(""), "",
                new byte[] {(byte) 0xC3}, "0xc3");
        add("enum", "binary v (ENUM)", false, utf8("RED"), "RED");
        add("json", "binary v (JSON)", false, utf8("{\"a\":1}"), "{\"a\":1}");
        add("binary", "binary v", false, new byte[] {1, (byte) 0xAB}, "0x" + HexFormat.of().formatHex(new byte[] {1,
            (byte) 0xAB}));
        add("flba", "fixed_len_byte_array(3) v", false, new byte[] {0, 1, 2}, "0x000102");
        add("interval", "fixed_len_byte_array(12) v (INTERVAL)", false, interval(14, 3, 4500),
                Duration.ofDays(3).plusMillis(4500).toString().replace("PT72H", "P14M3DT"));
        add("bool", "boolean v", false, new byte[] {1}, "true", new byte[] {0}, "false");
        add("double", "double v", true, i64(Double.doubleToLongBits(0.1)), "0.1",
                i64(Double.doubleToLongBits(-1e300)), Double.toString(-1e300),
                i64(Double.doubleToLongBits(Double.NaN)), "NaN",
                i64(Double.doubleToLongBits(Double.NEGATIVE_INFINITY)), "-Infinity");
        add("float", "float v", true, i32(Float.floatToIntBits(1.5f)), "1.5");
    }

    private static byte[] int96(LocalDateTime t) {
        long julian = t.toLocalDate().toEpochDay() + 2_440_588L;
        return ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putLong(t.toLocalTime().toNanoOfDay())
                .putInt((int) julian).array();
    }

    private static byte[] interval(int months, int days, int millis) {
        return ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putInt(months).putInt(days).putInt(millis)
                .array();
    }

    @Test
    void everyLogicalTypePrintsAsItsSourceValueAndAsJson() throws Exception {
        cases();
        int checked = 0;
        List<String> tokens = new ArrayList<>();
        for (Case k : cases) {
            Path file = write(k);
            // the oracle reads back what was written: the file is what the case says
            assertThat(ParquetJava.values(file, 0, 0)).hasSize(k.plain.size());
            try (ParquetFile f = ParquetFile.open(file)) {
                List<ColumnBatch> pages = Chunks.decodeAll(f, 0, 0);
                assertThat(pages).hasSize(1);
                ColumnBatch b = pages.get(0);
                assertThat(b.valueCount()).isEqualTo(k.plain.size());
                for (int v = 0; v < b.valueCount(); v++) {
                    assertThat(b.plain(v)).as(k.name + " " + v).isEqualTo(k.plain.get(v));
                    assertThat(b.format(v)).as(k.name + " " + v).isEqualTo(k.expected.get(v));
                    String json = b.json(v);
                    tokens.add(json);
                    boolean number = k.numeric && !k.expected.get(v).matches("-?(NaN|Infinity)");
                    if (number) {
                        assertThat(new BigDecimal(json)).as(k.name + " json " + json)
                                .isEqualByComparingTo(new BigDecimal(k.expected.get(v)));
                    } else if (k.name.equals("bool")) {
                        assertThat(json).isEqualTo(k.expected.get(v));
                    } else {
                        assertThat(json).as(k.name + " json").startsWith("\"").endsWith("\"");
                    }
                    checked++;
                }
            }
        }
        assertThat(checked).isEqualTo(cases.stream().mapToInt(k -> k.plain.size()).sum()).isGreaterThan(40);
        // DuckDB: every token is JSON, and a string token holds the printed text
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
                PreparedStatement ps = db.prepareStatement("SELECT json_valid(?), (?::JSON)->>'$'")) {
            for (String t : tokens) {
                ps.setString(1, t);
                ps.setString(2, t);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    assertThat(rs.getBoolean(1)).as(t).isTrue();
                    if (t.startsWith("\"")) {
                        String text = rs.getString(2);
                        assertThat(ValueFormat.jsonString(text)).as(t).isEqualTo(t);
                    }
                }
            }
        }
    }

    /** A one-column, one-page file holding the case's PLAIN values. */
    private Path write(Case k) throws Exception {
        MessageType type = MessageTypeParser.parseMessageType(k.schema);
        ColumnDescriptor col = type.getColumns().get(0);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        boolean bool = col.getPrimitiveType().getPrimitiveTypeName().name().equals("BOOLEAN");
        boolean binary = col.getPrimitiveType().getPrimitiveTypeName().name().equals("BINARY");
        if (bool) {
            int bits = 0;
            for (int i = 0; i < k.plain.size(); i++) {
                bits |= (k.plain.get(i)[0] & 1) << i;
            }
            body.write(bits);
        } else {
            for (byte[] v : k.plain) {
                if (binary) {
                    body.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v.length).array());
                }
                body.write(v);
            }
        }
        Path file = dir.resolve(k.name + ".parquet");
        ParquetFileWriter w = new ParquetFileWriter(new LocalOutputFile(file), type, ParquetFileWriter.Mode.CREATE,
                1 << 20, 0, 64, 64, false);
        w.start();
        w.startBlock(k.plain.size());
        w.startColumn(col, k.plain.size(), CompressionCodecName.UNCOMPRESSED);
        byte[] bytes = body.toByteArray();
        w.writeDataPage(k.plain.size(), bytes.length, BytesInput.from(bytes),
                Statistics.createStats(col.getPrimitiveType()),
                k.plain.size(), Encoding.BIT_PACKED, Encoding.BIT_PACKED, Encoding.PLAIN);
        w.endColumn();
        w.endBlock();
        w.end(new HashMap<>());
        return file;
    }

}
