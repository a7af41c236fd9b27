package io.pqlab.internal.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.internal.encoding.Encodings.Type;
import io.pqlab.oracle.Encoders;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Values encoded by parquet-java's own writers, decoded by this package, must come back exactly
 * (floats by bit pattern), read whole or in random batches, from a random offset inside a larger
 * buffer, with the bytes consumed reported exactly.
 */
class EncodingRoundTripTest {
    private static final long FILE_OFFSET = 4096;

    @Provide
    Arbitrary<Integer> counts() {
        return Arbitraries.oneOf(Arbitraries.of(0, 1, 2, 7, 8, 9, 127, 128, 129, 1023, 1024, 1025),
                Arbitraries.integers().between(0, 5000));
    }

    // ---- RLE / bit-packed hybrid

    @Property(tries = 400)
    void rleHybrid(@ForAll @IntRange(min = 0, max = 32) int w, @ForAll("counts") int n,
            @ForAll @IntRange(min = 0, max = 4) int shape, @ForAll long seed) {
        Random r = new Random(seed);
        int[] values = Gen.levels(r, n, w, shape);
        byte[] enc = Encoders.rle(w, values);
        int before = r.nextInt(9);
        byte[] buf = Gen.embed(r, enc, before, r.nextInt(9));
        RleBitPackedDecoder d = new RleBitPackedDecoder().init(buf, before, enc.length, w, FILE_OFFSET);
        int[] out = new int[n];
        int at = 0;
        for (int b : Gen.batches(r, n)) {
            if (r.nextInt(5) == 0 && b > 0) {
                // skip some and read them one by one instead: the same values must follow
                d.skip(0);
                for (int i = 0; i < b; i++) {
                    out[at + i] = d.readInt();
                }
            } else {
                d.readInts(out, at, b);
            }
            at += b;
        }
        assertThat(out).isEqualTo(values);
        if (n > 0) {
            assertThat(d.position()).isEqualTo(before + enc.length);
        }
    }

    @Property(tries = 200)
    void rleHybridSkip(@ForAll @IntRange(min = 0, max = 32) int w, @ForAll("counts") int n, @ForAll long seed) {
        Random r = new Random(seed);
        int[] values = Gen.levels(r, n, w, r.nextInt(5));
        byte[] enc = Encoders.rle(w, values);
        RleBitPackedDecoder d = new RleBitPackedDecoder().init(enc, 0, enc.length, w, FILE_OFFSET);
        int at = 0;
        int[] one = new int[1];
        while (at < n) {
            int k = Math.min(n - at, r.nextInt(300));
            d.skip(k);
            at += k;
            if (at < n) {
                d.readInts(one, 0, 1);
                assertThat(one[0]).isEqualTo(values[at]);
                at++;
            }
        }
    }

    @Property(tries = 200)
    void levelsWithLengthPrefixAndDictionaryIndices(@ForAll @IntRange(min = 0, max = 32) int w,
            @ForAll("counts") int n, @ForAll long seed) {
        Random r = new Random(seed);
        int[] values = Gen.levels(r, n, w, r.nextInt(5));
        byte[] runs = Encoders.rle(w, values);
        // v1 levels: 4-byte length, runs, then whatever follows (here: junk)
        byte[] prefixed = new byte[4 + runs.length];
        prefixed[0] = (byte) runs.length;
        prefixed[1] = (byte) (runs.length >>> 8);
        prefixed[2] = (byte) (runs.length >>> 16);
        prefixed[3] = (byte) (runs.length >>> 24);
        System.arraycopy(runs, 0, prefixed, 4, runs.length);
        byte[] buf = Gen.embed(r, prefixed, 3, 20);
        RleBitPackedDecoder d = new RleBitPackedDecoder();
        assertThat(d.initLengthPrefixed(buf, 3, buf.length - 3, w, FILE_OFFSET)).isEqualTo(4 + runs.length);
        int[] out = new int[n];
        d.readInts(out, 0, n);
        assertThat(out).isEqualTo(values);

        // dictionary indices: bit width byte, then runs
        byte[] idx = new byte[1 + runs.length];
        idx[0] = (byte) w;
        System.arraycopy(runs, 0, idx, 1, runs.length);
        d.initDictionaryIndices(idx, 0, idx.length, FILE_OFFSET);
        assertThat(d.bitWidth()).isEqualTo(w);
        int[] out2 = new int[n];
        d.readInts(out2, 0, n);
        assertThat(out2).isEqualTo(values);
    }

