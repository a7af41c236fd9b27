package io.pqlab.scan;



import io.pqlab.Mechanism;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.UnsupportedFeatureException;
import io.pqlab.ParquetFile;
import io.pqlab.internal.column.ColumnBatch;
import io.pqlab.internal.column.ColumnChunkReader;
import io.pqlab.plan.Plan;
import io.pqlab.internal.plan.Planner;
import io.pqlab.plan.RowGroupPlan;
import io.pqlab.plan.RowRanges;
import io.pqlab.internal.predicate.Predicate;
import io.pqlab.schema.ColumnDescriptor;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Reads only what a plan keeps and returns exactly the matching rows, in file order, in batches
 * of a bounded number of rows.
 *
 * <p>For each row group the plan does not skip, one pass in windows of up to {@link #BATCH_ROWS}
 * kept rows ({@link WindowedPass}): each condition column's pages that hold kept rows are
 * decoded, in order, until they cover the window, and each of its leaves sets the bits of the
 * rows it holds true for; leaves combine as bitsets (each leaf is on one column, so no alignment
 * across columns is needed), giving the window's matching rows. The condition is evaluated
 * exactly on every kept row (also where the plan proved that every row matches: those pages are
 * decoded anyway, and the proof rests on the writer's statistics). Then the window's rows: a
 * returned condition column hands out the pages its evaluation decoded (each page is decoded
 * once); every other returned column is read only in the pages that hold the window's matches
 * (late materialisation), chosen as the window is evaluated. {@link #next()} hands out up to
 * {@link #BATCH_ROWS} rows at a time (fewer when their pages would exceed {@link #BATCH_BYTES}
 * decoded), so memory holds a window's pages per column and the leaves' bits, never a row group's
 * decoded values. A limit stops the pass at the window that reaches it.
 */
final class Scanner implements AutoCloseable {
    /** The most rows in one batch. */
    public static final int BATCH_ROWS = 1 << 16;
    /** Decoded page bytes one batch may reference before it ends early (at least one row). */
    public static final long BATCH_BYTES = batchBytes(Runtime.getRuntime().maxMemory());

    private final ParquetFile file;
    private final BoundQuery options;
    private final Plan plan;
    private final List<ColumnDescriptor> outputColumns;
    private final List<Integer> conditionColumns;
    private final ColumnChunkReader.Options readerOptions;
    private int nextRowGroup;
    private long returned;
    private RowGroupRows current;
    /** Pooled scans: the row groups worked on after the current one, in file order (see openPooled). */
    private final java.util.ArrayDeque<Ahead> ahead = new java.util.ArrayDeque<>();
    private boolean aheadFailed;
    /** The first failure next() threw: thrown again by every later call. */
    private Throwable failure;
    private final ScanStats stats = new ScanStats();
    private final PageSource.Context sources;
    private ExecutorService pool;
    /** The bytes of the pages the batches queued by pooled row groups hold, against {@link PageSource#AHEAD_BYTES}. */
    private final PooledRows.Held held;
    /** (reuse) The spare arrays of the ColumnValues of the batches the consumer released. */
    private final ColumnValues.Spares valueArrays = ColumnValues.Spares.forHeap(Runtime.getRuntime().maxMemory());

    private Scanner(ParquetFile file, BoundQuery options, Plan plan, List<ColumnDescriptor> outputColumns,
            List<Integer> conditionColumns, long aheadBytes, long inlineBytes, long queueBytes) {
        this.held = new PooledRows.Held(queueBytes);
        this.lead = lead(options.threads(), Runtime.getRuntime().maxMemory(), BATCH_BYTES, queueBytes);
        this.file = file;
        this.options = options;
        this.plan = plan;
        this.outputColumns = outputColumns;
        this.conditionColumns = conditionColumns;
        this.pooled = options.threads() > 1 && (plannedBytes(plan) > inlineBytes || remote(file.source()));
        this.readerOptions = ColumnChunkReader.Options.DEFAULT.withVerifyChecksums(options.verifyChecksums());
        this.sources = new PageSource.Context(file, readerOptions, stats,
                options.uses(Mechanism.PAGE_INDEX), new io.pqlab.internal.column.AheadBudget(aheadBytes),
                pooled ? maxAhead(options) + 1 : 1); // the read windows' share: row groups in flight
    }

    /**
     * A plan that reads at most this many bytes of column chunks (its row groups not skipped, every
     * chunk's planned spans: an upper bound, late materialisation may read less) runs on the
     * caller's thread whatever the thread count, as at one thread: no pool is started. On the idle
     * machine (bench/RESULTS.md sections 10-12, ScanBench, the 11-30 and 12-02 runs) every pair
     * whose plan reads up to 14.5 MB was slower at two threads than at one in every run: sorted
     * {@code id_absent} (1.4 MB of planned pages, 8 pages) 0.8 against 3.1 ms, {@code id_range_1k}
     * (1.4 MB) 4.0 against 7.2, {@code id_range_1pct} (7.4 MB, 45 pages) 31 against 36-64, DuckDB's
     * {@code id_point} (one row group of one page per column, 7.3 MB) 26 against 41-69, its
     * {@code id_range_1pct} (two row groups, 14.5 MB) 65 against 72-84. From 21.8 MB (DuckDB's
     * {@code and_week_rare_country}, three row groups: 63-89 at one thread, 63-112 at two) and
     * 31.7 MB (its {@code id_in_5}: 119-200 against 122-219) the runs fall on both sides; the
     * full-file plans (590 MB) gain. So 16 MiB: where the pool's start, the hand-overs and the
     * row groups ahead cost more than a second thread gains on a few pages
     * (bench/profiles/par-PlanBytes.java.txt prints every pair's planned bytes).
     */
    static final long DEFAULT_INLINE_BYTES = 16L << 20;

    /** {@link #DEFAULT_INLINE_BYTES}, or the system property pqlab.scan.inlineBytes (core's tests set 0: their small fixtures still run on the pool). */
    static final long INLINE_BYTES = Long.getLong("pqlab.scan.inlineBytes", DEFAULT_INLINE_BYTES);

    /**
     * Whether s reads over a network: a {@link io.pqlab.io.RemoteSource}, read in phases (a
     * {@link io.pqlab.internal.net.FetchingSource}) or directly, or a dataset's file the local
     * listing did not find. Such a scan is pooled whatever its plan's size: {@link #INLINE_BYTES}
     * was measured on local files, where a read is a system call; over a network a row group's
     * task that needs bytes the phased prefetch (one connection by default) has not fetched yet
     * fetches them itself, so row groups on two threads overlap their requests, which inline ones
     * would not.
     */
    static boolean remote(io.pqlab.io.ByteSource s) {
        while (true) {
            if (s instanceof io.pqlab.io.RemoteSource || s instanceof io.pqlab.internal.net.FetchingSource) {
                return true;
            }
            if (s instanceof io.pqlab.internal.dataset.CachingSource c) {
                return !c.localFile();
            }
            if (!(s instanceof io.pqlab.io.ForwardingSource f)) {
                return false;
            }
            s = f.inner();
        }
    }

    /** Whether the scan runs on a pool (more than one thread, and a plan above {@link #INLINE_BYTES} or a remote source). */
    private final boolean pooled;

    /** The column-chunk bytes a plan reads in the row groups it does not skip. */
    static long plannedBytes(Plan plan) {
        long n = 0;
        for (RowGroupPlan g : plan.rowGroups()) {
            if (!g.skipped()) {
                for (io.pqlab.plan.ColumnRead r : g.reads()) {
                    n += r.bytes();
                }
            }
        }
        return n;
    }

    /** Whether this scan decodes on a pool (tests: false at one thread and for a small plan). */
    boolean pooled() {
        return pooled;
    }

    /** Pools this scan started (tests: none where {@link #pooled()} is false). */
    int poolsStarted() {
        return poolsStarted;
    }

    private int poolsStarted;

    /** Plans the scan; nothing of the data is read until {@link #next()}. */
    public static Scanner open(ParquetFile file, BoundQuery options) throws IOException {
        return open(file, options, PageSource.AHEAD_BYTES);
    }

    /** {@link #open(ParquetFile, BoundQuery)} with another budget of pages decompressed ahead (tests). */
    static Scanner open(ParquetFile file, BoundQuery options, long aheadBytes) throws IOException {
        return open(file, options, aheadBytes, INLINE_BYTES);
    }

    /** {@link #open(ParquetFile, BoundQuery, long)} with another {@link #INLINE_BYTES} (tests). */
    static Scanner open(ParquetFile file, BoundQuery options, long aheadBytes, long inlineBytes) throws IOException {
        return open(file, options, aheadBytes, inlineBytes, PageSource.AHEAD_BYTES);
    }

    /** {@link #open(ParquetFile, BoundQuery, long, long)} with another budget of queued batches ({@link PooledRows.Held}; tests). */
    static Scanner open(ParquetFile file, BoundQuery options, long aheadBytes, long inlineBytes, long queueBytes)
            throws IOException {
        List<ColumnDescriptor> out = new ArrayList<>();
        if (options.columns() == null) {
            out.addAll(file.schema().columns());
        } else {
            for (int c : options.columns()) {
                out.add(file.schema().column(c));
            }
        }
        Predicate predicate = options.predicate() == null ? new Predicate.Constant(true, "no condition")
                : options.predicate();
        Set<Integer> conditionColumns = predicate.columns();
        Set<Integer> projection = new LinkedHashSet<>();
        out.forEach(c -> projection.add(c.index()));
        projection.addAll(conditionColumns);
        Plan plan = Planner.plan(file, options.withColumns(new ArrayList<>(projection)));
        return new Scanner(file, options, plan, out, new ArrayList<>(conditionColumns), aheadBytes, inlineBytes, queueBytes);
    }

    public Plan plan() {
        return plan;
    }

    public List<ColumnDescriptor> columns() {
        return outputColumns;
    }

    public ScanStats stats() {
        return stats;
    }

    /**
     * The next matching rows (at most {@link #BATCH_ROWS}, never none, all of one row group), or
     * null at the end (or the limit). A row group with many matches gives several batches. A batch
     * stays valid after later calls; the pages it references are dropped with it.
     */
    public RowBatch next() throws IOException {
        if (failure instanceof IOException io) {
            throw io;
        } else if (failure instanceof Error err) {
            throw err;
        } else if (failure != null) {
            throw (RuntimeException) failure;
        }
        try {
            return pooled ? advancePooled() : advance();
        } catch (IOException | RuntimeException | Error e) {
            failure = e; // a caller that goes on after a failure must not get the rows past it as if complete
            throw e;
        }
    }

    private RowBatch advance() throws IOException {
        while (true) {
            if (current != null) {
                RowBatch b;
                try {
                    b = current.nextBatch();
                } catch (IOException | RuntimeException | Error e) {
                    // the row group's readers stop before the error is seen: no page is decoded or
                    // fetched for it once it has failed (on a pool they would still be in flight)
                    current.close();
                    current = null;
                    throw e;
                }
                if (b != null) {
                    returned += b.size();
                    stats.rows(0, b.size());
                    // a repeated column's text is its field's (RowBatch.text); (reuse) its ColumnValues' arrays
                    return b.in(file.schema()).reusing(valueArrays);
                }
                current.close();
                current = null;
            }
            if (nextRowGroup >= plan.rowGroups().size() || (options.limit() >= 0 && returned >= options.limit())) {
                sources.ahead().freeArrays(); // (arrays) the scan's spare page arrays go with it
                valueArrays.free();
                return null;
            }
            RowGroupPlan g = plan.rowGroups().get(nextRowGroup++);
            if (g.skipped()) {
                stats.rowGroup(true);
                continue;
            }
            current = scanRowGroup(g, options.limit() >= 0 ? options.limit() - returned : Long.MAX_VALUE);
        }
    }

    /**
     * At more than one thread: row groups processed whole on the pool ({@link PooledRows}), taken
     * in file order. The current one hands out the batches its task made; up to {@code threads}
     * after it ({@link #maxAhead}) are worked on meanwhile (see {@link #openPooled}).
     */
    private RowBatch advancePooled() throws IOException {
        while (true) {
            if (current == null) {
                openPooled();
                Ahead a = ahead.poll();
                if (a == null) {
                    stopPool();
                    return null;
                }
                current = a.rows();
                currentReturned = 0;
                if (a.failure() != null) {
                    throw rethrow(a.failure());
                }
                ((PooledRows) current).becomeCurrent(this::openPooled); // opens more while it waits on a slow one
                openPooled();
            }
            RowBatch b;
            try {
                b = current.nextBatch();
            } catch (IOException | RuntimeException | Error e) {
                current.close(); // nothing more is made for a row group that failed
                current = null;
                throw e;
            }
            if (b != null) {
                returned += b.size();
                currentReturned += b.size();
                stats.rows(0, b.size());
                openPooled();
                for (Ahead a : ahead) {
                    if (a.rows() != null) {
                        ((PooledRows) a.rows()).resume(); // the batch taken freed queued bytes
                    }
                }
                // a repeated column's text is its field's (RowBatch.text); (reuse) its ColumnValues' arrays
                return b.in(file.schema()).reusing(valueArrays);
            }
            current.close();
            current = null;
        }
    }

    /** Rows handed out from the current row group (pooled scans). */
    private long currentReturned;

    /**
     * Opens the row groups worked on after the current one, in file order, each a task on the
     * pool. Without a limit, up to {@link #maxAhead} of them not yet done ({@link #inFlight}),
     * whatever their size: a row group's task holds a window's pages per column and the batches it
     * queued, and stops at the scan's budget of queued bytes (DuckDB's file has 82 row groups of
     * one page per column: one alone cannot keep two threads busy); done ones wait for the
     * consumer, up to {@link #maxOpen} in all. Called when the consumer moves on, and while it
     * waits on the current row group once another has finished ({@link PooledRows#becomeCurrent(Runnable)}). Under a limit only the next one, once the current one has
     * made all its batches, with what the limit still allows after them: so no row group is
     * read that one thread would not have read (ParallelScanTest holds the counters equal).
     */
    private void openPooled() {
        if (aheadFailed) {
            return;
        }
        boolean limited = options.limit() >= 0;
        while (nextRowGroup < plan.rowGroups().size()) {
            long left = Long.MAX_VALUE;
            if (limited) {
                if (!ahead.isEmpty() || current != null && !((PooledRows) current).made()) {
                    return;
                }
                long committed = returned + (current == null ? 0 : ((PooledRows) current).rowsMade() - currentReturned);
                left = options.limit() - committed;
                if (left <= 0) {
                    return;
                }
            } else if (inFlight() >= maxAhead() + (current == null ? 1 : 0) // the first is about to be current
                    || ahead.size() >= maxOpen() || !leadFits()) {
                return;
            }
            RowGroupPlan g = plan.rowGroups().get(nextRowGroup++);
            if (g.skipped()) {
                stats.rowGroup(true);
                continue;
            }
            try {
                RowGroupRows rows = scanRowGroup(g, left);
                if (rows != null) {
                    ahead.add(new Ahead(new PooledRows(rows, pool(), held,
                            conditionColumns.isEmpty() && LEAD ? g.rows().rowCount() : -1), null));
                    boolean currentBusy = current != null && !((PooledRows) current).made();
                    peakInFlight = Math.max(peakInFlight, inFlight() + (currentBusy ? 1 : 0));
                }
            } catch (IOException | RuntimeException | Error e) {
                ahead.add(new Ahead(null, e));
                aheadFailed = true; // nothing past a failure is opened: the caller stops there
                return;
            }
        }
    }

    /**
     * Whether the next row group may be opened now: a full pass's row group is opened only once
     * what the consumer has still to take before it (the open row groups' queued batches and their
     * rows not yet made, at the scan's decoded bytes per row so far) fits the lead ({@link #lead},
     * the queue's budget or a quarter of it). Opened earlier, it would make batches until the
     * queue ({@link PooledRows.Held}) is full and
     * then hold them and its readers' pages until the consumer reaches it, long enough to be
     * promoted (the sorted file's row groups make ~35 batches each, the budget at -Xmx512m holds
     * about five): docs/design/decoding.md "Parallel decoding", "Row groups ahead opened late".
     * The second thread meanwhile decompresses the current row group's pages ahead. A row group
     * with a condition on columns does not know its rows ahead, so it opens as before. Before the
     * scan's first batch the bytes per row are not known: the next one waits for it.
     */
    private boolean leadFits() {
        if (!conditionColumns.isEmpty() || !LEAD) {
            return true; // a windowed pass: as before (its row groups' rows are not known ahead)
        }
        List<PooledRows> open = new ArrayList<>();
        if (current != null) {
            open.add((PooledRows) current);
        }
        for (Ahead a : ahead) {
            if (a.rows() != null) {
                open.add((PooledRows) a.rows());
            }
        }
        double perRow = held.bytesPerRow();
        long left = 0;
        for (PooledRows r : open) {
            long l = r.bytesLeft(Math.max(0, perRow));
            if (l < 0) {
                return true; // rows not known ahead: as before
            }
            if (perRow < 0 && !r.made()) {
                return false; // no batch made yet: wait for the first
            }
            left += l;
        }
        return left <= lead();
    }

    /**
     * The lead a full pass's next row group is opened with ({@link #leadFits}), of what the
     * consumer has still to take before it: the queue's budget where the heap holds the thread
     * count's row groups ahead ({@link #maxAhead} not cut by the heap: from 1 GiB at two threads),
     * so that the row group ahead still makes a budget's worth of batches before the consumer
     * reaches it, as when it was opened at once and stopped at the budget (the second thread's
     * share of the work: with a quarter of it at -Xmx2g the pool's threads parked 20 s each
     * against 14 s in 4 scans, bench/profiles/heap-parks.txt); a quarter of it on a heap that cut
     * the row groups ahead (-Xmx512m: 8 MiB, a batch or two of the sorted file's), where memory
     * comes first: with the whole budget as the lead the peak heap of the two-thread full scan of
     * the sorted file at -Xmx512m was 321-333 MiB, with a quarter 234-252, opening it only once
     * the current one is done 242-274 (before, at once: 386-432; one-shot runs on the loaded
     * machine, bench/profiles/heap-peak.txt).
     */
    static long lead(int threads, long maxMemory, long batchBytes, long queueBytes) {
        return fit(maxMemory, batchBytes) >= threads ? queueBytes : queueBytes / 4;
    }

    /** Whether full passes open their row groups ahead late ({@link #leadFits}); pqlab.scan.lead=false: at once (experiments). */
    static final boolean LEAD = Boolean.parseBoolean(System.getProperty("pqlab.scan.lead", "true"));

    /**
     * Row groups ahead not yet done: what {@link #maxAhead} caps. A row group that has made all its
     * batches has closed its readers and holds only its queued batches, which the queue's budget
     * bounds ({@link PooledRows.Held}), so it no longer counts: on DuckDB's file (a lookup decodes
     * one page per row group, ~2.5 ms each) the pool ran dry behind a slow current row group with
     * two done ones ahead (bench/profiles/par-trace-cust-absent-before.txt).
     */
    private int inFlight() {
        int n = 0;
        for (Ahead a : ahead) {
            if (a.rows() != null && !((PooledRows) a.rows()).made()) {
                n++;
            }
        }
        return n;
    }

    /** Row groups opened ahead at most, done ones included: {@link #maxAhead} and two per thread done and waiting for the consumer. */
    private int maxOpen() {
        return maxAhead() + 2 * options.threads();
    }

    /** The most row groups not yet done, the current one included, when one was opened (tests: at most {@link #maxAhead} + 1). */
    private int peakInFlight;

    /** {@link #peakInFlight} (tests). */
    int peakInFlight() {
        return peakInFlight;
    }

    /**
     * Row groups worked on after the current one without a limit: the thread count, but no more
     * than keep each row group in flight's worst case (a window being assembled and a queued batch,
     * {@link #BATCH_BYTES} each) within half the heap less {@link #RESERVE} with the current one's,
     * so that many threads on a small heap do not multiply it (at -Xmx512m: 1; at 1 GiB: 2; from
     * 2 GiB: the thread count up to 8 or more).
     */
    private int maxAhead() {
        return maxAhead(options);
    }

    private static int maxAhead(BoundQuery options) {
        return maxAhead(options.threads(), Runtime.getRuntime().maxMemory(), BATCH_BYTES);
    }

    /**
     * What a scan holds besides its row groups in flight, kept out of {@link #maxAhead}'s half of
     * the heap: the pages decompressed ahead and the read windows, and the large page arrays that
     * outlive their row group (G1 promotes what refers to a page that stays in flight for a while,
     * and a large array then waits for a marking cycle once dead). At -Xmx512m with two row groups
     * after the current one, the heap after a GC was 176-185 MiB (median) and the old generation's
     * peak twice the one thread's; with one, 130-154 MiB (docs/design/decoding.md "Parallel decoding").
     */
    static final long RESERVE = 128L << 20;

    /** {@link #maxAhead()} for a thread count, a heap and a batch size (tests). */
    static int maxAhead(int threads, long maxMemory, long batchBytes) {
        return (int) Math.max(1, Math.min(threads, fit(maxMemory, batchBytes)));
    }

    /** The row groups after the current one whose worst case fits the heap ({@link #maxAhead} before the thread count and the floor of one). */
    private static long fit(long maxMemory, long batchBytes) {
        return (maxMemory / 2 - RESERVE) / (2 * batchBytes) - 1;
    }

    /** {@link #BATCH_BYTES} for a heap of {@code maxMemory} bytes. */
    static long batchBytes(long maxMemory) {
        return Math.max(1 << 20, Math.min(maxMemory / 16, 64 << 20));
    }

    private static IOException rethrow(Throwable t) {
        if (t instanceof IOException io) {
            return io;
        } else if (t instanceof Error err) {
            throw err;
        }
        throw (RuntimeException) t;
    }

    /** A row group opened ahead: its rows or the failure opening it. */
    private record Ahead(RowGroupRows rows, Throwable failure) {}

    /** The lead a full pass opens its next row group with ({@link #leadFits}; tests). */
    long lead() {
        return lead;
    }

    /** {@link #lead(int, long, long, long)} for this scan. */
    private final long lead;

    /** The spare ColumnValues arrays (tests). */
    ColumnValues.Spares valueArrays() {
        return valueArrays;
    }

    /** The scan's budget of pages decompressed ahead (tests read its peak). */
    io.pqlab.internal.column.AheadBudget aheadBudget() {
        return sources.ahead();
    }

    /** Batches the pooled row groups compacted before queueing them (tests; {@link PooledRows#SPARSE}). */
    long batchesCompacted() {
        return held.compacted();
    }

    /** Whether every row group opened ahead has made all its batches (tests wait for it to see their work done on the pool). */
    boolean aheadMade() {
        for (Ahead a : ahead) {
            if (a.rows() != null && !((PooledRows) a.rows()).made()) {
                return false;
            }
        }
        return true;
    }

    /** Row groups opened ahead now (tests). */
    int rowGroupsAhead() {
        return ahead.size();
    }

    /** Releases the readers of a row group left part-way (a scan read to its end needs no close). */
    @Override
    public void close() {
        if (current != null) {
            current.close();
            current = null;
        }
        for (Ahead a; (a = ahead.poll()) != null; ) {
            if (a.rows() != null) {
                a.rows().close();
            }
        }
        stopPool();
    }

    /**
     * The pool that decodes ahead, made when first needed (null at one thread or for a small plan,
     * {@link #INLINE_BYTES}: everything on the caller's thread, as before there was a pool). Its threads are daemons and end when idle, so
     * a scan left unclosed holds none for long.
     */
    private ExecutorService pool() {
        if (!pooled) {
            return null;
        }
        if (pool == null) {
            AtomicInteger n = new AtomicInteger();
            ThreadPoolExecutor p = new ThreadPoolExecutor(options.threads(), options.threads(), 2, TimeUnit.SECONDS,
                    new LinkedBlockingQueue<>(), r -> {
                        Thread t = new Thread(r, "pqlab-decode-" + n.incrementAndGet());
                        t.setDaemon(true);
                        return t;
                    });
            p.allowCoreThreadTimeOut(true);
            pool = p;
            poolsStarted++;
        }
        return pool;
    }

    /** Ends the pool (its sources are closed by now, so no task is queued or in flight). */
    private void stopPool() {
        sources.ahead().freeArrays(); // (arrays) the scan's spare page arrays go with it
        valueArrays.free();
        if (pool != null) {
            pool.shutdown();
            pool = null;
        }
    }

    /**
     * A page source, decoded ahead on the pool when the scan has more than one thread: its pages
     * are decoded in order, one after another, while up to {@code threads} pages after them are
     * decompressed on any of the pool's threads.
     */
    private Pages pages(PageSource s) {
        ExecutorService p = pool();
        if (p == null) {
            return s;
        }
        s.decompressAhead(p, options.threads());
        return s; // the row group's task decodes its pages in order; pages after them decompress on the pool
    }

    /** The state that hands out row group g's matching rows, or null if none can match. */
    private RowGroupRows scanRowGroup(RowGroupPlan g, long limit) throws IOException {
        stats.rowGroup(false);
        if (g.numRows() > Integer.MAX_VALUE - 16) {
            // rows are int-indexed in a row group's bitsets; no writer makes such a row group (it would not be read whole)
            throw new UnsupportedFeatureException("row group " + g.index() + " has " + g.numRows()
                    + " rows, more than this reader takes in one row group (" + (Integer.MAX_VALUE - 16) + ")",
                    ParquetFiles.footer(file).metadataOffset());
        }
        RowRanges kept = g.rows();
        Predicate p = options.predicate() == null ? new Predicate.Constant(true, "") : options.predicate();
        List<Integer> distinct = new ArrayList<>();
        for (ColumnDescriptor c : outputColumns) {
            if (!distinct.contains(c.index())) {
                distinct.add(c.index());
            }
        }
        if (!conditionColumns.isEmpty()) {
            return kept.isEmpty() || limit <= 0 ? null : windowed(g, kept, p, distinct, limit);
        }
        // a condition without columns (none, or constants): no bit per claimed row; the returned
        // columns' cursors bear the rows out before any is handed out (the row group's row count
        // is a claim until a page bears it out)
        RowRanges matchRanges = !kept.isEmpty() && ConditionEvaluator.constant(p) ? kept : RowRanges.empty();
        if (limit != Long.MAX_VALUE) {
            matchRanges = first(matchRanges, limit);
        }
        if (matchRanges.rowCount() == 0) {
            return null;
        }
        if (distinct.isEmpty()) {
            if (file.schema().columnCount() == 0) {
                throw new UnsupportedFeatureException("row group " + g.index() + " has " + g.numRows()
                        + " rows but the schema has no column to hold them", ParquetFiles.footer(file).metadataOffset());
            }
            distinct.add(0); // one column to bear out rows that no column has yet
        }
        ColumnCursor[] order = new ColumnCursor[distinct.size()];
        try {
            for (int i = 0; i < order.length; i++) {
                order[i] = new ColumnCursor(pages(new PageSource(sources, g, distinct.get(i), matchRanges, Set.of(), true)),
                        null);
            }
        } catch (RuntimeException e) {
            for (ColumnCursor c : order) {
                if (c != null) {
                    c.close();
                }
            }
            throw e;
        }
        return new BatchAssembler(g, matchRanges, order, slots(distinct), outputColumns);
    }

    /** Each returned column's place in {@code distinct}. */
    private int[] slots(List<Integer> distinct) {
        int[] slotColumn = new int[outputColumns.size()];
        for (int i = 0; i < slotColumn.length; i++) {
            slotColumn[i] = distinct.indexOf(outputColumns.get(i).index());
        }
        return slotColumn;
    }

    /**
     * The one windowed pass over a row group with a condition on columns ({@link WindowedPass}):
     * the condition columns' pages over the kept rows, and, for every other returned column, a
     * progressive source told each window's matches (with late materialisation off, one over
     * every kept row).
     */
    private RowGroupRows windowed(RowGroupPlan g, RowRanges kept, Predicate p, List<Integer> distinct, long limit)
            throws IOException {
        Map<Integer, Pages> conditionPages = new HashMap<>();
        Map<Integer, Pages> returnedPages = new HashMap<>();
        boolean progressive = options.lateMaterialization();
        try {
            // a condition column gated by earlier conjuncts reads only the pages they leave undecided (WindowedPass.gates)
            Map<Integer, Predicate> gates = progressive ? WindowedPass.gates(p, conditionColumns) : Map.of();
            for (int c : conditionColumns) {
                conditionPages.put(c, pages(gates.containsKey(c) ? new PageSource(sources, g, c)
                        : new PageSource(sources, g, c, kept, Set.of(), true)));
            }
            for (int c : distinct) {
                if (!conditionColumns.contains(c)) {
                    returnedPages.put(c, pages(progressive ? new PageSource(sources, g, c)
                            : new PageSource(sources, g, c, kept, Set.of(), true)));
                }
            }
        } catch (RuntimeException e) {
            conditionPages.values().forEach(Pages::close);
            returnedPages.values().forEach(Pages::close);
            throw e;
        }
        return WindowedPass.of(g, kept, p, conditionColumns, conditionPages, distinct, returnedPages, progressive,
                slots(distinct), outputColumns, stats, limit);
    }

    /** The first n rows of r. */
    private static RowRanges first(RowRanges r, long n) {
        if (r.rowCount() <= n) {
            return r;
        }
        List<long[]> out = new ArrayList<>();
        for (int i = 0; i < r.size() && n > 0; i++) {
            long take = Math.min(n, r.end(i) - r.start(i));
            out.add(new long[] {r.start(i), r.start(i) + take});
            n -= take;
        }
        return RowRanges.union(out);
    }

    /** Roughly the heap a decoded page holds: levels, values, and a value index for nullable columns. */
    static long weight(ColumnBatch b) {
        long w = 64;
        int n = b.entryCount();
        w += (b.definitionLevels() != null ? 8L : 0) * n + (b.repetitionLevels() != null ? 8L : 0) * n;
        long bin = b.binaryBytes(); // (loops) a dictionary page's values as if gathered: binaries() would gather them
        if (bin >= 0) {
            w += bin + 4L * (b.valueCount() + 1);
        } else if (b.longs() != null || b.doubles() != null) {
            w += 8L * b.valueCount();
        } else if (b.booleans() != null) {
            w += b.valueCount();
        } else {
            w += 4L * b.valueCount();
        }
        return w;
    }
}
