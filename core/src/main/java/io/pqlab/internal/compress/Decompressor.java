package io.pqlab.internal.compress;

import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.snappy.SnappyDecompressor;
import io.airlift.compress.zstd.ZstdDecompressor;
import io.pqlab.Limits;
import io.pqlab.MalformedFileException;
import io.pqlab.UnsupportedFeatureException;
import com.github.luben.zstd.ZstdDecompressCtx;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.brotli.dec.BrotliInputStream;

/**
 * Decompresses page bodies by parquet.thrift CompressionCodec id. The output must come out at
 * exactly the size the page header declares; anything else, and any corrupt input, is a {@link
 * MalformedFileException} carrying the file offset of the compressed bytes (the libraries'
 * exceptions never escape). LZO, unknown codec ids and pages larger than the cap given at
 * construction are an {@link UnsupportedFeatureException}.
 *
 * <p>Allocation: the declared size is checked against the cap given at construction and, where
 * the codec bounds its expansion, against the most that many compressed bytes can produce, before
 * the output array exists; so a corrupt header cannot make a few bytes allocate a gigabyte.
 * Brotli, whose expansion is unbounded, grows its output only as data actually comes out.
 *
 * <p>Implementations: Snappy, Zstandard and LZ4 run in their JNI libraries (snappy-java,
 * zstd-jni, lz4-java) where those load on the platform, and in aircompressor (pure Java)
 * otherwise, or everywhere when pure Java is asked for (constructor argument, or the system
 * property {@code pqlab.codecs=java}); GZIP is java.util.zip and Brotli org.brotli:dec either
 * way. Native code gets no length it has not been checked on: the input range lies in its array,
 * the output range in its array, Snappy's preamble (read here and by the library) equals the page
 * header's size before the library runs, each Zstandard frame's declared content size fits what
 * is left of it, and the output is bounded by it, so a corrupt page is an exception, never a write
 * or read outside the buffers. {@link #implementation} names what ran.
 *
 * <p>Not thread-safe (it keeps an Inflater and the codecs' state): one per thread. {@link #close()}
 * frees the Inflater's native memory at once instead of at garbage collection.
 */
public final class Decompressor implements AutoCloseable {
    public static final int UNCOMPRESSED = 0;
    public static final int SNAPPY = 1;
    public static final int GZIP = 2;
    public static final int LZO = 3;
    public static final int BROTLI = 4;
    /** The deprecated Hadoop-framed LZ4 (raw LZ4 blocks accepted too, as Arrow does). */
    public static final int LZ4 = 5;
    public static final int ZSTD = 6;
    public static final int LZ4_RAW = 7;

    /** Default cap on one page's uncompressed size: {@link Limits#PAGE_BYTES}, from the heap. */
    public static final int DEFAULT_MAX_UNCOMPRESSED_SIZE = Limits.PAGE_BYTES;

    private static final String[] NAMES = {"UNCOMPRESSED", "SNAPPY", "GZIP", "LZO", "BROTLI", "LZ4", "ZSTD",
        "LZ4_RAW"};

    private final int maxUncompressedSize;
    private final boolean nativeSnappy;
    private final boolean nativeZstd;
    private final boolean nativeLz4;
    private final SnappyDecompressor snappy = new SnappyDecompressor();
    private final Lz4Decompressor lz4 = new Lz4Decompressor();
    private ZstdDecompressor zstd;
    private ZstdDecompressCtx zstdNative;
    private final CRC32 crc = new CRC32();
    private Inflater gzipInflater;
    private Inflater zlibInflater;

    public Decompressor() {
        this(DEFAULT_MAX_UNCOMPRESSED_SIZE);
    }

    /**
     * maxUncompressedSize: the largest page this instance will produce (at most 2^31 - 17). Native
     * codecs where they load, unless the system property {@code pqlab.codecs} is {@code java}.
     */
    public Decompressor(int maxUncompressedSize) {
        this(maxUncompressedSize, pureJavaRequested());
    }

    /** As {@link #Decompressor(int)}; pureJava: never the JNI codecs, whatever the property says. */
    public Decompressor(int maxUncompressedSize, boolean pureJava) {
        if (maxUncompressedSize < 0 || maxUncompressedSize > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("maxUncompressedSize " + maxUncompressedSize);
        }
        this.maxUncompressedSize = maxUncompressedSize;
        this.nativeSnappy = !pureJava && NativeCodecs.snappy();
        this.nativeZstd = !pureJava && NativeCodecs.zstd();
        this.nativeLz4 = !pureJava && NativeCodecs.lz4();
    }

