package io.pqlab.internal.net;

import io.pqlab.io.ForwardingSource;
import io.pqlab.io.ByteSource;
import io.pqlab.io.RemoteSource;
import io.pqlab.plan.Span;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A source that remembers every byte it fetched, so that no byte is fetched twice, and logs each
 * request it makes to the source beneath (one request per read: a GET for a remote file, a
 * positional read for a local one). Reads of bytes it holds cost nothing; a read of bytes it does
 * not hold fetches only the missing parts. {@link #fetch} fetches a list of ranges with several
 * requests in flight.
 *
 * <p>Bytes fetched are kept up to {@code maxHeld} bytes; reads beyond that pass through (still
 * logged) without being kept, so a large scan's memory stays bounded.
 *
 * <p>Thread-safe: one ParquetFile read from several threads shares it. Fetches of bytes not held
 * are made one caller at a time (each still with several requests in flight), so that threads
 * missing the same bytes fetch them once; reads of held bytes do not wait for them.
 */
public final class FetchingSource extends ForwardingSource {
    /** Bytes kept at most unless told otherwise. */
    public static final long DEFAULT_MAX_HELD = 256L * 1024 * 1024;

    private final RequestLog log;
    private final int connections;
    private final long maxHeld;
    /** Fetched blocks by offset; they never overlap. Guarded by this. */
    private final TreeMap<Long, byte[]> held = new TreeMap<>();
    private long heldBytes;
    /** Every range a reader asked for (by {@link #readFully}), merged; what {@link ByteCounts} calls asked. */
    private final Ranges asked = new Ranges();
    private volatile long size = -1;
    private ExecutorService pool;
    /** Requests {@link #prefetch} was given and no one has fetched yet, by offset. Guarded by this. */
    private final TreeMap<Long, Span> pending = new TreeMap<>();
    /** Every request {@link #prefetch} was given, by offset: reads inside them move the reader on. Guarded by this. */
    private final TreeMap<Long, Span> prefetchRequests = new TreeMap<>();
    /** Prefetched requests the readers have not reached yet, by offset. Guarded by this. */
    private final TreeMap<Long, Span> ahead = new TreeMap<>();
    /** Just past the furthest read inside a prefetch request. Guarded by this. */
    private long reached = -1;
    private boolean stopped;
    private Thread prefetcher;
    /** How many times {@link #stop} waited for the fetches in flight (a field, so the wait is not elided). */
    private int fetchingDrained;
    /**
     * How long the prefetch waits for readers to move on before it ends (a reader that moves on
     * starts it again): a scan left without a close, or stopped at its limit, leaves no thread.
     */
    static long idleMillis = 1000;
    /**
     * Held while bytes not held are fetched (by a read or {@link #fetch}), and while it is decided
     * which: threads that miss the same bytes at once fetch them once. Taken before this, never
     * after it.
     */
    private final Object fetching = new Object();

    public FetchingSource(ByteSource inner, RequestLog log, int connections, long maxHeld) {
        super(inner);
        if (connections < 1) {
            throw new IllegalArgumentException("connections must be at least 1");
        }
        this.log = log;
        this.connections = connections;
        this.maxHeld = maxHeld;
    }

    public FetchingSource(ByteSource inner, RequestLog log, int connections) {
        this(inner, log, connections, DEFAULT_MAX_HELD);
    }

    public RequestLog log() {
        return log;
    }

    /**
     * The size. Where the source beneath would need a request to learn it, that request is a
     * HEAD, and logged.
     */
    @Override
    public long size() throws IOException {
        long s = size;
        if (s >= 0) {
            return s;
        }
        if (inner instanceof RemoteSource r && !r.sizeKnown()) {
            return head();
        }
        size = inner.size();
        return size;
    }

    /**
     * Learns the size with a HEAD and logs it as a request, even for a local file (where it is
     * free): a strategy that asks for a HEAD pays a round trip on every server.
     */
    public long head() throws IOException {
        long t0 = System.nanoTime();
        long s = inner.size();
        log.add("HEAD", 0, 0, t0, System.nanoTime());
        size = s;
        return s;
    }

    /** Fetches the last {@code n} bytes (or the whole file, if smaller) in one request; returns the size. */
    public long suffix(int n) throws IOException {
        long t0 = System.nanoTime();
        long s;
        byte[] tail;
        if (inner instanceof RemoteSource r && !r.sizeKnown()) {
            RemoteSource.Suffix suffix = r.readSuffix(n);
            s = suffix.size();
            tail = suffix.bytes();
        } else {
            s = inner.size();
            int len = (int) Math.min(s, n);
            tail = new byte[len];
            inner.readFully(s - len, tail, 0, len);
        }
        log.add("GET", s - tail.length, tail.length, t0, System.nanoTime());
        size = s;
        keep(s - tail.length, tail);
        return s;
    }

    /**
     * The ranges readers asked of this source so far ({@link #readFully}), merged, in file order;
     * not what was fetched ahead of them ({@link #fetch}, {@link #suffix}).
     */
    public synchronized List<Span> asked() {
        return asked.spans();
    }

    /** Whether every byte of [offset, offset + length) is held. */
    public synchronized boolean holds(long offset, long length) {
        return missing(offset, offset + length).isEmpty();
    }

    /** The most bytes kept. */
    public long maxHeld() {
        return maxHeld;
    }

    /** Bytes held. */
    public synchronized long heldBytes() {
        return heldBytes;
    }

    @Override
    public void readFully(long offset, byte[] dst, int dstOffset, int length) throws IOException {
        ByteSource.checkRange(offset, length, size(), "a read");
        List<Span> gaps;
        synchronized (this) {
            asked.add(offset, offset + length);
            advance(offset, length);
            gaps = missing(offset, offset + length);
            if (gaps.isEmpty()) {
                copyHeld(offset, length, dst, dstOffset);
                return;
            }
        }
        synchronized (fetching) {
            List<Span> whole = new ArrayList<>();
            synchronized (this) {
                gaps = missing(offset, offset + length); // another thread may have fetched them meanwhile
                if (stopped && !gaps.isEmpty()) {
                    // a scan's threads still decoding after it was left: nothing more is fetched
                    throw new InterruptedIOException(name() + ": reading was stopped");
                }
                // bytes of a request the prefetch has not reached: that request, whole, now
                for (Span g : gaps) {
                    Long k = pending.floorKey(g.offset());
                    if (k == null || pending.get(k).end() <= g.offset()) {
                        k = pending.ceilingKey(g.offset());
                    }
                    while (k != null && k < g.end()) {
                        whole.add(pending.remove(k));
                        k = pending.ceilingKey(k);
                    }
                }
            }
            List<Span> fetchedHere = new ArrayList<>();
            if (!whole.isEmpty()) {
                // copied into dst from what was fetched, kept or not: a block the source has no
                // room to hold (maxHeld) is not fetched a second time for this read
                List<Span> requests = missingOf(whole);
                List<byte[]> blocks = fetchHeldLocked(requests);
                for (int i = 0; i < requests.size(); i++) {
                    copyInto(requests.get(i), blocks.get(i), offset, length, dst, dstOffset);
                }
                fetchedHere.addAll(requests);
                synchronized (this) {
                    gaps = outside(missing(offset, offset + length), requests); // what lies outside them
                }
            }
            for (Span g : gaps) {
                // bytes not held: fetched now, one request per missing run
                byte[] b = fetchOne(g, log.newBatch());
                System.arraycopy(b, 0, dst, dstOffset + (int) (g.offset() - offset), b.length);
            }
            fetchedHere.addAll(gaps);
            synchronized (this) {
                // every byte not fetched into dst above must still be held: a close meanwhile
                // clears what is held, and a read must fail then, not return dst's old bytes
                List<Span> lost = outside(missing(offset, offset + length), fetchedHere);
                if (!lost.isEmpty()) {
                    throw new IOException(name() + ": bytes [" + lost.get(0).offset() + ", " + lost.get(0).end()
                            + ") were released while being read (the source was closed)");
                }
                copyHeld(offset, length, dst, dstOffset); // (bytes fetched here and kept are the same bytes)
            }
        }
    }

    /**
     * The requests that would fetch {@code spans}: the parts not held, merged where less than
     * {@code gap} bytes apart ({@link Strategy#NO_MERGING}: only where they overlap) and where no
     * held byte lies between them, so that no byte is fetched twice.
     */
    public synchronized List<Span> plan(List<Span> spans, long gap) {
        List<Span> wanted = new ArrayList<>();
        for (Span s : spans) {
            if (s.length() > 0) {
                wanted.addAll(missing(s.offset(), s.end()));
            }
        }
        wanted.sort(Comparator.comparingLong(Span::offset));
        List<Span> out = new ArrayList<>();
        for (Span s : wanted) {
            if (!out.isEmpty()) {
                Span last = out.get(out.size() - 1);
                boolean merge = gap < 0 ? s.offset() < last.end() : s.offset() <= last.end() + gap;
                if (merge && (s.offset() <= last.end() || missing(last.end(), s.offset()).size() == 1
                        && missing(last.end(), s.offset()).get(0).length() == s.offset() - last.end())) {
                    out.set(out.size() - 1, new Span(last.offset(), Math.max(last.end(), s.end()) - last.offset()));
                    continue;
                }
            }
            out.add(s);
        }
        return out;
    }

    /** The parts of {@code runs} that no span of {@code cover} holds, in order. */
    private static List<Span> outside(List<Span> runs, List<Span> cover) {
        if (cover.isEmpty()) {
            return runs;
        }
        Ranges covered = Ranges.of(cover);
        List<Span> out = new ArrayList<>();
        for (Span r : runs) {
            out.addAll(covered.gaps(r.offset(), r.end()));
        }
        return out;
    }

    /** Copies the part of a fetched block at {@code block} that lies in [offset, offset + length) into dst. */
    private static void copyInto(Span block, byte[] b, long offset, int length, byte[] dst, int dstOffset) {
        long s = Math.max(block.offset(), offset);
        long t = Math.min(block.end(), offset + length);
        if (s < t) {
            System.arraycopy(b, (int) (s - block.offset()), dst, dstOffset + (int) (s - offset), (int) (t - s));
        }
    }

    /** Moves the readers' position on where this read lies inside a prefetch request (this held). */
    private void advance(long offset, long length) {
        if (prefetchRequests.isEmpty()) {
            return;
        }
        Map.Entry<Long, Span> e = prefetchRequests.floorEntry(offset);
        if (e != null && offset < e.getValue().end() && offset + length > reached) {
            reached = offset + length;
            ahead.headMap(reached, false).clear();
            notifyAll();
            if (prefetcher == null && !stopped && !pending.isEmpty()) {
                startPrefetcher(); // it ended while the readers were away
            }
        }
    }

    private synchronized List<Span> missingOf(List<Span> requests) {
        List<Span> out = new ArrayList<>();
        for (Span r : requests) {
            out.addAll(missing(r.offset(), r.end()));
        }
        return out;
    }

    /**
     * Fetches these requests (as given: see {@link #plan}) in the background, in file order,
     * {@code connections} at once, and returns at once. The prefetch stays at most a few requests
     * ({@link #window}) ahead of the readers: a reader that stops reading (a closed pipe, a limit
     * reached) stops it after the requests already sent. A reader that needs bytes of a request
     * not yet fetched fetches that request, whole, itself; so the requests made are these, whoever
     * makes them. A failed prefetch is left to the reader (who then meets the failure itself).
     * {@link #stop} ends it; so does {@link #close}.
     */
    public void prefetch(List<Span> requests) {
        synchronized (this) {
            if (stopped) {
                return;
            }
            for (Span r : requests) {
                if (r.length() > 0) {
                    pending.put(r.offset(), r);
                    prefetchRequests.put(r.offset(), r);
                }
            }
            if (prefetcher != null || pending.isEmpty()) {
                return; // a running prefetch takes these too (a later scan of the same file)
            }
            startPrefetcher();
        }
    }

    /** Starts the prefetch thread (this held; it clears {@link #prefetcher} as it ends, this held). */
    private void startPrefetcher() {
        prefetcher = new Thread(this::prefetchLoop, "pqlab-prefetch");
        prefetcher.setDaemon(true);
        prefetcher.start();
    }

    /** Whether a prefetch thread is running (tests: a scan left alone leaves none for long). */
    synchronized boolean prefetching() {
        return prefetcher != null;
    }

    /** Requests fetched ahead of the readers at most. */
    private int window() {
        return Math.max(2, 2 * connections);
    }

    private void prefetchLoop() {
        while (true) {
            List<Span> batch = new ArrayList<>();
            synchronized (this) {
                while (!stopped && !pending.isEmpty() && ahead.size() >= window()) {
                    long before = reached;
                    try {
                        wait(idleMillis);
                    } catch (InterruptedException e) {
                        prefetcher = null;
                        return;
                    }
                    if (reached == before && ahead.size() >= window()) {
                        // no reader moved on: end (advance starts the prefetch again if one does)
                        prefetcher = null;
                        return;
                    }
                }
                if (stopped || pending.isEmpty()) {
                    prefetcher = null;
                    return;
                }
            }
            synchronized (fetching) {
                synchronized (this) {
                    int room = Math.min(connections, window() - ahead.size());
                    long bytes = 0;
                    while (!stopped && room-- > 0 && !pending.isEmpty()) {
                        Span next = pending.firstEntry().getValue();
                        bytes += next.length();
                        if (heldBytes + bytes > maxHeld) {
                            break; // no room to keep it: fetched ahead, it would be fetched again by its reader
                        }
                        batch.add(pending.pollFirstEntry().getValue());
                    }
                    if (batch.isEmpty()) {
                        prefetcher = null; // stopped, or no room: the readers fetch the rest themselves, once
                        return;
                    }
                }
                try {
                    fetchHeldLocked(missingOf(batch));
                } catch (IOException | RuntimeException e) {
                    synchronized (this) {
                        if (!stopped) {
                            batch.forEach(r -> pending.put(r.offset(), r)); // the readers fetch them, and see why
                        }
                        prefetcher = null;
                    }
                    return;
                }
                synchronized (this) {
                    for (Span r : batch) {
                        if (r.end() > reached) {
                            ahead.put(r.offset(), r);
                        }
                    }
                }
            }
        }
    }

    /**
     * Ends reading: no request is sent after this returns (it waits for the prefetch's requests in
     * flight). Requests not yet sent are dropped; a read of bytes not held fails from now on
     * ({@link InterruptedIOException}); held bytes are still served.
     */
    public void stop() {
        Thread t;
        synchronized (this) {
            stopped = true;
            pending.clear();
            notifyAll();
            t = prefetcher;
        }
        if (t != null && t != Thread.currentThread()) {
            boolean interrupted = false;
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        // every fetch of bytes not held runs under this lock (a reader's, fetch's, the prefetch's),
        // and fetchOne sends nothing once stopped: past this, no request is in flight or to come
        synchronized (fetching) {
            fetchingDrained++;
        }
    }

    /** Requests given to {@link #prefetch} that no one has fetched (yet, or since it stopped). */
    public synchronized int prefetchPending() {
        return pending.size();
    }

    /** Fetches the ranges (as given: see {@link #plan}), up to {@code connections} at once, and keeps them. */
    public void fetch(List<Span> requests) throws IOException {
        synchronized (fetching) {
            // what another thread fetched since these requests were planned is not fetched again
            List<Span> wanted = new ArrayList<>();
            synchronized (this) {
                long room = maxHeld - heldBytes;
                for (Span r : requests) {
                    for (Span m : missing(r.offset(), r.end())) {
                        // what there is no room to keep is not fetched ahead: its reader fetches it, once
                        if (m.length() <= room) {
                            wanted.add(m);
                            room -= m.length();
                        }
                    }
                }
            }
            fetchHeldLocked(wanted);
        }
    }

    /** Fetches the requests (this source's {@code fetching} lock held) and returns their bytes, in order. */
    private List<byte[]> fetchHeldLocked(List<Span> requests) throws IOException {
        List<byte[]> blocks = new ArrayList<>(requests.size());
        if (requests.isEmpty()) {
            return blocks;
        }
        int batch = log.newBatch();
        if (connections == 1 || requests.size() == 1) {
            for (Span r : requests) {
                blocks.add(fetchOne(r, batch));
            }
            return blocks;
        }
        ExecutorService p = pool();
        List<Future<byte[]>> futures = new ArrayList<>();
        for (Span r : requests) {
            futures.add(p.submit(() -> fetchOne(r, batch)));
        }
        IOException failure = null;
        for (Future<byte[]> f : futures) {
            try {
                blocks.add(f.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                futures.forEach(x -> x.cancel(true));
                throw new InterruptedIOException("interrupted while fetching");
            } catch (ExecutionException e) {
                Throwable c = e.getCause();
                if (failure == null) {
                    failure = c instanceof IOException io ? io
                            : c instanceof UncheckedIOException u ? u.getCause() : null;
                    if (failure == null) {
                        futures.forEach(x -> x.cancel(true));
                        throw c instanceof RuntimeException re ? re : new RuntimeException(c);
                    }
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
        return blocks;
    }

    private synchronized ExecutorService pool() {
        if (pool == null) {
            pool = Executors.newFixedThreadPool(connections, r -> {
                Thread t = new Thread(r, "pqlab-fetch");
                t.setDaemon(true);
                return t;
            });
        }
        return pool;
    }

    /** One request: fetches the span, logs it, keeps the bytes (where there is room). */
    private byte[] fetchOne(Span s, int batch) throws IOException {
        if (s.length() > Integer.MAX_VALUE - 8) {
            throw new IOException("a request of " + s.length() + " bytes is too large");
        }
        synchronized (this) {
            if (stopped) {
                // stop() waits for the requests in flight (it takes the fetching lock, held here)
                // and none is sent after it: a reader past its own check ends here
                throw new InterruptedIOException(name() + ": reading was stopped");
            }
        }
        byte[] b = new byte[(int) s.length()];
        long t0 = System.nanoTime();
        inner.readFully(s.offset(), b, 0, b.length);
        log.add("GET", s.offset(), s.length(), t0, System.nanoTime(), batch);
        keep(s.offset(), b);
        return b;
    }

    /** Keeps the parts of a fetched block not already held, while there is room. */
    private synchronized void keep(long offset, byte[] b) {
        for (Span m : missing(offset, offset + b.length)) {
            if (heldBytes + m.length() > maxHeld) {
                return;
            }
            byte[] part = m.offset() == offset && m.length() == b.length ? b
                    : java.util.Arrays.copyOfRange(b, (int) (m.offset() - offset), (int) (m.end() - offset));
            held.put(m.offset(), part);
            heldBytes += part.length;
        }
    }

    /** The runs of [from, to) not held, in order. */
    private List<Span> missing(long from, long to) {
        List<Span> out = new ArrayList<>();
        long at = from;
        Map.Entry<Long, byte[]> e = held.floorEntry(at);
        if (e != null && e.getKey() + e.getValue().length > at) {
            at = e.getKey() + e.getValue().length;
        }
        while (at < to) {
            Map.Entry<Long, byte[]> next = held.ceilingEntry(at);
            if (next == null || next.getKey() >= to) {
                out.add(new Span(at, to - at));
                break;
            }
            if (next.getKey() > at) {
                out.add(new Span(at, next.getKey() - at));
            }
            at = next.getKey() + next.getValue().length;
        }
        return out;
    }

    /** Copies held bytes of [offset, offset + length) into dst; bytes not held are left as they are. */
    private void copyHeld(long offset, int length, byte[] dst, int dstOffset) {
        long end = offset + length;
        Map.Entry<Long, byte[]> e = held.floorEntry(offset);
        long from = e != null ? e.getKey() : offset;
        for (Map.Entry<Long, byte[]> x : held.subMap(from, true, end, false).entrySet()) {
            long s = Math.max(x.getKey(), offset);
            long t = Math.min(x.getKey() + x.getValue().length, end);
            if (s < t) {
                System.arraycopy(x.getValue(), (int) (s - x.getKey()), dst, dstOffset + (int) (s - offset), (int) (t - s));
            }
        }
    }

    @Override
    public void close() throws IOException {
        stop();
        synchronized (this) {
            if (pool != null) {
                pool.shutdownNow();
            }
            held.clear();
        }
        inner.close();
    }
    @Override
    public synchronized String toString() {
        return "FetchingSource[" + inner.name() + ", " + heldBytes + " bytes held, " + log.requests().size()
                + " requests, " + pending.size() + " to prefetch" + (stopped ? ", stopped" : "") + "]";
    }

}
