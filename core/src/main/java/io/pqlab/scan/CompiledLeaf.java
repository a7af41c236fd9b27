package io.pqlab.scan;


import io.pqlab.MalformedFileException;
import io.pqlab.internal.column.ColumnBatch;
import io.pqlab.schema.PhysicalType;
import io.pqlab.internal.predicate.LeafOp;
import io.pqlab.internal.predicate.Predicate;
import io.pqlab.internal.predicate.Predicate.Leaf;
import io.pqlab.internal.predicate.ValueMatch;
import io.pqlab.internal.stats.SortOrder;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.BitSet;

/**
 * One condition leaf compiled for the values of decoded pages: integers and floating point
 * compared as primitives, everything else through {@link ValueMatch} on PLAIN bytes. The same
 * semantics as the planner's: null matches only IS NULL, NaN equals NaN and sorts above every
 * number, -0.0 equals +0.0.
 */
abstract class CompiledLeaf {
    final Leaf leaf;

    CompiledLeaf(Leaf leaf) {
        this.leaf = leaf;
    }

    /** Whether non-null value v of the page satisfies the leaf. */
    abstract boolean matches(ColumnBatch b, int v);

    /**
     * Sets bit {@code base + e} of out for each entry e in [e0, e1) of page b whose value satisfies
     * the leaf (a null never does). Leaves on INT64 override it with a loop over the value array.
     */
    void matchEntries(ColumnBatch b, int e0, int e1, int base, BitSet out) {
        if (b.entriesAreValues()) {
            for (int e = e0; e < e1; e++) {
                if (matches(b, e)) {
                    out.set(base + e);
                }
            }
            return;
        }
        int[] vi = b.valueIndexes(); // one array load per entry, not a null test and a bounds check
        for (int e = e0; e < e1; e++) {
            int v = vi[e];
            if (v >= 0 && matches(b, v)) {
                out.set(base + e);
            }
        }
    }

    /**
     * The test a scan runs for a leaf: a list column's leaf its {@link Nested} test, a flat IS [NOT]
     * NULL none (null: the page's nulls decide), any other leaf its value test. Every evaluator
     * compiles leaves through this one method, so no pass can meet a leaf it was not compiled for.
     */
    static CompiledLeaf forLeaf(Leaf leaf) {
        if (leaf.nested() != null) {
            return compileNested(leaf);
        }
        return leaf.op() == LeafOp.IS_NULL
                || leaf.op() == LeafOp.IS_NOT_NULL ? null : compile(leaf);
    }

