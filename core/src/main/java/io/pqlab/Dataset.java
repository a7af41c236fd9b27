package io.pqlab;

import io.pqlab.internal.dataset.CachingSource;
import io.pqlab.internal.dataset.DatasetFiles;
import io.pqlab.internal.dataset.DatasetSchema;
import io.pqlab.internal.dataset.FileConditions;
import io.pqlab.internal.dataset.FloatWidening;
import io.pqlab.internal.dataset.HivePartitioning;
import io.pqlab.internal.dataset.HttpLister;
import io.pqlab.internal.dataset.Listing;
import io.pqlab.internal.dataset.MetadataCache;
import io.pqlab.internal.dataset.Openers;
import io.pqlab.internal.dataset.Parallel;
import io.pqlab.internal.dataset.PartitionType;
import io.pqlab.internal.dataset.PartitionValues;
import io.pqlab.schema.PhysicalType;
import io.pqlab.io.ListedFile;
import io.pqlab.plan.Plan;
import io.pqlab.predicate.ColumnRef;
import io.pqlab.predicate.Expr;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.schema.NoSuchColumnException;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Many Parquet files read as one table: a directory, a glob, several paths, an {@code s3://}
 * prefix or an HTTP list file, with hive partitions and schemas merged by name. Opened like a
 * file, it takes the same {@link Query}:
 *
 * <pre>{@code
 * try (Dataset d = Dataset.open(List.of("data/**&#47;*.parquet"), DatasetOptions.defaults())) {
 *     DatasetPlan plan = d.plan(Query.where("year = 2024 AND amount > 100"));
 *     try (DatasetScan rows = d.scan(Query.where("year = 2024").limit(10))) { ... }
 * }
 * }</pre>
 *
 * <p>Opening lists the files and reads their paths' partitions, nothing of the files. A plan or
 * scan first judges each file by its partition values ({@link Mechanism#PARTITION}): a file they
 * refute is skipped before its footer is read. The others' footers are read in parallel (or taken
 * from the metadata cache), their schemas merged, and each file planned as
 * {@link ParquetFile#plan} plans it, its condition rid of what its partition values and absent
 * columns decide.
 */
public final class Dataset implements Closeable {
    private final List<ListedFile> files;
    private final HivePartitioning partitioning;
    private final PartitionValues partitionValues;
    private final DatasetOptions options;
    private final MetadataCache cache;
    private final CachingSource.Opener opener;
    private final DatasetFiles.Opened[] opened;

    private Dataset(List<ListedFile> files, HivePartitioning partitioning, DatasetOptions options, MetadataCache cache) {
        this.files = files;
        this.partitioning = partitioning;
        this.partitionValues = new PartitionValues(partitioning);
        this.options = options;
        this.cache = cache;
        this.opener = Openers.of(options.stores(), options.retry());
        this.opened = new DatasetFiles.Opened[files.size()];
    }

    /** Lists the locations (see {@link Listing} for the rules) and reads their partitions. */
    public static Dataset open(List<String> locations, DatasetOptions options) throws IOException {
        Listing listing = new Listing(options.stores(), new HttpLister(options.retry(), options.connections()));
        List<ListedFile> files = listing.list(locations);
        Map<String, PartitionType> declared = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : options.partitionTypes().entrySet()) {
            declared.put(e.getKey(), PartitionType.parse(e.getValue()));
        }
        HivePartitioning p = HivePartitioning.of(files, declared);
        MetadataCache cache = options.cache() == null ? null : new MetadataCache(options.cache());
        return new Dataset(files, p, options, cache);
    }

    public static Dataset open(String... locations) throws IOException {
        return open(List.of(locations), DatasetOptions.defaults());
    }

    /** The files, sorted by location. */
    public List<ListedFile> files() {
        return files;
    }

    /** The partition keys, in path order. */
    public List<String> partitionColumns() {
        return partitioning.columns().stream().map(HivePartitioning.Column::name).toList();
    }

    /**
     * The partition columns as Parquet columns, column i for key i: BIGINT as INT64, DATE as INT32
     * (DATE), TIMESTAMP as INT64 (TIMESTAMP(MICROS)), VARCHAR as BYTE_ARRAY (STRING), DECIMAL as
     * BYTE_ARRAY (DECIMAL) at its values' largest scale; conditions are bound to these.
     */
    public io.pqlab.schema.Schema partitionSchema() {
        return partitionValues.schema();
    }

    /** A partition key's type: BIGINT, DOUBLE, DECIMAL, DATE, TIMESTAMP, BOOLEAN or VARCHAR. */
    public String partitionType(String key) {
        int i = partitioning.index(key);
        if (i < 0) {
            throw new IllegalArgumentException("no partition key " + key + "; the keys are " + partitionColumns());
        }
        return partitioning.columns().get(i).type().name();
    }

    /** File {@code i}'s partition values by key (Long, Double, BigDecimal, LocalDate, LocalDateTime, Boolean, String; null). */
    public Map<String, Object> partitionValues(int i) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int c = 0; c < partitioning.columns().size(); c++) {
            m.put(partitioning.columns().get(c).name(), partitioning.values().get(i).get(c));
        }
        return Collections.unmodifiableMap(m);
    }

    /** The merged columns of every file (reads every footer not read yet). */
    public List<ColumnDescriptor> columns() throws IOException {
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            all.add(i);
        }
        return schema(all).columns();
    }

    private List<DatasetFiles.Opened> openFiles(List<Integer> which) throws IOException {
        List<ListedFile> todo = new ArrayList<>();
        for (int i : which) {
            if (opened[i] == null) {
                todo.add(files.get(i));
            }
        }
        int threads = Openers.anyRemote(todo) ? options.connections() : Parallel.localThreads();
        List<DatasetFiles.Opened> got = DatasetFiles.open(todo, opener, cache, threads, options.skipBadFiles(),
                options.decryption(), todo.isEmpty() ? null : options.progress());
        int k = 0;
        for (int i : which) {
            if (opened[i] == null) {
                opened[i] = got.get(k++);
            }
        }
        List<DatasetFiles.Opened> out = new ArrayList<>();
        for (int i : which) {
            out.add(opened[i]);
        }
        return out;
    }

    private DatasetSchema schema(List<Integer> which) throws IOException {
        List<String> names = new ArrayList<>();
        List<io.pqlab.schema.Schema> schemas = new ArrayList<>();
        for (DatasetFiles.Opened o : openFiles(which)) {
            if (o.ok()) {
                names.add(o.listed().location());
                schemas.add(o.file().schema());
            }
        }
        return DatasetSchema.merge(names, schemas, partitionColumns());
    }

    /** One file as a query meets it: skipped (with why), or its own query. */
    private record Decided(int file, DatasetPlan.Outcome outcome, String reason, Query query) {}

    /**
     * Judges every file: by partition values first (without its footer), then, for those left, by
     * the columns it lacks; what remains of the condition becomes the file's own query.
     */
    private List<Decided> decide(Query query) throws IOException {
        boolean prune = query.mechanisms().contains(Mechanism.PARTITION);
        List<Decided> out = new ArrayList<>(Collections.nCopies(files.size(), null));
        List<Integer> survivors = new ArrayList<>();
        // files with the same partition values are judged alike: each distinct set of values once
        Map<List<Object>, FileConditions.Judged> byValues = new java.util.HashMap<>();
        for (int i = 0; i < files.size(); i++) {
            if (query.hasCondition()) {
                int file = i;
                FileConditions.Judged j = byValues.computeIfAbsent(partitioning.values().get(i),
                        v -> FileConditions.judge(query.condition(), partitionValues, file, Set.of()));
                if (j.matchesNone() && prune) {
                    out.set(i, new Decided(i, DatasetPlan.Outcome.SKIPPED_BY_PARTITION, j.reason(), null));
                    continue;
                }
            }
            survivors.add(i);
        }
        DatasetSchema schema = schema(survivors);
        List<DatasetFiles.Opened> open = openFiles(survivors);
        List<String> named = new ArrayList<>(query.columns());
        if (query.hasCondition()) {
            for (ColumnRef ref : query.condition().columns()) {
                named.add(String.join(".", ref.path()));
            }
        }
        for (String name : named) {
            if (!known(name, schema)) {
                // not in the files left: a column only the skipped files have, or a typo. Only
                // all the files' schemas tell which (read now, in this rare case).
                List<Integer> all = new ArrayList<>();
                for (int i = 0; i < files.size(); i++) {
                    all.add(i);
                }
                if (!known(name, schema(all))) {
                    throw new NoSuchColumnException("no column \"" + name + "\" in the dataset's files or"
                            + " partitions", name, List.of());
                }
            }
        }
        int k = 0;
        for (int s = 0; s < survivors.size(); s++) {
            int i = survivors.get(s);
            DatasetFiles.Opened o = open.get(s);
            if (!o.ok()) {
                out.set(i, new Decided(i, DatasetPlan.Outcome.BAD, o.error(), null));
                continue;
            }
            int f = k++;
            Set<String> absent = new HashSet<>();
            Set<String> widenedFloat = new HashSet<>();
            for (int c = 0; c < schema.columns().size(); c++) {
                int leaf = schema.files().get(f)[c];
                if (leaf < 0) {
                    absent.add(schema.columns().get(c).dottedPath());
                } else if (schema.widened().get(f).get(c)
                        && o.file().schema().column(leaf).type() == PhysicalType.FLOAT) {
                    widenedFloat.add(schema.columns().get(c).dottedPath());
                }
            }
            if (query.hasCondition()) {
                for (ColumnRef ref : query.condition().columns()) {
                    String name = String.join(".", ref.path());
                    if (partitioning.index(name) < 0 && o.file().schema().find(name) == null
                            && o.file().schema().columns().stream().noneMatch(c -> c.dottedPath().startsWith(name + "."))) {
                        absent.add(name); // only skipped files have it
                    }
                }
            }
            Query q = fileQuery(query, o, absent);
            if (query.hasCondition()) {
                FileConditions.Judged j = FileConditions.judge(query.condition(), partitionValues, i, absent);
                if (j.matchesNone()) {
                    if (!j.byPartition()) {
                        out.set(i, new Decided(i, DatasetPlan.Outcome.SKIPPED_BY_SCHEMA, j.reason(), null));
                        continue;
                    }
                    // refuted by partitions with the mechanism off: read it all, to return no row
                    q = q.withCondition(Expr.and(new Expr.IsNull(anyColumn(o), false),
                            new Expr.IsNull(anyColumn(o), true))).using(Mechanism.none());
                } else {
                    // a column this file stores as FLOAT and the dataset reads as DOUBLE: compared as doubles
                    q = q.withCondition(FloatWidening.rewrite(j.residual(), widenedFloat));
                }
            }
            out.set(i, new Decided(i, DatasetPlan.Outcome.PLANNED, null, q));
        }
        return out;
    }

    private boolean known(String name, DatasetSchema schema) {
        return partitioning.index(name) >= 0 || schema.columns().stream()
                .anyMatch(c -> c.dottedPath().equals(name) || c.dottedPath().startsWith(name + "."));
    }

    private static ColumnRef anyColumn(DatasetFiles.Opened o) {
        return ColumnRef.of(o.file().schema().column(0).path().toArray(new String[0]));
    }

    /** The query's columns that the file has (partition columns and absent ones are the dataset's to fill). */
    private Query fileQuery(Query query, DatasetFiles.Opened o, Set<String> absent) {
        if (query.columns().isEmpty()) {
            return query;
        }
        List<String> mine = new ArrayList<>();
        for (String c : query.columns()) {
            // absent: a column other files have; also one only files skipped by partition have
            // (the survivors' merged schema does not list it), or a group the file lacks
            boolean here = o.file().schema().find(c) != null
                    || o.file().schema().columns().stream().anyMatch(d -> d.dottedPath().startsWith(c + "."));
            if (!absent.contains(c) && partitioning.index(c) < 0 && here) {
                mine.add(c);
            }
        }
        if (mine.isEmpty()) {
            mine.add(o.file().schema().column(0).dottedPath()); // the rows still need counting
        }
        return query.columns(mine);
    }

    /** What the query reads of each file, and why. */
    public DatasetPlan plan(Query query) throws IOException {
        List<DatasetPlan.FilePlan> plans = new ArrayList<>();
        for (Decided d : decide(query)) {
            ListedFile f = files.get(d.file());
            DatasetFiles.Opened o = opened[d.file()];
            Plan plan = null;
            if (d.outcome() == DatasetPlan.Outcome.PLANNED) {
                try {
                    plan = o.file().plan(d.query());
                } catch (IOException | FileException e) {
                    throw DatasetFiles.failed(f, e); // the page indexes and filters of a file that failed since
                }
                commit(o);
            }
            long footer = o == null || o.source() == null ? 0 : o.source().footerBytesRead();
            plans.add(new DatasetPlan.FilePlan(f.location(), f.size(), partitionValues(d.file()), d.outcome(),
                    d.reason(), plan, Math.max(0, footer), o != null && o.source() != null && o.source().warm(),
                    o == null || o.source() == null ? 0 : o.source().reads()));
        }
        return new DatasetPlan(plans, partitionColumns());
    }

    private static void commit(DatasetFiles.Opened o) {
        try {
            o.source().commit(); // the page indexes and filters the plan read
        } catch (IOException e) {
            // a cache that cannot be written costs the next run a read, not this run its answer
        }
    }

    /**
     * The matching rows of every file, in the dataset's order (files by path, rows in file order),
     * a batch at a time; at most the query's limit, after which no further file is read. With
     * {@link Query#threads} above 1, up to that many files are scanned at once (see
     * {@link DatasetScan}), the order unchanged.
     */
    public DatasetScan scan(Query query) throws IOException {
        List<Decided> planned = new ArrayList<>();
        for (Decided d : decide(query)) {
            if (d.outcome() == DatasetPlan.Outcome.PLANNED) {
                planned.add(d);
            }
        }
        return new DatasetScan(this, planned.stream().map(Decided::file).toList(),
                planned.stream().map(Decided::query).toList(), query.limit(), query.threads());
    }

    /**
     * Reads sent to the files' stores so far (footers, page indexes, Bloom filters, dictionaries
     * and data pages; each one request for a remote file), none for what the metadata cache
     * served. Files skipped by their partition values were never opened and count nothing.
     */
    public long requests() {
        long n = 0;
        for (DatasetFiles.Opened o : opened) {
            n += o == null || o.source() == null ? 0 : o.source().reads();
        }
        return n;
    }

    /** The bytes of {@link #requests()}. */
    public long bytesFetched() {
        long n = 0;
        for (DatasetFiles.Opened o : opened) {
            n += o == null || o.source() == null ? 0 : o.source().bytesRead();
        }
        return n;
    }

    /** Bytes the metadata cache served instead of the stores. */
    public long bytesFromCache() {
        long n = 0;
        for (DatasetFiles.Opened o : opened) {
            n += o == null || o.source() == null ? 0 : o.source().bytesFromCache();
        }
        return n;
    }

    ParquetFile file(int i) {
        return opened[i].file();
    }

    /**
     * File {@code i}'s own schema tree (reads its footer if not read yet): what an engine needs to
     * assemble nested fields of that file's batches.
     */
    public io.pqlab.schema.Schema fileSchema(int i) throws IOException {
        DatasetFiles.Opened o = openFiles(List.of(i)).get(0);
        if (!o.ok()) {
            throw new DatasetException(files.get(i).location() + ": " + o.error());
        }
        return o.file().schema();
    }

    @Override
    public void close() {
        List<DatasetFiles.Opened> all = new ArrayList<>();
        for (DatasetFiles.Opened o : opened) {
            if (o != null) {
                all.add(o);
            }
        }
        DatasetFiles.closeAll(all);
    }
}
