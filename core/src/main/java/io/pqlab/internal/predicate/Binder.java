package io.pqlab.internal.predicate;

import io.pqlab.predicate.ConditionException;
import io.pqlab.predicate.CompareOp;
import io.pqlab.predicate.Expr;
import io.pqlab.predicate.ColumnRef;
import io.pqlab.predicate.Literal;
import io.pqlab.predicate.Condition;


import io.pqlab.predicate.Literal.BinaryLiteral;
import io.pqlab.predicate.Literal.BoolLiteral;
import io.pqlab.predicate.Literal.DateLiteral;
import io.pqlab.predicate.Literal.DecimalLiteral;
import io.pqlab.predicate.Literal.FloatLiteral;
import io.pqlab.predicate.Literal.IntLiteral;
import io.pqlab.predicate.Literal.StringLiteral;
import io.pqlab.predicate.Literal.TimeLiteral;
import io.pqlab.predicate.Literal.TimestampLiteral;
import io.pqlab.internal.predicate.Predicate.Constant;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.schema.Schema;
import io.pqlab.internal.stats.ValueOrder;
import io.pqlab.internal.values.ColumnType;
import io.pqlab.internal.values.LiteralConversion;
import io.pqlab.internal.values.LiteralConversion.Result;
import io.pqlab.internal.values.ValueFormat;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Binds a parsed condition to a file: pushes NOT down to the leaves, resolves each column against
 * the schema, and converts each literal exactly to the column's type. A literal the column cannot
 * hold becomes what it means: {@code int_col = 2.5} matches nothing, {@code int_col < 2.5} is
 * {@code int_col <= 2}, a value beyond the type's range lies above or below every value, NaN
 * equals only NaN and sorts above every number.
 *
 * <p>Safe to call from several threads at once: each binding keeps its own state.
 */
public final class Binder {
    private final Schema schema;

    private Binder(Schema schema) {
        this.schema = schema;
    }

    /** Parses and binds a condition's text. */
    public static Predicate bind(String condition, Schema schema) {
        return bind(Condition.parse(condition), schema);
    }

    public static Predicate bind(Expr expr, Schema schema) {
        return simplify(new Binder(schema).bindExpr(expr.pushNot()));
    }

    /** Binds a NOT-free tree (as {@link Expr#pushNot} gives); a flat BETWEEN as its comparisons. */
    private Predicate bindExpr(Expr e) {
        return bindTree(e, l -> l instanceof Expr.Between b && b.column().part() == ColumnRef.Part.COLUMN
                ? bindExpr(b.expand()) : leaf(l));
    }

    /** A NOT-free tree's AND and OR as they are, each leaf bound by {@code leaves}. */
    private static Predicate bindTree(Expr e, java.util.function.Function<Expr.Leaf, Predicate> leaves) {
        return e.fold(new Expr.AnyLeafFold<Predicate>() {
            @Override
            public Predicate leaf(Expr.Leaf l) {
                return leaves.apply(l);
            }

            @Override
            public Predicate and(List<Predicate> terms) {
                return new Predicate.And(terms);
            }

            @Override
            public Predicate or(List<Predicate> terms) {
                return new Predicate.Or(terms);
            }

            @Override
            public Predicate not(Predicate operand) {
                throw new IllegalStateException("NOT is pushed to the leaves before binding");
            }
        });
    }

    private Predicate leaf(Expr.Leaf leaf) {
        if (leaf.column().part() != ColumnRef.Part.COLUMN || (leaf instanceof Expr.IsNull && listNode(leaf.column()) != null)) {
            return RepeatedBinding.bind(this, leaf);
        }
        return bindOn(leaf, resolve(leaf.column()));
    }