    @Property(tries = 200)
    void deprecatedBitPackedLevels(@ForAll @IntRange(min = 1, max = 8) int maxLevelBits, @ForAll("counts") int n,
            @ForAll long seed) {
        Random r = new Random(seed);
        int maxLevel = (1 << maxLevelBits) - 1 - r.nextInt(1 << (maxLevelBits - 1));
        int w = 32 - Integer.numberOfLeadingZeros(maxLevel);
        int[] values = Gen.levels(r, n, w, r.nextInt(5));
        for (int i = 0; i < n; i++) {
            values[i] = Math.min(values[i], maxLevel);
        }
        byte[] enc = Encoders.bitPacked(maxLevel, values);
        byte[] buf = Gen.embed(r, enc, 5, 9);
        int[] out = new int[n + 2];
        int used = BitPackedLevels.decode(buf, 5, buf.length - 5, w, n, out, 1, FILE_OFFSET);
        assertThat(used).isEqualTo((n * w + 7) / 8).isEqualTo(enc.length);
        assertThat(java.util.Arrays.copyOfRange(out, 1, n + 1)).isEqualTo(values);
    }

    @Property(tries = 100)
    void rleBooleans(@ForAll("counts") int n, @ForAll long seed) {
        Random r = new Random(seed);
        boolean[] values = Gen.booleans(r, n, r.nextInt(3));
        byte[] enc = Encoders.rleBooleans(values);
        ValuesDecoder d = Encodings.decoder(Encodings.Encoding.RLE, Type.BOOLEAN, 0, null, FILE_OFFSET);
        byte[] buf = Gen.embed(r, enc, 2, 7);
        d.init(buf, 2, buf.length - 2, n, FILE_OFFSET);
        boolean[] out = new boolean[n];
        int at = 0;
        for (int b : Gen.batches(r, n)) {
            d.readBooleans(out, at, b);
            at += b;
        }
        assertThat(out).isEqualTo(values);
        assertThat(d.position()).isEqualTo(2 + enc.length);
    }

    // ---- PLAIN

    @Property(tries = 300)
    void plain(@ForAll @IntRange(min = 0, max = 7) int type, @ForAll("counts") int n,
            @ForAll @IntRange(min = 0, max = 6) int shape, @ForAll long seed) {
        Random r = new Random(seed);
        int width = type == Type.FIXED_LEN_BYTE_ARRAY ? r.nextInt(20) : type == Type.INT96 ? 12 : 0;
        Values v = Values.random(r, type, width, n, shape);
        byte[] enc = v.plain();
        check(r, Encodings.decoder(Encodings.Encoding.PLAIN, type, width, null, FILE_OFFSET), enc, v, true);
    }

    // ---- DELTA_BINARY_PACKED

    @Provide
    Arbitrary<int[]> blockShapes() {
        // {block size, miniblocks}: parquet-java's default 128/4 and others the spec allows
        return Arbitraries.of(new int[] {128, 4}, new int[] {128, 1}, new int[] {256, 8}, new int[] {128, 2},
                new int[] {512, 4}, new int[] {1024, 32});
    }

    @Property(tries = 400)
    void deltaBinaryPackedInt32(@ForAll("blockShapes") int[] block, @ForAll("counts") int n,
            @ForAll @IntRange(min = 0, max = 6) int shape, @ForAll long seed) {
        Random r = new Random(seed);
        Values v = Values.random(r, Type.INT32, 0, n, shape);
        byte[] enc = Encoders.deltaInts(block[0], block[1], v.ints);
        check(r, Encodings.decoder(Encodings.Encoding.DELTA_BINARY_PACKED, Type.INT32, 0, null, FILE_OFFSET), enc, v,
                true);
    }

    @Property(tries = 400)
    void deltaBinaryPackedInt64(@ForAll("blockShapes") int[] block, @ForAll("counts") int n,
            @ForAll @IntRange(min = 0, max = 6) int shape, @ForAll long seed) {
        Random r = new Random(seed);
        Values v = Values.random(r, Type.INT64, 0, n, shape);
        byte[] enc = Encoders.deltaLongs(block[0], block[1], v.longs);
        check(r, Encodings.decoder(Encodings.Encoding.DELTA_BINARY_PACKED, Type.INT64, 0, null, FILE_OFFSET), enc, v,
                true);
    }

    // ---- byte arrays

    @Property(tries = 300)
    void deltaLengthByteArray(@ForAll("counts") int n, @ForAll @IntRange(min = 0, max = 3) int shape,
            @ForAll long seed) {
        Random r = new Random(seed);
        Values v = Values.random(r, Type.BYTE_ARRAY, 0, n, shape);
        byte[] enc = Encoders.deltaLengthByteArray(v.binaries);
        check(r, Encodings.decoder(Encodings.Encoding.DELTA_LENGTH_BYTE_ARRAY, Type.BYTE_ARRAY, 0, null, FILE_OFFSET),
                enc, v, true);
    }

    @Property(tries = 300)
    void deltaByteArray(@ForAll("counts") int n, @ForAll @IntRange(min = 0, max = 3) int shape,
            @ForAll boolean fixed, @ForAll long seed) {
        Random r = new Random(seed);
        int type = fixed ? Type.FIXED_LEN_BYTE_ARRAY : Type.BYTE_ARRAY;
        int width = fixed ? 1 + r.nextInt(24) : 0;
        Values v = Values.random(r, type, width, n, shape);
        byte[] enc = Encoders.deltaByteArray(v.binaries);
        check(r, Encodings.decoder(Encodings.Encoding.DELTA_BYTE_ARRAY, type, width, null, FILE_OFFSET), enc, v,
                true);
    }

