package io.pqlab.fuzz;

import io.pqlab.ParquetFile;
import io.pqlab.internal.compress.Decompressor;
import io.pqlab.internal.encoding.RleBitPackedDecoder;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.Footer;
import io.pqlab.schema.LogicalType;
import io.pqlab.internal.format.PageHeader;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.column.ChunkPages;
import io.pqlab.schema.SchemaElement;
import io.pqlab.io.ByteSource;
import io.pqlab.io.BytesSource;
import io.pqlab.internal.pages.PageInfo;
import io.pqlab.schema.ColumnDescriptor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Writes the committed seed corpus of every fuzz target from the fixtures, in each target's input
 * layout. Run from core/ after a fixture or a layout changes:
 *
 * <pre>
 * mvn -B -ntp -q -pl core -am test-compile
 * (cd core &amp;&amp; java -cp "target/test-classes:target/classes:$(cat target/test-cp.txt)" io.pqlab.fuzz.Seeds)
 * </pre>
 *
 * ({@code mvn -pl core dependency:build-classpath -Dmdep.outputFile=target/test-cp.txt} writes the
 * class path.) Seeds are named {@code seed-<what>}; files the fuzzer adds ({@code crash-*}, or
 * inputs copied from its corpus) are left alone.
 */
public final class Seeds {
    static final Path ROOT = Path.of("src", "test", "resources", "io", "pqlab", "fuzz");
    /** Seeds larger than this fuzz slowly. */
    static final int MAX_SEED = 12 * 1024;
    /** Per target: enough variety without a large corpus to replay in every run. */
    static final int MAX_PER_TARGET = 60;
    /** Per target and fixture, so that every fixture's encodings and codecs are represented. */
    static final int MAX_PER_FIXTURE = 5;

    private final Map<String, Integer> counts = new HashMap<>();
    private final Set<String> written = new HashSet<>();
    private String fixture = "";

    public static void main(String[] args) throws Exception {
        new Seeds().run();
    }

    void run() throws Exception {
        clean();
        List<Path> all = new ArrayList<>();
        try (Stream<Path> s = Files.list(Fixtures.DATA)) {
            s.filter(p -> p.toString().endsWith(".parquet")).sorted().forEach(all::add);
        }
        try (Stream<Path> s = Files.list(io.pqlab.fixtures.Fixtures.ROOT)) {
            s.filter(p -> p.toString().endsWith(".parquet")).sorted().forEach(all::add);
        }
        try (Stream<Path> s = Files.list(io.pqlab.fixtures.Fixtures.BAD_DATA)) {
            s.filter(p -> p.toString().endsWith(".parquet")).sorted().forEach(p -> {
                byte[] b = Fixtures.read(p);
                if (b.length <= MAX_SEED) {
                    write("FileFuzzTestInputs", "seed-bad-" + name(p), b);
                }
            });
        }
        for (int i = 0; i < Fixtures.SMALL.size(); i++) {
            Path p = Fixtures.SMALL.get(i);
            byte[] b = Fixtures.read(p);
            write("FileFuzzTestInputs", "seed-" + name(p), b);
            int len = FooterFuzzTest.footerLength(b);
            byte[] footer = java.util.Arrays.copyOfRange(b, b.length - 8 - len, b.length - 8);
            write("FooterFuzzTestInputs/footer", "seed-" + name(p), cat(new byte[] {(byte) i}, footer));
        }
        for (Path p : all) {
            fromFile(p);
        }
        fixture = "";
        conditions();
        counts.forEach((k, v) -> {
            if (!k.contains("@")) {
                System.out.println(k + ": " + v);
            }
        });
    }

    private void fromFile(Path path) throws IOException {
        byte[] bytes = Fixtures.read(path);
        String n = name(path);
        fixture = n;
        ByteSource src = new BytesSource(n, bytes);
        ParquetFile f;
        try {
            f = ParquetFile.open(src);
        } catch (RuntimeException e) {
            return; // encrypted or malformed: its bytes are a FileFuzzTest seed at most
        }
        Footer footer = ParquetFiles.footer(f);
        write("ThriftFuzzTestInputs/metadata", "seed-" + n,
                src.read(footer.metadataOffset(), footer.metadataLength(), "footer"));
        write("SchemaFuzzTestInputs/schema", "seed-" + n, schema(f.schema().elements()));
        for (int g = 0; g < f.rowGroupCount() && g < 2; g++) {
            for (int c = 0; c < f.schema().columnCount(); c++) {
                try {
                    chunk(src, f, g, c, n + "-" + g + "-" + c);
                } catch (RuntimeException e) {
                    // a chunk the library rejects gives no seeds
                }
            }
        }
    }

