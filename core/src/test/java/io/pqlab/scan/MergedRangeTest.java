package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.internal.column.ColumnBatch;
import io.pqlab.internal.column.NumberPages;
import io.pqlab.internal.predicate.LeafOp;
import io.pqlab.internal.predicate.Predicate;
import io.pqlab.internal.predicate.Predicate.Leaf;
import io.pqlab.internal.stats.SortOrder;
import io.pqlab.internal.stats.ValueOrder;
import io.pqlab.plan.RowRanges;
import io.pqlab.schema.PhysicalType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * One column's comparisons under an AND or OR merged into one range test ({@link
 * ConditionEvaluator#merged}, {@link CompiledLeaf#merge}) against the same leaves evaluated one by
 * one and against a comparison written out here, value by value: random pages of every type the
 * merge takes (INT64 and INT32 signed and unsigned, FLOAT, DOUBLE), their extremes, NaN of several
 * bit patterns, -0.0 and +0.0, nulls, kept rows that start and end inside 64-row words; and which
 * shapes are merged at all.
 */
class MergedRangeTest {
    enum T { INT64, UINT64, INT32, UINT32, FLOAT, DOUBLE }

    static final LeafOp[] OPS = {LeafOp.EQ, LeafOp.NE, LeafOp.LT, LeafOp.LE, LeafOp.GT, LeafOp.GE};

    @Property(tries = 600)
    void mergedLeavesSelectWhatTheLeavesDo(@ForAll long seed) {
        Random rnd = new Random(seed);
        T t = T.values()[rnd.nextInt(T.values().length)];
        List<Object> pool = pool(t, rnd);
        int n = 1 + rnd.nextInt(rnd.nextBoolean() ? 70 : 300);
        boolean[] nulls = rnd.nextBoolean() ? null : new boolean[n];
        Object values = java.lang.reflect.Array.newInstance(component(t), n);
        for (int e = 0; e < n; e++) {
            java.lang.reflect.Array.set(values, e, pool.get(rnd.nextInt(pool.size())));
            if (nulls != null) {
                nulls[e] = rnd.nextInt(4) == 0;
            }
        }
        long firstRow = rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(200);
        ColumnBatch page = NumberPages.page(values, nulls, firstRow);
        // two or three leaves under AND or OR; sometimes nested, sometimes a leaf twice
        List<Leaf> leaves = new ArrayList<>();
        int k = 2 + rnd.nextInt(2);
        for (int i = 0; i < k; i++) {
            if (rnd.nextInt(6) == 0) { // IN or NOT IN: a set of keys, searched past 8
                List<byte[]> xs = new ArrayList<>();
                for (int j = rnd.nextInt(rnd.nextBoolean() ? 4 : 14); j >= 0; j--) {
                    xs.add(bytes(t, pool.get(rnd.nextInt(pool.size()))));
                }
                LeafOp op = rnd.nextBoolean() ? LeafOp.IN : LeafOp.NOT_IN;
                leaves.add(new Leaf(0, "x", op, xs, order(t), "x " + op.symbol + " (" + xs.size() + " values)"));
                continue;
            }
            LeafOp op = rnd.nextInt(3) == 0 ? OPS[rnd.nextInt(OPS.length)] : OPS[2 + rnd.nextInt(4)];
            leaves.add(leaf(t, op, pool.get(rnd.nextInt(pool.size()))));
        }
        boolean and = rnd.nextBoolean();
        Predicate p = and ? new Predicate.And(new ArrayList<>(leaves)) : new Predicate.Or(new ArrayList<>(leaves));
        switch (rnd.nextInt(5)) {
            case 0 -> p = new Predicate.Or(List.of(p, leaf(t, LeafOp.EQ, pool.get(rnd.nextInt(pool.size())))));
            case 1 -> p = new Predicate.And(List.of(p, new Predicate.Or(List.of(leaves.get(0), leaf(t, LeafOp.GE, pool.get(0))))));
            default -> { }
        }
        // kept rows: the page, or pieces of it
        RowRanges kept;
        if (rnd.nextBoolean()) {
            kept = RowRanges.of(firstRow, firstRow + n);
        } else {
            List<long[]> r = new ArrayList<>();
            for (long s = firstRow + rnd.nextInt(5); s < firstRow + n; ) {
                long e = Math.min(firstRow + n, s + 1 + rnd.nextInt(90));
                r.add(new long[] {s, e});
                s = e + 1 + rnd.nextInt(40);
            }
            kept = RowRanges.union(r);
        }
        ConditionEvaluator.Merged m = ConditionEvaluator.merged(p);
        net.jqwik.api.statistics.Statistics.label("merged").collect(m.groups().isEmpty() ? "no" : and ? "an AND" : "an OR");
        assertThat(m.p()).as("the condition is not rewritten").isSameAs(p);
        RowBits merged = evaluate(m.p(), m, page, kept);
        RowBits oneByOne = evaluate(p, ConditionEvaluator.merged(new Predicate.Constant(true, "")), page, kept);
        for (int e = 0; e < n; e++) {
            long row = firstRow + e;
            boolean in = false;
            for (int i = 0; i < kept.size(); i++) {
                in |= row >= kept.start(i) && row < kept.end(i);
            }
            boolean want = in && holds(p, t, values, nulls, e);
            String what = p + " on " + t + " entry " + e + " = "
                    + (nulls != null && nulls[e] ? "null" : java.lang.reflect.Array.get(values, e)) + ", evaluated as " + m.evaluated() + " (absorbed: " + m.absorbed().keySet() + ")";
            assertThat(merged.get((int) row)).as("merged: " + what).isEqualTo(want);
            assertThat(oneByOne.get((int) row)).as("one by one: " + what).isEqualTo(want);
        }
        for (int row = 0; row < firstRow; row++) {
            assertThat(merged.get(row)).as("a row before the page").isFalse();
        }
        assertThat(merged.nextSetBit((int) (firstRow + n))).as("a row after the page").isEqualTo(-1);
    }

