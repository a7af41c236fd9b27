package io.pqlab.internal.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.Query;
import io.pqlab.fixtures.Fixtures;
import io.pqlab.internal.io.CountingSource;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.io.BytesSource;
import io.pqlab.io.FileSource;
import io.pqlab.plan.Span;
import io.pqlab.scan.RowBatch;
import io.pqlab.scan.Scan;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The data a scan needs is fetched in the background a few requests ahead of it, and a scan left
 * early (a closed pipe) stops it: no read of the byte source after {@link ReadSession#stopFetching}.
 * Held to counts of the source's reads, not to timings.
 */
class PrefetchStopTest {

    @Test
    void thePrefetchStaysAFewRequestsAheadAndSendsNothingAfterStop() throws Exception {
        byte[] bytes = new byte[100_000];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31);
        }
        CountingSource counting = new CountingSource(new BytesSource("x", bytes));
        RequestLog log = new RequestLog();
        List<Span> requests = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            requests.add(new Span(i * 2000L, 1000));
        }
        try (FetchingSource fs = new FetchingSource(counting, log, 1)) {
            fs.prefetch(requests);
            // a reader that needs request 10 fetches it, whole, itself
            assertThat(fs.read(20_100, 10, "x")).isEqualTo(java.util.Arrays.copyOfRange(bytes, 20_100, 20_110));
            fs.stop();
            long reads = counting.reads();
            // never more than the window (two requests on one connection) beyond what was read
            // (requests 0 to 10 lie at or before the read)
            assertThat(reads).isLessThanOrEqualTo(11 + 2).isLessThan(requests.size());
            assertThat(log.requests()).allMatch(r -> requests.contains(new Span(r.offset(), r.length())),
                    "every request is one of those given, whole");
            assertThat(log.requests()).anyMatch(r -> r.offset() == 20_000 && r.length() == 1000);
            // held bytes are still served; nothing more is fetched
            assertThat(fs.read(20_000, 1000, "x")).isEqualTo(java.util.Arrays.copyOfRange(bytes, 20_000, 21_000));
            assertThatThrownBy(() -> fs.read(79_000, 10, "x")).isInstanceOf(InterruptedIOException.class)
                    .hasMessageContaining("reading was stopped");
            assertThat(counting.reads()).isEqualTo(reads);
            assertThat(fs.prefetchPending()).isZero();
        }
    }

    @Test
    void aScanLeftAfterItsFirstBatchFetchesNoMore() throws Exception {
        CountingSource counting = new CountingSource(FileSource.open(Fixtures.SORTED));
        // every chunk its own request (no merging), one connection
        // (no suffix read: on this small file it would hold every byte)
        Strategy strategy = new Strategy(0, Strategy.NO_MERGING, 1, true);
        int planned;
        try (ReadSession plan = ReadSession.open(FileSource.open(Fixtures.SORTED), strategy)) {
            BoundQuery q = BoundQuery.bind(Query.all(), plan.file().schema());
            planned = plan.dataRequests(plan.plan(q, io.pqlab.internal.plan.Planner.FILE_DICTIONARIES)).size();
        }
        try (ReadSession session = ReadSession.open(counting, strategy)) {
            BoundQuery q = BoundQuery.bind(Query.all().threads(1), session.file().schema());
            Scan scanner = session.scan(q);
            RowBatch first = scanner.nextBatch();
            assertThat(first).isNotNull();
            // the reader has gone: the scan and the fetching stop
            scanner.close();
            session.stopFetching();
            long reads = counting.reads();
            int fetched = session.log().requests(RequestLog.DATA).size();
            assertThat(planned).isGreaterThanOrEqualTo(16); // a chunk or more apiece
            assertThat(fetched).as("data requests sent before the stop").isLessThan(planned);
            // nothing is read after the stop, whatever else is asked of the session
            session.accounting(CostModel.of(4));
            session.byteCounts(session.accounting(CostModel.of(4)), scanner.plan());
            assertThat(counting.reads()).isEqualTo(reads);
        }
        // closing sent nothing more either
        assertThat(counting.reads()).isGreaterThan(0);
    }
}
