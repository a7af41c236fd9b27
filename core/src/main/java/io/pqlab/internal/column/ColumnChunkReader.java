package io.pqlab.internal.column;

import io.pqlab.Limits;
import io.pqlab.MalformedFileException;
import io.pqlab.ParquetFile;
import io.pqlab.UnsupportedFeatureException;
import io.pqlab.internal.compress.Decompressor;
import io.pqlab.internal.crypto.ChunkDecryptor;
import io.pqlab.internal.crypto.ModuleType;
import io.pqlab.internal.encoding.Binaries;
import io.pqlab.internal.encoding.BitPackedLevels;
import io.pqlab.internal.encoding.DeltaByteArrayDecoder;
import io.pqlab.internal.encoding.Dictionary;
import io.pqlab.internal.encoding.DictionaryDecoder;
import io.pqlab.internal.encoding.Encodings;
import io.pqlab.internal.encoding.Encodings.Encoding;
import io.pqlab.internal.encoding.RleBitPackedDecoder;
import io.pqlab.internal.encoding.ValuesDecoder;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.PageHeader;
import io.pqlab.internal.format.PageHeaderDecoder;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.pageindex.OffsetIndex;
import io.pqlab.internal.pageindex.PageLocation;
import io.pqlab.internal.pages.PageWalker;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.internal.stats.WriterVersion;
import io.pqlab.internal.values.ColumnType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.zip.CRC32;

/**
 * Decodes the data pages of one column chunk (row group g, leaf column c) into {@link
 * ColumnBatch}es, one per data page, in file order.
 *
 * <p>Two ways to open it:
 *
 * <ul>
 *   <li>{@link #open}: walks the whole chunk, from its first page to its end, fetching it in reads
 *       of up to {@link Options#readSize()} bytes.
 *   <li>{@link #openPages}: decodes only the chosen data pages of the chunk's OffsetIndex (plus
 *       the dictionary page, when the chunk has one), fetching only their bytes: one read per
 *       contiguous span of chosen pages (spans beyond the read size take several). Each page must
 *       start at a row boundary (first repetition level 0) and hold exactly the rows the index
 *       gives it; otherwise a {@link MalformedFileException} says so, and the caller should fall
 *       back to {@link #open}.
 * </ul>
 *
 * <p>Pages: the dictionary page is decoded once, before any data page; v1 data pages carry their
 * levels inside the compressed body (RLE with a 4-byte length, or the deprecated BIT_PACKED), v2
 * pages carry them uncompressed ahead of the (maybe compressed) values. Page CRCs are checked when
 * {@link Options#verifyChecksums()} is set. Index pages and unknown page types are skipped.
 *
 * <p>Bounds: every size from a header is checked against the chunk (or the page's OffsetIndex
 * entry) before anything is fetched or allocated; a page larger than {@link Options#maxPageSize()}
 * (stored, uncompressed or decoded) or with more than {@link Options#maxPageValues()} entries is an
 * {@link UnsupportedFeatureException}; level and value counts are checked against the page's and
 * the chunk's num_values, levels against the column's maxima, and, at the end of a walk, the rows
 * found against the row group's. Memory is bounded by the read window and the page being decoded.
 *
 * <p>Decompressing ahead ({@link #decompressAhead}): the pages after the one just decoded are
 * read (headers and stored bytes, in order, on the reader's thread) and decompressed on a pool,
 * each with its own decompressor and output buffer, while the reader decodes in order as before.
 *
 * <p>Not thread-safe (one thread at a time; the pool's tasks touch only their own page). {@link
 * #close()} releases the decompressors (the file stays open).
 */
public final class ColumnChunkReader implements AutoCloseable {

    /**
     * How to read.
     *
     * @param verifyChecksums check each page's CRC-32 (where it has one) against its stored body
     * @param maxPageSize the largest page accepted, stored or uncompressed, and the most bytes the
     *     values of one page may decode to
     * @param maxPageValues the most level entries one page may declare
     * @param readSize the most bytes fetched in one read, unless one page needs more
     * @param reuseBatches hand out one batch, refilled by each call (valid until the next)
     */
    public record Options(boolean verifyChecksums, int maxPageSize, int maxPageValues, int readSize,
            boolean reuseBatches) {
        /** Page caps from the heap ({@link Limits}): 16 MiB and 2 Mi entries under -Xmx256m. */
        public static final Options DEFAULT = new Options(false, Limits.PAGE_BYTES, Limits.PAGE_VALUES, 8 << 20, false);

        public Options {
            if (maxPageSize < 0 || maxPageSize > Integer.MAX_VALUE - 16) {
                throw new IllegalArgumentException("maxPageSize " + maxPageSize);
            }
            if (maxPageValues < 0 || readSize < 1) {
                throw new IllegalArgumentException("maxPageValues " + maxPageValues + ", readSize " + readSize);
            }
        }

        public Options withVerifyChecksums(boolean v) {
            return new Options(v, maxPageSize, maxPageValues, readSize, reuseBatches);
        }

        public Options withMaxPageSize(int v) {
            return new Options(verifyChecksums, v, maxPageValues, readSize, reuseBatches);
        }

        public Options withMaxPageValues(int v) {
            return new Options(verifyChecksums, maxPageSize, v, readSize, reuseBatches);
        }

        public Options withReadSize(int v) {
            return new Options(verifyChecksums, maxPageSize, maxPageValues, v, reuseBatches);
        }

        public Options withReuseBatches(boolean v) {
            return new Options(verifyChecksums, maxPageSize, maxPageValues, readSize, v);
        }
    }

    private final ParquetFile file;
    private final int rowGroup;
    private final ColumnDescriptor column;
    private final ColumnMetaData meta;
    private final ColumnType type;
    private final int typeCode;
    private final int typeLength;
    private final int codec;
    private final int maxDef;
    private final int maxRep;
    private final long rowGroupRows;
    private final Options options;
    private final Decompressor decompressor;
    private final ChunkBuffer buffer;
    private final long chunkStart;
    private final long chunkEnd;
    /** PARQUET-246: DELTA_BYTE_ARRAY pages of old parquet-mr continue the previous page's value. */
    private final boolean deltaCarryOver;

    // sequential walk
    private final boolean sequential;
    private long pos;
    private long valuesSeen;
    private long rowsSeen;
    private int pagesSeen;
    private int dataPagesSeen;
    private boolean finished;

    // chosen pages
    private final OffsetIndex offsetIndex;
    /** The chosen pages so far ({@link #appendPages} adds more), and where each one's fetch may end. */
    private int[] chosen;
    private long[] chosenFetchLimit;
    private int chosenCount;
    private int nextChosen;
    /** [start, end) of the region before the first data page that holds the dictionary page, or null. */
    private final long[] dictionaryRegion;
    private List<ByteRange> spans;

    private Dictionary dictionary;
    private boolean dictionarySeen;
    private long dictionaryOffset = -1;
    private final ValuesDecoder[] decoders = new ValuesDecoder[16];
    private int lastPageIndex = Integer.MIN_VALUE;
    private int lastEncoding = -1;
    private byte[] pageBuf = EMPTY;
    private final CRC32 crc = new CRC32();
    private ColumnBatch reusable;
    private int pagesDecoded;
    /** Null for a plaintext chunk; see {@link #readEncryptedPage}. */
    private final ChunkDecryptor decryptor;