    /** The system property that forces pure-Java codecs when set to {@code java}. */
    public static final String CODECS_PROPERTY = NativeCodecs.PROPERTY;

    /** Whether {@code pqlab.codecs=java} asks for pure-Java codecs (any value but java and native is an error). */
    public static boolean pureJavaRequested() {
        return NativeCodecs.pureJavaRequested();
    }

    /** Whether this instance runs the codec in native code. */
    public boolean isNative(int codec) {
        return switch (codec) {
            case SNAPPY -> nativeSnappy;
            case ZSTD -> nativeZstd;
            case LZ4, LZ4_RAW -> nativeLz4;
            default -> false;
        };
    }

    /** The library this instance decompresses the codec with, e.g. "snappy-java (JNI)". */
    public String implementation(int codec) {
        return switch (codec) {
            case UNCOMPRESSED -> "none";
            case SNAPPY -> nativeSnappy ? "snappy-java (JNI)" : "aircompressor (pure Java)";
            case ZSTD -> nativeZstd ? "zstd-jni (JNI)" : "aircompressor (pure Java)";
            case LZ4, LZ4_RAW -> nativeLz4 ? "lz4-java (JNI)" : "aircompressor (pure Java)";
            case GZIP -> "java.util.zip";
            case BROTLI -> "org.brotli:dec (pure Java)";
            default -> "unsupported";
        };
    }

    public static String codecName(int codec) {
        return codec >= 0 && codec < NAMES.length ? NAMES[codec] : "codec " + codec;
    }

    /** Whether {@link #decompress} reads this codec (all but LZO and unknown ids). */
    public static boolean isSupported(int codec) {
        return codec >= 0 && codec < NAMES.length && codec != LZO;
    }

    /**
     * Decompresses src[off, off+len), whose first byte is at absolute offset fileOffset, into a new
     * array of exactly uncompressedSize bytes.
     */
    public byte[] decompress(int codec, byte[] src, int off, int len, int uncompressedSize, long fileOffset) {
        checkSizes(codec, src, off, len, uncompressedSize, fileOffset);
        if (codec == BROTLI) {
            return brotli(src, off, len, null, 0, uncompressedSize, fileOffset);
        }
        byte[] dst = new byte[uncompressedSize];
        run(codec, src, off, len, dst, 0, uncompressedSize, fileOffset);
        return dst;
    }

    /**
     * As {@link #decompress(int, byte[], int, int, int, long)} but into dst[dstOff,
     * dstOff+uncompressedSize), a buffer the caller reuses. Returns uncompressedSize.
     */
    public int decompress(int codec, byte[] src, int off, int len, byte[] dst, int dstOff, int uncompressedSize,
            long fileOffset) {
        checkSizes(codec, src, off, len, uncompressedSize, fileOffset);
        if (dstOff < 0 || dstOff > dst.length - uncompressedSize) {
            throw new IndexOutOfBoundsException("dstOff " + dstOff + " + " + uncompressedSize + " > " + dst.length);
        }
        if (codec == BROTLI) {
            brotli(src, off, len, dst, dstOff, uncompressedSize, fileOffset);
        } else {
            run(codec, src, off, len, dst, dstOff, uncompressedSize, fileOffset);
        }
        return uncompressedSize;
    }

    /**
     * Checks a declared size before the caller allocates for it: supported codec, within the cap,
     * and no more than len compressed bytes of this codec can produce.
     */
    public void checkSizes(int codec, int len, int uncompressedSize, long fileOffset) {
        if (!isSupported(codec)) {
            throw new UnsupportedFeatureException("unsupported codec " + codecName(codec), fileOffset);
        }
        if (uncompressedSize < 0) {
            throw new MalformedFileException("negative uncompressed page size " + uncompressedSize, fileOffset);
        }
        if (uncompressedSize > maxUncompressedSize) {
            // valid files can hold such pages (parquet-testing's large_string_map has a 1 GiB one
            // in 4 KB of Brotli): a limit of this reader, not a fault of the file
            throw new UnsupportedFeatureException("uncompressed page of " + uncompressedSize
                    + " bytes exceeds the limit of " + maxUncompressedSize + "; " + Limits.REMEDY, fileOffset);
        }
        long most = maxExpansion(codec, len);
        if (uncompressedSize > most) {
            throw new MalformedFileException(codecName(codec) + ": " + len + " compressed bytes cannot produce the "
                    + uncompressedSize + " bytes declared", fileOffset);
        }
    }

