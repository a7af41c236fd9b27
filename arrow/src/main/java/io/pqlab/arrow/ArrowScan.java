package io.pqlab.arrow;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.internal.assembly.FieldReader;
import io.pqlab.internal.assembly.JavaValues;
import io.pqlab.internal.assembly.Shape;
import io.pqlab.internal.assembly.Shapes;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.Encoding;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.schema.PhysicalType;
import io.pqlab.scan.RowBatch;
import io.pqlab.scan.Scan;
import io.pqlab.scan.ScanStats;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.schema.SchemaNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A pqlab scan as Arrow record batches: {@link #reader} returns an {@link ArrowReader} whose one
 * {@link VectorSchemaRoot} is refilled by each {@link ArrowReader#loadNextBatch()} with the next
 * batch of matching rows, in file order; {@link #writeStream} writes the same batches as an Arrow
 * IPC stream.
 *
 * <p>Columns are the scan's top-level fields, in schema order: a struct selected in part (some
 * of its leaves) holds only those fields, as Arrow C++ reads a partial projection. Types are
 * mapped as Arrow's own Parquet reader maps them (see {@link ArrowTypes}). Memory comes from the
 * caller's allocator and is released when the reader is closed; the reader also closes the scan.
 * Not thread-safe.
 */
public final class ArrowScan extends ArrowReader {
    private final Scan scan;
    private final List<Shape> shapes;
    private final List<Field> fields;
    private final List<ColumnDescriptor> columns;
    private final boolean direct;
    /** Per field: its writer on the direct path, else null (then {@link #writers} has one). */
    private List<DirectWriter> directWriters;
    private List<FieldReader> readers;
    private List<VectorWriter> writers;
    private final List<String> directFields = new ArrayList<>();
    private long bytesRead;

    /**
     * How a scan's values become Arrow vectors.
     *
     * @param dictionaries flat string and binary columns whose chunks are dictionary-encoded in the
     *     file (in any row group) as Arrow dictionary-encoded vectors: int32 indexes and, per batch,
     *     a dictionary of the batch's distinct values (an IPC stream then carries a dictionary batch
     *     before each record batch whose dictionary changed)
     */
    public record Options(boolean dictionaries) {
        /** Plain vectors for every column. */
        public static final Options DEFAULT = new Options(false);
    }

    private ArrowScan(BufferAllocator allocator, ParquetFile file, Scan scan, Options options, boolean direct) {
        super(allocator);
        this.scan = scan;
        this.columns = scan.columns();
        this.direct = direct;
        BitSet selected = new BitSet();
        for (ColumnDescriptor c : columns) {
            selected.set(c.index());
        }
        this.shapes = new ArrayList<>();
        this.fields = new ArrayList<>();
        long dictionaryId = 0;
        for (SchemaNode node : file.schema().root().children()) {
            Shape s = Shapes.of(node, selected);
            if (s != null) {
                shapes.add(s);
                Field f = ArrowTypes.field(s);
                if (options.dictionaries() && direct && s instanceof Shape.Leaf l && dictionaryEncoded(file, l)) {
                    f = new Field(f.getName(), new FieldType(f.isNullable(), f.getType(),
                            new DictionaryEncoding(dictionaryId++, false, new ArrowType.Int(32, true))), null);
                }
                fields.add(f);
            }
        }
    }

    /** A flat string or binary column that some row group's chunk lists a dictionary encoding for. */
    private static boolean dictionaryEncoded(ParquetFile file, Shape.Leaf leaf) {
        ColumnDescriptor c = leaf.column();
        ArrowType t = ArrowTypes.leaf(c);
        if (c.maxRepetitionLevel() != 0 || c.type() != PhysicalType.BYTE_ARRAY
                || !(t instanceof ArrowType.Utf8 || t instanceof ArrowType.Binary)) {
            return false;
        }
        for (int g = 0; g < file.rowGroupCount(); g++) {
            ColumnMetaData m = ParquetFiles.rowGroup(file, g).columns().get(c.index()) == null ? null
                    : ParquetFiles.rowGroup(file, g).columns().get(c.index()).metaData();
            if (m == null) {
                continue; // encrypted or projected away: this chunk says nothing
            }
            if (m.hasDictionaryPageOffset()) {
                return true;
            }
            for (int e : m.encodings()) {
                if (Encoding.isDictionary(e)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The rows of a query on a file as Arrow batches, in the caller's allocator.
     *
     * @throws IOException if the file cannot be read or the query does not bind to its schema
     */
    public static ArrowScan reader(ParquetFile file, Query query, BufferAllocator allocator) throws IOException {
        return reader(file, query, allocator, Options.DEFAULT);
    }

    /**
     * The rows of a query on a file as Arrow batches, in the caller's allocator, with options.
     *
     * @throws IOException if the file cannot be read or the query does not bind to its schema
     */
    public static ArrowScan reader(ParquetFile file, Query query, BufferAllocator allocator, Options options)
            throws IOException {
        return reader(file, query, allocator, options, true);
    }

    /** As the public reader; {@code direct} false writes every column through Java values (tests compare). */
    static ArrowScan reader(ParquetFile file, Query query, BufferAllocator allocator, Options options, boolean direct)
            throws IOException {
        Scan scan = file.scan(query);
        try {
            return new ArrowScan(allocator, file, scan, options, direct);
        } catch (RuntimeException e) {
            scan.close();
            throw e;
        }
    }

    /**
     * Writes the rows of a query as an Arrow IPC stream with options, and returns the number of
     * rows written. The stream is not closed.
     */
    public static long writeStream(ParquetFile file, Query query, BufferAllocator allocator, Options options,
            OutputStream out) throws IOException {
        try (ArrowScan reader = reader(file, query, allocator, options)) {
            return reader.writeStream(out);
        }
    }

    /**
     * Writes the rows of a query as an Arrow IPC stream (schema, then one record batch per scan
     * batch) and returns the number of rows written. The stream is not closed.
     */
    public static long writeStream(ParquetFile file, Query query, BufferAllocator allocator, OutputStream out)
            throws IOException {
        try (ArrowScan reader = reader(file, query, allocator)) {
            return reader.writeStream(out);
        }
    }

    /**
     * Writes this reader's remaining batches as an Arrow IPC stream and returns the number of rows
     * written; {@link #stats} and {@link #plan} then say what the scan did. The stream is flushed,
     * not closed.
     */
    public long writeStream(OutputStream out) throws IOException {
        long rows = 0;
        VectorSchemaRoot root = getVectorSchemaRoot();
        // Arrow's writer closes its channel, and a channel closes its stream: keep the caller's open
        OutputStream kept = new java.io.FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() {
                // flushed below, after the writer: a failure there is the stream's own, not wrapped
            }
        };
        try (ArrowStreamWriter w = new ArrowStreamWriter(root, this, Channels.newChannel(kept))) {
            w.start();
            while (loadNextBatch()) {
                w.writeBatch();
                rows += root.getRowCount();
            }
            w.end();
        }
        out.flush();
        return rows;
    }

    /** The scan's plan: what it reads and skips, and why. */
    public io.pqlab.plan.Plan plan() {
        return scan.plan();
    }

    /** The Arrow schema of the batches. */
    public Schema schema() {
        return new Schema(fields);
    }

    /** What the scan underneath did so far: row groups, pages and bytes read. */
    public ScanStats stats() {
        return scan.stats();
    }

    @Override
    protected Schema readSchema() {
        return schema();
    }

    @Override
    public boolean loadNextBatch() throws IOException {
        prepareLoadNextBatch();
        RowBatch b = scan.nextBatch();
        VectorSchemaRoot root = getVectorSchemaRoot();
        if (b == null) {
            root.setRowCount(0);
            return false;
        }
        if (writers == null) {
            makeWriters(root);
        }
        for (FieldVector v : root.getFieldVectors()) {
            v.reset();
        }
        int n = b.size();
        for (int f = 0; f < shapes.size(); f++) {
            DirectWriter d = directWriters.get(f);
            if (d != null) {
                d.write(b);
                continue;
            }
            FieldReader r = readers.get(f);
            VectorWriter w = writers.get(f);
            for (int i = 0; i < n; i++) {
                w.write(i, r.read(b, i));
            }
        }
        root.setRowCount(n);
        // (reuse) every value is in the vectors now (Arrow's own buffers): the scan may reuse the
        // arrays the batch viewed
        b.release();
        bytesRead = scan.stats().bytesFetched();
        return true;
    }

    private void makeWriters(VectorSchemaRoot root) throws IOException {
        readers = new ArrayList<>();
        writers = new ArrayList<>();
        directWriters = new ArrayList<>();
        for (int f = 0; f < shapes.size(); f++) {
            Shape s = shapes.get(f);
            FieldVector v = root.getVector(f);
            DirectWriter d = null;
            if (direct && s instanceof Shape.Leaf l) {
                int c = columnIndex(l.column());
                DictionaryEncoding enc = fields.get(f).getDictionary();
                d = enc != null
                        ? new DirectWriter.DictionaryIndexes(c, l.column(), (IntVector) v,
                                (BaseVariableWidthVector) getDictionaryVectors().get(enc.getId()).getVector())
                        : DirectWriter.of(l, c, v);
            }
            directWriters.add(d);
            if (d != null) {
                directFields.add(fields.get(f).getName());
                readers.add(null);
                writers.add(null);
            } else {
                readers.add(FieldReader.of(fields.get(f).getName(), s, columns, JavaValues::of));
                writers.add(VectorWriter.of(s, v));
            }
        }
    }

    private int columnIndex(ColumnDescriptor c) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).index() == c.index()) {
                return i;
            }
        }
        throw new IllegalStateException("column " + c.dottedPath() + " is not among the scan's columns");
    }

    /**
     * The names of the fields filled straight from the decoded pages (flat columns of fixed-width,
     * string and binary types), known after the first batch; the others go through Java values.
     */
    List<String> directFields() {
        return List.copyOf(directFields);
    }

    @Override
    public long bytesRead() {
        return bytesRead;
    }

    @Override
    protected void closeReadSource() {
        scan.close();
    }
}
