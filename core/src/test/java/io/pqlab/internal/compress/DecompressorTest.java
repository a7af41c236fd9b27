package io.pqlab.internal.compress;

import static io.pqlab.internal.compress.Decompressor.BROTLI;
import static io.pqlab.internal.compress.Decompressor.GZIP;
import static io.pqlab.internal.compress.Decompressor.LZ4;
import static io.pqlab.internal.compress.Decompressor.LZ4_RAW;
import static io.pqlab.internal.compress.Decompressor.LZO;
import static io.pqlab.internal.compress.Decompressor.SNAPPY;
import static io.pqlab.internal.compress.Decompressor.UNCOMPRESSED;
import static io.pqlab.internal.compress.Decompressor.ZSTD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.airlift.compress.lz4.Lz4Compressor;
import io.pqlab.MalformedFileException;
import io.pqlab.UnsupportedFeatureException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every codec against data compressed by an independent implementation: snappy-java and zstd-jni
 * (native C libraries), the JDK's zlib for GZIP, Node's brotli for the committed Brotli vectors,
 * and for LZ4 both aircompressor's compressor and a hand-rolled block writer built from the LZ4
 * block format description. Corrupt and truncated input must give MalformedFileException only.
 */
class DecompressorTest {
    private static final long OFFSET = 1000;

    // ---- inputs

    /** Page-like data: text lines, little-endian ints, random bytes, runs; seeded. */
    static byte[] data(int kind, int n, long seed) {
        Random r = new Random(seed);
        byte[] b = new byte[n];
        switch (kind % 4) {
            case 0 -> {
                StringBuilder s = new StringBuilder();
                while (s.length() < n) {
                    s.append("order-").append(r.nextInt(100_000)).append("|customer_").append(r.nextInt(500))
                            .append("|SHIPPED\n");
                }
                System.arraycopy(s.toString().getBytes(StandardCharsets.ISO_8859_1), 0, b, 0, n);
            }
            case 1 -> {
                long t = r.nextLong();
                for (int i = 0; i + 8 <= n; i += 8) {
                    t += r.nextInt(1000);
                    for (int k = 0; k < 8; k++) {
                        b[i + k] = (byte) (t >>> (8 * k));
                    }
                }
            }
            case 2 -> r.nextBytes(b);
            default -> {
                for (int i = 0; i < n;) {
                    int run = 1 + r.nextInt(300);
                    byte v = (byte) r.nextInt(4);
                    for (int k = 0; k < run && i < n; k++) {
                        b[i++] = v;
                    }
                }
            }
        }
        return b;
    }

    /** Mirrors generate.js beside the Brotli vectors. */
    static byte[] gen(int kind, int n) {
        byte[] out = new byte[n];
        if (kind == 0) {
            StringBuilder s = new StringBuilder();
            for (int i = 0; s.length() < n; i++) {
                s.append("row ").append(i).append(",value ").append((i * 7919) % 1000).append('\n');
            }
            System.arraycopy(s.toString().getBytes(StandardCharsets.ISO_8859_1), 0, out, 0, n);
        } else {
            int x = 12345;
            for (int i = 0; i < n; i++) {
                x ^= x << 13;
                x ^= x >>> 17;
                x ^= x << 5;
                out[i] = (byte) x;
            }
        }
        return out;
    }

    // ---- independent compressors

