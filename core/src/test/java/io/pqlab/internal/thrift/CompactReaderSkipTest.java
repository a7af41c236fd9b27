package io.pqlab.internal.thrift;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.MalformedFileException;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The fast skipper against the reference skipper (field by field, every check): on valid,
 * mutated, truncated and deeply nested input both must end at the same position, or both fail
 * with the same message at the same offset. The unrolled varint reads are held to a plain
 * decoder written here.
 */
class CompactReaderSkipTest {
    private static final long BASE = 1_000_000L;

    /** A random Thrift value of the given type, valid, written as the compact protocol does. */
    private static final class Gen {
        final Random rnd;
        final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Gen(Random rnd) {
            this.rnd = rnd;
        }

        void varint(long v) {
            while ((v & ~0x7FL) != 0) {
                out.write((int) ((v & 0x7F) | 0x80));
                v >>>= 7;
            }
            out.write((int) v);
        }

        long anyLong() {
            // Mostly small values, sometimes the full range, so every varint length occurs.
            int bits = rnd.nextInt(65);
            return bits == 64 ? rnd.nextLong() : rnd.nextLong() & ((1L << bits) - 1);
        }

        int valueType() {
            int[] types = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
            return types[rnd.nextInt(types.length)];
        }

        void struct(int depth) {
            int fields = rnd.nextInt(depth > 3 ? 2 : 7);
            int last = 0;
            for (int i = 0; i < fields; i++) {
                int type = depth > 4 ? 5 : valueType();
                int id = last + 1 + rnd.nextInt(20) - (rnd.nextInt(8) == 0 ? 40 : 0);
                int delta = id - last;
                if (delta > 0 && delta <= 15 && rnd.nextInt(6) != 0) {
                    out.write(delta << 4 | type);
                } else {
                    out.write(type);
                    varint(zigzag32((short) id) & 0xFFFFFFFFL);
                }
                last = id;
                if (type != 1 && type != 2) {
                    value(type, depth + 1);
                }
            }
            out.write(0);
        }

        void value(int type, int depth) {
            switch (type) {
                case 1, 2 -> out.write(rnd.nextInt(3)); // only as a list element
                case 3 -> out.write(rnd.nextInt(256));
                case 4, 5 -> varint(zigzag32((int) anyLong()) & 0xFFFFFFFFL);
                case 6 -> varint(zigzag64(anyLong()));
                case 7 -> out.write(new byte[8], 0, 8);
                case 8 -> {
                    int n = rnd.nextInt(rnd.nextInt(10) == 0 ? 300 : 12);
                    varint(n);
                    for (int i = 0; i < n; i++) {
                        out.write(rnd.nextInt(256));
                    }
                }
                case 9, 10 -> {
                    int n = rnd.nextInt(depth > 3 ? 2 : rnd.nextInt(8) == 0 ? 40 : 5);
                    int et = depth > 3 ? 5 : valueType();
                    if (n < 15) {
                        out.write(n << 4 | et);
                    } else {
                        out.write(0xF0 | et);
                        varint(n);
                    }
                    for (int i = 0; i < n; i++) {
                        value(et, depth + 1);
                    }
                }
                case 11 -> {
                    int n = rnd.nextInt(depth > 3 ? 2 : 4);
                    varint(n);
                    if (n > 0) {
                        int k = depth > 3 ? 5 : valueType();
                        int v = depth > 3 ? 5 : valueType();
                        out.write(k << 4 | v);
                        for (int i = 0; i < n; i++) {
                            value(k, depth + 1);
                            value(v, depth + 1);
                        }
                    }
                }
                case 12 -> struct(depth);
                case 13 -> out.write(new byte[16], 0, 16);
                default -> throw new AssertionError(type);
            }
        }
    }

    static int zigzag32(int v) {
        return (v << 1) ^ (v >> 31);
    }

    static long zigzag64(long v) {
        return (v << 1) ^ (v >> 63);
    }

    /** What a skip did: the end position, or the error's message and offset. */
    private record Outcome(int end, String message, long offset) { }

    private static Outcome run(byte[] buf, int len, int nesting, int type, boolean reference, boolean asStruct) {
        CompactReader r = new CompactReader(buf, 0, len, BASE);
        for (int i = 0; i < nesting; i++) {
            r.structBegin();
        }
        try {
            if (asStruct) {
                if (reference) r.referenceSkipStruct(); else r.skipStruct();
            } else {
                if (reference) r.referenceSkip(type); else r.skip(type);
            }
            return new Outcome(r.position(), null, -1);
        } catch (MalformedFileException e) {
            return new Outcome(-1, e.getMessage(), e.offset());
        }
    }

    private static void agree(byte[] buf, int len, int nesting, int type, boolean asStruct, String what) {
        Outcome fast = run(buf, len, nesting, type, false, asStruct);
        Outcome ref = run(buf, len, nesting, type, true, asStruct);
        assertThat(fast).as(what).isEqualTo(ref);
    }

