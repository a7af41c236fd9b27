package io.pqlab.internal.plan.evidence;

import io.pqlab.Mechanism;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.plan.Decision;
import io.pqlab.internal.plan.DictionaryProof;
import io.pqlab.internal.plan.Planner;
import io.pqlab.internal.predicate.LeafOp;
import io.pqlab.internal.predicate.Predicate.Leaf;
import io.pqlab.internal.predicate.ValueMatch;
import java.io.IOException;
import java.util.Objects;

/**
 * Dictionary pages: where {@link DictionaryProof} proves every data page of the chunk is
 * dictionary-encoded, the dictionary holds every value, so a leaf no entry satisfies matches no row.
 */
public final class DictionaryEvidence implements Evidence {
    private final Planner.DictionarySource dictionaries;

    /** Dictionaries read through {@code dictionaries} (the page decoder supplies them). */
    public DictionaryEvidence(Planner.DictionarySource dictionaries) {
        this.dictionaries = Objects.requireNonNull(dictionaries, "dictionaries");
    }

    @Override
    public Mechanism mechanism() {
        return Mechanism.DICTIONARY;
    }

    @Override
    public boolean applies(Leaf l) {
        if (l.nested() != null) {
            return l.op() == LeafOp.ANY; // an element value no entry holds rules out ANY, never NOT ANY
        }
        return switch (l.op()) {
            case EQ, NE, LT, LE, GT, GE, IN, NOT_IN, STARTS_WITH, NOT_STARTS_WITH, IS_NAN, NOT_NAN -> true;
            default -> false;
        };
    }

    @Override
    public LeafVerdict judge(RowGroupContext rg, Leaf l) throws IOException {
        ColumnMetaData cmd = rg.readableMetaData(l.column());
        if (cmd == null) {
            return null;
        }
        DictionaryProof.Answer answer = DictionaryProof.of(cmd);
        if (answer.refused() != null) {
            return LeafVerdict.of(Decision.some("the dictionary is not used: " + answer.refused()));
        }
        String proof = answer.how();
        if (proof == null) {
            return null; // no dictionary, or data pages may have fallen back to another encoding
        }
        Planner.Dictionary dict;
        if (rg.dictionaries.containsKey(l.column())) {
            dict = rg.dictionaries.get(l.column());
        } else {
            dict = dictionaries.read(rg.file(), rg.index(), l.column());
            if (dict != null) {
                rg.add(cmd.chunkStart(), dict.bytesFetched());
            }
            rg.dictionaries.put(l.column(), dict);
        }
        if (dict == null) {
            return null;
        }
        int matching = 0;
        for (byte[] v : dict.values()) {
            if (!l.order().validLength(v)) {
                // a BYTE_ARRAY DECIMAL entry of 0 bytes: no value, so nothing to rule out with
                return LeafVerdict.of(Decision.some("a dictionary entry of " + v.length
                        + " bytes is no value of the column's type"));
            }
            if (l.nested() != null ? l.nested().element().holds(sub -> ValueMatch.matches(sub, v)) : ValueMatch.matches(l, v)) {
                matching++;
            }
        }
        int total = dict.values().size();
        if (matching == 0) {
            return LeafVerdict.of(Decision.none("no dictionary entry of " + total + " satisfies it (" + proof + ")"
                    + (l.nested() != null ? ", so no element does" : "")));
        }
        return LeafVerdict.of(Decision.some(matching + " of " + total + " dictionary entries satisfy it"));
    }

    @Override
    public boolean stopsWhenDecided() {
        return true;
    }
}