    // decompressing ahead (see decompressAhead); null pool: every page inline, as before
    private Executor aheadPool;
    private int aheadMax;
    private AheadBudget aheadBudget;
    /** Pages read ahead, in order, each with its stored bytes copied and its decompression queued. */
    private final java.util.ArrayDeque<Page> ahead = new java.util.ArrayDeque<>();
    private long aheadBytes;
    private final ConcurrentLinkedQueue<Decompressor> spareDecompressors = new ConcurrentLinkedQueue<>();
    /**
     * The scan's spare page arrays (read windows, decompression outputs, stored-byte copies),
     * shared by its readers; null: each allocated (a reader opened alone). See {@link #array}.
     */
    private AheadBudget arrays;
    /** The output buffer of the prepared page being decoded, back to the spares once it is. */
    private byte[] inUse;
    /** The stored bytes' copy of the page read ahead being decoded, likewise. */
    private byte[] copyInUse;
    /** The decompression task of that page, if any: joined before its copy goes back to the spares. */
    private Prepared preparedInUse;
    /**
     * The page after those read ahead, read and checked but too large for the budget left: its
     * stored bytes stay in the read buffer (nothing reads the buffer before it is taken), so
     * neither the next try to read it ahead nor {@link #next()} reads or checks it again.
     */
    private Page held;
    /** Pages read from the buffer (header decoded, body fetched, checksum checked): tests. */
    private int pageReads;
    // volatile: a pool task that finishes after close() must see it and close its decompressor
    private volatile boolean closed;

    private ColumnChunkReader(ParquetFile file, int rowGroup, int leaf, Options options, OffsetIndex offsetIndex,
            int[] chosen) throws IOException {
        this.file = file;
        this.rowGroup = rowGroup;
        this.options = options;
        // pageWalker checks the chunk: metadata present, not encrypted, in this file, inside the data region
        PageWalker walker = ChunkPages.pageWalker(file, rowGroup, leaf);
        ColumnChunk cc = ParquetFiles.chunk(file, rowGroup, leaf);
        this.column = file.schema().column(leaf);
        this.meta = cc.metaData();
        this.decryptor = cc.decryptor();
        this.type = ColumnType.of(column);
        this.typeCode = column.type().ordinal();
        this.typeLength = column.typeLength();
        this.codec = meta.codec();
        this.maxDef = column.maxDefinitionLevel();
        this.maxRep = column.maxRepetitionLevel();
        this.rowGroupRows = ParquetFiles.rowGroup(file, rowGroup).numRows();
        this.chunkStart = walker.start();
        this.chunkEnd = walker.end();
        this.deltaCarryOver = needsDeltaCarryOver(ParquetFiles.metadata(file).createdBy());
        if (!Decompressor.isSupported(codec)) {
            throw new UnsupportedFeatureException("column \"" + column.dottedPath() + "\" uses the unsupported codec "
                    + Decompressor.codecName(codec), chunkStart);
        }
        this.decompressor = new Decompressor(options.maxPageSize());
        this.buffer = new ChunkBuffer(file.source(), options.readSize());
        this.sequential = offsetIndex == null;
        this.pos = chunkStart;
        this.offsetIndex = offsetIndex;
        if (sequential) {
            this.chosen = new int[0];
            this.chosenFetchLimit = new long[0];
            this.dictionaryRegion = null;
            this.spans = chunkEnd > chunkStart ? List.of(new ByteRange(chunkStart, chunkEnd - chunkStart)) : List.of();
            return;
        }
        String problem = offsetIndex.problem(cc, rowGroupRows);
        if (problem != null) {
            throw new OffsetIndexMismatchException("the OffsetIndex of column \"" + column.dottedPath() + "\" in row group "
                    + rowGroup + " cannot be used: " + problem, offsetIndex.offset());
        }
        this.chosen = new int[0];
        this.chosenFetchLimit = new long[0];
        long firstData = offsetIndex.pageCount() > 0 ? offsetIndex.page(0).offset() : chunkEnd;
        this.dictionaryRegion = chunkStart < firstData ? new long[] {chunkStart, firstData} : null;
        appendPages(chosen);
    }

    /**
     * Adds data pages (indexes into the OffsetIndex, increasing, after those chosen so far) to a
     * reader opened by {@link #openPages}; {@link #next()} returns them after the ones before. Each
     * contiguous run of the pages added in one call is fetched in one read (within the read size);
     * the dictionary page is read before the first chosen page, in one read with it when they touch.
     * Nothing outside the chosen pages and the dictionary region is ever fetched.
     */
    public void appendPages(int[] pages) {
        if (sequential) {
            throw new IllegalStateException("a reader walking its chunk takes no chosen pages");
        }
        for (int i = 0; i < pages.length; i++) {
            int p = pages[i];
            int before = i > 0 ? pages[i - 1] : chosenCount > 0 ? chosen[chosenCount - 1] : -1;
            if (p < 0 || p >= offsetIndex.pageCount() || p <= before) {
                throw new IllegalArgumentException("pages must be increasing indexes into the OffsetIndex's "
                        + offsetIndex.pageCount() + " pages, after those chosen: " + java.util.Arrays.toString(pages));
            }
        }
        if (pages.length == 0) {
            return;
        }
        int from = chosenCount;
        chosen = java.util.Arrays.copyOf(chosen, from + pages.length);
        chosenFetchLimit = java.util.Arrays.copyOf(chosenFetchLimit, from + pages.length);
        System.arraycopy(pages, 0, chosen, from, pages.length);
        chosenCount = from + pages.length;
        // runs of contiguous pages among those added: each page may fetch up to its run's end
        int runStart = from;
        for (int i = from; i < chosenCount; i++) {
            boolean runEnds = i + 1 == chosenCount
                    || offsetIndex.page(chosen[i + 1]).offset() != offsetIndex.page(chosen[i]).end();
            if (runEnds) {
                long end = offsetIndex.page(chosen[i]).end();
                for (int k = runStart; k <= i; k++) {
                    chosenFetchLimit[k] = end;
                }
                runStart = i + 1;
            }
        }
        spans = null;
    }

    /** The contiguous spans fetched for the chosen pages: the dictionary region, then the pages, merged where they touch. */
    private List<ByteRange> chosenSpans() {
        List<long[]> runs = new ArrayList<>();
        if (dictionaryRegion != null && chosenCount > 0) {
            runs.add(dictionaryRegion.clone());
        }
        for (int i = 0; i < chosenCount; i++) {
            PageLocation loc = offsetIndex.page(chosen[i]);
            long[] last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
            if (last != null && last[1] == loc.offset()) {
                last[1] = loc.end();
            } else {
                runs.add(new long[] {loc.offset(), loc.end()});
            }
        }
        List<ByteRange> s = new ArrayList<>();
        for (long[] r : runs) {
            s.add(new ByteRange(r[0], r[1] - r[0]));
        }
        return Collections.unmodifiableList(s);
    }

    /** A reader that walks every page of the chunk. */
    public static ColumnChunkReader open(ParquetFile file, int rowGroup, int column) throws IOException {
        return open(file, rowGroup, column, Options.DEFAULT);
    }

    public static ColumnChunkReader open(ParquetFile file, int rowGroup, int column, Options options)
            throws IOException {
        return new ColumnChunkReader(file, rowGroup, column, options, null, null);
    }

    /**
     * A reader that decodes only the data pages at the given indexes of the chunk's OffsetIndex
     * (increasing), and the dictionary page when the chunk has one; it fetches nothing else. The
     * index must pass {@link OffsetIndex#problem} (else a MalformedFileException).
     */
    public static ColumnChunkReader openPages(ParquetFile file, int rowGroup, int column, OffsetIndex offsetIndex,
            int[] pages, Options options) throws IOException {
        if (offsetIndex == null) {
            throw new IllegalArgumentException("openPages needs the chunk's OffsetIndex");
        }
        return new ColumnChunkReader(file, rowGroup, column, options, offsetIndex, pages);
    }

    public static ColumnChunkReader openPages(ParquetFile file, int rowGroup, int column, OffsetIndex offsetIndex,
            int[] pages) throws IOException {
        return openPages(file, rowGroup, column, offsetIndex, pages, Options.DEFAULT);
    }

    /** A reader that reads only the dictionary page (see {@link DictionaryPages}). */
    static ColumnChunkReader forDictionary(ParquetFile file, int rowGroup, int column, Options options)
            throws IOException {
        return new ColumnChunkReader(file, rowGroup, column, options, null, null);
    }

    public ColumnDescriptor column() {
        return column;
    }

    public ColumnType type() {
        return type;
    }

    public int rowGroup() {
        return rowGroup;
    }

