package io.pqlab.internal.thrift;

import io.pqlab.MalformedFileException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A hand-written reader of the Thrift compact protocol over a byte array, for the structures
 * Parquet keeps in its footer, page headers, page indexes and Bloom filter headers.
 *
 * <p>It is a cursor, not a parser: a caller's decode method loops over {@link #readFieldHeader()}
 * and reads each field it knows with the typed methods, handing every other field to
 * {@link #skip(int)}. Nothing is boxed and nothing is allocated but the byte arrays and strings a
 * caller asks for. Every length is checked against the bytes left before anything is allocated,
 * nesting depth is bounded, and every error names its absolute byte offset in the file.
 */
public final class CompactReader {
    /** Compact-protocol type codes. */
    public static final int STOP = 0;
    public static final int BOOL_TRUE = 1;
    public static final int BOOL_FALSE = 2;
    public static final int I8 = 3;
    public static final int I16 = 4;
    public static final int I32 = 5;
    public static final int I64 = 6;
    public static final int DOUBLE = 7;
    public static final int BINARY = 8;
    public static final int LIST = 9;
    public static final int SET = 10;
    public static final int MAP = 11;
    public static final int STRUCT = 12;
    public static final int UUID = 13;

    /** Deeper nesting than any Parquet structure needs is taken as malformed (or hostile). */
    public static final int MAX_DEPTH = 64;

    private final byte[] buf;
    private final int limit;
    private final long base; // file offset of buf[0]
    private int pos;

    private int lastFieldId;
    private int fieldId;
    private int fieldType;
    private final int[] savedIds = new int[MAX_DEPTH];
    private int depth;

    /**
     * @param buf the bytes
     * @param offset where to start in {@code buf}
     * @param length how many bytes the reader may use
     * @param fileOffset the absolute file offset of {@code buf[0]}, for messages
     */
    public CompactReader(byte[] buf, int offset, int length, long fileOffset) {
        if (offset < 0 || length < 0 || offset > buf.length || length > buf.length - offset) {
            throw new IllegalArgumentException("range outside the buffer");
        }
        this.buf = buf;
        this.pos = offset;
        this.limit = offset + length;
        this.base = fileOffset;
    }

    public CompactReader(byte[] buf, long fileOffset) {
        this(buf, 0, buf.length, fileOffset);
    }

    /** The absolute file offset of the next byte. */
    public long fileOffset() {
        return base + pos;
    }

    /** The position of the next byte in the buffer. */
    public int position() {
        return pos;
    }

    /** Bytes left before the limit. */
    public int remaining() {
        return limit - pos;
    }

    /** A malformed-input error at the current position. */
    public MalformedFileException error(String what) {
        return new MalformedFileException(what, base + pos);
    }

    // ---- structs -------------------------------------------------------------------------

    /** Enters a struct: field ids restart from 0 inside it. */
    public void structBegin() {
        if (depth >= MAX_DEPTH) {
            throw error("Thrift structures nested deeper than " + MAX_DEPTH);
        }
        savedIds[depth++] = lastFieldId;
        lastFieldId = 0;
    }

    /** Leaves a struct after its stop byte has been read. */
    public void structEnd() {
        lastFieldId = savedIds[--depth];
    }

    /**
     * Reads the next field header of the current struct and returns its type, or {@link #STOP} at
     * the struct's end. The field id is then {@link #fieldId()}.
     */
    public int readFieldHeader() {
        int p = pos;
        if (p < limit) {
            int b = buf[p] & 0xFF;
            int type = b & 0x0F;
            // The common case, a short-form header of a known type: no i16, no stop.
            if (b >= 0x10 && type != STOP && type <= UUID) {
                pos = p + 1;
                int id = lastFieldId + (b >>> 4);
                lastFieldId = id;
                fieldId = id;
                fieldType = type;
                return type;
            }
            if (b == 0) { // the stop byte that ends every struct
                pos = p + 1;
                fieldType = STOP;
                return STOP;
            }
        }
        return readFieldHeaderSlow();
    }

    /** Long-form headers (explicit i16 id) and every error. */
    private int readFieldHeaderSlow() {
        int b = readByteRaw() & 0xFF;
        int type = b & 0x0F;
        if (type == STOP) {
            if (b != 0) {
                throw new MalformedFileException("a Thrift stop byte with a field delta", base + pos - 1);
            }
            fieldType = STOP;
            return STOP;
        }
        int delta = b >>> 4;
        if (delta == 0) {
            fieldId = readI16();
        } else {
            fieldId = lastFieldId + delta;
        }
        if (type > UUID) {
            throw new MalformedFileException("an unknown Thrift type code " + type, base + pos - 1);
        }
        lastFieldId = fieldId;
        fieldType = type;
        return type;
    }

    /** The id of the field whose header was read last. */
    public int fieldId() {
        return fieldId;
    }

    /** The type of the field whose header was read last. */
    public int fieldType() {
        return fieldType;
    }

    /** A boolean field's value, carried in its header's type. */
    public boolean fieldBool() {
        return fieldType == BOOL_TRUE;
    }

    // ---- scalars -------------------------------------------------------------------------

    public byte readByte() {
        return readByteRaw();
    }

    public short readI16() {
        return (short) readI32();
    }

    public int readI32() {
        int n = readVarint32();
        return (n >>> 1) ^ -(n & 1);
    }

    public long readI64() {
        long n = readVarint64();
        return (n >>> 1) ^ -(n & 1);
    }

    // ---- a field of an expected type, else skipped ---------------------------------------
    // A field whose wire type is not the one the format gives it is skipped and the value stays
    // what it was (absent), as Thrift's generated readers do: one rule, written once here.
    // MetadataDecoder's per-chunk decoders spell the rule out instead (measured faster there;
    // see the comment above MetadataDecoder.columnChunk).

    /** The field's value where its header's {@code type} is I32; else skips it and returns {@code otherwise}. */
    public int i32(int type, int otherwise) {
        if (type == I32) {
            return readI32();
        }
        skip(type);
        return otherwise;
    }

    /** The field's value where its header's {@code type} is I64; else skips it and returns {@code otherwise}. */
    public long i64(int type, long otherwise) {
        if (type == I64) {
            return readI64();
        }
        skip(type);
        return otherwise;
    }

    /** The field's bytes where its header's {@code type} is BINARY; else skips it and returns {@code otherwise}. */
    public byte[] binary(int type, byte[] otherwise) {
        if (type == BINARY) {
            return readBinary();
        }
        skip(type);
        return otherwise;
    }

    /** The field's UTF-8 text where its header's {@code type} is BINARY; else skips it and returns {@code otherwise}. */
    public String string(int type, String otherwise) {
        if (type == BINARY) {
            return readString();
        }
        skip(type);
        return otherwise;
    }

    public double readDouble() {
        need(8);
        long bits = 0;
        for (int i = 7; i >= 0; i--) {
            bits = (bits << 8) | (buf[pos + i] & 0xFFL);
        }
        pos += 8;
        return Double.longBitsToDouble(bits);
    }

    /** Reads a boolean list element: true only for the byte 1 (writers differ on what false is). */
    public boolean readBoolElement() {
        return readByteRaw() == 1;
    }

    /** Reads a binary's length and checks it against the bytes left. */
    public int readBinaryLength() {
        int p = pos;
        if (p < limit) {
            int n = buf[p]; // a one-byte length (under 128), the common case
            if (n >= 0 && n < limit - p) {
                pos = p + 1;
                return n;
            }
        }
        return readBinaryLengthSlow();
    }

    private int readBinaryLengthSlow() {
        long start = base + pos;
        int n = readVarint32();
        if (n < 0 || n > limit - pos) {
            throw new MalformedFileException(
                    "a Thrift binary of " + (n & 0xFFFFFFFFL) + " bytes, but only " + (limit - pos)
                            + " bytes remain", start);
        }
        return n;
    }

    public byte[] readBinary() {
        int n = readBinaryLength();
        byte[] out = new byte[n];
        System.arraycopy(buf, pos, out, 0, n);
        pos += n;
        return out;
    }

    /**
     * Reads a binary, returning {@code same} rather than a new array when its bytes are equal
     * (Statistics repeat max in max_value and min in min_value: one array serves both).
     */
    public byte[] readBinary(byte[] same) {
        if (same == null) {
            return readBinary();
        }
        int n = readBinaryLength();
        if (n == same.length && Arrays.equals(buf, pos, pos + n, same, 0, n)) {
            pos += n;
            return same;
        }
        byte[] out = new byte[n];
        System.arraycopy(buf, pos, out, 0, n);
        pos += n;
        return out;
    }

    public String readString() {
        int n = readBinaryLength();
        String s = new String(buf, pos, n, StandardCharsets.UTF_8);
        pos += n;
        return s;
    }

    /** Skips a binary and returns its start in the buffer, so callers can compare it in place. */
    public int skipBinary() {
        int n = readBinaryLength();
        int start = pos;
        pos += n;
        return start;
    }

    /**
     * If the next {@code n} bytes equal {@code n} bytes this reader has already passed, starting
     * at buffer position {@code from}, skips them and returns true; else moves nothing. Lets a
     * decoder reuse what it decoded from identical bytes (structures repeated from row group to
     * row group) without decoding them again.
     */
    public boolean skipIfRepeats(int from, int n) {
        int p = pos;
        if (from < 0 || n < 0 || n > limit - p || from > p - n) {
            return false;
        }
        if (!Arrays.equals(buf, from, from + n, buf, p, p + n)) {
            return false;
        }
        pos = p + n;
        return true;
    }

    // ---- containers ----------------------------------------------------------------------

    private int elementType;

    /**
     * Reads a list or set header and returns its size; the element type is then
     * {@link #elementType()}. The size is checked against the bytes left (every element takes at
     * least one byte, except booleans in none of Parquet's lists), so a hostile size allocates
     * nothing.
     */
    public int readListHeader() {
        int p = pos;
        if (p < limit) {
            int b = buf[p] & 0xFF;
            int size = b >>> 4;
            // A short-form size (under 15) that the bytes after the header can hold.
            if (size != 15 && size < limit - p) {
                pos = p + 1;
                elementType = b & 0x0F;
                return size;
            }
        }
        return readListHeaderSlow();
    }

    private int readListHeaderSlow() {
        long start = base + pos;
        int b = readByteRaw() & 0xFF;
        elementType = b & 0x0F;
        int size = b >>> 4;
        if (size == 15) {
            size = readVarint32();
        }
        if (size < 0 || size > limit - pos) {
            throw new MalformedFileException(
                    "a Thrift list of " + (size & 0xFFFFFFFFL) + " elements in " + (limit - pos)
                            + " remaining bytes", start);
        }
        return size;
    }

    /** The element type of the list whose header was read last. */
    public int elementType() {
        return elementType;
    }

    /** Checks that a list's elements are of the type a field needs. */
    public void expectElements(int type, String what) {
        boolean ok = elementType == type
                || (type == BOOL_TRUE && elementType == BOOL_FALSE)
                || (type == BOOL_FALSE && elementType == BOOL_TRUE);
        if (!ok) {
            throw error(what + " has elements of Thrift type " + elementType + ", not " + type);
        }
    }

    /**
     * Skips a value of the given type, within the depth bound. Structures and containers go
     * through a fast skipper; on anything it does not accept (malformed input, deep nesting) the
     * reference skipper runs again from the same place, so errors and their offsets are its own.
     */
    public void skip(int type) {
        switch (type) {
            case BOOL_TRUE, BOOL_FALSE -> { }
            case I8 -> need(1).pos += 1;
            case I16, I32 -> readVarint32();
            case I64 -> readVarint64();
            case DOUBLE -> need(8).pos += 8;
            case BINARY -> skipBinary();
            case UUID -> need(16).pos += 16;
            case LIST, SET, MAP, STRUCT -> {
                int end = fastValue(pos, type, depth);
                if (end >= 0) {
                    pos = end;
                    fieldType = type == STRUCT ? STOP : fieldType;
                } else {
                    referenceSkip(type);
                }
            }
            default -> throw error("an unknown Thrift type code " + type);
        }
    }

    /** Skips the rest of a struct whose header has been read (fields up to and including the stop). */
    public void skipStruct() {
        int end = fastStruct(pos, depth);
        if (end >= 0) {
            pos = end;
            fieldType = STOP; // as after reading the stop byte
        } else {
            referenceSkipStruct();
        }
    }

    // ---- the reference skipper: field by field, with every check and its exact message -------

    /** Skips a value field by field; the fast skipper's fallback, and its specification. */
    void referenceSkip(int type) {
        switch (type) {
            case BOOL_TRUE, BOOL_FALSE -> { }
            case I8 -> need(1).pos += 1;
            case I16, I32 -> readVarint32();
            case I64 -> readVarint64();
            case DOUBLE -> need(8).pos += 8;
            case BINARY -> skipBinary();
            case UUID -> need(16).pos += 16;
            case LIST, SET -> {
                int n = readListHeader();
                int et = elementType;
                enterContainer();
                for (int i = 0; i < n; i++) {
                    referenceSkipElement(et);
                }
                depth--;
            }
            case MAP -> {
                long start = base + pos;
                int n = readVarint32();
                if (n < 0 || n > limit - pos) {
                    throw new MalformedFileException("a Thrift map of " + (n & 0xFFFFFFFFL) + " entries", start);
                }
                if (n > 0) {
                    int kv = readByteRaw() & 0xFF;
                    enterContainer();
                    for (int i = 0; i < n; i++) {
                        referenceSkipElement(kv >>> 4);
                        referenceSkipElement(kv & 0x0F);
                    }
                    depth--;
                }
            }
            case STRUCT -> referenceSkipStruct();
            default -> throw error("an unknown Thrift type code " + type);
        }
    }

    void referenceSkipStruct() {
        structBegin();
        while (readFieldHeader() != STOP) {
            referenceSkip(fieldType);
        }
        structEnd();
    }

    private void referenceSkipElement(int type) {
        if (type == BOOL_TRUE || type == BOOL_FALSE) {
            need(1).pos += 1; // list elements of type bool take a byte each
        } else {
            referenceSkip(type);
        }
    }

    private void enterContainer() {
        if (depth >= MAX_DEPTH) {
            throw error("Thrift structures nested deeper than " + MAX_DEPTH);
        }
        depth++;
    }

    // ---- the fast skipper ----------------------------------------------------------------------
    //
    // When skipping, field ids do not matter: a header is one byte, plus a zigzag i16 when its
    // delta nibble is 0. These methods take and return a buffer position, touch no field but the
    // buffer, and return -1 for anything the reference skipper would reject (or might: they may
    // be stricter, never looser), which then runs and reports it. The nesting depth is counted
    // exactly as the reference skipper counts it.

    /** Skips a struct's fields up to and including its stop byte, from position p. */
    private int fastStruct(int p, int d) {
        if (d >= MAX_DEPTH) {
            return -1;
        }
        final byte[] b = buf;
        final int lim = limit;
        while (p < lim) {
            int h = b[p++];
            int type = h & 0x0F;
            if (type == STOP) {
                return h == 0 ? p : -1;
            }
            if ((h & 0xF0) == 0) { // long form: the field id follows as a zigzag varint
                p = fastVarint(p, 5);
                if (p < 0) {
                    return -1;
                }
            }
            // Scalars inline (most of a footer's fields); the rest through fastValue.
            switch (type) {
                case BOOL_TRUE, BOOL_FALSE -> { }
                case I16, I32 -> p = fastVarint(p, 5);
                case I64 -> p = fastVarint(p, 10);
                default -> p = fastValue(p, type, d + 1);
            }
            if (p < 0) {
                return -1;
            }
        }
        return -1;
    }

    /** Skips a value of the given type at position p, at nesting depth d. */
    private int fastValue(int p, int type, int d) {
        final int lim = limit;
        switch (type) {
            case BOOL_TRUE, BOOL_FALSE:
                return p;
            case I8:
                return p < lim ? p + 1 : -1;
            case I16, I32:
                return fastVarint(p, 5);
            case I64:
                return fastVarint(p, 10);
            case DOUBLE:
                return lim - p >= 8 ? p + 8 : -1;
            case UUID:
                return lim - p >= 16 ? p + 16 : -1;
            case BINARY: {
                long v = fastVarint32Value(p);
                if (v < 0) {
                    return -1;
                }
                int n = (int) v;
                p = (int) (v >>> 32);
                return n >= 0 && n <= lim - p ? p + n : -1;
            }
            case STRUCT:
                return fastStruct(p, d);
            case LIST, SET: {
                if (p >= lim || d >= MAX_DEPTH) {
                    return -1;
                }
                int h = buf[p++] & 0xFF;
                int et = h & 0x0F;
                int n = h >>> 4;
                if (n == 15) {
                    long v = fastVarint32Value(p);
                    if (v < 0) {
                        return -1;
                    }
                    n = (int) v;
                    p = (int) (v >>> 32);
                }
                if (n < 0 || n > lim - p) {
                    return -1;
                }
                return fastElements(p, et, n, d + 1);
            }
            case MAP: {
                long v = fastVarint32Value(p);
                if (v < 0) {
                    return -1;
                }
                int n = (int) v;
                p = (int) (v >>> 32);
                if (n < 0 || n > lim - p) {
                    return -1;
                }
                if (n == 0) {
                    return p;
                }
                if (p >= lim || d >= MAX_DEPTH) {
                    return -1;
                }
                int kv = buf[p++] & 0xFF;
                for (int i = 0; i < n && p >= 0; i++) {
                    p = fastElement(p, kv >>> 4, d + 1);
                    if (p >= 0) {
                        p = fastElement(p, kv & 0x0F, d + 1);
                    }
                }
                return p;
            }
            default:
                return -1;
        }
    }

    /** Skips n list elements of type et (n already checked against the bytes left). */
    private int fastElements(int p, int et, int n, int d) {
        switch (et) {
            case BOOL_TRUE, BOOL_FALSE, I8:
                return p + n; // a byte each, and n <= the bytes left
            case DOUBLE:
                return (long) n * 8 <= limit - p ? p + n * 8 : -1;
            case UUID:
                return (long) n * 16 <= limit - p ? p + n * 16 : -1;
            default:
                for (int i = 0; i < n && p >= 0; i++) {
                    p = fastValue(p, et, d);
                }
                return p;
        }
    }

    private int fastElement(int p, int type, int d) {
        if (type == BOOL_TRUE || type == BOOL_FALSE) {
            return p < limit ? p + 1 : -1;
        }
        return fastValue(p, type, d);
    }

    /**
     * Skips a varint of at most maxBytes bytes: finds the byte with the high bit clear, with one
     * bounds check when maxBytes bytes remain.
     */
    private int fastVarint(int p, int maxBytes) {
        final byte[] b = buf;
        int end = limit - p >= maxBytes ? p + maxBytes : limit;
        for (int i = p; i < end; i++) {
            if (b[i] >= 0) {
                return i + 1;
            }
        }
        return -1; // too long, or runs past the end
    }

    /**
     * A varint of at most 32 bits at p: (end position << 32) | value as unsigned, or -1 when it
     * is too long or runs past the end.
     */
    private long fastVarint32Value(int p) {
        final byte[] b = buf;
        final int lim = limit;
        int result = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            if (p >= lim) {
                return -1;
            }
            byte x = b[p++];
            result |= (x & 0x7F) << shift;
            if (x >= 0) {
                return ((long) p << 32) | (result & 0xFFFFFFFFL);
            }
        }
        return -1;
    }

    // ---- varints -------------------------------------------------------------------------

    private int readVarint32() {
        final int p = pos;
        if (limit - p >= 5) {
            // Unrolled, with no bounds check against the limit per byte.
            final byte[] b = buf;
            int x = b[p];
            if (x >= 0) {
                pos = p + 1;
                return x;
            }
            int result = x & 0x7F;
            x = b[p + 1];
            result |= (x & 0x7F) << 7;
            if (x >= 0) {
                pos = p + 2;
                return result;
            }
            x = b[p + 2];
            result |= (x & 0x7F) << 14;
            if (x >= 0) {
                pos = p + 3;
                return result;
            }
            x = b[p + 3];
            result |= (x & 0x7F) << 21;
            if (x >= 0) {
                pos = p + 4;
                return result;
            }
            x = b[p + 4];
            result |= (x & 0x7F) << 28;
            if (x >= 0) {
                pos = p + 5;
                return result;
            }
            // longer than 32 bits: the slow path reports it
        }
        return readVarint32Slow();
    }

    private int readVarint32Slow() {
        return (int) readVarintSlow(5, 32);
    }

    /**
     * A varint byte by byte, checked against the limit: at most {@code maxBytes} bytes for a
     * value of {@code bits} bits (the low 32 of a 32-bit one are the same as its own loop's).
     */
    private long readVarintSlow(int maxBytes, int bits) {
        long result = 0;
        long start = base + pos;
        for (int i = 0; i < maxBytes; i++) {
            if (pos >= limit) {
                throw new MalformedFileException("a Thrift varint runs past the end of its structure", start);
            }
            byte b = buf[pos++];
            result |= (long) (b & 0x7F) << (7 * i);
            if (b >= 0) {
                return result;
            }
        }
        throw new MalformedFileException("a Thrift varint longer than " + bits + " bits", start);
    }

    private long readVarint64() {
        final int p = pos;
        if (limit - p >= 10) {
            final byte[] b = buf;
            long x = b[p];
            if (x >= 0) {
                pos = p + 1;
                return x;
            }
            long result = x & 0x7F;
            for (int i = 1; i < 10; i++) {
                x = b[p + i];
                result |= (x & 0x7F) << (7 * i);
                if (x >= 0) {
                    pos = p + i + 1;
                    return result;
                }
            }
            // longer than 64 bits: the slow path reports it
        }
        return readVarint64Slow();
    }

    private long readVarint64Slow() {
        return readVarintSlow(10, 64);
    }

    private byte readByteRaw() {
        if (pos >= limit) {
            throw new MalformedFileException("a Thrift structure runs past its end", base + pos);
        }
        return buf[pos++];
    }

    private CompactReader need(int n) {
        if (n > limit - pos) {
            throw new MalformedFileException("a Thrift structure runs past its end", base + pos);
        }
        return this;
    }
}