    /** A flat leaf's value test (list leaves go through {@link #forLeaf}). */
    private static CompiledLeaf compile(Leaf leaf) {
        PhysicalType p = leaf.order().physical();
        SortOrder o = leaf.order().order();
        boolean comparison = switch (leaf.op()) {
            case EQ, NE, LT, LE, GT, GE -> true;
            default -> false;
        };
        if (comparison && (o == SortOrder.SIGNED || o == SortOrder.UNSIGNED) && p == PhysicalType.INT64) {
            long x = ByteBuffer.wrap(leaf.value()).order(ByteOrder.LITTLE_ENDIAN).getLong();
            boolean unsigned = o == SortOrder.UNSIGNED;
            return new CompiledLeaf(leaf) {
                @Override
                boolean matches(ColumnBatch b, int v) {
                    long y = b.getLong(v);
                    return test(unsigned ? Long.compareUnsigned(y, x) : Long.compare(y, x), leaf.op());
                }

                @Override
                void matchEntries(ColumnBatch b, int e0, int e1, int base, BitSet out) {
                    if (!b.entriesAreValues()) {
                        longsWithNulls(b.longs(), b.valueIndexes(), e0, e1, x, unsigned, leaf.op(), base, out);
                        return;
                    }
                    longs(b.longs(), e0, e1, x, unsigned, leaf.op(), base, out);
                }
            };
        }
        if (comparison && (o == SortOrder.SIGNED || o == SortOrder.UNSIGNED) && p == PhysicalType.INT32) {
            int x = ByteBuffer.wrap(leaf.value()).order(ByteOrder.LITTLE_ENDIAN).getInt();
            boolean unsigned = o == SortOrder.UNSIGNED;
            return new CompiledLeaf(leaf) {
                @Override
                boolean matches(ColumnBatch b, int v) {
                    int y = b.getInt(v);
                    return test(unsigned ? Integer.compareUnsigned(y, x) : Integer.compare(y, x), leaf.op());
                }
            };
        }
        if (comparison && o == SortOrder.FLOAT && p == PhysicalType.DOUBLE) {
            double x = ByteBuffer.wrap(leaf.value()).order(ByteOrder.LITTLE_ENDIAN).getDouble();
            return new CompiledLeaf(leaf) {
                @Override
                boolean matches(ColumnBatch b, int v) {
                    return test(compareNaNLast(b.getDouble(v), x), leaf.op());
                }
            };
        }
        if (comparison && o == SortOrder.FLOAT && p == PhysicalType.FLOAT) {
            float x = ByteBuffer.wrap(leaf.value()).order(ByteOrder.LITTLE_ENDIAN).getFloat();
            return new CompiledLeaf(leaf) {
                @Override
                boolean matches(ColumnBatch b, int v) {
                    return test(compareNaNLast(b.getFloat(v), x), leaf.op());
                }
            };
        }
        if (p == PhysicalType.BYTE_ARRAY && o == SortOrder.BYTES
                && (comparison || leaf.op() == LeafOp.IN || leaf.op() == LeafOp.NOT_IN)) {
            // strings and binaries: unsigned bytes, compared where the page holds them, no copy
            byte[] x = leaf.value();
            java.util.List<byte[]> xs = comparison ? null : leaf.values();
            boolean in = leaf.op() == LeafOp.IN;
            return new CompiledLeaf(leaf) {
                /** The dictionary last judged, and the verdict on each of its entries. */
                private io.pqlab.internal.encoding.Binaries judged;
                private boolean[] verdicts;

                @Override
                boolean matches(ColumnBatch b, int v) {
                    return holds(b.binaries(), v);
                }

                @Override
                void matchEntries(ColumnBatch b, int e0, int e1, int base, BitSet out) {
                    int[] idx = b.dictionaryIndices();
                    io.pqlab.internal.encoding.Binaries dict = b.dictionary();
                    if (idx == null || (dict != judged && dict.size() > 4L * (e1 - e0))) {
                        super.matchEntries(b, e0, e1, base, out); // not worth judging the whole dictionary
                        return;
                    }
                    if (dict != judged) { // a chunk's pages share its dictionary: judged once
                        boolean[] j = new boolean[dict.size()];
                        for (int k = 0; k < j.length; k++) {
                            j[k] = holds(dict, k);
                        }
                        verdicts = j;
                        judged = dict;
                    }
                    boolean[] j = verdicts;
                    if (b.entriesAreValues()) {
                        for (int e = e0; e < e1; e++) {
                            if (j[idx[e]]) {
                                out.set(base + e);
                            }
                        }
                    } else {
                        for (int e = e0; e < e1; e++) {
                            if (!b.isNull(e) && j[idx[b.valueIndex(e)]]) {
                                out.set(base + e);
                            }
                        }
                    }
                }

                private boolean holds(io.pqlab.internal.encoding.Binaries bs, int v) {
                    if (xs == null) {
                        return switch (leaf.op()) {
                            case EQ -> same(bs, v, x);
                            case NE -> !same(bs, v, x);
                            default -> test(bs.compare(v, x), leaf.op());
                        };
                    }
                    for (byte[] y : xs) {
                        if (same(bs, v, y)) {
                            return in;
                        }
                    }
                    return !in;
                }
            };
        }
        return new CompiledLeaf(leaf) {
            private byte[] reuse;

            @Override
            boolean matches(ColumnBatch b, int v) {
                byte[] plain = b.plain(v, reuse);
                reuse = plain;
                if (!leaf.order().validLength(plain)) {
                    // a BYTE_ARRAY DECIMAL of 0 bytes (two's complement needs one): no value to compare
                    throw new MalformedFileException("a " + (o == SortOrder.DECIMAL_BYTES ? "DECIMAL" : p.name())
                            + " value of " + plain.length + " bytes in column \"" + b.column().dottedPath()
                            + "\" (page at " + b.pageOffset() + ")", b.pageOffset());
                }
                return ValueMatch.matches(leaf, plain);
            }
        };
    }

    /** Whether value v of bs is x: lengths first, then a byte loop (values here are short; no call). */
    static boolean same(io.pqlab.internal.encoding.Binaries bs, int v, byte[] x) {
        int len = bs.length(v);
        if (len != x.length) {
            return false;
        }
        byte[] d = bs.data();
        int o = bs.offset(v);
        for (int k = 0; k < len; k++) {
            if (d[o + k] != x[k]) {
                return false;
            }
        }
        return true;
    }

    /** matchEntries over INT64 entries [e0, e1) of a page with nulls: entry e is value vi[e], -1 a null. */
    static void longsWithNulls(long[] a, int[] vi, int e0, int e1, long x, boolean unsigned, LeafOp op, int base,
            BitSet out) {
        long flip = unsigned ? Long.MIN_VALUE : 0; // as in longs
        long xf = x ^ flip;
        for (int e = e0; e < e1; e++) {
            int v = vi[e];
            if (v >= 0 && test(Long.compare(a[v] ^ flip, xf), op)) {
                out.set(base + e);
            }
        }
    }

