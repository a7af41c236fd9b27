package io.pqlab.plan;

import io.pqlab.Mechanism;
import java.util.Set;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.oracle.ParquetJava;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.format.BoundaryOrder;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnIndex;
import org.apache.parquet.format.ColumnOrder;
import org.apache.parquet.format.Statistics;
import org.apache.parquet.format.TypeDefinedOrder;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The traps of the format notes (§2–§4, §7), each on a file made for it: written by parquet-java,
 * and patched where parquet-java would not write the trap itself. Every condition is held to the
 * data under all sixteen sets of mechanisms; where the trap is about skipping too little, what must
 * be skipped is computed from the data too. Each file then also goes through the generated sweep.
 */
class PlannerTrapsTest {
    @TempDir
    Path dir;

    private static final Set<Mechanism> STATS = Mechanism.parse("statistics");
    private static final Set<Mechanism> PAGES = Mechanism.parse("page-index");
    private static final Set<Mechanism> BLOOM = Mechanism.parse("bloom");

    // ---- helpers --------------------------------------------------------------------------

    /** Holds the condition to the data under every set of mechanisms; returns the plan with {@code m}. */
    static Plan sound(Path p, OracleData d, Sql s, Set<Mechanism> m) throws IOException {
        Plan out = null;
        // a single file's plan has no partitions: the subsets are of the file mechanisms
        Set<Mechanism> fileMechanisms = java.util.EnumSet.noneOf(Mechanism.class);
        fileMechanisms.addAll(m);
        fileMechanisms.remove(Mechanism.PARTITION);
        boolean[][] matches = PlanAssert.matches(d, s);
        try (ParquetFile f = ParquetFile.open(p)) {
            for (Set<Mechanism> any : PlanTesting.allSubsets()) {
                Plan plan = PlanTesting.plan(f, p, s.text(), any, null);
                PlanAssert.sound(d, s, matches, plan, null, "trap");
                if (any.equals(fileMechanisms)) {
                    out = plan;
                }
            }
        }
        return out;
    }

    /** The data pages of a column a plan reads in a row group, by position in the OffsetIndex. */
    static Set<Integer> pagesRead(Plan plan, OracleData d, int g, int column) {
        Set<Integer> out = new TreeSet<>();
        RowGroupPlan rg = plan.rowGroups().get(g);
        if (rg.skipped()) {
            return out;
        }
        for (ColumnRead r : rg.reads()) {
            if (r.column() != column) {
                continue;
            }
            if (r.pages().isEmpty() && !r.spans().isEmpty()) { // the whole chunk
                for (int i = 0; i < d.chunks[g][column].firstRows().length; i++) {
                    out.add(i);
                }
            }
            int i = 0;
            for (PageRead pr : r.pages()) {
                if (pr.kind().equals("data")) {
                    if (pr.read()) {
                        out.add(i);
                    }
                    i++;
                }
            }
        }
        return out;
    }

    /** The pages of a column holding a matching row, by parquet-java's OffsetIndex. */
    static Set<Integer> pagesMatching(OracleData d, Sql s, int g, int column) {
        Set<Integer> out = new TreeSet<>();
        boolean[] m = PlanAssert.matches(d, s)[g];
        for (int i = 0; i < m.length; i++) {
            if (m[i]) {
                out.add(d.chunks[g][column].pageOf(i));
            }
        }
        return out;
    }

    static Set<Integer> groupsMatching(OracleData d, Sql s) {
        Set<Integer> out = new TreeSet<>();
        boolean[][] m = PlanAssert.matches(d, s);
        for (int g = 0; g < m.length; g++) {
            for (boolean b : m[g]) {
                if (b) {
                    out.add(g);
                    break;
                }
            }
        }
        return out;
    }

    static Set<Integer> groupsKept(Plan plan) {
        Set<Integer> out = new TreeSet<>();
        for (RowGroupPlan rg : plan.rowGroups()) {
            if (!rg.skipped()) {
                out.add(rg.index());
            }
        }
        return out;
    }

    static List<Step> steps(Plan plan, String mechanism) {
        List<Step> out = new ArrayList<>();
        plan.rowGroups().forEach(rg -> rg.steps().stream().filter(s -> s.mechanism().equals(mechanism)).forEach(out::add));
        return out;
    }

    static Sql cmp(OracleData d, int c, String op, Object lit) {
        return new Sql.Cmp(d.columns[c], op, lit);
    }

    static BigDecimal n(long v) {
        return BigDecimal.valueOf(v);
    }

    /** Thrift footer edits. */
    static void eachChunk(org.apache.parquet.format.FileMetaData md, java.util.function.Consumer<ColumnChunk> f) {
        md.getRow_groups().forEach(rg -> rg.getColumns().forEach(f));
    }

    static void typeOrder(org.apache.parquet.format.FileMetaData md) {
        List<ColumnOrder> orders = new ArrayList<>();
        for (int i = 0; i < md.getColumn_orders().size(); i++) {
            orders.add(ColumnOrder.TYPE_ORDER(new TypeDefinedOrder()));
        }
        md.setColumn_orders(orders);
    }

    // ---- NaN ---------------------------------------------------------------------------------

    static Path nanFile(Path dir) throws IOException {
        double nan = Double.NaN;
        double[] v = {
            1, 2, 3, 4, 5, /* */ 1, nan, 2, 3, 4, /* */ 6, 7, 8, 9, 10, /* */ 2, 3, nan, 9, 1,
            0.5, 1, 1.5, 2, 2.5, /* */ 3, 3.5, 4, 4.5, 5, /* */ 1, 2, 3, 4, 4, /* */ 5, 5, 5, 5, 5};
        List<Object[]> rows = new ArrayList<>();
        for (double x : v) {
            rows.add(new Object[] {x, (float) x});
        }
        return TrapFiles.write(dir.resolve("nan.parquet"), "message m { required double x; required float y; }", rows,
                20, 5, b -> b);
    }