    /** A flat leaf (or a BETWEEN) bound to the given column, whatever column it names. */
    Predicate bindOn(Expr.Leaf leaf, ColumnDescriptor col) {
        return leaf.match(new Expr.LeafFold<Predicate>() {
            @Override
            public Predicate between(Expr.Between b) {
                Expr x = new Expr.Between(ColumnRef.of("x"), b.low(), b.high(), b.negated()).expand();
                return bindTree(x, t -> bindOn(t, col));
            }

            @Override
            public Predicate isNull(Expr.IsNull n) {
                return Binder.this.leaf(col, n.negated() ? LeafOp.IS_NOT_NULL : LeafOp.IS_NULL, List.of());
            }

            @Override
            public Predicate comparison(Expr.Comparison c) {
                return Binder.this.comparison(col, c.op(), convert(col, c.value()));
            }

            @Override
            public Predicate in(Expr.In in) {
                return Binder.this.in(col, in);
            }

            @Override
            public Predicate like(Expr.Like like) {
                return Binder.this.like(col, like);
            }
        });
    }

    Schema schema() {
        return schema;
    }

    /** The list or map node a plain reference names (a group with no repeated field above it), or null. */
    private io.pqlab.schema.SchemaNode listNode(ColumnRef ref) {
        io.pqlab.schema.SchemaNode n = RepeatedBinding.node(schema, ref.path());
        return n != null && RepeatedBinding.isList(n) ? n : null;
    }

    private ColumnDescriptor resolve(ColumnRef ref) {
        String dotted = String.join(".", ref.path());
        ColumnDescriptor col = schema.find(dotted);
        if (col == null && listNode(ref) != null) {
            throw new ConditionException("'" + ref.text() + "' is a list or map: test its elements with ANY(" + ref.text()
                    + ") = v or list_contains(" + ref.text() + ", v) (map_keys(m), map_values(m) for a map), the list with "
                    + ref.text() + " IS NULL or cardinality(" + ref.text() + ") = 0", -1);
        }
        if (col == null) {
            List<ColumnDescriptor> under = schema.columnsUnder(dotted);
            if (!under.isEmpty()) {
                List<String> names = new ArrayList<>();
                under.stream().limit(5).forEach(c -> names.add(c.dottedPath()));
                throw new ConditionException("'" + ref.text() + "' is a group, not a column: name one of its columns, such as "
                        + String.join(", ", names), -1);
            }
            col = schema.column(dotted); // throws NoSuchColumnException naming the closest columns
        }
        if (col.maxRepetitionLevel() > 0) {
            throw new ConditionException("'" + col.dottedPath() + "' is inside a list (a repeated column, many values"
                    + " a row): test its elements with ANY(" + RepeatedBinding.outerList(schema, col) + ") = v or list_contains("
                    + RepeatedBinding.outerList(schema, col) + ", v), or name the element leaf: ANY(" + col.dottedPath()
                    + ") = v", -1);
        }
        return col;
    }

    /** The column's type as values need it. */
    public static ColumnType typeOf(ColumnDescriptor col) {
        return new ColumnType(col.type(), col.logicalType(), col.convertedType(), col.typeLength(),
                Math.max(col.scale(), 0), col.precision());
    }

    public static ValueOrder orderOf(ColumnDescriptor col) {
        return new ValueOrder(col.type(), typeOf(col).sortOrder(), col.typeLength());
    }

    private Result convert(ColumnDescriptor col, Literal literal) {
        try {
            return LiteralConversion.convert(javaValue(literal), typeOf(col));
        } catch (IllegalArgumentException e) {
            throw new ConditionException("column " + col.dottedPath() + ": " + e.getMessage(), -1);
        }
    }

    private static Object javaValue(Literal l) {
        if (l instanceof IntLiteral i) {
            return i.value();
        }
        if (l instanceof DecimalLiteral d) {
            return d.value();
        }
        if (l instanceof FloatLiteral f) {
            double v = f.value();
            return Double.isNaN(v) || Double.isInfinite(v) ? (Object) v : new BigDecimal(f.text());
        }
        if (l instanceof StringLiteral s) {
            return s.value();
        }
        if (l instanceof BoolLiteral b) {
            return b.value();
        }
        if (l instanceof DateLiteral d) {
            return d.value();
        }
        if (l instanceof TimeLiteral t) {
            return t.value();
        }
        if (l instanceof TimestampLiteral t) {
            return t.offset() == null ? t.value()
                    : t.value().atOffset(t.offset()).withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime();
        }
        if (l instanceof BinaryLiteral b) {
            return b.value();
        }
        throw new IllegalArgumentException("unknown literal " + l);
    }

