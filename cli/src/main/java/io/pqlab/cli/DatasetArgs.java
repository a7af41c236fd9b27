package io.pqlab.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqlab.Dataset;
import io.pqlab.DatasetOptions;
import io.pqlab.DatasetPlan;
import io.pqlab.plan.RowGroupPlan;
import io.pqlab.s3.S3Lister;
import io.pqlab.s3.S3Source;
import io.pqlab.schema.ColumnDescriptor;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * Whether FILE arguments name one file or a dataset, and the options a dataset takes. One existing
 * regular file or one URL is read as today, byte for byte the same; a directory, a glob or several
 * paths are opened as a {@link Dataset}.
 */
final class DatasetArgs {
    @Option(names = "--partition", paramLabel = "KEY:TYPE",
            description = "For a dataset: the type of a hive partition key (BIGINT, DOUBLE, DECIMAL, DATE, "
                    + "TIMESTAMP, BOOLEAN, VARCHAR) instead of the inferred one. Repeatable.")
    List<String> partitions = new ArrayList<>();

    @Option(names = "--cache", paramLabel = "DIR",
            description = "For a dataset: keep footers and indexes in DIR, keyed by path, size and mtime, so a "
                    + "second run reads no footer.")
    Path cache;

    @Option(names = "--quiet", description = "For a dataset: no progress line on stderr (shown only at a terminal).")
    boolean quiet;

    @Option(names = "--skip-bad-files",
            description = "For a dataset: skip (and list) a file whose footer cannot be read instead of stopping.")
    boolean skipBadFiles;

    /** Whether the arguments name a dataset rather than one file. */
    static boolean isDataset(List<String> locations) {
        if (locations.size() != 1) {
            return true;
        }
        String l = locations.get(0);
        if (S3Source.handles(l)) {
            return l.endsWith("/") || hasGlob(l); // a prefix or a glob; else one key, read as today
        }
        if (Sources.isRemote(l)) {
            // a URL of a Parquet file is one file; any other is a list of URLs
            String path = l.replaceAll("[?#].*$", "").toLowerCase(java.util.Locale.ROOT);
            return !(path.endsWith(".parquet") || path.endsWith(".parq") || path.endsWith(".pq"));
        }
        try {
            Path p = Path.of(l);
            if (Files.isRegularFile(p)) {
                return false;
            }
            if (Files.isDirectory(p)) {
                return true;
            }
        } catch (java.nio.file.InvalidPathException e) {
            // a glob character the platform refuses in a path: a glob
        }
        return hasGlob(l);
    }

    private static boolean hasGlob(String l) {
        return l.indexOf('*') >= 0 || l.indexOf('?') >= 0 || l.indexOf('[') >= 0;
    }

    /** An open dataset with the object-store client that lists and reads it, closed together. */
    record Opened(Dataset dataset, S3Lister lister, DatasetProgress progress) implements AutoCloseable {
        @Override
        public void close() {
            if (progress != null) {
                progress.finish();
            }
            dataset.close();
            if (lister != null) {
                lister.close();
            }
        }
    }

    /**
     * Opens the dataset with these options and the source's (endpoint, region, retries, keys):
     * it is listed, nothing of the files is read yet.
     */
    Opened open(List<String> locations, SourceOptions source, PrintWriter err) throws IOException {
        DatasetProgress progress = DatasetProgress.of(err, quiet);
        DatasetOptions o = DatasetOptions.defaults().withSkipBadFiles(skipBadFiles)
                .withRetry(Sources.retry(source)).withDecryption(source.keys.decryption()).withProgress(progress);
        try {
            for (String p : partitions) {
                o = o.withPartition(p);
            }
        } catch (IllegalArgumentException e) {
            throw new Main.UserError("--partition: " + e.getMessage());
        }
        if (cache != null) {
            o = o.withCache(cache);
        }
        S3Lister lister = null;
        if (locations.stream().anyMatch(S3Source::handles)) {
            lister = new S3Lister(Sources.s3(source));
            o = o.withStores(List.of(lister));
        }
        try {
            return new Opened(Dataset.open(locations, o), lister, progress);
        } catch (IOException | RuntimeException e) {
            if (lister != null) {
                lister.close();
            }
            throw e;
        }
    }

