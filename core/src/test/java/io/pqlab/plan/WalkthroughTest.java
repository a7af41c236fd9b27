package io.pqlab.plan;

import io.pqlab.Mechanism;
import java.util.Set;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.oracle.ParquetJava;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.compat.RowGroupFilter;
import org.apache.parquet.filter2.compat.RowGroupFilter.FilterLevel;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.junit.jupiter.api.Test;

/**
 * The book chapter's walkthrough on the project's fixtures, every expectation computed from the
 * orders CSVs (which rows each row group holds, from the row counts parquet-java reads) or from
 * parquet-java's own Bloom filters, never written in.
 */
class WalkthroughTest {
    private static final Path SORTED = PlannerSoundnessTest.FIXTURES.resolve("pruning-sorted.parquet");
    private static final Path SHUFFLED = PlannerSoundnessTest.FIXTURES.resolve("pruning-shuffled.parquet");
    private static final Set<Mechanism> STATS = Mechanism.parse("statistics");
    private static final Set<Mechanism> STATS_PAGES = Mechanism.parse("statistics,page-index");
    private static final Set<Mechanism> BLOOM = Mechanism.parse("bloom");
    private static final int ORDER_ID = 0;
    private static final int CUSTOMER_ID = 1;

    /** The CSV's rows, cut into the file's row groups. */
    record Orders(List<List<long[]>> groups) {
        long min(int g, int column) {
            return groups.get(g).stream().mapToLong(r -> r[column]).min().getAsLong();
        }

        long max(int g, int column) {
            return groups.get(g).stream().mapToLong(r -> r[column]).max().getAsLong();
        }

        boolean holds(int g, int column, long v) {
            return groups.get(g).stream().anyMatch(r -> r[column] == v);
        }

        /** Row groups whose range of the column contains v. */
        Set<Integer> inRange(int column, long v) {
            Set<Integer> out = new TreeSet<>();
            for (int g = 0; g < groups.size(); g++) {
                if (min(g, column) <= v && v <= max(g, column)) {
                    out.add(g);
                }
            }
            return out;
        }
    }

