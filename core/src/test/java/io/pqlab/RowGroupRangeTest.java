package io.pqlab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.fixtures.Fixtures;
import io.pqlab.internal.io.CountingSource;
import io.pqlab.io.FileSource;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.internal.plan.Planner;
import io.pqlab.plan.Plan;
import io.pqlab.plan.Span;
import io.pqlab.plan.RowGroupPlan;
import io.pqlab.scan.RowBatch;
import io.pqlab.scan.Scan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * {@link Query#rowGroupsStartingIn}: ranges that tile a file's rows split it into parts that plan
 * and scan only their own row groups. Judged by the fixtures' CSV (the rows a condition selects,
 * evaluated here in Java, not by pqlab) and by the bytes a counting source sees: the parts together
 * read exactly what one plan of the whole file reads, no index or data byte of another part's
 * row groups.
 */
class RowGroupRangeTest {

    /** A condition, as pqlab's text and as the test's own test of a CSV row. */
    private record Cond(String text, Predicate<String[]> row) {}

    private static final List<Cond> CONDITIONS = List.of(
            new Cond("order_id >= 150 AND order_id < 620", r -> between(r[0], 150, 620)),
            // statistics cannot decide customer_id on the shuffled file: Bloom filters and page indexes are read
            new Cond("customer_id = 332606 OR customer_id = 566924", r -> r[1].equals("332606") || r[1].equals("566924")),
            new Cond("country IN ('SE', 'PL') AND amount_cents > 5000",
                    r -> (r[2].equals("SE") || r[2].equals("PL")) && Long.parseLong(r[3]) > 5000),
            new Cond("country IS NULL", r -> r[2].isEmpty()));

    private static boolean between(String v, long lo, long hi) {
        long x = Long.parseLong(v);
        return x >= lo && x < hi;
    }

    /** The four 200-row row groups start at rows 0, 200, 400, 600: these split points tile them unevenly. */
    private static final long[][] SPLITS = {
        {0, Long.MAX_VALUE},
        {0, 1, 200, 201, 599, 600, Long.MAX_VALUE},
        {0, 399, 401, 1000, Long.MAX_VALUE},
        {0, 800, Long.MAX_VALUE},
    };

    @ParameterizedTest
    @ValueSource(strings = {"sorted", "shuffled"})
    void partsPlanAndScanOnlyTheirOwnRowGroupsAndTogetherEveryMatchingRowOnce(String order) throws IOException {
        Path path = Fixtures.path("pruning-" + order + ".parquet");
        List<String[]> csv = csv(Fixtures.ROOT.resolve("data/orders-" + order + ".csv"));
        long decidingBytes = 0;
        for (Cond c : CONDITIONS) {
            List<Long> expected = new ArrayList<>();
            for (String[] r : csv) {
                if (c.row().test(r)) {
                    expected.add(Long.parseLong(r[0]));
                }
            }
            Query whole = Query.where(c.text()).columns("order_id");
            Counted full = read(path, whole);
            assertThat(full.orderIds).as(c.text()).isEqualTo(expected);
            decidingBytes += full.planBytes;
            for (long[] split : SPLITS) {
                List<Long> rows = new ArrayList<>();
                long planBytes = 0;
                long scanBytes = 0;
                List<Integer> groups = new ArrayList<>();
                for (int i = 0; i + 1 < split.length; i++) {
                    Counted part = read(path, whole.rowGroupsStartingIn(split[i], split[i + 1]));
                    List<Integer> planned = part.plan.rowGroups().stream().map(RowGroupPlan::index).toList();
                    // the footer's row groups start at rows 0, 200, 400, 600
                    List<Integer> inRange = new ArrayList<>();
                    for (int g = 0; g < 4; g++) {
                        if (g * 200L >= split[i] && g * 200L < split[i + 1]) {
                            inRange.add(g);
                        }
                    }
                    assertThat(planned).as("%s in [%d, %d)", c.text(), split[i], split[i + 1]).isEqualTo(inRange);
                    for (RowGroupPlan g : part.plan.rowGroups()) {
                        assertThat(g).isEqualTo(full.plan.rowGroups().get(g.index()));
                    }
                    groups.addAll(planned);
                    rows.addAll(part.orderIds);
                    planBytes += part.planBytes;
                    scanBytes += part.scanBytes;
                }
                assertThat(groups).containsExactly(0, 1, 2, 3);
                assertThat(rows).as("%s split at %s", c.text(), java.util.Arrays.toString(split)).isEqualTo(expected);
                // nothing of another part's row groups: the parts' bytes add up to the whole file's
                assertThat(planBytes).as(c.text()).isEqualTo(full.planBytes);
                assertThat(scanBytes).as(c.text()).isEqualTo(full.scanBytes);
            }
        }
        assertThat(decidingBytes).as("some plans read indexes or filters, so the byte check means something")
                .isPositive();
    }

