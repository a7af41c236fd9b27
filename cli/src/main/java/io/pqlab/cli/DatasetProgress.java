package io.pqlab.cli;

import io.pqlab.DatasetOptions;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.BooleanSupplier;

/**
 * Progress of a dataset's footers on stderr, for people at a terminal: after about a second, one
 * line rewritten in place (files planned of total, bytes read, rate, time left), erased at the
 * end. Nothing when stderr is not a terminal (a pipe, a file, a test) or with {@code --quiet}.
 */
final class DatasetProgress implements DatasetOptions.Progress {
    /** Whether stderr is a terminal. Java 17 tells only whether the process has a console; tests replace it. */
    static BooleanSupplier stderrIsTerminal = () -> System.console() != null;

    /** How long a run goes before progress shows; tests replace it. */
    static long delayNanos = 1_000_000_000L;

    private final PrintWriter err;
    private final long start = System.nanoTime();
    private long lastPrint;
    private int width;

    private DatasetProgress(PrintWriter err) {
        this.err = err;
    }

    /** A progress line on {@code err}, or null where none is to be shown. */
    static DatasetProgress of(PrintWriter err, boolean quiet) {
        return quiet || !stderrIsTerminal.getAsBoolean() ? null : new DatasetProgress(err);
    }

    @Override
    public synchronized void update(int done, int total, long bytes) {
        long now = System.nanoTime();
        long elapsed = now - start;
        if (elapsed < delayNanos || (now - lastPrint < 200_000_000L && done < total)) {
            return;
        }
        lastPrint = now;
        double seconds = Math.max(elapsed / 1e9, 1e-9);
        long eta = done == 0 ? -1 : Math.round(seconds * (total - done) / done);
        String line = String.format(Locale.ROOT, "pqlab: %d of %d files planned, %s read, %s/s, ETA %s", done, total,
                size(bytes), size((long) (bytes / seconds)), eta < 0 ? "?" : eta + " s");
        err.print("\r" + line + " ".repeat(Math.max(0, width - line.length())));
        width = line.length();
        err.flush();
    }

    /** Erases the line, if one was shown. */
    synchronized void finish() {
        if (width > 0) {
            err.print("\r" + " ".repeat(width) + "\r");
            err.flush();
            width = 0;
        }
    }

    private static String size(long b) {
        return b < 1 << 20 ? String.format(Locale.ROOT, "%.1f KiB", b / 1024.0)
                : String.format(Locale.ROOT, "%.1f MiB", b / 1048576.0);
    }
}
