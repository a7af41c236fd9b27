package io.pqlab;

import java.util.EnumSet;
import java.util.Set;

/** Sets of mechanisms from four switches, for tests that go through the subsets. */
public final class MechanismSets {
    private MechanismSets() {}

    public static Set<Mechanism> of(boolean statistics, boolean pageIndex, boolean bloom, boolean dictionary) {
        EnumSet<Mechanism> s = EnumSet.noneOf(Mechanism.class);
        if (statistics) {
            s.add(Mechanism.STATISTICS);
        }
        if (pageIndex) {
            s.add(Mechanism.PAGE_INDEX);
        }
        if (bloom) {
            s.add(Mechanism.BLOOM);
        }
        if (dictionary) {
            s.add(Mechanism.DICTIONARY);
        }
        return Mechanism.copyOf(s);
    }
}
