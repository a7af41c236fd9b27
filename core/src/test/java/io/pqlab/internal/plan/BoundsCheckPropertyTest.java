package io.pqlab.internal.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.schema.PhysicalType;
import io.pqlab.plan.Verdict;
import io.pqlab.internal.predicate.LeafOp;
import io.pqlab.internal.predicate.Predicate.Leaf;
import io.pqlab.internal.stats.SortOrder;
import io.pqlab.internal.stats.TrustedStatistics;
import io.pqlab.internal.stats.ValueOrder;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Holds BoundsCheck to the data: statistics are computed from generated values the way a correct
 * writer computes them (NaN left out of the bounds), and every NONE must be a set with no matching
 * value and every ALL a set where all match, judged by a plain reference evaluator.
 */
class BoundsCheckPropertyTest {

    private static final ValueOrder DOUBLES = new ValueOrder(PhysicalType.DOUBLE, SortOrder.FLOAT, 0);
    private static final ValueOrder LONGS = new ValueOrder(PhysicalType.INT64, SortOrder.SIGNED, 0);
    private static final ValueOrder STRINGS = new ValueOrder(PhysicalType.BYTE_ARRAY, SortOrder.BYTES, 0);
    private static final LeafOp[] OPS = {LeafOp.EQ, LeafOp.NE, LeafOp.LT, LeafOp.LE, LeafOp.GT, LeafOp.GE,
        LeafOp.IN, LeafOp.NOT_IN, LeafOp.IS_NULL, LeafOp.IS_NOT_NULL, LeafOp.IS_NAN, LeafOp.NOT_NAN};

    @Provide
    Arbitrary<List<Double>> doubles() {
        Arbitrary<Double> one = Arbitraries.oneOf(
                Arbitraries.of(0.0, -0.0, Double.NaN, 1.0, -1.0, 5.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY),
                Arbitraries.integers().between(-6, 6).map(i -> (double) i));
        return one.injectNull(0.15).list().ofMinSize(0).ofMaxSize(12);
    }

    @Property(tries = 3000)
    void doubleVerdictsHoldOnTheData(@ForAll("doubles") List<Double> data,
            @ForAll("doubleLiterals") List<Double> literals, @ForAll("ops") LeafOp op,
            @ForAll boolean recordNanCount) {
        TrustedStatistics stats = doubleStats(data, recordNanCount);
        Leaf leaf = leaf(op, literals.stream().map(BoundsCheckPropertyTest::plain).toList(), DOUBLES);
        Decision d = BoundsCheck.judge(leaf, stats);
        check(d, data, v -> matchesDouble(op, v, literals));
    }

    @Provide
    Arbitrary<List<Double>> doubleLiterals() {
        // No NaN: the binder turns NaN literals into IS_NAN / NOT_NAN.
        return Arbitraries.oneOf(Arbitraries.of(0.0, -0.0, 1.0, 5.0, -1.0, 100.0),
                Arbitraries.integers().between(-7, 7).map(i -> (double) i)).list().ofMinSize(1).ofMaxSize(3);
    }

    @Provide
    Arbitrary<LeafOp> ops() {
        return Arbitraries.of(OPS);
    }

    @Property(tries = 2000)
    void longVerdictsHoldOnTheData(@ForAll("longs") List<Long> data, @ForAll("longLiterals") List<Long> literals,
            @ForAll("ops") LeafOp op) {
        List<Long> present = data.stream().filter(v -> v != null).toList();
        long nulls = data.size() - present.size();
        TrustedStatistics stats = present.isEmpty()
                ? TrustedStatistics.countsOnly("no bounds", nulls, -1, data.size())
                : new TrustedStatistics(plain(present.stream().min(Long::compare).get()),
                        plain(present.stream().max(Long::compare).get()), "test", true, true, nulls, -1, data.size());
        Leaf leaf = leaf(op, literals.stream().map(BoundsCheckPropertyTest::plain).toList(), LONGS);
        check(BoundsCheck.judge(leaf, stats), data, v -> matchesLong(op, v, literals));
    }

    @Provide
    Arbitrary<List<Long>> longs() {
        return Arbitraries.longs().between(-5, 5).injectNull(0.15).list().ofMaxSize(10);
    }

    @Provide
    Arbitrary<List<Long>> longLiterals() {
        return Arbitraries.longs().between(-7, 7).list().ofMinSize(1).ofMaxSize(3);
    }

