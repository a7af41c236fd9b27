package io.pqlab.scan;

import io.pqlab.oracle.ParquetJava;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
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
        ExampleParquetWriter.Builder b = ParquetJava.writer(target, SCHEMA)
                .withRowGroupRowCountLimit((int) rows)
                .withRowGroupSize(1L << 30)
                .withPageRowCountLimit(pageRows)
                .withMinRowCountForPageSizeCheck(Math.min(pageRows, 100))
                .withPageSize(1 << 20)
                .withDictionaryEncoding(distinct > 0);
        b = ParquetJava.hadoopFree(b);
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
}