    /**
     * The condition's bits on the page as the windowed pass builds them: each evaluated leaf's, an
     * absorbed leaf's the same object as its group's first leaf's, then combined.
     */
    static RowBits evaluate(Predicate p, ConditionEvaluator.Merged tests, ColumnBatch page, RowRanges kept) {
        Map<Leaf, RowBits> bits = new IdentityHashMap<>();
        for (Leaf l : p.leaves()) {
            if (tests.absorbedBy(l) == null && !bits.containsKey(l)) {
                RowBits b = new RowBits();
                ConditionEvaluator.evalLeaf(l, tests.test(l), page, kept, b);
                bits.put(l, b);
            }
        }
        for (Leaf l : p.leaves()) {
            if (!bits.containsKey(l)) {
                bits.put(l, bits.get(tests.absorbedBy(l)));
            }
        }
        return ConditionEvaluator.eval(p, bits, kept);
    }

    @Test
    void theShapesMergedAndNot() {
        for (T t : T.values()) {
            Object a = number(t, 3);
            Object b = number(t, 9);
            // ts >= a AND ts < b, BETWEEN: one stand-in leaf
            assertMerged(new Predicate.And(List.of(leaf(t, LeafOp.GE, a), leaf(t, LeafOp.LT, b))), 1, t);
            assertMerged(new Predicate.And(List.of(leaf(t, LeafOp.GE, a), leaf(t, LeafOp.LE, b), leaf(t, LeafOp.GT, a))), 1, t);
            // x < a OR x > b: the complement of one range
            assertMerged(new Predicate.Or(List.of(leaf(t, LeafOp.LT, a), leaf(t, LeafOp.GT, b))), 1, t);
            // x = a OR x = b (two points): a set of keys
            assertMerged(new Predicate.Or(List.of(leaf(t, LeafOp.EQ, a), leaf(t, LeafOp.EQ, b))), 1, t);
            // NE is two ranges
            assertMerged(new Predicate.And(List.of(leaf(t, LeafOp.NE, a), leaf(t, LeafOp.LT, b))), 2, t);
            // IN and NOT IN are sets already; beside a comparison they stay leaves
            assertMerged(new Predicate.Or(List.of(new Leaf(0, "x", LeafOp.IN, List.of(bytes(t, a)), order(t), "x IN (a)"),
                    leaf(t, LeafOp.LT, b))), 2, t);
            // a leaf that occurs twice stays (its bits serve both places)
            Leaf twice = leaf(t, LeafOp.GE, a);
            assertMerged(new Predicate.Or(List.of(new Predicate.And(List.of(twice, leaf(t, LeafOp.LT, b))),
                    new Predicate.And(List.of(twice, leaf(t, LeafOp.EQ, b))))), 3, t);
        }
        // binaries and fixed-length decimals compare bytes: not merged
        Leaf s1 = new Leaf(0, "x", LeafOp.GE, List.of(new byte[] {1}), new ValueOrder(PhysicalType.BYTE_ARRAY, SortOrder.BYTES, -1), "x >= 1");
        Leaf s2 = new Leaf(0, "x", LeafOp.LT, List.of(new byte[] {5}), new ValueOrder(PhysicalType.BYTE_ARRAY, SortOrder.BYTES, -1), "x < 5");
        assertThat(ConditionEvaluator.merged(new Predicate.And(List.of(s1, s2))).groups()).isEmpty();
        // other columns' leaves stay beside the stand-in, in place
        Leaf y = new Leaf(1, "y", LeafOp.EQ, List.of(bytes(T.INT64, 3L)), order(T.INT64), "y = 3");
        ConditionEvaluator.Merged q = ConditionEvaluator.merged(new Predicate.And(List.of(leaf(T.INT64, LeafOp.GE, 1L), y,
                leaf(T.INT64, LeafOp.LT, 9L))));
        assertThat(q.evaluated()).hasSize(2);
        assertThat(q.evaluated().get(1)).isSameAs(y);
    }

