package io.pqlab.bench;

import io.pqlab.bench.BenchData.Variant;
import io.pqlab.ParquetFile;
import io.pqlab.bench.pj.Pj;
import io.pqlab.internal.format.MetadataDecoder;
import io.pqlab.io.FileSource;
import io.pqlab.schema.Schema;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Footer decoding. The footer's bytes are loaded once; the decode benchmarks start from them, so
 * they time decoding alone. {@code parquetJava_readFooter} is what a reader calls (it also reads
 * the file's tail, from the page cache). Run with {@code -prof gc} for bytes allocated per decode
 * (gc.alloc.rate.norm). pqlab's decoder and parquet-java's are both timed from the same bytes
 * to their library's metadata model (parquet-java: Thrift objects, then ParquetMetadata).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class FooterBench {
    /** wide, or an orders variant (sorted, shuffled, duckdb) of {@link #dataset}. */
    @Param({"wide", "sorted", "duckdb"})
    public String file;

    @Param({"10m"})
    public String dataset;

    Path path;
    byte[] footer;
    long footerOffset;
    MetadataDecoder.Options twoColumns;
    MetadataDecoder.Options twoColumnsNoPaths;

    @Setup
    public void setup() throws IOException {
        path = file.equals("wide") ? BenchData.wide() : BenchData.orders(dataset, Variant.valueOf(file.toUpperCase()));
        footer = footerBytes(path);
        footerOffset = java.nio.file.Files.size(path) - 8 - footer.length;
        // Two leaves far apart: the first and the middle one (wide: col_0000 and col_0500).
        twoColumns = file.equals("wide") ? MetadataDecoder.Options.columns(0, Wide.COLUMNS / 2)
            : MetadataDecoder.Options.columns(0, 1);
        twoColumnsNoPaths = twoColumns.withoutPathInSchema();
    }

    /** The serialized FileMetaData: the bytes before the length and the magic at the end. */
    static byte[] footerBytes(Path p) throws IOException {
        try (FileChannel ch = FileChannel.open(p)) {
            ByteBuffer tail = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
            ch.read(tail, ch.size() - 8);
            int len = tail.getInt(0);
            ByteBuffer b = ByteBuffer.allocate(len);
            long pos = ch.size() - 8 - len;
            while (b.hasRemaining()) {
                int n = ch.read(b, pos + b.position());
                if (n < 0) {
                    throw new IOException("short read");
                }
            }
            return b.array();
        }
    }

    /** ParquetFileReader.readFooter: read the tail, decode Thrift, convert to ParquetMetadata. */
    @Benchmark
    public ParquetMetadata parquetJava_readFooter() throws IOException {
        return Pj.readFooter(io.pqlab.bench.pj.BufferedInputFile.of(path));
    }

    /** ParquetMetadataConverter.readParquetMetadata from the footer's bytes: Thrift plus conversion. */
    @Benchmark
    public ParquetMetadata parquetJava_decode() throws IOException {
        return new ParquetMetadataConverter().readParquetMetadata(new ByteArrayInputStream(footer),
            ParquetMetadataConverter.NO_FILTER);
    }

    /** The generated Thrift decoder alone (parquet-format-structures), no conversion. */
    @Benchmark
    public FileMetaData parquetJava_thriftOnly() throws IOException {
        return Util.readFileMetaData(new ByteArrayInputStream(footer));
    }

    /** pqlab's hand-written decoder into its final records: the counterpart of parquetJava_decode. */
    @Benchmark
    public io.pqlab.internal.format.FileMetaData pqlab_decode() {
        return MetadataDecoder.decode(footer, 0, footer.length, footerOffset);
    }

    /** Only two columns' chunks decoded (the others skipped, nothing built for them). */
    @Benchmark
    public io.pqlab.internal.format.FileMetaData pqlab_decode2Columns() {
        return MetadataDecoder.decode(footer, 0, footer.length, footerOffset, twoColumns);
    }

    /** Two columns, and no path_in_schema strings (they repeat the schema). */
    @Benchmark
    public io.pqlab.internal.format.FileMetaData pqlab_decode2ColumnsNoPaths() {
        return MetadataDecoder.decode(footer, 0, footer.length, footerOffset, twoColumnsNoPaths);
    }

    /** ParquetFile.open: read the tail, decode, build and check the schema: the counterpart of parquetJava_readFooter. */
    @Benchmark
    public Schema pqlab_open() throws IOException {
        try (ParquetFile f = ParquetFile.open(path)) {
            return f.schema();
        }
    }

    /** ParquetFile.open with the two-column projection. */
    @Benchmark
    public Schema pqlab_open2Columns() throws IOException {
        try (ParquetFile f = io.pqlab.internal.format.ParquetFiles.open(FileSource.open(path), twoColumns)) {
            return f.schema();
        }
    }
}