    static byte[] snappy(byte[] b) {
        try {
            return org.xerial.snappy.Snappy.compress(b);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] zstd(byte[] b, int level) {
        return com.github.luben.zstd.Zstd.compress(b, level);
    }

    static byte[] gzip(byte[] b) {
        try {
            ByteArrayOutputStream o = new ByteArrayOutputStream();
            try (GZIPOutputStream g = new GZIPOutputStream(o)) {
                g.write(b);
            }
            return o.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] zlib(byte[] b) {
        Deflater d = new Deflater(6, false);
        d.setInput(b);
        d.finish();
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        byte[] buf = new byte[4096];
        while (!d.finished()) {
            o.write(buf, 0, d.deflate(buf));
        }
        d.end();
        return o.toByteArray();
    }

    static byte[] lz4Air(byte[] b) {
        Lz4Compressor c = new Lz4Compressor();
        byte[] out = new byte[c.maxCompressedLength(b.length)];
        int n = c.compress(b, 0, b.length, out, 0, out.length);
        return Arrays.copyOf(out, n);
    }

    /**
     * An LZ4 block written straight from the format description: sequences of (token, literal
     * length extension, literals, 2-byte offset, match length extension); the last sequence is
     * literals only and the last 5 bytes are literals. Matches copy from a random earlier point
     * (overlapping copies included), so the decoder's match path is exercised on data no LZ4
     * compressor chose.
     */
    static byte[][] lz4Handmade(int n, long seed) {
        Random r = new Random(seed);
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        byte[] plain = new byte[n];
        int p = 0;
        while (true) {
            int left = n - p;
            int lit = left <= 12 ? left : r.nextInt(Math.min(40, left - 12) + 1);
            boolean last = left <= 12 || (lit == left);
            int match = 0;
            if (!last) {
                int maxMatch = left - lit - 5;
                if (p + lit == 0 || maxMatch < 4) {
                    lit = left;
                    last = true;
                } else {
                    match = 4 + r.nextInt(Math.min(maxMatch - 4, r.nextBoolean() ? 20 : 600) + 1);
                }
            }
            for (int i = 0; i < lit; i++) {
                plain[p + i] = (byte) (r.nextInt(3) == 0 ? r.nextInt(256) : 'a' + r.nextInt(4));
            }
            int token = (Math.min(lit, 15) << 4) | (last ? 0 : Math.min(match - 4, 15));
            block.write(token);
            writeLen(block, lit);
            block.write(plain, p, lit);
            p += lit;
            if (last) {
                break;
            }
            int offset = 1 + r.nextInt(Math.min(p, 65535));
            block.write(offset & 0xFF);
            block.write(offset >>> 8);
            writeLen(block, match - 4);
            for (int i = 0; i < match; i++) {
                plain[p + i] = plain[p + i - offset];
            }
            p += match;
        }
        return new byte[][] {plain, block.toByteArray()};
    }

    private static void writeLen(ByteArrayOutputStream o, int len) {
        if (len >= 15) {
            int rest = len - 15;
            while (rest >= 255) {
                o.write(255);
                rest -= 255;
            }
            o.write(rest);
        }
    }

    /** Hadoop framing: per block BE u32 size, then chunks of BE u32 length + LZ4 block. */
    static byte[] hadoopFrame(byte[] plain, int blockSize, int chunksPerBlock) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        for (int start = 0; start < plain.length; start += blockSize) {
            int len = Math.min(blockSize, plain.length - start);
            beInt(o, len);
            int chunk = Math.max(1, (len + chunksPerBlock - 1) / chunksPerBlock);
            for (int c = start; c < start + len; c += chunk) {
                byte[] comp = lz4Air(Arrays.copyOfRange(plain, c, Math.min(c + chunk, start + len)));
                beInt(o, comp.length);
                o.write(comp, 0, comp.length);
            }
        }
        return o.toByteArray();
    }

    private static void beInt(ByteArrayOutputStream o, int v) {
        o.write(v >>> 24);
        o.write(v >>> 16);
        o.write(v >>> 8);
        o.write(v);
    }

    static byte[] compress(int codec, byte[] plain, long seed) {
        return switch (codec) {
            case UNCOMPRESSED -> plain.clone();
            case SNAPPY -> snappy(plain);
            case GZIP -> gzip(plain);
            case LZ4 -> hadoopFrame(plain, 1 + (int) (seed & 0xFFFF), 1 + (int) ((seed >>> 16) & 3));
            case ZSTD -> zstd(plain, 1 + (int) (seed & 7));
            case LZ4_RAW -> lz4Air(plain);
            default -> throw new IllegalArgumentException();
        };
    }

    static byte[] decompress(int codec, byte[] comp, int size) {
        try (Decompressor d = new Decompressor()) {
            // an offset inside a bigger array, as a page is inside a read buffer
            byte[] padded = new byte[comp.length + 7];
            System.arraycopy(comp, 0, padded, 3, comp.length);
            return d.decompress(codec, padded, 3, comp.length, size, OFFSET);
        }
    }

    // ---- round trips

    @Property(tries = 150)
    void roundTrip(@ForAll("codecs") int codec, @ForAll @IntRange(min = 0, max = 3) int kind,
            @ForAll("sizes") int size, @ForAll long seed) {
        byte[] plain = data(kind, size, seed);
        byte[] comp = compress(codec, plain, seed);
        assertThat(decompress(codec, comp, plain.length)).isEqualTo(plain);
    }

    @Provide
    Arbitrary<Integer> codecs() {
        return Arbitraries.of(UNCOMPRESSED, SNAPPY, GZIP, LZ4, ZSTD, LZ4_RAW);
    }

    @Provide
    Arbitrary<Integer> sizes() {
        return Arbitraries.oneOf(Arbitraries.integers().between(0, 64), Arbitraries.integers().between(65, 300_000),
                Arbitraries.of(1 << 16, (1 << 17) + 1, 1 << 20));
    }

    @Test
    void reusableBufferVariant() {
        byte[] plain = data(0, 50_000, 1);
        try (Decompressor d = new Decompressor()) {
            byte[] dst = new byte[60_000];
            for (int codec : new int[] {UNCOMPRESSED, SNAPPY, GZIP, BROTLI, LZ4, ZSTD, LZ4_RAW}) {
                byte[] comp = codec == BROTLI ? null : compress(codec, plain, 7);
                if (comp == null) {
                    continue;
                }
                Arrays.fill(dst, (byte) 0x55);
                assertThat(d.decompress(codec, comp, 0, comp.length, dst, 5, plain.length, OFFSET)).isEqualTo(
                        plain.length);
                assertThat(Arrays.copyOfRange(dst, 5, 5 + plain.length)).isEqualTo(plain);
                assertThat(dst[4]).isEqualTo((byte) 0x55);
                assertThat(dst[5 + plain.length]).isEqualTo((byte) 0x55);
            }
        }
    }

    @Property(tries = 100)
    void lz4HandmadeBlocks(@ForAll @IntRange(min = 0, max = 5000) int n, @ForAll long seed) {
        byte[][] pb = lz4Handmade(n, seed);
        assertThat(decompress(LZ4_RAW, pb[1], n)).isEqualTo(pb[0]);
        // the deprecated LZ4 id falls back to raw blocks when the Hadoop framing does not fit
        assertThat(decompress(LZ4, pb[1], n)).isEqualTo(pb[0]);
    }

    @Test
    void lz4RawBlockUnderTheHadoopIdFallsBack() {
        byte[] plain = data(0, 100_000, 3);
        assertThat(decompress(LZ4, lz4Air(plain), plain.length)).isEqualTo(plain);
    }

    @Test
    void zstdConcatenatedFramesAndChecksums() {
        byte[] a = data(0, 70_000, 1);
        byte[] b = data(1, 30_000, 2);
        byte[] fa;
        try (var ctx = new com.github.luben.zstd.ZstdCompressCtx()) {
            ctx.setChecksum(true);
            ctx.setLevel(5);
            fa = ctx.compress(a);
        }
        byte[] fb = zstd(b, 19);
        // a skippable frame (magic 0x184D2A5?, 4-byte length) between them must produce nothing
        byte[] skip = {0x50, 0x2A, 0x4D, 0x18, 3, 0, 0, 0, 9, 9, 9};
        byte[] comp = concat(fa, skip, fb);
        assertThat(decompress(ZSTD, comp, a.length + b.length)).isEqualTo(concat(a, b));
    }

    @Test
    void gzipConcatenatedMembersAndHeaderFields() {
        byte[] a = data(0, 40_000, 1);
        byte[] b = data(2, 1000, 2);
        byte[] c = new byte[0];
        byte[] withName = gzip(b);
        // set FNAME and FEXTRA on the second member: header fields the JDK writer never sets
        byte[] extra = {4, 0, 'a', 'b', 'c', 'd'};
        byte[] name = "page.bin\0".getBytes(StandardCharsets.ISO_8859_1);
        byte[] hdr = Arrays.copyOf(withName, 10);
        hdr[3] = (byte) (0x04 | 0x08);
        byte[] member2 = concat(hdr, extra, name, Arrays.copyOfRange(withName, 10, withName.length));
        byte[] comp = concat(gzip(a), member2, gzip(c));
        assertThat(decompress(GZIP, comp, a.length + b.length)).isEqualTo(concat(a, b));
    }

    @Test
    void gzipAcceptsAZlibStream() {
        byte[] a = data(0, 20_000, 5);
        assertThat(decompress(GZIP, zlib(a), a.length)).isEqualTo(a);
    }

    @ParameterizedTest
    @CsvSource({"0,0,5", "0,1,5", "0,100000,5", "0,300000,11", "1,5000,1", "1,20000,9"})
    void brotliVectorsFromAnIndependentEncoder(int kind, int n, int q) throws IOException {
        byte[] comp = resource("brotli/" + kind + "-" + n + "-q" + q + ".br");
        byte[] plain = gen(kind, n);
        assertThat(decompress(BROTLI, comp, n)).isEqualTo(plain);
        byte[] dst = new byte[n + 2];
        try (Decompressor d = new Decompressor()) {
            d.decompress(BROTLI, comp, 0, comp.length, dst, 1, n, OFFSET);
        }
        assertThat(Arrays.copyOfRange(dst, 1, n + 1)).isEqualTo(plain);
        if (n > 0) {
            assertMalformed(BROTLI, comp, n - 1);
            assertMalformed(BROTLI, comp, n + 1);
        }
    }

    // ---- declared sizes, unsupported codecs

    @ParameterizedTest
    @ValueSource(ints = {UNCOMPRESSED, SNAPPY, GZIP, LZ4, ZSTD, LZ4_RAW})
    void sizeOtherThanDeclaredIsMalformed(int codec) {
        byte[] plain = data(0, 10_000, 9);
        byte[] comp = compress(codec, plain, 9);
        assertMalformed(codec, comp, plain.length - 1);
        assertMalformed(codec, comp, plain.length + 1);
        assertMalformed(codec, comp, 0);
    }

    @ParameterizedTest
    @ValueSource(ints = {UNCOMPRESSED, SNAPPY, GZIP, LZ4, ZSTD, LZ4_RAW, BROTLI})
    void absurdDeclaredSizeIsRejectedBeforeAllocating(int codec) {
        byte[] comp = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20};
        // with 1 GiB of heap, allocating this would fail with OutOfMemoryError, not the expected error
        try (Decompressor d = new Decompressor(Integer.MAX_VALUE - 16)) {
            assertThatThrownBy(() -> d.decompress(codec, comp, 0, comp.length, Integer.MAX_VALUE - 16, OFFSET))
                    .isInstanceOf(MalformedFileException.class);
        }
        try (Decompressor d = new Decompressor(1 << 20)) {
            // over the caller's cap: a limit of the reader, not necessarily a bad file
            assertThatThrownBy(() -> d.decompress(codec, comp, 0, comp.length, (1 << 20) + 1, OFFSET))
                    .isInstanceOf(UnsupportedFeatureException.class).hasMessageContaining("exceeds the limit");
            assertThatThrownBy(() -> d.decompress(codec, comp, 0, comp.length, -1, OFFSET))
                    .isInstanceOf(MalformedFileException.class);
        }
    }