    private static void assertMerged(Predicate p, int leavesAfter, T t) {
        ConditionEvaluator.Merged m = ConditionEvaluator.merged(p);
        assertThat(m.evaluated()).as("%s on %s", p, t).hasSize(leavesAfter);
        java.util.Set<Leaf> leaves = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        leaves.addAll(p.leaves());
        long distinct = leaves.size();
        assertThat(m.groups()).as("%s on %s", p, t).hasSize(distinct == leavesAfter ? 0 : 1);
        assertThat(m.p()).as("%s on %s: not rewritten", p, t).isSameAs(p);
    }

    // ---- the reference: comparisons written out ------------------------------------------------

    static boolean holds(Predicate p, T t, Object values, boolean[] nulls, int e) {
        return p.holds(l -> {
            if (nulls != null && nulls[e]) {
                return false;
            }
            Object v = java.lang.reflect.Array.get(values, e);
            if (l.op() == LeafOp.IN || l.op() == LeafOp.NOT_IN) {
                boolean in = false;
                for (byte[] x : l.values()) {
                    in |= compare(t, v, literal(t, x)) == 0;
                }
                return in == (l.op() == LeafOp.IN);
            }
            return test(compare(t, v, literal(t, l.value())), l.op());
        });
    }

    static int compare(T t, Object a, Object b) {
        return switch (t) {
            case INT64 -> Long.compare((Long) a, (Long) b);
            case UINT64 -> Long.compareUnsigned((Long) a, (Long) b);
            case INT32 -> Integer.compare((Integer) a, (Integer) b);
            case UINT32 -> Integer.compareUnsigned((Integer) a, (Integer) b);
            case FLOAT -> compareDoubles((Float) a, (Float) b);
            case DOUBLE -> compareDoubles((Double) a, (Double) b);
        };
    }

    /** NaN equal to NaN and above every number; -0.0 equal to +0.0. */
    static int compareDoubles(double a, double b) {
        if (a != a || b != b) {
            return (a != a ? 1 : 0) - (b != b ? 1 : 0);
        }
        return a < b ? -1 : a == b ? 0 : 1;
    }

    static boolean test(int c, LeafOp op) {
        return switch (op) {
            case EQ -> c == 0;
            case NE -> c != 0;
            case LT -> c < 0;
            case LE -> c <= 0;
            case GT -> c > 0;
            default -> c >= 0;
        };
    }

    // ---- values --------------------------------------------------------------------------------

    static Class<?> component(T t) {
        return switch (t) {
            case INT64, UINT64 -> long.class;
            case INT32, UINT32 -> int.class;
            case FLOAT -> float.class;
            case DOUBLE -> double.class;
        };
    }

