package io.pqlab.internal.predicate;

import io.pqlab.internal.assembly.Shape;
import io.pqlab.internal.assembly.Shapes;
import io.pqlab.predicate.ColumnRef;
import io.pqlab.predicate.ConditionException;
import io.pqlab.predicate.Expr;
import io.pqlab.predicate.Literal;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.schema.GroupNode;
import io.pqlab.schema.Schema;
import io.pqlab.schema.SchemaNode;
import java.math.BigInteger;
import java.util.List;

/**
 * Binds the leaves on list and map columns: {@code ANY(x) op v} (and list_contains), its NOT
 * ("no element satisfies it", the list not null), {@code x IS [NOT] NULL} on the list itself and
 * {@code cardinality(x)} against 0. The column is named as users write it ({@code tags},
 * {@code a.tags}); the list is read through {@link Shapes} (the format's LIST and MAP rules and
 * their older forms), and the leaf is its element column: the innermost for lists of lists, the
 * key or value column for {@code map_keys} and {@code map_values}. A leaf column under a list may be
 * named directly too ({@code ANY(pts.list.element.y)}): its elements are that field of every element.
 */
final class RepeatedBinding {
    private RepeatedBinding() {}

    /** The list a leaf reads: its element leaf and the levels that tell a null and an empty list. */
    private record Target(ColumnDescriptor leaf, int nullBelow, int emptyBelow, String list) {}

    /**
     * A leaf on a list or map, bound: a fold over the leaf's kind, so that a new kind of leaf is
     * a compile error here too. IS [NOT] NULL tests the list itself; cardinality(x) is a
     * comparison with 0; every other leaf tests the elements.
     */
    static Predicate bind(Binder binder, Expr.Leaf leaf) {
        Target t = target(binder.schema(), leaf.column());
        return leaf.match(new Expr.LeafFold<Predicate>() {
            @Override
            public Predicate comparison(Expr.Comparison c) {
                return c.column().part() == ColumnRef.Part.CARDINALITY ? cardinality(binder, t, c) : elements(binder, t, c);
            }

            @Override
            public Predicate in(Expr.In in) {
                return elementsOrCardinality(binder, t, in);
            }

            @Override
            public Predicate between(Expr.Between b) {
                return elementsOrCardinality(binder, t, b);
            }

            @Override
            public Predicate isNull(Expr.IsNull n) {
                return nested(binder, t, n.negated() ? LeafOp.LIST_NOT_NULL : LeafOp.LIST_NULL, null, n.toString());
            }

            @Override
            public Predicate like(Expr.Like l) {
                return elementsOrCardinality(binder, t, l);
            }
        });
    }

    /** A leaf other than a comparison: on cardinality(x) refused, else a test of the elements. */
    private static Predicate elementsOrCardinality(Binder binder, Target t, Expr.Leaf leaf) {
        if (leaf.column().part() == ColumnRef.Part.CARDINALITY) {
            throw cardinalityOnlyWith0(t, leaf);
        }
        return elements(binder, t, leaf);
    }

    /** ANY(x) op v, or its NOT: the leaf bound on the element column, as a nested leaf. */
    private static Predicate elements(Binder binder, Target t, Expr.Leaf leaf) {
        ColumnRef ref = leaf.column();
        String text = leaf.toString();
        Predicate element = Binder.simplify(binder.bindOn(leaf, t.leaf()));
        if (element instanceof Predicate.Constant c) {
            if (c.value()) {
                element = binder.leaf(t.leaf(), LeafOp.IS_NOT_NULL, List.of()); // every element value satisfies it
            } else if (ref.none()) {
                // no element can satisfy it: "none does" holds for every list that is not null
                return nested(binder, t, LeafOp.LIST_NOT_NULL, null, text);
            } else {
                return new Predicate.Constant(false, "no element can satisfy it: " + c.why());
            }
        }
        return nested(binder, t, ref.none() ? LeafOp.NONE : LeafOp.ANY, element, text);
    }

