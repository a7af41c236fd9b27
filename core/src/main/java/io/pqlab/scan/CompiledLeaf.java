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
     * the leaf (a null never does). Comparisons on numbers and on dictionary-encoded strings
     * override it with a loop over the value array that builds 64 rows' bits at a time.
     */
    void matchEntries(ColumnBatch b, int e0, int e1, int base, RowBits out) {
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
        KeyType kt = KeyType.of(leaf);
        if (comparison && kt != null) {
            long x = kt.key(leaf.value());
            return new RangeLeaf(leaf, kt, Range.of(leaf.op(), x), kt.raw(leaf.value()), null, false);
        }
        if ((leaf.op() == LeafOp.IN || leaf.op() == LeafOp.NOT_IN) && kt != null) {
            return inSet(leaf, kt);
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
                void matchEntries(ColumnBatch b, int e0, int e1, int base, RowBits out) {
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
                    verdictWords(verdicts, idx, b.entriesAreValues() ? null : b.valueIndexes(), e0, e1, base, out);
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

    /**
     * A comparison as a range of keys: key k matches when lo <= k <= hi (signed), or, with
     * negate, when it does not (NE); null for a comparison nothing satisfies (LT the least key,
     * GT the greatest). t is hi - lo with the top bit flipped, so that the test is one
     * subtraction and one signed comparison: {@code ((k - lo) ^ MIN) <= t}.
     */
    record Range(long lo, long t, boolean negate) {
        static Range of(LeafOp op, long x) {
            long min = Long.MIN_VALUE;
            long max = Long.MAX_VALUE;
            return switch (op) {
                case EQ -> new Range(x, min, false);
                case NE -> new Range(x, min, true);
                case LT -> x == min ? null : new Range(min, (x - 1 - min) ^ min, false);
                case LE -> new Range(min, (x - min) ^ min, false);
                case GT -> x == max ? null : new Range(x + 1, (max - x - 1) ^ min, false);
                case GE -> new Range(x, (max - x) ^ min, false);
                default -> throw new IllegalStateException(op.name());
            };
        }

        /** The keys lo to hi (lo <= hi). */
        static Range between(long lo, long hi) {
            return new Range(lo, (hi - lo) ^ Long.MIN_VALUE, false);
        }

        /** The greatest key in the range (of a negated one: the greatest it leaves out). */
        long hi() {
            return lo + (t ^ Long.MIN_VALUE);
        }

        Range negated() {
            return new Range(lo, t, !negate);
        }
    }

    /**
     * How a comparison's values become long keys whose signed order is the column's order: INT64
     * values are their own keys (unsigned ones with the top bit flipped, as the loop reads them),
     * an INT32 widened or zero-extended, a FLOAT widened to a double, a double's {@link #key}. The
     * columns a comparison is one range test on; null for any other (binaries and fixed-length
     * decimals compare their bytes).
     */
    enum KeyType {
        INT64, UINT64, INT32, UINT32, FLOAT, DOUBLE;

        static KeyType of(Leaf leaf) {
            if (leaf.nested() != null) {
                return null;
            }
            PhysicalType p = leaf.order().physical();
            SortOrder o = leaf.order().order();
            boolean integer = o == SortOrder.SIGNED || o == SortOrder.UNSIGNED;
            boolean unsigned = o == SortOrder.UNSIGNED;
            if (integer && p == PhysicalType.INT64) {
                return unsigned ? UINT64 : INT64;
            }
            if (integer && p == PhysicalType.INT32) {
                return unsigned ? UINT32 : INT32;
            }
            if (o == SortOrder.FLOAT && p == PhysicalType.DOUBLE) {
                return DOUBLE;
            }
            return o == SortOrder.FLOAT && p == PhysicalType.FLOAT ? FLOAT : null;
        }

        /** INT64 columns: the loop reads the value array itself, each value XOR {@link #flip}. */
        boolean direct() {
            return this == INT64 || this == UINT64;
        }

        /** Unsigned order is signed order with the top bit flipped. */
        long flip() {
            return this == UINT64 ? Long.MIN_VALUE : 0;
        }

        /** The literal's PLAIN bytes as the raw bits {@link #compare} takes. */
        long raw(byte[] plain) {
            ByteBuffer b = ByteBuffer.wrap(plain).order(ByteOrder.LITTLE_ENDIAN);
            return direct() || this == DOUBLE ? b.getLong() : b.getInt();
        }

        /** The literal's key. */
        long key(byte[] plain) {
            long x = raw(plain);
            return switch (this) {
                case INT64, INT32 -> x;
                case UINT64 -> x ^ Long.MIN_VALUE;
                case UINT32 -> x & 0xFFFF_FFFFL;
                case FLOAT -> CompiledLeaf.key(Float.intBitsToFloat((int) x)); // widened: the same order, NaN and -0.0
                case DOUBLE -> CompiledLeaf.key(Double.longBitsToDouble(x));
            };
        }

        /** Value v of page b against the literal's raw bits, value by value (the reference the keys agree with). */
        int compare(ColumnBatch b, int v, long raw) {
            return switch (this) {
                case INT64 -> Long.compare(b.getLong(v), raw);
                case UINT64 -> Long.compareUnsigned(b.getLong(v), raw);
                case INT32 -> Integer.compare(b.getInt(v), (int) raw);
                case UINT32 -> Integer.compareUnsigned(b.getInt(v), (int) raw);
                case FLOAT -> compareNaNLast(b.getFloat(v), Float.intBitsToFloat((int) raw));
                case DOUBLE -> compareNaNLast(b.getDouble(v), Double.longBitsToDouble(raw));
            };
        }

        /** Writes the keys of values [v0, v1) of page b to k[0, v1 - v0) (not for {@link #direct} types). */
        void keys(ColumnBatch b, int v0, int v1, long[] k) {
            switch (this) {
                case INT32 -> {
                    int[] a = b.ints();
                    for (int v = v0; v < v1; v++) {
                        k[v - v0] = a[v];
                    }
                }
                case UINT32 -> {
                    int[] a = b.ints();
                    for (int v = v0; v < v1; v++) {
                        k[v - v0] = a[v] & 0xFFFF_FFFFL;
                    }
                }
                case FLOAT -> {
                    float[] a = b.floats();
                    for (int v = v0; v < v1; v++) {
                        k[v - v0] = CompiledLeaf.key(a[v]);
                    }
                }
                case DOUBLE -> {
                    double[] a = b.doubles();
                    for (int v = v0; v < v1; v++) {
                        k[v - v0] = CompiledLeaf.key(a[v]);
                    }
                }
                default -> throw new IllegalStateException(name());
            }
        }
    }

    /**
     * A test on a number column by keys ({@link KeyType}): INT64 values where they lie, other
     * types through each window's keys; {@link #words} sets the bits.
     */
    abstract static class KeyLeaf extends CompiledLeaf {
        final KeyType type;
        private long[] scratch = new long[0];

        KeyLeaf(Leaf leaf, KeyType type) {
            super(leaf);
            this.type = type;
        }

        /** Whether no key matches (nothing to evaluate). */
        abstract boolean none();

        /**
         * Sets bit {@code base + e} for each entry e in [e0, e1) whose value v (e itself when vi is
         * null, else vi[e], a null when negative) has a matching key {@code keys[v - v0] ^ flip}.
         */
        abstract void words(long[] keys, int v0, long flip, int[] vi, int e0, int e1, int base, RowBits out);

        @Override
        final void matchEntries(ColumnBatch b, int e0, int e1, int base, RowBits out) {
            if (none() || e0 >= e1) {
                return;
            }
            int[] vi = b.entriesAreValues() ? null : b.valueIndexes();
            if (type.direct()) {
                words(b.longs(), 0, type.flip(), vi, e0, e1, base, out);
                return;
            }
            int v0 = e0;
            int v1 = e1;
            if (vi != null) { // the values of entries [e0, e1): from the first non-null one's to the last's
                v0 = b.valueCount();
                v1 = 0;
                for (int e = e0; e < e1; e++) {
                    if (vi[e] >= 0) {
                        v0 = Math.min(v0, vi[e]);
                        v1 = vi[e] + 1;
                    }
                }
                if (v0 >= v1) {
                    return; // only nulls
                }
            }
            if (scratch.length < v1 - v0) {
                scratch = new long[v1 - v0];
            }
            type.keys(b, v0, v1, scratch);
            words(scratch, v0, 0, vi, e0, e1, base, out);
        }
    }

    /** A comparison (or several on one column, merged: {@link #merge}) as one range of keys. */
    static final class RangeLeaf extends KeyLeaf {
        /** The keys that match; null: none does. */
        final Range r;
        private final long raw; // one leaf's literal ({@link KeyType#raw}); unused by a merge
        /** A merge's leaves, whose value-by-value tests are its own ({@link #matches}); null for one leaf. */
        private final CompiledLeaf[] parts;
        private final boolean all; // a merge of an AND's leaves, else of an OR's

        RangeLeaf(Leaf leaf, KeyType type, Range r, long raw, CompiledLeaf[] parts, boolean all) {
            super(leaf, type);
            this.r = r;
            this.raw = raw;
            this.parts = parts;
            this.all = all;
        }

        @Override
        boolean matches(ColumnBatch b, int v) {
            return parts == null ? test(type.compare(b, v, raw), leaf.op()) : holds(parts, all, b, v);
        }

        @Override
        boolean none() {
            return r == null;
        }

        @Override
        void words(long[] keys, int v0, long flip, int[] vi, int e0, int e1, int base, RowBits out) {
            rangeWords(keys, v0, flip, r, vi, e0, e1, base, out);
        }
    }

    /** Whether every part (all) or some part holds for value v: a merge's value-by-value test. */
    static boolean holds(CompiledLeaf[] parts, boolean all, ColumnBatch b, int v) {
        for (CompiledLeaf x : parts) {
            if (x.matches(b, v) != all) {
                return !all;
            }
        }
        return all;
    }

    /**
     * Keys in one of several disjoint ranges (or, negated, in none): IN and NOT IN on a number
     * column (each literal one key), an OR of one column's comparisons that is not one range.
     */
    static final class SetLeaf extends KeyLeaf {
        /** The ranges' least keys, ascending, and each one's hi - lo (unsigned). */
        private final long[] los;
        private final long[] spans;
        private final boolean negate;
        private final boolean points; // every range one key (IN, an OR of EQs)
        private final long[] raws; // IN's literals ({@link KeyType#raw}); null for a merge
        private final CompiledLeaf[] parts; // a merge's leaves (an OR's), else null

        SetLeaf(Leaf leaf, KeyType type, java.util.List<long[]> ranges, boolean negate, long[] raws, CompiledLeaf[] parts) {
            super(leaf, type);
            this.los = new long[ranges.size()];
            this.spans = new long[ranges.size()];
            for (int i = 0; i < los.length; i++) {
                los[i] = ranges.get(i)[0];
                spans[i] = ranges.get(i)[1] - ranges.get(i)[0];
            }
            this.negate = negate;
            boolean p = true;
            for (long sp : spans) {
                p &= sp == 0;
            }
            this.points = p;
            this.raws = raws;
            this.parts = parts;
        }

        @Override
        boolean matches(ColumnBatch b, int v) {
            if (parts != null) {
                return holds(parts, false, b, v);
            }
            for (long x : raws) {
                if (type.compare(b, v, x) == 0) {
                    return !negate;
                }
            }
            return negate;
        }

        @Override
        boolean none() {
            return los.length == 0 && !negate;
        }

        @Override
        void words(long[] keys, int v0, long flip, int[] vi, int e0, int e1, int base, RowBits out) {
            long m = negate ? 1 : 0;
            int p = base + e0;
            int end = base + e1;
            int e = e0;
            while (p < end) {
                int k = p >>> 6;
                int stop = Math.min(end, (k + 1) << 6);
                long w = 0;
                for (; p < stop; p++, e++) {
                    int v = vi == null ? e : vi[e];
                    if (v >= 0) {
                        w |= (in(keys[v - v0] ^ flip) ^ m) << p;
                    }
                }
                out.orWord(k, w);
            }
        }

        /** 1 when key x lies in one of the ranges, else 0. */
        private long in(long x) {
            if (points) {
                // IN's keys: a value is rarely one of them, so these branches are predicted (cheaper than the borrow)
                if (los.length <= 8) {
                    for (long l : los) {
                        if (x == l) {
                            return 1;
                        }
                    }
                    return 0;
                }
                return java.util.Arrays.binarySearch(los, x) >= 0 ? 1 : 0;
            }
            if (los.length <= 8) {
                long hit = 0;
                for (int i = 0; i < los.length; i++) {
                    hit |= above(spans[i], x - los[i]) ^ 1;
                }
                return hit;
            }
            int lo = 0; // the last range whose least key is at most x
            int hi = los.length - 1;
            if (x < los[0]) {
                return 0;
            }
            while (lo < hi) {
                int mid = (lo + hi + 1) >>> 1;
                if (los[mid] <= x) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            return above(spans[lo], x - los[lo]) ^ 1;
        }
    }

    /** IN or NOT IN on a number column, as a set of keys. */
    private static SetLeaf inSet(Leaf leaf, KeyType kt) {
        long[] raws = new long[leaf.values().size()];
        java.util.TreeSet<Long> keys = new java.util.TreeSet<>();
        for (int i = 0; i < raws.length; i++) {
            raws[i] = kt.raw(leaf.values().get(i));
            keys.add(kt.key(leaf.values().get(i)));
        }
        java.util.List<long[]> points = new java.util.ArrayList<>();
        for (long k : keys) {
            points.add(new long[] {k, k});
        }
        return new SetLeaf(leaf, kt, points, leaf.op() == LeafOp.NOT_IN, raws, null);
    }

    /** Whether a leaf is a comparison {@link #merge} takes: EQ, LT, LE, GT or GE on a column with keys. */
    static boolean mergeable(Leaf leaf) {
        return KeyType.of(leaf) != null && switch (leaf.op()) {
            case EQ, LT, LE, GT, GE -> true;
            default -> false; // NE is two ranges; an AND of it with a range is not one
        };
    }

    /**
     * Leaves on one column ({@link #mergeable}, of one key type) under an AND ({@code all}) or an
     * OR as one range test, named by the group's first leaf: an AND's ranges intersected (maybe to
     * none), an OR's joined where they overlap or touch, which is one range, or the complement of
     * one when the two pieces left reach the least and the greatest key ({@code x < a OR x > b}),
     * else a set of disjoint ranges ({@code x = a OR x = b}, as IN). The same rows as the leaves:
     * each holds exactly on its range's keys, and a null (no key) holds none.
     */
    static KeyLeaf merge(Leaf name, java.util.List<Leaf> leaves, boolean all) {
        RangeLeaf[] parts = new RangeLeaf[leaves.size()]; // compile gives each mergeable leaf one
        java.util.List<long[]> pieces = new java.util.ArrayList<>(); // [lo, hi] of each non-empty range
        for (int i = 0; i < parts.length; i++) {
            Leaf l = leaves.get(i);
            if (!mergeable(l) || KeyType.of(l) != KeyType.of(leaves.get(0)) || l.column() != leaves.get(0).column()) {
                throw new IllegalArgumentException("not one column's comparisons by one key: " + leaves);
            }
            parts[i] = (RangeLeaf) compile(l);
            if (parts[i].r != null) {
                pieces.add(new long[] {parts[i].r.lo(), parts[i].r.hi()});
            } else if (all) {
                return new RangeLeaf(name, parts[0].type, null, 0, parts, true); // one leaf holds nowhere
            }
        }
        KeyType type = parts[0].type;
        if (pieces.isEmpty()) {
            return new RangeLeaf(name, type, null, 0, parts, all);
        }
        if (all) {
            long lo = Long.MIN_VALUE;
            long hi = Long.MAX_VALUE;
            for (long[] x : pieces) {
                lo = Math.max(lo, x[0]);
                hi = Math.min(hi, x[1]);
            }
            return new RangeLeaf(name, type, lo <= hi ? Range.between(lo, hi) : null, 0, parts, true);
        }
        pieces.sort((a, b) -> Long.compare(a[0], b[0]));
        java.util.List<long[]> joined = new java.util.ArrayList<>();
        for (long[] x : pieces) {
            long[] last = joined.isEmpty() ? null : joined.get(joined.size() - 1);
            if (last != null && (x[0] <= last[1] || x[0] - 1 == last[1])) { // overlaps or touches (x[0] > MIN here)
                last[1] = Math.max(last[1], x[1]);
            } else {
                joined.add(x.clone());
            }
        }
        if (joined.size() == 1) {
            return new RangeLeaf(name, type, Range.between(joined.get(0)[0], joined.get(0)[1]), 0, parts, false);
        }
        long[] first = joined.get(0);
        long[] last = joined.get(1);
        if (joined.size() == 2 && first[0] == Long.MIN_VALUE && last[1] == Long.MAX_VALUE) {
            // the gap between them is not empty (else they would touch): the keys outside it
            return new RangeLeaf(name, type, Range.between(first[1] + 1, last[0] - 1).negated(), 0, parts, false);
        }
        return new SetLeaf(name, type, joined, false, null, parts); // x = a OR x = b OR x > c: disjoint ranges
    }

    /** A double's key: signed order of keys is {@link #compareNaNLast}'s (every NaN one key, -0.0 +0.0's). */
    static long key(double d) {
        long bits = Double.doubleToLongBits(d + 0.0); // -0.0 + 0.0 is +0.0; every NaN one bit pattern
        return bits ^ ((bits >> 63) & Long.MAX_VALUE); // negatives: magnitude order reversed
    }

    /**
     * Sets bit {@code base + e} of out for each entry e in [e0, e1) whose value v (e itself when vi
     * is null, else vi[e], a null when negative) has a key {@code keys[v - v0] ^ flip} in range r;
     * 64 entries' bits are built in a register and OR-ed into their word at once.
     */
    static void rangeWords(long[] keys, int v0, long flip, Range r, int[] vi, int e0, int e1, int base, RowBits out) {
        if (r == null) {
            return;
        }
        long lo = r.lo();
        long span = r.t() ^ Long.MIN_VALUE; // hi - lo, unsigned
        long m = r.negate() ? 0 : 1;
        if (vi == null && span == 0 && m == 1) {
            // EQ: a point lookup matches rarely, so its branch is predicted and this loop is the cheapest
            long x = lo ^ flip;
            for (int e = e0; e < e1; e++) {
                if (keys[e - v0] == x) {
                    out.set(base + e);
                }
            }
            return;
        }
        int p = base + e0;
        int end = base + e1;
        int e = e0;
        while (p < end) {
            int k = p >>> 6;
            int stop = Math.min(end, (k + 1) << 6);
            long w = 0;
            if (vi == null) {
                for (; p < stop; p++, e++) {
                    w |= (above(span, (keys[e - v0] ^ flip) - lo) ^ m) << p;
                }
            } else {
                for (; p < stop; p++, e++) {
                    int v = vi[e];
                    if (v >= 0) {
                        w |= (above(span, (keys[v - v0] ^ flip) - lo) ^ m) << p;
                    }
                }
            }
            out.orWord(k, w);
        }
    }

    /**
     * 1 when u > s as unsigned numbers, else 0, without a branch (the borrow of s - u): a
     * comparison on shuffled values is true or false at random, which a branch mispredicts.
     */
    static long above(long s, long u) {
        return ((~s & u) | (~(s ^ u) & (s - u))) >>> 63;
    }

    /** As {@link #rangeWords}, the test being the dictionary entry's verdict: {@code verdict[idx[v]]}. */
    static void verdictWords(boolean[] verdict, int[] idx, int[] vi, int e0, int e1, int base, RowBits out) {
        int p = base + e0;
        int end = base + e1;
        int e = e0;
        while (p < end) {
            int k = p >>> 6;
            int stop = Math.min(end, (k + 1) << 6);
            long w = 0;
            if (vi == null) {
                for (; p < stop; p++, e++) {
                    w |= (verdict[idx[e]] ? 1L : 0L) << p;
                }
            } else {
                for (; p < stop; p++, e++) {
                    int v = vi[e];
                    if (v >= 0) {
                        w |= (verdict[idx[v]] ? 1L : 0L) << p;
                    }
                }
            }
            out.orWord(k, w);
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