    public ParquetFile file() {
        return file;
    }

    /** The byte ranges this reader fetches (the whole chunk when walking it). */
    public List<ByteRange> spans() {
        if (spans == null) {
            spans = chosenSpans();
        }
        return spans;
    }

    /** The chunk's dictionary, once read (null before, and for a chunk without one). */
    public Dictionary dictionary() {
        return dictionary;
    }

    /** The chunk's codec name and the library that decompresses it here, e.g. "SNAPPY: snappy-java (JNI)". */
    public String codecImplementation() {
        return Decompressor.codecName(codec) + ": " + decompressor.implementation(codec);
    }

    /** Data pages decoded so far. */
    public int pagesDecoded() {
        return pagesDecoded;
    }

    /** Data pages of the OffsetIndex not chosen (0 when walking the whole chunk). */
    public int pagesSkipped() {
        return sequential ? 0 : offsetIndex.pageCount() - chosenCount;
    }

    /** Bytes fetched from the file so far. */
    public long bytesFetched() {
        return buffer.bytesFetched();
    }

    /** Reads issued to the file so far. */
    public int reads() {
        return buffer.reads();
    }

    /** The next decoded data page, or null after the last. */
    public ColumnBatch next() throws IOException {
        if (aheadPool != null && !ahead.isEmpty()) {
            // (arrays) topped up from the pages already ahead; with none ahead, the page this
            // call decodes is not read ahead: it would be copied out of the read window only to
            // be taken back at once (DuckDB's file: every chunk one page, 0.6 GB of copies a scan)
            readAhead();
        }
        ColumnBatch b = sequential ? nextSequential() : nextChosen();
        if (inUse != null) {
            recycle(inUse); // decoded: the batch holds none of its bytes
            inUse = null;
        }
        if (copyInUse != null) {
            releaseCopyInUse(); // likewise
        }
        if (b != null && aheadPool != null) {
            readAhead();
        }
        if (held == null && allRead()) {
            // nothing more to read: the read window (up to the read size) and the inline page
            // buffer go now, back to the scan's spares, not when the reader is closed (a scan on
            // a pool opens the next row group's readers while this one's last batch is still
            // being handed out)
            buffer.release();
            recycle(pageBuf);
            pageBuf = EMPTY;
        }
        return b;
    }

    private static final byte[] EMPTY = new byte[0];

    /** A page-sized array of any content: one of the scan's spares, or new. */
    private byte[] array(int n) {
        return arrays != null ? arrays.array(n) : new byte[n];
    }

    /** A page ahead's array (see {@link AheadBudget#classArray}). */
    private byte[] classArray(int n) {
        return arrays != null ? arrays.classArray(n) : new byte[n];
    }

    /** A buffer a batch will view (see {@link AheadBudget#viewArray}). */
    private byte[] viewArray(int n) {
        return arrays != null ? arrays.viewArray(n) : new byte[n];
    }

    /** Gives back an array no batch references (see {@link AheadBudget}). */
    private void recycle(byte[] a) {
        if (arrays != null) {
            arrays.recycle(a);
        }
    }

    /**
     * Whether every byte this reader will decode has been read (pages read ahead hold copies):
     * the end of a walk, or the OffsetIndex's last page chosen and read (no page can be added
     * after it).
     */
    private boolean allRead() {
        if (sequential) {
            return (ahead.isEmpty() ? pos : ahead.peekLast().end()) >= chunkEnd;
        }
        if (chosenCount == 0 || chosen[chosenCount - 1] != offsetIndex.pageCount() - 1) {
            return false;
        }
        int k = nextChosen;
        for (Page q : ahead) {
            k += q.header.isDataPage() ? 1 : 0;
        }
        return k >= chosenCount;
    }

    /**
     * The bytes all readers in this JVM hold in pages read ahead, whatever budget they were given
     * (tests: the scan's bound is checked on what is held, not on the budget that should hold it).
     */
    public static final Gauge HELD_AHEAD = new Gauge();

    /** A sum over threads and its peak since the last {@link #resetPeak}. */
    public static final class Gauge {
        private final java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong();
        private final java.util.concurrent.atomic.AtomicLong peak = new java.util.concurrent.atomic.AtomicLong();

        void add(long n) {
            long v = now.addAndGet(n);
            if (n > 0) {
                peak.accumulateAndGet(v, Math::max);
            }
        }

        public long now() {
            return now.get();
        }

        public long peak() {
            return peak.get();
        }

        public void resetPeak() {
            peak.set(now.get());
        }
    }

    /** Pages read from the file's bytes so far (each page once, however it was decoded); tests. */
    int pageReads() {
        return pageReads;
    }

    /**
     * Decompresses up to {@code pages} pages ahead on {@code pool}, holding their stored and
     * decompressed bytes within {@code budget} (shared by the scan's readers; a page that does not
     * fit what is left of it is decoded inline when reached). Headers, checksums, the dictionary and decoding stay on the reader's thread, in
     * order, so a page's errors are thrown by the {@link #next()} that reaches it, as without a
     * pool. Not for encrypted chunks (a page's AAD ordinal is taken as it is read) or uncompressed
     * ones (nothing to do): there it does nothing.
     */
    public void decompressAhead(Executor pool, int pages, AheadBudget budget) {
        if (budget != null) {
            // (arrays) the scan's spare arrays at any thread count, a pool or none
            this.arrays = budget;
            buffer.arrays(budget);
        }
        if (pool == null || pages < 1 || decryptor != null || codec == Decompressor.UNCOMPRESSED) {
            return;
        }
        this.aheadPool = pool;
        this.aheadMax = pages;
        this.aheadBudget = budget;
    }

    /** {@link #decompressAhead(Executor, int, AheadBudget)} with a budget of this reader's own. */
    public void decompressAhead(Executor pool, int pages, long budgetBytes) {
        decompressAhead(pool, pages, new AheadBudget(budgetBytes));
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        dropAhead(); // a task running finishes first: its decompressor is then spare
        decompressor.close();
        for (Decompressor d; (d = spareDecompressors.poll()) != null; ) {
            d.close();
        }
        // what a next() that threw left (no batch was made from them), the window, the page buffer
        recycle(inUse);
        inUse = null;
        releaseCopyInUse();
        buffer.release();
        recycle(pageBuf);
        pageBuf = EMPTY;
    }

    // ---- decompressing ahead ----------------------------------------------------------------------

    /** The page at {@code at}: the one read ahead, the one held, or read now. */
    private Page takePage(long at, long pageLimit, long fetchLimit) throws IOException {
        Page p = ahead.peek();
        if (p != null) {
            if (p.offset() == at) {
                ahead.poll();
                aheadBytes -= p.aheadCost();
                aheadBudget.release(p.aheadCost());
                HELD_AHEAD.add(-p.aheadCost());
                copyInUse = p.plain();
                preparedInUse = p.prepared;
                return p;
            }
            dropAhead(); // not reached: pages are read ahead exactly where next() goes
        }
        Page h = held;
        held = null;
        if (h != null && h.offset() == at && h.end() <= pageLimit) {
            return h; // read and checked once already; its bytes are in the buffer still
        }
        return readPage(at, pageLimit, fetchLimit);
    }

    /**
     * Gives back the stored bytes' copy of the page taken from those read ahead. Its task may
     * still be running on a pool thread when the page was not decoded from its output (a next()
     * that threw first, or the inline path taken): it is stopped or waited for first, so no
     * other reader writes into bytes a decompressor is reading.
     */
    private void releaseCopyInUse() {
        if (preparedInUse != null) {
            preparedInUse.abandon();
            preparedInUse = null;
        }
        recycle(copyInUse);
        copyInUse = null;
    }

    private void dropAhead() {
        for (Page q : ahead) {
            if (q.prepared != null) {
                q.prepared.abandon(); // it never runs now, or has finished
                recycle(q.prepared.out);
            }
            recycle(q.plain); // the stored bytes' copy: nothing reads it once its task is done
        }
        releaseAhead();
        held = null;
    }