    private Predicate comparison(ColumnDescriptor col, CompareOp op, Result r) {
        String c = col.dottedPath();
        if (r instanceof Result.Exact x) {
            return leaf(col, leafOp(op), List.of(x.plain()));
        }
        if (r instanceof Result.NaN) {
            return switch (op) {
                case EQ, GE -> leaf(col, LeafOp.IS_NAN, List.of());
                case NE, LT -> leaf(col, LeafOp.NOT_NAN, List.of());
                case GT -> new Constant(false, "nothing sorts above NaN");
                case LE -> leaf(col, LeafOp.IS_NOT_NULL, List.of());
            };
        }
        if (op == CompareOp.EQ) {
            return new Constant(false, c + " cannot hold the value");
        }
        if (op == CompareOp.NE) {
            return leaf(col, LeafOp.IS_NOT_NULL, List.of());
        }
        boolean below = op == CompareOp.LT || op == CompareOp.LE;
        if (r instanceof Result.Unequal u) {
            return leaf(col, leafOp(op), List.of(u.plain()));
        }
        if (r instanceof Result.Between b) {
            return below ? leaf(col, LeafOp.LE, List.of(b.below())) : leaf(col, LeafOp.GE, List.of(b.above()));
        }
        boolean above = r instanceof Result.AboveAll;
        if (below == above) { // x < (above all), x > (below all): every non-null value
            return leaf(col, LeafOp.IS_NOT_NULL, List.of());
        }
        return new Constant(false, "the value lies " + (above ? "above" : "below") + " every value " + c + " can hold");
    }

    private Predicate in(ColumnDescriptor col, Expr.In in) {
        List<byte[]> exact = new ArrayList<>();
        boolean nan = false;
        for (Literal l : in.values()) {
            Result r = convert(col, l);
            if (r instanceof Result.Exact x) {
                exact.add(x.plain());
            } else if (r instanceof Result.NaN) {
                nan = true;
            } // any other value equals nothing the column holds
        }
        List<Predicate> terms = new ArrayList<>();
        if (!in.negated()) {
            if (!exact.isEmpty()) {
                terms.add(leaf(col, exact.size() == 1 ? LeafOp.EQ : LeafOp.IN, exact));
            }
            if (nan) {
                terms.add(leaf(col, LeafOp.IS_NAN, List.of()));
            }
            return terms.isEmpty() ? new Constant(false, col.dottedPath() + " can hold no value of the list")
                    : terms.size() == 1 ? terms.get(0) : new Predicate.Or(terms);
        }
        if (!exact.isEmpty()) {
            terms.add(leaf(col, exact.size() == 1 ? LeafOp.NE : LeafOp.NOT_IN, exact));
        }
        if (nan) {
            terms.add(leaf(col, LeafOp.NOT_NAN, List.of()));
        }
        if (terms.isEmpty()) {
            return leaf(col, LeafOp.IS_NOT_NULL, List.of());
        }
        return terms.size() == 1 ? terms.get(0) : new Predicate.And(terms);
    }

    private Predicate like(ColumnDescriptor col, Expr.Like like) {
        ColumnType t = typeOf(col);
        if (col.type() != io.pqlab.schema.PhysicalType.BYTE_ARRAY
                && col.type() != io.pqlab.schema.PhysicalType.FIXED_LEN_BYTE_ARRAY || t.isDecimal()) {
            throw new ConditionException("column " + col.dottedPath() + " is " + t.describe()
                    + "; " + (like.ignoreCase() ? "ILIKE" : "LIKE") + " needs a string column", -1);
        }
        var prefix = like.prefix();
        if (prefix.isPresent()) {
            if (prefix.get().isEmpty()) { // LIKE '%': every non-null value
                return like.negated() ? new Constant(false, "every non-null value is LIKE '%'")
                        : leaf(col, LeafOp.IS_NOT_NULL, List.of());
            }
            byte[] p = prefix.get().getBytes(StandardCharsets.UTF_8);
            return leaf(col, like.negated() ? LeafOp.NOT_STARTS_WITH : LeafOp.STARTS_WITH, List.of(p));
        }
        List<byte[]> values = new ArrayList<>();
        values.add(like.pattern().getBytes(StandardCharsets.UTF_8));
        if (like.escape() != Expr.Like.NO_ESCAPE) {
            values.add(new String(Character.toChars(like.escape())).getBytes(StandardCharsets.UTF_8));
        }
        LeafOp op = like.ignoreCase() ? (like.negated() ? LeafOp.NOT_ILIKE : LeafOp.ILIKE)
                : like.negated() ? LeafOp.NOT_LIKE : LeafOp.LIKE;
        return leaf(col, op, values);
    }