    static Orders orders(String csv, Path parquet) throws IOException {
        List<String> lines = Files.readAllLines(PlannerSoundnessTest.FIXTURES.resolve("data").resolve(csv));
        List<long[]> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            rows.add(new long[] {Long.parseLong(f[0]), Long.parseLong(f[1])});
        }
        List<List<long[]>> groups = new ArrayList<>();
        int at = 0;
        for (BlockMetaData b : ParquetJava.footer(parquet).getBlocks()) {
            groups.add(rows.subList(at, at + (int) b.getRowCount()));
            at += (int) b.getRowCount();
        }
        assertThat(at).isEqualTo(rows.size());
        // The CSV is the file's data: check it against parquet-java's reading.
        List<Object[]> read = ParquetJava.rows(parquet);
        for (int i = 0; i < rows.size(); i++) {
            assertThat(read.get(i)[0]).isEqualTo(rows.get(i)[0]);
            assertThat(read.get(i)[1]).isEqualTo(rows.get(i)[1]);
        }
        return new Orders(groups);
    }

    static Set<Integer> skipped(Plan plan) {
        Set<Integer> out = new TreeSet<>();
        plan.rowGroups().stream().filter(RowGroupPlan::skipped).forEach(g -> out.add(g.index()));
        return out;
    }

    static Set<Integer> all(int n) {
        Set<Integer> out = new TreeSet<>();
        for (int g = 0; g < n; g++) {
            out.add(g);
        }
        return out;
    }

    @Test
    void orderId431OnTheSortedFile() throws IOException {
        Orders o = orders("orders-sorted.csv", SORTED);
        OracleData d = OracleData.read(SORTED);
        Set<Integer> holding = o.inRange(ORDER_ID, 431);
        Plan stats = PlanTesting.plan(SORTED, "order_id = 431", STATS);
        Set<Integer> expectSkipped = all(d.groups);
        expectSkipped.removeAll(holding);
        assertThat(skipped(stats)).isEqualTo(expectSkipped);
        assertThat(holding).as("every row group but one is skipped").hasSize(1);
        // The page index then keeps exactly the pages holding a row with 431.
        Plan pages = PlanTesting.plan(SORTED, "order_id = 431", STATS_PAGES);
        int g = holding.iterator().next();
        Sql eq = new Sql.Cmp(d.columns[ORDER_ID], "=", java.math.BigDecimal.valueOf(431));
        Set<Integer> pagesHolding = PlannerTrapsTest.pagesMatching(d, eq, g, ORDER_ID);
        assertThat(PlannerTrapsTest.pagesRead(pages, d, g, ORDER_ID)).isEqualTo(pagesHolding);
        assertThat(pagesHolding).as("one page").hasSize(1);
        assertThat(d.chunks[g][ORDER_ID].firstRows()).as("of five").hasSize(5);
        PlanAssert.sound(d, eq, pages, null, "walkthrough");
    }

    @Test
    void twoHundredAndTwoHundredOneEachLandInOneRowGroup() throws IOException {
        Orders o = orders("orders-sorted.csv", SORTED);
        Set<Integer> seen = new TreeSet<>();
        for (long v : new long[] {200, 201}) {
            Plan plan = PlanTesting.plan(SORTED, "order_id = " + v, STATS);
            Set<Integer> kept = all(plan.rowGroups().size());
            kept.removeAll(skipped(plan));
            Set<Integer> holding = new TreeSet<>();
            for (int g = 0; g < o.groups().size(); g++) {
                if (o.holds(g, ORDER_ID, v)) {
                    holding.add(g);
                }
            }
            assertThat(kept).as("order_id = %d", v).isEqualTo(o.inRange(ORDER_ID, v)).isEqualTo(holding).hasSize(1);
            seen.addAll(kept);
        }
        assertThat(seen).as("in different row groups, either side of a boundary").hasSize(2);
    }

    @Test
    void statisticsSkipNothingOnTheShuffledFile() throws IOException {
        Orders o = orders("orders-shuffled.csv", SHUFFLED);
        assertThat(o.inRange(ORDER_ID, 431)).isEqualTo(all(o.groups().size()));
        assertThat(skipped(PlanTesting.plan(SHUFFLED, "order_id = 431", STATS))).isEmpty();
    }

    @Test
    void customer424242SurvivesStatisticsAndTheBloomFiltersRuleItOut() throws IOException {
        for (Path file : List.of(SORTED, SHUFFLED)) {
            Orders o = orders(file == SORTED ? "orders-sorted.csv" : "orders-shuffled.csv", file);
            int n = o.groups().size();
            for (int g = 0; g < n; g++) {
                assertThat(o.holds(g, CUSTOMER_ID, 424242)).isFalse();
            }
            assertThat(o.inRange(CUSTOMER_ID, 424242)).as("within every row group's range").isEqualTo(all(n));
            assertThat(skipped(PlanTesting.plan(file, "customer_id = 424242", STATS))).isEmpty();
            Plan bloom = PlanTesting.plan(file, "customer_id = 424242", BLOOM);
            // pqlab's Bloom verdict is parquet-java's filter's answer for the INT64 value.
            Set<Integer> absent = new TreeSet<>();
            for (int g = 0; g < n; g++) {
                BloomFilter f = ParquetJava.bloomFilter(file, g, CUSTOMER_ID);
                if (!f.findHash(f.hash(424242L))) {
                    absent.add(g);
                }
            }
            assertThat(skipped(bloom)).isEqualTo(absent);
            if (file == SHUFFLED) {
                assertThat(skipped(bloom)).as("every row group of the shuffled file").isEqualTo(all(n));
            }
        }
    }

    @Test
    void aValueInARowGroupAlwaysPassesItsFilter() throws IOException {
        for (Path file : List.of(SORTED, SHUFFLED)) {
            Orders o = orders(file == SORTED ? "orders-sorted.csv" : "orders-shuffled.csv", file);
            try (io.pqlab.ParquetFile f = io.pqlab.ParquetFile.open(file)) {
                for (int g = 0; g < o.groups().size(); g++) {
                    for (long[] row : o.groups().get(g)) {
                        Plan plan = PlanTesting.plan(f, file, "customer_id = " + row[CUSTOMER_ID], BLOOM, List.of());
                        assertThat(plan.rowGroups().get(g).skipped()).as("customer_id %d in row group %d of %s",
                                row[CUSTOMER_ID], g, file.getFileName()).isFalse();
                    }
                }
            }
        }
    }

    /**
     * {@code a = 1 OR b = 2} is skipped where statistics rule out one side and a Bloom filter the
     * other: order_id = 431 (statistics, sorted file) OR customer_id = 424242 (Bloom filter).
     * parquet-java asks each level about the whole condition, so it keeps those row groups.
     */
    @Test
    void orSkippedByStatisticsOnOneSideAndBloomOnTheOther() throws IOException {
        Orders o = orders("orders-sorted.csv", SORTED);
        int n = o.groups().size();
        Set<Integer> expected = new TreeSet<>();
        for (int g = 0; g < n; g++) {
            BloomFilter f = ParquetJava.bloomFilter(SORTED, g, CUSTOMER_ID);
            boolean statsRuleOutA = !o.inRange(ORDER_ID, 431).contains(g);
            boolean bloomRulesOutB = !f.findHash(f.hash(424242L));
            if (statsRuleOutA && bloomRulesOutB) {
                expected.add(g);
            }
        }
        assertThat(expected).as("the mixed case occurs").isNotEmpty();
        String cond = "order_id = 431 OR customer_id = 424242";
        Plan plan = PlanTesting.plan(SORTED, cond, Mechanism.parse("statistics,bloom"));
        assertThat(skipped(plan)).isEqualTo(expected);
        for (int g : expected) {
            RowGroupPlan rg = plan.rowGroups().get(g);
            assertThat(rg.steps()).anyMatch(s -> s.mechanism().equals("statistics") && s.column().equals("order_id") && s.skip());
            assertThat(rg.steps()).anyMatch(s -> s.mechanism().equals("bloom") && s.column().equals("customer_id") && s.skip());
        }
        // Neither mechanism alone skips them.
        assertThat(skipped(PlanTesting.plan(SORTED, cond, STATS))).isEmpty();
        assertThat(skipped(PlanTesting.plan(SORTED, cond, BLOOM))).isEmpty();
        try (ParquetFileReader r = ParquetJava.open(SORTED)) {
            var filter = FilterCompat.get(FilterApi.or(FilterApi.eq(FilterApi.longColumn("order_id"), 431L),
                    FilterApi.eq(FilterApi.longColumn("customer_id"), 424242L)));
            List<BlockMetaData> kept = RowGroupFilter.filterRowGroups(List.of(FilterLevel.STATISTICS, FilterLevel.BLOOMFILTER),
                    filter, r.getRowGroups(), r);
            assertThat(kept).as("parquet-java keeps them").hasSize(n);
        }
    }
}
