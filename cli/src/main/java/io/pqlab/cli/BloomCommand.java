package io.pqlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqlab.ParquetFile;
import io.pqlab.internal.bloom.BloomFilter;
import io.pqlab.internal.bloom.BloomFilterReader;
import io.pqlab.internal.bloom.BloomFilterResult;
import io.pqlab.internal.bloom.Probe;
import io.pqlab.internal.bloom.XxHash64;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.schema.PhysicalType;
import io.pqlab.predicate.Condition;
import io.pqlab.predicate.ConditionException;
import io.pqlab.predicate.Expr;
import io.pqlab.predicate.Literal;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.internal.values.ColumnType;
import io.pqlab.internal.values.LiteralConversion;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code pqlab bloom FILE COLUMN VALUE...}: probe each row group's Bloom filter, step by step. */
@Command(
        name = "bloom",
        mixinStandardHelpOptions = true,
        description = {
            "Probe a column's Bloom filters for one value or several, row group by row group, showing each step: "
                    + "the filter's place and size, the value's PLAIN bytes and their xxHash64, the block "
                    + "the hash picks, the bit it tests in each of the block's eight words, and the verdict. "
                    + "One clear bit proves the value absent; all eight set means it may be there.",
            "VALUE is written as in a condition (424242, 'SE', DATE '2024-01-01', X'00ff') and "
                    + "converted exactly to the column's type; a bare word is taken as text for a string column. "
                    + "For a floating-point zero both +0 and -0 are probed.",
            "With several values, one table: each value's verdict in each row group (--json has every step)."
        })
final class BloomCommand extends FileCommand {
    /** What the condition parser is handed before VALUE, so that VALUE parses as a literal. */
    private static final String PREFIX = "x = ";
    private static final java.util.regex.Pattern BARE_WORD = java.util.regex.Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*");

    @Parameters(index = "1", paramLabel = "COLUMN", description = "A dotted path or a leaf index (see 'pqlab schema').")
    String column;

    @Parameters(index = "2..*", arity = "1..*", paramLabel = "VALUE", description = "The values to look for.")
    List<String> values;

    @Option(names = "--row-group", paramLabel = "N", description = "Only row group N (0-based); default: all.")
    Integer rowGroup;

    /** One value to probe: what it is, its PLAIN bytes, and which VALUE it stands for. */
    private record Hashed(String label, byte[] plain, long hash, int asked) {}