    /** Pages a plan does not read, where the offset index told how many there are. */
    static long pagesSkipped(io.pqlab.plan.Plan plan) {
        return DatasetPlan.pagesSkipped(plan);
    }

    /** Why a file reads no data: its outcome's reason, or the mechanism that ruled out its row groups. */
    static String reason(DatasetPlan.FilePlan f) {
        if (f.reason() != null) {
            return f.reason();
        }
        if (f.plan() == null || f.plan().rowGroups().isEmpty()) {
            return "no row group";
        }
        RowGroupPlan g = f.plan().rowGroups().get(0);
        String m = g.skippedBy() == null ? "condition" : g.skippedBy();
        int n = f.plan().rowGroups().size();
        return m + ": " + (n == 1 ? "its row group" : "all " + n + " row groups") + " ruled out";
    }

    static String outcome(DatasetPlan.FilePlan f) {
        if (f.outcome() == DatasetPlan.Outcome.PLANNED) {
            return f.skipped() ? "skipped" : "read";
        }
        return switch (f.outcome()) {
            case SKIPPED_BY_PARTITION -> "skipped_by_partition";
            case SKIPPED_BY_SCHEMA -> "skipped_by_schema";
            case BAD -> "bad";
            default -> f.outcome().name().toLowerCase(java.util.Locale.ROOT);
        };
    }

    /** {@code skipping} on a dataset, as JSON: today's per-file objects and the totals. */
    static ObjectNode skippingJson(DatasetPlan plan, String condition) {
        ObjectNode o = Json.object();
        o.put("condition", condition);
        ArrayNode files = o.putArray("files");
        for (DatasetPlan.FilePlan f : plan.files()) {
            ObjectNode n = f.plan() != null ? PlanReport.json(f.plan(), null) : Json.object();
            if (f.plan() == null) {
                n.put("file", f.location());
                n.put("file_size", f.size());
            }
            n.put("outcome", outcome(f));
            n.put("reason", f.skipped() ? reason(f) : null);
            ObjectNode part = n.putObject("partition");
            f.partition().forEach((k, v) -> part.put(k, v == null ? null : v.toString()));
            n.put("footer_bytes_read", f.footerBytesRead());
            n.put("footer_from_cache", f.footerFromCache());
            n.put("requests", f.requests());
            files.add(n);
        }
        ObjectNode t = o.putObject("totals");
        Totals s = Totals.of(plan);
        t.put("files", s.files);
        t.put("files_read", s.filesRead);
        t.put("files_skipped", plan.filesSkipped());
        t.put("files_bad", s.bad);
        t.put("row_groups", plan.rowGroups());
        t.put("row_groups_skipped", s.rowGroupsSkipped);
        t.put("pages_skipped", s.pagesSkipped);
        t.put("rows_kept", plan.rowsKept());
        t.put("bytes_read", plan.bytesRead());
        t.put("bytes_to_decide", plan.bytesToDecide());
        t.put("requests", plan.requests());
        ObjectNode by = t.putObject("skipped_by");
        for (Map.Entry<String, long[]> e : plan.skippedByMechanism().entrySet()) {
            ObjectNode m = by.putObject(e.getKey());
            m.put("files", e.getValue()[0]);
            m.put("row_groups", e.getValue()[1]);
            m.put("pages", e.getValue()[2]);
        }
        return o;
    }

