package io.pqlab.internal.dataset;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs one task per item on at most {@code threads} threads and returns the results in the items'
 * order. The first failure (in item order) is thrown as it was, and the tasks not yet started are
 * cancelled: a dataset stops at its first bad file.
 */
public final class Parallel {
    private Parallel() {}

    public interface Task<T, R> {
        R apply(T item) throws IOException;
    }

    /** The cores, for work that reads local files. */
    public static int localThreads() {
        return Math.max(1, Runtime.getRuntime().availableProcessors());
    }

    public static <T, R> List<R> map(List<T> items, int threads, Task<T, R> task) throws IOException {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1");
        }
        int n = Math.min(threads, items.size());
        if (n <= 1) {
            List<R> out = new ArrayList<>(items.size());
            for (T item : items) {
                out.add(task.apply(item));
            }
            return out;
        }
        AtomicInteger id = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(n, r -> {
            Thread t = new Thread(r, "pqlab-dataset-" + id.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<R>> futures = new ArrayList<>(items.size());
            for (T item : items) {
                futures.add(pool.submit(() -> task.apply(item)));
            }
            List<R> out = new ArrayList<>(items.size());
            for (Future<R> f : futures) {
                try {
                    out.add(f.get());
                } catch (ExecutionException e) {
                    for (Future<R> other : futures) {
                        other.cancel(true);
                    }
                    Throwable c = e.getCause();
                    if (c instanceof IOException io) {
                        throw io;
                    }
                    if (c instanceof UncheckedIOException u) {
                        throw u.getCause();
                    }
                    if (c instanceof RuntimeException r) {
                        throw r;
                    }
                    if (c instanceof Error err) {
                        throw err;
                    }
                    throw new IOException(c);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted", e);
                }
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }
}
