package io.pqlab.internal.assembly;

import io.pqlab.internal.column.ColumnBatch;
import io.pqlab.scan.RowBatch;

/**
 * A batch row's decoded page and entries, for pqlab's own readers of levels (the record
 * assembler, the Arrow writer, tests): {@link RowBatch} keeps them package-private so that its
 * public API does not expose the internal {@link ColumnBatch}; users read {@link RowBatch#values}
 * and the getters. RowBatch hands its accessor over when its class is initialised, which happens
 * before any batch exists.
 */
public final class RowPages {
    /** What RowBatch gives (implemented there). */
    public interface Access {
        ColumnBatch page(RowBatch b, int c, int i);

        int firstEntry(RowBatch b, int c, int i);

        int endEntry(RowBatch b, int c, int i);
    }

    private static volatile Access access;

    private RowPages() {}

    /** Called once, by RowBatch's static initialiser. */
    public static synchronized void install(Access a) {
        if (access != null) {
            throw new IllegalStateException("RowPages is installed once, by RowBatch");
        }
        access = a;
    }

    private static Access access() {
        return access;
    }

    /** The page holding row i of column c. */
    public static ColumnBatch page(RowBatch b, int c, int i) {
        return access().page(b, c, i);
    }

    /** The first entry of row i of column c in its page (an entry is not a value index). */
    public static int firstEntry(RowBatch b, int c, int i) {
        return access().firstEntry(b, c, i);
    }

    /** One past the last entry of row i of column c in its page. */
    public static int endEntry(RowBatch b, int c, int i) {
        return access().endEntry(b, c, i);
    }
}
