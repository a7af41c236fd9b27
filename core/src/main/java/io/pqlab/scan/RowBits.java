package io.pqlab.scan;

import java.util.Arrays;

/**
 * A set of row indexes (of a row group) as 64-bit words: what a condition leaf holds true for,
 * and the condition's combination of them. Unlike {@link java.util.BitSet} its words can be
 * OR-ed in whole ({@link #orWord}), so a leaf's loop builds 64 matches in a register without a
 * branch per row and stores them once; and clearing the rows before a window ends does not walk
 * the words already cleared by the windows before it.
 */
final class RowBits {
    private long[] words;
    /** Words below this index are all clear (the rows before the last window's end). */
    private int clearBelow;

    RowBits() {
        this.words = new long[0];
    }

    private RowBits(long[] words, int clearBelow) {
        this.words = words;
        this.clearBelow = clearBelow;
    }

    private void reach(int word) {
        if (word >= words.length) {
            words = Arrays.copyOf(words, Math.max(word + 1, 2 * words.length));
        }
        if (word < clearBelow) {
            clearBelow = word;
        }
    }

    void set(int i) {
        int k = i >>> 6;
        reach(k);
        words[k] |= 1L << i;
    }

    /** Sets [from, to). */
    void set(int from, int to) {
        if (from >= to) {
            return;
        }
        int k0 = from >>> 6;
        int k1 = (to - 1) >>> 6;
        reach(k1);
        reach(k0);
        long first = -1L << from;
        long last = -1L >>> -to; // the bits below to's position in its word (all of them at a word end)
        if (k0 == k1) {
            words[k0] |= first & last;
            return;
        }
        words[k0] |= first;
        Arrays.fill(words, k0 + 1, k1, -1L);
        words[k1] |= last;
    }

    /** ORs bits into word k (rows 64k to 64k + 63). */
    void orWord(int k, long bits) {
        if (bits != 0) {
            reach(k);
            words[k] |= bits;
        }
    }

    boolean get(int i) {
        int k = i >>> 6;
        return k < words.length && (words[k] & (1L << i)) != 0;
    }

    RowBits copy() {
        return new RowBits(words.clone(), clearBelow);
    }

    void and(RowBits o) {
        int n = Math.min(words.length, o.words.length);
        int from = Math.max(clearBelow, o.clearBelow);
        if (clearBelow < from) {
            Arrays.fill(words, clearBelow, Math.min(from, words.length), 0L); // o is clear there
        }
        for (int k = from; k < n; k++) {
            words[k] &= o.words[k];
        }
        Arrays.fill(words, Math.max(n, Math.min(from, words.length)), words.length, 0L); // o is clear past its end
        clearBelow = Math.min(from, words.length);
    }

    void or(RowBits o) {
        if (o.words.length > words.length) {
            words = Arrays.copyOf(words, o.words.length);
        }
        for (int k = o.clearBelow; k < o.words.length; k++) {
            words[k] |= o.words[k];
        }
        clearBelow = Math.min(clearBelow, o.clearBelow);
    }

    /** The first set index at or after from, or -1. */
    int nextSetBit(int from) {
        int k = from >>> 6;
        if (k >= words.length) {
            return -1;
        }
        long w = words[k] & (-1L << from);
        while (w == 0) {
            if (++k >= words.length) {
                return -1;
            }
            w = words[k];
        }
        return (k << 6) + Long.numberOfTrailingZeros(w);
    }

    /** The first clear index at or after from. */
    int nextClearBit(int from) {
        int k = from >>> 6;
        if (k >= words.length) {
            return from;
        }
        long w = ~words[k] & (-1L << from);
        while (w == 0) {
            if (++k >= words.length) {
                return k << 6;
            }
            w = ~words[k];
        }
        return (k << 6) + Long.numberOfTrailingZeros(w);
    }

    /** Clears [0, to). */
    void clearBefore(int to) {
        int k1 = Math.min(to >>> 6, words.length);
        if (k1 > clearBelow) {
            Arrays.fill(words, clearBelow, k1, 0L);
            clearBelow = k1;
        }
        if ((to & 63) != 0 && (to >>> 6) < words.length) {
            words[to >>> 6] &= -1L << to;
        }
    }

    /** Clears [from, end). */
    void clearFrom(int from) {
        int k = from >>> 6;
        if (k >= words.length) {
            return;
        }
        words[k] &= ~(-1L << from);
        Arrays.fill(words, k + 1, words.length, 0L);
    }

    boolean isEmpty() {
        for (int k = clearBelow; k < words.length; k++) {
            if (words[k] != 0) {
                return false;
            }
        }
        return true;
    }
}