    private void chunk(ByteSource src, ParquetFile f, int g, int c, String n) throws IOException {
        ColumnChunk cc = ParquetFiles.chunk(f, g, c);
        ColumnMetaData md = cc.metaData();
        ColumnDescriptor col = f.schema().column(c);
        int type = col.type().ordinal();
        int typeLength = Math.max(col.typeLength(), 0);
        long start = md.chunkStart();
        long size = md.totalCompressedSize();
        if (size <= MAX_SEED) {
            byte[] head = new byte[12];
            head[0] = (byte) col.maxRepetitionLevel();
            head[1] = (byte) type;
            head[2] = (byte) typeLength;
            head[3] = (byte) md.codec();
            putLong(head, 4, md.numValues());
            write("PageWalkerFuzzTestInputs/pages", "seed-" + n, cat(head, src.read(start, size, "chunk")));
        }
        if (cc.hasOffsetIndex()) {
            byte[] oi = src.read(cc.offsetIndexOffset(), cc.offsetIndexLength(), "oi");
            byte[] ci = cc.hasColumnIndex() ? src.read(cc.columnIndexOffset(), cc.columnIndexLength(), "ci")
                    : new byte[0];
            byte[] head = new byte[32];
            putLong(head, 0, start);
            putLong(head, 8, size);
            putLong(head, 16, ParquetFiles.rowGroup(f, g).numRows());
            head[24] = (byte) type;
            head[25] = (byte) typeLength;
            head[26] = (byte) col.maxRepetitionLevel();
            head[27] = (byte) col.maxDefinitionLevel();
            putInt(head, 28, ci.length);
            write("ThriftFuzzTestInputs/pageIndex", "seed-" + n, cat(head, ci, oi));
        }
        if (md.hasBloomFilter() && md.bloomFilterOffset() < src.size()) {
            long len = md.bloomFilterLength() > 0 ? md.bloomFilterLength() : Math.min(src.size() - md.bloomFilterOffset(),
                    4096);
            byte[] head = new byte[5];
            head[0] = (byte) (md.bloomFilterLength() > 0 ? 1 : 0);
            putInt(head, 1, md.bloomFilterLength());
            write("ThriftFuzzTestInputs/bloomFilter", "seed-" + n,
                    cat(head, src.read(md.bloomFilterOffset(), len, "bloom")));
        }
        byte[] dictionary = null;
        int dictCount = 0;
        int pages = 0;
        for (PageInfo p : ChunkPages.pages(f, g, c)) {
            if (pages++ >= 3) {
                break;
            }
            write("ThriftFuzzTestInputs/pageHeader", "seed-" + n + "-" + pages,
                    src.read(p.offset(), p.headerLength(), "header"));
            byte[] body = src.read(p.bodyOffset(), p.compressedSize(), "body");
            PageHeader h = p.header();
            int levels = h.dataPageHeaderV2() == null ? 0
                    : h.dataPageHeaderV2().definitionLevelsByteLength() + h.dataPageHeaderV2().repetitionLevelsByteLength();
            boolean compressed = h.dataPageHeaderV2() == null || h.dataPageHeaderV2().compressed();
            byte[] head = new byte[5];
            head[0] = (byte) md.codec();
            putInt(head, 1, p.uncompressedSize() - levels);
            byte[] stored = java.util.Arrays.copyOfRange(body, levels, body.length);
            if (compressed) {
                write("DecodeFuzzTestInputs/decompress", "seed-" + n + "-" + pages, cat(head, stored));
            }
            byte[] values;
            try (Decompressor d = new Decompressor()) {
                values = compressed ? d.decompress(md.codec(), stored, 0, stored.length, p.uncompressedSize() - levels,
                        0) : stored;
            }
            if (values.length > MAX_SEED) {
                continue;
            }
            if (p.isDictionaryPage()) {
                dictionary = values;
                dictCount = h.dictionaryPageHeader().numValues();
                byte[] dh = new byte[6];
                dh[0] = (byte) type;
                dh[1] = (byte) typeLength;
                putInt(dh, 2, dictCount);
                write("DecodeFuzzTestInputs/dictionary", "seed-" + n, cat(dh, values));
                continue;
            }
            int nonNull;
            int valuesStart;
            if (h.dataPageHeaderV2() != null) {
                nonNull = h.dataPageHeaderV2().numValues() - h.dataPageHeaderV2().numNulls();
                valuesStart = 0;
                if (h.dataPageHeaderV2().definitionLevelsByteLength() > 0) {
                    int at = h.dataPageHeaderV2().repetitionLevelsByteLength();
                    byte[] def = java.util.Arrays.copyOfRange(body, at, at + h.dataPageHeaderV2().definitionLevelsByteLength());
                    write("DecodeFuzzTestInputs/levels", "seed-" + n + "-" + pages,
                            cat(new byte[] {0, (byte) bits(col.maxDefinitionLevel())}, u16(h.numValues()), def));
                }
            } else if (col.maxRepetitionLevel() == 0) {
                valuesStart = 0;
                nonNull = h.numValues();
                if (col.maxDefinitionLevel() > 0) {
                    int w = bits(col.maxDefinitionLevel());
                    RleBitPackedDecoder d = new RleBitPackedDecoder();
                    valuesStart = d.initLengthPrefixed(values, 0, values.length, w, 0);
                    int[] lv = new int[h.numValues()];
                    d.readInts(lv, 0, lv.length);
                    nonNull = 0;
                    for (int v : lv) {
                        nonNull += v == col.maxDefinitionLevel() ? 1 : 0;
                    }
                    write("DecodeFuzzTestInputs/levels", "seed-" + n + "-" + pages,
                            cat(new byte[] {1, (byte) w}, u16(h.numValues()),
                                    java.util.Arrays.copyOf(values, valuesStart)));
                }
            } else {
                continue; // repeated v1 pages: their values start after two level sections
            }
            int enc = h.encoding();
            boolean dict = enc == 2 || enc == 8;
            byte[] dictBytes = dict && dictionary != null ? dictionary : new byte[0];
            byte[] vh = new byte[9];
            vh[0] = (byte) enc;
            vh[1] = (byte) type;
            vh[2] = (byte) typeLength;
            putShort(vh, 3, nonNull);
            putShort(vh, 5, dict ? dictCount : 0);
            putShort(vh, 7, dictBytes.length);
            byte[] section = java.util.Arrays.copyOfRange(values, valuesStart, values.length);
            write("DecodeFuzzTestInputs/values", "seed-" + n + "-" + pages, cat(vh, dictBytes, section));
            if (dict && section.length > 0) {
                write("DecodeFuzzTestInputs/levels", "seed-idx-" + n + "-" + pages,
                        cat(new byte[] {2, 0}, u16(nonNull), section));
            }
        }
    }

