package io.pqlab.bench.hardwood;

import dev.hardwood.reader.FilterPredicate;
import io.pqlab.bench.Cond;
import io.pqlab.bench.Cond.And;
import io.pqlab.bench.Cond.Between;
import io.pqlab.bench.Cond.Cmp;
import io.pqlab.bench.Cond.In;
import io.pqlab.bench.Cond.IsNull;
import io.pqlab.bench.Cond.LongValue;
import io.pqlab.bench.Cond.Op;
import io.pqlab.bench.Cond.Or;
import io.pqlab.bench.Cond.StringValue;
import io.pqlab.bench.Cond.TimestampValue;
import io.pqlab.bench.Cond.Value;
import java.time.Instant;

/** The suite's conditions rendered as hardwood's FilterPredicate (the fourth form; Java 21+ only). */
public final class HardwoodPredicates {
    private HardwoodPredicates() {}

    public static FilterPredicate of(Cond c) {
        return switch (c) {
            case Cmp k -> cmp(k.column(), k.op(), k.value());
            case In k -> k.values().get(0) instanceof StringValue
                ? FilterPredicate.inStrings(k.column(), k.values().stream().map(v -> ((StringValue) v).v()).toArray(String[]::new))
                : FilterPredicate.in(k.column(), k.values().stream().mapToLong(v -> ((LongValue) v).v()).toArray());
            case Between k -> FilterPredicate.and(cmp(k.column(), Op.GE, k.low()), cmp(k.column(), Op.LE, k.high()));
            case IsNull k -> FilterPredicate.isNull(k.column());
            case And k -> FilterPredicate.and(of(k.left()), of(k.right()));
            case Or k -> FilterPredicate.or(of(k.left()), of(k.right()));
        };
    }

    private static FilterPredicate cmp(String column, Op op, Value v) {
        return switch (v) {
            case LongValue l -> switch (op) {
                case EQ -> FilterPredicate.eq(column, l.v());
                case LT -> FilterPredicate.lt(column, l.v());
                case LE -> FilterPredicate.ltEq(column, l.v());
                case GT -> FilterPredicate.gt(column, l.v());
                case GE -> FilterPredicate.gtEq(column, l.v());
            };
            case StringValue s -> switch (op) {
                case EQ -> FilterPredicate.eq(column, s.v());
                case LT -> FilterPredicate.lt(column, s.v());
                case LE -> FilterPredicate.ltEq(column, s.v());
                case GT -> FilterPredicate.gt(column, s.v());
                case GE -> FilterPredicate.gtEq(column, s.v());
            };
            case TimestampValue t -> {
                Instant i = Instant.EPOCH.plusNanos(Math.multiplyExact(t.micros(), 1000L));
                yield switch (op) {
                    case EQ -> FilterPredicate.eq(column, i);
                    case LT -> FilterPredicate.lt(column, i);
                    case LE -> FilterPredicate.ltEq(column, i);
                    case GT -> FilterPredicate.gt(column, i);
                    case GE -> FilterPredicate.gtEq(column, i);
                };
            }
        };
    }
}
