package io.pqlab.plan;

import io.pqlab.internal.format.ThriftTree;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Rewrites a file's footer (and appends structures it points to) through {@link ThriftTree}, so
 * that a test can give a real writer's file a defect no writer makes: a required field removed, an
 * enum code pqlab does not know, an index or statistics that lie. The data pages stay as written.
 */
final class Rewrite {
    /** FileMetaData, RowGroup, ColumnChunk and ColumnMetaData field ids (parquet.thrift). */
    static final int ROW_GROUPS = 4, CREATED_BY = 6, COLUMN_ORDERS = 7, COLUMNS = 1, META_DATA = 3,
            OI_OFFSET = 4, OI_LENGTH = 5, CI_OFFSET = 6, CI_LENGTH = 7, STATISTICS = 12, ENCODING_STATS = 13;

    final byte[] original;
    final ThriftTree.Struct footer;
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();

    private Rewrite(byte[] file) {
        original = file;
        int len = ByteBuffer.wrap(file, file.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        int start = file.length - 8 - len;
        footer = ThriftTree.read(file, start, len);
        body.write(file, 0, start);
    }

    static Rewrite of(Path file) throws IOException {
        return new Rewrite(Files.readAllBytes(file));
    }

    /** Row group g's chunk of column c. */
    ThriftTree.Struct chunk(int g, int c) {
        return footer.list(ROW_GROUPS).struct(g).list(COLUMNS).struct(c);
    }

    ThriftTree.Struct meta(int g, int c) {
        return chunk(g, c).struct(META_DATA);
    }

    int rowGroups() {
        return footer.list(ROW_GROUPS).elements().size();
    }

    /** The struct at [offset, offset + length) of the original file (an index). */
    ThriftTree.Struct structAt(long offset, long length) {
        return ThriftTree.read(original, (int) offset, (int) length);
    }

    ThriftTree.Struct columnIndex(int g, int c) {
        ThriftTree.Struct cc = chunk(g, c);
        return structAt(cc.i(CI_OFFSET), cc.i(CI_LENGTH));
    }

    ThriftTree.Struct offsetIndex(int g, int c) {
        ThriftTree.Struct cc = chunk(g, c);
        return structAt(cc.i(OI_OFFSET), cc.i(OI_LENGTH));
    }

    /** Appends a new ColumnIndex for the chunk after the data and points the chunk at it. */
    Rewrite columnIndex(int g, int c, ThriftTree.Struct ci) {
        byte[] b = ThriftTree.write(ci);
        chunk(g, c).i64(CI_OFFSET, body.size()).i32(CI_LENGTH, b.length);
        body.writeBytes(b);
        return this;
    }

    Rewrite offsetIndex(int g, int c, ThriftTree.Struct oi) {
        byte[] b = ThriftTree.write(oi);
        chunk(g, c).i64(OI_OFFSET, body.size()).i32(OI_LENGTH, b.length);
        body.writeBytes(b);
        return this;
    }

    Path write(Path out) throws IOException {
        byte[] f = ThriftTree.write(footer);
        body.writeBytes(f);
        body.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(f.length).array());
        body.writeBytes(new byte[] {'P', 'A', 'R', '1'});
        Files.write(out, body.toByteArray());
        return out;
    }
}
