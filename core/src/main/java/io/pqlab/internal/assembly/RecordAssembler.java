package io.pqlab.internal.assembly;

import io.pqlab.MalformedFileException;
import io.pqlab.internal.column.ColumnBatch;
import io.pqlab.scan.NestedValue;
import io.pqlab.schema.ColumnDescriptor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;

/**
 * Assembles one value per row of a schema node from its leaves' repetition and definition levels
 * (Dremel record assembly, read top-down over the {@link Shape}).
 *
 * <p>Input, per leaf slot: the decoded page holding the row and the row's entries [start, end) in
 * it (what {@link io.pqlab.scan.RowBatch} gives per column). Reading a shape at the slots' current
 * entries: the definition level of its first leaf's entry says whether it is null (below {@code
 * nullBelow}; then every leaf under it has exactly one entry, which is skipped) and, for a list or
 * map, whether it is empty (below {@code emptyBelow}); a list reads elements while its first
 * leaf's next entry has the list's repetition level. All leaves under a node agree on these
 * levels (they share the node's ancestors), so the first one decides. A row whose leaves do not
 * come out even (an entry missing or left over) has levels that contradict each other: a {@link
 * MalformedFileException} at the page's offset, never a value made up.
 *
 * <p>Values: structs as {@link NestedValue.StructValue}, lists as {@link NestedValue.ListValue},
 * maps as {@link NestedValue.MapValue}, leaves as the converter makes them, null as null. Not
 * thread-safe (it keeps cursors between calls); one per scan thread.
 */
public final class RecordAssembler {
    private final Shape shape;
    private final List<ColumnDescriptor> slots;
    private final LeafConverter[] converters;
    private final int[] maxDef;
    // cursors of the row being read
    private ColumnBatch[] pages;
    private final int[] pos;
    private int[] end;

    public RecordAssembler(Shape shape, Function<ColumnDescriptor, LeafConverter> converters) {
        this.shape = shape;
        this.slots = List.copyOf(Shapes.slots(shape));
        this.converters = new LeafConverter[slots.size()];
        this.maxDef = new int[slots.size()];
        for (int s = 0; s < slots.size(); s++) {
            this.converters[s] = converters.apply(slots.get(s));
            this.maxDef[s] = slots.get(s).maxDefinitionLevel();
        }
        this.pos = new int[slots.size()];
    }

    public Shape shape() {
        return shape;
    }

    /** The leaves to give, by slot. */
    public List<ColumnDescriptor> slots() {
        return slots;
    }

    /**
     * One row's value.
     *
     * @param pages per slot, the page holding the row's entries
     * @param start per slot, the row's first entry in its page
     * @param end per slot, one past its last entry
     */
    public Object assemble(ColumnBatch[] pages, int[] start, int[] end) {
        this.pages = pages;
        this.end = end;
        for (int s = 0; s < pos.length; s++) {
            if (start[s] < 0 || start[s] >= end[s] || end[s] > pages[s].entryCount()) {
                throw malformed(s, "a row has no entries in [" + start[s] + ", " + end[s] + ")");
            }
            pos[s] = start[s];
        }
        Object v = read(shape);
        for (int s = 0; s < pos.length; s++) {
            if (pos[s] != end[s]) {
                throw malformed(s, "the row's levels leave " + (end[s] - pos[s]) + " of its "
                        + (end[s] - start[s]) + " entries unread: they contradict those of the field's other columns");
            }
        }
        return v;
    }

    private Object read(Shape s) {
        int d = def(s.from());
        if (d < s.nullBelow()) {
            skip(s);
            return null;
        }
        if (s instanceof Shape.Leaf l) {
            int slot = l.slot();
            int e = pos[slot]++;
            int v = d == maxDef[slot] ? pages[slot].valueIndex(e) : -1;
            return v < 0 ? null : converters[slot].convert(pages[slot], v);
        }
        if (s instanceof Shape.Struct st) {
            Object[] values = new Object[st.fields().size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = read(st.fields().get(i));
            }
            return new NestedValue.StructValue(st.names(), unmodifiable(values));
        }
        if (s instanceof Shape.ListShape ls) {
            if (d < ls.emptyBelow()) {
                skip(ls);
                return new NestedValue.ListValue(List.of());
            }
            List<Object> out = new ArrayList<>();
            do {
                out.add(read(ls.element()));
            } while (continues(ls.from(), ls.rep()));
            return new NestedValue.ListValue(Collections.unmodifiableList(out));
        }
        Shape.MapShape ms = (Shape.MapShape) s;
        if (d < ms.emptyBelow()) {
            skip(ms);
            return new NestedValue.MapValue(List.of());
        }
        List<NestedValue.Entry> out = new ArrayList<>();
        do {
            Object key = read(ms.key());
            Object value = ms.value() == null ? null : read(ms.value());
            out.add(new NestedValue.Entry(key, value));
        } while (continues(ms.from(), ms.rep()));
        return new NestedValue.MapValue(Collections.unmodifiableList(out));
    }

    /** Whether the slot's next entry of this row starts another element at repetition level rep. */
    private boolean continues(int slot, int rep) {
        int p = pos[slot];
        return p < end[slot] && pages[slot].repetitionLevel(p) == rep;
    }

    /** A null (or empty) value: one entry in every leaf under it. */
    private void skip(Shape s) {
        for (int slot = s.from(); slot < s.to(); slot++) {
            if (pos[slot] >= end[slot]) {
                throw malformed(slot, "the row's levels need more entries than its " + (end[slot] - pos[slot]));
            }
            pos[slot]++;
        }
    }

    private int def(int slot) {
        if (pos[slot] >= end[slot]) {
            throw malformed(slot, "the row's levels need more entries than the row has");
        }
        return pages[slot].definitionLevel(pos[slot]);
    }

    private MalformedFileException malformed(int slot, String what) {
        ColumnBatch p = pages[slot];
        return new MalformedFileException("column \"" + slots.get(slot).dottedPath() + "\", page " + p.pageIndex()
                + ": " + what, p.pageOffset());
    }

    private static List<Object> unmodifiable(Object[] values) {
        return Collections.unmodifiableList(Arrays.asList(values));
    }
}
