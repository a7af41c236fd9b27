package io.pqlab.internal.plan;

import io.pqlab.plan.Verdict;

/** A verdict with its reason in words. */
public record Decision(Verdict verdict, String why) {
    public static Decision none(String why) {
        return new Decision(Verdict.NONE, why);
    }

    public static Decision some(String why) {
        return new Decision(Verdict.SOME, why);
    }

    public static Decision all(String why) {
        return new Decision(Verdict.ALL, why);
    }

    public boolean skip() {
        return verdict == Verdict.NONE;
    }
}