    /** Empties the pages read ahead and gives their bytes back to the budget. */
    private void releaseAhead() {
        ahead.clear();
        if (aheadBudget != null) {
            aheadBudget.release(aheadBytes);
        }
        HELD_AHEAD.add(-aheadBytes);
        aheadBytes = 0;
    }

    /** Reads the pages after those handed out (and read ahead) and queues their decompression. */
    private void readAhead() {
        while (!closed && ahead.size() < aheadMax) {
            long at;
            long pageLimit;
            long fetchLimit;
            if (sequential) {
                at = ahead.isEmpty() ? pos : ahead.peekLast().end();
                if (at >= chunkEnd) {
                    return;
                }
                pageLimit = chunkEnd;
                fetchLimit = chunkEnd;
            } else if (nextChosen == 0 && chosenCount > 0 && dictionaryRegion != null && !dictionarySeen
                    && ahead.isEmpty()) {
                at = dictionaryRegion[0]; // as nextChosen reads it, before the first chosen page
                pageLimit = dictionaryRegion[1];
                fetchLimit = chosenFetchLimitOfRegion();
            } else {
                int k = nextChosen;
                for (Page q : ahead) {
                    k += q.header.isDataPage() ? 1 : 0;
                }
                if (k >= chosenCount) {
                    return;
                }
                PageLocation loc = offsetIndex.page(chosen[k]);
                at = loc.offset();
                pageLimit = loc.end();
                fetchLimit = chosenFetchLimit[k];
            }
            Page p;
            if (held != null && held.offset() == at) {
                p = held; // too large before; maybe it fits now
            } else {
                held = null;
                try {
                    p = readPage(at, pageLimit, fetchLimit);
                } catch (IOException | RuntimeException e) {
                    return; // read again when next() reaches it, and thrown there, as without a pool
                }
            }
            if (!p.header.isDataPage() && !p.header.isDictionaryPage()) {
                held = p; // next() takes it (its body is not fetched)
                return;
            }
            int stored = (int) (p.end() - p.bodyOffset());
            // (reuse) counted as the arrays it will hold take at most (their size class: never a
            // spare larger than that, AheadBudget.classArray), not as the bytes asked for
            long cost = AheadBudget.counted(stored) + AheadBudget.counted(Math.max(0, p.header.uncompressedPageSize()));
            if (!aheadBudget.take(cost)) {
                held = p; // its bytes stay in the buffer; next() decodes it there, not read again
                return;
            }
            held = null;
            byte[] copy = classArray(stored);
            System.arraycopy(buffer.array(), buffer.index(p.bodyOffset()), copy, 0, stored);
            Prepared prep = prepare(p, copy);
            Page q = new Page(p.offset(), p.headerLength(), p.header(), p.end(), copy, true, prep, cost);
            ahead.add(q);
            aheadBytes += cost;
            HELD_AHEAD.add(cost);
            if (prep != null) {
                try {
                    aheadPool.execute(prep);
                } catch (RejectedExecutionException e) {
                    // a pool shut down: next() decompresses it itself
                }
            }
        }
    }

    /** The decompression a data page's body needs, as {@link #body} would do it; null if none or unsure. */
    private Prepared prepare(Page p, byte[] copy) {
        PageHeader h = p.header;
        if (h.dataPageHeader() != null) {
            return new Prepared(copy, 0, h.compressedPageSize(), h.uncompressedPageSize(), p.bodyOffset(), viewed(h));
        }
        PageHeader.DataPageHeaderV2 v2 = h.dataPageHeaderV2();
        if (v2 == null || !v2.compressed()) {
            return null;
        }
        long levels = (long) v2.repetitionLevelsByteLength() + v2.definitionLevelsByteLength();
        if (v2.repetitionLevelsByteLength() < 0 || v2.definitionLevelsByteLength() < 0
                || levels > h.compressedPageSize() || levels > h.uncompressedPageSize()) {
            return null; // body() throws the right error when next() reaches it
        }
        int l = (int) levels;
        return new Prepared(copy, l, h.compressedPageSize() - l, h.uncompressedPageSize() - l, p.bodyOffset() + l,
                viewed(h));
    }

    /**
     * One page's decompression: run by a pool thread, or by the reader if it gets there first (so
     * the reader never waits for a task still queued behind other columns' work).
     */
    private final class Prepared implements Runnable {
        final byte[] src;
        final int from;
        final int storedLen;
        final int size;
        final long fileOffset;
        /** The batch will view the output (see {@link #viewed}). */
        final boolean kept;

        private final AtomicBoolean claimed = new AtomicBoolean();
        private final CompletableFuture<Void> done = new CompletableFuture<>();
        /** Written by the runner; read after {@code done} (get, abandon). */
        private byte[] out;
        private Throwable failure;

        Prepared(byte[] src, int from, int storedLen, int size, long fileOffset, boolean kept) {
            this.src = src;
            this.from = from;
            this.storedLen = storedLen;
            this.size = size;
            this.fileOffset = fileOffset;
            this.kept = kept;
        }

        @Override
        public void run() {
            if (claimed.compareAndSet(false, true)) {
                work();
            }
        }

        private void work() {
            Decompressor d = spareDecompressors.poll();
            try {
                if (d == null) {
                    d = new Decompressor(options.maxPageSize());
                }
                d.checkSizes(codec, storedLen, size, fileOffset);
                // a page its batch will view gets an array of its size (a spare of at most its
                // size class once the consumer releases batches); others a spare
                byte[] o = kept ? viewArray(size) : classArray(size);
                d.decompress(codec, src, from, storedLen, o, 0, size, fileOffset);
                out = o;
            } catch (Throwable t) {
                failure = t;
            } finally {
                if (d != null) {
                    spareDecompressors.add(d);
                    if (closed) {
                        // the reader closed while this ran (a next() that threw after taking this
                        // page): nobody will reuse the spares, so close them (each poll is once)
                        for (Decompressor x; (x = spareDecompressors.poll()) != null; ) {
                            x.close();
                        }
                    }
                }
                done.complete(null);
            }
        }

        /** The decompressed bytes, or what decompressing them threw (as the inline path throws it). */
        byte[] get() {
            if (claimed.compareAndSet(false, true)) {
                work();
            } else {
                done.join();
            }
            if (failure instanceof RuntimeException r) {
                throw r;
            }
            if (failure instanceof Error e) {
                throw e;
            }
            if (failure != null) {
                throw new IllegalStateException(failure);
            }
            return out;
        }

        /** Never runs now; if it runs, waits for it. */
        void abandon() {
            if (!claimed.compareAndSet(false, true)) {
                done.join();
            }
        }
    }

    // ---- walking ----------------------------------------------------------------------------------

    private ColumnBatch nextSequential() throws IOException {
        while (pos < chunkEnd) {
            long at = pos;
            Page p = takePage(at, chunkEnd, chunkEnd);
            pos = p.end();
            PageHeader h = p.header;
            pagesSeen++;
            if (h.isDictionaryPage()) {
                if (pagesSeen > 1) {
                    throw new MalformedFileException("a dictionary page that is not the first page of its column chunk",
                            at);
                }
                loadDictionary(p);
                continue;
            }
            if (!h.isDataPage()) {
                continue; // index pages (never written) and page types from newer formats
            }
            int n = h.numValues();
            if (n > meta.numValues() - valuesSeen) {
                throw new MalformedFileException("the column chunk's data pages hold more level entries than its "
                        + "num_values " + meta.numValues(), at);
            }
            ColumnBatch b = decodeDataPage(p, dataPagesSeen);
            if (b.continuesRow && rowsSeen == 0 && valuesSeen == 0) {
                throw new MalformedFileException("the first data page of the column chunk starts with repetition level "
                        + b.rep[0] + ": a chunk must start at a row", at);
            }
            b.firstRow = rowsSeen;
            valuesSeen += n;
            rowsSeen += b.rowCount;
            dataPagesSeen++;
            return b;
        }
        if (!finished) {
            finished = true;
            if (valuesSeen != meta.numValues()) {
                throw new MalformedFileException("the column chunk's data pages hold " + valuesSeen
                        + " level entries but its num_values is " + meta.numValues(), chunkStart);
            }
            if (rowsSeen != rowGroupRows) {
                throw new MalformedFileException("the column chunk of \"" + column.dottedPath() + "\" holds "
                        + rowsSeen + " rows but its row group has " + rowGroupRows, chunkStart);
            }
        }
        return null;
    }

