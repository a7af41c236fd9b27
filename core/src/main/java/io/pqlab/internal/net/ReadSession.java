package io.pqlab.internal.net;

import io.pqlab.Decryption;
import io.pqlab.ParquetFile;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.internal.format.Footer;
import io.pqlab.internal.format.FooterReader;
import io.pqlab.internal.format.MetadataDecoder;
import io.pqlab.io.ByteSource;
import io.pqlab.io.RemoteSource;
import io.pqlab.plan.ColumnRead;
import io.pqlab.plan.Plan;
import io.pqlab.internal.plan.PlanLoop;
import io.pqlab.internal.plan.Planner;
import io.pqlab.plan.Span;
import io.pqlab.internal.plan.Scans;
import io.pqlab.scan.Scan;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A Parquet file read over a network (or any {@link ByteSource}) in three phases, each waiting for
 * the one before, as a reader must: the footer; the page indexes and Bloom filters of the row
 * groups the statistics leave undecided; the data the plan keeps. Every request is logged with its
 * phase, and no byte is fetched twice. Which structures the second phase fetches the planner says,
 * through {@link PlanLoop}; this class only decides how to fetch them.
 *
 * <pre>{@code
 * try (ReadSession s = ReadSession.open(HttpSource.open(uri), Strategy.DEFAULT)) {
 *     BoundQuery q = BoundQuery.bind(Query.where("order_id = 431"), s.file().schema());
 *     Plan plan = s.plan(q, Planner.FILE_DICTIONARIES); // drives the planner's PlanLoop
 *     s.fetchData(plan);            // then scan s.file(): every byte is in memory
 *     Accounting a = s.accounting(CostModel.of(4));
 * }
 * }</pre>
 */
public final class ReadSession implements Closeable {
    /** The largest index structure fetched ahead; a larger length is left for the planner to judge. */
    private static final long MAX_PREFETCHED_STRUCTURE = 64L * 1024 * 1024;

    private final FetchingSource source;
    private final Strategy strategy;
    private final ParquetFile file;
    private final List<Span> plannedData = new ArrayList<>();
    private boolean dataPlanned;

    private ReadSession(FetchingSource source, Strategy strategy, ParquetFile file) {
        this.source = source;
        this.strategy = strategy;
        this.file = file;
    }

    /** Reads the footer (the first phase) from {@code source}; {@link #close()} closes the source. */
    public static ReadSession open(ByteSource source, Strategy strategy) throws IOException {
        return open(source, strategy, new RequestLog(), FetchingSource.DEFAULT_MAX_HELD);
    }

    public static ReadSession open(ByteSource source, Strategy strategy, RequestLog log, long maxHeld)
            throws IOException {
        return open(source, strategy, log, maxHeld, Decryption.NONE);
    }

    /** As above, for a file that may be encrypted, with the keys to decrypt it. */
    public static ReadSession open(ByteSource source, Strategy strategy, RequestLog log, long maxHeld,
            Decryption keys) throws IOException {
        FetchingSource fs = new FetchingSource(source, log, strategy.connections(), maxHeld);
        try {
            log.begin(RequestLog.FOOTER);
            Footer footer = readFooter(fs, strategy, keys);
            ParquetFile pf = io.pqlab.internal.format.ParquetFiles.open(fs, footer, strategy.options(maxHeld).withDecryption(keys));
            return new ReadSession(fs, strategy, pf);
        } catch (IOException | RuntimeException e) {
            fs.close();
            throw e;
        }
    }