    /** matchEntries over INT64 values a[e0, e1) (entry e is value e), one loop per operator. */
    static void longs(long[] a, int e0, int e1, long x, boolean unsigned, LeafOp op, int base, BitSet out) {
        long flip = unsigned ? Long.MIN_VALUE : 0; // unsigned order is signed order with the top bit flipped
        long xf = x ^ flip;
        switch (op) {
            case EQ -> {
                for (int e = e0; e < e1; e++) {
                    if (a[e] == x) {
                        out.set(base + e);
                    }
                }
            }
            case NE -> {
                for (int e = e0; e < e1; e++) {
                    if (a[e] != x) {
                        out.set(base + e);
                    }
                }
            }
            case LT -> {
                for (int e = e0; e < e1; e++) {
                    if ((a[e] ^ flip) < xf) {
                        out.set(base + e);
                    }
                }
            }
            case LE -> {
                for (int e = e0; e < e1; e++) {
                    if ((a[e] ^ flip) <= xf) {
                        out.set(base + e);
                    }
                }
            }
            case GT -> {
                for (int e = e0; e < e1; e++) {
                    if ((a[e] ^ flip) > xf) {
                        out.set(base + e);
                    }
                }
            }
            case GE -> {
                for (int e = e0; e < e1; e++) {
                    if ((a[e] ^ flip) >= xf) {
                        out.set(base + e);
                    }
                }
            }
            default -> throw new IllegalStateException(op.name());
        }
    }

    /** A leaf on a list column ({@link Leaf#nested()}), compiled. */
    static Nested compileNested(Leaf leaf) {
        return new Nested(leaf);
    }

    /**
     * A leaf on a list column: decides one row from its entries. The row's first entry tells a
     * null list (definition level below nullBelow) and an empty one (below emptyBelow); an entry at
     * the maximum definition level holds an element value, which the element condition (flat leaves
     * on the same column, compiled as those are) tests.
     */
    static final class Nested extends CompiledLeaf {
        private final Predicate.Nested n;
        private final Predicate element;
        private final java.util.IdentityHashMap<Leaf, CompiledLeaf> tests = new java.util.IdentityHashMap<>();
        private final CompiledLeaf single;

        Nested(Leaf leaf) {
            super(leaf);
            this.n = leaf.nested();
            this.element = n.element();
            if (element != null) {
                for (Leaf sub : element.leaves()) {
                    tests.put(sub, sub.op() == LeafOp.IS_NOT_NULL ? null : compile(sub));
                }
            }
            this.single = element instanceof Leaf l && l.op() != LeafOp.IS_NOT_NULL ? tests.get(l) : null;
        }

        @Override
        boolean matches(ColumnBatch b, int v) {
            throw new IllegalStateException("a list leaf is judged by rows: " + leaf);
        }

        /** Whether the row whose entries are [from, to) of page b satisfies the leaf. */
        boolean row(ColumnBatch b, int from, int to) {
            int d = b.definitionLevel(from);
            switch (leaf.op()) {
                case LIST_NULL:
                    return d < n.nullBelow();
                case LIST_NOT_NULL:
                    return d >= n.nullBelow();
                case LIST_EMPTY:
                    return d >= n.nullBelow() && d < n.emptyBelow();
                case LIST_NOT_EMPTY:
                    return d >= n.emptyBelow();
                case ANY:
                    return any(b, from, to);
                case NONE:
                    return d >= n.nullBelow() && !any(b, from, to);
                default:
                    throw new IllegalStateException(leaf.op().name());
            }
        }

        private boolean any(ColumnBatch b, int from, int to) {
            for (int e = from; e < to; e++) {
                if (b.isNull(e)) {
                    continue; // a null element, or an empty or null (inner) list: no value to satisfy anything
                }
                int v = b.valueIndex(e);
                boolean hit = single != null ? single.matches(b, v)
                        : element.holds(sub -> tests.get(sub) == null || tests.get(sub).matches(b, v));
                if (hit) {
                    return true;
                }
            }
            return false;
        }
    }

    /** NaN above every number and equal to NaN; -0.0 equal to +0.0. */
    static int compareNaNLast(double a, double b) {
        boolean an = Double.isNaN(a);
        boolean bn = Double.isNaN(b);
        if (an || bn) {
            return Boolean.compare(an, bn);
        }
        return a < b ? -1 : a > b ? 1 : 0;
    }

    static boolean test(int c, LeafOp op) {
        return switch (op) {
            case EQ -> c == 0;
            case NE -> c != 0;
            case LT -> c < 0;
            case LE -> c <= 0;
            case GT -> c > 0;
            case GE -> c >= 0;
            default -> throw new IllegalStateException(op.name());
        };
    }
}
