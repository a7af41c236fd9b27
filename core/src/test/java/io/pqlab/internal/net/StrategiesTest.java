package io.pqlab.internal.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.fixtures.Fixtures;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.format.RowGroup;
import io.pqlab.io.BytesSource;
import io.pqlab.internal.io.CountingSource;
import io.pqlab.io.FileSource;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.plan.Span;
import io.pqlab.internal.predicate.Binder;
import io.pqlab.internal.predicate.Predicate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The cost model, the no-refetch source, and the strategy table, checked against the file's own layout. */
class StrategiesTest {
    static final Path SORTED = Fixtures.SORTED;

    @Test
    void costModelIsLatencyPlusBytesOverBandwidthOnTheEarliestFreeConnection() {
        CostModel one = new CostModel(20_000, 100_000_000, 1);
        assertThat(one.requestMicros(0)).isEqualTo(20_000);
        assertThat(one.requestMicros(1)).isEqualTo(20_001); // rounded up
        assertThat(one.requestMicros(100_000_000)).isEqualTo(1_020_000);
        CostModel four = one.withConnections(4);
        // five requests on four connections: two rounds; a second phase starts after the first
        long[] m = four.phaseMicros(List.of(List.of(0L, 0L, 0L, 0L, 0L), List.of(0L)));
        assertThat(m).containsExactly(40_000, 20_000);
        // a long request keeps its connection: the others go round it
        long[] n = new CostModel(0, 1_000_000, 2).phaseMicros(List.of(List.of(3_000_000L, 1_000_000L, 1_000_000L, 1_000_000L)));
        assertThat(n).containsExactly(3_000_000);
        assertThat(new CostModel(0, 0, 1).requestMicros(1 << 30)).isZero(); // unlimited bandwidth
        assertThat(CostModel.autoGap(20_000, 100_000_000)).isEqualTo(2_000_000);
        assertThat(CostModel.autoGap(1, 1)).isEqualTo(CostModel.MIN_GAP);
        assertThat(CostModel.autoGap(10_000_000, 1_000_000_000)).isEqualTo(CostModel.MAX_GAP);
    }

