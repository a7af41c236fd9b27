package io.pqlab.plan;

import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.plan.Planner;
import io.pqlab.Mechanism;
import io.pqlab.MechanismSets;
import io.pqlab.internal.plan.BoundQuery;
import java.util.Set;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.fixtures.Fixtures;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.RowGroup;
import io.pqlab.internal.predicate.Binder;
import io.pqlab.internal.predicate.Predicate;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * RowGroupPlan.skippedBy and RowGroupPlan.fetched, checked against what they claim rather than
 * against the planner's code: the decider is the mechanism without which (given the cheaper ones)
 * the row group would not have been skipped, and the fetched spans are index structures of that
 * row group whose lengths add up to the bytes counted.
 */
class PlanRecordsTest {
    private static final Path FIXTURES = Fixtures.ROOT;

    /** The planner's order, cheapest first. */
    private static final List<String> ORDER = List.of("statistics", "bloom", "dictionary", "page-index");

    static List<Arguments> cases() {
        List<String> files = List.of("pruning-sorted.parquet", "pruning-shuffled.parquet",
                "parquet-testing/data/data_index_bloom_encoding_stats.parquet");
        List<String> conditions = List.of("order_id = 431", "customer_id = 500000", "customer_id = 100424",
                "order_id = 431 OR customer_id = 500000", "order_id > 790 AND customer_id IN (1, 2, 500001)",
                "country = 'XX'", "country IS NULL", "amount_cents < 0", "amount_cents >= 0");
        List<String> bloomConditions = List.of("\"String\" = 'Hello'", "\"String\" = 'nope'",
                "\"String\" IN ('a', 'b')");
        List<Arguments> out = new java.util.ArrayList<>();
        for (String f : files) {
            for (String c : f.contains("bloom") ? bloomConditions : conditions) {
                out.add(Arguments.of(f, c));
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("cases")
    void deciderAndFetchedSpansMeanWhatTheySay(String file, String condition) throws Exception {
        try (ParquetFile pf = ParquetFile.open(FIXTURES.resolve(file))) {
            Predicate p = Binder.bind(condition, pf.schema());
            Plan all = Planner.plan(pf, BoundQuery.of(p, Mechanism.all()), 0, null);
            for (RowGroupPlan g : all.rowGroups()) {
                assertThat(g.skippedBy() != null).as("row group %d", g.index()).isEqualTo(g.skipped());
                long sum = 0;
                RowGroup rg = ParquetFiles.rowGroup(pf, g.index());
                for (Span s : g.fetched()) {
                    sum += s.length();
                    assertThat(s.end()).isLessThanOrEqualTo(pf.source().size());
                    assertThat(startsAStructure(rg, s.offset()))
                            .as("fetched span at %d of row group %d is an index of it", s.offset(), g.index())
                            .isTrue();
                }
                assertThat(sum).isEqualTo(g.indexBytes());
                if (!g.skipped()) {
                    continue;
                }
                int at = ORDER.indexOf(g.skippedBy());
                assertThat(at).as("decider %s", g.skippedBy()).isNotNegative();
                Plan without = Planner.plan(pf, BoundQuery.of(p, upTo(at - 1)), 0, null);
                Plan with = Planner.plan(pf, BoundQuery.of(p, upTo(at)), 0, null);
                assertThat(without.rowGroups().get(g.index()).skipped())
                        .as("row group %d without %s", g.index(), g.skippedBy()).isFalse();
                assertThat(with.rowGroups().get(g.index()).skipped())
                        .as("row group %d with %s", g.index(), g.skippedBy()).isTrue();
                assertThat(with.rowGroups().get(g.index()).skippedBy()).isEqualTo(g.skippedBy());
            }
        }
    }

    /** The mechanisms of ORDER up to index {@code last}, inclusive. */
    private static Set<Mechanism> upTo(int last) {
        return MechanismSets.of(last >= 0, last >= 3, last >= 1, last >= 2);
    }

    private static boolean startsAStructure(RowGroup rg, long offset) {
        for (ColumnChunk c : rg.columns()) {
            if (c.columnIndexOffset() == offset || c.offsetIndexOffset() == offset
                    || (c.metaData() != null && (c.metaData().bloomFilterOffset() == offset
                    || c.metaData().chunkStart() == offset))) {
                return true;
            }
        }
        return false;
    }
}
