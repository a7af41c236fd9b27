package io.pqlab.plan;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Generates conditions over a file's flat columns from its data: values present (sampled, with
 * the extremes) and absent (between, below and above present ones, the type's extremes,
 * NaN/±0.0/±Infinity for floating point), every operator, and compounds over two or three columns.
 */
final class Conditions {
    private static final String[] OPS = {"=", "!=", "<", "<=", ">", ">="};

    private final OracleData data;
    private final Random rnd;

    Conditions(OracleData data, long seed) {
        this.data = data;
        this.rnd = new Random(seed);
    }

    /** Literal pools of one column. */
    record Pool(RefColumn col, List<Object> present, List<Object> absent) {
        List<Object> all() {
            List<Object> out = new ArrayList<>(present);
            out.addAll(absent);
            return out;
        }
    }

    Pool pool(RefColumn c) {
        List<Object> distinct = data.distinct(c);
        List<Object> present = new ArrayList<>();
        if (!distinct.isEmpty()) {
            present.add(distinct.get(0));
            present.add(distinct.get(distinct.size() - 1));
            for (int i = 0; i < 3 && distinct.size() > 2; i++) {
                present.add(distinct.get(1 + rnd.nextInt(distinct.size() - 2)));
            }
        }
        List<Object> candidates = absentCandidates(c, distinct);
        List<Object> absent = new ArrayList<>();
        for (Object k : candidates) {
            if (k != null && valid(c, k) && c.writable(k) && !contains(c, distinct, k) && !contains(c, absent, k)) {
                absent.add(k);
            }
        }
        present.removeIf(k -> !c.writable(k));
        dedupe(c, present);
        return new Pool(c, present, absent);
    }

    private static void dedupe(RefColumn c, List<Object> l) {
        List<Object> out = new ArrayList<>();
        for (Object k : l) {
            if (!contains(c, out, k) || (c.floating() && ((Double) k) == 0)) {
                out.add(k);
            }
        }
        l.clear();
        l.addAll(out);
    }

    private static boolean contains(RefColumn c, List<Object> l, Object k) {
        for (Object x : l) {
            if (c.compare(x, k) == 0) {
                if (c.floating() && (Double) k == 0 && (Double) x == 0) {
                    // -0.0 and +0.0 are one value, but both are worth writing as literals
                    return Double.doubleToRawLongBits((Double) k) == Double.doubleToRawLongBits((Double) x);
                }
                return true;
            }
        }
        return false;
    }

    /** Whether a key is a value of the column's literal domain (floating point in its width). */
    private static boolean valid(RefColumn c, Object k) {
        if (c.kind == RefColumn.Kind.FLOAT) {
            double d = (Double) k;
            return Double.isNaN(d) || (double) (float) d == d;
        }
        if (c.kind == RefColumn.Kind.FLOAT16) {
            return RefColumn.isHalf((Double) k);
        }
        return true;
    }

