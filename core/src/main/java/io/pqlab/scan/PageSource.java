package io.pqlab.scan;



import io.pqlab.MalformedFileException;
import io.pqlab.ParquetFile;
import io.pqlab.internal.column.ColumnBatch;
import io.pqlab.internal.column.ColumnChunkReader;
import io.pqlab.internal.column.OffsetIndexMismatchException;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.pageindex.OffsetIndex;
import io.pqlab.internal.pageindex.PageIndexReader;
import io.pqlab.internal.pageindex.PageLocation;
import io.pqlab.plan.ColumnRead;
import io.pqlab.plan.PageRead;
import io.pqlab.plan.RowGroupPlan;
import io.pqlab.plan.RowRanges;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The decoded pages of column c in row group g that hold any of the given rows, one at a time,
 * in row order. Through the OffsetIndex the plan used, when it has one, fetching only those
 * pages (less the excluded page indexes); when a page there does not start on a row (a writer
 * that broke the OffsetIndex's promise), from the chunk's start, where rows cannot be
 * misaligned, resuming after the rows already handed out. Pages that continue a row begun in
 * an earlier page (v1 pages may split a repeated row; only a chunk walk returns them) are
 * joined to the page before them, so that every row's entries lie in one batch.
 */
final class PageSource implements Pages {
/** What every page source of one scan shares. */
record Context(ParquetFile file, ColumnChunkReader.Options readerOptions, ScanStats stats, boolean pageIndex,
        io.pqlab.internal.column.AheadBudget ahead, int rowGroupsInFlight) {}

private final Context ctx;
    private final RowGroupPlan g;
    private final int c;
    private OffsetIndex oi;
    private int[] chosen;
    private final boolean repeated;
    private ColumnChunkReader reader;
    private boolean sequential;
    private boolean fellBack;
    private ColumnBatch lookahead;
    private long handedOutEnd;
    // progressive: pages chosen as windows of matching rows are told (see want)
    private final boolean progressive;
    private final ColumnRead read;
    private boolean decided;
    private int lastChosen = -1;
    private int chosenTotal;
    private final List<Integer> pending = new ArrayList<>();
    private boolean endSeen;
    // pages decompressed ahead on a pool (see decompressAhead); none at one thread
    private java.util.concurrent.Executor decompressPool;
    private int decompressPages;

    /**
     * The bytes all readers of a scan may hold together in pages decompressed ahead (stored and
     * decompressed), one budget for the scan ({@link Context#ahead}) so that a wide projection or
     * more row groups in flight do not multiply it: a 16th of the heap (32 MiB at -Xmx512m; 4 MiB
     * in the 64 MiB test JVM). A page that does not fit what is left is decompressed by its
     * reader when reached, as at one thread. The batches queued by row groups processed on the
     * pool ({@link PooledRows}) have a budget of the same size.
     */
    static final long AHEAD_BYTES = Runtime.getRuntime().maxMemory() / 16;

    /**
     * The bytes the read windows of all readers of a local file may hold together: a 32nd of the
     * heap, shared like {@link #AHEAD_BYTES} ({@link #readSize}).
     */
    static final long READ_BYTES = Runtime.getRuntime().maxMemory() / 32;

    /**
     * One reader's read window: for a local file, its share of {@link #READ_BYTES} among the
     * columns of row group g and of the other row groups in flight (at one thread, the next; at
     * T threads, T + 1 in all), between 256 KiB and the options'
     * read size (8 MiB; a page larger than the window is still read whole). The live heap of a
     * full scan was mostly these windows (six columns of 8 MiB, twice while a row group was opened
     * ahead); a read of a local file costs a system call, not a round trip. A file read in phases
     * (remote: its requests planned and fetched ahead, where one read is one request if it is not
     * held) keeps the options' size, and so does any source not known to be a local file (a
     * dataset's or Spark's source over S3 or HTTP, where a window is a request).
     */
    static int readSize(Context ctx, RowGroupPlan g) {
        int max = ctx.readerOptions().readSize();
        if (!localFile(ctx.file().source())) {
            return max;
        }
        long share = READ_BYTES / ((long) Math.max(2, ctx.rowGroupsInFlight()) * Math.max(1, g.reads().size()));
        return (int) Math.min(max, Math.max(256 << 10, share));
    }

    /** Whether s reads a local file directly: a {@link io.pqlab.io.FileSource}, or one seen through sources that forward to it, not fetched in phases. */
    private static boolean localFile(io.pqlab.io.ByteSource s) {
        while (s instanceof io.pqlab.io.ForwardingSource f) {
            if (s instanceof io.pqlab.internal.net.FetchingSource) {
                return false; // read in phases: a window is a planned request
            }
            s = f.inner();
        }
        if (s instanceof io.pqlab.internal.dataset.CachingSource c) {
            return c.localFile(); // a dataset's file: local where the local listing found it
        }
        return s instanceof io.pqlab.io.FileSource;
    }

    PageSource(Context ctx, RowGroupPlan g, int c, RowRanges rows, Set<Integer> exclude, boolean countSkipped) {
        this.ctx = ctx;
        this.g = g;
        this.c = c;
        this.repeated = ctx.file().schema().column(c).maxRepetitionLevel() > 0;
        this.progressive = false;
        this.decided = true;
        this.read = readOf(g, c);
        OffsetIndex planned = read == null ? null : offsetIndex(read);
        this.oi = planned != null || read == null ? planned : ownOffsetIndex(ctx, g, c, rows);
        if (oi != null) {
            List<Integer> wanted = new ArrayList<>();
            int overlapping = 0;
            for (int i = 0; i < oi.pageCount(); i++) {
                PageLocation p = oi.page(i);
                long endRow = i + 1 < oi.pageCount() ? oi.page(i + 1).firstRowIndex() : g.numRows();
                if (rows.overlaps(p.firstRowIndex(), endRow)) {
                    overlapping++;
                    if (!exclude.contains(i)) {
                        wanted.add(i);
                    }
                }
            }
            if (countSkipped) {
                ctx.stats().pagesSkipped(oi.pageCount() - overlapping);
            }
            this.chosen = wanted.stream().mapToInt(Integer::intValue).toArray();
        } else {
            this.chosen = null;
            this.sequential = true;
        }
    }

    /**
     * A progressive source: it holds no rows until {@link #want} tells it a window's matching
     * rows, and then decodes only the pages holding them (through the OffsetIndex; without one,
     * or where it fails, the chunk is walked from its start, lazily, as rows are asked for).
     * Between windows {@link #next()} returns null ("none chosen yet"), which is not the end:
     * {@link #atEnd()} says which. The pages it never chose are counted as skipped when it closes.
     */
    PageSource(Context ctx, RowGroupPlan g, int c) {
        this.ctx = ctx;
        this.g = g;
        this.c = c;
        this.repeated = ctx.file().schema().column(c).maxRepetitionLevel() > 0;
        this.progressive = true;
        this.read = readOf(g, c);
        this.oi = read == null ? null : offsetIndex(read);
        this.chosen = new int[0];
    }

    /**
     * Lets this source's readers decompress up to {@code pages} pages ahead on {@code pool} (see
     * {@link ColumnChunkReader#decompressAhead}); called before the first {@link #next()}.
     */
    void decompressAhead(java.util.concurrent.Executor pool, int pages) {
        this.decompressPool = pool;
        this.decompressPages = pages;
    }

    private static ColumnRead readOf(RowGroupPlan g, int c) {
        ColumnRead read = null;
        for (ColumnRead r : g.reads()) {
            if (r.column() == c) {
                read = r;
            }
        }
        return read;
    }

    /**
     * Tells a progressive source the next window's matching rows (ascending, after every row told
     * before); {@code whole}: they are every kept row of their window. The first window decides
     * how the chunk is read: through the plan's OffsetIndex; else through the chunk's own one
     * (fetched now), unless the first window matched whole (then, as where every row of a row
     * group matches, the chunk is walked: no index fetched, long reads), else a walk.
     * Called on the consumer's thread while a pool thread may be in {@link #next()}: the pages
     * chosen wait in a list under this object's lock until the reader takes them.
     */
    @Override
    public void want(RowRanges rows, boolean whole) {
        if (!progressive) {
            throw new IllegalStateException("a source made for given rows takes no more");
        }
        if (rows.isEmpty()) {
            return;
        }
        synchronized (this) {
            if (!decided) {
                decided = true;
                if (oi == null && read != null && !whole) {
                    oi = ownOffsetIndex(ctx, g, c, rows);
                }
                sequential = oi == null;
            }
            if (sequential || oi == null) {
                return; // a walk goes as far as the rows asked for
            }
            for (int i = lastChosen + 1; i < oi.pageCount(); i++) {
                PageLocation p = oi.page(i);
                long endRow = i + 1 < oi.pageCount() ? oi.page(i + 1).firstRowIndex() : g.numRows();
                if (p.firstRowIndex() >= rows.end(rows.size() - 1)) {
                    break;
                }
                if (rows.overlaps(p.firstRowIndex(), endRow)) {
                    pending.add(i);
                    lastChosen = i;
                }
            }
        }
    }

    /**
     * Whether the last null from {@link #next()} was the end (always, except for a progressive
     * source reading chosen pages, or told no rows yet). Set by next() itself, on its own thread,
     * so that a window told meanwhile cannot turn a "none yet" into an end.
     */
    @Override
    public boolean atEnd() {
        return endSeen;
    }

    /** Whether the chunk is walked from its start (no OffsetIndex, or it failed). */
    @Override
    public synchronized boolean walks() {
        return sequential;
    }

    /** Whether the OffsetIndex failed and the chunk is walked from its start. */
    @Override
    public boolean fellBack() {
        return fellBack;
    }

    @Override
    public ColumnBatch next() throws IOException {
        while (true) {
            ColumnBatch b;
            try {
                int[] more = null;
                boolean walk;
                synchronized (this) {
                    if (!decided) {
                        endSeen = false;
                        return null; // no window told yet
                    }
                    walk = sequential;
                    if (progressive && !walk && !pending.isEmpty()) {
                        more = pending.stream().mapToInt(Integer::intValue).toArray();
                        pending.clear();
                        chosenTotal += more.length;
                    }
                }
                if (reader == null) {
                    ColumnChunkReader.Options o = ctx.readerOptions().withReadSize(readSize(ctx, g));
                    reader = walk ? ColumnChunkReader.open(ctx.file(), g.index(), c, o)
                            : ColumnChunkReader.openPages(ctx.file(), g.index(), c, oi,
                                    more != null ? more : chosen, o);
                    reader.decompressAhead(decompressPool, decompressPages, ctx.ahead());
                } else if (more != null) {
                    reader.appendPages(more);
                }
                b = joined();
            } catch (OffsetIndexMismatchException e) {
                if (sequential) {
                    throw e; // a walk from the chunk's start has nothing to fall back to
                }
                ctx.stats().fallback();
                closeReader();
                synchronized (this) {
                    sequential = true;
                    pending.clear();
                }
                fellBack = true;
                continue;
            }
            if (b == null) {
                endSeen = !progressive || sequential; // a walk's end, or a source made for given rows
                return null;
            }
            long end = b.firstRow() + b.rowCount();
            if (fellBack && end <= handedOutEnd) {
                continue; // handed out before the walk began again from the chunk's start
            }
            handedOutEnd = Math.max(handedOutEnd, end);
            return b;
        }
    }

    private ColumnBatch joined() throws IOException {
        if (!sequential || !repeated) {
            return reader.next();
        }
        ColumnBatch b = lookahead != null ? lookahead : reader.next();
        lookahead = null;
        if (b == null) {
            return null;
        }
        List<ColumnBatch> parts = null;
        for (ColumnBatch n = reader.next(); ; n = reader.next()) {
            if (n == null || !n.continuesRow()) {
                lookahead = n;
                break;
            }
            if (parts == null) {
                parts = new ArrayList<>();
                parts.add(b);
            }
            parts.add(n);
        }
        return parts == null ? b : ColumnBatch.join(parts);
    }

    private void closeReader() {
        if (reader != null) {
            ctx.stats().reader(reader.pagesDecoded(), reader.bytesFetched(),
                    reader.pagesDecoded() > 0 ? reader.codecImplementation() : null);
            reader.close();
            reader = null;
        }
        lookahead = null;
    }

    @Override
    public void close() {
        closeReader();
        synchronized (this) {
            if (progressive && decided && oi != null) {
                // like a source made for a row group's matches: a row group without any counts none
                ctx.stats().pagesSkipped(oi.pageCount() - chosenTotal - pending.size());
                oi = null; // counted once
            }
        }
    }

    /**
     * The chunk's OffsetIndex, for a column the plan reads whole because every row may match, when
     * only some rows are asked for (late materialisation after a condition that matched few rows):
     * a few bytes of index then spare fetching and decoding the pages without a match. Null where
     * the plan would not have used one either (page index off, repeated or encrypted column, no
     * index, or one that fails its checks or does not decode: the chunk is then read whole, as
     * planned).
     */
    private static OffsetIndex ownOffsetIndex(Context ctx, RowGroupPlan g, int c, RowRanges rows) {
        ColumnChunk chunk = ParquetFiles.chunk(ctx.file(), g.index(), c);
        if (!ctx.pageIndex() || rows.coversAll(g.numRows()) || chunk.sealed()
                || ctx.file().schema().column(c).maxRepetitionLevel() > 0 || !chunk.hasOffsetIndex()) {
            return null;
        }
        try {
            OffsetIndex oi = PageIndexReader.offsetIndex(ctx.file().source(), chunk);
            return oi == null || oi.problem(chunk, g.numRows()) != null ? null : oi;
        } catch (MalformedFileException | IOException e) {
            return null; // the index is an aid here, not a proof: read the chunk as planned
        }
    }

    /** The OffsetIndex the plan used for a column, rebuilt from its page list; null if it used none. */
    private static OffsetIndex offsetIndex(ColumnRead read) {
        List<PageLocation> locations = new ArrayList<>();
        for (PageRead p : read.pages()) {
            if (p.kind().equals("data")) {
                locations.add(new PageLocation(p.offset(), (int) p.length(), p.firstRow()));
            }
        }
        return locations.isEmpty() ? null : new OffsetIndex(locations, null, -1, 0);
    }
}