    @Test
    void fastSkipAgreesWithTheReferenceOnValidAndDamagedInput() {
        Random rnd = new Random(20261130);
        int[] containerTypes = {9, 10, 11, 12};
        int valid = 0;
        int failed = 0;
        for (int iter = 0; iter < 20_000; iter++) {
            Gen g = new Gen(rnd);
            boolean asStruct = rnd.nextBoolean();
            int type = asStruct ? 12 : containerTypes[rnd.nextInt(4)];
            if (asStruct) {
                g.struct(0);
            } else {
                g.value(type, 0);
            }
            byte[] bytes = g.out.toByteArray();
            String what = "case " + iter;
            // As written: must succeed and end exactly after the value.
            Outcome ok = run(bytes, bytes.length, 0, type, false, asStruct);
            assertThat(ok.end()).as(what).isEqualTo(bytes.length);
            agree(bytes, bytes.length, 0, type, asStruct, what);
            valid++;
            // Truncated at a random point, or with random bytes changed.
            int cut = rnd.nextInt(bytes.length + 1);
            agree(bytes, cut, 0, type, asStruct, what + " cut at " + cut);
            byte[] damaged = Arrays.copyOf(bytes, bytes.length);
            int flips = 1 + rnd.nextInt(3);
            for (int f = 0; f < flips; f++) {
                damaged[rnd.nextInt(damaged.length)] = (byte) rnd.nextInt(256);
            }
            Outcome d = run(damaged, damaged.length, 0, type, true, asStruct);
            if (d.message() != null) {
                failed++;
            }
            agree(damaged, damaged.length, 0, type, asStruct, what + " damaged");
            // Close to the depth bound.
            agree(bytes, bytes.length, CompactReader.MAX_DEPTH - 1 - rnd.nextInt(4), type, asStruct, what + " deep");
        }
        assertThat(valid).isEqualTo(20_000);
        assertThat(failed).as("damaged inputs the reference rejects").isGreaterThan(2_000);
    }

    @Test
    void randomBytesAgree() {
        Random rnd = new Random(7);
        for (int iter = 0; iter < 50_000; iter++) {
            byte[] bytes = new byte[rnd.nextInt(40)];
            for (int i = 0; i < bytes.length; i++) {
                // Biased to small type codes and stop bytes, so that structures nest.
                bytes[i] = (byte) (rnd.nextInt(3) == 0 ? rnd.nextInt(256) : (rnd.nextInt(16) << 4) | rnd.nextInt(13));
            }
            for (int type : new int[] {9, 10, 11, 12}) {
                agree(bytes, bytes.length, 0, type, false, "bytes " + Arrays.toString(bytes));
            }
            agree(bytes, bytes.length, 0, 12, true, "struct bytes " + Arrays.toString(bytes));
        }
    }

    @Test
    void nestingBeyondTheBoundIsReportedAsTheReferenceDoes() {
        // 70 nested structs, each the first field of its parent, then 70 stops.
        byte[] deep = new byte[140];
        Arrays.fill(deep, 0, 70, (byte) 0x1C);
        Outcome fast = run(deep, deep.length, 0, 12, false, true);
        assertThat(fast.message()).contains("nested deeper than " + CompactReader.MAX_DEPTH);
        agree(deep, deep.length, 0, 12, true, "deep structs");
        // Lists of lists.
        byte[] lists = new byte[80];
        Arrays.fill(lists, (byte) 0x19);
        agree(lists, lists.length, 0, 9, false, "deep lists");
        assertThat(run(lists, lists.length, 0, 9, false, false).message()).contains("nested deeper");
        // Just within the bound: MAX_DEPTH structs succeed.
        byte[] ok = new byte[2 * CompactReader.MAX_DEPTH - 1];
        Arrays.fill(ok, 0, CompactReader.MAX_DEPTH - 1, (byte) 0x1C);
        assertThat(run(ok, ok.length, 0, 12, false, true).end()).isEqualTo(ok.length);
        agree(ok, ok.length, 0, 12, true, "MAX_DEPTH structs");
    }