    /** parquet-java 1.18 writes nan_count and nan_counts: x > 5 keeps exactly the pages with NaN or a value above 5. */
    @Test
    void nanRowsOutsideTheBoundsKeepTheirPage() throws IOException {
        Path p = nanFile(dir);
        OracleData d = OracleData.read(p);
        assertThat(ParquetJava.thriftFooter(p).getRow_groups().get(0).getColumns().get(0).getMeta_data().getStatistics()
                .isSetNan_count()).as("parquet-java writes nan_count").isTrue();
        for (int c = 0; c < 2; c++) {
            for (String op : List.of(">", ">=", "!=", "<", "<=", "=")) {
                for (double lit : new double[] {5, 4, 0, Double.NaN, Double.POSITIVE_INFINITY}) {
                    Sql s = cmp(d, c, op, lit);
                    sound(p, d, s, Mechanism.all());
                    sound(p, d, new Sql.Not(s), Mechanism.all());
                }
            }
            Sql gt5 = cmp(d, c, ">", 5.0);
            Plan plan = sound(p, d, gt5, Mechanism.parse("statistics,page-index"));
            for (int g = 0; g < d.groups; g++) {
                // Bounds and NaN counts are exact here: a page is read if and only if it holds a match.
                assertThat(pagesRead(plan, d, g, c)).as("%s, row group %d", gt5.text(), g)
                        .isEqualTo(pagesMatching(d, gt5, g, c));
            }
            assertThat(groupsKept(sound(p, d, gt5, STATS))).isEqualTo(groupsMatching(d, gt5));
        }
    }

    /**
     * A legacy file: TYPE_ORDER, no nan_count or nan_counts, and NaN written as a bound (PARQUET-1246):
     * NaN may hide in any page, and a NaN bound bounds nothing.
     */
    @Test
    void legacyNanBoundsAndMissingNanCounts() throws IOException {
        Path written = nanFile(dir);
        byte[] nanD = TrapFiles.bytes(TrapFiles.le(Double.NaN));
        Path p = TrapFiles.patch(written, dir.resolve("nan-legacy.parquet"), (g, c, ci) -> {
            ColumnIndex out = ci.deepCopy();
            out.unsetNan_counts();
            if (g == 0 && c == 0) {
                out.getMax_values().set(1, ByteBuffer.wrap(nanD)); // the page [1, NaN, 2, 3, 4]
                out.getMin_values().set(0, ByteBuffer.wrap(nanD)); // the page [1, 2, 3, 4, 5]
            }
            return out;
        }, md -> {
            typeOrder(md);
            eachChunk(md, cc -> cc.getMeta_data().getStatistics().unsetNan_count());
            Statistics s = md.getRow_groups().get(0).getColumns().get(0).getMeta_data().getStatistics();
            s.setMax_value(nanD);
            s.setMax(nanD);
        });
        OracleData d = OracleData.read(p);
        for (int c = 0; c < 2; c++) {
            for (String op : List.of(">", ">=", "!=", "<", "<=", "=")) {
                for (double lit : new double[] {5, 3, 0.5, Double.NaN}) {
                    sound(p, d, cmp(d, c, op, lit), Mechanism.all());
                    sound(p, d, new Sql.Not(cmp(d, c, op, lit)), Mechanism.all());
                }
            }
            Sql gt5 = cmp(d, c, ">", 5.0);
            // Without NaN counts, no page whose bounds exclude 5 can be ruled out: NaN may be there.
            Plan plan = sound(p, d, gt5, Mechanism.parse("statistics,page-index"));
            assertThat(groupsKept(plan)).containsExactly(0, 1);
        }
        PlannerSoundnessTest.check(p, 150, 11);
    }

    // ---- signed zero -------------------------------------------------------------------------

    static Path zeroFile(Path dir) throws IOException {
        double[] v = {-0.0, 1, 2, 3, /* */ 0.0, 5, 6, 7, /* */ 8, 9, 10, 11, /* */ -0.0, -0.0, -0.0, -0.0};
        List<Object[]> rows = new ArrayList<>();
        for (double x : v) {
            rows.add(new Object[] {x, (float) x});
        }
        return TrapFiles.write(dir.resolve("zero.parquet"), "message m { required double x; required float y; }", rows, 4,
                2, b -> b.withBloomFilterEnabled(true).withBloomFilterNDV("x", 8).withBloomFilterNDV("y", 8));
    }

    /** x = 0.0 matches -0.0 rows: bounds compared as numbers, and the Bloom filter probed for both zeros. */
    @Test
    void signedZeroMatchesBothZeros() throws IOException {
        Path p = zeroFile(dir);
        OracleData d = OracleData.read(p);
        for (int c = 0; c < 2; c++) {
            for (double zero : new double[] {0.0, -0.0}) {
                for (String op : List.of("=", "!=", "<", "<=", ">", ">=")) {
                    sound(p, d, cmp(d, c, op, zero), Mechanism.all());
                }
                sound(p, d, new Sql.In(d.columns[c], List.<Object>of(zero, 100.0), false), Mechanism.all());
                Sql eq = cmp(d, c, "=", zero);
                // Every row group holding a zero of either sign passes its Bloom filter; the one without is ruled out.
                assertThat(groupsKept(sound(p, d, eq, BLOOM))).as(eq.text()).isEqualTo(groupsMatching(d, eq));
                assertThat(groupsMatching(d, eq)).containsExactly(0, 1, 3);
            }
        }
        // An older writer's bounds: +0.0 as the minimum of a chunk holding -0.0 (and TYPE_ORDER).
        byte[] plusZero = TrapFiles.bytes(TrapFiles.le(0.0));
        Path legacy = TrapFiles.patch(p, dir.resolve("zero-legacy.parquet"), null, md -> {
            typeOrder(md);
            for (int g : new int[] {0, 3}) {
                Statistics s = md.getRow_groups().get(g).getColumns().get(0).getMeta_data().getStatistics();
                s.setMin_value(plusZero);
                if (g == 3) {
                    s.setMax_value(plusZero);
                }
            }
        });
        OracleData l = OracleData.read(legacy);
        for (double zero : new double[] {0.0, -0.0}) {
            for (String op : List.of("=", "<=", ">=", "<", ">", "!=")) {
                sound(legacy, l, cmp(l, 0, op, zero), Mechanism.all());
            }
        }
        PlannerSoundnessTest.check(p, 150, 12);
    }

