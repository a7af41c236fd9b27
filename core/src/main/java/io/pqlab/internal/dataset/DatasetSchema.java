package io.pqlab.internal.dataset;

import io.pqlab.DatasetException;
import io.pqlab.schema.LogicalType;
import io.pqlab.schema.PhysicalType;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.schema.Schema;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The columns of a dataset: every leaf column of any file, matched by dotted path (the
 * {@code union_by_name} of DuckDB), in the order they first appear (files by path).
 *
 * <p>A column missing from a file is all null there. A column whose type differs between two
 * files is refused, in one line naming both files and both types, unless the difference is a
 * lossless widening, which is applied: INT32 to INT64 (both plain or signed integers) and FLOAT to
 * DOUBLE. A leaf's repetition must agree (a list in one file and a value in another cannot be
 * matched); optional and required may differ. A partition key that is also a file's column is
 * refused: which of the two values a row has would be a guess.
 *
 * @param columns per dataset column, the descriptor of its widest occurrence (index is that
 *     file's leaf index, not meaningful across files)
 * @param files per file, per dataset column, the file's leaf index or -1 where it lacks the column
 * @param widened per file, the dataset columns whose values it stores narrower (INT32, FLOAT)
 */
public record DatasetSchema(List<ColumnDescriptor> columns, List<int[]> files, List<BitSet> widened) {

    public int index(String dottedPath) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).dottedPath().equals(dottedPath)) {
                return i;
            }
        }
        return -1;
    }

    /** Whether some file needs its values of some column widened. */
    public boolean anyWidened() {
        return widened.stream().anyMatch(b -> !b.isEmpty());
    }

    /**
     * Merges the schemas of the files (in the dataset's order).
     *
     * @param locations the files' names, for messages
     * @param partitionKeys the partition columns' names, which no file may have as a column
     */
    public static DatasetSchema merge(List<String> locations, List<Schema> schemas, List<String> partitionKeys) {
        Map<String, Integer> byPath = new LinkedHashMap<>();
        List<ColumnDescriptor> columns = new ArrayList<>();
        List<String> firstFile = new ArrayList<>();
        for (int f = 0; f < schemas.size(); f++) {
            for (ColumnDescriptor c : schemas.get(f).columns()) {
                String path = c.dottedPath();
                if (partitionKeys.contains(c.path().get(0))) {
                    throw new DatasetException(locations.get(f) + " has a column " + path + " and the dataset has a"
                            + " partition key " + c.path().get(0) + " (rename the directories or the column)");
                }
                Integer at = byPath.get(path);
                if (at == null) {
                    byPath.put(path, columns.size());
                    columns.add(c);
                    firstFile.add(locations.get(f));
                    continue;
                }
                ColumnDescriptor known = columns.get(at);
                if (same(known, c)) {
                    continue;
                }
                if (widens(known, c)) {
                    continue; // the file's narrower type is widened to the dataset's
                }
                if (widens(c, known)) {
                    columns.set(at, c); // this file is the wider one: earlier files are widened
                    firstFile.set(at, locations.get(f));
                    continue;
                }
                throw new DatasetException("column " + path + " is " + describe(known) + " in " + firstFile.get(at)
                        + " but " + describe(c) + " in " + locations.get(f)
                        + " (only INT32 to INT64 and FLOAT to DOUBLE are widened)");
            }
        }
        List<int[]> files = new ArrayList<>();
        List<BitSet> widened = new ArrayList<>();
        for (Schema s : schemas) {
            int[] map = new int[columns.size()];
            java.util.Arrays.fill(map, -1);
            BitSet w = new BitSet();
            for (ColumnDescriptor c : s.columns()) {
                int at = byPath.get(c.dottedPath());
                map[at] = c.index();
                if (c.type() != columns.get(at).type()) {
                    w.set(at);
                }
            }
            files.add(map);
            widened.add(w);
        }
        return new DatasetSchema(List.copyOf(columns), List.copyOf(files), List.copyOf(widened));
    }

    /** Same type: physical type, width, annotation and repetition. */
    static boolean same(ColumnDescriptor a, ColumnDescriptor b) {
        return describe(a).equals(describe(b)) && a.maxRepetitionLevel() == b.maxRepetitionLevel();
    }

    /** Whether {@code narrow}'s values read losslessly as {@code wide}'s type. */
    static boolean widens(ColumnDescriptor wide, ColumnDescriptor narrow) {
        if (wide.maxRepetitionLevel() != narrow.maxRepetitionLevel()) {
            return false;
        }
        if (narrow.type() == PhysicalType.INT32 && wide.type() == PhysicalType.INT64) {
            return signedIntOrPlain(narrow) && signedIntOrPlain(wide);
        }
        if (narrow.type() == PhysicalType.FLOAT && wide.type() == PhysicalType.DOUBLE) {
            return Schema.annotation(narrow.element()) == null && Schema.annotation(wide.element()) == null;
        }
        return false;
    }

    private static boolean signedIntOrPlain(ColumnDescriptor c) {
        if (c.logicalType() instanceof LogicalType.IntType t) {
            return t.signed();
        }
        String a = Schema.annotation(c.element());
        return a == null || a.matches("INTEGER\\(\\d+,true\\)");
    }

    static String describe(ColumnDescriptor c) {
        String a = Schema.annotation(c.element());
        if ((c.type() == PhysicalType.INT32 && "INTEGER(32,true)".equals(a))
                || (c.type() == PhysicalType.INT64 && "INTEGER(64,true)".equals(a))) {
            a = null; // a full-width signed integer annotation says what the physical type says
        }
        String t = c.type() == PhysicalType.FIXED_LEN_BYTE_ARRAY ? "FIXED_LEN_BYTE_ARRAY(" + c.typeLength() + ")"
                : c.type().name();
        return a == null ? t : t + " (" + a + ")";
    }
}