    /**
     * The most output len bytes can produce, from each format's densest construct: Snappy 64
     * bytes per 3-byte copy; LZ4 255 bytes per length byte; Deflate's 1032:1; Zstandard a 128 KiB
     * RLE block per 4 bytes. Loose on purpose: it only stops absurd allocations.
     */
    private static long maxExpansion(int codec, int len) {
        long n = len;
        return switch (codec) {
            case UNCOMPRESSED -> n;
            case SNAPPY -> 22 * n + 64;
            case LZ4, LZ4_RAW -> 256 * n + 64;
            case GZIP -> 1032 * n + 1032;
            case ZSTD -> 32768 * n + 131072;
            default -> Long.MAX_VALUE;
        };
    }

    private void checkSizes(int codec, byte[] src, int off, int len, int uncompressedSize, long fileOffset) {
        if (off < 0 || len < 0 || off > src.length - len) {
            throw new IndexOutOfBoundsException("range [" + off + ", " + off + "+" + len + ") outside array of "
                    + src.length);
        }
        checkSizes(codec, len, uncompressedSize, fileOffset);
    }

    private void run(int codec, byte[] src, int off, int len, byte[] dst, int dstOff, int size, long fileOffset) {
        if (len == 0 && size == 0) {
            return; // an empty page: some writers store no codec framing at all
        }
        switch (codec) {
            case UNCOMPRESSED -> {
                if (len != size) {
                    throw new MalformedFileException("uncompressed page of " + len + " bytes declares " + size,
                            fileOffset);
                }
                System.arraycopy(src, off, dst, dstOff, len);
            }
            case SNAPPY -> snappy(src, off, len, dst, dstOff, size, fileOffset);
            case GZIP -> gzip(src, off, len, dst, dstOff, size, fileOffset);
            case LZ4 -> lz4Hadoop(src, off, len, dst, dstOff, size, fileOffset);
            case LZ4_RAW -> exact(codec, lz4Raw(LZ4_RAW, src, off, len, dst, dstOff, size, fileOffset), size,
                    fileOffset);
            case ZSTD -> exact(codec, zstd(src, off, len, dst, dstOff, size, fileOffset), size, fileOffset);
            default -> throw new UnsupportedFeatureException("unsupported codec " + codecName(codec), fileOffset);
        }
    }

    private static void exact(int codec, int got, int size, long fileOffset) {
        if (got != size) {
            throw new MalformedFileException(codecName(codec) + " data decompressed to " + got
                    + " bytes, page header declares " + size, fileOffset);
        }
    }

    private static MalformedFileException corrupt(int codec, RuntimeException e, long fileOffset) {
        String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return new MalformedFileException("corrupt " + codecName(codec) + " data: " + why, fileOffset, e);
    }

    // ---- Snappy: a raw block whose varint preamble states the uncompressed length.

    private void snappy(byte[] src, int off, int len, byte[] dst, int dstOff, int size, long fileOffset) {
        long declared = snappyPreamble(src, off, len, fileOffset);
        if (declared != size) {
            throw new MalformedFileException("SNAPPY data declares " + declared + " bytes, page header declares "
                    + size, fileOffset);
        }
        int got;
        if (nativeSnappy) {
            try {
                // the library writes as many bytes as its own reading of the preamble says: it must
                // agree with ours, and dst has that room (checked by the callers)
                int libraryLength = NativeCodecs.snappyLength(src, off, len);
                if (libraryLength != size) {
                    throw new MalformedFileException("SNAPPY data declares " + libraryLength
                            + " bytes to snappy-java, page header declares " + size, fileOffset);
                }
                got = NativeCodecs.snappyUncompress(src, off, len, dst, dstOff);
            } catch (java.io.IOException | RuntimeException | Error e) {
                if (e instanceof MalformedFileException m) {
                    throw m;
                }
                if (e instanceof VirtualMachineError v) {
                    throw v;
                }
                throw corruptNative(SNAPPY, e, fileOffset);
            }
        } else {
            try {
                got = snappy.decompress(src, off, len, dst, dstOff, size);
            } catch (RuntimeException e) {
                throw corrupt(SNAPPY, e, fileOffset);
            }
        }
        exact(SNAPPY, got, size, fileOffset);
    }

