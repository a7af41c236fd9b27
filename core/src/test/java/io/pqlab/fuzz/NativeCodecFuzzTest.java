package io.pqlab.fuzz;

import static io.pqlab.fuzz.Contract.require;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.github.luben.zstd.Zstd;
import io.pqlab.FileException;
import io.pqlab.MalformedFileException;
import io.pqlab.UnsupportedFeatureException;
import io.pqlab.internal.compress.Decompressor;
import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import net.jpountz.lz4.LZ4Factory;
import org.junit.jupiter.api.Timeout;
import org.xerial.snappy.Snappy;

/**
 * Corrupt pages through the JNI codecs (snappy-java, zstd-jni, lz4-java). {@code DecodeFuzzTest#
 * decompress} starts from raw bytes, which the codecs' headers mostly refuse at once; this target
 * starts from a page the native compressor wrote, then flips bytes in it and misstates its size,
 * so the native decoders run deep into corrupt streams. The page lies inside a larger array with
 * bytes before and after it: each decoder must end in bytes of the declared size or in a
 * MalformedFileException (or the cap's UnsupportedFeatureException) at an offset inside the page;
 * the bytes around the page must not change the outcome (a decoder reading outside its input
 * would see them); where the native and the pure-Java decoder both decode, their bytes agree. (They
 * need not agree on what is corrupt: libzstd refuses edited frames that aircompressor decodes,
 * which is no error as long as the decoded bytes have the declared size; the pages' decoders
 * judge them next.) An unedited page of the true size must decode to what was compressed.
 *
 * <p>Input: u8 codec (0 Snappy, 1 Zstandard, 2 LZ4_RAW, 3 Hadoop LZ4), u8 size change (as a
 * signed byte, applied to the declared size when the next bit says so), u8 edit count, u8
 * repeats, (u16 position, u8 xor) edits, then the page's uncompressed bytes (repeated).
 */
class NativeCodecFuzzTest {
    private static final int[] CODECS = {Decompressor.SNAPPY, Decompressor.ZSTD, Decompressor.LZ4_RAW,
            Decompressor.LZ4};
    private static final long BASE = 1000;
    private static final int PAD = 64;
    private static final Decompressor NATIVE = new Decompressor(Fuzzing.MAX_PAGE, false);
    private static final Decompressor PURE = new Decompressor(Fuzzing.MAX_PAGE, true);

    @FuzzTest(maxDuration = Fuzzing.DURATION)
    @Timeout(value = Fuzzing.TIMEOUT_SECONDS, unit = TimeUnit.SECONDS)
    void corrupt(byte[] input) throws IOException {
        In in = new In(input);
        int codec = CODECS[in.u8() % CODECS.length];
        int change = (byte) in.u8();
        int flags = in.u8();
        int edits = flags & 0x3F;
        boolean resize = (flags & 0x40) != 0;
        int repeats = 1 + in.u8() % 64;
        int[] at = new int[edits];
        int[] xor = new int[edits];
        for (int i = 0; i < edits; i++) {
            at[i] = in.u16();
            xor[i] = in.u8();
        }
        byte[] unit = in.rest();
        byte[] plain = new byte[unit.length * repeats];
        for (int r = 0; r < repeats; r++) {
            System.arraycopy(unit, 0, plain, r * unit.length, unit.length);
        }
        byte[] page = compress(codec, plain);
        boolean edited = false;
        for (int i = 0; i < edits && page.length > 0; i++) {
            page[at[i] % page.length] ^= (byte) xor[i];
            edited |= xor[i] != 0;
        }
        int size = resize ? Math.max(0, plain.length + change) : plain.length;
        byte[] nat = run(NATIVE, codec, page, size, (byte) 0);
        byte[] natOther = run(NATIVE, codec, page, size, (byte) 0xA5);
        byte[] pure = run(PURE, codec, page, size, (byte) 0x5A);
        require((nat == null) == (natOther == null) && (nat == null || Arrays.equals(nat, natOther)),
                NATIVE.implementation(codec) + ": the bytes after the page changed the outcome");
        if (nat != null) {
            require(nat.length == size, "decompressed to " + nat.length + " bytes, not " + size);
        }
        if (pure != null) {
            require(pure.length == size, "pure Java decompressed to " + pure.length + " bytes, not " + size);
        }
        if (nat != null && pure != null) {
            require(Arrays.equals(nat, pure), "native and pure-Java " + Decompressor.codecName(codec)
                    + " decode the same page to different bytes");
        }
        if (!edited && size == plain.length) {
            require(nat != null && Arrays.equals(nat, plain), "a page the native compressor wrote was not read back");
        }
    }

    /** Decodes the page at offset PAD of an array padded with {@code fill}; null where refused. */
    private static byte[] run(Decompressor d, int codec, byte[] page, int size, byte fill) {
        byte[] src = new byte[PAD + page.length + PAD];
        Arrays.fill(src, fill);
        System.arraycopy(page, 0, src, PAD, page.length);
        try {
            return d.decompress(codec, src, PAD, page.length, size, BASE);
        } catch (MalformedFileException | UnsupportedFeatureException e) {
            Contract.check(e, BASE, BASE + page.length);
            return null;
        } catch (FileException e) {
            throw new AssertionError("a corrupt page gave a " + e.getClass().getSimpleName(), e);
        }
    }

    static byte[] compress(int codec, byte[] plain) throws IOException {
        return switch (codec) {
            case Decompressor.SNAPPY -> Snappy.compress(plain);
            case Decompressor.ZSTD -> Zstd.compress(plain, 3);
            case Decompressor.LZ4_RAW -> LZ4Factory.fastestInstance().fastCompressor().compress(plain);
            default -> hadoopLz4(plain);
        };
    }

    /**
     * Hadoop's LZ4 framing: (u32 BE uncompressed, u32 BE compressed, block) for one block; for no
     * bytes, a block size of 0 and no chunk, as Hadoop's BlockCompressorStream writes it.
     */
    private static byte[] hadoopLz4(byte[] plain) {
        if (plain.length == 0) {
            return new byte[4];
        }
        byte[] block = LZ4Factory.fastestInstance().fastCompressor().compress(plain);
        byte[] out = new byte[8 + block.length];
        java.nio.ByteBuffer.wrap(out).putInt(plain.length).putInt(block.length).put(block);
        return out;
    }
}
