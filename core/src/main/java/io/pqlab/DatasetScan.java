package io.pqlab;

import io.pqlab.internal.dataset.DatasetFiles;

import io.pqlab.scan.RowBatch;
import io.pqlab.scan.Scan;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The matching rows of a dataset, batch by batch: files in the dataset's order, each file's rows
 * in its order. A batch is one file's {@link RowBatch} with the file's location and partition
 * values beside it (a partition column is the same value in every row of a file). Columns the
 * file lacks are not in its batches: they are null in its every row. With a limit, the scan
 * stops at it and opens no further file.
 *
 * <p>With {@link Query#threads} above 1, up to that many files are scanned at once, each on its
 * own thread, each file's batches held in a queue of at most {@value #QUEUED} (so at most
 * {@code threads * (QUEUED + 1)} batches are decoded ahead of the reader); batches are still
 * returned in the dataset's order, and a file that fails ends the scan with its error where its
 * rows would have come, after every row of the files before it. {@link #close} stops every file
 * being scanned. With a limit, the files scanned at once start at one and double each time a file
 * ends before the limit is met (a limit the first file meets opens no other file), each file
 * scans at most the limit, the batch that reaches it is cut, and the files still scanning stop
 * after their current batch: the rows are the unlimited scan's first, in its order.
 */
public final class DatasetScan implements AutoCloseable {
    /** Batches decoded ahead per file being scanned in parallel. */
    static final int QUEUED = 2;

    /**
     * A batch of one file.
     *
     * @param file the file's index in {@link Dataset#files()}
     * @param location its path or URL
     * @param partition its partition values by key
     * @param rows the rows, with the file's own columns
     */
    public record Batch(int file, String location, Map<String, Object> partition, RowBatch rows) {}

    private final Dataset dataset;
    private final List<Integer> files;
    private final List<Query> queries;
    private final long limit;
    private int next;
    private long returned;
    private Scan current;
    /** Each file's scan once started, by position (a file scanned ahead too, whether or not it was reached). */
    private final java.util.concurrent.atomic.AtomicReferenceArray<Started> started;
    private int currentFile = -1;

    // ---- files scanned in parallel (threads > 1) ----
    private final int threads;
    /**
     * Files scanned at once: the threads without a limit; with one, 1 at first, doubled each time a
     * file ends before the limit is met (a limit the first file meets reads no other file).
     */
    private int window;
    private ExecutorService pool;
    /** The pool's threads, joined by close: a pool says it terminated just before its threads have ended. */
    private final List<Thread> poolThreads = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final ArrayDeque<Ahead> ahead = new ArrayDeque<>();
    private volatile boolean closed;

    /** A file being scanned ahead: its items, in order (Started, batches, then END or a Failure). */
    private static final class Ahead {
        final int position;
        final BlockingQueue<Object> items = new ArrayBlockingQueue<>(QUEUED);

        Ahead(int position) {
            this.position = position;
        }
    }

    private record Started(io.pqlab.scan.ScanStats stats, io.pqlab.plan.Plan plan) {}

    private record Failure(Throwable error) {}

    private static final Object END = new Object();

    DatasetScan(Dataset dataset, List<Integer> files, List<Query> queries, long limit, int threads) {
        this.dataset = dataset;
        this.files = files;
        this.queries = queries;
        this.limit = limit;
        this.threads = files.size() < 2 ? 1 : Math.max(1, threads);
        this.window = limit >= 0 ? 1 : this.threads;
        this.started = new java.util.concurrent.atomic.AtomicReferenceArray<>(files.size());
    }

    /**
     * The next batch (never empty), or null at the end or at the limit.
     *
     * @throws DatasetException naming the file, where one fails midway (a file that changed or went
     *     away since the listing, a server that kept failing, a corrupt page): the scan ends there
     */
    public Batch nextBatch() throws IOException {
        if (threads > 1) {
            return nextParallel();
        }
        while (true) {
            if (limit >= 0 && returned >= limit) {
                close();
                return null;
            }
            if (current == null) {
                if (next >= files.size()) {
                    return null;
                }
                currentFile = files.get(next);
                next++;
            }
            RowBatch b;
            try {
                if (current == null) {
                    Query q = queries.get(next - 1);
                    current = dataset.file(currentFile).scan(limit >= 0 ? q.limit(limit - returned) : q);
                    started.set(next - 1, new Started(current.stats(), current.plan()));
                }
                b = current.nextBatch();
            } catch (IOException | FileException e) {
                // a file that fails midway ends the scan, naming it: never fewer rows that look complete
                close();
                throw DatasetFiles.failed(dataset.files().get(currentFile), e);
            }
            if (b == null) {
                current.close();
                current = null;
                continue;
            }
            return batch(currentFile, b);
        }
    }

    private Batch batch(int file, RowBatch b) {
        returned += b.size();
        return new Batch(file, dataset.files().get(file).location(), dataset.partitionValues(file), b);
    }

    private Batch nextParallel() throws IOException {
        while (true) {
            if (closed) {
                return null;
            }
            if (limit >= 0 && returned >= limit) {
                close(); // every file still scanning stops after its current batch
                return null;
            }
            while (ahead.size() < window && next < files.size()) {
                start(next++);
            }
            Ahead a = ahead.peekFirst();
            if (a == null) {
                // every file ended: the idle threads end now, not when (or if) the scan is closed
                if (pool != null) {
                    pool.shutdown();
                }
                return null;
            }
            Object item;
            try {
                item = a.items.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
                throw new java.io.InterruptedIOException("interrupted while waiting for the next batch");
            }
            int file = files.get(a.position);
            if (item instanceof Started) {
                currentFile = file;
            } else if (item == END) {
                ahead.removeFirst();
                window = Math.min(threads, window * 2);
            } else if (item instanceof Failure f) {
                close();
                Throwable e = f.error();
                if (e instanceof IOException || e instanceof FileException) {
                    throw DatasetFiles.failed(dataset.files().get(file), (Exception) e);
                }
                if (e instanceof RuntimeException r) {
                    throw r;
                }
                throw (Error) e;
            } else {
                RowBatch b = (RowBatch) item;
                // a file scanned ahead stops at the limit on its own; the one that reaches it is cut
                return batch(file, limit >= 0 ? b.head((int) Math.min(b.size(), limit - returned)) : b);
            }
        }
    }

    private void start(int position) {
        if (pool == null) {
            AtomicInteger id = new AtomicInteger();
            pool = Executors.newFixedThreadPool(threads, r -> {
                Thread t = new Thread(r, "pqlab-dataset-scan-" + id.incrementAndGet());
                t.setDaemon(true);
                poolThreads.add(t);
                return t;
            });
        }
        Ahead a = new Ahead(position);
        ahead.addLast(a);
        // each file decodes on its own thread: the dataset's threads are spent across files
        Query one = queries.get(position).threads(1);
        // no file can give more rows than the limit (how many fewer is known only later)
        Query q = limit >= 0 ? one.limit(limit) : one;
        int file = files.get(position);
        pool.execute(() -> produce(a, file, q));
    }

    /** Scans one file into its queue; stops (between batches) once the scan is closed. */
    private void produce(Ahead a, int file, Query q) {
        Scan s = null;
        try {
            s = dataset.file(file).scan(q);
            Started st = new Started(s.stats(), s.plan());
            started.set(a.position, st);
            if (!put(a, st)) {
                return;
            }
            for (RowBatch b = s.nextBatch(); b != null; b = s.nextBatch()) {
                if (!put(a, b)) {
                    return;
                }
            }
            put(a, END);
        } catch (Throwable e) {
            put(a, new Failure(e));
        } finally {
            if (s != null) {
                s.close();
            }
        }
    }

    /**
     * Queues an item, waiting while the queue is full (what bounds memory); false once the scan is
     * closed. Not interrupted to stop: an interrupt would close the file's channel under it.
     */
    private boolean put(Ahead a, Object item) {
        try {
            while (!closed) {
                if (a.items.offer(item, 20, TimeUnit.MILLISECONDS)) {
                    return true;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return false;
    }

    /**
     * What each file's scan did, for the files started so far, in dataset order (live: a running
     * scan's grow). A file scanned ahead counts once started, whether or not the limit let its rows
     * be returned: its reads were made. Read them after {@link #close}, which waits for every file.
     */
    public List<io.pqlab.scan.ScanStats> stats() {
        return ofStarted(Started::stats);
    }

    /** The plan of each file started so far, in dataset order (what it read to decide, and why). */
    public List<io.pqlab.plan.Plan> plans() {
        return ofStarted(Started::plan);
    }

    private <T> List<T> ofStarted(java.util.function.Function<Started, T> f) {
        List<T> out = new java.util.ArrayList<>();
        for (int i = 0; i < started.length(); i++) {
            Started s = started.get(i);
            if (s != null) {
                out.add(f.apply(s));
            }
        }
        return out;
    }

    /** Rows returned so far. */
    public long rowsReturned() {
        return returned;
    }

    /** Stops: the file being read is closed, and every file scanned ahead stops after its current batch. */
    @Override
    public void close() {
        if (current != null) {
            current.close();
            current = null;
        }
        closed = true;
        ahead.clear();
        if (pool != null) {
            pool.shutdown();
            try {
                // each file's thread stops after the batch it is decoding; wait for them, so that no
                // scan of this one still reads a file once it is closed, and for the threads
                // themselves to end (the pool's termination comes just before)
                long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
                pool.awaitTermination(1, TimeUnit.MINUTES);
                for (Thread t : poolThreads) {
                    long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                    if (left > 0) {
                        t.join(left);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** How many files it scans and the rows returned so far. */
    @Override
    public String toString() {
        return "DatasetScan[" + files.size() + " files, " + rowsReturned() + " rows returned]";
    }
}
