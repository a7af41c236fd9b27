package io.pqlab.bench;

import static io.pqlab.bench.Cond.and;
import static io.pqlab.bench.Cond.between;
import static io.pqlab.bench.Cond.cmp;
import static io.pqlab.bench.Cond.cmpTs;
import static io.pqlab.bench.Cond.eq;
import static io.pqlab.bench.Cond.in;
import static io.pqlab.bench.Cond.isNull;
import static io.pqlab.bench.Cond.or;

import io.pqlab.bench.Cond.Op;
import java.util.ArrayList;
import java.util.List;

/**
 * The condition suite on the orders data, defined once; each reader gets its own rendering
 * ({@link Cond#parquetJava()}, {@link Cond#sql()}, {@link Cond#pqlab()}). Values are picked from
 * the generator's row function, so "present" values are present and "absent" ones absent at any
 * scale. How many rows match is not asserted here: {@link BytesRead} counts them with parquet-java
 * and DuckDB and reports any disagreement.
 */
public final class Conditions {
    private Conditions() {}

    public record Named(String name, String what, Cond cond) {}

    /** The names, in suite order (JMH's @Param lists repeat them; {@link #main} checks they agree). */
    public static final String[] NAMES = {
        "id_point", "id_absent", "id_range_1k", "id_range_1pct", "id_in_5", "id_above_max",
        "cust_point", "cust_absent", "cust_in_mixed",
        "country_rare", "country_absent", "country_in",
        "ts_day", "amount_top", "amount_negative", "amount_null", "note_null",
        "and_cust_country", "and_week_rare_country", "or_id_ends", "or_stats_bloom", "or_cust_country"};

    public static List<Named> orders(Orders o) {
        long n = o.rows;
        Orders.Row r = new Orders.Row();
        List<Named> s = new ArrayList<>();
        s.add(new Named("id_point", "order_id = one present value (sorted key)", eq("order_id", o.orderId(n * 37 / 100))));
        s.add(new Named("id_absent", "order_id = an even value inside [min, max]: absent",
            eq("order_id", o.orderId(n / 2) + 1)));
        long a = n * 3 / 10;
        s.add(new Named("id_range_1k", "order_id BETWEEN: 1,000 rows",
            between("order_id", o.orderId(a), o.orderId(a + 999))));
        long b = n * 6 / 10;
        s.add(new Named("id_range_1pct", "order_id >= x AND order_id < y: 1 % of the rows",
            and(cmp("order_id", Op.GE, o.orderId(b)), cmp("order_id", Op.LT, o.orderId(b + n / 100)))));
        s.add(new Named("id_in_5", "order_id IN five present values spread over the file",
            in("order_id", o.orderId(n / 10), o.orderId(n * 3 / 10 + 7), o.orderId(n / 2 + 11),
                o.orderId(n * 7 / 10 + 13), o.orderId(n - 17))));
        s.add(new Named("id_above_max", "order_id > max: nothing", cmp("order_id", Op.GT, o.orderId(n - 1))));
        o.fill(n * 13 / 100, r);
        long cust = r.customerId;
        String custCountry = r.country();
        long absentCust = 7 * (o.customers / 14);
        s.add(new Named("cust_point", "customer_id = a present customer (unsorted key, ~4 rows)", eq("customer_id", cust)));
        s.add(new Named("cust_absent", "customer_id = a multiple of 7 inside [min, max]: absent (Bloom filter)",
            eq("customer_id", absentCust)));
        o.fill(n * 91 / 100, r);
        long cust2 = r.customerId;
        s.add(new Named("cust_in_mixed", "customer_id IN two present and three absent customers",
            in("customer_id", 7 * (o.customers / 21), cust, 7 * (o.customers / 10), cust2, 7 * (o.customers / 9))));
        s.add(new Named("country_rare", "country = 'IS' (0.05 %)", eq("country", Orders.RARE_COUNTRY)));
        s.add(new Named("country_absent", "country = 'IT': absent, inside [min, max] (dictionary)",
            eq("country", Orders.ABSENT_COUNTRY)));
        s.add(new Named("country_in", "country IN ('IS', 'IT')", in("country", Orders.RARE_COUNTRY, Orders.ABSENT_COUNTRY)));
        long day = Orders.EPOCH_MICROS + 100 * Orders.DAY_MICROS;
        s.add(new Named("ts_day", "created_at within one day (~0.27 %)",
            and(cmpTs("created_at", Op.GE, day), cmpTs("created_at", Op.LT, day + Orders.DAY_MICROS))));
        s.add(new Named("amount_top", "amount_cents > x: the top 0.1 % (unsorted, nullable)",
            cmp("amount_cents", Op.GT, Orders.AMOUNT_MIN + Orders.AMOUNT_RANGE - 500)));
        s.add(new Named("amount_negative", "amount_cents < 0: nothing (below min)", cmp("amount_cents", Op.LT, 0)));
        s.add(new Named("amount_null", "amount_cents IS NULL (1 %, scattered)", isNull("amount_cents")));
        s.add(new Named("note_null", "note IS NULL (0.2 %, one band of order ids)", isNull("note")));
        s.add(new Named("and_cust_country", "customer_id = present AND country = its country",
            and(eq("customer_id", cust), eq("country", custCountry))));
        long week = Orders.EPOCH_MICROS + 200 * Orders.DAY_MICROS;
        s.add(new Named("and_week_rare_country", "created_at within a week AND country = 'IS'",
            and(and(cmpTs("created_at", Op.GE, week), cmpTs("created_at", Op.LT, week + 7 * Orders.DAY_MICROS)),
                eq("country", Orders.RARE_COUNTRY))));
        s.add(new Named("or_id_ends", "order_id < x OR order_id > y: 500 rows at each end",
            or(cmp("order_id", Op.LT, o.orderId(500)), cmp("order_id", Op.GT, o.orderId(n - 501)))));
        s.add(new Named("or_stats_bloom", "order_id > max OR customer_id = absent: nothing, refuted by two mechanisms",
            or(cmp("order_id", Op.GT, o.orderId(n - 1)), eq("customer_id", absentCust))));
        s.add(new Named("or_cust_country", "customer_id = present OR country = 'IS'",
            or(eq("customer_id", cust), eq("country", Orders.RARE_COUNTRY))));
        return s;
    }

    public static Named byName(Orders o, String name) {
        for (Named c : orders(o)) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        throw new IllegalArgumentException("no condition " + name);
    }

    /** Prints the suite in its three forms; checks NAMES and that pqlab's parser accepts every text. */
    public static void main(String[] args) {
        Orders o = BenchData.ordersSpec(args.length > 0 ? args[0] : "10m");
        List<Named> all = orders(o);
        if (all.size() != NAMES.length) {
            throw new IllegalStateException("NAMES is out of date");
        }
        for (int k = 0; k < NAMES.length; k++) {
            if (!all.get(k).name().equals(NAMES[k])) {
                throw new IllegalStateException("NAMES is out of date at " + NAMES[k]);
            }
        }
        for (Named c : all) {
            io.pqlab.predicate.Condition.parse(c.cond().pqlab()); // throws if pqlab cannot read it
            System.out.printf("%s: %s%n  pqlab:  %s%n  sql:    %s%n  pj:     %s%n", c.name(), c.what(),
                c.cond().pqlab(), c.cond().sql(), c.cond().parquetJava());
        }
    }
}
