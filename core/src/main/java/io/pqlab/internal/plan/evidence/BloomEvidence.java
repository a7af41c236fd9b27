package io.pqlab.internal.plan.evidence;

import io.pqlab.Mechanism;
import io.pqlab.internal.bloom.BloomFilterReader;
import io.pqlab.internal.bloom.BloomFilterResult;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.schema.PhysicalType;
import io.pqlab.internal.plan.Decision;
import io.pqlab.internal.plan.ListCheck;
import io.pqlab.internal.predicate.LeafOp;
import io.pqlab.internal.predicate.Predicate.Leaf;
import io.pqlab.internal.stats.SortOrder;
import java.io.IOException;

/**
 * Split-block Bloom filters: an {@code =} or {@code IN} value whose hash finds a clear bit is
 * absent from the chunk. Never "every row": a filter only proves absence.
 */
public final class BloomEvidence implements Evidence {
    @Override
    public Mechanism mechanism() {
        return Mechanism.BLOOM;
    }

    /** {@code =} and {@code IN} on a type whose values have one encoding. */
    @Override
    public boolean applies(Leaf l) {
        if (l.nested() != null) {
            // an absent element value rules out ANY; never NOT ANY, nor anything about the lists
            return l.op() == LeafOp.ANY && l.nested().element().leaves().stream().anyMatch(this::applies);
        }
        if (l.op() != LeafOp.EQ && l.op() != LeafOp.IN) {
            return false;
        }
        PhysicalType p = l.order().physical();
        // Booleans have no filters; INT96 has several encodings of one instant; a decimal in a
        // BYTE_ARRAY need not be minimal, so its bytes are not unique.
        return p != PhysicalType.BOOLEAN && p != PhysicalType.INT96
                && !(p == PhysicalType.BYTE_ARRAY && l.order().order() == SortOrder.DECIMAL_BYTES);
    }

    @Override
    public boolean stopsWhenDecided() {
        return true;
    }

    @Override
    public LeafVerdict judge(RowGroupContext rg, Leaf l) throws IOException {
        ColumnMetaData cmd = rg.readableMetaData(l.column());
        if (cmd == null || !cmd.hasBloomFilter()) {
            return null;
        }
        ColumnChunk chunk = rg.chunk(l.column());
        BloomFilterResult r = rg.blooms.get(l.column());
        if (r == null) {
            // a large filter: its header and only the blocks this leaf's values pick (data's
            // BloomFilterReader.readBlocks); kept for other leaves only when read whole
            java.util.List<io.pqlab.plan.Span> read = new java.util.ArrayList<>();
            r = BloomFilterReader.readBlocks(rg.source(), chunk, hashes(l), read); // decrypted when encrypted
            if (read.isEmpty()) {
                rg.add(cmd.bloomFilterOffset(), r.bytesFetched());
            }
            for (io.pqlab.plan.Span s : read) {
                rg.add(s.offset(), s.length());
            }
            if (!BloomFilterReader.partial(r)) {
                rg.blooms.put(l.column(), r);
            }
        }
        if (!r.usable()) {
            return LeafVerdict.of(Decision.some("the Bloom filter is ignored: " + r.ignoredBecause()));
        }
        if (l.nested() != null) {
            BloomFilterResult filter = r;
            Decision flat = ListCheck.flat(l.nested().element(),
                    sub -> applies(sub) ? probe(filter, sub) : Decision.some("a Bloom filter judges = and IN only"));
            return LeafVerdict.of(flat.skip() ? Decision.none("no element can equal it: " + flat.why())
                    : Decision.some("an element may match: " + flat.why()));
        }
        return LeafVerdict.of(probe(r, l));
    }

    /** Whether the filter rules out every value of an = or IN leaf. */
    private static Decision probe(BloomFilterResult r, Leaf l) {
        // Zeros of both signs, in FLOAT16 as in FLOAT and DOUBLE: -0.0 = +0.0 but their bytes differ.
        boolean floating = l.order().order() == SortOrder.FLOAT || l.order().order() == SortOrder.FLOAT16;
        for (byte[] v : l.values()) {
            if (r.filter().mightContain(v)) {
                return Decision.some("every bit the value's hash chose is set");
            }
            if (floating && l.order().isZero(v) && r.filter().mightContain(negate(v))) {
                return Decision.some("every bit the hash of the other zero chose is set");
            }
        }
        return Decision.none(l.values().size() == 1 ? "a bit the value's hash chose is clear"
                : "for every value of the list, a bit its hash chose is clear");
    }

    /**
     * The hashes the leaf probes: each value's, and the other zero's for a floating zero; for a
     * leaf on list elements, those of its element leaves that a filter judges.
     */
    private long[] hashes(Leaf l) {
        if (l.nested() != null) {
            java.util.List<long[]> parts = new java.util.ArrayList<>();
            for (Leaf sub : l.nested().element().leaves()) {
                if (applies(sub)) {
                    parts.add(hashes(sub));
                }
            }
            return parts.stream().flatMapToLong(java.util.Arrays::stream).toArray();
        }
        boolean floating = l.order().order() == SortOrder.FLOAT || l.order().order() == SortOrder.FLOAT16;
        long[] h = new long[l.values().size() * (floating ? 2 : 1)];
        int n = 0;
        for (byte[] v : l.values()) {
            h[n++] = io.pqlab.internal.bloom.XxHash64.hash(v);
            if (floating && l.order().isZero(v)) {
                h[n++] = io.pqlab.internal.bloom.XxHash64.hash(negate(v));
            }
        }
        return java.util.Arrays.copyOf(h, n);
    }

    /** The same float with the sign bit flipped: -0.0 for +0.0 and the reverse. */
    private static byte[] negate(byte[] v) {
        byte[] out = v.clone();
        out[out.length - 1] ^= (byte) 0x80;
        return out;
    }
}