    /** snappy-java reports corrupt data as IOException or SnappyError (an Error). */
    private static MalformedFileException corruptNative(int codec, Throwable e, long fileOffset) {
        String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return new MalformedFileException("corrupt " + codecName(codec) + " data: " + why, fileOffset, e);
    }

    /** One raw LZ4 block into at most maxOut bytes of dst; the libraries throw on corrupt input. */
    private int lz4Block(byte[] src, int off, int len, byte[] dst, int dstOff, int maxOut) {
        return nativeLz4 ? NativeCodecs.lz4Block(src, off, len, dst, dstOff, maxOut)
                : lz4.decompress(src, off, len, dst, dstOff, maxOut);
    }

    private static long snappyPreamble(byte[] src, int off, int len, long fileOffset) {
        long v = 0;
        for (int i = 0; i < 5; i++) {
            if (i >= len) {
                break;
            }
            int b = src[off + i];
            v |= (long) (b & 0x7F) << (7 * i);
            if (b >= 0) {
                return v;
            }
        }
        throw new MalformedFileException("SNAPPY data: bad length preamble", fileOffset);
    }

    // ---- LZ4: Hadoop framing (BE u32 block size, then BE u32 length + LZ4 block chunks), else raw.

    private void lz4Hadoop(byte[] src, int off, int len, byte[] dst, int dstOff, int size, long fileOffset) {
        if (tryHadoopLz4(src, off, len, dst, dstOff, size)) {
            return;
        }
        // Not Hadoop framing (some writers, e.g. old Arrow, wrote raw blocks under this id).
        exact(LZ4, lz4Raw(LZ4, src, off, len, dst, dstOff, size, fileOffset), size, fileOffset);
    }

    /** True if src is entirely Hadoop-framed LZ4 producing exactly size bytes. */
    private boolean tryHadoopLz4(byte[] src, int off, int len, byte[] dst, int dstOff, int size) {
        int p = off;
        int end = off + len;
        int out = dstOff;
        int outEnd = dstOff + size;
        if (len < 4) {
            return false; // an empty page is one block size of 0 and no chunk (Hadoop's output for no bytes)
        }
        while (p < end) {
            if (end - p < 4) {
                return false;
            }
            long blockSize = beU32(src, p);
            p += 4;
            if (blockSize > outEnd - out) {
                return false;
            }
            int blockEnd = out + (int) blockSize;
            // Hadoop's BlockCompressorStream may split one block into several compressed chunks;
            // each chunk costs 4 bytes of input, so this loop ends.
            while (out < blockEnd) {
                if (end - p < 4) {
                    return false;
                }
                long chunk = beU32(src, p);
                p += 4;
                if (chunk > end - p) {
                    return false;
                }
                int got;
                try {
                    got = lz4Block(src, p, (int) chunk, dst, out, blockEnd - out);
                } catch (RuntimeException e) {
                    return false;
                }
                if (got <= 0 && chunk > 0) {
                    return false;
                }
                out += got;
                p += (int) chunk;
            }
        }
        return out == outEnd;
    }

    private static long beU32(byte[] b, int p) {
        return ((b[p] & 0xFFL) << 24) | ((b[p + 1] & 0xFF) << 16) | ((b[p + 2] & 0xFF) << 8) | (b[p + 3] & 0xFF);
    }

    private int lz4Raw(int codec, byte[] src, int off, int len, byte[] dst, int dstOff, int size, long fileOffset) {
        try {
            return lz4Block(src, off, len, dst, dstOff, size);
        } catch (RuntimeException e) {
            throw corrupt(codec, e, fileOffset);
        }
    }

    // ---- Zstandard: one or more frames, skippable frames ignored (RFC 8878).

    private static final int ZSTD_MAGIC = 0xFD2FB528;
    private final byte[] zstdProbe = new byte[64];