    /** LogicalType members in SchemaFuzzTest's kind order (kind = index + 1). */
    private static final Class<?>[] KINDS = {LogicalType.StringType.class, LogicalType.MapType.class,
        LogicalType.ListType.class, LogicalType.EnumType.class, LogicalType.DecimalType.class,
        LogicalType.DateType.class, LogicalType.TimeType.class, LogicalType.TimestampType.class,
        LogicalType.IntType.class, LogicalType.NullType.class, LogicalType.JsonType.class,
        LogicalType.BsonType.class, LogicalType.UuidType.class, LogicalType.Float16Type.class,
        LogicalType.VariantType.class, LogicalType.GeometryType.class, LogicalType.GeographyType.class};

    /** The schema elements in SchemaFuzzTest's layout. */
    static byte[] schema(List<SchemaElement> elements) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(Math.min(elements.size(), 255));
        for (SchemaElement e : elements) {
            out.write(e.typeCode() < 0 ? 255 : e.typeCode());
            out.write(e.typeLength() < 0 ? 255 : e.typeLength());
            out.write(e.repetition() == null ? 255 : e.repetition().ordinal());
            out.write(e.numChildren() < 0 ? 255 : e.numChildren());
            out.write(e.convertedType() == null ? 255 : e.convertedType().ordinal());
            LogicalType t = e.logicalType();
            int kind = 0;
            int param = 0;
            if (t != null) {
                kind = 18;
                for (int k = 0; k < KINDS.length; k++) {
                    if (KINDS[k].isInstance(t)) {
                        kind = k + 1;
                    }
                }
                if (t instanceof LogicalType.IntType it) {
                    param = it.bitWidth() | (it.signed() ? 0x80 : 0);
                } else if (t instanceof LogicalType.TimestampType ts) {
                    param = ts.unit().ordinal() | (ts.adjustedToUtc() ? 0x80 : 0);
                } else if (t instanceof LogicalType.TimeType tt) {
                    param = tt.unit().ordinal() | (tt.adjustedToUtc() ? 0x80 : 0);
                }
            }
            out.write(kind);
            out.write(e.scale() < 0 ? 255 : Math.min(e.scale(), 254));
            out.write(e.precision() < 0 ? 255 : Math.min(e.precision(), 254));
            out.write(param);
            byte[] name = e.name().getBytes(StandardCharsets.UTF_8);
            int len = Math.min(name.length, 15);
            out.write(len);
            out.write(name, 0, len);
        }
        return out.toByteArray();
    }

    private void conditions() {
        String[] cs = {
            "order_id = 431", "a = 1 AND b < 2.5 OR NOT c >= -3", "x BETWEEN 1 AND 10", "x NOT BETWEEN 'a' AND 'b'",
            "name LIKE 'ab%c_d' ESCAPE '\\'", "name NOT LIKE '%x%'", "v IN (1, 2, 3)", "v NOT IN ('a', 'b')",
            "v IS NULL", "v IS NOT NULL", "d = DATE '2024-02-29'", "t < TIME '12:34:56.789'",
            "ts >= TIMESTAMP '2024-01-01 00:00:00.123456+05:30'", "ts = TIMESTAMP '2024-01-01T10:00:00Z'",
            "b = X'DEADbeef'", "f = NaN", "f > -Infinity", "f < +Infinity", "\"quoted name\".\"x\" = 'it''s'",
            "a.b.c = TRUE", "flag = false", "1 < a", "'x' = s", "NOT (a = 1 OR (b = 2 AND NOT c = 3))",
            "((((a = 1))))", "n = 99999999999999999999999999", "n = 1e308", "n = -0.0", "n = 1.5e-10",
            "price <> 12.50", "price != 0", "s = 'ünïcødé ✓'", "s = ''", "a = 1 and b = 2 or c = 3",
            "x in (1)", "x = 0x10", "a = ", "= 1", "a = 'unterminated", "a BETWEEN 1", "a IN ()", "(a = 1",
            "a = 1)", "a LIKE 'x' ESCAPE 'ab'", "d = DATE '2024-13-01'", "b = X'ABC'", "NOT NOT NOT a = 1",
        };
        for (String c : cs) {
            write("ConditionFuzzTestInputs/parse", "seed-" + sha(c.getBytes(StandardCharsets.UTF_8)).substring(0, 12),
                    c.getBytes(StandardCharsets.UTF_8));
        }
        // UTF-16 with an unpaired surrogate
        write("ConditionFuzzTestInputs/parse", "seed-utf16-surrogate",
                cat(new byte[] {(byte) 0xFF}, "a = '\uD800'".getBytes(StandardCharsets.UTF_16LE)));
    }

    // ---- helpers -----------------------------------------------------------------------------

    private void write(String dir, String name, byte[] bytes) {
        if (bytes.length > MAX_SEED || counts.getOrDefault(dir, 0) >= MAX_PER_TARGET
                || !fixture.isEmpty() && counts.getOrDefault(dir + "@" + fixture, 0) >= MAX_PER_FIXTURE) {
            return;
        }
        if (!written.add(dir + "/" + sha(bytes))) {
            return; // the same bytes under another name
        }
        try {
            Path d = ROOT.resolve(dir);
            Files.createDirectories(d);
            Files.write(d.resolve(name), bytes);
            counts.merge(dir, 1, Integer::sum);
            counts.merge(dir + "@" + fixture, 1, Integer::sum);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void clean() throws IOException {
        if (!Files.isDirectory(ROOT)) {
            return;
        }
        try (Stream<Path> s = Files.walk(ROOT)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                if (p.getFileName().toString().startsWith("seed-")) {
                    Files.delete(p);
                }
            }
        }
    }

    private static String name(Path p) {
        return p.getFileName().toString().replace(".parquet", "");
    }

    private static int bits(int max) {
        return 32 - Integer.numberOfLeadingZeros(max);
    }

    private static byte[] cat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.write(p, 0, p.length);
        }
        return out.toByteArray();
    }

    private static byte[] u16(int v) {
        return new byte[] {(byte) v, (byte) (v >>> 8)};
    }

    private static void putShort(byte[] b, int at, int v) {
        b[at] = (byte) v;
        b[at + 1] = (byte) (v >>> 8);
    }

    private static void putInt(byte[] b, int at, int v) {
        putShort(b, at, v);
        putShort(b, at + 2, v >>> 16);
    }

    private static void putLong(byte[] b, int at, long v) {
        putInt(b, at, (int) v);
        putInt(b, at + 4, (int) (v >>> 32));
    }

    private static String sha(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
