package io.pqlab.internal.format;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A minimal Thrift compact-protocol writer for hand-assembled test input, written from the
 * protocol's description (not from any Thrift library), so that tests can build structures no
 * writer produces: unknown fields of every type, wrong wire types, raw extension ids, unknown enum
 * codes, missing required fields, odd bool element types.
 */
public final class ThriftWriter {
    public static final int BOOL_TRUE = 1, BOOL_FALSE = 2, I8 = 3, I16 = 4, I32 = 5, I64 = 6, DOUBLE = 7,
            BINARY = 8, LIST = 9, SET = 10, MAP = 11, STRUCT = 12, UUID = 13;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final Deque<Integer> saved = new ArrayDeque<>();
    private int lastId;

    public byte[] bytes() {
        return out.toByteArray();
    }

    public int size() {
        return out.size();
    }

    /** Starts a struct (a field or list element); field ids restart from 0. */
    public ThriftWriter begin() {
        saved.push(lastId);
        lastId = 0;
        return this;
    }

    /** Writes the stop byte and leaves the struct (at the top level, ends the outermost one). */
    public ThriftWriter end() {
        out.write(0);
        if (!saved.isEmpty()) {
            lastId = saved.pop();
        }
        return this;
    }

    /** A field header: short form when the delta fits, else the zigzag i16 id. */
    public ThriftWriter field(int id, int type) {
        int delta = id - lastId;
        if (delta > 0 && delta <= 15) {
            out.write(delta << 4 | type);
        } else {
            out.write(type);
            varint(zigzag(id));
        }
        lastId = id;
        return this;
    }

    /** A long-form header whose id is written as a plain ULEB128 (as BinaryProtocolExtensions.md's example does). */
    public ThriftWriter fieldRawId(long rawId, int type, int decodedId) {
        out.write(type);
        varint(rawId);
        lastId = decodedId;
        return this;
    }

    public ThriftWriter boolField(int id, boolean value) {
        return field(id, value ? BOOL_TRUE : BOOL_FALSE);
    }

    public ThriftWriter i32Field(int id, int value) {
        return field(id, I32).i32(value);
    }

    public ThriftWriter i64Field(int id, long value) {
        return field(id, I64).i64(value);
    }

    public ThriftWriter stringField(int id, String value) {
        return field(id, BINARY).string(value);
    }

    public ThriftWriter binaryField(int id, byte[] value) {
        return field(id, BINARY).binary(value);
    }

    /** An empty struct field, e.g. a union member such as StringType. */
    public ThriftWriter emptyStructField(int id) {
        return field(id, STRUCT).begin().end();
    }

    public ThriftWriter i8(int v) {
        out.write(v);
        return this;
    }

    public ThriftWriter i32(int v) {
        varint(zigzag(v));
        return this;
    }

    public ThriftWriter i64(long v) {
        varint((v << 1) ^ (v >> 63));
        return this;
    }

    public ThriftWriter dbl(double d) {
        long bits = Double.doubleToLongBits(d);
        for (int i = 0; i < 8; i++) {
            out.write((int) (bits >>> (8 * i)));
        }
        return this;
    }

    public ThriftWriter uuid() {
        for (int i = 0; i < 16; i++) {
            out.write(i);
        }
        return this;
    }

    public ThriftWriter binary(byte[] b) {
        varint(b.length);
        out.writeBytes(b);
        return this;
    }

    public ThriftWriter string(String s) {
        return binary(s.getBytes(StandardCharsets.UTF_8));
    }

    public ThriftWriter listHeader(int size, int elementType) {
        if (size < 15) {
            out.write(size << 4 | elementType);
        } else {
            out.write(0xF0 | elementType);
            varint(size);
        }
        return this;
    }

    public ThriftWriter mapHeader(int size, int keyType, int valueType) {
        varint(size);
        if (size > 0) {
            out.write(keyType << 4 | valueType);
        }
        return this;
    }

    public ThriftWriter raw(int... bytes) {
        for (int b : bytes) {
            out.write(b);
        }
        return this;
    }

    private static long zigzag(int v) {
        return ((v << 1) ^ (v >> 31)) & 0xFFFFFFFFL;
    }

    private void varint(long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }

    /**
     * Writes one unknown field of every Thrift type, at ids from {@code firstId} up (some in long
     * form, one negative), then the reserved extension id 32767 as a raw ULEB binary, and leaves
     * the last id where a following long-form header is expected.
     */
    public ThriftWriter unknownFieldsOfEveryType(int firstId) {
        int id = firstId;
        boolField(id++, true);
        boolField(id++, false);
        field(id++, I8).i8(0x7F);
        field(id++, I16).i32(-300);
        field(id++, I32).i32(123456);
        field(id++, I64).i64(Long.MIN_VALUE);
        field(id++, DOUBLE).dbl(Math.PI);
        field(id++, BINARY).string("unknown");
        field(id++, UUID).uuid();
        // A list of each element kind, bools as one byte each (Java and C++ write 1/2).
        field(id++, LIST).listHeader(3, BOOL_TRUE).raw(1, 2, 1);
        field(id++, LIST).listHeader(20, I64);
        for (int i = 0; i < 20; i++) {
            i64(i * 1_000_000_007L);
        }
        field(id++, SET).listHeader(2, BINARY).string("a").string("bc");
        field(id++, LIST).listHeader(2, STRUCT).begin().i32Field(1, 5).end().begin().end();
        field(id++, LIST).listHeader(1, LIST).listHeader(2, I32).i32(1).i32(2);
        field(id++, MAP).mapHeader(0, 0, 0);
        field(id++, MAP).mapHeader(2, BINARY, STRUCT)
                .string("k1").begin().stringField(1, "v").end()
                .string("k2").begin().field(3, MAP).mapHeader(1, I32, BOOL_TRUE).i32(7).raw(1).end();
        // A nested struct holding unknown fields of its own, bool fields included.
        field(id++, STRUCT).begin().boolField(1, true).field(2, DOUBLE).dbl(1.5)
                .field(200, LIST).listHeader(0, STRUCT).end();
        // Far and negative ids, in long form.
        field(1000, I32).i32(1);
        field(-5, BINARY).string("negative id");
        // The reserved extension id, written as BinaryProtocolExtensions.md does: 08 FF FF 01.
        fieldRawId(32767, BINARY, -16384).string("extension payload");
        return this;
    }
}
