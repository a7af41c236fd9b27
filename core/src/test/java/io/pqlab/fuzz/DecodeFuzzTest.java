package io.pqlab.fuzz;

import static io.pqlab.fuzz.Contract.fileErrorsOnly;
import static io.pqlab.fuzz.Contract.require;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.pqlab.FileException;
import io.pqlab.internal.compress.Decompressor;
import io.pqlab.internal.encoding.Binaries;
import io.pqlab.internal.encoding.BitPackedLevels;
import io.pqlab.internal.encoding.Dictionary;
import io.pqlab.internal.encoding.Encodings;
import io.pqlab.internal.encoding.Encodings.Type;
import io.pqlab.internal.encoding.RleBitPackedDecoder;
import io.pqlab.internal.encoding.ValuesDecoder;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * The byte-level decoders: page decompression, values sections in every encoding, levels and
 * dictionary indices, and dictionary pages. Each input starts with a few parameter bytes (see
 * each target) and ends with the encoded bytes, which lie at file offset {@link #BASE}.
 */
class DecodeFuzzTest {
    static final long BASE = 1000;
    /** Batch sizes a reader might use, cycled through so that runs are cut at odd places. */
    private static final int[] BATCHES = {1, 7, 64, 3, 1000, 31, 4096};

    /** One decompressor for all inputs, as a reader reuses one: state left by a failure must not leak. */
    private static final Decompressor REUSED = new Decompressor(Fuzzing.MAX_PAGE);

    /**
     * Input: u8 codec (0-8; 3 is LZO and 8 unknown: unsupported), i32 declared uncompressed size,
     * the compressed bytes. The result must have the declared size and must not depend on what the
     * reused decompressor saw before; the JNI and the pure-Java implementation both hold the contract.
     */
    @FuzzTest(maxDuration = Fuzzing.DURATION)
    @Timeout(value = Fuzzing.TIMEOUT_SECONDS, unit = TimeUnit.SECONDS)
    void decompress(byte[] input) {
        In in = new In(input);
        int codec = in.u8() % 9;
        int size = in.i32();
        byte[] src = in.rest();
        long end = BASE + src.length;
        byte[][] out = new byte[2][];
        FileException reusedError = fileErrorsOnly(BASE, end,
                () -> out[0] = REUSED.decompress(codec, src, 0, src.length, size, BASE));
        FileException freshError;
        try (Decompressor fresh = new Decompressor(Fuzzing.MAX_PAGE)) {
            freshError = fileErrorsOnly(BASE, end, () -> out[1] = fresh.decompress(codec, src, 0, src.length, size,
                    BASE));
        }
        require((reusedError == null) == (freshError == null), "a reused decompressor disagrees with a fresh one: "
                + reusedError + " / " + freshError);
        if (out[0] != null) {
            require(out[0].length == size, "decompressed to " + out[0].length + " bytes, not " + size);
            require(Arrays.equals(out[0], out[1]), "a reused decompressor's output differs from a fresh one's");
        }
        // the other implementation (pure Java where the run uses JNI, and the reverse) must hold
        // the same contract, and where both decode, give the same bytes
        boolean otherPure = REUSED.isNative(codec);
        byte[][] other = new byte[1][];
        try (Decompressor d = new Decompressor(Fuzzing.MAX_PAGE, otherPure)) {
            fileErrorsOnly(BASE, end, () -> other[0] = d.decompress(codec, src, 0, src.length, size, BASE));
        }
        if (out[0] != null && other[0] != null) {
            require(Arrays.equals(out[0], other[0]), REUSED.implementation(codec) + " and the other "
                    + Decompressor.codecName(codec) + " implementation decode the same page to different bytes");
        }
    }

    /**
     * Input: u8 encoding (0-10), u8 physical type (0-7), u8 FIXED_LEN_BYTE_ARRAY width, u16 value
     * count, u16 dictionary entries, u16 dictionary bytes, the dictionary page (PLAIN), the values.
     * All values are read (or skipped) in batches of varied sizes.
     */
    @FuzzTest(maxDuration = Fuzzing.DURATION)
    @Timeout(value = Fuzzing.TIMEOUT_SECONDS, unit = TimeUnit.SECONDS)
    void values(byte[] input) {
        In in = new In(input);
        int encoding = in.u8() % 11;
        int type = in.u8() % 8;
        int typeLength = in.u8();
        int n = in.u16();
        int dictCount = in.u16();
        byte[] dictBytes = in.bytes(in.u16());
        byte[] data = in.rest();
        Dictionary[] dict = new Dictionary[1];
        if (dictBytes.length > 0) {
            fileErrorsOnly(0, dictBytes.length, () -> dict[0] = Dictionary.decode(type, typeLength, dictBytes, 0,
                    dictBytes.length, dictCount, 0));
        }
        fileErrorsOnly(BASE, BASE + data.length, () -> {
            ValuesDecoder d = Encodings.decoder(encoding, type, typeLength, dict[0], BASE);
            d.init(data, 0, data.length, n, BASE);
            readAll(d, type, n);
            require(d.remaining() == 0, "values left after reading all");
            require(d.position() >= 0 && d.position() <= data.length, "position " + d.position());
        });
    }

    private static void readAll(ValuesDecoder d, int type, int n) {
        Binaries binaries = new Binaries();
        int done = 0;
        for (int b = 0; done < n; b++) {
            int k = Math.min(n - done, BATCHES[b % BATCHES.length]);
            if (b % 3 == 2) {
                d.skip(k);
            } else {
                switch (type) {
                    case Type.BOOLEAN -> d.readBooleans(new boolean[k], 0, k);
                    case Type.INT32 -> d.readInts(new int[k], 0, k);
                    case Type.INT64 -> d.readLongs(new long[k], 0, k);
                    case Type.FLOAT -> d.readFloats(new float[k], 0, k);
                    case Type.DOUBLE -> d.readDoubles(new double[k], 0, k);
                    default -> {
                        binaries.clear();
                        d.readBinaries(binaries, k);
                        require(binaries.size() == k, "read " + binaries.size() + " byte arrays, not " + k);
                    }
                }
            }
            done += k;
        }
    }

    /**
     * Input: u8 mode (0: runs filling the bytes, 1: length-prefixed runs, 2: dictionary indices
     * with their bit width byte, 3: deprecated BIT_PACKED), u8 bit width (0-32), u16 value count,
     * the bytes. Every value must fit its bit width.
     */
    @FuzzTest(maxDuration = Fuzzing.DURATION)
    @Timeout(value = Fuzzing.TIMEOUT_SECONDS, unit = TimeUnit.SECONDS)
    void levels(byte[] input) {
        In in = new In(input);
        int mode = in.u8() % 4;
        int width = in.u8() % 33;
        int n = in.u16();
        byte[] data = in.rest();
        fileErrorsOnly(BASE, BASE + data.length, () -> {
            int[] values = new int[n];
            int w = width;
            if (mode == 3) {
                int used = BitPackedLevels.decode(data, 0, data.length, w, n, values, 0, BASE);
                require(used >= 0 && used <= data.length, "BIT_PACKED used " + used + " bytes");
            } else {
                RleBitPackedDecoder d = new RleBitPackedDecoder();
                if (mode == 0) {
                    d.init(data, 0, data.length, w, BASE);
                } else if (mode == 1) {
                    d.initLengthPrefixed(data, 0, data.length, w, BASE);
                } else {
                    d.initDictionaryIndices(data, 0, data.length, BASE);
                    w = d.bitWidth();
                }
                int done = 0;
                for (int b = 0; done < n; b++) {
                    int k = Math.min(n - done, BATCHES[b % BATCHES.length]);
                    switch (b % 3) {
                        case 0 -> d.readInts(values, done, k);
                        case 1 -> {
                            for (int i = 0; i < k; i++) {
                                values[done + i] = d.readInt();
                            }
                        }
                        default -> d.skip(k);
                    }
                    done += k;
                }
                require(d.position() >= 0 && d.position() <= data.length, "position " + d.position());
            }
            long max = w == 32 ? 0xFFFFFFFFL : (1L << w) - 1;
            for (int v : values) {
                require((v & 0xFFFFFFFFL) <= max, "value " + v + " does not fit " + w + " bits");
            }
        });
    }

    /** Input: u8 physical type (0-7), u8 FIXED_LEN_BYTE_ARRAY width, i32 entries (any), the page. */
    @FuzzTest(maxDuration = Fuzzing.DURATION)
    @Timeout(value = Fuzzing.TIMEOUT_SECONDS, unit = TimeUnit.SECONDS)
    void dictionary(byte[] input) {
        In in = new In(input);
        int type = in.u8() % 8;
        int typeLength = in.u8();
        int n = in.i32();
        byte[] data = in.rest();
        fileErrorsOnly(BASE, BASE + data.length, () -> {
            Dictionary d = Dictionary.decode(type, typeLength, data, 0, data.length, n, BASE);
            require(d.size() == n, "a dictionary of " + d.size() + " entries, not " + n);
        });
    }
}