    private List<Object> absentCandidates(RefColumn c, List<Object> d) {
        List<Object> out = new ArrayList<>();
        Object min = d.isEmpty() ? null : d.get(0);
        Object max = d.isEmpty() ? null : d.get(d.size() - 1);
        Object mid = d.size() > 1 ? d.get(rnd.nextInt(d.size() - 1)) : min;
        switch (c.kind) {
            case BOOL -> {
                out.add(true);
                out.add(false);
            }
            case INT, UINT, DECIMAL, DATE, TIME, TIMESTAMP, INT96 -> {
                BigDecimal step = switch (c.kind) {
                    case DECIMAL -> BigDecimal.ONE.movePointLeft(c.scale);
                    case INT96 -> BigDecimal.valueOf(1000);
                    default -> BigDecimal.ONE;
                };
                if (min != null) {
                    BigDecimal lo = (BigDecimal) min;
                    BigDecimal hi = (BigDecimal) max;
                    BigDecimal m = (BigDecimal) mid;
                    out.add(lo.subtract(step));
                    out.add(hi.add(step));
                    out.add(m.add(step));
                    out.add(m.subtract(step));
                    BigDecimal half = step.divide(BigDecimal.valueOf(2));
                    out.add(m.add(half));
                    out.add(lo.subtract(half));
                    out.add(hi.add(half));
                    out.add(hi.add(step.multiply(BigDecimal.valueOf(1000))));
                }
                out.addAll(extremes(c));
            }
            case FLOAT, DOUBLE, FLOAT16 -> {
                out.add(Double.NaN);
                out.add(Double.POSITIVE_INFINITY);
                out.add(Double.NEGATIVE_INFINITY);
                out.add(0.0);
                out.add(-0.0);
                if (c.kind == RefColumn.Kind.DOUBLE) {
                    out.add(Double.MAX_VALUE);
                    out.add(-Double.MAX_VALUE);
                    out.add(Double.MIN_VALUE);
                } else if (c.kind == RefColumn.Kind.FLOAT) {
                    out.add((double) Float.MAX_VALUE);
                    out.add((double) -Float.MAX_VALUE);
                    out.add((double) Float.MIN_VALUE);
                } else {
                    out.add(65504.0);
                    out.add(-65504.0);
                    out.add(0x1p-24);
                }
                List<Object> finite = new ArrayList<>();
                for (Object k : d) {
                    double x = (Double) k;
                    if (!Double.isNaN(x) && !Double.isInfinite(x)) {
                        finite.add(k);
                    }
                }
                if (!finite.isEmpty()) {
                    double lo = (Double) finite.get(0);
                    double hi = (Double) finite.get(finite.size() - 1);
                    int i = rnd.nextInt(finite.size());
                    double a = (Double) finite.get(i);
                    double b = (Double) finite.get(Math.min(i + 1, finite.size() - 1));
                    for (double x : new double[] {lo - 1, hi + 1, (a + b) / 2, lo - 0.5, hi + 0.5}) {
                        out.add(inWidth(c, x));
                    }
                    out.add(inWidth(c, c.kind == RefColumn.Kind.DOUBLE ? Math.nextUp(hi) : Math.nextUp((float) hi)));
                    out.add(inWidth(c, c.kind == RefColumn.Kind.DOUBLE ? Math.nextDown(lo) : Math.nextDown((float) lo)));
                }
            }
            case BYTES, TEXT -> {
                out.add(new byte[0]);
                if (min != null) {
                    byte[] lo = (byte[]) min;
                    byte[] hi = (byte[]) max;
                    byte[] m = (byte[]) mid;
                    out.add(below(lo));
                    out.add(concat(hi, c.kind == RefColumn.Kind.TEXT ? "~".getBytes(StandardCharsets.UTF_8) : new byte[] {(byte) 0xFF}));
                    out.add(concat(m, "a".getBytes(StandardCharsets.UTF_8)));
                    out.add(below(m));
                    out.add(above(m));
                    out.add(Arrays.copyOf(m, Math.max(0, m.length - 1)));
                    out.add(above(hi));
                }
                if (c.kind == RefColumn.Kind.TEXT) {
                    out.add("zzzz".getBytes(StandardCharsets.UTF_8));
                    out.add("\u00e9t\u00e9".getBytes(StandardCharsets.UTF_8));
                    out.add(" ".getBytes(StandardCharsets.UTF_8));
                } else {
                    out.add(new byte[] {(byte) 0xFF, (byte) 0xFF});
                    out.add(new byte[] {0});
                }
                if (c.fixed()) {
                    // Literals of the column's width, and some of other widths (no value equals them)
                    List<Object> fixed = new ArrayList<>();
                    for (Object k : out) {
                        if (k != null) {
                            fixed.add(Arrays.copyOf((byte[]) k, c.width()));
                        }
                    }
                    byte[] ones = new byte[c.width()];
                    Arrays.fill(ones, (byte) 0xFF);
                    fixed.add(ones);
                    fixed.add(new byte[c.width()]);
                    fixed.add(new byte[c.width() + 1]);
                    out = fixed;
                }
            }
            default -> throw new IllegalStateException(c.kind.name());
        }
        return out;
    }

    private static Object inWidth(RefColumn c, double x) {
        if (c.kind == RefColumn.Kind.FLOAT) {
            return (double) (float) x;
        }
        if (c.kind == RefColumn.Kind.FLOAT16) {
            return RefColumn.isHalf(x) ? x : (double) Math.round(x);
        }
        return x;
    }

