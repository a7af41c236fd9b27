package io.pqlab.bench.hardwood;

import io.pqlab.bench.BenchData;
import io.pqlab.bench.BenchData.Variant;
import io.pqlab.bench.Conditions;
import io.pqlab.bench.Duck;
import io.pqlab.bench.Orders;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * Row counts of hardwood against DuckDB for every condition, so that its timings are of right
 * answers. {@code java -cp bench/target/benchmarks.jar io.pqlab.bench.hardwood.HardwoodCheck 100k}
 * with a Java 21+ runtime.
 */
public final class HardwoodCheck {
    public static void main(String[] args) throws Exception {
        String label = args.length > 0 ? args[0] : "10m";
        Orders o = BenchData.ordersSpec(label);
        int bad = 0;
        for (Variant v : Variant.values()) {
            Path file = BenchData.orders(label, v);
            for (Conditions.Named c : Conditions.orders(o)) {
                long hw = Hw.scan(file, HardwoodPredicates.of(c.cond()), 1, x -> { });
                long duck;
                try (Connection conn = Duck.connect(0); Statement s = conn.createStatement();
                     ResultSet rs = s.executeQuery("SELECT count(*) FROM read_parquet(" + Duck.literal(file) + ") WHERE " + c.cond().sql())) {
                    rs.next();
                    duck = rs.getLong(1);
                }
                String flag = hw == duck ? "" : "  MISMATCH";
                if (hw != duck) {
                    bad++;
                }
                System.out.printf("%-10s %-22s hardwood %,10d  duckdb %,10d%s%n", v.suffix, c.name(), hw, duck, flag);
            }
        }
        System.out.println(bad == 0 ? "all agree" : bad + " disagreements");
        System.exit(bad == 0 ? 0 : 1);
    }
}
