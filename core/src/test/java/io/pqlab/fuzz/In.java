package io.pqlab.fuzz;

import java.util.Arrays;

/**
 * A cursor over a fuzz input for targets that take a few parameters before their bytes: fixed
 * width little-endian fields, then the rest. Reading past the end gives zeros, so every input is
 * a valid parameter set and the fuzzer never wastes runs on a short header. {@link Seeds} writes
 * the same layouts.
 */
final class In {
    private final byte[] data;
    private int pos;

    In(byte[] data) {
        this.data = data;
    }

    int u8() {
        return pos < data.length ? data[pos++] & 0xFF : 0;
    }

    int u16() {
        return u8() | u8() << 8;
    }

    int i32() {
        return u16() | u16() << 16;
    }

    long i64() {
        return (i32() & 0xFFFFFFFFL) | (long) i32() << 32;
    }

    /** The next n bytes (fewer at the end). */
    byte[] bytes(int n) {
        int k = Math.max(0, Math.min(n, data.length - pos));
        byte[] out = Arrays.copyOfRange(data, pos, pos + k);
        pos += k;
        return out;
    }

    /** Everything not read yet. */
    byte[] rest() {
        return bytes(data.length - pos);
    }

    int remaining() {
        return Math.max(0, data.length - pos);
    }
}
