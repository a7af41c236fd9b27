package io.pqlab.internal.assembly;

import io.pqlab.internal.column.ColumnBatch;
import io.pqlab.scan.RowBatch;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.schema.SchemaNode;
import java.util.List;
import java.util.function.Function;

/**
 * A {@link RecordAssembler} bound to the columns of a scan's {@link RowBatch}es: reads one value
 * per row of a shape from the batch columns that hold its leaves. Not thread-safe.
 */
public final class FieldReader {
    private final String name;
    private final RecordAssembler assembler;
    private final int[] batchColumn; // per slot
    private final ColumnBatch[] pages;
    private final int[] start;
    private final int[] end;

    private FieldReader(String name, RecordAssembler assembler, int[] batchColumn) {
        this.name = name;
        this.assembler = assembler;
        this.batchColumn = batchColumn;
        this.pages = new ColumnBatch[batchColumn.length];
        this.start = new int[batchColumn.length];
        this.end = new int[batchColumn.length];
    }

    /**
     * A reader of a shape from batches whose columns are {@code batchColumns}.
     *
     * @throws IllegalArgumentException if a leaf of the shape is not among them
     */
    public static FieldReader of(String name, Shape shape, List<ColumnDescriptor> batchColumns,
            Function<ColumnDescriptor, LeafConverter> converters) {
        RecordAssembler a = new RecordAssembler(shape, converters);
        int[] map = new int[a.slots().size()];
        for (int s = 0; s < map.length; s++) {
            ColumnDescriptor leaf = a.slots().get(s);
            map[s] = -1;
            for (int c = 0; c < batchColumns.size(); c++) {
                if (batchColumns.get(c).index() == leaf.index()) {
                    map[s] = c;
                    break;
                }
            }
            if (map[s] < 0) {
                throw new IllegalArgumentException("column \"" + leaf.dottedPath() + "\" of \"" + name
                        + "\" is not among the scan's columns");
            }
        }
        return new FieldReader(name, a, map);
    }

    /**
     * A reader of a node that has one value per row (no repeated ancestor), with all its leaves.
     *
     * @throws IllegalArgumentException if the node lies under a repeated field, or a leaf is missing
     */
    public static FieldReader of(SchemaNode node, List<ColumnDescriptor> batchColumns,
            Function<ColumnDescriptor, LeafConverter> converters) {
        if (repeatedAncestors(node) > 0) {
            throw new IllegalArgumentException("\"" + node.dottedPath()
                    + "\" lies inside a repeated field, so a row holds many of it; read the field it is part of");
        }
        Shape shape = Shapes.of(node);
        if (shape == null) {
            throw new IllegalArgumentException("\"" + node.dottedPath() + "\" has no columns");
        }
        return of(node.dottedPath(), shape, batchColumns, converters);
    }

    /** Repeated nodes above this one (its own repetition not counted). */
    public static int repeatedAncestors(SchemaNode node) {
        int own = node.repetition() == io.pqlab.schema.Repetition.REPEATED ? 1 : 0;
        return node.maxRepetitionLevel() - own;
    }

    /** The name the value is printed under. */
    public String name() {
        return name;
    }

    public Shape shape() {
        return assembler.shape();
    }

    /** Row i's value. */
    public Object read(RowBatch b, int i) {
        for (int s = 0; s < batchColumn.length; s++) {
            int c = batchColumn[s];
            pages[s] = RowPages.page(b, c, i);
            start[s] = RowPages.firstEntry(b, c, i);
            end[s] = RowPages.endEntry(b, c, i);
        }
        return assembler.assemble(pages, start, end);
    }
}
