package io.pqlab.internal.plan;

import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.SizeStatistics;
import io.pqlab.internal.predicate.LeafOp;
import io.pqlab.internal.predicate.Predicate;
import io.pqlab.internal.predicate.Predicate.Leaf;
import io.pqlab.internal.stats.TrustedStatistics;
import io.pqlab.plan.Verdict;
import java.util.List;
import java.util.function.Function;

/**
 * Verdicts for leaves on list columns ({@link Predicate.Nested}) from element evidence and level
 * counts, for a column chunk or one page alike.
 *
 * <p>Element evidence is the flat evidence on the element leaf's values: bounds bound every
 * element, a Bloom filter or dictionary holds every element value. "No value can satisfy the
 * element condition" rules out ANY; "every entry is a value that satisfies it" (which needs a
 * count of entries below the maximum definition level of zero) rules out NONE. Rows are not
 * entries: a null list, an empty list and a null element each take one entry below the maximum,
 * and a row holds many entries. So the null count of a repeated column's statistics (entries
 * below the maximum, if the writer counted them all) says nothing about null lists; only the
 * definition-level histogram (SizeStatistics, the ColumnIndex) counts them, and without one the
 * list-level leaves are undecided, except that a list whose levels cannot be null is never null.
 */
public final class ListCheck {
    private ListCheck() {}

    /**
     * Level counts of a chunk or page, -1 where unknown.
     *
     * @param rows the rows (lists) it holds
     * @param entries level entries
     * @param belowMax entries below the maximum definition level (null lists, empty lists, null elements)
     * @param nullLists rows whose list is null
     * @param emptyLists rows whose list is empty
     * @param source where the counts come from, for reasons
     */
    public record Levels(long rows, long entries, long belowMax, long nullLists, long emptyLists, String source) {
        /** Only what the schema says: a list that cannot be null has no null list. */
        public static Levels unknown(long rows, Predicate.Nested n) {
            return new Levels(rows, -1, -1, n.nullBelow() == 0 ? 0 : -1, -1, null);
        }

        /**
         * From a definition-level histogram (maxDefinition + 1 counts) of a chunk or page holding
         * {@code rows} rows; unknown where the histogram does not fit.
         */
        public static Levels of(long rows, Predicate.Nested n, long[] h, int from, String source) {
            int levels = n.maxDefinition() + 1;
            if (h == null || from < 0 || (long) from + levels > h.length) {
                return unknown(rows, n);
            }
            long entries = 0;
            long below = 0;
            long nulls = 0;
            long empties = 0;
            for (int d = 0; d < levels; d++) {
                long c = h[from + d];
                if (c < 0) {
                    return unknown(rows, n);
                }
                entries += c;
                if (d < n.maxDefinition()) {
                    below += c;
                }
                if (d < n.nullBelow()) {
                    nulls += c;
                } else if (d < n.emptyBelow()) {
                    empties += c;
                }
            }
            if (rows >= 0 && nulls + empties > rows) {
                return unknown(rows, n); // each null or empty list is one row: a histogram that says otherwise is wrong
            }
            return new Levels(rows, entries, below, nulls, empties, source);
        }

        /** Rows whose list has at least one element (null or not), -1 if unknown. */
        long nonEmpty() {
            return rows < 0 || nullLists < 0 || emptyLists < 0 ? -1 : rows - nullLists - emptyLists;
        }
    }

    /**
     * The chunk's levels from its SizeStatistics, where its histograms agree with the chunk (as
     * many entries as num_values, as many rows starting as the row group has); else unknown.
     */
    public static Levels chunkLevels(Leaf l, ColumnMetaData cmd, long rows) {
        Predicate.Nested n = l.nested();
        SizeStatistics s = cmd.sizeStatistics();
        if (s == null || s.definitionLevelHistogram() == null) {
            return Levels.unknown(rows, n);
        }
        Levels lv = Levels.of(rows, n, s.definitionLevelHistogram(), 0, "the chunk's definition-level histogram");
        if (lv.entries() != cmd.numValues() || s.definitionLevelHistogram().length != n.maxDefinition() + 1) {
            return Levels.unknown(rows, n);
        }
        long[] rep = s.repetitionLevelHistogram();
        if (rep != null && (rep.length == 0 || rep[0] != rows || sum(rep) != lv.entries())) {
            return Levels.unknown(rows, n);
        }
        return lv;
    }

    static long sum(long[] a) {
        long s = 0;
        for (long x : a) {
            s += x;
        }
        return s;
    }