    private ColumnBatch nextChosen() throws IOException {
        if (nextChosen >= chosenCount) {
            return null; // none chosen (yet): the dictionary waits for the first chosen page
        }
        if (nextChosen == 0 && dictionaryRegion != null && !dictionarySeen) {
            long at = dictionaryRegion[0];
            long limit = chosenFetchLimitOfRegion();
            Page p = takePage(at, dictionaryRegion[1], limit);
            if (!p.header.isDictionaryPage()) {
                throw new MalformedFileException("the column chunk holds a page of type " + p.header.type()
                        + " before the first data page of its OffsetIndex, where only a dictionary page may be", at);
            }
            if (p.end() != dictionaryRegion[1]) {
                throw new MalformedFileException("the dictionary page ends at " + p.end()
                        + " but the OffsetIndex's first data page starts at " + dictionaryRegion[1], at);
            }
            loadDictionary(p);
        }
        int k = nextChosen++;
        int index = chosen[k];
        PageLocation loc = offsetIndex.page(index);
        Page p = takePage(loc.offset(), loc.end(), chosenFetchLimit[k]);
        if (!p.header.isDataPage()) {
            throw new MalformedFileException("the OffsetIndex's page " + index + " at " + loc.offset()
                    + " is not a data page (type " + p.header.type() + ")", loc.offset());
        }
        if (p.end() != loc.end()) {
            throw new MalformedFileException("the OffsetIndex gives page " + index + " at " + loc.offset() + " "
                    + loc.compressedPageSize() + " bytes, but its header and body take " + (p.end() - loc.offset()),
                    loc.offset());
        }
        if (p.header.numValues() > meta.numValues()) {
            throw new MalformedFileException("a data page of " + p.header.numValues()
                    + " level entries in a column chunk of " + meta.numValues(), loc.offset());
        }
        ColumnBatch b = decodeDataPage(p, index);
        if (b.continuesRow) {
            throw new OffsetIndexMismatchException("the data page at " + loc.offset() + " (OffsetIndex page " + index
                    + ") starts inside a row (repetition level " + b.rep[0] + "): its writer broke the rule that "
                    + "pages listed in an OffsetIndex start at row boundaries; read the column chunk sequentially",
                    loc.offset());
        }
        long first = loc.firstRowIndex();
        long rows = offsetIndex.endRow(index, rowGroupRows) - first;
        if (b.rowCount != rows) {
            throw new OffsetIndexMismatchException("the OffsetIndex gives page " + index + " rows [" + first + ", "
                    + (first + rows) + "), but the page holds " + b.rowCount + " rows", loc.offset());
        }
        b.firstRow = first;
        return b;
    }

    private long chosenFetchLimitOfRegion() {
        // the dictionary region merges with the first chosen page's span when they touch
        return chosenCount > 0 && offsetIndex.page(chosen[0]).offset() == dictionaryRegion[1]
                ? chosenFetchLimit[0] : dictionaryRegion[1];
    }

    /**
     * Reads the chunk's dictionary page alone, fetching only its bytes; null when the chunk has
     * none. Where the metadata gives no dictionary_page_offset but lists a dictionary encoding,
     * the first page's header is read to see whether it is one.
     */
    Dictionary readDictionaryOnly() throws IOException {
        long dictOffset = meta.dictionaryPageOffset();
        long dataOffset = meta.dataPageOffset();
        Page p;
        if (dictOffset > 0 && dictOffset < dataOffset) {
            p = readPage(chunkStart, Math.min(dataOffset, chunkEnd), Math.min(dataOffset, chunkEnd));
        } else if (chunkEnd > chunkStart && listsDictionaryEncoding()) {
            // no offset to bound it: fetch a small window for the header, then exactly the body
            p = readPage(chunkStart, chunkEnd, -1);
        } else {
            return null;
        }
        if (!p.header.isDictionaryPage()) {
            if (dictOffset > 0 && dictOffset < dataOffset) {
                throw new MalformedFileException("dictionary_page_offset " + dictOffset
                        + " points at a page of type " + p.header.type(), chunkStart);
            }
            return null;
        }
        loadDictionary(p);
        return dictionary;
    }

    long dictionaryOffset() {
        return dictionaryOffset;
    }

    private boolean listsDictionaryEncoding() {
        for (int e : meta.encodings()) {
            if (e == Encoding.PLAIN_DICTIONARY || e == Encoding.RLE_DICTIONARY) {
                return true;
            }
        }
        return false;
    }

    // ---- pages --------------------------------------------------------------------------------------

    /**
     * A page whose header is decoded and whose stored body is in the buffer; for an encrypted
     * page, {@code plain} holds the decrypted body, whose size the header then gives.
     */
    private record Page(long offset, int headerLength, PageHeader header, long end, byte[] plain, boolean copied,
            Prepared prepared, long aheadCost) {
        Page(long offset, int headerLength, PageHeader header) {
            this(offset, headerLength, header, offset + headerLength + header.compressedPageSize(), null);
        }

        /** plain: the decrypted body of an encrypted page. */
        Page(long offset, int headerLength, PageHeader header, long end, byte[] plain) {
            this(offset, headerLength, header, end, plain, false, null, 0);
        }

        long bodyOffset() {
            return offset + headerLength;
        }
    }

    /**
     * Decodes the header at {@code at} and fetches the body: the page must end by {@code
     * pageLimit}; nothing at or past {@code fetchLimit} is read (-1: read exactly what the page
     * needs, a small window for the header first).
     */
    private Page readPage(long at, long pageLimit, long fetchLimit) throws IOException {
        pageReads++;
        long avail = pageLimit - at;
        if (avail <= 0) {
            throw new MalformedFileException("a page expected at " + at + " lies outside its range", at);
        }
        if (decryptor != null) {
            return readEncryptedPage(at, pageLimit, fetchLimit);
        }
        boolean exact = fetchLimit < 0;
        int want = (int) Math.min(avail, 256);
        PageHeaderDecoder.Decoded d;
        while (true) {
            long limit = exact ? at + want : fetchLimit;
            buffer.ensure(at, want, limit);
            int have = (int) Math.min(Math.min(buffer.end(), pageLimit) - at, Integer.MAX_VALUE - 16);
            int idx = buffer.index(at);
            try {
                d = PageHeaderDecoder.decode(buffer.array(), idx, have, at - idx);
                break;
            } catch (MalformedFileException e) {
                if (have >= avail) {
                    throw e; // all the bytes the page may have: the header is malformed, not cut short
                }
                if (have >= PageWalker.MAX_HEADER) {
                    throw new MalformedFileException("a page header larger than " + PageWalker.MAX_HEADER
                            + " bytes, or a malformed one: " + e.getMessage(), at, e);
                }
                want = (int) Math.min(avail, Math.min((long) have * 2, PageWalker.MAX_HEADER));
            }
        }
        PageHeader h = d.header();
        long end = at + d.length() + (long) h.compressedPageSize();
        if (end > pageLimit) {
            throw new MalformedFileException("the page at " + at + " (header " + d.length() + " bytes, body "
                    + h.compressedPageSize() + " bytes) ends at " + end + ", past the end of its range " + pageLimit,
                    at);
        }
        Page p = new Page(at, d.length(), h);
        if (!h.isDataPage() && !h.isDictionaryPage()) {
            return p; // skipped: its body is not needed (in a walk it is fetched with the rest)
        }
        int maxSize = options.maxPageSize();
        if (h.compressedPageSize() > maxSize || h.uncompressedPageSize() > maxSize) {
            throw new UnsupportedFeatureException("a page of " + Math.max(h.compressedPageSize(),
                    h.uncompressedPageSize()) + " bytes exceeds the limit of " + maxSize + "; " + Limits.REMEDY, at);
        }
        int total = d.length() + h.compressedPageSize();
        buffer.ensure(at, total, exact ? end : fetchLimit);
        if (options.verifyChecksums() && h.hasCrc()) {
            crc.reset();
            crc.update(buffer.array(), buffer.index(p.bodyOffset()), h.compressedPageSize());
            int computed = (int) crc.getValue();
            if (computed != h.crc()) {
                throw new MalformedFileException(String.format("the page at %d fails its checksum: its header says "
                        + "CRC-32 %08x, its body has %08x", at, h.crc(), computed), at);
            }
        }
        return p;
    }

