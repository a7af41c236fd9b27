package io.pqlab.internal.net;

import io.pqlab.ParquetFile;
import io.pqlab.io.ByteSource;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.plan.Plan;
import io.pqlab.internal.predicate.Binder;
import io.pqlab.internal.predicate.Predicate;
import io.pqlab.scan.RowBatch;
import io.pqlab.internal.plan.Scans;
import io.pqlab.scan.Scan;
import io.pqlab.schema.ColumnDescriptor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Reads a file locally and through a {@link ReadSession}, to the same comparable outcome: the rows
 * (file row numbers and every value as text), the plan, or the error; and the requests made.
 * Shared by the HTTP tests here and the S3 tests of the s3 module.
 */
public final class NetworkReads {
    private NetworkReads() {}

    /** What a read gave: rows and plan, or an error with the file's name taken out. */
    public record Outcome(List<String> rows, String plan, String error) {}

    /** Every fixture: parquet-testing's data and bad_data, and the two pruning files. */
    public static List<Path> fixtures(Path root) throws IOException {
        List<Path> out = new ArrayList<>();
        out.add(root.resolve("pruning-sorted.parquet"));
        out.add(root.resolve("pruning-shuffled.parquet"));
        for (String dir : new String[] {"data", "bad_data"}) {
            try (Stream<Path> s = Files.list(root.resolve("parquet-testing").resolve(dir))) {
                s.filter(p -> p.getFileName().toString().contains(".parquet")).sorted().forEach(out::add);
            }
        }
        return out;
    }

    /** Conditions for a file: none, and the null tests of its first flat column; more for the pruning files. */
    public static List<String> conditions(Path file) {
        List<String> out = new ArrayList<>();
        out.add(null);
        String name = file.getFileName().toString();
        if (name.startsWith("pruning-")) {
            out.add("order_id = 431");
            out.add("customer_id = 424242");
            out.add("country = 'SE'");
            out.add("order_id BETWEEN 200 AND 201 OR amount_cents > 9900");
            out.add("country IS NULL AND order_id < 50");
            return out;
        }
        try (ParquetFile pf = ParquetFile.open(file)) {
            for (ColumnDescriptor c : pf.schema().columns()) {
                if (c.maxRepetitionLevel() == 0) {
                    List<String> quoted = new ArrayList<>();
                    c.path().forEach(p -> quoted.add('"' + p.replace("\"", "\"\"") + '"'));
                    String col = String.join(".", quoted);
                    out.add(col + " IS NULL");
                    out.add(col + " IS NOT NULL");
                    break;
                }
            }
        } catch (IOException | RuntimeException e) {
            // a file that does not open: no condition needed to see it fail the same way
        }
        return out;
    }

    public static Outcome local(Path file, String condition) {
        try (ParquetFile pf = ParquetFile.open(file)) {
            return scan(pf, condition, null, file.toString());
        } catch (Exception e) {
            return error(e, file.toString());
        }
    }

    /** The read through a session: footer, indexes, plan, data, scan. */
    public static Outcome remote(ByteSource source, Strategy strategy, String condition, List<RequestLog.Request> log) {
        String name = source.name();
        RequestLog requests = new RequestLog();
        try (ReadSession session = ReadSession.open(source, strategy, requests, FetchingSource.DEFAULT_MAX_HELD)) {
            return scan(session.file(), condition, session, name);
        } catch (Exception e) {
            return error(e, name);
        } finally {
            log.addAll(requests.requests());
        }
    }

    private static Outcome scan(ParquetFile pf, String condition, ReadSession session, String name) throws IOException {
        Predicate p = condition == null ? null : Binder.bind(condition, pf.schema());
        BoundQuery q = BoundQuery.of(p);
        if (session != null) {
            session.fetchIndexes(q);
        }
        Scan scanner = Scans.open(pf, q);
        Plan plan = scanner.plan();
        if (session != null) {
            session.fetchData(plan);
        }
        List<String> rows = new ArrayList<>();
        for (RowBatch b = scanner.nextBatch(); b != null; b = scanner.nextBatch()) {
            for (int i = 0; i < b.size(); i++) {
                StringBuilder sb = new StringBuilder().append(b.rowNumber(i));
                for (int c = 0; c < b.columns().size(); c++) {
                    sb.append('|').append(b.text(c, i));
                }
                rows.add(sb.toString());
            }
        }
        return new Outcome(rows, plan.rowGroups().toString() + " size " + plan.fileSize(), null);
    }

    private static Outcome error(Exception e, String name) {
        String m = String.valueOf(e.getMessage()).replace(name, "FILE");
        return new Outcome(null, null, e.getClass().getSimpleName() + ": " + m);
    }
}