    private static List<Object> extremes(RefColumn c) {
        List<Object> out = new ArrayList<>();
        boolean int32 = c.int32();
        switch (c.kind) {
            case INT -> {
                long lo = int32 ? Integer.MIN_VALUE : Long.MIN_VALUE;
                long hi = int32 ? Integer.MAX_VALUE : Long.MAX_VALUE;
                out.add(BigDecimal.valueOf(lo));
                out.add(BigDecimal.valueOf(hi));
                out.add(BigDecimal.valueOf(lo).subtract(BigDecimal.ONE));
                out.add(BigDecimal.valueOf(hi).add(BigDecimal.ONE));
                out.add(BigDecimal.ZERO);
                out.add(new BigDecimal("-0.5"));
            }
            case UINT -> {
                BigDecimal hi = new BigDecimal(BigInteger.ONE.shiftLeft(int32 ? 32 : 64).subtract(BigInteger.ONE));
                out.add(BigDecimal.ZERO);
                out.add(BigDecimal.valueOf(-1));
                out.add(hi);
                out.add(hi.add(BigDecimal.ONE));
                out.add(new BigDecimal(BigInteger.ONE.shiftLeft(int32 ? 31 : 63)));
            }
            case DECIMAL -> {
                BigDecimal big = BigDecimal.TEN.pow(Math.max(c.precision - c.scale, 0));
                out.add(big);
                out.add(big.negate());
                out.add(BigDecimal.ZERO);
            }
            case DATE -> {
                out.add(BigDecimal.valueOf(java.time.LocalDate.of(1, 1, 1).toEpochDay()));
                out.add(BigDecimal.valueOf(java.time.LocalDate.of(9999, 12, 31).toEpochDay()));
                out.add(BigDecimal.ZERO);
            }
            case TIMESTAMP -> {
                out.add(BigDecimal.ZERO);
                out.add(BigDecimal.valueOf(java.time.LocalDate.of(1, 1, 1).toEpochDay() * 86_400L).multiply(BigDecimal.valueOf(c.perSecond)));
                out.add(BigDecimal.valueOf(java.time.LocalDate.of(9999, 12, 31).toEpochDay() * 86_400L).multiply(BigDecimal.valueOf(c.perSecond)));
            }
            case TIME -> {
                out.add(BigDecimal.ZERO);
                out.add(BigDecimal.valueOf(86_400L * c.perSecond - 1));
            }
            default -> { }
        }
        return out;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** A byte string just below v where one is easy to write: the last byte decremented. */
    private static byte[] below(byte[] v) {
        if (v.length == 0) {
            return null;
        }
        byte[] out = v.clone();
        if ((out[out.length - 1] & 0xFF) == 0) {
            return Arrays.copyOf(v, v.length - 1);
        }
        out[out.length - 1]--;
        return out;
    }

    private static byte[] above(byte[] v) {
        if (v.length == 0) {
            return new byte[] {0x20};
        }
        byte[] out = v.clone();
        if ((out[out.length - 1] & 0xFF) == 0x7E || (out[out.length - 1] & 0xFF) == 0xFF) {
            return concat(v, new byte[] {0x21});
        }
        out[out.length - 1]++;
        return out;
    }

    // ---- conditions ---------------------------------------------------------------------------

    /** Conditions on one column: every operator against present and absent literals. */
    List<Sql> single(Pool p, int literals) {
        RefColumn c = p.col();
        List<Sql> out = new ArrayList<>();
        List<Object> lits = new ArrayList<>();
        List<Object> present = new ArrayList<>(p.present());
        List<Object> absent = new ArrayList<>(p.absent());
        java.util.Collections.shuffle(absent, rnd);
        lits.addAll(present);
        lits.addAll(absent.subList(0, Math.min(absent.size(), Math.max(literals - present.size(), 3))));
        if (c.floating()) {
            // the traps: always NaN, both zeros and the infinities
            for (Object k : absent) {
                double x = (Double) k;
                if ((Double.isNaN(x) || x == 0 || Double.isInfinite(x)) && !lits.contains(k)) {
                    lits.add(k);
                }
            }
        }
        for (Object lit : lits) {
            for (String op : OPS) {
                if (c.kind == RefColumn.Kind.BOOL && !op.equals("=") && !op.equals("!=") && rnd.nextInt(3) != 0) {
                    continue;
                }
                out.add(new Sql.Cmp(c, op, lit));
            }
        }
        List<Object> all = p.all();
        if (!all.isEmpty()) {
            for (int i = 0; i < 3; i++) {
                List<Object> in = pick(all, 2 + rnd.nextInt(3));
                out.add(new Sql.In(c, in, false));
                out.add(new Sql.In(c, pick(all, 2 + rnd.nextInt(3)), true));
            }
            for (int i = 0; i < 2; i++) {
                Object a = all.get(rnd.nextInt(all.size()));
                Object b = all.get(rnd.nextInt(all.size()));
                if (c.compare(a, b) > 0 && i == 0) {
                    Object t = a;
                    a = b;
                    b = t;
                }
                out.add(new Sql.Between(c, a, b, i == 1));
            }
        }
        out.add(new Sql.IsNull(c, false));
        out.add(new Sql.IsNull(c, true));
        if (c.kind == RefColumn.Kind.TEXT) {
            for (Object k : present) {
                String s = RefColumn.utf8((byte[]) k);
                if (s == null) {
                    continue;
                }
                String prefix = prefix(s, 1 + rnd.nextInt(3));
                if (prefix.isEmpty()) {
                    continue;
                }
                out.add(new Sql.Like(c, prefix + "%", false));
                out.add(new Sql.Like(c, prefix + "%", true));
            }
            out.add(new Sql.Like(c, "zz%", false));
            out.add(new Sql.Like(c, "%", false));
            out.add(new Sql.Like(c, "%a%", false));
            out.add(new Sql.Like(c, "\u00e9%", rnd.nextBoolean()));
        }
        return out;
    }

    /** The first n code points, cut before any LIKE wildcard or quote. */
    private static String prefix(String s, int n) {
        StringBuilder b = new StringBuilder();
        int count = 0;
        for (int i = 0; i < s.length() && count < n; ) {
            int cp = s.codePointAt(i);
            if (cp == '%' || cp == '_' || cp == '\'' || Character.isISOControl(cp)) {
                break;
            }
            b.appendCodePoint(cp);
            i += Character.charCount(cp);
            count++;
        }
        return b.toString();
    }

    private List<Object> pick(List<Object> from, int n) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(from.get(rnd.nextInt(from.size())));
        }
        return out;
    }

    /** A compound of two or three conditions (each possibly negated) under AND/OR, maybe negated. */
    Sql compound(List<Sql> singles) {
        int n = 2 + rnd.nextInt(2);
        List<Sql> terms = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Sql t = singles.get(rnd.nextInt(singles.size()));
            terms.add(rnd.nextInt(4) == 0 ? new Sql.Not(t) : t);
        }
        Sql s;
        if (n == 3 && rnd.nextBoolean()) {
            Sql inner = rnd.nextBoolean() ? new Sql.And(terms.subList(0, 2)) : new Sql.Or(terms.subList(0, 2));
            s = rnd.nextBoolean() ? new Sql.And(List.of(inner, terms.get(2))) : new Sql.Or(List.of(inner, terms.get(2)));
        } else {
            s = rnd.nextBoolean() ? new Sql.And(terms) : new Sql.Or(terms);
        }
        return rnd.nextInt(5) == 0 ? new Sql.Not(s) : s;
    }

    /**
     * About {@code max} conditions for the file: single-column ones over every modelled column
     * (sampled when there are too many), then compounds over two or three columns.
     */
    List<Sql> generate(int max) {
        List<RefColumn> cols = data.modelled();
        List<Sql> singles = new ArrayList<>();
        int perColumn = Math.max(4, Math.min(9, (max * 2 / 3) / Math.max(1, cols.size()) / 6));
        List<List<Sql>> byColumn = new ArrayList<>();
        for (RefColumn c : cols) {
            List<Sql> s = single(pool(c), perColumn);
            byColumn.add(s);
            singles.addAll(s);
        }
        List<Sql> out = new ArrayList<>();
        int singleBudget = max * 2 / 3;
        if (singles.size() <= singleBudget) {
            out.addAll(singles);
        } else {
            // keep every column's NULL tests and sample the rest
            List<Sql> rest = new ArrayList<>();
            for (Sql s : singles) {
                if (s instanceof Sql.IsNull) {
                    out.add(s);
                } else {
                    rest.add(s);
                }
            }
            java.util.Collections.shuffle(rest, rnd);
            out.addAll(rest.subList(0, Math.max(0, singleBudget - out.size())));
        }
        if (!singles.isEmpty()) {
            for (int i = 0; out.size() < max && i < max; i++) {
                out.add(compound(singles));
            }
        }
        return out;
    }
}
