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

    /**
     * Prints the rows to {@code out}; with {@code stats} not null, what the scan did to it once the
     * scan is closed (every file's thread stopped), also where the reader went away midway.
     */
    static void scan(PrintWriter out, Dataset d, Query query, List<String> select, RowWriter.Format format,
            boolean rowNumbers, boolean binaryAsString, PrintWriter stats) throws IOException {
        List<OutputFields.Field> fields = rowNumbers ? List.of() : fields(d, select);
        Query q = select == null || select.isEmpty() ? query : query.columns(select);
        RowWriter rows = rowNumbers ? null : RowWriter.forDataset(out, format, fields, binaryAsString);
        int file = -1;
        DatasetScan opened = null;
        try (DatasetScan scan = d.scan(q)) {
            opened = scan;
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
                b.rows().release(); // (reuse) printed, or its text kept for the table: nothing reads it again
            }
        } catch (Main.OutputClosed e) {
            if (stats != null && opened != null) {
                printStats(stats, d, opened); // how far it got, as a file's scan says
            }
            throw e;
        }
        if (!rowNumbers) {
            rows.finish();
        }
        out.flush();
        if (stats != null && opened != null) {
            printStats(stats, d, opened);
        }
    }

    /** A dataset scan's --stats: the files' scans summed, and every request the dataset sent. */
    static void printStats(PrintWriter err, Dataset d, DatasetScan scan) {
        long groupsRead = 0;
        long groupsSkipped = 0;
        long pagesDecoded = 0;
        long pagesSkipped = 0;
        long dataBytes = 0;
        java.util.Set<String> codecs = new java.util.TreeSet<>();
        for (io.pqlab.scan.ScanStats s : scan.stats()) {
            groupsRead += s.rowGroupsRead();
            pagesDecoded += s.pagesDecoded();
            pagesSkipped += s.pagesSkipped();
            dataBytes += s.bytesFetched();
            codecs.addAll(s.codecs());
        }
        for (io.pqlab.plan.Plan p : scan.plans()) {
            groupsSkipped += p.rowGroupsSkipped();
        }
        err.printf("files:               %,d in the dataset, %,d scanned%n", d.files().size(), scan.stats().size());
        err.printf("rows returned:       %,d%n", scan.rowsReturned());
        err.printf("row groups:          %d read, %d skipped in the files scanned%n", groupsRead, groupsSkipped);
        err.printf("pages:               %,d decoded, %,d skipped in row groups read%n", pagesDecoded, pagesSkipped);
        err.printf("bytes fetched:       %,d in %,d requests (footers, indexes and data; %,d of them data)%n",
                d.bytesFetched(), d.requests(), dataBytes);
        if (d.bytesFromCache() > 0) {
            err.printf("from the cache:      %,d bytes of metadata%n", d.bytesFromCache());
        }
        if (!codecs.isEmpty()) {
            err.printf("codecs:              %s%n", String.join(", ", codecs));
        }
        err.flush();
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
