package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.internal.predicate.LeafOp;
import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link RowBits} against {@link java.util.BitSet} under random operations (words and ranges that
 * cross word boundaries, clearing before windows and after them), and the leaves' word loops
 * ({@link CompiledLeaf#rangeWords}) against the comparison they replace, on every operator,
 * the extreme keys, nulls, and ranges that start and end inside a word.
 */
class RowBitsTest {
    static void same(RowBits r, BitSet b, int upTo) {
        for (int i = 0; i < upTo; i++) {
            assertThat(r.get(i)).as("bit %d", i).isEqualTo(b.get(i));
        }
        for (int i = 0; i < upTo; i += 7) {
            assertThat(r.nextSetBit(i)).as("nextSetBit %d", i).isEqualTo(b.nextSetBit(i));
            assertThat(r.nextClearBit(i)).as("nextClearBit %d", i).isEqualTo(b.nextClearBit(i));
        }
        assertThat(r.isEmpty()).isEqualTo(b.isEmpty());
    }

    @Test
    void agreesWithBitSet() {
        Random rnd = new Random(42);
        int n = 700;
        for (int round = 0; round < 200; round++) {
            RowBits r = new RowBits();
            BitSet b = new BitSet();
            RowBits r2 = new RowBits();
            BitSet b2 = new BitSet();
            for (int op = 0; op < 12; op++) {
                int x = rnd.nextInt(n);
                int y = x + rnd.nextInt(n - x + 1);
                switch (rnd.nextInt(9)) {
                    case 0 -> { r.set(x); b.set(x); }
                    case 1 -> { r.set(x, y); b.set(x, y); }
                    case 2 -> {
                        long w = rnd.nextLong() & rnd.nextLong();
                        int k = x >>> 6;
                        r.orWord(k, w);
                        for (int i = 0; i < 64; i++) {
                            if ((w >>> i & 1) != 0) {
                                b.set(64 * k + i);
                            }
                        }
                    }
                    case 3 -> { r.clearBefore(x); b.clear(0, x); }
                    case 4 -> { r.clearFrom(x); b.clear(x, Math.max(x, b.length())); }
                    case 5 -> { r2.set(x, y); b2.set(x, y); r2.clearBefore(rnd.nextInt(n)); b2.clear(0, 0); b2 = copyOf(r2, n); }
                    case 6 -> { r.and(r2); b.and(b2); }
                    case 7 -> { r.or(r2); b.or(b2); }
                    default -> { r = r.copy(); b = (BitSet) b.clone(); }
                }
                same(r, b, n + 70);
            }
        }
    }

    private static BitSet copyOf(RowBits r, int n) {
        BitSet b = new BitSet();
        for (int i = 0; i < n + 70; i++) {
            if (r.get(i)) {
                b.set(i);
            }
        }
        return b;
    }

    @Test
    void rangeWordsIsTheComparison() {
        Random rnd = new Random(7);
        long[] specials = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -1, 0, 1, Long.MAX_VALUE - 1, Long.MAX_VALUE};
        LeafOp[] ops = {LeafOp.EQ, LeafOp.NE, LeafOp.LT, LeafOp.LE, LeafOp.GT, LeafOp.GE};
        for (int round = 0; round < 300; round++) {
            int count = 1 + rnd.nextInt(300);
            long[] a = new long[count];
            for (int v = 0; v < count; v++) {
                a[v] = rnd.nextInt(3) == 0 ? specials[rnd.nextInt(specials.length)] : rnd.nextInt(9) - 4;
            }
            int entries = count + rnd.nextInt(40);
            int[] vi = new int[entries]; // a page with nulls: entries' value indexes, -1 a null
            boolean nulls = rnd.nextBoolean();
            int v = 0;
            for (int e = 0; e < entries; e++) {
                vi[e] = !nulls ? (e < count ? e : -1) : (v < count && rnd.nextInt(4) != 0) ? v++ : -1;
            }
            if (!nulls) {
                entries = count;
            }
            long x = rnd.nextBoolean() ? specials[rnd.nextInt(specials.length)] : rnd.nextInt(9) - 4;
            LeafOp op = ops[rnd.nextInt(ops.length)];
            boolean unsigned = rnd.nextBoolean();
            long flip = unsigned ? Long.MIN_VALUE : 0;
            int e0 = rnd.nextInt(entries);
            int e1 = e0 + rnd.nextInt(entries - e0 + 1);
            int base = rnd.nextInt(200);
            RowBits out = new RowBits();
            CompiledLeaf.rangeWords(a, 0, flip, CompiledLeaf.Range.of(op, x ^ flip), nulls ? vi : null, e0, e1, base, out);
            for (int e = e0; e < e1; e++) {
                int w = nulls ? vi[e] : e;
                boolean want = w >= 0
                        && CompiledLeaf.test(unsigned ? Long.compareUnsigned(a[w], x) : Long.compare(a[w], x), op);
                assertThat(out.get(base + e)).as("%s %s %d, entry %d = %s", unsigned ? "unsigned" : "signed", op, x, e,
                        w >= 0 ? a[w] : null).isEqualTo(want);
            }
            assertThat(out.nextSetBit(0) < 0 || out.nextSetBit(0) >= base + e0).isTrue();
            assertThat(out.nextSetBit(base + e1)).isEqualTo(-1);
        }
    }

    @Test
    void doubleKeysOrderAsCompareNaNLast() {
        double[] d = {Double.NEGATIVE_INFINITY, -Double.MAX_VALUE, -1.5, -Double.MIN_VALUE, -0.0, 0.0, Double.MIN_VALUE,
            1.0, Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NaN, Double.longBitsToDouble(0xfff8000000000001L)};
        for (double a : d) {
            for (double b : d) {
                assertThat(Integer.signum(Long.compare(CompiledLeaf.key(a), CompiledLeaf.key(b))))
                        .as("%s vs %s", a, b).isEqualTo(CompiledLeaf.compareNaNLast(a, b));
            }
        }
    }
}
