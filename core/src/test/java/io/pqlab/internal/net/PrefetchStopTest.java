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

    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 31);
        }
        return b;
    }

    private static List<Span> requests(int n, long every, long length) {
        List<Span> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new Span(i * every, length));
        }
        return out;
    }

    /** Waits (a bounded poll, not a timing assertion) until the prefetch thread has ended. */
    private static boolean ends(FetchingSource fs) throws InterruptedException {
        for (int i = 0; i < 400 && fs.prefetching(); i++) {
            Thread.sleep(25);
        }
        return !fs.prefetching();
    }

    @Test
    void aPrefetchWhoseReadersWentAwayEndsAndStartsAgainWhenOneComesBack() throws Exception {
        byte[] bytes = bytes(100_000);
        CountingSource counting = new CountingSource(new BytesSource("x", bytes));
        RequestLog log = new RequestLog();
        List<Span> requests = requests(40, 2000, 1000);
        long idle = FetchingSource.idleMillis;
        FetchingSource.idleMillis = 20;
        try (FetchingSource fs = new FetchingSource(counting, log, 1)) {
            fs.prefetch(requests);
            assertThat(fs.read(100, 10, "x")).isEqualTo(java.util.Arrays.copyOfRange(bytes, 100, 110));
            // a library scan closed (or stopped at its limit) without closing its file: no thread
            // is left waiting for a reader, and no more than the window was fetched ahead
            assertThat(ends(fs)).as("the prefetch ends while no reader moves on").isTrue();
            long reads = counting.reads();
            assertThat(reads).isLessThanOrEqualTo(1 + 2);
            assertThat(fs.prefetchPending()).isGreaterThan(0); // what is left is only data, no thread
            // a reader coming back reads on, and the prefetch goes on ahead of it
            assertThat(fs.read(30_000, 1000, "x")).isEqualTo(java.util.Arrays.copyOfRange(bytes, 30_000, 31_000));
            assertThat(fs.read(32_000, 1000, "x")).isEqualTo(java.util.Arrays.copyOfRange(bytes, 32_000, 33_000));
            assertThat(log.requests()).allMatch(r -> requests.contains(new Span(r.offset(), r.length())),
                    "every request is one of those given, whole");
            assertThat(ends(fs)).isTrue();
            assertThat(log.requests()).as("requests 17 on were fetched ahead again").anyMatch(r -> r.offset() > 32_000);
        } finally {
            FetchingSource.idleMillis = idle;
        }
    }

    /** A source whose reads of one range wait until let go. */
    private static final class Gate extends io.pqlab.io.ForwardingSource {
        final java.util.concurrent.CountDownLatch entered = new java.util.concurrent.CountDownLatch(1);
        final java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        final java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();
        final java.util.concurrent.atomic.AtomicInteger readsAfterStop = new java.util.concurrent.atomic.AtomicInteger();
        volatile boolean stopped;

        Gate(byte[] bytes) {
            super(new BytesSource("gate", bytes));
        }

        @Override
        public void readFully(long offset, byte[] dst, int dstOffset, int length) throws java.io.IOException {
            if (stopped) {
                readsAfterStop.incrementAndGet();
            }
            reads.incrementAndGet();
            if (offset == 50_000) {
                entered.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    throw new InterruptedIOException();
                }
            }
            super.readFully(offset, dst, dstOffset, length);
        }
    }

    @Test
    void stopWaitsForAReaderWhoseRequestIsInFlight() throws Exception {
        byte[] bytes = bytes(100_000);
        Gate gate = new Gate(bytes);
        try (FetchingSource fs = new FetchingSource(gate, new RequestLog(), 1)) {
            java.util.concurrent.atomic.AtomicReference<Object> got = new java.util.concurrent.atomic.AtomicReference<>();
            Thread reader = new Thread(() -> {
                try {
                    got.set(fs.read(50_000, 100, "x"));
                } catch (java.io.IOException e) {
                    got.set(e);
                }
            });
            reader.start();
            gate.entered.await(); // the reader is past its check: its request is in flight
            Thread stopper = new Thread(fs::stop);
            stopper.start();
            stopper.join(300);
            assertThat(stopper.isAlive()).as("stop() returns only when the request in flight has ended").isTrue();
            gate.release.countDown();
            stopper.join();
            gate.stopped = true;
            reader.join();
            assertThat(got.get()).as("the read in flight completes").isEqualTo(java.util.Arrays.copyOfRange(bytes, 50_000, 50_100));
            assertThatThrownBy(() -> fs.read(70_000, 10, "x")).isInstanceOf(InterruptedIOException.class);
            assertThatThrownBy(() -> fs.fetch(List.of(new Span(80_000, 10)))).isInstanceOf(InterruptedIOException.class);
            assertThat(gate.readsAfterStop.get()).as("nothing is read after stop() returns").isZero();
        }
    }

    @Test
    void aBlockThereIsNoRoomToKeepIsFetchedOnce() throws Exception {
        byte[] bytes = bytes(100_000);
        RequestLog log = new RequestLog();
        List<Span> requests = requests(10, 10_000, 5000);
        // room for one request and a half: the prefetch fetches what it can keep and leaves the rest
        try (FetchingSource fs = new FetchingSource(new BytesSource("x", bytes), log, 2, 7500)) {
            fs.prefetch(requests);
            for (int i = 0; i < 10; i++) {
                long at = i * 10_000L + 100;
                assertThat(fs.read(at, 4000, "x")).isEqualTo(java.util.Arrays.copyOfRange(bytes, (int) at, (int) at + 4000));
            }
            // what is not held passes through the reader (a later read would fetch it again, as
            // maxHeld says); ahead of the reader nothing is fetched that it then fetches again
            fs.stop();
            List<RequestLog.Request> made = log.requests();
            for (int i = 0; i < made.size(); i++) {
                for (int j = i + 1; j < made.size(); j++) {
                    RequestLog.Request a = made.get(i);
                    RequestLog.Request b = made.get(j);
                    assertThat(a.offset() < b.end() && b.offset() < a.end())
                            .as("requests %s and %s overlap: a byte fetched twice", a, b).isFalse();
                }
            }
            assertThat(made).allMatch(r -> requests.contains(new Span(r.offset(), r.length())));
            assertThat(made).hasSize(10);
        }
        // the index phase's fetch ahead likewise keeps to the room there is
        RequestLog log2 = new RequestLog();
        try (FetchingSource fs = new FetchingSource(new BytesSource("x", bytes), log2, 1, 7500)) {
            fs.fetch(List.of(new Span(0, 5000), new Span(10_000, 5000), new Span(20_000, 2000)));
            assertThat(log2.requests()).extracting(RequestLog.Request::offset).containsExactly(0L, 20_000L);
            assertThat(fs.holds(0, 5000) && fs.holds(20_000, 2000)).isTrue();
        }
    }
}
