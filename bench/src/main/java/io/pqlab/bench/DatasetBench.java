package io.pqlab.bench;

import io.pqlab.Dataset;
import io.pqlab.DatasetOptions;
import io.pqlab.DatasetPlan;
import io.pqlab.Query;
import io.pqlab.bench.pj.Pj;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.compat.RowGroupFilter;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Planning a 1,000-file hive dataset ({@code year=2015..2024/month=1..10/part-0..9.parquet}, 200
 * rows and 2 row groups a file, written by parquet-java into {@code hive-1000} of the bench data
 * folder on first use), {@code shape} {@code partition}: for {@code month = 6 AND amount > 9900}
 * (the partition rules out nine files in ten, the statistics most row groups of the rest), and
 * {@code data}: for {@code amount > 9990} (every footer is read, the statistics rule out most row
 * groups).
 *
 * <ul>
 *   <li>{@code pqlabCold}: list, read the footers partitions leave (100 or 1,000, on the cores), plan; no metadata cache;
 *   <li>{@code pqlabWarmCache}: the same with a metadata cache filled in setup (no footer byte read);
 *   <li>{@code duckdbCount1Thread} / {@code duckdbCountCores}: DuckDB's filtered
 *       {@code count(*)} over {@code read_parquet(..., hive_partitioning = true)} on a fresh
 *       in-memory database, one thread and as many threads as pqlab uses; DuckDB also reads the
 *       matching rows' pages, so it is an upper bound of its planning;
 *   <li>{@code parquetJavaLoop}: the loop a parquet-java user writes: walk the tree, skip by the
 *       path's month (shape partition), read each footer and filter its row groups by statistics.
 * </ul>
 * The OS page cache is warm for all. Ratios within one run are the figures.
 */
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class DatasetBench extends Bench {
    /**
     * {@code partition}: {@code month = 6 AND amount > 9900}, the partition rules out nine files in
     * ten; {@code data}: {@code amount > 9990}, on a data column only: every file's footer is read
     * (cold: 1,000 footers), where a warm cache saves the most a local one can.
     */
    @Param({"partition", "data"})
    public String shape;

    static String condition(String shape) {
        return shape.equals("data") ? "amount > 9990" : "month = 6 AND amount > 9900";
    }

    Path root;
    String condition;
    Path cache;
    Query query;

    @Setup
    public void setup() throws IOException {
        root = generate(BenchData.dir().resolve("hive-1000"));
        condition = condition(shape);
        query = Query.where(condition);
        cache = Files.createTempDirectory("pqlab-dataset-cache");
        try (Dataset d = Dataset.open(List.of(root.toString()), DatasetOptions.defaults().withCache(cache))) {
            d.plan(query); // fills the cache
        }
    }

    /** Writes the dataset once (a marker file says it is whole). */
    static Path generate(Path root) throws IOException {
        Path done = root.resolve("_DONE");
        if (Files.exists(done)) {
            return root;
        }
        MessageType type = MessageTypeParser.parseMessageType(
                "message m { required int64 id; required int64 amount; optional binary name (STRING); }");
        SimpleGroupFactory groups = new SimpleGroupFactory(type);
        long id = 0;
        for (int year = 2015; year <= 2024; year++) {
            for (int month = 1; month <= 10; month++) {
                for (int part = 0; part < 10; part++) {
                    Path f = root.resolve("year=" + year + "/month=" + month + "/part-" + part + ".parquet");
                    Files.createDirectories(f.getParent());
                    try (ParquetWriter<Group> w = Pj.writer(f, type).withRowGroupRowCountLimit(100).build()) {
                        for (int r = 0; r < 200; r++, id++) {
                            Group g = groups.newGroup();
                            g.add("id", id);
                            g.add("amount", id * 7919 % 10_000);
                            g.add("name", "n" + (id % 97));
                            w.write(g);
                        }
                    }
                }
            }
        }
        Files.writeString(done, "1000 files\n");
        return root;
    }

    @Benchmark
    public long pqlabCold() throws IOException {
        try (Dataset d = Dataset.open(List.of(root.toString()), DatasetOptions.defaults())) {
            DatasetPlan p = d.plan(query);
            return p.rowsKept();
        }
    }

    @Benchmark
    public long pqlabWarmCache() throws IOException {
        try (Dataset d = Dataset.open(List.of(root.toString()), DatasetOptions.defaults().withCache(cache))) {
            return d.plan(query).rowsKept();
        }
    }

    @Benchmark
    public long duckdbCount1Thread() throws Exception {
        return duckCount(1);
    }

    @Benchmark
    public long duckdbCountCores() throws Exception {
        return duckCount(Runtime.getRuntime().availableProcessors());
    }

    private long duckCount(int threads) throws Exception {
        try (Connection c = Duck.connect(threads); Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT count(*) FROM read_parquet(" + Duck.literal(root)
                        + " || '/**/*.parquet', hive_partitioning = true) WHERE " + condition)) {
            r.next();
            return r.getLong(1);
        }
    }

    @Benchmark
    public long parquetJavaLoop() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(root)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".parquet")).sorted().toList();
        }
        boolean data = shape.equals("data");
        FilterCompat.Filter filter = FilterCompat.get(FilterApi.gt(FilterApi.longColumn("amount"), data ? 9990L : 9900L));
        long rows = 0;
        for (Path f : files) {
            if (!data && !f.getParent().getFileName().toString().equals("month=6")) {
                continue; // the partition, from the path
            }
            ParquetMetadata footer = Pj.readFooter(new LocalInputFile(f));
            List<BlockMetaData> kept = RowGroupFilter.filterRowGroups(filter, footer.getBlocks(),
                    footer.getFileMetaData().getSchema());
            for (BlockMetaData b : kept) {
                rows += b.getRowCount();
            }
        }
        return rows;
    }
}