    /**
     * {@link #readPage} for an encrypted chunk: the header is a GCM module (its kind and data page
     * ordinal are in its AAD), the body a GCM or CTR module whose stored size the header gives.
     * The body is decrypted here, so that decompression and decoding see plaintext. A v2 page's
     * levels are stored in plaintext before the encrypted values, as parquet-java writes them.
     */
    private Page readEncryptedPage(long at, long pageLimit, long fetchLimit) throws IOException {
        boolean exact = fetchLimit < 0;
        int avail = (int) Math.min(pageLimit - at, PageWalker.MAX_HEADER);
        int ordinal = sequential ? dataPagesSeen : pageIndexAt(at);
        buffer.ensure(at, Math.min(4, avail), exact ? at + Math.min(4, avail) : fetchLimit);
        int stored = decryptor.storedLength(ModuleType.DATA_PAGE_HEADER, ordinal, buffer.array(), buffer.index(at),
                (int) Math.min(Math.min(buffer.end(), pageLimit) - at, avail), at);
        buffer.ensure(at, stored, exact ? at + stored : fetchLimit);
        ChunkDecryptor.Header dh = decryptor.pageHeader(buffer.array(), buffer.index(at), stored, at, ordinal,
                at == chunkStart);
        PageHeader h = PageHeaderDecoder.decode(dh.plain(), 0, dh.plain().length, at).header();
        long end = at + stored + (long) h.compressedPageSize();
        if (end > pageLimit) {
            throw new MalformedFileException("the page at " + at + " (header " + stored + " bytes, body "
                    + h.compressedPageSize() + " bytes) ends at " + end + ", past the end of its range " + pageLimit, at);
        }
        if (!h.isDataPage() && !h.isDictionaryPage()) {
            return new Page(at, stored, h, end, null);
        }
        int maxSize = options.maxPageSize();
        if (h.compressedPageSize() > maxSize || h.uncompressedPageSize() > maxSize) {
            throw new UnsupportedFeatureException("a page of " + Math.max(h.compressedPageSize(),
                    h.uncompressedPageSize()) + " bytes exceeds the limit of " + maxSize + "; " + Limits.REMEDY, at);
        }
        buffer.ensure(at, stored + h.compressedPageSize(), exact ? end : fetchLimit);
        int body = buffer.index(at + stored);
        if (options.verifyChecksums() && h.hasCrc()) {
            crc.reset(); // parquet-java's CRC covers the stored (encrypted) body
            crc.update(buffer.array(), body, h.compressedPageSize());
            if ((int) crc.getValue() != h.crc()) {
                throw new MalformedFileException(String.format("the encrypted page at %d fails its checksum: its "
                        + "header says CRC-32 %08x, its body has %08x", at, h.crc(), (int) crc.getValue()), at);
            }
        }
        int levels = h.dataPageHeaderV2() != null
                ? h.dataPageHeaderV2().repetitionLevelsByteLength() + h.dataPageHeaderV2().definitionLevelsByteLength()
                : 0;
        if (levels < 0 || levels > h.compressedPageSize()) {
            throw new MalformedFileException("a v2 page whose levels (" + levels + " bytes) exceed its body of "
                    + h.compressedPageSize(), at);
        }
        ModuleType kind = h.isDictionaryPage() ? ModuleType.DICTIONARY_PAGE : ModuleType.DATA_PAGE;
        byte[] values = decryptor.decrypt(kind, ordinal, buffer.array(), body + levels, h.compressedPageSize() - levels,
                at + stored + levels);
        byte[] plain = new byte[levels + values.length];
        System.arraycopy(buffer.array(), body, plain, 0, levels);
        System.arraycopy(values, 0, plain, levels, values.length);
        PageHeader ph = new PageHeader(h.type(), h.uncompressedPageSize(), plain.length, h.crc(), h.hasCrc(),
                h.dataPageHeader(), h.dictionaryPageHeader(), h.dataPageHeaderV2());
        return new Page(at, stored, ph, end, plain);
    }