    private static Predicate nested(Binder binder, Target t, LeafOp op, Predicate element, String text) {
        ColumnDescriptor c = t.leaf();
        return new Predicate.Leaf(c.index(), c.dottedPath(), op, List.of(), Binder.orderOf(c), text,
                new Predicate.Nested(element, t.nullBelow(), t.emptyBelow(), c.maxDefinitionLevel(), t.list()));
    }

    /** cardinality(x) against a whole number: only "is it 0" is a question the levels answer alone. */
    private static Predicate cardinality(Binder binder, Target t, Expr.Comparison c) {
        if (!(c.value() instanceof Literal.IntLiteral i)) {
            throw cardinalityOnlyWith0(t, c);
        }
        String text = c.toString();
        BigInteger v = i.value();
        int zeroVsV = BigInteger.ZERO.compareTo(v);
        boolean vAtMost0 = v.signum() <= 0;
        boolean vAtMost1 = v.compareTo(BigInteger.ONE) <= 0;
        boolean vAtLeast1 = v.signum() > 0;
        boolean vAtLeast2 = v.compareTo(BigInteger.TWO) >= 0;
        // which non-null lists match: the empty one (n = 0), every longer one, or only some longer ones
        boolean zero;
        boolean allLonger;
        boolean someLonger;
        switch (c.op()) {
            case EQ -> { zero = zeroVsV == 0; allLonger = false; someLonger = vAtLeast1; }
            case NE -> { zero = zeroVsV != 0; allLonger = vAtMost0; someLonger = true; }
            case GT -> { zero = zeroVsV > 0; allLonger = vAtMost0; someLonger = true; }
            case GE -> { zero = zeroVsV >= 0; allLonger = vAtMost1; someLonger = true; }
            case LT -> { zero = zeroVsV < 0; allLonger = false; someLonger = vAtLeast2; }
            default -> { zero = zeroVsV <= 0; allLonger = false; someLonger = vAtLeast1; } // LE
        }
        if (someLonger && !allLonger) {
            throw new ConditionException("cardinality(" + t.list() + ") is compared with 0 only (= 0, != 0, > 0, >= 1), not in "
                    + c + ": the levels tell an empty list, not how long one is", -1);
        }
        if (zero && allLonger) {
            return nested(binder, t, LeafOp.LIST_NOT_NULL, null, text);
        }
        if (zero) {
            return nested(binder, t, LeafOp.LIST_EMPTY, null, text);
        }
        if (allLonger) {
            return nested(binder, t, LeafOp.LIST_NOT_EMPTY, null, text);
        }
        return new Predicate.Constant(false, "no list has a cardinality that satisfies " + c);
    }

    private static ConditionException cardinalityOnlyWith0(Target t, Expr.Leaf leaf) {
        return new ConditionException("cardinality(" + t.list() + ") is compared with 0 only (= 0, != 0, > 0, >= 1)"
                + ", not in " + leaf, -1);
    }

