package io.pqlab.internal.dataset;

import io.pqlab.oracle.ParquetJava;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/** Small Parquet files written by parquet-java (the independent writer), for dataset tests. */
final class TestFiles {
    private TestFiles() {}

    /**
     * Writes rows (one Object per column of {@code schema}, null for null; Long, Integer, Float,
     * Double, Boolean or String, as {@link ParquetJava#group} takes them) to {@code target}, with row
     * groups of {@code rowGroupRows} rows and pages of {@code pageRows}, statistics and a page index.
     */
    static void write(Path target, String schema, List<Object[]> rows, int rowGroupRows, int pageRows)
            throws IOException {
        write(target, schema, rows, rowGroupRows, pageRows, false);
    }

    /** As above, dictionary-encoded where {@code dictionary}, with a Bloom filter on each of {@code bloom}. */
    static void write(Path target, String schema, List<Object[]> rows, int rowGroupRows, int pageRows,
            boolean dictionary, String... bloom) throws IOException {
        MessageType type = MessageTypeParser.parseMessageType(schema);
        Files.createDirectories(target.getParent());
        ExampleParquetWriter.Builder b = ParquetJava.writer(target, type)
                .withRowGroupRowCountLimit(rowGroupRows)
                .withPageRowCountLimit(pageRows)
                .withMinRowCountForPageSizeCheck(pageRows)
                .withDictionaryEncoding(dictionary);
        for (String c : bloom) {
            b = b.withBloomFilterEnabled(c, true);
        }
        b = ParquetJava.hadoopFree(b);
        SimpleGroupFactory groups = new SimpleGroupFactory(type);
        try (ParquetWriter<Group> w = b.build()) {
            for (Object[] row : rows) {
                w.write(ParquetJava.group(groups, row));
            }
        }
    }
}