    /** The extremes of the type, then a few random values near zero and anywhere. */
    static List<Object> pool(T t, Random rnd) {
        List<Object> out = new ArrayList<>();
        switch (t) {
            case INT64, UINT64 -> {
                for (long x : new long[] {Long.MIN_VALUE, Long.MIN_VALUE + 1, -1, 0, 1, Long.MAX_VALUE - 1, Long.MAX_VALUE, 2}) {
                    out.add(x);
                }
                for (int i = 0; i < 8; i++) {
                    out.add(i < 4 ? (long) rnd.nextInt(20) - 10 : rnd.nextLong());
                }
            }
            case INT32, UINT32 -> {
                for (int x : new int[] {Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -1, 0, 1, Integer.MAX_VALUE - 1, Integer.MAX_VALUE, 2}) {
                    out.add(x);
                }
                for (int i = 0; i < 8; i++) {
                    out.add(i < 4 ? rnd.nextInt(20) - 10 : rnd.nextInt());
                }
            }
            case FLOAT -> {
                for (float x : new float[] {Float.NEGATIVE_INFINITY, -Float.MAX_VALUE, -0.0f, 0.0f, Float.MIN_VALUE,
                        Float.MAX_VALUE, Float.POSITIVE_INFINITY, Float.NaN, Float.intBitsToFloat(0xffc00001), -Float.MIN_VALUE}) {
                    out.add(x);
                }
                for (int i = 0; i < 6; i++) {
                    out.add(i < 3 ? (float) (rnd.nextInt(20) - 10) : Float.intBitsToFloat(rnd.nextInt()));
                }
            }
            case DOUBLE -> {
                for (double x : new double[] {Double.NEGATIVE_INFINITY, -Double.MAX_VALUE, -0.0, 0.0, Double.MIN_VALUE,
                        Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NaN, Double.longBitsToDouble(0xfff8000000000001L), -Double.MIN_VALUE}) {
                    out.add(x);
                }
                for (int i = 0; i < 6; i++) {
                    out.add(i < 3 ? (double) (rnd.nextInt(20) - 10) : Double.longBitsToDouble(rnd.nextLong()));
                }
            }
        }
        java.util.Collections.shuffle(out, new Random(rnd.nextLong()));
        return out;
    }

    static Object number(T t, int x) {
        return switch (t) {
            case INT64, UINT64 -> (long) x;
            case INT32, UINT32 -> x;
            case FLOAT -> (float) x;
            case DOUBLE -> (double) x;
        };
    }

    static ValueOrder order(T t) {
        return switch (t) {
            case INT64 -> new ValueOrder(PhysicalType.INT64, SortOrder.SIGNED, -1);
            case UINT64 -> new ValueOrder(PhysicalType.INT64, SortOrder.UNSIGNED, -1);
            case INT32 -> new ValueOrder(PhysicalType.INT32, SortOrder.SIGNED, -1);
            case UINT32 -> new ValueOrder(PhysicalType.INT32, SortOrder.UNSIGNED, -1);
            case FLOAT -> new ValueOrder(PhysicalType.FLOAT, SortOrder.FLOAT, -1);
            case DOUBLE -> new ValueOrder(PhysicalType.DOUBLE, SortOrder.FLOAT, -1);
        };
    }

    static byte[] bytes(T t, Object x) {
        ByteBuffer b = ByteBuffer.allocate(component(t) == long.class || component(t) == double.class ? 8 : 4)
                .order(ByteOrder.LITTLE_ENDIAN);
        switch (t) {
            case INT64, UINT64 -> b.putLong((Long) x);
            case INT32, UINT32 -> b.putInt((Integer) x);
            case FLOAT -> b.putFloat((Float) x);
            case DOUBLE -> b.putDouble((Double) x);
        }
        return b.array();
    }

    static Object literal(T t, byte[] plain) {
        ByteBuffer b = ByteBuffer.wrap(plain).order(ByteOrder.LITTLE_ENDIAN);
        return switch (t) {
            case INT64, UINT64 -> b.getLong();
            case INT32, UINT32 -> b.getInt();
            case FLOAT -> b.getFloat();
            case DOUBLE -> b.getDouble();
        };
    }

    static Leaf leaf(T t, LeafOp op, Object x) {
        return new Leaf(0, "x", op, List.of(bytes(t, x)), order(t), "x " + op.symbol + " " + x);
    }
}
