package io.pqlab.scan;

import io.pqlab.internal.column.ColumnBatch;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * A page source decoded ahead of its consumer on a scan's pool: up to {@link #DEPTH} pages are
 * fetched, decompressed and decoded while the consumer works on the one before, and handed out in
 * the source's order.
 *
 * <p>Each page is a task chained on the one before it, so the source (its reader, decompressor
 * and buffers) is used by one thread at a time, each task seeing what the one before did; no task
 * waits for another task or for the consumer, so a pool smaller than the columns in flight cannot
 * deadlock. Memory: at most {@code DEPTH} pages per source beyond the consumer's. An exception a
 * task throws is thrown again, as it is, by the {@link #next()} that reaches its page and by every
 * later one (the tasks after it do not run). {@link #close()} lets the task in flight finish (never interrupted: an
 * interrupt would close a file channel), drops what was decoded ahead and closes the source on
 * the caller's thread, so its counts are in the scan's statistics when close returns.
 */
final class AheadPages implements Pages {
    /** Pages decoded ahead per source. */
    static final int DEPTH = 2;

    /**
     * A page with the source's state just after it was decoded; for none, whether that was the end
     * and, for a progressive source, which of its windows ({@link #want} calls) the task had seen.
     */
    private record Item(ColumnBatch batch, boolean walks, boolean fellBack, boolean end, int generation) {}

    private final PageSource source;
    private final Executor pool;
    private final ArrayDeque<CompletableFuture<Item>> ahead = new ArrayDeque<>();
    private CompletableFuture<Item> tail;
    private volatile boolean closed;
    private boolean ended;
    private CompletionException failure;
    private boolean walks;
    private boolean fellBack;
    /** Windows told so far (written by the consumer, read by the tasks). */
    private volatile int generation;

    AheadPages(PageSource source, Executor pool) {
        this.source = source;
        this.pool = pool;
        this.tail = CompletableFuture.completedFuture(null);
        fill();
    }

    private void fill() {
        while (!ended && ahead.size() < DEPTH) {
            tail = tail.thenApplyAsync(previous -> {
                if (closed || (previous != null && previous.end())) {
                    return new Item(null, false, false, true, 0); // closed, or past the end: nothing more to decode
                }
                // read before the source: a window told after this still reaches a later task
                int seen = generation;
                try {
                    ColumnBatch b = source.next();
                    return new Item(b, source.walks(), source.fellBack(), b == null && source.atEnd(), seen);
                } catch (IOException e) {
                    throw new CompletionException(e);
                }
            }, pool);
            ahead.add(tail);
        }
    }

    @Override
    public ColumnBatch next() throws IOException {
        while (true) {
            if (failure != null) {
                throw rethrow(failure); // again: an end after a failure would look like a complete chunk
            }
            if (ended) {
                return null;
            }
            if (ahead.isEmpty()) {
                fill();
            }
            CompletableFuture<Item> f = ahead.poll();
            Item item;
            try {
                item = f.join();
            } catch (CompletionException e) {
                failure = e;
                ahead.clear();
                throw rethrow(e);
            }
            walks = item.walks();
            fellBack = item.fellBack();
            if (item.batch() != null) {
                fill();
                return item.batch();
            }
            if (item.end()) {
                ended = true;
                ahead.clear();
                return null;
            }
            if (item.generation() == generation) {
                return null; // a progressive source with no page chosen beyond those handed out
            }
            // "none yet" from before the last window was told: the next task has seen it
        }
    }

    /**
     * Tells the source a window's matching rows and queues tasks up to the depth (the "none yet"
     * that emptied the queue left none); tasks that start after this see its pages.
     */
    @Override
    public void want(io.pqlab.plan.RowRanges rows, boolean whole) {
        source.want(rows, whole); // first the pages, then the generation (see fill)
        generation++;
        fill(); // the window's first page decodes now, not once the consumer asks for it
    }

    @Override
    public boolean atEnd() {
        return ended;
    }

    /** The worker's exception as the consumer would have seen it on one thread. */
    static IOException rethrow(CompletionException e) {
        Throwable t = e.getCause() == null ? e : e.getCause();
        if (t instanceof IOException io) {
            return io;
        }
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error err) {
            throw err;
        }
        throw e;
    }

    @Override
    public boolean walks() {
        return walks;
    }

    @Override
    public boolean fellBack() {
        return fellBack;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            ended = true;
            ahead.clear();
            try {
                tail.join(); // the task in flight; those queued after it see closed and return at once
            } catch (CompletionException | java.util.concurrent.CancellationException e) {
                // its exception is of no interest once the consumer has stopped
            }
            source.close();
        }
    }
}