    private record Totals(long files, long filesRead, long bad, long rowGroupsSkipped, long pagesSkipped) {
        static Totals of(DatasetPlan plan) {
            long read = 0;
            long bad = 0;
            long groups = 0;
            long pages = 0;
            for (DatasetPlan.FilePlan f : plan.files()) {
                read += f.skipped() ? 0 : 1;
                bad += f.outcome() == DatasetPlan.Outcome.BAD ? 1 : 0;
                if (f.plan() != null) {
                    groups += f.plan().rowGroupsSkipped();
                    pages += DatasetArgs.pagesSkipped(f.plan());
                }
            }
            return new Totals(plan.files().size(), read, bad, groups, pages);
        }
    }

    /** {@code skipping} on a dataset, for people: a summary, the skipped files with why, the files read. */
    static void printSkipping(PrintWriter out, DatasetPlan plan, String condition) {
        Totals s = Totals.of(plan);
        out.println("condition: " + condition);
        out.printf("files: %d planned, %d read, %d skipped%s%n", s.files, s.filesRead, plan.filesSkipped(),
                s.bad == 0 ? "" : " (" + s.bad + " bad)");
        out.printf("row groups: %,d, %,d skipped; pages skipped: %,d; rows kept: %,d%n", plan.rowGroups(),
                s.rowGroupsSkipped, s.pagesSkipped, plan.rowsKept());
        out.printf("bytes read: %,d; bytes to decide: %,d%n", plan.bytesRead(), plan.bytesToDecide());
        out.println();
        Table by = new Table("skipped by", ">files", ">row groups", ">pages");
        for (Map.Entry<String, long[]> e : plan.skippedByMechanism().entrySet()) {
            by.row(e.getKey(), e.getValue()[0], e.getValue()[1], e.getValue()[2]);
        }
        by.print(out, "");
        List<DatasetPlan.FilePlan> skipped = plan.files().stream().filter(DatasetPlan.FilePlan::skipped).toList();
        if (!skipped.isEmpty()) {
            out.println();
            Table t = new Table("skipped file", "why");
            skipped.forEach(f -> t.row(f.location(), Table.oneLine(reason(f))));
            t.print(out, "");
        }
        out.println();
        Table t = new Table("file read", ">row groups", ">skipped", ">pages skipped", ">rows kept", ">bytes read");
        for (DatasetPlan.FilePlan f : plan.files()) {
            if (!f.skipped()) {
                t.row(f.location(), f.plan().rowGroups().size(), f.plan().rowGroupsSkipped(),
                        pagesSkipped(f.plan()), f.plan().rowsKept(), f.plan().bytesRead());
            }
        }
        t.print(out, "");
    }

    /**
     * {@code requests} on a dataset, as JSON: per file the reads sent to plan it (footer, indexes,
     * filters; none from a warm cache) and the data requests the plan would make; and the totals.
     */
    static ObjectNode requestsJson(DatasetPlan plan, String condition) {
        ObjectNode o = Json.object();
        o.put("condition", condition);
        ArrayNode files = o.putArray("files");
        long dataRequests = 0;
        for (DatasetPlan.FilePlan f : plan.files()) {
            ObjectNode n = files.addObject();
            n.put("file", f.location());
            n.put("outcome", outcome(f));
            n.put("reason", f.skipped() ? reason(f) : null);
            n.put("requests", f.requests());
            n.put("bytes_to_decide", f.footerBytesRead() + (f.plan() == null ? 0 : f.plan().indexBytes()));
            n.put("footer_from_cache", f.footerFromCache());
            long data = f.plan() == null || f.skipped() ? 0 : f.plan().requests().size();
            dataRequests += data;
            n.put("data_requests_planned", data);
            n.put("data_bytes_planned", f.plan() == null ? 0 : f.plan().bytesRead());
        }
        ObjectNode t = o.putObject("totals");
        t.put("files", plan.files().size());
        t.put("files_skipped", plan.filesSkipped());
        t.put("requests", plan.requests());
        t.put("bytes_to_decide", plan.bytesToDecide());
        t.put("data_requests_planned", dataRequests);
        t.put("data_bytes_planned", plan.bytesRead());
        return o;
    }

