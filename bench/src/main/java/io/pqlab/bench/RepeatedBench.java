package io.pqlab.bench;

import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.bench.pj.CountingInputFile;
import io.pqlab.bench.pj.Pj;
import io.pqlab.internal.io.CountingSource;
import io.pqlab.io.FileSource;
import io.pqlab.scan.RowBatch;
import io.pqlab.scan.Scan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Issue 18: {@code list_contains(tags, v)} on a list column, pqlab against parquet-java's
 * {@code FilterApi.contains} (its row-group, dictionary, Bloom and column-index filters, then its
 * record filter), in time, with the bytes each read and the rows it returned printed after each
 * iteration. The file is written here by parquet-java: 400,000 rows of an id and a list of ints
 * sorted by the first element (so page bounds are selective), pages of 200 rows, row groups of
 * 50,000, a Bloom filter on the element column.
 *
 * <pre>java -jar bench/target/benchmarks.jar RepeatedBench -f 1 -wi 2 -i 3 -r 1</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class RepeatedBench {
    /** The value looked for: one of the first rows, one in the middle, one absent from every list. */
    @Param({"7", "50000", "-5"})
    public int value;

    static final int ROWS = 400_000;
    static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
            "message m { required int64 id; optional group tags (LIST) { repeated group list { optional int32 element; } } }");

    Path file;

    @Setup(Level.Trial)
    public void write() throws IOException {
        file = Files.createTempFile("pqlab-repeated-bench", ".parquet");
        Random r = new Random(18);
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> w = Pj.writer(file, SCHEMA).withPageRowCountLimit(200).withRowGroupRowCountLimit(50_000)
                .withBloomFilterEnabled("tags.list.element", true).withDictionaryEncoding(false).build()) {
            for (int id = 0; id < ROWS; id++) {
                Group g = groups.newGroup();
                g.add("id", (long) id);
                if (id % 17 != 0) {
                    Group l = g.addGroup("tags");
                    int n = r.nextInt(5);
                    for (int k = 0; k < n; k++) {
                        l.addGroup("list").add("element", id / 4 + (k == 0 ? 0 : r.nextInt(100)));
                    }
                }
                w.write(g);
            }
        }
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException {
        Files.deleteIfExists(file);
    }

    /** Bytes read and rows returned by the last operation, printed after each iteration. */
    @State(Scope.Thread)
    public static class Read {
        long bytes;
        long rows;
        String reader;

        @TearDown(Level.Iteration)
        public void print() {
            System.out.printf("%n%s, list_contains(tags, v): %,d rows, %,d bytes read per operation%n", reader, rows, bytes);
        }
    }

    @Benchmark
    public long pqlab(Read read) throws IOException {
        CountingSource source = new CountingSource(FileSource.open(file));
        long n = 0;
        try (ParquetFile f = ParquetFile.open(source);
                Scan s = f.scan(Query.where("list_contains(tags, " + value + ")").columns("id", "tags"))) {
            for (RowBatch b : s) {
                n += b.size();
            }
        }
        read.bytes = source.bytesRead();
        read.rows = n;
        read.reader = "pqlab";
        return n;
    }

    @Benchmark
    public long parquetJava(Read read) throws IOException {
        FilterPredicate p = FilterApi.contains(FilterApi.eq(FilterApi.intColumn("tags.list.element"), value));
        CountingInputFile in = new CountingInputFile(new LocalInputFile(file));
        long n = Pj.scan(in, p, g -> { });
        read.bytes = in.bytes;
        read.rows = n;
        read.reader = "parquet-java";
        return n;
    }
}
