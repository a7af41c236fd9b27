package io.pqlab.scan;



import io.pqlab.MalformedFileException;
import io.pqlab.ParquetFile;
import io.pqlab.internal.column.ColumnBatch;
import io.pqlab.internal.column.ColumnChunkReader;
import io.pqlab.internal.column.OffsetIndexMismatchException;
import io.pqlab.internal.format.ColumnChunk;
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
record Context(ParquetFile file, ParquetFile reading, ColumnChunkReader.Options readerOptions,
        KeptBytes keptBytes, ScanStats stats, boolean pageIndex) {}

private final Context ctx;
    private final RowGroupPlan g;
    private final int c;
    private final OffsetIndex oi;
    private final int[] chosen;
    private final boolean repeated;
    private ColumnChunkReader reader;
    private boolean sequential;
    private boolean fellBack;
    private ColumnBatch lookahead;
    private long handedOutEnd;

    PageSource(Context ctx, RowGroupPlan g, int c, RowRanges rows, Set<Integer> exclude, boolean countSkipped) {
        this.ctx = ctx;
        this.g = g;
        this.c = c;
        this.repeated = ctx.file().schema().column(c).maxRepetitionLevel() > 0;
        ColumnRead read = null;
        for (ColumnRead r : g.reads()) {
            if (r.column() == c) {
                read = r;
            }
        }
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

    /** Whether the chunk is walked from its start (no OffsetIndex, or it failed). */
    @Override
    public boolean walks() {
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
                if (reader == null) {
                    reader = sequential ? ColumnChunkReader.open(ctx.reading(), g.index(), c, ctx.readerOptions())
                            : ColumnChunkReader.openPages(ctx.reading(), g.index(), c, oi, chosen, ctx.readerOptions());
                }
                b = joined();
            } catch (OffsetIndexMismatchException e) {
                if (sequential) {
                    throw e; // a walk from the chunk's start has nothing to fall back to
                }
                ctx.stats().fallback();
                closeReader();
                sequential = true;
                fellBack = true;
                continue;
            }
            if (b == null) {
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
            ctx.stats().reader(reader.pagesDecoded(), reader.bytesFetched() - ctx.keptBytes().takeServed(),
                    reader.pagesDecoded() > 0 ? reader.codecImplementation() : null);
            reader.close();
            reader = null;
        }
        lookahead = null;
    }

    @Override
    public void close() {
        closeReader();
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
        ColumnChunk chunk = ctx.file().chunk(g.index(), c);
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