    /**
     * Walks the frames itself (so that skippable frames are ignored and each frame's extent is
     * checked against the input before the library sees it) and decompresses each regular frame.
     */
    private int zstd(byte[] src, int off, int len, byte[] dst, int dstOff, int size, long fileOffset) {
        int p = off;
        int end = off + len;
        int out = dstOff;
        int outEnd = dstOff + size;
        while (p < end) {
            long at = fileOffset + (p - off);
            if (end - p < 4) {
                throw new MalformedFileException("ZSTD data: truncated frame magic", at);
            }
            int magic = leInt(src, p);
            if ((magic & 0xFFFFFFF0) == 0x184D2A50) {
                if (end - p < 8 || (leInt(src, p + 4) & 0xFFFFFFFFL) > end - p - 8) {
                    throw new MalformedFileException("ZSTD skippable frame truncated", at);
                }
                p += 8 + leInt(src, p + 4);
                continue;
            }
            if (magic != ZSTD_MAGIC) {
                throw new MalformedFileException("ZSTD data: bad frame magic " + Integer.toHexString(magic), at);
            }
            int frameEnd = zstdFrameEnd(src, p, end, at);
            int room = outEnd - out;
            long declared = zstdContentSize(src, p);
            if (declared > room) {
                throw new MalformedFileException("ZSTD frame declares " + declared + " bytes, more than the " + room
                        + " left of the " + size + " the page header declares", at);
            }
            int got;
            try {
                // a full output: decode into a probe, to see whether the frame has more to give
                // (aircompressor returns 0 at once for no room)
                byte[] to = room == 0 ? zstdProbe : dst;
                int toOff = room == 0 ? 0 : out;
                int toRoom = room == 0 ? zstdProbe.length : room;
                if (nativeZstd) {
                    if (zstdNative == null) {
                        zstdNative = NativeCodecs.zstdContext();
                    }
                    got = NativeCodecs.zstdFrame(zstdNative, src, p, frameEnd - p, to, toOff, toRoom);
                } else {
                    if (zstd == null) {
                        zstd = new ZstdDecompressor();
                    }
                    got = zstd.decompress(src, p, frameEnd - p, to, toOff, toRoom);
                }
            } catch (RuntimeException e) {
                throw corrupt(ZSTD, e, at);
            }
            if (got > room) {
                throw new MalformedFileException("ZSTD data decompresses to more than the " + size
                        + " bytes declared", at);
            }
            out += got;
            p = frameEnd;
        }
        return out - dstOff;
    }

    /**
     * The Frame_Content_Size of the frame at p, or -1 when the header leaves it out (RFC 8878
     * 3.1.1.1); the header has been checked to lie in the input by {@link #zstdFrameEnd}.
     */
    private static long zstdContentSize(byte[] src, int p) {
        int fhd = src[p + 4] & 0xFF;
        boolean single = (fhd & 0x20) != 0;
        int fcsFlag = fhd >>> 6;
        int q = p + 5 + (single ? 0 : 1) + new int[] {0, 1, 2, 4}[fhd & 3];
        return switch (fcsFlag) {
            case 0 -> single ? src[q] & 0xFF : -1;
            case 1 -> ((src[q] & 0xFF) | (src[q + 1] & 0xFF) << 8) + 256L;
            case 2 -> leInt(src, q) & 0xFFFFFFFFL;
            default -> {
                long lo = leInt(src, q) & 0xFFFFFFFFL;
                long hi = leInt(src, q + 4) & 0xFFFFFFFFL;
                yield hi != 0 ? Long.MAX_VALUE : lo; // beyond any page: larger than room
            }
        };
    }

    /** Index just past the zstd frame starting at p: header, blocks, optional checksum. */
    private static int zstdFrameEnd(byte[] src, int p, int end, long at) {
        int q = p + 4;
        if (q >= end) {
            throw new MalformedFileException("ZSTD frame header truncated", at);
        }
        int fhd = src[q++] & 0xFF;
        if ((fhd & 0x08) != 0) {
            throw new MalformedFileException("ZSTD frame header has the reserved bit set", at);
        }
        boolean single = (fhd & 0x20) != 0;
        int fcsFlag = fhd >>> 6;
        int header = (single ? 0 : 1) + new int[] {0, 1, 2, 4}[fhd & 3]
                + (fcsFlag == 0 ? (single ? 1 : 0) : 1 << fcsFlag);
        if (header > end - q) {
            throw new MalformedFileException("ZSTD frame header truncated", at);
        }
        q += header;
        boolean last;
        do {
            if (end - q < 3) {
                throw new MalformedFileException("ZSTD block header truncated", at + (q - p));
            }
            int h = (src[q] & 0xFF) | (src[q + 1] & 0xFF) << 8 | (src[q + 2] & 0xFF) << 16;
            last = (h & 1) != 0;
            int type = (h >>> 1) & 3;
            int blockSize = h >>> 3;
            long content = switch (type) {
                case 0, 2 -> blockSize;
                case 1 -> 1;
                default -> throw new MalformedFileException("ZSTD reserved block type", at + (q - p));
            };
            q += 3;
            if (content > end - q) {
                throw new MalformedFileException("ZSTD block of " + content + " bytes truncated", at + (q - 3 - p));
            }
            q += (int) content;
        } while (!last);
        if ((fhd & 0x04) != 0) {
            if (end - q < 4) {
                throw new MalformedFileException("ZSTD frame checksum truncated", at + (q - p));
            }
            q += 4;
        }
        return q;
    }