    // ---- BYTE_STREAM_SPLIT

    @Property(tries = 300)
    void byteStreamSplit(@ForAll @IntRange(min = 0, max = 4) int pick, @ForAll("counts") int n,
            @ForAll @IntRange(min = 0, max = 6) int shape, @ForAll long seed) {
        Random r = new Random(seed);
        int type = new int[] {Type.INT32, Type.INT64, Type.FLOAT, Type.DOUBLE, Type.FIXED_LEN_BYTE_ARRAY}[pick];
        // FLBA widths: 2 is FLOAT16; odd and wide ones too
        int width = type == Type.FIXED_LEN_BYTE_ARRAY ? new int[] {1, 2, 3, 5, 16, 33}[r.nextInt(6)] : 0;
        Values v = Values.random(r, type, width, n, shape);
        byte[] enc = switch (type) {
            case Type.INT32 -> Encoders.bssInts(v.ints);
            case Type.INT64 -> Encoders.bssLongs(v.longs);
            case Type.FLOAT -> Encoders.bssFloats(v.floats);
            case Type.DOUBLE -> Encoders.bssDoubles(v.doubles);
            default -> Encoders.bssFixed(width, v.binaries);
        };
        // the streams run to the end of the section: no trailing bytes here
        check(r, Encodings.decoder(Encodings.Encoding.BYTE_STREAM_SPLIT, type, width, null, FILE_OFFSET), enc, v,
                false);
    }

    // ---- dictionaries

    @Property(tries = 300)
    void dictionary(@ForAll @IntRange(min = 1, max = 7) int type, @ForAll("counts") int n,
            @ForAll @IntRange(min = 0, max = 6) int shape, @ForAll long seed) {
        if (type == Type.INT96) {
            type = Type.FIXED_LEN_BYTE_ARRAY;
        }
        Random r = new Random(seed);
        int width = type == Type.FIXED_LEN_BYTE_ARRAY ? 1 + r.nextInt(16) : 0;
        Values v = Values.random(r, type, width, n, shape);
        if (r.nextBoolean()) {
            v = v.fewDistinct(r, 1 + r.nextInt(40));
        }
        Encoders.Dict enc = switch (type) {
            case Type.INT32 -> Encoders.dictInts(v.ints);
            case Type.INT64 -> Encoders.dictLongs(v.longs);
            case Type.FLOAT -> Encoders.dictFloats(v.floats);
            case Type.DOUBLE -> Encoders.dictDoubles(v.doubles);
            case Type.BYTE_ARRAY -> Encoders.dictBinaries(v.binaries);
            default -> Encoders.dictFixed(width, v.binaries);
        };
        byte[] dictBuf = Gen.embed(r, enc.dictionary(), 3, 3);
        Dictionary dict = Dictionary.decode(type, width, dictBuf, 3, enc.dictionary().length, enc.size(), 100);
        assertThat(dict.size()).isEqualTo(enc.size());
        check(r, Encodings.decoder(Encodings.Encoding.RLE_DICTIONARY, type, width, dict, FILE_OFFSET), enc.data(), v,
                true);
        // the raw indices agree with the values they stand for
        DictionaryDecoder dd = new DictionaryDecoder(dict);
        dd.init(enc.data(), 0, enc.data().length, n, FILE_OFFSET);
        int[] idx = new int[n];
        dd.readIndices(idx, 0, n);
        for (int i = 0; i < n; i++) {
            assertThat(idx[i]).isBetween(0, dict.size() - 1);
        }
    }

    // ---- the common check

    /**
     * Decodes v.n values from enc embedded at a random offset (with trailing junk when allowed),
     * in random batches, mixing skips with reads on a second pass, and compares.
     */
    static void check(Random r, ValuesDecoder d, byte[] enc, Values v, boolean trailing) {
        int before = r.nextInt(11);
        byte[] buf = Gen.embed(r, enc, before, trailing ? r.nextInt(11) : 0);
        int len = buf.length - before;
        d.init(buf, before, len, v.n, FILE_OFFSET);
        Values out = v.emptyLike();
        int at = 0;
        for (int b : Gen.batches(r, v.n)) {
            out.read(d, at, b);
            at += b;
        }
        assertThat(d.remaining()).isZero();
        v.assertEquals(out, 0, v.n);
        if (v.n > 0 && trailing) {
            assertThat(d.position()).as("bytes consumed").isEqualTo(before + enc.length);
        }
        // second pass: skip random stretches, check the values read between them
        d.init(buf, before, len, v.n, FILE_OFFSET);
        Values out2 = v.emptyLike();
        at = 0;
        while (at < v.n) {
            int k = Math.min(v.n - at, r.nextInt(200));
            d.skip(k);
            at += k;
            int m = Math.min(v.n - at, r.nextInt(50));
            out2.read(d, at, m);
            v.assertEquals(out2, at, m);
            at += m;
        }
    }

    static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }
}
