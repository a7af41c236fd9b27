package io.pqlab.plan;

import io.pqlab.oracle.ParquetJava;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnIndex;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Small files for the traps of the format notes: written by parquet-java through the fixtures'
 * Hadoop-free route (LocalOutputFile, PlainParquetConfiguration, the oracle's codecs), then, where
 * parquet-java would never write the trap, patched: the footer (statistics, column orders) and
 * ColumnIndexes rewritten with parquet-java's own Thrift classes.
 */
final class TrapFiles {
    private TrapFiles() {}

    /**
     * Writes rows (one Object per top-level field, null for null; Integer, Long, Float, Double,
     * Boolean, String, byte[] or Binary) with small row groups and pages.
     */
    static Path write(Path target, String schema, List<Object[]> rows, int rowGroupRows, int pageRows,
            UnaryOperator<ExampleParquetWriter.Builder> options) throws IOException {
        MessageType type = MessageTypeParser.parseMessageType(schema);
        ExampleParquetWriter.Builder b = ParquetJava.writer(target, type)
                .withRowGroupRowCountLimit(rowGroupRows)
                .withRowGroupSize(64L << 20)
                .withPageRowCountLimit(pageRows)
                .withMinRowCountForPageSizeCheck(Math.min(pageRows, 100))
                .withPageSize(1 << 20)
                .withDictionaryEncoding(false);
        b = options.apply(ParquetJava.hadoopFree(b));
        SimpleGroupFactory groups = new SimpleGroupFactory(type);
        try (ParquetWriter<Group> w = b.build()) {
            for (Object[] row : rows) {
                w.write(ParquetJava.group(groups, row));
            }
        }
        return target;
    }

    /** What a patch may change: the footer, and each chunk's ColumnIndex (null to keep it). */
    interface ColumnIndexEdit {
        /** The new ColumnIndex of a chunk, or null to keep the one written. */
        ColumnIndex edit(int rowGroup, int column, ColumnIndex written);
    }

    /**
     * Rewrites a file: ColumnIndexes returned by {@code indexes} are appended after the data and
     * the footer points at them; then {@code footer} edits the footer, which is written anew.
     */
    static Path patch(Path in, Path out, ColumnIndexEdit indexes, Consumer<FileMetaData> footer) throws IOException {
        byte[] file = Files.readAllBytes(in);
        int len = ByteBuffer.wrap(file, file.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        int footerStart = file.length - 8 - len;
        FileMetaData md = Util.readFileMetaData(new ByteArrayInputStream(file, footerStart, len));
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.write(file, 0, footerStart);
        if (indexes != null) {
            for (int g = 0; g < md.getRow_groups().size(); g++) {
                List<ColumnChunk> chunks = md.getRow_groups().get(g).getColumns();
                for (int c = 0; c < chunks.size(); c++) {
                    ColumnChunk cc = chunks.get(c);
                    ColumnIndex written = null;
                    if (cc.isSetColumn_index_offset()) {
                        written = Util.readColumnIndex(new ByteArrayInputStream(file,
                                Math.toIntExact(cc.getColumn_index_offset()), cc.getColumn_index_length()));
                    }
                    ColumnIndex edited = indexes.edit(g, c, written);
                    if (edited == null) {
                        continue;
                    }
                    ByteArrayOutputStream ci = new ByteArrayOutputStream();
                    Util.writeColumnIndex(edited, ci);
                    cc.setColumn_index_offset(body.size());
                    cc.setColumn_index_length(ci.size());
                    ci.writeTo(body);
                }
            }
        }
        if (footer != null) {
            footer.accept(md);
        }
        ByteArrayOutputStream f = new ByteArrayOutputStream();
        Util.writeFileMetaData(md, f);
        f.writeTo(body);
        body.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(f.size()).array());
        body.write(new byte[] {'P', 'A', 'R', '1'});
        Files.write(out, body.toByteArray());
        return out;
    }

    static ByteBuffer le(int v) {
        return ByteBuffer.wrap(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array());
    }

    static ByteBuffer le(double v) {
        return ByteBuffer.wrap(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(v).array());
    }

    static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }

    static String hex(byte[] b) {
        return java.util.HexFormat.of().formatHex(b);
    }

    static byte[] repeat(char c, int n) {
        byte[] out = new byte[n];
        Arrays.fill(out, (byte) c);
        return out;
    }
}