    static void printRequests(PrintWriter out, ObjectNode o) {
        out.println("condition: " + (o.get("condition").isNull() ? "every row" : o.get("condition").asText()));
        ObjectNode t = (ObjectNode) o.get("totals");
        out.printf("files: %d, %d skipped; to plan: %d requests, %d bytes; data (planned): %d requests, %d bytes%n",
                t.get("files").asLong(), t.get("files_skipped").asLong(), t.get("requests").asLong(),
                t.get("bytes_to_decide").asLong(), t.get("data_requests_planned").asLong(),
                t.get("data_bytes_planned").asLong());
        out.println();
        Table f = new Table("file", "outcome", ">requests", ">bytes to decide", ">data requests", ">data bytes");
        o.get("files").forEach(n -> f.row(n.get("file").asText(), n.get("outcome").asText()
                + (n.get("footer_from_cache").asBoolean() ? " (cached)" : ""), n.get("requests").asLong(),
                n.get("bytes_to_decide").asLong(), n.get("data_requests_planned").asLong(),
                n.get("data_bytes_planned").asLong()));
        f.print(out, "");
    }

    /** {@code footer} and {@code schema} on a dataset: the merged schema and a line per file. */
    static ObjectNode summaryJson(Dataset d, DatasetPlan plan) throws IOException {
        ObjectNode o = Json.object();
        ArrayNode parts = o.putArray("partition_columns");
        for (String k : d.partitionColumns()) {
            parts.addObject().put("name", k).put("type", d.partitionType(k));
        }
        ArrayNode cols = o.putArray("columns");
        for (ColumnDescriptor c : d.columns()) {
            ObjectNode n = cols.addObject();
            n.put("path", c.dottedPath());
            n.put("physical_type", c.type().name());
            n.put("logical_type", c.logicalType() == null ? null : io.pqlab.schema.Schema.logicalName(c.logicalType()));
            n.put("repetition", c.repetition().name());
        }
        ArrayNode files = o.putArray("files");
        for (DatasetPlan.FilePlan f : plan.files()) {
            ObjectNode n = files.addObject();
            n.put("file", f.location());
            n.put("file_size", f.size());
            n.put("outcome", f.outcome() == DatasetPlan.Outcome.BAD ? "bad" : "ok");
            n.put("reason", f.reason());
            n.put("num_rows", f.plan() == null ? null : f.plan().numRows());
            n.put("num_row_groups", f.plan() == null ? null : f.plan().rowGroups().size());
            n.put("footer_bytes_read", f.footerBytesRead());
            n.put("footer_from_cache", f.footerFromCache());
        }
        return o;
    }

    static void printSummary(PrintWriter out, ObjectNode o) {
        Table c = new Table("column", "physical", "logical", "repetition");
        o.get("partition_columns").forEach(p -> c.row(p.get("name").asText(), p.get("type").asText(), "",
                "partition"));
        o.get("columns").forEach(n -> c.row(n.get("path").asText(), n.get("physical_type").asText(),
                Json.text(n, "logical_type"), n.get("repetition").asText()));
        c.print(out, "");
        out.println();
        Table f = new Table("file", ">size", ">rows", ">row groups", "footer");
        o.get("files").forEach(n -> f.row(n.get("file").asText(), n.get("file_size").asLong(),
                n.get("num_rows").isNull() ? "" : n.get("num_rows").asText(),
                n.get("num_row_groups").isNull() ? "" : n.get("num_row_groups").asText(),
                n.get("outcome").asText().equals("bad") ? "bad: " + Table.oneLine(n.get("reason").asText())
                        : n.get("footer_from_cache").asBoolean() ? "from cache"
                        : String.format("%,d bytes read", n.get("footer_bytes_read").asLong())));
        f.print(out, "");
    }
}