    /**
     * The footer: one suffix read of {@code prefetch} bytes, or a HEAD and a read of the 8-byte
     * trailer; then the rest of the footer in one more read where it is longer than what is held.
     */
    private static Footer readFooter(FetchingSource fs, Strategy strategy, Decryption keys) throws IOException {
        long size;
        if (strategy.prefetch() > 0) {
            size = fs.suffix(strategy.prefetch());
        } else {
            size = fs.head();
            if (size >= 8) {
                fs.fetch(List.of(new Span(size - 8, 8)));
            }
        }
        int held = (int) Math.min(size, Math.max(8, strategy.prefetch()));
        if (size >= 12) {
            byte[] trailer = fs.read(size - 8, 8, "the file's trailer");
            long length = (trailer[0] & 0xFFL) | (trailer[1] & 0xFFL) << 8 | (trailer[2] & 0xFFL) << 16
                    | (trailer[3] & 0xFFL) << 24;
            boolean par1 = trailer[4] == 'P' && trailer[5] == 'A' && trailer[6] == 'R'
                    && (trailer[7] == '1' || trailer[7] == 'E'); // PARE: an encrypted footer
            if (par1 && length <= size - 12) {
                long metadataOffset = size - 8 - length;
                // the footer's bytes not yet held: one request (none where the suffix read had them)
                fs.fetch(fs.plan(List.of(new Span(metadataOffset, length)), 0));
                held = (int) Math.max(held, Math.min(Integer.MAX_VALUE - 8, length + 8));
            }
        }
        // FooterReader finds every byte it reads in what was fetched; it reports any problem
        return FooterReader.read(fs, MetadataDecoder.Options.ALL, held, keys);
    }

    /** Opens a file for a phased read with these options. */
    public static ReadSession open(ByteSource source, io.pqlab.ReadOptions options) throws IOException {
        return open(source, Strategy.of(options), new RequestLog(), options.maxHeld(), options.decryption());
    }

    /**
     * The session of a file a session opened (whose source is its {@link FetchingSource}), for
     * the next phases of one more query; closing it closes the file.
     */
    public static ReadSession of(ParquetFile file) {
        if (!(file.source() instanceof FetchingSource fs)) {
            throw new IllegalArgumentException(file + " was not opened for a phased read");
        }
        return new ReadSession(fs, Strategy.of(file.readOptions()), file);
    }

    public ParquetFile file() {
        return file;
    }

    public FetchingSource source() {
        return source;
    }

    public Strategy strategy() {
        return strategy;
    }

    public RequestLog log() {
        return source.log();
    }

    /**
     * The second phase: the Bloom filters (for {@code =} and {@code IN}), ColumnIndexes and
     * OffsetIndexes the planner may read, for the row groups the statistics do not rule out, in as
     * few requests as lie together (merged across the strategy's gap). Planning after this reads
     * them from memory; what it needs beyond them (a dictionary page, a Bloom filter of unknown
     * length) it fetches itself, logged in this phase.
     *
     * @param query the bound condition, the columns the query reads (null: every column) and the mechanisms
     */
    public void fetchIndexes(BoundQuery query) throws IOException {
        source.log().begin(RequestLog.INDEXES);
        if (!strategy.indexPrefetch()) {
            return; // the planner reads each structure as it needs it
        }
        // the planning loop's first round; the scanner then plans from what is held
        if (PlanLoop.of(file, query, strategy.gap(), null).next() instanceof PlanLoop.NeedsData n) {
            fetch(n);
        }
    }

    /**
     * Fetches what the planning loop asks for, as the strategy says: nothing where structures are
     * not fetched ahead (the planner then reads each as it needs it); else, less what is unsafe to
     * fetch ahead, in as few requests as lie together (merged across the strategy's gap).
     */
    private void fetch(PlanLoop.NeedsData needs) throws IOException {
        if (!strategy.indexPrefetch() || needs.spans().isEmpty()) {
            return;
        }
        long size = source.size();
        List<Span> spans = new ArrayList<>();
        for (Span s : needs.spans()) {
            add(spans, s.offset(), s.length(), size);
        }
        // structures that lie together are one request, whatever the gap for data
        source.fetch(source.plan(spans, Math.max(0, strategy.gap())));
    }

    /** Adds a span the file names, where it lies inside the file and is not absurdly long. */
    private static void add(List<Span> spans, long offset, long length, long size) {
        if (offset >= 0 && length > 0 && length <= MAX_PREFETCHED_STRUCTURE && offset <= size - length) {
            spans.add(new Span(offset, length));
        }
    }