    /** FLOAT16 too: -0.0 is 0x8000 and +0.0 0x0000, so the Bloom filter must be probed for both. */
    @Test
    void float16SignedZeroProbesBothZeros() throws IOException {
        short[] halves = {(short) 0x8000, 0x3C00, 0x4000, 0x4200, /* */ 0x0000, 0x4500, 0x4600, 0x4700, /* */ 0x4800, 0x4880, 0x4900, 0x4980,
            /* NaN, ±Infinity */ 0x7E00, 0x7C00, (short) 0xFC00, 0x3C00};
        List<Object[]> rows = new ArrayList<>();
        for (short h : halves) {
            rows.add(new Object[] {new byte[] {(byte) h, (byte) (h >>> 8)}});
        }
        Path p = TrapFiles.write(dir.resolve("half-zero.parquet"), "message m { required fixed_len_byte_array(2) h (FLOAT16); }",
                rows, 4, 2, b -> b.withBloomFilterEnabled(true).withBloomFilterNDV("h", 8));
        OracleData d = OracleData.read(p);
        for (double zero : new double[] {0.0, -0.0, Double.NaN, 1.0, 7.0, Double.POSITIVE_INFINITY}) {
            Sql eq = cmp(d, 0, "=", zero);
            assertThat(groupsKept(sound(p, d, eq, BLOOM))).as(eq.text()).containsAll(groupsMatching(d, eq));
            for (String op : List.of("<", "<=", ">", ">=", "!=")) {
                sound(p, d, cmp(d, 0, op, zero), Mechanism.all());
            }
        }
        PlannerSoundnessTest.check(p, 100, 21);
    }

    // ---- null pages --------------------------------------------------------------------------

