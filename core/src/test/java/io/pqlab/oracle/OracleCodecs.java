package io.pqlab.oracle;

import com.github.luben.zstd.ZstdInputStream;
import io.airlift.compress.lz4.Lz4Decompressor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.GZIPInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.brotli.dec.BrotliInputStream;
import org.xerial.snappy.Snappy;

/**
 * Decompressors for the oracle. parquet-java's own CodecFactory reaches every codec through
 * Hadoop's CompressionCodec classes, which are excluded here, so without this only uncompressed
 * files could be read. Each codec below does what parquet-java with Hadoop does, with the same
 * libraries where parquet-java has its own codec (snappy-java, zstd-jni, aircompressor) and the
 * JDK / org.brotli:dec where it relies on Hadoop's or a third party's:
 *
 * <ul>
 *   <li>SNAPPY: one raw Snappy block (parquet-java's SnappyCodec).
 *   <li>GZIP: a gzip stream, concatenated members allowed (Hadoop's GzipCodec).
 *   <li>ZSTD: zstd frames, streamed (parquet-java's ZstandardCodec).
 *   <li>LZ4_RAW: one raw LZ4 block (parquet-java's Lz4RawCodec).
 *   <li>LZ4: Hadoop's block framing around raw LZ4 blocks (Hadoop's Lz4Codec); the pre-framing
 *       "raw LZ4 under codec LZ4" files fail here as they do in parquet-java.
 *   <li>BROTLI: a brotli stream (the codec parquet-java names lives outside Maven Central).
 *   <li>LZO: refused: parquet-java needs the GPL hadoop-lzo codec, which it does not ship.
 * </ul>
 *
 * Writing: only UNCOMPRESSED.
 */
public final class OracleCodecs implements CompressionCodecFactory {

    public static final OracleCodecs INSTANCE = new OracleCodecs();

    private OracleCodecs() {}

    /** Only UNCOMPRESSED (the identity), for writers that need a factory without Hadoop. */
    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codec) {
        if (codec != CompressionCodecName.UNCOMPRESSED) {
            throw new UnsupportedOperationException("the oracle only writes uncompressed pages, not " + codec);
        }
        return IDENTITY;
    }

    private static final BytesInputCompressor IDENTITY =
            new BytesInputCompressor() {
                @Override
                public BytesInput compress(BytesInput bytes) {
                    return bytes;
                }

                @Override
                public CompressionCodecName getCodecName() {
                    return CompressionCodecName.UNCOMPRESSED;
                }

                @Override
                public void release() {}
            };

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
        return new Decompressor(codec);
    }

    @Override
    public void release() {}

    private record Decompressor(CompressionCodecName codec) implements BytesInputDecompressor {

        @Override
        public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
            if (codec == CompressionCodecName.UNCOMPRESSED) {
                return bytes;
            }
            return BytesInput.from(decompress(bytes.toByteArray(), uncompressedSize));
        }

        @Override
        public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
                throws IOException {
            byte[] in = new byte[compressedSize];
            input.get(in);
            output.put(
                    codec == CompressionCodecName.UNCOMPRESSED ? in : decompress(in, uncompressedSize));
        }

        @Override
        public void release() {}

        private byte[] decompress(byte[] in, int size) throws IOException {
            byte[] out =
                    switch (codec) {
                        case UNCOMPRESSED -> in;
                        case SNAPPY -> Snappy.uncompress(in);
                        case GZIP -> all(new GZIPInputStream(new ByteArrayInputStream(in)), size);
                        case ZSTD -> all(new ZstdInputStream(new ByteArrayInputStream(in)), size);
                        case BROTLI -> all(new BrotliInputStream(new ByteArrayInputStream(in)), size);
                        case LZ4_RAW -> lz4Block(in, 0, in.length, size);
                        case LZ4 -> hadoopLz4(in, size);
                        case LZO -> throw new IOException(
                                "LZO: parquet-java needs the GPL hadoop-lzo codec, which it does not ship");
                    };
            if (out.length != size) {
                throw new IOException(codec + ": " + out.length + " bytes decompressed, page says " + size);
            }
            return out;
        }

        private static byte[] all(InputStream in, int size) throws IOException {
            try (in) {
                byte[] out = in.readNBytes(size);
                if (in.read() != -1) {
                    throw new IOException("more than " + size + " bytes decompressed");
                }
                return out;
            }
        }

        private static byte[] lz4Block(byte[] in, int off, int len, int size) throws IOException {
            byte[] out = new byte[size];
            int n = new Lz4Decompressor().decompress(in, off, len, out, 0, size);
            if (n != size) {
                throw new IOException("LZ4 block gave " + n + " bytes, expected " + size);
            }
            return out;
        }

        /**
         * Hadoop's BlockCompressorStream framing: blocks of [u32 BE uncompressed length] then
         * [u32 BE compressed length][LZ4 block] chunks until that length is filled.
         */
        private static byte[] hadoopLz4(byte[] in, int size) throws IOException {
            ByteBuffer src = ByteBuffer.wrap(in);
            byte[] out = new byte[size];
            int written = 0;
            while (src.hasRemaining()) {
                int blockSize = u32(src, "block length");
                int blockEnd = written + blockSize;
                if (blockSize < 0 || blockEnd > size) {
                    throw new IOException("Hadoop LZ4 block of " + blockSize + " bytes overflows " + size);
                }
                while (written < blockEnd) {
                    int chunk = u32(src, "chunk length");
                    if (chunk < 0 || chunk > src.remaining()) {
                        throw new IOException("Hadoop LZ4 chunk of " + chunk + " bytes, " + src.remaining() + " left");
                    }
                    int n =
                            new Lz4Decompressor()
                                    .decompress(in, src.position(), chunk, out, written, blockEnd - written);
                    src.position(src.position() + chunk);
                    written += n;
                }
            }
            if (written != size) {
                throw new IOException("Hadoop LZ4 gave " + written + " bytes, expected " + size);
            }
            return out;
        }

        private static int u32(ByteBuffer src, String what) throws IOException {
            if (src.remaining() < 4) {
                throw new IOException("Hadoop LZ4: truncated " + what);
            }
            return src.getInt(); // big-endian, as Hadoop writes it
        }
    }
}
