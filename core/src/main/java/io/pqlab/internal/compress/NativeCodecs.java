package io.pqlab.internal.compress;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import org.xerial.snappy.Snappy;

/**
 * The JNI codecs (snappy-java, zstd-jni, lz4-java), each probed once with a round trip; a library
 * whose native code does not load on this platform (no build for it, a noexec temporary
 * directory, the jar left off the class path) is simply not used and its pure-Java counterpart
 * runs. Only the bound-checking entry points are called: byte arrays with offsets and lengths,
 * never raw addresses. {@link Decompressor} checks every length before it calls them.
 *
 * <p>Each library sits in its own holder class, so that one failing to load leaves the others
 * usable, and none is touched when pure Java is asked for.
 */
final class NativeCodecs {
    private NativeCodecs() {}

    /** The property that chooses the implementations: {@code java} forces pure Java; {@code native} (the default) prefers JNI. */
    static final String PROPERTY = "pqlab.codecs";

    private static final byte[] PROBE = "pqlab native codec probe, pqlab native codec probe".getBytes(
            StandardCharsets.US_ASCII);

    static boolean pureJavaRequested() {
        String v = System.getProperty(PROPERTY, "native").trim();
        if (v.equalsIgnoreCase("java")) {
            return true;
        }
        if (!v.equalsIgnoreCase("native") && !v.isEmpty()) {
            throw new IllegalArgumentException("system property " + PROPERTY + " is \"" + v
                    + "\": use java (pure-Java codecs) or native (JNI codecs where they load)");
        }
        return false;
    }

    static boolean snappy() {
        return SnappyLib.OK;
    }

    static boolean zstd() {
        return ZstdLib.OK;
    }

    static boolean lz4() {
        return Lz4Lib.OK;
    }

    // ---- Snappy

    private static final class SnappyLib {
        static final boolean OK = probe();

        private static boolean probe() {
            try {
                byte[] c = Snappy.compress(PROBE);
                byte[] out = new byte[PROBE.length];
                return Snappy.uncompressedLength(c, 0, c.length) == PROBE.length
                        && Snappy.uncompress(c, 0, c.length, out, 0) == PROBE.length && Arrays.equals(out, PROBE);
            } catch (Throwable t) { // LinkageError, SnappyError, IOException: not usable here
                return false;
            }
        }
    }

    /** The uncompressed length snappy's own preamble parser reads; the caller checks the range. */
    static int snappyLength(byte[] src, int off, int len) throws java.io.IOException {
        return Snappy.uncompressedLength(src, off, len);
    }

    /**
     * Decompresses into dst at dstOff. The library bounds its output only by the preamble's
     * length: the caller has checked that it equals the header's size and that dst has that room.
     */
    static int snappyUncompress(byte[] src, int off, int len, byte[] dst, int dstOff) throws java.io.IOException {
        return Snappy.uncompress(src, off, len, dst, dstOff);
    }

    // ---- Zstandard

    private static final class ZstdLib {
        static final boolean OK = probe();

        private static boolean probe() {
            try {
                byte[] c = Zstd.compress(PROBE);
                byte[] out = new byte[PROBE.length];
                try (ZstdDecompressCtx ctx = new ZstdDecompressCtx()) {
                    return ctx.decompressByteArray(out, 0, out.length, c, 0, c.length) == PROBE.length
                            && Arrays.equals(out, PROBE);
                }
            } catch (Throwable t) {
                return false;
            }
        }
    }

    /** A decompression context (native memory: close it). */
    static ZstdDecompressCtx zstdContext() {
        return new ZstdDecompressCtx();
    }

    /** One frame into dst[dstOff, dstOff + room): the library checks both arrays' ranges and bounds its output. */
    static int zstdFrame(ZstdDecompressCtx ctx, byte[] src, int off, int len, byte[] dst, int dstOff, int room) {
        return ctx.decompressByteArray(dst, dstOff, room, src, off, len);
    }

    // ---- LZ4

    private static final class Lz4Lib {
        static final LZ4SafeDecompressor SAFE = load();
        static final boolean OK = SAFE != null;

        private static LZ4SafeDecompressor load() {
            try {
                LZ4Factory f = LZ4Factory.nativeInstance();
                byte[] c = f.fastCompressor().compress(PROBE);
                LZ4SafeDecompressor d = f.safeDecompressor();
                byte[] out = new byte[PROBE.length];
                return d.decompress(c, 0, c.length, out, 0, out.length) == PROBE.length && Arrays.equals(out, PROBE)
                        ? d : null;
            } catch (Throwable t) {
                return null;
            }
        }
    }

    /**
     * One raw LZ4 block into at most maxOut bytes of dst: the safe decompressor checks both
     * arrays' ranges and never writes past maxOut. Returns the bytes written.
     */
    static int lz4Block(byte[] src, int off, int len, byte[] dst, int dstOff, int maxOut) {
        return Lz4Lib.SAFE.decompress(src, off, len, dst, dstOff, maxOut);
    }
}