    static Path nullPagesFile(Path dir) throws IOException {
        String[] v = {"", "", "a", "b", null, null, null, null, "c", "d", "e", "f", null, null, null, null, "g", "h", "i", "j"};
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < v.length; i++) {
            rows.add(new Object[] {v[i], v[i] == null ? null : i});
        }
        return TrapFiles.write(dir.resolve("null-pages.parquet"),
                "message m { optional binary s (STRING); optional int32 i; }", rows, 100, 4, b -> b);
    }

    /** Null pages' placeholder bounds are empty: never the value '' nor part of the ascending order. */
    @Test
    void nullPagePlaceholdersAreNotValues() throws IOException {
        Path p = nullPagesFile(dir);
        OracleData d = OracleData.read(p);
        ColumnIndex ci = ParquetJava.rawColumnIndex(p, 0, 0);
        assertThat(ci.getNull_pages()).containsExactly(false, true, false, true, false);
        assertThat(ci.getBoundary_order()).isEqualTo(BoundaryOrder.ASCENDING);
        List<Sql> conds = new ArrayList<>();
        for (String op : List.of("=", "!=", "<", "<=", ">", ">=")) {
            for (String lit : List.of("", "a", "b", "c", "e", "z")) {
                conds.add(cmp(d, 0, op, lit.getBytes(StandardCharsets.UTF_8)));
            }
            for (long lit : new long[] {0, 1, 2, 8, 17, 100}) {
                conds.add(cmp(d, 1, op, n(lit)));
            }
        }
        for (int c = 0; c < 2; c++) {
            conds.add(new Sql.IsNull(d.columns[c], false));
            conds.add(new Sql.IsNull(d.columns[c], true));
        }
        conds.add(new Sql.Like(d.columns[0], "%", false));
        conds.add(new Sql.In(d.columns[0], List.<Object>of(new byte[0], "h".getBytes(StandardCharsets.UTF_8)), false));
        for (Sql s : conds) {
            Plan plan = sound(p, d, s, PAGES);
            int c = s.text().startsWith("\"s\"") ? 0 : 1;
            // Bounds are exact and the null counts recorded: the page index reads exactly the pages with a match.
            assertThat(pagesRead(plan, d, 0, c)).as(s.text()).isEqualTo(pagesMatching(d, s, 0, c));
        }
    }

    // ---- truncated bounds --------------------------------------------------------------------

    static Path truncatedFile(Path dir) throws IOException {
        List<Object[]> rows = new ArrayList<>();
        String k70 = "k".repeat(70);
        String[] prefixes = {k70, k70 + "\u00ff", "m".repeat(80), "k".repeat(64)};
        for (int i = 0; i < 40; i++) {
            String s = prefixes[(i / 5) % prefixes.length] + String.format("%03d", i);
            rows.add(new Object[] {s, ("\u00ff".repeat(40) + i).getBytes(StandardCharsets.ISO_8859_1)});
        }
        return TrapFiles.write(dir.resolve("truncated.parquet"), "message m { required binary s (STRING); required binary b; }",
                rows, 20, 5, b -> b.withStatisticsTruncateLength(10));
    }

    /** parquet-java truncates ColumnIndex bounds to 64 bytes (and statistics here to 10): bounds, not values. */
    @Test
    void truncatedBinaryBoundsAreOnlyBounds() throws IOException {
        Path p = truncatedFile(dir);
        String k70 = "k".repeat(70);
        OracleData d = OracleData.read(p);
        ColumnIndex ci = ParquetJava.rawColumnIndex(p, 0, 0);
        assertThat(ci.getMin_values()).allMatch(b -> b.remaining() <= 64);
        List<Object> lits = new ArrayList<>();
        for (Object k : d.distinct(d.columns[0])) {
            lits.add(k);
        }
        lits.add("k".repeat(64).getBytes(StandardCharsets.UTF_8));
        lits.add(("k".repeat(63) + "l").getBytes(StandardCharsets.UTF_8));
        lits.add(k70.getBytes(StandardCharsets.UTF_8));
        lits.add("k".repeat(10).getBytes(StandardCharsets.UTF_8));
        for (Object lit : lits) {
            for (String op : List.of("=", "!=", "<", "<=", ">", ">=")) {
                sound(p, d, cmp(d, 0, op, lit), Mechanism.all());
            }
        }
        sound(p, d, new Sql.Like(d.columns[0], k70 + "%", false), Mechanism.all());
        sound(p, d, new Sql.Like(d.columns[0], "k".repeat(66) + "%", true), Mechanism.all());
        for (Object k : d.distinct(d.columns[1])) {
            sound(p, d, cmp(d, 1, "=", k), Mechanism.all());
            sound(p, d, cmp(d, 1, "!=", k), Mechanism.all());
        }
        PlannerSoundnessTest.check(p, 150, 13);
    }

    // ---- absent null counts ----------------------------------------------------------------

    static Path nullsFile(Path dir) throws IOException {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            rows.add(new Object[] {i % 7 == 3 ? null : i, i % 11 == 5 ? null : "v" + i});
        }
        return TrapFiles.write(dir.resolve("nulls.parquet"), "message m { optional int32 x; optional binary s (STRING); }",
                rows, 20, 5, b -> b);
    }

    /** Without null_count and null_counts, IS NULL is never ruled out and nothing claims every row matches. */
    @Test
    void absentNullCountsAreUnknownNotZero() throws IOException {
        Path written = nullsFile(dir);
        Path p = TrapFiles.patch(written, dir.resolve("nulls-uncounted.parquet"), (g, c, ci) -> {
            ColumnIndex out = ci.deepCopy();
            out.unsetNull_counts();
            return out;
        }, md -> eachChunk(md, cc -> cc.getMeta_data().getStatistics().unsetNull_count()));
        OracleData d = OracleData.read(p);
        for (int c = 0; c < 2; c++) {
            Sql isNull = new Sql.IsNull(d.columns[c], false);
            Plan plan = sound(p, d, isNull, Mechanism.all());
            assertThat(groupsKept(plan)).containsExactly(0, 1);
            assertThat(plan.rowGroups()).allMatch(rg -> rg.verdict() != Verdict.ALL && rg.allMatch().isEmpty());
            sound(p, d, new Sql.IsNull(d.columns[c], true), Mechanism.all());
            sound(p, d, new Sql.Or(List.of(isNull, new Sql.IsNull(d.columns[1 - c], false))), Mechanism.all());
        }
        sound(p, d, new Sql.Not(cmp(d, 0, "=", n(3))), Mechanism.all());
        sound(p, d, new Sql.Not(new Sql.In(d.columns[0], List.<Object>of(n(100), n(200)), false)), Mechanism.all());
        PlannerSoundnessTest.check(p, 150, 14);
    }

    // ---- unsigned integers -----------------------------------------------------------------

    static Path unsignedFile(Path dir) throws IOException {
        List<Object[]> rows = new ArrayList<>();
        long[] u32 = {0, 1, 2, 3, 99, /* */ 1L << 31, (1L << 31) + 1, (1L << 32) - 1, (1L << 31) + 7, (1L << 31) + 8,
            /* */ 5, (1L << 32) - 1, (1L << 31) - 1, 1L << 31, 6};
        BigInteger two63 = BigInteger.ONE.shiftLeft(63);
        for (int i = 0; i < u32.length; i++) {
            BigInteger u64 = i < 5 ? BigInteger.valueOf(i) : i < 10 ? two63.add(BigInteger.valueOf(i)) : BigInteger.ONE.shiftLeft(64).subtract(BigInteger.valueOf(i));
            rows.add(new Object[] {(int) u32[i], u64.longValue()});
        }
        return TrapFiles.write(dir.resolve("unsigned.parquet"),
                "message m { required int32 u (INTEGER(32,false)); required int64 w (INTEGER(64,false)); }", rows, 5, 5,
                b -> b.withBloomFilterEnabled(true));
    }

    /** INT(32, false) and INT(64, false) with values at and above 2^31 and 2^63 order as unsigned. */
    @Test
    void unsignedIntegersCompareUnsigned() throws IOException {
        Path p = unsignedFile(dir);
        BigInteger two63 = BigInteger.ONE.shiftLeft(63);
        OracleData d = OracleData.read(p);
        List<BigDecimal> lits = new ArrayList<>();
        for (long x : new long[] {0, 3, 99, 100, (1L << 31) - 1, 1L << 31, (1L << 31) + 8, (1L << 32) - 1, 1L << 32}) {
            lits.add(n(x));
        }
        lits.add(new BigDecimal(two63));
        lits.add(new BigDecimal(two63.add(BigInteger.valueOf(7))));
        lits.add(new BigDecimal(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE)));
        lits.add(n(-1));
        for (int c = 0; c < 2; c++) {
            for (BigDecimal lit : lits) {
                for (String op : List.of("=", "!=", "<", "<=", ">", ">=")) {
                    Sql s = cmp(d, c, op, lit);
                    Plan plan = sound(p, d, s, STATS);
                    // The writer's bounds are exact: for a range, statistics keep exactly the row groups holding a match.
                    if (op.startsWith("<") || op.startsWith(">")) {
                        assertThat(groupsKept(plan)).as(s.text()).isEqualTo(groupsMatching(d, s));
                    }
                }
            }
        }
        PlannerSoundnessTest.check(p, 150, 15);
    }

    // ---- decimals ----------------------------------------------------------------------------

    private static byte[] twos(long unscaled, int width) {
        byte[] minimal = BigInteger.valueOf(unscaled).toByteArray();
        if (width < 0) {
            return minimal;
        }
        byte[] out = new byte[width];
        java.util.Arrays.fill(out, (byte) (unscaled < 0 ? 0xFF : 0));
        System.arraycopy(minimal, 0, out, width - minimal.length, minimal.length);
        return out;
    }

    static final long[] UNSCALED = {-100000, -150, -1, 0, 1, /* */ 150, 999, 1234567, 255, 128, /* */ -129, -128, 127, -32768, 32767};

    static Path decimalsFile(Path dir) throws IOException {
        long[] unscaled = UNSCALED;
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < unscaled.length; i++) {
            // 1.50 is stored with a redundant leading zero byte in the BYTE_ARRAY column: legal, not minimal.
            byte[] var = unscaled[i] == 150 ? new byte[] {0, 0, (byte) 150} : twos(unscaled[i], -1);
            rows.add(new Object[] {twos(unscaled[i], 5), var});
        }
        return TrapFiles.write(dir.resolve("decimals.parquet"),
                "message m { required fixed_len_byte_array(5) f (DECIMAL(9,2)); required binary v (DECIMAL(9,2)); }", rows, 5,
                5, b -> b.withBloomFilterEnabled(true));
    }

    /** DECIMAL on FIXED_LEN_BYTE_ARRAY and BYTE_ARRAY orders by value; a BYTE_ARRAY decimal is never Bloom-probed. */
    @Test
    void binaryDecimalsByValueAndNeverBloomProbedOnByteArray() throws IOException {
        Path p = decimalsFile(dir);
        OracleData d = OracleData.read(p);
        List<BigDecimal> lits = new ArrayList<>();
        for (long u : UNSCALED) {
            lits.add(BigDecimal.valueOf(u, 2));
        }
        for (String s : new String[] {"-1000.01", "-0.005", "0.005", "1.505", "12345.68", "9999999.99", "10000000"}) {
            lits.add(new BigDecimal(s));
        }
        for (int c = 0; c < 2; c++) {
            for (BigDecimal lit : lits) {
                for (String op : List.of("=", "!=", "<", "<=", ">", ">=")) {
                    sound(p, d, cmp(d, c, op, lit), Mechanism.all());
                }
                sound(p, d, new Sql.In(d.columns[c], List.<Object>of(lit, BigDecimal.valueOf(-150, 2)), false), Mechanism.all());
            }
        }
        for (BigDecimal lit : lits) {
            Sql onFixed = cmp(d, 0, "=", lit);
            Plan fixed = sound(p, d, onFixed, BLOOM);
            assertThat(groupsKept(fixed)).as(onFixed.text()).containsAll(groupsMatching(d, onFixed));
            Sql onVar = cmp(d, 1, "=", lit);
            assertThat(steps(sound(p, d, onVar, BLOOM), "bloom")).as(onVar.text()).isEmpty();
        }
        // The Bloom filter does rule out FLBA decimals it does not hold (a decimal's bytes there are unique).
        Sql absent = cmp(d, 0, "=", new BigDecimal("-1000.01"));
        assertThat(steps(sound(p, d, absent, BLOOM), "bloom")).isNotEmpty();
        PlannerSoundnessTest.check(p, 150, 16);
    }

    // ---- dates and timestamps ----------------------------------------------------------------

    static Path temporalFile(Path dir) throws IOException {
        List<Object[]> rows = new ArrayList<>();
        java.util.Random rnd = new java.util.Random(7);
        for (int i = 0; i < 40; i++) {
            int day = 18000 + i * 3 + rnd.nextInt(3) - (i % 2 == 0 ? 40000 : 0);
            long ms = day * 86_400_000L + rnd.nextInt(86_400_000);
            rows.add(new Object[] {day, ms, ms * 1000 + rnd.nextInt(1000), ms * 1_000_000 + rnd.nextInt(1_000_000),
                    (int) Math.floorMod(ms, 86_400_000L)});
        }
        return TrapFiles.write(dir.resolve("temporal.parquet"), "message m { required int32 d (DATE);"
                + " required int64 ms (TIMESTAMP(MILLIS,true)); required int64 us (TIMESTAMP(MICROS,false));"
                + " required int64 ns (TIMESTAMP(NANOS,true)); required int32 t (TIME(MILLIS,true)); }", rows, 10, 5,
                b -> b.withBloomFilterEnabled(true));
    }

    /** DATE and TIMESTAMP in each unit: literals converted to the unit, Bloom probes in it, values in their group's filter. */
    @Test
    void datesAndTimestampsInTheirUnits() throws IOException {
        Path p = temporalFile(dir);
        OracleData d = OracleData.read(p);
        for (int c = 0; c < 5; c++) {
            RefColumn col = d.columns[c];
            List<Object> values = d.distinct(col);
            for (int k = 0; k < values.size(); k += 3) {
                BigDecimal v = (BigDecimal) values.get(k);
                Sql eq = cmp(d, c, "=", v);
                // A value in a row group always passes its group's filter (probed in the column's unit).
                assertThat(groupsKept(sound(p, d, eq, BLOOM))).as(eq.text()).containsAll(groupsMatching(d, eq));
                for (String op : List.of("!=", "<", "<=", ">", ">=")) {
                    sound(p, d, cmp(d, c, op, v), STATS);
                }
                BigDecimal half = v.add(new BigDecimal("0.5"));
                if (col.writable(half)) {
                    for (String op : List.of("=", "<", ">=")) {
                        sound(p, d, cmp(d, c, op, half), Mechanism.all());
                    }
                }
            }
        }
        PlannerSoundnessTest.check(p, 150, 17);
    }

    /** Types no fixture has: plain and UUID FIXED_LEN_BYTE_ARRAY, small ints, decimals on INT32/INT64, times, enums, JSON. */
    static Path miscTypesFile(Path dir) throws IOException {
        List<Object[]> rows = new ArrayList<>();
        java.util.Random rnd = new java.util.Random(3);
        for (int i = 0; i < 60; i++) {
            byte[] four = new byte[4];
            rnd.nextBytes(four);
            byte[] uuid = new byte[16];
            rnd.nextBytes(uuid);
            if (i % 7 == 0) {
                four[0] = (byte) 0xFF; // above every 0x7F.. first byte, byte-wise
            }
            rows.add(new Object[] {i % 9 == 4 ? null : four, uuid, rnd.nextInt(256) - 128, rnd.nextInt(65536) - 32768,
                    rnd.nextInt(1_000_000) - 500_000, rnd.nextLong() % 10_000_000_000L, Math.floorMod(rnd.nextLong(), 86_400_000_000L),
                    "e" + rnd.nextInt(4), "{\"k\": " + i + "}"});
        }
        return TrapFiles.write(dir.resolve("misc.parquet"), "message m { optional fixed_len_byte_array(4) f;"
                + " required fixed_len_byte_array(16) u (UUID); required int32 i8 (INTEGER(8,true));"
                + " required int32 u16 (INTEGER(16,false)); required int32 d32 (DECIMAL(7,3)); required int64 d64 (DECIMAL(18,4));"
                + " required int64 t (TIME(MICROS,false)); required binary e (ENUM); required binary j (JSON); }", rows, 20, 5,
                b -> b.withBloomFilterEnabled(true));
    }

    @Test
    void miscTypesThroughTheSweep() throws IOException {
        Path p = miscTypesFile(dir);
        PlannerSoundnessTest.check(p, 300, 23);
        OracleData d = OracleData.read(p);
        // A value in a row group always passes its filter, whatever the type.
        for (RefColumn c : d.modelled()) {
            for (Object v : d.distinct(c)) {
                Sql eq = new Sql.Cmp(c, "=", v);
                assertThat(groupsKept(sound(p, d, eq, BLOOM))).as(eq.text()).containsAll(groupsMatching(d, eq));
            }
        }
    }

    // ---- a ColumnIndex that lies about its order ----------------------------------------------

    /** A hand-made ColumnIndex claims ASCENDING (or DESCENDING) over bounds that are not: no page may be lost. */
    @Test
    void falseBoundaryOrderClaimLosesNoPage() throws IOException {
        int[] v = {1, 2, 3, 4, 5, 20, 21, 22, 23, 24, 6, 7, 8, 9, 10, 30, 31, 32, 33, 34, 11, 12, 13, 14, 15};
        List<Object[]> rows = new ArrayList<>();
        for (int x : v) {
            rows.add(new Object[] {x});
        }
        Path written = TrapFiles.write(dir.resolve("unordered.parquet"), "message m { required int32 x; }", rows, 100, 5,
                b -> b);
        assertThat(ParquetJava.rawColumnIndex(written, 0, 0).getBoundary_order()).isEqualTo(BoundaryOrder.UNORDERED);
        for (BoundaryOrder claim : new BoundaryOrder[] {BoundaryOrder.ASCENDING, BoundaryOrder.DESCENDING}) {
            Path p = TrapFiles.patch(written, dir.resolve("claims-" + claim + ".parquet"), (g, c, ci) -> {
                ColumnIndex out = ci.deepCopy();
                out.setBoundary_order(claim);
                return out;
            }, null);
            OracleData d = OracleData.read(p);
            for (long lit : new long[] {0, 1, 5, 7, 10, 12, 15, 22, 31, 34, 40}) {
                for (String op : List.of("=", "<", "<=", ">", ">=")) {
                    Sql s = cmp(d, 0, op, n(lit));
                    Plan plan = sound(p, d, s, PAGES);
                    assertThat(pagesRead(plan, d, 0, 0)).as("%s claimed %s", s.text(), claim)
                            .isEqualTo(pagesMatching(d, s, 0, 0));
                }
                sound(p, d, new Sql.In(d.columns[0], List.<Object>of(n(lit), n(33)), false), PAGES);
            }
        }
    }

    /**
     * Truthful ordered indexes, with pages that overlap (max[i] > min[i+1] is allowed): the binary
     * search keeps exactly the pages whose values admit the condition, computed from each page's
     * values; for = and IN, the pages whose range holds a literal.
     */
    @Test
    void binarySearchOverOrderedIndexesWithOverlappingPages() throws IOException {
        int[][] files = {
            {1, 4, 7, 10, 5, 9, 12, 15, 12, 13, 14, 20, 20, 20, 20, 20, 21, 30, 25, 40},
            {40, 35, 30, 30, 30, 33, 29, 20, 19, 18, 25, 10, 9, 8, 7, 6, 5, 4, 3, 3},
            {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}};
        BoundaryOrder[] expected = {BoundaryOrder.ASCENDING, BoundaryOrder.DESCENDING, BoundaryOrder.ASCENDING};
        for (int f = 0; f < files.length; f++) {
            List<Object[]> rows = new ArrayList<>();
            for (int x : files[f]) {
                rows.add(new Object[] {x});
            }
            Path p = TrapFiles.write(dir.resolve("ordered-" + f + ".parquet"), "message m { required int32 x; }", rows, 100,
                    4, b -> b);
            assertThat(ParquetJava.rawColumnIndex(p, 0, 0).getBoundary_order()).isEqualTo(expected[f]);
            OracleData d = OracleData.read(p);
            OracleData.Chunk ch = d.chunks[0][0];
            int pages = ch.firstRows().length;
            long[] lo = new long[pages];
            long[] hi = new long[pages];
            java.util.Arrays.fill(lo, Long.MAX_VALUE);
            java.util.Arrays.fill(hi, Long.MIN_VALUE);
            for (int i = 0; i < files[f].length; i++) {
                int pg = ch.pageOf(i);
                lo[pg] = Math.min(lo[pg], files[f][i]);
                hi[pg] = Math.max(hi[pg], files[f][i]);
            }
            for (long v = 0; v <= 42; v++) {
                for (String op : List.of("<", "<=", ">", ">=")) {
                    Sql s = cmp(d, 0, op, n(v));
                    Plan plan = sound(p, d, s, PAGES);
                    assertThat(pagesRead(plan, d, 0, 0)).as("%s over %s", s.text(), expected[f])
                            .isEqualTo(pagesMatching(d, s, 0, 0));
                    assertThat(steps(plan, "page-index").get(0).why()).contains("binary search");
                }
                for (Sql s : List.of(cmp(d, 0, "=", n(v)), new Sql.In(d.columns[0], List.<Object>of(n(v), n(42 - v), n(3 * v)), false))) {
                    Plan plan = sound(p, d, s, PAGES);
                    Set<Integer> admit = new TreeSet<>();
                    List<Object> lits = s instanceof Sql.In in ? in.lits() : List.of(n(v));
                    for (int pg = 0; pg < pages; pg++) {
                        for (Object lit : lits) {
                            long x = ((BigDecimal) lit).longValue();
                            if (lo[pg] <= x && x <= hi[pg]) {
                                admit.add(pg);
                            }
                        }
                    }
                    assertThat(pagesRead(plan, d, 0, 0)).as("%s over %s", s.text(), expected[f]).isEqualTo(admit);
                }
            }
        }
    }

    // ---- dictionaries -----------------------------------------------------------------------

    /**
     * A writer whose dictionary grew too large falls back to PLAIN for later pages, whose values
     * are in no dictionary. With and without encoding stats (then the v1 encodings list must
     * show the fallback), no value of a fallen-back page may be ruled out by the dictionary; a
     * chunk all dictionary-encoded rules out what its dictionary lacks.
     */
    @Test
    void dictionaryFallbackPagesAreNeverRuledOut() throws IOException {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 240; i++) {
            // two values a page, so that the dictionary pays; it outgrows its 128 bytes after 8 pages
            rows.add(new Object[] {(long) (i / 5) * 1_000_003L, "abc".substring(i % 3, i % 3 + 1)});
        }
        for (var version : new org.apache.parquet.column.ParquetProperties.WriterVersion[] {
                org.apache.parquet.column.ParquetProperties.WriterVersion.PARQUET_1_0,
                org.apache.parquet.column.ParquetProperties.WriterVersion.PARQUET_2_0}) {
            Path written = TrapFiles.write(dir.resolve("fallback-" + version + ".parquet"),
                    "message m { required int64 x; required binary s (STRING); }", rows, 120, 10,
                    b -> b.withDictionaryEncoding(true).withDictionaryPageSize(128).withWriterVersion(version));
            var stats = ParquetJava.thriftFooter(written).getRow_groups().get(0).getColumns().get(0).getMeta_data()
                    .getEncoding_stats();
            assertThat(stats).as("the writer fell back").anyMatch(e -> e.getPage_type() != org.apache.parquet.format.PageType.DICTIONARY_PAGE
                    && e.getEncoding() != org.apache.parquet.format.Encoding.PLAIN_DICTIONARY
                    && e.getEncoding() != org.apache.parquet.format.Encoding.RLE_DICTIONARY);
            assertThat(stats).anyMatch(e -> e.getPage_type() == org.apache.parquet.format.PageType.DICTIONARY_PAGE);
            Path stripped = TrapFiles.patch(written, dir.resolve("fallback-nostats-" + version + ".parquet"), null,
                    md -> eachChunk(md, cc -> cc.getMeta_data().unsetEncoding_stats()));
            for (Path p : List.of(written, stripped)) {
                OracleData d = OracleData.read(p);
                Set<Mechanism> dict = Mechanism.parse("dictionary");
                for (Object v : d.distinct(d.columns[0])) {
                    Sql eq = cmp(d, 0, "=", v);
                    assertThat(groupsKept(sound(p, d, eq, dict))).as("%s in %s", eq.text(), p.getFileName())
                            .containsAll(groupsMatching(d, eq));
                }
                Sql absent = cmp(d, 1, "=", "d".getBytes(StandardCharsets.UTF_8));
                Plan plan = sound(p, d, absent, dict);
                if (p == written || version == org.apache.parquet.column.ParquetProperties.WriterVersion.PARQUET_1_0) {
                    assertThat(groupsKept(plan)).as("%s in %s", absent.text(), p.getFileName()).isEmpty();
                }
                PlannerSoundnessTest.check(p, 100, 22);
            }
        }
    }

    // ---- Bloom probes in the physical width ----------------------------------------------------

    static Path bloomFile(Path dir) throws IOException {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            rows.add(new Object[] {i * 7, i * 7L + (1L << 40), i * 0.5f, i * 0.25, "s" + i});
        }
        return TrapFiles.write(dir.resolve("bloom.parquet"),
                "message m { required int32 i; required int64 l; required float f; required double g; required binary s (STRING); }",
                rows, 20, 10, b -> b.withBloomFilterEnabled(true));
    }

    /**
     * Each literal is probed as its column's PLAIN bytes: 4 bytes for INT32 and FLOAT, 8 for INT64
     * and DOUBLE, raw bytes for BINARY. pqlab's Bloom verdict must be parquet-java's own filter's
     * answer for the physical value.
     */
    @Test
    void bloomProbesTheColumnsPhysicalValue() throws IOException {
        Path p = bloomFile(dir);
        OracleData d = OracleData.read(p);
        int probes = 0;
        for (int c = 0; c < 5; c++) {
            List<Object> lits = new ArrayList<>(d.distinct(d.columns[c]));
            lits.addAll(new Conditions(d, c).pool(d.columns[c]).absent());
            for (Object lit : lits) {
                if (lit instanceof Double x && (Double.isNaN(x) || x == 0)) {
                    continue; // NaN is never probed, zeros are probed twice: tested above
                }
                Object physical = physical(d.columns[c], lit);
                if (physical == null) {
                    continue; // no value of the column equals it
                }
                Sql eq = cmp(d, c, "=", lit);
                Plan plan = sound(p, d, eq, BLOOM);
                for (int g = 0; g < d.groups; g++) {
                    BloomFilter f = ParquetJava.bloomFilter(p, g, c);
                    long hash = physical instanceof Integer x ? f.hash(x.intValue())
                            : physical instanceof Long x ? f.hash(x.longValue())
                            : physical instanceof Float x ? f.hash(x.floatValue())
                            : physical instanceof Double x ? f.hash(x.doubleValue())
                            : f.hash((Binary) physical);
                    boolean maybe = f.findHash(hash);
                    assertThat(!plan.rowGroups().get(g).skipped()).as("%s in row group %d", eq.text(), g).isEqualTo(maybe);
                    probes++;
                }
            }
        }
        assertThat(probes).isGreaterThan(300);
    }

    /** The physical value a literal key equals in the column, or null where none can. */
    private static Object physical(RefColumn c, Object key) {
        switch (c.type.getPrimitiveTypeName()) {
            case INT32 -> {
                BigDecimal b = (BigDecimal) key;
                try {
                    return b.intValueExact();
                } catch (ArithmeticException e) {
                    return null;
                }
            }
            case INT64 -> {
                BigDecimal b = (BigDecimal) key;
                try {
                    return b.longValueExact();
                } catch (ArithmeticException e) {
                    return null;
                }
            }
            case FLOAT -> {
                return (float) (double) (Double) key;
            }
            case DOUBLE -> {
                return key;
            }
            default -> {
                return Binary.fromConstantByteArray((byte[]) key);
            }
        }
    }

    // ---- legacy statistics ---------------------------------------------------------------------

    static Path stringsFile(Path dir) throws IOException {
        List<Object[]> rows = new ArrayList<>();
        // Byte-wise "ma" < "mé"; a signed-byte writer puts "mé" first (0xC3 is negative).
        for (String s : new String[] {"ma", "mb", "m\u00e9", "m\u00fc", "n", "nb"}) {
            rows.add(new Object[] {s});
        }
        return TrapFiles.write(dir.resolve("strings.parquet"), "message m { required binary s (STRING); }", rows, 100, 100,
                b -> b);
    }

    /**
     * Only the deprecated min/max, ordered by signed bytes as old writers did (computed here with
     * Java's signed byte comparison): "mé" to "nb". A reader comparing them unsigned would rule out
     * "ma" and "mb". For strings they are ignored, whatever the writer.
     */
    @Test
    void deprecatedStringMinMaxIgnored() throws IOException {
        Path written = stringsFile(dir);
        OracleData w = OracleData.read(written);
        List<Object> values = w.distinct(w.columns[0]);
        byte[] signedMin = (byte[]) values.stream().min((a, b) -> java.util.Arrays.compare((byte[]) a, (byte[]) b)).get();
        byte[] signedMax = (byte[]) values.stream().max((a, b) -> java.util.Arrays.compare((byte[]) a, (byte[]) b)).get();
        assertThat(java.util.Arrays.compareUnsigned(signedMin, signedMax)).as("the legacy pair looks consistent").isLessThan(0);
        for (String createdBy : new String[] {null, "parquet-mr version 1.18.1 (build x)", "parquet-mr version 1.6.0 (build x)"}) {
            Path p = TrapFiles.patch(written, dir.resolve("legacy-minmax-" + (createdBy == null ? "none" : createdBy.length()) + ".parquet"),
                    (g, c, ci) -> null, md -> {
                        Statistics s = md.getRow_groups().get(0).getColumns().get(0).getMeta_data().getStatistics();
                        s.unsetMin_value();
                        s.unsetMax_value();
                        s.setMin(signedMin);
                        s.setMax(signedMax);
                        if (createdBy == null) {
                            md.unsetCreated_by();
                        } else {
                            md.setCreated_by(createdBy);
                        }
                    });
            OracleData d = OracleData.read(p);
            for (Object k : d.distinct(d.columns[0])) {
                for (String op : List.of("=", "<", ">", "<=", ">=")) {
                    Sql s = cmp(d, 0, op, k);
                    Plan plan = sound(p, d, s, STATS);
                    assertThat(plan.rowGroups().get(0).skipped()).as(s.text()).isFalse();
                }
            }
            PlannerSoundnessTest.check(p, 100, 18);
        }
    }

    /** Without column_orders, min_value and max_value have no defined meaning: not used, not even for ints. */
    @Test
    void fileWithoutColumnOrders() throws IOException {
        Path written = stringsFile(dir);
        Path p = TrapFiles.patch(written, dir.resolve("no-orders.parquet"), null,
                md -> md.unsetColumn_orders());
        assertThat(ParquetJava.thriftFooter(p).isSetColumn_orders()).isFalse();
        OracleData d = OracleData.read(p);
        Sql absent = cmp(d, 0, "=", "0".getBytes(StandardCharsets.UTF_8));
        Plan plan = sound(p, d, absent, STATS);
        assertThat(plan.rowGroups().get(0).skipped()).isFalse();
        assertThat(steps(plan, "statistics").get(0).why()).contains("column order");
        // The page index's bounds have the same order: not used either, and the reason says so.
        Plan pages = sound(p, d, absent, PAGES);
        assertThat(pages.rowGroups().get(0).skipped()).isFalse();
        assertThat(steps(pages, "page-index").get(0).why()).contains("column order").doesNotContain("as the index claims");
        PlannerSoundnessTest.check(p, 100, 19);
        // With the orders, the same statistics rule it out (the control).
        OracleData w = OracleData.read(written);
        assertThat(sound(written, w, cmp(w, 0, "=", "0".getBytes(StandardCharsets.UTF_8)), STATS).rowGroups().get(0).skipped())
                .isTrue();
    }
}