    @Test
    void fetchingSourceNeverFetchesAByteTwice() throws Exception {
        byte[] bytes = new byte[1000];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 7);
        }
        CountingSource counting = new CountingSource(new BytesSource("x", bytes));
        RequestLog log = new RequestLog();
        try (FetchingSource fs = new FetchingSource(counting, log, 3)) {
            fs.fetch(fs.plan(List.of(new Span(100, 50), new Span(300, 50)), 0));
            assertThat(counting.bytesRead()).isEqualTo(100);
            // gaps: merged only where no held byte lies between
            assertThat(fs.plan(List.of(new Span(90, 270)), 0)).containsExactly(new Span(90, 10), new Span(150, 150),
                    new Span(350, 10));
            assertThat(fs.plan(List.of(new Span(0, 10), new Span(20, 10)), 15)).containsExactly(new Span(0, 30));
            assertThat(fs.plan(List.of(new Span(0, 10), new Span(10, 10)), Strategy.NO_MERGING))
                    .containsExactly(new Span(0, 10), new Span(10, 10));
            assertThat(fs.plan(List.of(new Span(0, 10), new Span(10, 10)), 0)).containsExactly(new Span(0, 20));
            assertThat(fs.plan(List.of(new Span(140, 170)), 1000)).containsExactly(new Span(150, 150));
            assertThat(fs.plan(List.of(new Span(50, 60), new Span(340, 60)), 1000))
                    .as("a held range between two gaps keeps them apart")
                    .containsExactly(new Span(50, 50), new Span(350, 50));
            byte[] got = fs.read(90, 300, "x");
            assertThat(got).isEqualTo(java.util.Arrays.copyOfRange(bytes, 90, 390));
            // the read fetched only the three missing runs
            assertThat(counting.bytesRead()).isEqualTo(100 + 10 + 150 + 40);
            assertThat(fs.read(100, 290, "x")).isEqualTo(java.util.Arrays.copyOfRange(bytes, 100, 390));
            assertThat(counting.bytesRead()).isEqualTo(300);
        }
        assertThat(log.requests()).hasSize(5);
    }

    @Test
    void strategyTableAgreesWithTheFileLayout() throws Exception {
        long size = Files.size(SORTED);
        CostModel model = CostModel.of(1);
        List<StrategyComparison.Row> rows;
        long chunks = 0;
        long chunkBytes = 0;
        int footerLength;
        Predicate p;
        try (ParquetFile pf = ParquetFile.open(SORTED)) {
            p = Binder.bind("order_id = 431", pf.schema());
            footerLength = ParquetFiles.footer(pf).metadataLength();
            for (RowGroup rg : ParquetFiles.metadata(pf).rowGroups()) {
                for (ColumnChunk c : rg.columns()) {
                    chunks++;
                    chunkBytes += c.metaData().totalCompressedSize();
                }
            }
        }
        try (FileSource f = FileSource.open(SORTED)) {
            rows = StrategyComparison.compare(f, BoundQuery.of(p), new Strategy(8192, 4096, 4, true), model);
        }
        assertThat(rows).hasSize(8);
        StrategyComparison.Row every = rows.get(0);
        // HEAD, trailer, footer, then one request per column chunk, each after the one before
        assertThat(every.requests()).isEqualTo(3 + chunks);
        assertThat(every.bytes()).isEqualTo(8 + footerLength + chunkBytes);
        long expected = model.requestMicros(0) + model.requestMicros(8) + model.requestMicros(footerLength);
        for (StrategyComparison.Row r : rows.subList(0, 1)) {
            long data = 0;
            for (RequestLog.Request q : r.accounting().phase(RequestLog.DATA).requests()) {
                data += model.requestMicros(q.length());
            }
            assertThat(r.modelMicros()).isEqualTo(expected + data);
        }
        StrategyComparison.Row stats = rows.get(1);
        StrategyComparison.Row pages = rows.get(2);
        StrategyComparison.Row suffix = rows.get(3);
        StrategyComparison.Row merged = rows.get(4);
        StrategyComparison.Row wide = rows.get(5);
        StrategyComparison.Row whole = rows.get(6);
        assertThat(stats.bytes()).isLessThan(every.bytes());
        assertThat(stats.rowGroupsRead()).isLessThan(4);
        assertThat(pages.accounting().phase(RequestLog.DATA).bytes())
                .isLessThan(stats.accounting().phase(RequestLog.DATA).bytes());
        // the 8 KiB suffix holds the footer and the indexes near it: one footer request, no index request
        assertThat(suffix.accounting().phase(RequestLog.FOOTER).requestCount()).isEqualTo(1);
        assertThat(suffix.accounting().phase(RequestLog.INDEXES).requestCount()).isZero();
        assertThat(merged.requests()).isLessThan(suffix.requests());
        assertThat(wide.requests()).isEqualTo(suffix.requests());
        assertThat(wide.bytes()).isEqualTo(suffix.bytes());
        assertThat(wide.modelMicros()).isLessThan(suffix.modelMicros());
        assertThat(whole.requests()).isEqualTo(1);
        assertThat(whole.bytes()).isEqualTo(size);
        for (StrategyComparison.Row r : rows) {
            if (r.accounting() == null) {
                continue;
            }
            // no byte fetched twice, within the file
            List<RequestLog.Request> all = new ArrayList<>(r.accounting().requestList());
            all.removeIf(q -> q.method().equals("HEAD"));
            all.sort(Comparator.comparingLong(RequestLog.Request::offset));
            for (int i = 1; i < all.size(); i++) {
                assertThat(all.get(i).offset()).as(r.name()).isGreaterThanOrEqualTo(all.get(i - 1).end());
            }
            assertThat(r.bytes()).as(r.name()).isLessThanOrEqualTo(size);
        }
    }
}