    /** The OffsetIndex position of the page at {@code at} (its AAD ordinal); 0 where none starts there. */
    private int pageIndexAt(long at) {
        int lo = 0;
        int hi = offsetIndex.pageCount() - 1;
        while (lo <= hi) { // offsets increase (OffsetIndex.problem checks it)
            int mid = (lo + hi) >>> 1;
            long o = offsetIndex.page(mid).offset();
            if (o == at) {
                return mid;
            }
            if (o < at) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return 0;
    }

    private void loadDictionary(Page p) {
        if (dictionarySeen) {
            throw new MalformedFileException("a second dictionary page in the column chunk", p.offset);
        }
        dictionarySeen = true;
        PageHeader h = p.header;
        PageHeader.DictionaryPageHeader dh = h.dictionaryPageHeader();
        if (dh.encoding() != Encoding.PLAIN && dh.encoding() != Encoding.PLAIN_DICTIONARY) {
            throw new UnsupportedFeatureException("a dictionary page in encoding " + Encoding.name(dh.encoding()),
                    p.offset);
        }
        if (dh.numValues() < 0 || dh.numValues() > options.maxPageValues()) {
            throw new UnsupportedFeatureException("a dictionary page of " + dh.numValues()
                    + " values, beyond the limit of " + options.maxPageValues() + "; " + Limits.REMEDY, p.offset);
        }
        Body body = body(p, 0, h.compressedPageSize(), h.uncompressedPageSize(), true);
        try {
            dictionary = Dictionary.decode(typeCode, typeLength, body.buf, body.off, body.len, dh.numValues(),
                    body.fileOffset);
        } catch (MalformedFileException e) {
            throw located(e, body, p);
        }
        dictionaryOffset = p.offset;
    }

    /** Bytes to decode: buf[off, off+len); fileOffset is that of buf[off] when exact, else the page's. */
    private record Body(byte[] buf, int off, int len, long fileOffset, boolean exact) {}

    /**
     * The stored bytes [from, from+storedLen) of the page's body, decompressed to size bytes if
     * compressed (into a buffer reused for the next page).
     */
    private Body body(Page p, int from, int storedLen, int size, boolean compressed) {
        byte[] src = p.plain != null ? p.plain : buffer.array();
        int idx = p.plain != null ? from : buffer.index(p.bodyOffset()) + from;
        long fileOffset = p.bodyOffset() + from;
        if (!compressed || codec == Decompressor.UNCOMPRESSED) {
            if (storedLen != size) {
                throw new MalformedFileException("an uncompressed page section of " + storedLen
                        + " bytes whose header declares " + size, p.offset);
            }
            return new Body(src, idx, storedLen, fileOffset, p.plain == null || p.copied);
        }
        Prepared prep = p.prepared;
        if (prep != null && prep.from == from && prep.storedLen == storedLen && prep.size == size) {
            byte[] out = prep.get();
            inUse = out;
            return new Body(out, 0, size, p.offset, false);
        }
        decompressor.checkSizes(codec, storedLen, size, fileOffset);
        if (viewed(p.header)) {
            // (arrays) its batch will view these bytes: an array of exactly its size; (reuse) a
            // spare of at most its size class once the consumer releases batches (the buffer
            // comes back through the page's lease)
            if (pageBuf.length != size) {
                recycle(pageBuf);
                pageBuf = viewArray(size);
            }
        } else if (pageBuf.length < size) {
            recycle(pageBuf);
            pageBuf = array(size);
        }
        decompressor.decompress(codec, src, idx, storedLen, pageBuf, 0, size, fileOffset);
        return new Body(pageBuf, 0, size, p.offset, false);
    }

    /**
     * Whether a data page's decompressed values become its batch's own (a view of PLAIN strings,
     * {@link #decodeValues}): such a buffer comes from {@link #viewArray}, held by the page's
     * lease for as long as a batch views it and given back to the scan only when every batch
     * viewing it is released, not from the reader's own reused buffer.
     */
    private boolean viewed(PageHeader h) {
        if (options.reuseBatches() || typeCode != io.pqlab.internal.encoding.Encodings.Type.BYTE_ARRAY) {
            return false;
        }
        int enc = h.dataPageHeader() != null ? h.dataPageHeader().encoding()
                : h.dataPageHeaderV2() != null ? h.dataPageHeaderV2().encoding() : -1;
        return enc == Encoding.PLAIN;
    }

    /** Errors inside decompressed bytes have no file offset of their own: point at the page. */
    private static MalformedFileException located(MalformedFileException e, Body body, Page p) {
        if (body.exact) {
            return e;
        }
        return new MalformedFileException("in the decompressed page at " + p.offset + ": " + e.getMessage(), p.offset,
                e);
    }

    private ColumnBatch decodeDataPage(Page p, int pageIndex) {
        PageHeader h = p.header;
        int n = h.numValues();
        if (n < 0) {
            throw new MalformedFileException("a data page of " + n + " values", p.offset);
        }
        if (n > options.maxPageValues()) {
            throw new UnsupportedFeatureException("a data page of " + n + " level entries exceeds the limit of "
                    + options.maxPageValues() + "; " + Limits.REMEDY, p.offset);
        }
        ColumnBatch b = batch();
        if (leasing()) {
            // (pages) its arrays come from the scan's spares and go back once no batch holds it
            b.lease = new PageLease(b, arrays);
        }
        leased = b.lease != null;
        b.pageIndex = pageIndex;
        b.pageOffset = p.offset;
        b.pageLength = (int) (p.end() - p.offset);
        b.pageType = h.type();
        b.entryCount = n;
        int[] oldRep = b.rep;
        int[] oldDef = b.def;
        Body values;
        if (h.dataPageHeader() != null) {
            PageHeader.DataPageHeader v1 = h.dataPageHeader();
            b.encoding = v1.encoding();
            Body body = body(p, 0, h.compressedPageSize(), h.uncompressedPageSize(), true);
            int at = body.off;
            int end = body.off + body.len;
            try {
                at += levelsV1(body, at, end, maxRep, v1.repetitionLevelEncoding(), n, oldRep, "repetition", false);
                b.rep = levelsOut;
                at += levelsV1(body, at, end, maxDef, v1.definitionLevelEncoding(), n, oldDef, "definition", true);
                b.def = levelsOut;
            } catch (MalformedFileException e) {
                throw located(e, body, p);
            }
            values = new Body(body.buf, at, end - at, body.exact ? body.fileOffset + (at - body.off) : p.offset,
                    body.exact);
        } else {
            PageHeader.DataPageHeaderV2 v2 = h.dataPageHeaderV2();
            b.encoding = v2.encoding();
            int repLen = v2.repetitionLevelsByteLength();
            int defLen = v2.definitionLevelsByteLength();
            Body levels = body(p, 0, repLen + defLen, repLen + defLen, false);
            levelsV2(levels, levels.off, repLen, maxRep, n, oldRep, "repetition", false);
            b.rep = levelsOut;
            levelsV2(levels, levels.off + repLen, defLen, maxDef, n, oldDef, "definition", true);
            b.def = levelsOut;
            values = body(p, repLen + defLen, h.compressedPageSize() - repLen - defLen,
                    h.uncompressedPageSize() - repLen - defLen, v2.compressed());
        }
        int nonNull = n; // (arrays) also where the definition levels were one run of the maximum: b.def null
        if (b.def != null) {
            nonNull = 0;
            for (int i = 0; i < n; i++) {
                if (b.def[i] == maxDef) {
                    nonNull++;
                }
            }
        }
        b.valueCount = nonNull;
        b.allDefined = nonNull == n; // no nulls in the page: entry e is value e, no index to build
        try {
            decodeValues(b, values, nonNull, pageIndex, p.offset);
        } catch (MalformedFileException e) {
            throw located(e, values, p);
        }
        rows(b);
        if (h.dataPageHeaderV2() != null && !b.continuesRow && h.dataPageHeaderV2().numRows() != b.rowCount) {
            throw new OffsetIndexMismatchException("a v2 data page whose header says " + h.dataPageHeaderV2().numRows()
                    + " rows holds " + b.rowCount, p.offset);
        }
        pagesDecoded++;
        return b;
    }

    private ColumnBatch batch() {
        if (options.reuseBatches()) {
            if (reusable == null) {
                reusable = new ColumnBatch(column, type);
            }
            reusable.reset();
            return reusable;
        }
        return new ColumnBatch(column, type);
    }

    /**
     * (pages) Whether this reader's pages are leased ({@link PageLease}): a scan's (the spares
     * given), a flat column's (a batch holds a page's rows as runs of its entries, which the seals
     * count on), each page a batch of its own.
     */
    private boolean leasing() {
        return arrays != null && maxRep == 0 && !options.reuseBatches();
    }

    /** The page being decoded is leased: its arrays are the spares' ({@link AheadBudget#ints} ...). */
    private boolean leased;

    private int[] ints(int[] old, int n) {
        if (leased) {
            return arrays.ints(n);
        }
        return options.reuseBatches() && old != null && old.length >= n ? old : new int[n];
    }

    /**
     * The levels the last {@link #levelsV1} or {@link #levelsV2} decoded (into the array given or
     * a new one): null where there are none to keep, a maximum of 0, or, when {@code oneRun} was
     * allowed, one RLE run of the maximum over every entry (a page without nulls: nothing filled
     * or counted; the batch's readers take a null {@code def} as every entry defined).
     */
    private int[] levelsOut;

    /** v1 levels at buf[at, end) into {@link #levelsOut}; returns the bytes they take (0 when the column has no such level). */
    private int levelsV1(Body body, int at, int end, int maxLevel, int encoding, int n, int[] reuse, String what,
            boolean oneRun) {
        levelsOut = null;
        if (maxLevel == 0) {
            return 0;
        }
        int width = 32 - Integer.numberOfLeadingZeros(maxLevel);
        long fo = body.exact ? body.fileOffset + (at - body.off) : body.fileOffset;
        int[] dst;
        int used;
        if (encoding == Encoding.RLE) {
            if (n == 0 && end - at < 4) {
                levelsOut = ints(reuse, 0);
                return end - at; // an empty page whose writer left out even the length
            }
            RleBitPackedDecoder d = new RleBitPackedDecoder();
            used = d.initLengthPrefixed(body.buf, at, end - at, width, fo);
            if (oneRun && d.skipIfOneRun(maxLevel, n)) {
                return used;
            }
            dst = ints(reuse, n);
            d.readInts(dst, 0, n);
        } else if (encoding == Encoding.BIT_PACKED) {
            dst = ints(reuse, n);
            used = BitPackedLevels.decode(body.buf, at, end - at, width, n, dst, 0, fo);
        } else {
            throw new MalformedFileException(what + " levels in encoding " + Encoding.name(encoding)
                    + " (only RLE and BIT_PACKED are defined for levels)", fo);
        }
        checkLevels(dst, n, maxLevel, what, fo);
        levelsOut = dst;
        return used;
    }

    /** v2 levels: RLE runs filling exactly len bytes, never compressed; into {@link #levelsOut}. */
    private void levelsV2(Body body, int at, int len, int maxLevel, int n, int[] reuse, String what, boolean oneRun) {
        levelsOut = null;
        if (maxLevel == 0) {
            return; // a column without such levels: bytes there, if any, are not levels
        }
        int width = 32 - Integer.numberOfLeadingZeros(maxLevel);
        long fo = body.fileOffset + (at - body.off);
        RleBitPackedDecoder d = new RleBitPackedDecoder().init(body.buf, at, len, width, fo);
        if (oneRun && d.skipIfOneRun(maxLevel, n)) {
            return;
        }
        int[] dst = ints(reuse, n);
        d.readInts(dst, 0, n);
        checkLevels(dst, n, maxLevel, what, fo);
        levelsOut = dst;
    }

    private static void checkLevels(int[] dst, int n, int maxLevel, String what, long fo) {
        if ((maxLevel & (maxLevel + 1)) == 0) {
            // (loops) a maximum of 2^w - 1 is every w-bit value: the decoders give w-bit values
            // (packed ones masked, an RLE run's value checked to fit), so none can exceed it
            return;
        }
        for (int i = 0; i < n; i++) {
            if (dst[i] > maxLevel || dst[i] < 0) {
                throw new MalformedFileException(what + " level " + Integer.toUnsignedString(dst[i]) + " of entry " + i
                        + " exceeds the column's maximum " + maxLevel, fo);
            }
        }
    }

    private void rows(ColumnBatch b) {
        int n = b.entryCount;
        if (b.rep == null) {
            b.rowCount = n;
            b.continuesRow = false;
            return;
        }
        int rows = 0;
        for (int i = 0; i < n; i++) {
            if (b.rep[i] == 0) {
                rows++;
            }
        }
        b.rowCount = rows;
        b.continuesRow = n > 0 && b.rep[0] != 0;
    }

    private ValuesDecoder decoder(int encoding, long at) {
        if (encoding < 0 || encoding >= decoders.length) {
            return Encodings.decoder(encoding, typeCode, typeLength, dictionary, at); // throws: unknown encoding
        }
        ValuesDecoder d = decoders[encoding];
        if (d == null) {
            d = Encodings.decoder(encoding, typeCode, typeLength, dictionary, at);
            decoders[encoding] = d;
        }
        return d;
    }

    private void decodeValues(ColumnBatch b, Body body, int nonNull, int pageIndex, long pageOffset) {
        int enc = b.encoding;
        ValuesDecoder d = decoder(enc, pageOffset);
        if (d instanceof DeltaByteArrayDecoder dba) {
            // carry the last value over only from the page just before, decoded the same way
            dba.setCarryOver(deltaCarryOver && pageIndex == lastPageIndex + 1 && lastEncoding == enc);
        }
        lastPageIndex = pageIndex;
        lastEncoding = enc;
        d.init(body.buf, body.off, body.len, nonNull, body.fileOffset);
        boolean reuse = options.reuseBatches();
        // (pages) a leased page's arrays are spares of the scan (longer than asked, of any content)
        switch (column.type()) {
            case BOOLEAN -> {
                b.booleans = leased ? arrays.booleans(nonNull)
                        : reuse && b.booleans != null && b.booleans.length >= nonNull ? b.booleans : new boolean[nonNull];
                d.readBooleans(b.booleans, 0, nonNull);
            }
            case INT32 -> {
                b.ints = ints(b.ints, nonNull);
                d.readInts(b.ints, 0, nonNull);
            }
            case INT64 -> {
                b.longs = leased ? arrays.longs(nonNull)
                        : reuse && b.longs != null && b.longs.length >= nonNull ? b.longs : new long[nonNull];
                d.readLongs(b.longs, 0, nonNull);
            }
            case FLOAT -> {
                b.floats = leased ? arrays.floats(nonNull)
                        : reuse && b.floats != null && b.floats.length >= nonNull ? b.floats : new float[nonNull];
                d.readFloats(b.floats, 0, nonNull);
            }
            case DOUBLE -> {
                b.doubles = leased ? arrays.doubles(nonNull)
                        : reuse && b.doubles != null && b.doubles.length >= nonNull ? b.doubles : new double[nonNull];
                d.readDoubles(b.doubles, 0, nonNull);
            }
            default -> {
                if (reuse && b.binaries != null) {
                    b.binaries.clear();
                } else if (!reuse && d instanceof DictionaryDecoder) {
                    b.binaries = null; // gathered only on request (readBinaries)
                } else {
                    // (pages) a leased page's offsets are a spare (a PLAIN view keeps them as its own)
                    b.binaries = leased ? Binaries.over(arrays.ints(nonNull + 1)) : new Binaries(nonNull, 0);
                }
                // (loops) PLAIN strings may stay in a decompressed buffer this reader then gives up:
                // the batch holds it instead of a copy of its values
                boolean keep = !reuse && (body.buf == pageBuf || (inUse != null && body.buf == inUse));
                readBinaries(d, b, nonNull, pageOffset, keep);
                if (keep && b.binaries != null && b.binaries.gap() != 0) {
                    if (b.lease != null) {
                        // (reuse) back to the spares once every batch holding this page is released
                        b.lease.view(body.buf);
                    }
                    if (body.buf == pageBuf) {
                        pageBuf = EMPTY; // the next page decompresses into a buffer of its own
                    } else {
                        inUse = null; // not back to the spares: the batch holds it
                    }
                }
            }
        }
    }

    /**
     * Byte arrays, with their decoded size held to the page limit: dictionary indices and shared
     * prefixes let a few stored bytes stand for far more decoded ones.
     */
    private void readBinaries(ValuesDecoder d, ColumnBatch b, int n, long pageOffset, boolean mayKeepInput) {
        Binaries dst = b.binaries;
        long cap = options.maxPageSize();
        if (d instanceof DictionaryDecoder dd) {
            // (loops) the batch keeps the indices: a condition is judged once per dictionary entry
            int[] idx = ints(null, n); // (pages) a leased page's: a spare
            dd.readIndices(idx, 0, n);
            Binaries dict = dd.dictionary().binaries();
            if (dict == null) {
                throw new MalformedFileException("a dictionary of another type than the column's", pageOffset);
            }
            // (loops) entries of one length (country codes) need no walk over the indices; the
            // indices themselves were checked against the dictionary's size as they were read
            int width = dd.dictionary().entryWidth();
            long bytes = 0;
            if (width >= 0) {
                bytes = (long) width * n;
            } else {
                for (int i = 0; i < n; i++) {
                    bytes += dict.length(idx[i]);
                }
            }
            if (bytes > cap) {
                throw tooLarge(bytes, pageOffset);
            }
            b.dictIndices = idx;
            b.dictionary = dict;
            if (options.reuseBatches()) {
                dst.reserve(n, bytes);
                dst.appendGather(dict, idx, n);
            } else {
                // (loops) gathered on the batch's first binaries() call, if any: ColumnValues and
                // the string leaves read the dictionary through the indices, copying nothing
                b.binaries = null;
                b.gatherBytes = bytes;
            }
        } else if (d instanceof DeltaByteArrayDecoder) {
            for (int i = 0; i < n; i++) {
                d.readBinaries(dst, 1);
                if (dst.byteSize() > cap) {
                    throw tooLarge(dst.byteSize(), pageOffset);
                }
            }
        } else {
            d.readBinaries(dst, n, mayKeepInput); // at most the page's own bytes
        }
    }

    private UnsupportedFeatureException tooLarge(long bytes, long pageOffset) {
        return new UnsupportedFeatureException("the values of the page at " + pageOffset + " decode to more than "
                + options.maxPageSize() + " bytes (" + bytes + "); " + Limits.REMEDY, pageOffset);
    }

    /** PARQUET-246 as parquet-java guards it: parquet-mr before 1.8.0, or a writer it cannot tell. */
    static boolean needsDeltaCarryOver(String createdBy) {
        if (createdBy == null || createdBy.isBlank()) {
            return true;
        }
        WriterVersion v = WriterVersion.parse(createdBy);
        if (v == null) {
            return createdBy.startsWith("parquet-mr");
        }
        return v.isBefore("parquet-mr", 1, 8, 0);
    }
}
