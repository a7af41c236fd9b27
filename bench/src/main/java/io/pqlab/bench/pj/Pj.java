package io.pqlab.bench.pj;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Path;
import org.apache.parquet.BenchReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.parquet.schema.MessageType;

/**
 * parquet-java as its users drive it, without Hadoop. Several public entry points of 1.18.1 are
 * overloaded on Hadoop types (javac must see them to pick an overload) or build Hadoop objects
 * first, so this class takes the Hadoop-free doors: the ParquetFileReader constructor, a
 * method-handle call to withConf(ParquetConfiguration), and {@link BenchReadOptions}.
 */
public final class Pj {
    private Pj() {}

    /** Options with every parquet-java filter on for {@code p}, or no filtering when p is null. */
    public static ParquetReadOptions options(FilterPredicate p) {
        return options(p, null);
    }

    /** As {@link #options(FilterPredicate)}, decrypting with {@code decryption} (null: a plaintext file). */
    public static ParquetReadOptions options(FilterPredicate p, org.apache.parquet.crypto.FileDecryptionProperties decryption) {
        return p == null
            ? BenchReadOptions.create(PjCodecs.INSTANCE, FilterCompat.NOOP, false, decryption)
            : BenchReadOptions.create(PjCodecs.INSTANCE, FilterCompat.get(p), true, decryption);
    }

    /** The footer as parquet-java's ParquetFileReader.readFooter decodes it (reads the file's tail). */
    public static ParquetMetadata readFooter(InputFile file) throws IOException {
        try (SeekableInputStream in = file.newStream()) {
            return (ParquetMetadata) READ_FOOTER.invoke(file, options(null), in);
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** ParquetFileReader.readFooter(InputFile, ParquetReadOptions, SeekableInputStream): an overload javac cannot pick without Hadoop. */
    private static final MethodHandle READ_FOOTER;

    static {
        try {
            READ_FOOTER = MethodHandles.publicLookup().findStatic(ParquetFileReader.class, "readFooter",
                MethodType.methodType(ParquetMetadata.class, InputFile.class, ParquetReadOptions.class, SeekableInputStream.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Receives each row parquet-java returns. */
    public interface RowSink {
        void accept(Group row);
    }

    /**
     * What ParquetReader does, written out with public API so that it needs no Hadoop: the file
     * reader drops row groups at open (statistics, dictionaries, Bloom filters), then
     * readNextFilteredRowGroup reads only the pages the column index keeps, and the record reader
     * filters rows. A cold reader: the footer is read and decoded again on every call.
     *
     * @return the number of rows returned
     */
    public static long scan(InputFile file, FilterPredicate p, RowSink sink) throws IOException {
        return scan(file, p, null, sink);
    }

    /** As {@link #scan(InputFile, FilterPredicate, RowSink)}, decrypting with {@code decryption} (null: none). */
    public static long scan(InputFile file, FilterPredicate p, org.apache.parquet.crypto.FileDecryptionProperties decryption,
            RowSink sink) throws IOException {
        ParquetReadOptions options = options(p, decryption);
        FilterCompat.Filter recordFilter = p == null ? FilterCompat.NOOP : FilterCompat.get(p);
        long n = 0;
        try (ParquetFileReader r = new ParquetFileReader(file, options)) {
            MessageType schema = r.getFooter().getFileMetaData().getSchema();
            MessageColumnIO io = new ColumnIOFactory(r.getFooter().getFileMetaData().getCreatedBy())
                .getColumnIO(schema, schema, true);
            PageReadStore pages;
            while ((pages = r.readNextFilteredRowGroup()) != null) {
                long rows = pages.getRowCount();
                RecordReader<Group> rr = io.getRecordReader(pages, new GroupRecordConverter(schema), recordFilter);
                for (long k = 0; k < rows; k++) {
                    Group g = rr.read();
                    if (g == null || rr.shouldSkipCurrentRecord()) {
                        continue; // filtered out by the record filter
                    }
                    sink.accept(g);
                    n++;
                }
            }
        }
        return n;
    }

    /** A Group writer to {@code target} (overwritten) with the bench codecs and a Hadoop-free configuration. */
    public static ExampleParquetWriter.Builder writer(Path target, MessageType schema) {
        ExampleParquetWriter.Builder b = ExampleParquetWriter.builder()
            .withFile(new LocalOutputFile(target))
            .withType(schema)
            .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
            .withCodecFactory(PjCodecs.INSTANCE)
            .withCompressionCodec(CompressionCodecName.SNAPPY);
        return withConf(b, new PlainParquetConfiguration());
    }

    /** builder.withConf(ParquetConfiguration), through a handle: javac cannot pick the overload without Hadoop. */
    private static ExampleParquetWriter.Builder withConf(ExampleParquetWriter.Builder b, ParquetConfiguration conf) {
        try {
            MethodHandle h = MethodHandles.publicLookup().findVirtual(ParquetWriter.Builder.class, "withConf",
                MethodType.methodType(ParquetWriter.Builder.class, ParquetConfiguration.class));
            return (ExampleParquetWriter.Builder) h.invoke(b, conf);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("ParquetWriter.Builder.withConf(ParquetConfiguration)", e);
        }
    }
}