    @Override
    void build(ParquetFile pf, ObjectNode a) throws Exception {
        ColumnDescriptor c = Columns.resolve(pf.schema(), column);
        ColumnType type = Columns.type(c);
        a.set("column", Columns.describe(c));
        a.put("value", values.get(0));
        ArrayNode vn = a.putArray("values");
        List<Hashed> hashed = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            vn.add(values.get(i));
            hashed.addAll(hashed(plainBytes(values.get(i), type), type, i));
        }
        ArrayNode hn = a.putArray("hashed");
        for (Hashed h : hashed) {
            ObjectNode n = hn.addObject();
            n.put("value", h.label());
            n.put("asked", h.asked());
            n.put("plain_hex", HexFormat.of().formatHex(h.plain()));
            n.put("xxhash64", String.format("%016x", h.hash()));
        }
        ArrayNode groups = a.putArray("row_groups");
        for (int g : rowGroups(pf, rowGroup)) {
            groups.add(rowGroup(pf, g, c, hashed, values.size()));
        }
    }

    private static ObjectNode rowGroup(ParquetFile pf, int g, ColumnDescriptor c, List<Hashed> hashed, int asked)
            throws Exception {
        ObjectNode n = Json.object();
        n.put("row_group", g);
        ColumnChunk cc = ParquetFiles.chunk(pf, g, c.index());
        ColumnMetaData md = cc.metaData();
        n.set("bloom_filter_span", Json.span(md.bloomFilterOffset(), md.hasBloomFilter() ? md.bloomFilterLength() : -1));
        BloomFilterResult r = BloomFilterReader.read(pf.source(), cc);
        if (r == null) {
            n.putNull("bloom_filter");
            n.putNull("ignored_because");
            n.putArray("probes");
            n.put("verdict", "no filter");
            verdicts(n, asked, "no filter", null);
            return n;
        }
        if (!r.usable()) {
            n.putNull("bloom_filter");
            n.put("ignored_because", r.ignoredBecause());
            n.putArray("probes");
            n.put("verdict", "filter ignored");
            verdicts(n, asked, "filter ignored", null);
            return n;
        }
        BloomFilter f = r.filter();
        ObjectNode fn = n.putObject("bloom_filter");
        fn.put("offset", f.headerOffset());
        fn.put("header_length", f.headerLength());
        fn.put("bitset_offset", f.bitsetOffset());
        fn.put("bitset_length", f.bitsetLength());
        fn.put("blocks", f.numBlocks());
        n.putNull("ignored_because");
        ArrayNode probes = n.putArray("probes");
        boolean may = false;
        boolean[] mayEach = new boolean[asked];
        for (Hashed h : hashed) {
            Probe p = f.probeHash(h.hash());
            ObjectNode pn = probes.addObject();
            pn.put("value", h.label());
            pn.put("block", p.block());
            pn.put("block_offset", f.blockOffset(p.block()));
            ArrayNode words = pn.putArray("words");
            for (int w = 0; w < BloomFilter.WORDS; w++) {
                ObjectNode wn = words.addObject();
                wn.put("word", w);
                wn.put("bit", p.bitPositions()[w]);
                wn.put("set", p.bitSet()[w]);
            }
            pn.put("may_contain", p.mayContain());
            may |= p.mayContain();
            mayEach[h.asked()] |= p.mayContain();
        }
        n.put("verdict", may ? "may contain" : "absent");
        verdicts(n, asked, null, mayEach);
        return n;
    }

    /** Each VALUE's verdict in this row group: the filter's answer, or why there is none. */
    private static void verdicts(ObjectNode n, int asked, String none, boolean[] may) {
        ArrayNode v = n.putArray("verdicts");
        for (int i = 0; i < asked; i++) {
            v.add(none != null ? none : may[i] ? "may contain" : "absent");
        }
    }

    /**
     * VALUE's PLAIN bytes in the column's type. VALUE is parsed as a condition's literal and
     * converted exactly; a value the column cannot hold exactly is refused, since probing a
     * rounded value would prove nothing about the one asked for.
     */
    static byte[] plainBytes(String value, ColumnType type) {
        Object literal = literal(value, type);
        LiteralConversion.Result r;
        try {
            r = LiteralConversion.convert(literal, type);
        } catch (IllegalArgumentException e) {
            throw new Main.UserError("VALUE " + value + ": " + e.getMessage());
        }
        if (r instanceof LiteralConversion.Result.Exact x) {
            return x.plain();
        }
        String why;
        if (r instanceof LiteralConversion.Result.Between b) {
            why = "it lies between " + io.pqlab.internal.values.ValueFormat.format(b.below(), type) + " and "
                    + io.pqlab.internal.values.ValueFormat.format(b.above(), type);
        } else if (r instanceof LiteralConversion.Result.AboveAll) {
            why = "it is above every value of the type";
        } else if (r instanceof LiteralConversion.Result.BelowAll) {
            why = "it is below every value of the type";
        } else if (r instanceof LiteralConversion.Result.Unequal) {
            why = "it does not have the type's length of " + type.typeLength() + " bytes";
        } else {
            throw new Main.UserError("VALUE " + value + ": NaN has many bit patterns, so a Bloom filter cannot "
                    + "be probed for it");
        }
        throw new Main.UserError("VALUE " + value + " is not a value of " + type.describe() + " (" + why
                + "), so no value in the column can equal it");
    }

    /** VALUE as the Java value LiteralConversion takes. */
    private static Object literal(String value, ColumnType type) {
        Literal lit = null;
        ConditionException error = null;
        try {
            Expr e = Condition.parse(PREFIX + value);
            if (e instanceof Expr.Comparison cmp) {
                lit = cmp.value();
            } else {
                error = new ConditionException("VALUE must be a single value", PREFIX.length());
            }
        } catch (ConditionException e) {
            error = e;
        }
        boolean textual = type.isText() || type.isUuid()
                || type.physical() == PhysicalType.BYTE_ARRAY && !type.isDecimal();
        if (textual && !(lit instanceof Literal.StringLiteral) && !(lit instanceof Literal.BinaryLiteral)) {
            return value; // a bare word (or a number) for a string column means that text
        }
        if (error != null && BARE_WORD.matcher(value).matches()) {
            throw new Main.UserError("VALUE " + value + ": the column is " + type.describe()
                    + ", and a bare word is taken as text only for a string column");
        }
        if (error != null) {
            int at = Math.max(0, error.position() - PREFIX.length());
            throw new BadInput.BadCondition(value, new ConditionException("VALUE: " + error.reason(), at));
        }
        return javaValue(lit);
    }

    static Object javaValue(Literal lit) {
        if (lit instanceof Literal.IntLiteral i) {
            return i.value();
        }
        if (lit instanceof Literal.DecimalLiteral d) {
            return d.value();
        }
        if (lit instanceof Literal.FloatLiteral f) {
            double v = f.value();
            // Keep the written digits where they are finite, so that the conversion is exact.
            return Double.isNaN(v) || Double.isInfinite(v) ? (Object) v : new BigDecimal(f.text());
        }
        if (lit instanceof Literal.StringLiteral s) {
            return s.value();
        }
        if (lit instanceof Literal.BoolLiteral b) {
            return b.value();
        }
        if (lit instanceof Literal.DateLiteral d) {
            return d.value();
        }
        if (lit instanceof Literal.TimeLiteral t) {
            return t.value();
        }
        if (lit instanceof Literal.TimestampLiteral t) {
            return t.offset() == null ? t.value()
                    : t.value().atOffset(t.offset()).withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime();
        }
        return ((Literal.BinaryLiteral) lit).value();
    }

    /**
     * The values to probe: the value itself, and for a floating-point zero the other zero too,
     * since -0.0 and +0.0 are equal but hash differently and a writer may have added either.
     */
    private static List<Hashed> hashed(byte[] plain, ColumnType type, int asked) {
        List<Hashed> out = new ArrayList<>();
        out.add(new Hashed(Columns.format(plain, type), plain, XxHash64.hash(plain), asked));
        byte[] other = otherZero(plain, type);
        if (other != null) {
            out.add(new Hashed(Columns.format(other, type), other, XxHash64.hash(other), asked));
        }
        return out;
    }

    /** The other signed zero's PLAIN bytes, or null if the value is not a floating-point zero. */
    static byte[] otherZero(byte[] plain, ColumnType type) {
        boolean floating = type.physical() == PhysicalType.FLOAT || type.physical() == PhysicalType.DOUBLE
                || type.isFloat16() && plain.length == 2;
        if (!floating) {
            return null;
        }
        // PLAIN is little-endian: the sign is the top bit of the last byte.
        for (int i = 0; i < plain.length - 1; i++) {
            if (plain[i] != 0) {
                return null;
            }
        }
        if ((plain[plain.length - 1] & 0x7F) != 0) {
            return null;
        }
        byte[] other = plain.clone();
        other[other.length - 1] ^= (byte) 0x80;
        return other;
    }

    /** Where a chunk has no filter, or one that cannot be used: it cannot help, other mechanisms still may. */
    private static final String CANNOT_HELP = "the filter cannot help here (statistics, the page index or a "
            + "dictionary still may)";

    /** Several values: a table of verdicts, row group by value. */
    private static void renderMany(ObjectNode a, PrintWriter out) {
        out.println("column " + Columns.heading(a.get("column")));
        List<String> heads = new ArrayList<>(List.of(">row group", "filter"));
        for (JsonNode v : a.get("values")) {
            heads.add(Table.oneLine(v.asText()));
        }
        Table t = new Table(heads.toArray(String[]::new));
        boolean unhelpful = false;
        for (JsonNode g : a.get("row_groups")) {
            List<Object> cells = new ArrayList<>();
            cells.add(g.get("row_group").asInt());
            String verdict = g.get("verdict").asText();
            boolean none = verdict.equals("no filter") || verdict.equals("filter ignored");
            unhelpful |= none;
            cells.add(verdict.equals("no filter") ? "none" : verdict.equals("filter ignored")
                    ? "ignored: " + g.get("ignored_because").asText() : Json.span(g, "bloom_filter_span"));
            for (JsonNode v : g.get("verdicts")) {
                cells.add(none ? "-" : v.asText());
            }
            t.row(cells.toArray());
        }
        t.print(out, "");
        out.println();
        out.println("absent: a bit the value's hash chose is clear, so the row group holds no such value; may contain: "
                + "all eight bits set" + (unhelpful ? "; '-': " + CANNOT_HELP : ""));
    }

    @Override
    void render(ObjectNode a, PrintWriter out) {
        if (a.get("values").size() > 1) {
            renderMany(a, out);
            return;
        }
        out.println("column " + Columns.heading(a.get("column")));
        for (JsonNode h : a.get("hashed")) {
            out.println("value " + Table.oneLine(h.get("value").asText()) + ": PLAIN bytes "
                    + spaced(h.get("plain_hex").asText()) + ", xxHash64 " + h.get("xxhash64").asText());
        }
        for (JsonNode g : a.get("row_groups")) {
            out.println();
            String head = "row group " + g.get("row_group").asInt() + ": ";
            String verdict = g.get("verdict").asText();
            if (verdict.equals("no filter")) {
                out.println(head + "no Bloom filter on this column chunk: " + CANNOT_HELP);
                continue;
            }
            if (verdict.equals("filter ignored")) {
                out.println(head + "Bloom filter at " + Json.span(g, "bloom_filter_span") + " ignored: "
                        + Table.oneLine(g.get("ignored_because").asText()) + ": " + CANNOT_HELP);
                continue;
            }
            JsonNode f = g.get("bloom_filter");
            long end = f.get("bitset_offset").asLong() + f.get("bitset_length").asLong();
            out.println(head + "Bloom filter at [" + f.get("offset").asLong() + ", " + end + "): header "
                    + f.get("header_length").asInt() + " bytes, bitset " + f.get("bitset_length").asInt()
                    + " bytes (" + f.get("blocks").asInt() + " blocks of 32 bytes)");
            for (JsonNode p : g.get("probes")) {
                StringBuilder clear = new StringBuilder();
                Table t = new Table(">word", ">bit", "set");
                for (JsonNode w : p.get("words")) {
                    boolean set = w.get("set").asBoolean();
                    t.row(w.get("word").asInt(), w.get("bit").asInt(), set ? "yes" : "no");
                    if (!set) {
                        clear.append(clear.length() == 0 ? "" : ", ").append(w.get("word").asInt());
                    }
                }
                out.println("  " + Table.oneLine(p.get("value").asText()) + ": block " + p.get("block").asInt()
                        + " of " + f.get("blocks").asInt() + ", at byte " + p.get("block_offset").asLong());
                t.print(out, "    ");
                out.println("    " + (p.get("may_contain").asBoolean() ? "all eight bits set: may contain it"
                        : "clear in word" + (clear.indexOf(",") >= 0 ? "s " : " ") + clear + ": absent"));
            }
            out.println("  verdict: " + verdict);
        }
    }

    private static String spaced(String hex) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < hex.length(); i += 2) {
            sb.append(i == 0 ? "" : " ").append(hex, i, Math.min(i + 2, hex.length()));
        }
        return sb.length() == 0 ? "(none)" : sb.toString();
    }
}
