package io.pqlab.scan;

import io.pqlab.oracle.OracleCodecs;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Files with one big row group, written by parquet-java: {@code id} (INT64, the row number) and
 * {@code s} (an optional string of 20 to 200 characters, null on every 97th row). The values are
 * a function of the row, so a test knows each row's values without reading the file another way.
 */
final class BigRowGroups {
    private BigRowGroups() {}

    static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
            "message m { required int64 id; optional binary s (STRING); }");

    /**
     * Row i's string. With {@code distinct} > 0 it depends only on i % distinct (a dictionary
     * holds them all: few stored bytes, many decoded); else each row's is its own.
     */
    static String s(long i, int distinct) {
        if (i % 97 == 0) {
            return null;
        }
        long k = distinct > 0 ? i % distinct : i;
        int len = 20 + (int) ((k * 31) % 181);
        StringBuilder b = new StringBuilder(len);
        b.append((char) ('a' + (k % 26))).append(k).append('-');
        while (b.length() < len) {
            b.append((char) ('a' + ((k + b.length()) % 26)));
        }
        return b.toString();
    }

    static Path write(Path target, long rows, int pageRows, int distinct) throws IOException {
        Files.deleteIfExists(target);
        ExampleParquetWriter.Builder b = ExampleParquetWriter.builder()
                .withFile(new LocalOutputFile(target))
                .withType(SCHEMA)
                .withWriteMode(ParquetFileWriter.Mode.CREATE)
                .withCodecFactory(OracleCodecs.INSTANCE)
                .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
                .withWriterVersion(WriterVersion.PARQUET_1_0)
                .withRowGroupRowCountLimit((int) rows)
                .withRowGroupSize(1L << 30)
                .withPageRowCountLimit(pageRows)
                .withMinRowCountForPageSizeCheck(Math.min(pageRows, 100))
                .withPageSize(1 << 20)
                .withDictionaryEncoding(distinct > 0)
                .withStatisticsEnabled(true)
                .withValidation(false);
        b = withConf(b, new PlainParquetConfiguration());
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> w = b.build()) {
            for (long i = 0; i < rows; i++) {
                Group g = groups.newGroup();
                g.add(0, i);
                String s = s(i, distinct);
                if (s != null) {
                    g.add(1, s);
                }
                w.write(g);
            }
        }
        return target;
    }

    /** builder.withConf(ParquetConfiguration), through a handle: the overload on Hadoop's Configuration is not on the class path. */
    private static ExampleParquetWriter.Builder withConf(ExampleParquetWriter.Builder builder,
            ParquetConfiguration conf) {
        try {
            MethodHandle h = MethodHandles.publicLookup().findVirtual(ParquetWriter.Builder.class, "withConf",
                    MethodType.methodType(ParquetWriter.Builder.class, ParquetConfiguration.class));
            return (ExampleParquetWriter.Builder) h.invoke(builder, conf);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("ParquetWriter.Builder.withConf(ParquetConfiguration)", e);
        }
    }
}