    @Test
    void hostileSizesAreRejectedWithoutAllocating() {
        // A list header claiming 2^31-1 elements, a map of 2^31-1 entries, a binary of 2^31-1 bytes.
        byte[] list = {(byte) 0xF5, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07, 0, 0};
        Outcome o = run(list, list.length, 0, 9, false, false);
        assertThat(o.message()).contains("a Thrift list of 2147483647 elements");
        assertThat(o.offset()).isEqualTo(BASE);
        agree(list, list.length, 0, 9, false, "hostile list");
        byte[] map = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07, 0x55, 0};
        agree(map, map.length, 0, 11, false, "hostile map");
        assertThat(run(map, map.length, 0, 11, false, false).message()).contains("a Thrift map of 2147483647 entries");
        byte[] binaryField = {0x18, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07, 0};
        Outcome b = run(binaryField, binaryField.length, 0, 12, false, true);
        assertThat(b.message()).contains("a Thrift binary of 2147483647 bytes");
        assertThat(b.offset()).isEqualTo(BASE + 1);
        agree(binaryField, binaryField.length, 0, 12, true, "hostile binary");
    }

    @Test
    void unrolledVarintsMatchAPlainDecoder() {
        Random rnd = new Random(11);
        for (int iter = 0; iter < 100_000; iter++) {
            byte[] bytes = new byte[rnd.nextInt(14)];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) (rnd.nextInt(4) == 0 ? rnd.nextInt(128) : 0x80 | rnd.nextInt(128));
            }
            int start = bytes.length == 0 ? 0 : rnd.nextInt(bytes.length);
            for (boolean wide : new boolean[] {false, true}) {
                CompactReader r = new CompactReader(bytes, start, bytes.length - start, BASE);
                String expected;
                try {
                    long v = plainVarint(bytes, start, wide ? 10 : 5);
                    expected = wide ? Long.toString((v >>> 1) ^ -(v & 1))
                        : Integer.toString(((int) v >>> 1) ^ -((int) v & 1));
                    expected += " @" + (start + plainLength);
                } catch (IllegalStateException e) {
                    expected = e.getMessage() + (wide ? "64" : "32") + " @" + (BASE + start);
                }
                String actual;
                try {
                    actual = (wide ? Long.toString(r.readI64()) : Integer.toString(r.readI32())) + " @" + r.position();
                } catch (MalformedFileException e) {
                    actual = (e.getMessage().contains("longer than") ? "long" : "past")
                        + (wide ? "64" : "32") + " @" + e.offset();
                }
                assertThat(actual).as(Arrays.toString(bytes) + " from " + start).isEqualTo(expected);
            }
        }
    }

    /** Short-form list sizes and one-byte binary lengths are accepted exactly when the bytes are there. */
    @Test
    void shortSizesAreCheckedAgainstTheBytesLeft() {
        for (int len = 1; len < 20; len++) {
            for (int k = 0; k < 15; k++) {
                byte[] list = new byte[len];
                list[0] = (byte) (k << 4 | CompactReader.I32);
                CompactReader r = new CompactReader(list, 0, len, BASE);
                if (k <= len - 1) {
                    assertThat(r.readListHeader()).isEqualTo(k);
                    assertThat(r.elementType()).isEqualTo(CompactReader.I32);
                    assertThat(r.position()).isEqualTo(1);
                } else {
                    assertThat(org.assertj.core.api.Assertions.catchThrowableOfType(
                            r::readListHeader, MalformedFileException.class).offset()).isEqualTo(BASE);
                }
            }
            for (int k = 0; k < 128; k += 7) {
                byte[] bin = new byte[len];
                bin[0] = (byte) k;
                CompactReader r = new CompactReader(bin, 0, len, BASE);
                if (k <= len - 1) {
                    assertThat(r.skipBinary()).isEqualTo(1);
                    assertThat(r.position()).isEqualTo(1 + k);
                } else {
                    MalformedFileException e = org.assertj.core.api.Assertions.catchThrowableOfType(
                            r::skipBinary, MalformedFileException.class);
                    assertThat(e.getMessage()).contains("a Thrift binary of " + k + " bytes");
                    assertThat(e.offset()).isEqualTo(BASE);
                }
            }
        }
    }

    @Test
    void readBinaryReusesAnEqualArrayOnly() {
        byte[] buf = {3, 1, 2, 3, 3, 1, 2, 4, 2, 1, 2, 1};
        byte[] same = {1, 2, 3};
        CompactReader r = new CompactReader(buf, BASE);
        assertThat(r.readBinary(same)).isSameAs(same);
        byte[] other = r.readBinary(same);
        assertThat(other).isNotSameAs(same).containsExactly(1, 2, 4);
        assertThat(r.readBinary(same)).containsExactly(1, 2);
        assertThat(r.position()).isEqualTo(11);
        MalformedFileException e = org.assertj.core.api.Assertions.catchThrowableOfType(
                () -> r.readBinary(new byte[] {1}), MalformedFileException.class);
        assertThat(e.offset()).isEqualTo(BASE + 11);
    }

    private static int plainLength;

    private static long plainVarint(byte[] b, int p, int maxBytes) {
        long v = 0;
        for (int i = 0; i < maxBytes; i++) {
            if (p + i >= b.length) {
                throw new IllegalStateException("past");
            }
            v |= (long) (b[p + i] & 0x7F) << (7 * i);
            if (b[p + i] >= 0) {
                plainLength = i + 1;
                return v;
            }
        }
        throw new IllegalStateException("long");
    }
}