    @Property(tries = 2000)
    void prefixVerdictsHoldOnTheData(@ForAll("strings") List<String> data, @ForAll("prefixes") String prefix,
            @ForAll boolean negated, @ForAll boolean truncate) {
        List<byte[]> present = data.stream().filter(v -> v != null).map(s -> s.getBytes(StandardCharsets.UTF_8)).toList();
        long nulls = data.size() - present.size();
        TrustedStatistics stats;
        if (present.isEmpty()) {
            stats = TrustedStatistics.countsOnly("no bounds", nulls, -1, data.size());
        } else {
            byte[] min = present.stream().min(Arrays::compareUnsigned).get();
            byte[] max = present.stream().max(Arrays::compareUnsigned).get();
            if (truncate && min.length > 1) {
                min = Arrays.copyOf(min, 1); // a truncated minimum is still a lower bound
            }
            if (truncate && max.length > 1 && max[0] != (byte) 0xFF) {
                max = new byte[] {(byte) (max[0] + 1)}; // a truncated maximum: prefix incremented
            }
            stats = new TrustedStatistics(min, max, "test", !truncate, !truncate, nulls, -1, data.size());
        }
        LeafOp op = negated ? LeafOp.NOT_STARTS_WITH : LeafOp.STARTS_WITH;
        byte[] p = prefix.getBytes(StandardCharsets.UTF_8);
        Leaf leaf = leaf(op, List.of(p), STRINGS);
        check(BoundsCheck.judge(leaf, stats), data, v -> v != null && v.startsWith(prefix) != negated);
    }

    @Provide
    Arbitrary<List<String>> strings() {
        return Arbitraries.strings().withChars("abcz").ofMaxLength(3).injectNull(0.1).list().ofMaxSize(8);
    }

    @Provide
    Arbitrary<String> prefixes() {
        return Arbitraries.strings().withChars("abcz").ofMinLength(1).ofMaxLength(2);
    }

    interface Matcher<T> {
        boolean matches(T value);
    }

    private static <T> void check(Decision d, List<T> data, Matcher<T> m) {
        List<T> matching = new ArrayList<>();
        for (T v : data) {
            if (m.matches(v)) {
                matching.add(v);
            }
        }
        if (d.verdict() == Verdict.NONE) {
            assertThat(matching).as("NONE (%s) but these match in %s", d.why(), data).isEmpty();
        }
        if (d.verdict() == Verdict.ALL) {
            assertThat(matching).as("ALL (%s) but not every value of %s matches", d.why(), data).hasSize(data.size());
        }
    }

    private static TrustedStatistics doubleStats(List<Double> data, boolean recordNanCount) {
        long nulls = data.stream().filter(v -> v == null).count();
        long nans = data.stream().filter(v -> v != null && v.isNaN()).count();
        List<Double> numbers = data.stream().filter(v -> v != null && !v.isNaN()).toList();
        long nanCount = recordNanCount ? nans : -1;
        if (numbers.isEmpty()) {
            return TrustedStatistics.countsOnly("no bounds", nulls, nanCount, data.size());
        }
        double min = numbers.stream().min(Double::compare).get();
        double max = numbers.stream().max(Double::compare).get();
        return new TrustedStatistics(plain(min), plain(max), "test", true, true, nulls, nanCount, data.size());
    }

    /** SQL semantics with NaN equal to NaN and above every number, -0.0 equal to +0.0. */
    private static int cmp(double a, double b) {
        if (Double.isNaN(a) || Double.isNaN(b)) {
            return Boolean.compare(Double.isNaN(a), Double.isNaN(b));
        }
        return a < b ? -1 : a > b ? 1 : 0;
    }

    private static boolean matchesDouble(LeafOp op, Double v, List<Double> lits) {
        if (op == LeafOp.IS_NULL) {
            return v == null;
        }
        if (v == null) {
            return false;
        }
        double x = lits.get(0);
        return switch (op) {
            case IS_NOT_NULL -> true;
            case IS_NAN -> v.isNaN();
            case NOT_NAN -> !v.isNaN();
            case EQ -> cmp(v, x) == 0;
            case NE -> cmp(v, x) != 0;
            case LT -> cmp(v, x) < 0;
            case LE -> cmp(v, x) <= 0;
            case GT -> cmp(v, x) > 0;
            case GE -> cmp(v, x) >= 0;
            case IN -> lits.stream().anyMatch(l -> cmp(v, l) == 0);
            case NOT_IN -> lits.stream().noneMatch(l -> cmp(v, l) == 0);
            default -> throw new IllegalArgumentException(op.name());
        };
    }

    private static boolean matchesLong(LeafOp op, Long v, List<Long> lits) {
        if (op == LeafOp.IS_NULL) {
            return v == null;
        }
        if (v == null) {
            return false;
        }
        long x = lits.get(0);
        return switch (op) {
            case IS_NOT_NULL, NOT_NAN -> true;
            case IS_NAN -> false;
            case EQ -> v == x;
            case NE -> v != x;
            case LT -> v < x;
            case LE -> v <= x;
            case GT -> v > x;
            case GE -> v >= x;
            case IN -> lits.contains(v);
            case NOT_IN -> !lits.contains(v);
            default -> throw new IllegalArgumentException(op.name());
        };
    }

    private static Leaf leaf(LeafOp op, List<byte[]> values, ValueOrder order) {
        return new Leaf(0, "x", op, values, order, "x " + op.symbol);
    }

    static byte[] plain(double v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(v).array();
    }

    static byte[] plain(long v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
    }
}
