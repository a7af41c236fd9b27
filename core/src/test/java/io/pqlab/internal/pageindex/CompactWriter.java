package io.pqlab.internal.pageindex;

import java.io.ByteArrayOutputStream;

/**
 * A minimal Thrift compact-protocol writer for tests: builds structures parquet-java's own
 * writer cannot (unknown enum codes, missing required fields, odd bool element types).
 */
public final class CompactWriter {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final int[] lastIds = new int[32];
    private int depth;

    public CompactWriter field(int id, int type) {
        int delta = id - lastIds[depth];
        if (delta > 0 && delta <= 15) {
            out.write(delta << 4 | type);
        } else {
            out.write(type);
            varint(zigzag(id));
        }
        lastIds[depth] = id;
        return this;
    }

    public CompactWriter beginStruct() {
        lastIds[++depth] = 0;
        return this;
    }

    public CompactWriter stop() {
        out.write(0);
        if (depth > 0) {
            depth--;
        }
        return this;
    }

    public CompactWriter i32(int v) {
        return varint(zigzag(v));
    }

    public CompactWriter i64(long v) {
        return varint(zigzag(v));
    }

    public CompactWriter binary(byte[] b) {
        varint(b.length);
        out.write(b, 0, b.length);
        return this;
    }

    public CompactWriter list(int size, int elementType) {
        if (size < 15) {
            out.write(size << 4 | elementType);
        } else {
            out.write(0xF0 | elementType);
            varint(size);
        }
        return this;
    }

    public CompactWriter raw(int... bytes) {
        for (int b : bytes) {
            out.write(b);
        }
        return this;
    }

    public byte[] bytes() {
        return out.toByteArray();
    }

    private static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    private CompactWriter varint(long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) (v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write((int) v);
        return this;
    }
}