    private static LeafOp leafOp(CompareOp op) {
        return switch (op) {
            case EQ -> LeafOp.EQ;
            case NE -> LeafOp.NE;
            case LT -> LeafOp.LT;
            case LE -> LeafOp.LE;
            case GT -> LeafOp.GT;
            case GE -> LeafOp.GE;
        };
    }

    Predicate.Leaf leaf(ColumnDescriptor col, LeafOp op, List<byte[]> values) {
        ColumnType type = typeOf(col);
        String path = col.dottedPath();
        String text = switch (op) {
            case IS_NULL, IS_NOT_NULL, IS_NAN, NOT_NAN -> path + " " + op.symbol;
            case IN, NOT_IN -> {
                List<String> shown = new ArrayList<>();
                values.forEach(v -> shown.add(show(v, type)));
                yield path + " " + op.symbol + " (" + String.join(", ", shown) + ")";
            }
            case STARTS_WITH, NOT_STARTS_WITH -> path + " " + op.symbol + " "
                    + quote(new String(values.get(0), StandardCharsets.UTF_8) + "%");
            // with its ESCAPE: without it 'S!%%' would mean another pattern
            case LIKE, NOT_LIKE, ILIKE, NOT_ILIKE -> path + " " + op.symbol + " " + quote(new String(values.get(0), StandardCharsets.UTF_8))
                    + (values.size() > 1 ? " ESCAPE " + quote(new String(values.get(1), StandardCharsets.UTF_8)) : "");
            default -> path + " " + op.symbol + " " + show(values.get(0), type);
        };
        return new Predicate.Leaf(col.index(), path, op, values, orderOf(col), text);
    }

    private static String show(byte[] v, ColumnType type) {
        String s = ValueFormat.format(v, type);
        return type.isText() || type.isUuid() || type.isDate() || type.timestampUnit() != null || type.timeUnit() != null
                ? quote(s) : s;
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    /** Folds constants and flattens nested connectives of the same kind. */
    public static Predicate simplify(Predicate p) {
        return p.fold(new Predicate.Fold<Predicate>() {
            @Override
            public Predicate leaf(Predicate.Leaf l) {
                return l;
            }

            @Override
            public Predicate constant(Constant c) {
                return c;
            }

            @Override
            public Predicate and(List<Predicate> simplified) {
                List<Predicate> terms = new ArrayList<>();
                for (Predicate s : simplified) {
                    if (s instanceof Constant c) {
                        if (!c.value()) {
                            return c;
                        }
                    } else if (s instanceof Predicate.And inner) {
                        terms.addAll(inner.terms()); // already flat: its terms were simplified
                    } else {
                        terms.add(s);
                    }
                }
                return terms.isEmpty() ? new Constant(true, "every term holds") : terms.size() == 1 ? terms.get(0) : new Predicate.And(terms);
            }

            @Override
            public Predicate or(List<Predicate> simplified) {
                List<Predicate> terms = new ArrayList<>();
                Constant falseTerm = null;
                for (Predicate s : simplified) {
                    if (s instanceof Constant c) {
                        if (c.value()) {
                            return c;
                        }
                        falseTerm = c;
                    } else if (s instanceof Predicate.Or inner) {
                        terms.addAll(inner.terms());
                    } else {
                        terms.add(s);
                    }
                }
                return terms.isEmpty() ? falseTerm : terms.size() == 1 ? terms.get(0) : new Predicate.Or(terms);
            }
        });
    }
}
