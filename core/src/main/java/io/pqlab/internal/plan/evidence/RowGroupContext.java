package io.pqlab.internal.plan.evidence;

import io.pqlab.ParquetFile;
import io.pqlab.internal.bloom.BloomFilterResult;
import io.pqlab.internal.crypto.FileDecryptor;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.ColumnOrder;
import io.pqlab.internal.format.FileMetaData;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.format.RowGroup;
import io.pqlab.internal.pageindex.ColumnIndex;
import io.pqlab.internal.pageindex.OffsetIndex;
import io.pqlab.internal.pageindex.PageIndexReader;
import io.pqlab.internal.plan.Planner;
import io.pqlab.internal.stats.StatisticsJudge;
import io.pqlab.io.ByteSource;
import io.pqlab.plan.Span;
import io.pqlab.schema.ColumnDescriptor;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the evidence of one row group shares: the row group, the file's statistics judges, and the
 * indexes, filters and dictionaries fetched for it, each fetched and counted once however many
 * leaves of the condition (and mechanisms) consult its column.
 */
public final class RowGroupContext {
    private final Files files;
    private final int index;
    private final RowGroup rowGroup;
    final Map<Integer, OffsetIndex> offsetIndexes = new HashMap<>();
    final Map<Integer, ColumnIndex> columnIndexes = new HashMap<>();
    final Map<Integer, PageIndexEvidence.Judged> judgedIndexes = new HashMap<>();
    final Map<Integer, BloomFilterResult> blooms = new HashMap<>();
    final Map<Integer, Planner.Dictionary> dictionaries = new HashMap<>();
    private final Map<Integer, String> offsetIndexProblems = new HashMap<>();
    private final List<Span> spans = new ArrayList<>();
    private long bytes;

    /** What every row group of one plan shares: the file and one statistics judge per column. */
    public static final class Files {
        final ParquetFile file;
        private final Map<Integer, StatisticsJudge> judges = new HashMap<>();

        public Files(ParquetFile file) {
            this.file = file;
        }

        StatisticsJudge judge(int column) {
            return judges.computeIfAbsent(column, c -> {
                ColumnDescriptor d = file.schema().column(c);
                FileMetaData md = ParquetFiles.metadata(file);
                List<ColumnOrder> orders = md.columnOrders();
                ColumnOrder order = orders != null && c < orders.size() ? orders.get(c) : null;
                return new StatisticsJudge(d.type(), d.logicalType(), d.convertedType(), d.typeLength(), order,
                        md.createdBy());
            });
        }
    }

    public RowGroupContext(Files files, int index) {
        this.files = files;
        this.index = index;
        this.rowGroup = ParquetFiles.metadata(files.file).rowGroups().get(index);
    }

    public ParquetFile file() {
        return files.file;
    }

    ByteSource source() {
        return files.file.source();
    }

    public int index() {
        return index;
    }

    public RowGroup rowGroup() {
        return rowGroup;
    }

    public long numRows() {
        return rowGroup.numRows();
    }

    ColumnChunk chunk(int column) {
        return rowGroup.columns().get(column);
    }

    /** A column chunk's metadata where it is present and readable (not encrypted without its key), else null. */
    ColumnMetaData readableMetaData(int column) {
        ColumnChunk chunk = chunk(column);
        return chunk == null || chunk.sealed() ? null : chunk.metaData();
    }

    StatisticsJudge judge(int column) {
        return files.judge(column);
    }

    /** Counts a structure fetched for this row group. */
    void add(long offset, long length) {
        bytes += length;
        spans.add(new Span(offset, length));
    }

    /** The bytes fetched for the row group's evidence. */
    public long bytes() {
        return bytes;
    }

    /** The spans fetched for the row group's evidence, in the order they were fetched. */
    public List<Span> spans() {
        return spans;
    }

    /** The OffsetIndex of a column already fetched and usable, or null. */
    public OffsetIndex fetchedOffsetIndex(int column) {
        return offsetIndexes.get(column);
    }

    /** The ColumnIndex of a column already fetched (by the page index evidence), or null. */
    public ColumnIndex fetchedColumnIndex(int column) {
        return columnIndexes.get(column);
    }

    /** Why a column's OffsetIndex is not used, where it was looked for and not used; else null. */
    public String offsetIndexProblem(int column) {
        return offsetIndexProblems.get(column);
    }

    /** A column's OffsetIndex, fetched once; null (with {@link #offsetIndexProblem}) where unusable. */
    public OffsetIndex offsetIndex(int column, ColumnChunk chunk) throws IOException {
        if (offsetIndexes.containsKey(column) || offsetIndexProblems.containsKey(column)) {
            return offsetIndexes.get(column);
        }
        if (!chunk.hasOffsetIndex()) {
            offsetIndexProblems.put(column, "the chunk has no OffsetIndex");
            return null;
        }
        OffsetIndex oi = PageIndexReader.offsetIndex(source(), chunk);
        add(chunk.offsetIndexOffset(), chunk.offsetIndexLength());
        String problem = oi == null ? "the chunk has no OffsetIndex" : oi.problem(chunk, numRows());
        if (problem != null) {
            offsetIndexProblems.put(column, "the OffsetIndex is ignored: " + problem);
            return null;
        }
        offsetIndexes.put(column, oi);
        return oi;
    }

    /** Why an encrypted column without its key cannot be judged by a mechanism, naming the key to pass. */
    String sealed(ColumnChunk chunk, int column, String what) {
        String path = files.file.schema().column(column).dottedPath();
        return "the column is encrypted, so its " + what + " cannot be judged: "
                + FileDecryptor.missingKey(chunk.cryptoMetaData(), path);
    }
}