    private static Target target(Schema schema, ColumnRef ref) {
        String dotted = String.join(".", ref.path());
        SchemaNode node = node(schema, ref.path());
        if (node == null) {
            schema.column(dotted); // throws NoSuchColumnException naming the closest columns
            throw new ConditionException("no column " + ref.text(), -1);
        }
        if (node instanceof ColumnDescriptor leaf && node.maxRepetitionLevel() > 0 && ref.part() == ColumnRef.Part.ELEMENTS) {
            Shape outer = outermost(schema, leaf.path());
            return new Target(leaf, nullBelow(outer), emptyBelow(outer), outer.node().dottedPath());
        }
        if (!isList(node)) {
            throw new ConditionException("'" + dotted + "' is not a list or map" + (node.maxRepetitionLevel() > 0
                    ? " with no repeated field above it (name the element leaf in ANY(...))" : "")
                    + ": " + ref.text() + " needs one", -1);
        }
        Shape s = Shapes.of(node);
        int nullBelow = nullBelow(s);
        int emptyBelow = emptyBelow(s);
        Shape e;
        switch (ref.part()) {
            case COLUMN, CARDINALITY -> {
                // all leaves under the list agree on its levels: the first one tells
                return new Target(Shapes.slots(s).get(0), nullBelow, emptyBelow, dotted);
            }
            case ELEMENTS -> {
                if (s instanceof Shape.MapShape) {
                    throw new ConditionException("'" + dotted + "' is a map: test its keys or values with ANY(map_keys("
                            + dotted + ")) or ANY(map_values(" + dotted + "))", -1);
                }
                e = ((Shape.ListShape) s).element();
            }
            default -> {
                if (!(s instanceof Shape.MapShape m)) {
                    throw new ConditionException("'" + dotted + "' is a list, not a map: write ANY(" + dotted + ")", -1);
                }
                e = ref.part() == ColumnRef.Part.KEYS ? m.key() : m.value();
                if (e == null) {
                    throw new ConditionException("the map '" + dotted + "' has no value field", -1);
                }
            }
        }
        while (e instanceof Shape.ListShape inner) {
            e = inner.element(); // lists of lists: ANY over the innermost elements
        }
        if (!(e instanceof Shape.Leaf l)) {
            throw new ConditionException("the elements of '" + dotted + "' are " + (e instanceof Shape.MapShape ? "maps" : "structs")
                    + ": name a leaf under them, such as ANY(" + Shapes.slots(e).get(0).dottedPath() + ")", -1);
        }
        return new Target(l.column(), nullBelow, emptyBelow, dotted);
    }

    private static int nullBelow(Shape s) {
        return s instanceof Shape.ListShape l ? l.nullBelow() : ((Shape.MapShape) s).nullBelow();
    }

    private static int emptyBelow(Shape s) {
        return s instanceof Shape.ListShape l ? l.emptyBelow() : ((Shape.MapShape) s).emptyBelow();
    }

    /** The outermost list or map on a leaf's path: the one whose rows a row's entries make. */
    private static Shape outermost(Schema schema, List<String> path) {
        for (int k = 1; k <= path.size(); k++) {
            SchemaNode n = node(schema, path.subList(0, k));
            if (n != null && isList(n)) {
                return Shapes.of(n);
            }
        }
        throw new IllegalStateException("no list above " + path);
    }

    /** The dotted path of the outermost list holding a repeated leaf (for messages). */
    static String outerList(Schema schema, ColumnDescriptor leaf) {
        try {
            return outermost(schema, leaf.path()).node().dottedPath();
        } catch (RuntimeException e) {
            return leaf.dottedPath();
        }
    }

    /**
     * Whether a node reads as a list or map whose rows are the file's rows: a LIST or MAP group (or
     * a bare repeated field) with no repeated field above it.
     */
    static boolean isList(SchemaNode n) {
        Shape s = Shapes.of(n);
        int rep = s instanceof Shape.ListShape l ? l.rep() : s instanceof Shape.MapShape m ? m.rep() : -1;
        return rep == 1;
    }

    /** The node at a path: names matched exactly, else the one child matching when case is ignored. */
    static SchemaNode node(Schema schema, List<String> path) {
        SchemaNode n = schema.root();
        for (String name : path) {
            if (!(n instanceof GroupNode g)) {
                return null;
            }
            SchemaNode exact = null;
            SchemaNode folded = null;
            int foldedCount = 0;
            for (SchemaNode c : g.children()) {
                if (c.name().equals(name)) {
                    exact = c;
                    break;
                }
                if (c.name().equalsIgnoreCase(name)) {
                    folded = c;
                    foldedCount++;
                }
            }
            n = exact != null ? exact : foldedCount == 1 ? folded : null;
            if (n == null) {
                return null;
            }
        }
        return n;
    }
}
