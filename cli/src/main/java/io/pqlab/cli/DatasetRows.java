package io.pqlab.cli;

import io.pqlab.Dataset;
import io.pqlab.DatasetScan;
import io.pqlab.Query;
import io.pqlab.internal.assembly.OutputFields;
import io.pqlab.internal.dataset.PartitionValues;
import io.pqlab.schema.ColumnDescriptor;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code pqlab scan} on a dataset: the rows of every file in the dataset's order (files by path,
 * rows in file order), the file's columns merged by name (a column a file lacks is null there,
 * a narrower one widened) followed by the partition columns, as DuckDB's
 * {@code read_parquet(..., hive_partitioning = true, union_by_name = true)} shows them. With
 * {@code --row-numbers}, each row's file and row number. A limit stops the scan: no further file
 * is decoded.
 */
final class DatasetRows {
    private DatasetRows() {}

    static void scan(PrintWriter out, Dataset d, Query query, List<String> select, RowWriter.Format format,
            boolean rowNumbers, boolean binaryAsString) throws IOException {
        List<OutputFields.Field> fields = rowNumbers ? List.of() : fields(d, select);
        Query q = select == null || select.isEmpty() ? query : query.columns(select);
        RowWriter rows = rowNumbers ? null : RowWriter.forDataset(out, format, fields, binaryAsString);
        int file = -1;
        try (DatasetScan scan = d.scan(q)) {
            for (DatasetScan.Batch b = scan.nextBatch(); b != null; b = scan.nextBatch()) {
                if (rowNumbers) {
                    for (int i = 0; i < b.rows().size(); i++) {
                        out.println(b.location() + "\t" + b.rows().rowNumber(i));
                    }
                    continue;
                }
                if (b.file() != file) {
                    file = b.file();
                    rows.file(b.rows().columns(), constants(d, b.partition()));
                }
                rows.write(b.rows());
            }
        }
        if (!rowNumbers) {
            rows.finish();
        }
        out.flush();
    }

    /** The merged columns (or the selected ones), then the partition columns. */
    private static List<OutputFields.Field> fields(Dataset d, List<String> select) throws IOException {
        Map<String, OutputFields.Field> all = new LinkedHashMap<>();
        for (ColumnDescriptor c : d.columns()) {
            if (c.path().size() > 1 || c.maxRepetitionLevel() > 0) {
                if (select == null || select.isEmpty()) {
                    throw new Main.UserError("a scan of a dataset prints flat columns; " + c.dottedPath()
                            + " is nested: --select the flat columns (nested ones across files are not supported yet)");
                }
                continue;
            }
            all.put(c.dottedPath(), new OutputFields.Flat(c.dottedPath(), c));
        }
        List<String> keys = d.partitionColumns();
        for (int k = 0; k < keys.size(); k++) {
            all.put(keys.get(k), new OutputFields.Flat(keys.get(k), d.partitionSchema().column(k)));
        }
        if (select == null || select.isEmpty()) {
            return new ArrayList<>(all.values());
        }
        List<OutputFields.Field> out = new ArrayList<>();
        for (String s : select) {
            OutputFields.Field f = all.get(s);
            if (f == null) {
                throw new Main.UserError("--select: no flat column or partition key \"" + s + "\" in the dataset; it has "
                        + String.join(", ", all.keySet()));
            }
            out.add(f);
        }
        return out;
    }

    /** A file's partition values as PLAIN bytes of the partition columns, by key. */
    private static Map<String, byte[]> constants(Dataset d, Map<String, Object> partition) {
        Map<String, byte[]> out = new LinkedHashMap<>();
        List<String> keys = d.partitionColumns();
        for (int k = 0; k < keys.size(); k++) {
            out.put(keys.get(k), PartitionValues.plain(partition.get(keys.get(k)), d.partitionSchema().column(k)));
        }
        return out;
    }
}