    /** Element statistics: bounds as given, counts of entries from the levels (unknown without them). */
    public static TrustedStatistics elements(TrustedStatistics ts, Levels lv) {
        return new TrustedStatistics(ts.min(), ts.max(), ts.why(), ts.minExact(), ts.maxExact(), lv.belowMax(),
                ts.nanCount(), lv.entries());
    }

    /**
     * The element condition's verdict on the values from a flat verdict per element leaf, through
     * AND and OR: NONE where no value satisfies it, ALL where every entry is a value that does.
     */
    public static Decision flat(Predicate element, Function<Leaf, Decision> judge) {
        return element.fold(new Predicate.Fold<Decision>() {
            @Override
            public Decision leaf(Leaf leaf) {
                return judge.apply(leaf);
            }

            @Override
            public Decision constant(Predicate.Constant c) {
                return c.value() ? Decision.all(c.why()) : Decision.none(c.why());
            }

            @Override
            public Decision and(List<Decision> terms) {
                for (Decision d : terms) {
                    if (d.verdict() == Verdict.NONE) {
                        return d;
                    }
                }
                return terms.stream().allMatch(d -> d.verdict() == Verdict.ALL) ? terms.get(0) : some(terms);
            }

            @Override
            public Decision or(List<Decision> terms) {
                for (Decision d : terms) {
                    if (d.verdict() == Verdict.ALL) {
                        return d;
                    }
                }
                return terms.stream().allMatch(d -> d.verdict() == Verdict.NONE)
                        ? Decision.none(joined(terms)) : some(terms);
            }

            private Decision some(List<Decision> terms) {
                for (Decision d : terms) {
                    if (d.verdict() == Verdict.SOME) {
                        return d;
                    }
                }
                return Decision.some(joined(terms));
            }
        });
    }

    private static String joined(List<Decision> terms) {
        StringBuilder b = new StringBuilder();
        for (Decision d : terms) {
            b.append(b.length() == 0 ? "" : "; ").append(d.why());
        }
        return b.toString();
    }

    /**
     * The leaf's verdict from the element condition's verdict on the values ({@code flat}, null for
     * the list-level operators, which need none) and the level counts.
     */
    public static Decision decide(Leaf l, Decision flat, Levels lv) {
        LeafOp op = l.op();
        String counted = lv.source() == null ? "" : " (" + lv.source() + ")";
        switch (op) {
            case ANY -> {
                if (flat.verdict() == Verdict.NONE) {
                    return Decision.none("no element can satisfy it: " + flat.why());
                }
                return flat.verdict() == Verdict.ALL ? Decision.all("every entry is an element that satisfies it: " + flat.why())
                        : Decision.some("an element may satisfy it: " + flat.why());
            }
            case NONE -> {
                if (flat.verdict() == Verdict.ALL) {
                    return Decision.none("every entry is an element that satisfies it, so every list has one: " + flat.why());
                }
                if (flat.verdict() == Verdict.NONE) {
                    return lv.nullLists() == 0 ? Decision.all("no element can satisfy it and no list is null: " + flat.why())
                            : Decision.some("no element can satisfy it, but a list may be null: " + flat.why());
                }
                // element bounds, filters and dictionaries prove what is present, never that every list has a match
                return Decision.some("a list may lack a matching element: " + flat.why());
            }
            case LIST_NULL, LIST_NOT_NULL -> {
                boolean isNull = op == LeafOp.LIST_NULL;
                if (lv.nullLists() < 0) {
                    return Decision.some("no level histogram counts null lists (the element null count also counts"
                            + " empty lists and null elements)");
                }
                long matching = isNull ? lv.nullLists() : lv.rows() - lv.nullLists();
                return count(matching, lv.rows(), (isNull ? "null lists" : "lists that are not null") + counted);
            }
            case LIST_EMPTY -> {
                if (lv.emptyLists() < 0) {
                    return Decision.some("no level histogram counts empty lists");
                }
                return count(lv.emptyLists(), lv.rows(), "empty lists" + counted);
            }
            case LIST_NOT_EMPTY -> {
                long n = lv.nonEmpty();
                if (n < 0) {
                    return Decision.some("no level histogram counts null and empty lists");
                }
                return count(n, lv.rows(), "lists with an element" + counted);
            }
            default -> throw new IllegalStateException("not a list leaf: " + op);
        }
    }

    private static Decision count(long matching, long rows, String what) {
        if (matching == 0) {
            return Decision.none("no " + what);
        }
        return rows >= 0 && matching == rows ? Decision.all("every row: " + rows + " " + what)
                : Decision.some(matching + " " + what);
    }
}