    // ---- GZIP: RFC 1952 members, possibly several concatenated; a zlib stream is accepted too.

    private void gzip(byte[] src, int off, int len, byte[] dst, int dstOff, int size, long fileOffset) {
        int end = off + len;
        int outEnd = dstOff + size;
        if (len >= 2 && (src[off] & 0xFF) != 0x1F && isZlibHeader(src[off] & 0xFF, src[off + 1] & 0xFF)) {
            if (zlibInflater == null) {
                zlibInflater = new Inflater(false);
            }
            int p = inflate(zlibInflater, src, off, end, dst, dstOff, outEnd, fileOffset, fileOffset);
            if (p != end) {
                throw new MalformedFileException("GZIP (zlib) data: " + (end - p) + " bytes after the stream",
                        fileOffset + (p - off));
            }
            exact(GZIP, (int) zlibInflater.getBytesWritten(), size, fileOffset);
            return;
        }
        if (gzipInflater == null) {
            gzipInflater = new Inflater(true);
        }
        int p = off;
        int out = dstOff;
        do {
            long memberOffset = fileOffset + (p - off);
            p = gzipHeader(src, p, end, memberOffset);
            int memberStart = out;
            p = inflate(gzipInflater, src, p, end, dst, out, outEnd, fileOffset + (p - off), fileOffset);
            out = memberStart + (int) gzipInflater.getBytesWritten();
            if (end - p < 8) {
                throw new MalformedFileException("GZIP member trailer truncated", fileOffset + (p - off));
            }
            crc.reset();
            crc.update(dst, memberStart, out - memberStart);
            int storedCrc = leInt(src, p);
            int storedSize = leInt(src, p + 4);
            if ((int) crc.getValue() != storedCrc || storedSize != out - memberStart) {
                throw new MalformedFileException("GZIP member CRC-32 or size mismatch", fileOffset + (p - off));
            }
            p += 8;
            // A further member may follow; zero padding after the last one is tolerated.
        } while (p < end && (src[p] & 0xFF) == 0x1F);
        for (int i = p; i < end; i++) {
            if (src[i] != 0) {
                throw new MalformedFileException("GZIP data: " + (end - p) + " bytes after the last member",
                        fileOffset + (p - off));
            }
        }
        exact(GZIP, out - dstOff, size, fileOffset);
    }

    private static boolean isZlibHeader(int cmf, int flg) {
        return (cmf & 0x0F) == 8 && (cmf >>> 4) <= 7 && ((cmf << 8) | flg) % 31 == 0;
    }

    /**
     * Inflates one stream starting at src[p] into dst[out, outEnd); returns the index just past the
     * stream's compressed bytes.
     */
    private static int inflate(Inflater inf, byte[] src, int p, int end, byte[] dst, int out, int outEnd,
            long streamOffset, long pageOffset) {
        inf.reset();
        inf.setInput(src, p, end - p);
        int o = out;
        try {
            while (!inf.finished()) {
                int n = inf.inflate(dst, o, outEnd - o);
                o += n;
                if (n == 0) {
                    if (inf.finished()) {
                        break;
                    }
                    if (o == outEnd) {
                        // no room left: probe whether the stream has more to give
                        byte[] probe = new byte[1];
                        if (inf.inflate(probe) > 0) {
                            throw new MalformedFileException("GZIP data decompresses to more than the "
                                    + (outEnd - out) + " bytes left of the declared size", pageOffset);
                        }
                        if (inf.finished()) {
                            break;
                        }
                    }
                    if (inf.needsInput()) {
                        throw new MalformedFileException("GZIP data truncated", streamOffset);
                    }
                    if (inf.needsDictionary()) {
                        throw new MalformedFileException("GZIP data needs a preset dictionary", streamOffset);
                    }
                }
            }
        } catch (DataFormatException e) {
            throw new MalformedFileException("corrupt GZIP data: " + e.getMessage(), streamOffset, e);
        }
        return end - inf.getRemaining();
    }