    @Test
    void lzoAndUnknownCodecsAreUnsupported() {
        byte[] comp = {1, 2, 3};
        try (Decompressor d = new Decompressor()) {
            assertThatThrownBy(() -> d.decompress(LZO, comp, 0, 3, 3, 77))
                    .isInstanceOf(UnsupportedFeatureException.class).hasMessage("unsupported codec LZO")
                    .satisfies(e -> assertThat(((UnsupportedFeatureException) e).offset()).isEqualTo(77));
            for (int codec : new int[] {-1, 8, 99}) {
                assertThatThrownBy(() -> d.decompress(codec, comp, 0, 3, 3, 77))
                        .isInstanceOf(UnsupportedFeatureException.class);
            }
        }
        assertThat(Decompressor.isSupported(LZO)).isFalse();
        assertThat(Decompressor.isSupported(BROTLI)).isTrue();
    }

    // ---- corrupt and truncated input

    @Property(tries = 400)
    void truncatedInputIsMalformed(@ForAll("allCodecs") int codec, @ForAll @IntRange(min = 0, max = 3) int kind,
            @ForAll @IntRange(min = 1, max = 20_000) int size, @ForAll long seed, @ForAll double cut)
            throws IOException {
        byte[][] pc = sample(codec, kind, size, seed);
        byte[] comp = pc[1];
        int keep = (int) (Math.abs(cut) % 1.0 * comp.length);
        byte[] truncated = Arrays.copyOf(comp, keep);
        // a prefix of a stream can never yield the whole output (it may yield nothing at all)
        assertMalformed(codec, truncated, pc[0].length);
    }

