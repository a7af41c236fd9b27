package io.pqlab.scan;

import io.pqlab.internal.column.ColumnBatch;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A row group processed whole on a scan's pool: a task runs its {@link RowGroupRows} (the full
 * pass or the {@link WindowedPass}: condition, late columns, batch assembly) and queues the
 * batches it makes, which the consumer takes in order. So at more than one thread the consumer
 * only takes finished batches, and several row groups are worked on at once (the scanner keeps
 * them in file order).
 *
 * <p>The task never waits: it stops when the scan's queued bytes ({@link Held}, shared by its
 * row groups) are at their budget (the row group the consumer is on: when its queue also holds a
 * batch), and is submitted again when a batch is taken or bytes are freed. A step that fails, an
 * Error included, is recorded before the row group is handed back, so no one waits for it.
 * Only one thread runs the row group at a time (a task
 * claims it under this object's lock; the consumer, finding the queue empty and the task not
 * yet started, claims it and makes the batch itself rather than wait behind other tasks); each
 * hand-over is under the lock, so each runner sees what the one before did. A batch owns what it
 * holds once made (its pages are never reused by the reader, its runs are its own), so a queued
 * batch needs no copy; the pages a batch shares with the next one are only read by the runner
 * (firstRow, rowCount, sizes) once the batch is made, while their lazy indexes were built by the
 * condition's evaluation before (or are built by the consumer alone).
 *
 * <p>A batch made on the pool whose rows are a small part of its pages ({@link #SPARSE}) is
 * queued compacted (its rows copied into pages of their own, {@link RowBatch#compact}), so that
 * the budget counts rows, not the whole pages of a rare condition's windows. The step that makes
 * the last batch closes the inner rows at once (the runner is the only one touching them), so a
 * row group done ahead of the consumer holds only its queued batches; the consumer, waiting on
 * the current row group, is woken when another row group of the scan finishes and runs the
 * scanner's callback ({@link #becomeCurrent(Runnable)}) to open the next ones.
 *
 * <p>A failure is queued after the batches made before it and thrown, as it is, when the
 * consumer reaches it; nothing runs after it. {@link #close()} stops the task (the step in flight
 * finishes: never an interrupt, which would close a file channel under other readers) and
 * closes the row group's sources on the caller's thread.
 */
final class PooledRows implements RowGroupRows {
    /** The bytes of the pages the batches queued by a scan's row groups hold, against a budget. */
    static final class Held {
        private final long budget;
        private final AtomicLong bytes = new AtomicLong();
        /** Batches compacted before they were queued ({@link #compacted}). */
        private final AtomicLong compacted = new AtomicLong();
        /** The weight and the rows of every batch the scan's row groups have made: the scan's decoded bytes per row so far. */
        private final AtomicLong madeBytes = new AtomicLong();
        private final AtomicLong madeRows = new AtomicLong();
        /** Row groups of the scan that have made all their batches: a waiting consumer may open more. */
        private final AtomicLong finished = new AtomicLong();
        /** The row group the consumer waits on, or null ({@link PooledRows#nextBatch}). */
        private volatile PooledRows waiting;

        /** A row group other than the one the consumer waits on is done: wake the consumer to open the next ones. */
        private void finished(PooledRows r) {
            finished.incrementAndGet();
            PooledRows w = waiting; // read after the count: a consumer that set it before reading the count is woken
            if (w != null && w != r) {
                synchronized (w) {
                    w.notifyAll();
                }
            }
        }

        Held(long budget) {
            this.budget = budget;
        }

        boolean full() {
            return bytes.get() >= budget;
        }

        /** The budget of queued bytes. */
        long budget() {
            return budget;
        }

        /** The scan's decoded bytes per row so far (the weights of the batches made over their rows), or -1 before any. */
        double bytesPerRow() {
            long r = madeRows.get();
            return r == 0 ? -1 : (double) madeBytes.get() / r;
        }

        void add(long n) {
            bytes.addAndGet(n);
        }

        /** Bytes held now (tests). */
        long bytes() {
            return bytes.get();
        }

        /** Batches compacted so far (tests). */
        long compacted() {
            return compacted.get();
        }
    }

    /**
     * A batch made on the pool is queued compacted ({@link RowBatch#compact}) when its rows are at
     * most this part of the entries of the pages it holds: a window of a rare condition holds
     * whole pages of every column for a few rows, and the queue's budget counts those pages, so
     * without it a row group ahead stopped after a few windows and the second thread waited
     * (sorted file, {@code country = 'IS'}: about 10 MiB of pages a batch of ~30 rows against a
     * budget of 128 MiB at -Xmx2g; docs/design/decoding.md "Parallel decoding"). Copying a
     * quarter of the pages' rows costs far less than decoding them; a full scan's batches hold
     * their pages' every row and are never copied.
     */
    static final int SPARSE = 4;

    private enum State { IDLE, SUBMITTED, RUNNING }

    private final RowGroupRows inner;
    private final Executor pool;
    private final Held held;
    private final ArrayDeque<RowBatch> queue = new ArrayDeque<>();
    private final ArrayDeque<Long> weights = new ArrayDeque<>();
    /** Pages of the last batch made: a page a batch shares with the one before counts once. */
    private Map<ColumnBatch, Boolean> lastPages = new IdentityHashMap<>();
    private State state = State.IDLE;
    private boolean done;
    /** The inner rows were closed when done (by the runner of the last step), not left for close(). */
    private boolean innerClosed;
    /**
     * Run by the consumer, outside the lock, while it waits on this row group (the current one) and
     * another row group of the scan has finished: the scanner opens the next ones then, so that
     * the pool does not run dry while a slow current row group holds the consumer. Null: none.
     */
    private Runnable whileWaiting;
    private boolean closed;
    private boolean current;
    private Throwable failure;
    private long rowsMade;

    /** The rows the row group hands out if it runs to its end (a full pass: its kept rows), or -1 if not known ahead (a condition). */
    private final long rows;
    /** The weights of the batches queued now. */
    private long queuedBytes;

    PooledRows(RowGroupRows inner, Executor pool, Held held) {
        this(inner, pool, held, -1);
    }

    PooledRows(RowGroupRows inner, Executor pool, Held held, long rows) {
        this.rows = rows;
        this.inner = inner;
        this.pool = pool;
        this.held = held;
        synchronized (this) {
            submit();
        }
    }

    /** Submits the task if it is idle and may make a batch (under the lock). */
    private void submit() {
        if (state == State.IDLE && !done && !closed && mayMake()) {
            state = State.SUBMITTED;
            pool.execute(this::run);
        }
    }

    /**
     * Past the budget only the row group the consumer is on makes a batch (and only into an empty
     * queue), so that it always moves; the ones after it wait for bytes to be freed. Without
     * this each of the row groups in flight would queue a batch whatever the budget said.
     */
    private boolean mayMake() {
        return !held.full() || current && queue.isEmpty();
    }

    /** The consumer has reached this row group: it may make a batch past the budget (see mayMake). */
    synchronized void becomeCurrent() {
        current = true;
        submit();
    }

    /** {@link #becomeCurrent()}, with what the consumer runs while it waits here once another row group finished. */
    void becomeCurrent(Runnable whileWaiting) {
        synchronized (this) {
            this.whileWaiting = whileWaiting;
        }
        becomeCurrent();
    }

    /** Submits the task again if the budget left room since it stopped (the scanner calls it after a batch is taken). */
    synchronized void resume() {
        submit();
    }

    private void run() {
        synchronized (this) {
            if (state != State.SUBMITTED || closed) {
                return; // taken by the consumer meanwhile, or closed
            }
            state = State.RUNNING;
        }
        while (true) {
            RowBatch b = null;
            Throwable t = null;
            boolean last = false;
            long w = 0;
            try {
                b = inner.nextBatch();
                last = b == null || inner.exhausted();
                if (b != null && sparse(b)) {
                    b = b.compact(); // queued, it holds its rows, not its pages
                    held.compacted.incrementAndGet();
                }
                w = b == null ? 0 : weight(b);
                if (last) {
                    closeInner();
                }
            } catch (Throwable e) {
                t = e; // an Error too: left unrecorded, the consumer would wait for this step forever
                b = null;
            }
            boolean finished;
            synchronized (this) {
                made(b, t, last, w);
                finished = done;
                if (done || closed || !mayMake()) {
                    state = State.IDLE;
                    notifyAll();
                } else {
                    notifyAll();
                    continue;
                }
            }
            if (finished) {
                held.finished(this);
            }
            return;
        }
    }

    /** Records what a step made (under the lock); never throws, so the state is always handed back. */
    private void made(RowBatch b, Throwable t, boolean last, long w) {
        if (t != null) {
            failure = t;
            done = true;
            return;
        }
        try {
            if (b != null) {
                Long boxed = w;
                queue.add(b);
                weights.add(boxed);
                held.add(w);
                queuedBytes += w;
                rowsMade += b.size();
                held.madeBytes.addAndGet(w);
                held.madeRows.addAndGet(b.size());
            }
        } catch (Throwable e) {
            // no room to queue it (an Error): the row group fails here, after the batches queued
            // before it (this one is dropped if only half queued), so the consumer's call after
            // them throws instead of waiting
            if (queue.size() > weights.size()) {
                queue.pollLast();
            }
            failure = e;
            done = true;
            return;
        }
        if (last) {
            done = true;
        }
    }

    /**
     * Closes the inner rows once the last batch is made, by the runner of that step (the only one
     * touching them): a row group done ahead of the consumer then holds only its queued batches,
     * not its readers' pages, so that it need not count among the row groups in flight
     * ({@code Scanner.openPooled}). Its readers' counts reach the scan's statistics now.
     */
    private void closeInner() {
        if (!innerClosed) {
            innerClosed = true;
            inner.close();
        }
    }

    /** Whether b's rows are at most a {@link #SPARSE}th of the entries of the pages it holds. */
    private static boolean sparse(RowBatch b) {
        Map<ColumnBatch, Boolean> pages = new IdentityHashMap<>();
        long entries = 0;
        int cols = b.columns().size();
        for (int c = 0; c < cols; c++) {
            Runs r = b.runs(c);
            for (int s = 0; s < r.size(); s++) {
                ColumnBatch p = r.page(s);
                if (pages.put(p, Boolean.TRUE) == null) {
                    entries += p.entryCount();
                }
            }
        }
        return cols > 0 && (long) b.size() * cols * SPARSE <= entries;
    }

    /** The decoded bytes of the pages b holds that the batch before it did not. */
    private long weight(RowBatch b) {
        Map<ColumnBatch, Boolean> pages = new IdentityHashMap<>();
        long w = 0;
        int cols = b.columns().size();
        for (int c = 0; c < cols; c++) {
            Runs r = b.runs(c);
            for (int s = 0; s < r.size(); s++) {
                ColumnBatch p = r.page(s);
                if (pages.put(p, Boolean.TRUE) == null && !lastPages.containsKey(p)) {
                    w += Scanner.weight(p);
                }
            }
        }
        lastPages = pages;
        return w;
    }

    @Override
    public RowBatch nextBatch() throws IOException {
        while (true) {
            Runnable feed = null;
            synchronized (this) {
                long seen = held.finished.get();
                while (true) {
                    RowBatch b = queue.poll();
                    if (b != null) {
                        long w = weights.poll();
                        held.add(-w);
                        queuedBytes -= w;
                        submit();
                        return b;
                    }
                    if (failure != null) {
                        throw rethrow(failure);
                    }
                    if (done || closed) {
                        return null;
                    }
                    if (state == State.SUBMITTED || state == State.IDLE) {
                        state = State.RUNNING; // the task has not started: make the batch here rather than wait behind other tasks
                        break;
                    }
                    held.waiting = this;
                    if (whileWaiting != null && held.finished.get() != seen) {
                        held.waiting = null;
                        feed = whileWaiting; // another row group finished: let the scanner open the next ones
                        break;
                    }
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new java.io.InterruptedIOException("interrupted while waiting for a row group's rows");
                    } finally {
                        held.waiting = null;
                    }
                }
            }
            if (feed == null) {
                break;
            }
            feed.run(); // on the consumer's thread, outside the lock; then wait again
        }
        RowBatch b = null;
        Throwable t = null;
        boolean last = false;
        long w = 0;
        try {
            b = inner.nextBatch();
            last = b == null || inner.exhausted();
            w = b == null ? 0 : weight(b);
            if (last) {
                closeInner();
            }
        } catch (Throwable e) {
            t = e; // recorded before the state is handed back: close() waits for a RUNNING step
            b = null;
        }
        synchronized (this) {
            made(b, t, last, w);
            state = State.IDLE;
            notifyAll();
            if (failure != null && queue.isEmpty()) {
                throw rethrow(failure);
            }
            if (b == null) {
                return null;
            }
            queue.pollLast();
            long taken = weights.pollLast();
            held.add(-taken);
            queuedBytes -= taken;
            submit();
            return b;
        }
    }

    private static IOException rethrow(Throwable t) {
        if (t instanceof IOException io) {
            return io;
        }
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException(t);
    }

    /** Whether every batch has been made (the failure included): then {@link #rowsMade()} is the row group's count. */
    synchronized boolean made() {
        return done;
    }

    /**
     * The decoded bytes the consumer has still to take from this row group: its queued batches'
     * weights, and, unless it is done, its rows not yet made at {@code bytesPerRow}; -1 if its rows
     * are not known ahead ({@link #rows}).
     */
    synchronized long bytesLeft(double bytesPerRow) {
        if (done) {
            return queuedBytes;
        }
        if (rows < 0) {
            return -1;
        }
        return queuedBytes + (long) (Math.max(0, rows - rowsMade) * bytesPerRow);
    }

    /** Rows of the batches made so far (handed out or queued). */
    synchronized long rowsMade() {
        return rowsMade;
    }

    @Override
    public synchronized boolean exhausted() {
        return done && queue.isEmpty() && failure == null;
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            boolean interrupted = false;
            while (state == State.RUNNING) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true; // the step in flight must end before the sources close
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            for (Long w; (w = weights.poll()) != null; ) {
                held.add(-w);
            }
            queuedBytes = 0;
            queue.clear();
            if (innerClosed) {
                return;
            }
            innerClosed = true;
        }
        inner.close();
    }
}
