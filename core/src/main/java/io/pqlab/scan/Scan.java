package io.pqlab.scan;


import io.pqlab.plan.Plan;
import io.pqlab.schema.ColumnDescriptor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The matching rows of a query, batch by batch, in file order: what
 * {@link io.pqlab.ParquetFile#scan} returns. Iterate it once ({@code for (RowBatch b : scan)}),
 * or call {@link #nextBatch()}; close it (try-with-resources) if it is left before its end.
 * An I/O error while iterating is an {@link UncheckedIOException}; {@link #nextBatch()} throws it
 * as it is.
 *
 * <p>Each batch stays valid after later calls; a consumer done with one may
 * {@link RowBatch#release()} it so that the scan reuses the arrays it views.
 *
 * <p>Not thread-safe: one scan is read by one thread; start one scan per thread (from one shared
 * {@link io.pqlab.ParquetFile}) to read in parallel.
 */
public final class Scan implements AutoCloseable, Iterable<RowBatch> {
    private final Scanner scanner;
    private RowBatch pending;
    private boolean iterated;

    static {
        // the internal way in (the network reader, tests): Scanner is not API
        io.pqlab.internal.plan.Scans.register((file, query) -> new Scan(Scanner.open(file, query)));
    }

    private Scan(Scanner scanner) {
        this.scanner = scanner;
    }

    /** The plan the scan follows. */
    public Plan plan() {
        return scanner.plan();
    }

    /** The returned columns, in the order a batch numbers them. */
    public List<ColumnDescriptor> columns() {
        return scanner.columns();
    }

    /** What the scan did so far. */
    public ScanStats stats() {
        return scanner.stats();
    }

    /** The next batch (never empty), or null at the end or the query's limit. */
    public RowBatch nextBatch() throws IOException {
        if (pending != null) {
            RowBatch b = pending;
            pending = null;
            return b;
        }
        return scanner.next();
    }

    @Override
    public Iterator<RowBatch> iterator() {
        if (iterated) {
            throw new IllegalStateException("a scan is iterated once");
        }
        iterated = true;
        return new Iterator<>() {
            private boolean done;

            @Override
            public boolean hasNext() {
                if (pending == null && !done) {
                    try {
                        pending = scanner.next();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    done = pending == null;
                }
                return pending != null;
            }

            @Override
            public RowBatch next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                RowBatch b = pending;
                pending = null;
                return b;
            }
        };
    }

    @Override
    public void close() {
        scanner.close();
    }

    /** The file, the condition and what the scan did so far. */
    @Override
    public String toString() {
        Plan p = plan();
        return "Scan[" + p.file() + " where " + p.predicate() + ", " + stats() + "]";
    }
}