    /** Parses an RFC 1952 member header at p; returns where the deflate data starts. */
    private static int gzipHeader(byte[] src, int p, int end, long offset) {
        if (end - p < 10) {
            throw new MalformedFileException("GZIP member header truncated", offset);
        }
        if ((src[p] & 0xFF) != 0x1F || (src[p + 1] & 0xFF) != 0x8B) {
            throw new MalformedFileException("GZIP data does not start with the gzip magic 1f 8b", offset);
        }
        if (src[p + 2] != 8) {
            throw new MalformedFileException("GZIP compression method " + (src[p + 2] & 0xFF) + " is not deflate",
                    offset);
        }
        int flg = src[p + 3] & 0xFF;
        if ((flg & 0xE0) != 0) {
            throw new MalformedFileException("GZIP header has reserved flag bits set", offset);
        }
        int q = p + 10;
        if ((flg & 0x04) != 0) { // FEXTRA
            if (end - q < 2) {
                throw new MalformedFileException("GZIP extra field truncated", offset);
            }
            int xlen = (src[q] & 0xFF) | (src[q + 1] & 0xFF) << 8;
            q += 2;
            if (end - q < xlen) {
                throw new MalformedFileException("GZIP extra field truncated", offset);
            }
            q += xlen;
        }
        for (int bit : new int[] {0x08, 0x10}) { // FNAME, FCOMMENT: zero-terminated
            if ((flg & bit) != 0) {
                while (q < end && src[q] != 0) {
                    q++;
                }
                if (q >= end) {
                    throw new MalformedFileException("GZIP header string truncated", offset);
                }
                q++;
            }
        }
        if ((flg & 0x02) != 0) { // FHCRC
            if (end - q < 2) {
                throw new MalformedFileException("GZIP header CRC truncated", offset);
            }
            q += 2;
        }
        return q;
    }

    private static int leInt(byte[] b, int p) {
        return (b[p] & 0xFF) | (b[p + 1] & 0xFF) << 8 | (b[p + 2] & 0xFF) << 16 | (b[p + 3] & 0xFF) << 24;
    }

    // ---- Brotli: one stream; output grows only as it is produced.

    private byte[] brotli(byte[] src, int off, int len, byte[] dst, int dstOff, int size, long fileOffset) {
        boolean grow = dst == null;
        if (len == 0 && size == 0) {
            return grow ? new byte[0] : dst;
        }
        byte[] out = grow ? new byte[(int) Math.min(size, Math.max(1 << 16, 8L * len))] : dst;
        int o = grow ? 0 : dstOff;
        int outEnd = o + size;
        try (BrotliInputStream in = new BrotliInputStream(new ByteArrayInputStream(src, off, len))) {
            while (o < outEnd) {
                if (o == out.length) {
                    out = Arrays.copyOf(out, (int) Math.min(size, 2L * out.length));
                }
                int n = in.read(out, o, Math.min(out.length, outEnd) - o);
                if (n < 0) {
                    throw new MalformedFileException("BROTLI data decompressed to " + (o - (grow ? 0 : dstOff))
                            + " bytes, page header declares " + size, fileOffset);
                }
                o += n;
            }
            if (in.read() >= 0) {
                throw new MalformedFileException("BROTLI data decompresses to more than the " + size
                        + " bytes declared", fileOffset);
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof MalformedFileException m) {
                throw m;
            }
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw new MalformedFileException("corrupt BROTLI data: " + why, fileOffset, e);
        }
        return out;
    }

    @Override
    public void close() {
        if (zstdNative != null) {
            zstdNative.close();
            zstdNative = null;
        }
        if (gzipInflater != null) {
            gzipInflater.end();
            gzipInflater = null;
        }
        if (zlibInflater != null) {
            zlibInflater.end();
            zlibInflater = null;
        }
    }
}
