package io.pqlab.internal.format;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A Thrift compact struct read into a tree of fields, edited, and written back: how tests build
 * files with defects no writer makes (a required field removed, an enum code pqlab does not know,
 * statistics that lie), starting from a footer or index a real writer wrote. Independent of the
 * library's decoder: a generic reader of the compact protocol, knowing nothing of Parquet.
 *
 * <p>Values: {@code Long} for i8/i16/i32/i64, {@code Boolean}, {@code Double}, {@code byte[]}
 * (binary), {@link Struct}, {@link ListValue}. Fields are written in id order.
 */
public final class ThriftTree {
    private ThriftTree() {}

    /** A field's wire type and value. */
    public record Field(int type, Object value) {}

    /** A struct: fields by id. */
    public static final class Struct {
        public final TreeMap<Integer, Field> fields = new TreeMap<>();

        public Object get(int id) {
            Field f = fields.get(id);
            return f == null ? null : f.value();
        }

        public Struct struct(int id) {
            return (Struct) get(id);
        }

        public ListValue list(int id) {
            return (ListValue) get(id);
        }

        public Struct remove(int id) {
            fields.remove(id);
            return this;
        }

        public Struct i32(int id, long v) {
            fields.put(id, new Field(ThriftWriter.I32, v));
            return this;
        }

        public Struct i64(int id, long v) {
            fields.put(id, new Field(ThriftWriter.I64, v));
            return this;
        }

        public Struct binary(int id, byte[] v) {
            fields.put(id, new Field(ThriftWriter.BINARY, v));
            return this;
        }

        public Struct put(int id, int type, Object v) {
            fields.put(id, new Field(type, v));
            return this;
        }

        public long i(int id) {
            return (Long) get(id);
        }
    }

    /** A list (or set): its element type and elements. */
    public record ListValue(int elementType, List<Object> elements) {
        public Struct struct(int i) {
            return (Struct) elements.get(i);
        }
    }

    /** Reads the struct that fills {@code bytes[offset, offset + length)}. */
    public static Struct read(byte[] bytes, int offset, int length) {
        Reader r = new Reader(bytes, offset);
        Struct s = r.struct();
        if (r.at != offset + length) {
            throw new IllegalArgumentException("the struct ends at " + r.at + ", not " + (offset + length));
        }
        return s;
    }

    public static byte[] write(Struct s) {
        Writer w = new Writer();
        w.struct(s);
        return w.out.toByteArray();
    }

    private static final class Reader {
        final byte[] b;
        int at;

        Reader(byte[] b, int at) {
            this.b = b;
            this.at = at;
        }

        long varint() {
            long v = 0;
            for (int shift = 0; ; shift += 7) {
                int x = b[at++] & 0xFF;
                v |= (long) (x & 0x7F) << shift;
                if ((x & 0x80) == 0) {
                    return v;
                }
            }
        }

        long zigzag() {
            long n = varint();
            return (n >>> 1) ^ -(n & 1);
        }

        Struct struct() {
            Struct s = new Struct();
            int last = 0;
            while (true) {
                int h = b[at++] & 0xFF;
                if (h == 0) {
                    return s;
                }
                int type = h & 0x0F;
                int id = (h >> 4) == 0 ? (int) zigzag() : last + (h >> 4);
                last = id;
                if (type == ThriftWriter.BOOL_TRUE || type == ThriftWriter.BOOL_FALSE) {
                    s.fields.put(id, new Field(type, type == ThriftWriter.BOOL_TRUE));
                } else {
                    s.fields.put(id, new Field(type, value(type)));
                }
            }
        }

        Object value(int type) {
            switch (type) {
                case ThriftWriter.BOOL_TRUE, ThriftWriter.BOOL_FALSE:
                    return b[at++] == 1;
                case ThriftWriter.I8:
                    return (long) b[at++];
                case ThriftWriter.I16, ThriftWriter.I32, ThriftWriter.I64:
                    return zigzag();
                case ThriftWriter.DOUBLE: {
                    long bits = 0;
                    for (int i = 0; i < 8; i++) {
                        bits |= (b[at++] & 0xFFL) << (8 * i);
                    }
                    return Double.longBitsToDouble(bits);
                }
                case ThriftWriter.BINARY: {
                    int n = (int) varint();
                    byte[] v = java.util.Arrays.copyOfRange(b, at, at + n);
                    at += n;
                    return v;
                }
                case ThriftWriter.LIST, ThriftWriter.SET: {
                    int h = b[at++] & 0xFF;
                    int n = h >> 4;
                    if (n == 15) {
                        n = (int) varint();
                    }
                    int et = h & 0x0F;
                    List<Object> out = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                        out.add(value(et));
                    }
                    return new ListValue(et, out);
                }
                case ThriftWriter.STRUCT:
                    return struct();
                default:
                    throw new IllegalArgumentException("Thrift type " + type + " is not handled here");
            }
        }
    }

    private static final class Writer {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();

        void varint(long v) {
            while ((v & ~0x7FL) != 0) {
                out.write((int) ((v & 0x7F) | 0x80));
                v >>>= 7;
            }
            out.write((int) v);
        }

        void zigzag(long v) {
            varint((v << 1) ^ (v >> 63));
        }

        void struct(Struct s) {
            int last = 0;
            for (Map.Entry<Integer, Field> e : s.fields.entrySet()) {
                int id = e.getKey();
                Field f = e.getValue();
                int type = f.type();
                if (type == ThriftWriter.BOOL_TRUE || type == ThriftWriter.BOOL_FALSE) {
                    type = (Boolean) f.value() ? ThriftWriter.BOOL_TRUE : ThriftWriter.BOOL_FALSE;
                }
                int delta = id - last;
                if (delta > 0 && delta <= 15) {
                    out.write(delta << 4 | type);
                } else {
                    out.write(type);
                    zigzag(id);
                }
                last = id;
                if (type != ThriftWriter.BOOL_TRUE && type != ThriftWriter.BOOL_FALSE) {
                    value(type, f.value());
                }
            }
            out.write(0);
        }

        void value(int type, Object v) {
            switch (type) {
                case ThriftWriter.BOOL_TRUE, ThriftWriter.BOOL_FALSE -> out.write((Boolean) v ? 1 : 2);
                case ThriftWriter.I8 -> out.write((int) (long) (Long) v);
                case ThriftWriter.I16, ThriftWriter.I32, ThriftWriter.I64 -> zigzag((Long) v);
                case ThriftWriter.DOUBLE -> {
                    long bits = Double.doubleToRawLongBits((Double) v);
                    for (int i = 0; i < 8; i++) {
                        out.write((int) (bits >>> (8 * i)));
                    }
                }
                case ThriftWriter.BINARY -> {
                    byte[] b = (byte[]) v;
                    varint(b.length);
                    out.writeBytes(b);
                }
                case ThriftWriter.LIST, ThriftWriter.SET -> {
                    ListValue l = (ListValue) v;
                    int n = l.elements().size();
                    if (n < 15) {
                        out.write(n << 4 | l.elementType());
                    } else {
                        out.write(0xF0 | l.elementType());
                        varint(n);
                    }
                    for (Object e : l.elements()) {
                        value(l.elementType(), e);
                    }
                }
                case ThriftWriter.STRUCT -> struct((Struct) v);
                default -> throw new IllegalArgumentException("Thrift type " + type + " is not handled here");
            }
        }
    }
}