    @Property(tries = 1000)
    void corruptInputIsMalformedOrDecodesToTheDeclaredSize(@ForAll("allCodecs") int codec,
            @ForAll @IntRange(min = 0, max = 3) int kind, @ForAll @IntRange(min = 1, max = 20_000) int size,
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int flips) throws IOException {
        byte[][] pc = sample(codec, kind, size, seed);
        byte[] comp = pc[1].clone();
        Random r = new Random(seed);
        for (int i = 0; i < flips && comp.length > 0; i++) {
            // bias towards the headers, where the lengths are
            int at = r.nextBoolean() ? r.nextInt(Math.min(16, comp.length)) : r.nextInt(comp.length);
            comp[at] ^= (byte) (1 + r.nextInt(255));
        }
        try (Decompressor d = new Decompressor()) {
            byte[] out = d.decompress(codec, comp, 0, comp.length, pc[0].length, OFFSET);
            assertThat(out).hasSize(pc[0].length);
        } catch (MalformedFileException e) {
            assertThat(e.offset()).isGreaterThanOrEqualTo(OFFSET).isLessThanOrEqualTo(OFFSET + comp.length);
        }
    }

    @Provide
    Arbitrary<Integer> allCodecs() {
        return Arbitraries.of(SNAPPY, GZIP, LZ4, ZSTD, LZ4_RAW, BROTLI);
    }

