package io.pqlab.scan;

import io.pqlab.internal.column.ColumnBatch;
import io.pqlab.schema.ColumnDescriptor;
import java.util.List;

/**
 * Matching rows of one row group, in file order: their file row numbers and, for each returned
 * column, where each row's entries lie in the decoded pages. Values stay in the pages' primitive
 * arrays; nothing is copied per value.
 */
public final class RowBatch {
    private final int rowGroup;
    private final long[] rowNumbers;
    private final List<ColumnDescriptor> columns;
    private final ColumnBatch[][] pages; // [column][row]
    private final int[][] start; // first entry of the row in its page
    private final int[][] end; // one past its last entry
    private java.util.Map<io.pqlab.schema.SchemaNode, io.pqlab.internal.assembly.FieldReader> readers;

    RowBatch(int rowGroup, long[] rowNumbers, List<ColumnDescriptor> columns, ColumnBatch[][] pages, int[][] start,
            int[][] end) {
        this.rowGroup = rowGroup;
        this.rowNumbers = rowNumbers;
        this.columns = columns;
        this.pages = pages;
        this.start = start;
        this.end = end;
    }

    public int rowGroup() {
        return rowGroup;
    }

    /** The number of rows. */
    public int size() {
        return rowNumbers.length;
    }

    /** The file row number (0-based, across row groups) of row i. */
    public long rowNumber(int i) {
        return rowNumbers[i];
    }

    public List<ColumnDescriptor> columns() {
        return columns;
    }

    /** The page holding row i of column c. */
    public ColumnBatch page(int c, int i) {
        return pages[c][i];
    }

    /** The first entry of row i of column c in its page. */
    public int firstEntry(int c, int i) {
        return start[c][i];
    }

    /** One past the last entry of row i of column c in its page. */
    public int endEntry(int c, int i) {
        return end[c][i];
    }

    /** Whether row i's value of a flat column c is null. */
    public boolean isNull(int c, int i) {
        return pages[c][i].isNull(start[c][i]);
    }

    /**
     * Row i's value of column c as PLAIN bytes, or null; for a flat column only (a repeated column's
     * row holds several entries: use {@link #page} and the entry range).
     */
    public byte[] plain(int c, int i) {
        ColumnBatch b = pages[c][i];
        int v = b.valueIndex(start[c][i]);
        return v < 0 ? null : b.plain(v);
    }

    /** Row i's value of column c as text in its logical type ("null" for null; a list for a repeated column). */
    public String text(int c, int i) {
        return render(c, i, false);
    }

    /** Row i's value of column c as a JSON value. */
    public String json(int c, int i) {
        return render(c, i, true);
    }

    private String render(int c, int i, boolean json) {
        ColumnBatch b = pages[c][i];
        int s = start[c][i];
        int e = end[c][i];
        if (b.column().maxRepetitionLevel() == 0) {
            return json ? b.jsonEntry(s) : nullText(b.formatEntry(s));
        }
        // A repeated leaf: the row's elements as a list. An entry below the element's level is an
        // empty or null list (or a null ancestor), which adds no element.
        int maxDef = b.column().maxDefinitionLevel();
        if (e - s == 1 && b.definitionLevel(s) == 0 && maxDef > 0) {
            return "null";
        }
        StringBuilder out = new StringBuilder("[");
        boolean first = true;
        boolean optionalLeaf = b.column().element().repetition() == io.pqlab.internal.format.Repetition.OPTIONAL;
        for (int k = s; k < e; k++) {
            int d = b.definitionLevel(k);
            boolean element = d == maxDef || (optionalLeaf && d == maxDef - 1);
            if (!element) {
                continue;
            }
            if (!first) {
                out.append(", ");
            }
            first = false;
            out.append(json ? b.jsonEntry(k) : nullText(b.formatEntry(k)));
        }
        return out.append(']').toString();
    }

    /**
     * Row i's value of a schema node, assembled from its columns' levels: a top-level field, or any
     * group or leaf with no repeated field above it (a leaf in a list has many values per row: ask
     * for the list). Null, a leaf value or a {@link NestedValue}, as {@link NestedValue} documents;
     * every leaf of the node must be among {@link #columns()}.
     *
     * @throws IllegalArgumentException if the node lies inside a repeated field or a leaf is not read
     * @throws io.pqlab.MalformedFileException if the row's levels contradict each other
     */
    public Object value(io.pqlab.schema.SchemaNode node, int i) {
        if (readers == null) {
            readers = new java.util.IdentityHashMap<>();
        }
        io.pqlab.internal.assembly.FieldReader r = readers.get(node);
        if (r == null) {
            r = io.pqlab.internal.assembly.FieldReader.of(node, columns, io.pqlab.internal.assembly.JavaValues::of);
            readers.put(node, r);
        }
        return r.read(this, i);
    }

    private static String nullText(String s) {
        return s == null ? "null" : s;
    }
}