    /** The first round of a fetching reader (HTTP, S3) asks only for the range's indexes, with statistics on or off. */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aFetchingReadersFirstRoundAsksOnlyForTheRangesIndexes(boolean statistics) throws IOException {
        Query q = Query.where("customer_id = 332606 OR country = 'SE'");
        if (!statistics) {
            q = q.using(Mechanism.BLOOM, Mechanism.PAGE_INDEX);
        }
        try (ParquetFile pf = ParquetFile.open(Fixtures.SHUFFLED)) {
            List<Span> whole = Planner.indexesToConsult(pf, BoundQuery.bind(q, pf.schema()));
            assertThat(whole).isNotEmpty();
            List<Span> parts = new ArrayList<>();
            for (long[] r : new long[][] {{0, 200}, {200, 201}, {201, 600}, {600, 700}, {700, Long.MAX_VALUE}}) {
                List<Span> part = Planner.indexesToConsult(pf, BoundQuery.bind(q.rowGroupsStartingIn(r[0], r[1]),
                        pf.schema()));
                parts.addAll(part);
            }
            assertThat(parts).containsExactlyElementsOf(whole);
        }
    }

    @Test
    void aRangeWithoutARowGroupStartPlansNothingAndReadsNothing() throws IOException {
        Counted part = read(Fixtures.SHUFFLED, Query.where("customer_id = 332606").rowGroupsStartingIn(1, 200));
        assertThat(part.plan.rowGroups()).isEmpty();
        assertThat(part.orderIds).isEmpty();
        assertThat(part.planBytes).isZero();
        assertThat(part.scanBytes).isZero();
    }

    @Test
    void theRangeSurvivesTheOtherSettingsAndIsChecked() {
        Query q = Query.all().rowGroupsStartingIn(200, 400).columns("a").limit(3).threads(1)
                .withCondition(null).using(Mechanism.STATISTICS).lateMaterialization(false).verifyChecksums(true);
        assertThat(q.coversRowGroupAt(199)).isFalse();
        assertThat(q.coversRowGroupAt(200)).isTrue();
        assertThat(q.coversRowGroupAt(399)).isTrue();
        assertThat(q.coversRowGroupAt(400)).isFalse();
        assertThat(Query.all().coversRowGroupAt(Long.MAX_VALUE - 1)).isTrue();
        assertThatThrownBy(() -> Query.all().rowGroupsStartingIn(5, 4)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("[5, 4)");
        assertThatThrownBy(() -> Query.all().rowGroupsStartingIn(-1, 4)).isInstanceOf(IllegalArgumentException.class);
    }

    private static final class Counted {
        Plan plan;
        long planBytes;
        long scanBytes;
        final List<Long> orderIds = new ArrayList<>();
    }

    /** Plans and then scans through a counting source opened after the footer was read. */
    private static Counted read(Path path, Query q) throws IOException {
        Counted out = new Counted();
        try (ParquetFile opened = ParquetFile.open(path)) {
            CountingSource counting = new CountingSource(new FileSource(path));
            ParquetFile pf = opened.withSource(counting);
            out.plan = pf.plan(q);
            out.planBytes = counting.bytesRead();
            counting.reset();
            try (Scan s = pf.scan(q)) {
                for (RowBatch b : s) {
                    for (int i = 0; i < b.size(); i++) {
                        out.orderIds.add(b.getLong("order_id", i));
                    }
                }
            }
            out.scanBytes = counting.bytesRead();
            pf.source().close();
        }
        return out;
    }

    private static List<String[]> csv(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<String[]> out = new ArrayList<>();
        for (String l : lines.subList(1, lines.size())) {
            out.add(l.split(",", -1));
        }
        return out;
    }
}
