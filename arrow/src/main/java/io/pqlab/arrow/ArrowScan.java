package io.pqlab.arrow;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.internal.assembly.FieldReader;
import io.pqlab.internal.assembly.JavaValues;
import io.pqlab.internal.assembly.Shape;
import io.pqlab.internal.assembly.Shapes;
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
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.Field;
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
    private List<FieldReader> readers;
    private List<VectorWriter> writers;
    private long bytesRead;

    private ArrowScan(BufferAllocator allocator, Scan scan, List<SchemaNode> topLevel) {
        super(allocator);
        this.scan = scan;
        this.columns = scan.columns();
        BitSet selected = new BitSet();
        for (ColumnDescriptor c : columns) {
            selected.set(c.index());
        }
        this.shapes = new ArrayList<>();
        this.fields = new ArrayList<>();
        for (SchemaNode node : topLevel) {
            Shape s = Shapes.of(node, selected);
            if (s != null) {
                shapes.add(s);
                fields.add(ArrowTypes.field(s));
            }
        }
    }

    /**
     * The rows of a query on a file as Arrow batches, in the caller's allocator.
     *
     * @throws IOException if the file cannot be read or the query does not bind to its schema
     */
    public static ArrowScan reader(ParquetFile file, Query query, BufferAllocator allocator) throws IOException {
        Scan scan = file.scan(query);
        try {
            return new ArrowScan(allocator, scan, file.schema().root().children());
        } catch (RuntimeException e) {
            scan.close();
            throw e;
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
        try (ArrowStreamWriter w = new ArrowStreamWriter(root, null, Channels.newChannel(kept))) {
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
            readers = new ArrayList<>();
            writers = new ArrayList<>();
            for (int f = 0; f < shapes.size(); f++) {
                readers.add(FieldReader.of(fields.get(f).getName(), shapes.get(f), columns, JavaValues::of));
                writers.add(VectorWriter.of(shapes.get(f), root.getVector(f)));
            }
        }
        for (FieldVector v : root.getFieldVectors()) {
            v.reset();
        }
        int n = b.size();
        for (int f = 0; f < shapes.size(); f++) {
            FieldReader r = readers.get(f);
            VectorWriter w = writers.get(f);
            for (int i = 0; i < n; i++) {
                w.write(i, r.read(b, i));
            }
        }
        root.setRowCount(n);
        bytesRead = scan.stats().bytesFetched();
        return true;
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