    /**
     * Plans a query: fetches the indexes and filters it may consult (the second phase), then
     * plans, spans merged across the strategy's gap.
     */
    public Plan plan(BoundQuery query, Planner.DictionarySource dictionaries) throws IOException {
        source.log().begin(RequestLog.INDEXES);
        PlanLoop loop = PlanLoop.of(file, query, strategy.gap(), dictionaries);
        for (PlanLoop.Next n = loop.next(); ; n = loop.next()) {
            if (n instanceof PlanLoop.Done d) {
                return d.plan();
            }
            fetch((PlanLoop.NeedsData) n);
        }
    }

    /** Scans a query: its indexes and filters, then every span its plan keeps, then the scan. */
    public Scan scan(BoundQuery query) throws IOException {
        fetchIndexes(query);
        Scan scan = Scans.open(file, query);
        fetchData(scan.plan());
        return scan;
    }

    /** The data requests a plan needs, given what is held: its spans not held, merged across the gap. */
    public List<Span> dataRequests(Plan plan) {
        return source.plan(dataSpans(plan), strategy.gap());
    }

    private static List<Span> dataSpans(Plan plan) {
        List<Span> spans = new ArrayList<>();
        for (ColumnRead r : plan.reads()) {
            spans.addAll(r.spans());
        }
        return spans;
    }

    /**
     * The third phase, executed: fetches every span the plan reads, several requests in flight,
     * in the background and a few requests ahead of the scan ({@link FetchingSource#prefetch}).
     * Where they are more than the source may hold, nothing is fetched ahead and the scan's reads
     * fetch as they go (still logged in this phase).
     */
    public void fetchData(Plan plan) throws IOException {
        source.log().begin(RequestLog.DATA);
        List<Span> requests = dataRequests(plan);
        long bytes = 0;
        for (Span s : requests) {
            bytes += s.length();
        }
        if (bytes + source.heldBytes() <= source.maxHeld()) {
            source.prefetch(requests); // in the background, a few requests ahead of the scan
        }
    }

    /**
     * Stops reading (a closed pipe): no request is sent after this returns, neither by the
     * fetching ahead nor by a scan's threads still decoding (their reads of bytes not held fail).
     * {@link #close} does it too.
     */
    public void stopFetching() {
        source.stop();
    }

    /**
     * The third phase, not executed: records the requests the plan would make, so that
     * {@link #accounting} counts them and models their time (the {@code skipping} command plans
     * without reading data).
     */
    public void planData(Plan plan) {
        source.log().end();
        plannedData.clear();
        plannedData.addAll(dataRequests(plan));
        dataPlanned = true;
    }

    /** Requests, bytes, wall time and modelled time, phase by phase. */
    public Accounting accounting(CostModel model) {
        return Accounting.of(source.log(), dataPlanned && !dataFetched() ? plannedData : null, model,
                source.inner() instanceof RemoteSource r ? r.retries() : 0);
    }

    /**
     * What the bytes of these requests were (see {@link ByteCounts}): the one accounting every
     * command prints.
     *
     * @param a this session's {@link #accounting}, whose requests (data ones made or planned) are counted
     * @param plan the plan whose data phase was made or planned; null where there was none
     */
    public ByteCounts byteCounts(Accounting a, Plan plan) {
        List<Span> dictionaries = new ArrayList<>();
        if (plan != null) {
            for (io.pqlab.plan.RowGroupPlan g : plan.rowGroups()) {
                for (ColumnRead r : g.reads()) {
                    r.pages().stream().filter(p -> p.kind().equals("dictionary"))
                            .forEach(p -> dictionaries.add(new Span(p.offset(), p.length())));
                }
            }
        }
        return ByteCounts.of(file, a.requestList(), source.asked(), plan == null ? List.of() : dataSpans(plan),
                dataFetched(), dictionaries);
    }

    /**
     * Whether the data phase was executed: by this session, or by another over the same source
     * ({@link #of}: a library scan of the file, such as the Arrow reader's, makes its own), so
     * that every session of one read counts it alike. The log, which they share, tells.
     */
    private boolean dataFetched() {
        return source.log().phases().stream().anyMatch(p -> p.name().equals(RequestLog.DATA));
    }

    @Override
    public void close() throws IOException {
        source.stop(); // before the phase ends: nothing is sent after it
        source.log().end();
        file.close();
    }
    @Override
    public String toString() {
        return "ReadSession[" + source + ", " + strategy + "]";
    }

}