    /** {plain, compressed}; Brotli from the committed vectors. */
    private static byte[][] sample(int codec, int kind, int size, long seed) throws IOException {
        if (codec == BROTLI) {
            String[] names = {"0-100000-q5", "0-300000-q11", "1-5000-q1", "1-20000-q9", "0-1-q5"};
            String name = names[(int) Math.floorMod(seed, (long) names.length)];
            String[] parts = name.split("-");
            return new byte[][] {gen(Integer.parseInt(parts[0]), Integer.parseInt(parts[1])),
                resource("brotli/" + name + ".br")};
        }
        byte[] plain = data(kind, size, seed);
        return new byte[][] {plain, compress(codec, plain, seed)};
    }

    private static void assertMalformed(int codec, byte[] comp, int size) {
        try (Decompressor d = new Decompressor()) {
            assertThatThrownBy(() -> d.decompress(codec, comp, 0, comp.length, size, OFFSET))
                    .isInstanceOf(MalformedFileException.class)
                    .satisfies(e -> assertThat(((MalformedFileException) e).offset())
                            .isBetween(OFFSET, OFFSET + comp.length));
        }
    }

    static byte[] resource(String name) throws IOException {
        try (InputStream in = DecompressorTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("missing test resource " + name);
            }
            return in.readAllBytes();
        }
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            o.write(p, 0, p.length);
        }
        return o.toByteArray();
    }
}
