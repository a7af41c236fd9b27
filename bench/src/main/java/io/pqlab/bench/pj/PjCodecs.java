package io.pqlab.bench.pj;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * Snappy and uncompressed pages for parquet-java without Hadoop (its own CodecFactory needs
 * Hadoop's codec classes). Calls snappy-java exactly as parquet-java's SnappyCompressor and
 * SnappyDecompressor end up doing, so the decompression cost is the same native call.
 */
public final class PjCodecs implements CompressionCodecFactory {
    public static final PjCodecs INSTANCE = new PjCodecs();

    private PjCodecs() {}

    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codec) {
        return switch (codec) {
            case UNCOMPRESSED -> new BytesInputCompressor() {
                @Override public BytesInput compress(BytesInput bytes) { return bytes; }
                @Override public CompressionCodecName getCodecName() { return codec; }
                @Override public void release() {}
            };
            case SNAPPY -> new BytesInputCompressor() {
                @Override public BytesInput compress(BytesInput bytes) throws IOException {
                    return BytesInput.from(Snappy.compress(bytes.toByteArray()));
                }
                @Override public CompressionCodecName getCodecName() { return codec; }
                @Override public void release() {}
            };
            default -> throw new UnsupportedOperationException("bench codecs: " + codec);
        };
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
        if (codec != CompressionCodecName.UNCOMPRESSED && codec != CompressionCodecName.SNAPPY) {
            throw new UnsupportedOperationException("bench codecs: " + codec);
        }
        boolean snappy = codec == CompressionCodecName.SNAPPY;
        return new BytesInputDecompressor() {
            @Override
            public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
                if (!snappy) {
                    return bytes;
                }
                byte[] in = bytes.toByteArray();
                byte[] out = new byte[uncompressedSize];
                int n = Snappy.uncompress(in, 0, in.length, out, 0);
                if (n != uncompressedSize) {
                    throw new IOException("snappy gave " + n + " bytes, page says " + uncompressedSize);
                }
                return BytesInput.from(out);
            }

            @Override
            public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
                    throws IOException {
                if (!snappy) {
                    ByteBuffer src = input.duplicate();
                    src.limit(src.position() + compressedSize);
                    output.put(src);
                    return;
                }
                if (input.isDirect() && output.isDirect()) {
                    ByteBuffer src = input.duplicate();
                    src.limit(src.position() + compressedSize);
                    ByteBuffer dst = output.duplicate();
                    int n = Snappy.uncompress(src, dst);
                    output.position(output.position() + n);
                    return;
                }
                byte[] in = new byte[compressedSize];
                input.duplicate().get(in);
                byte[] out = new byte[uncompressedSize];
                Snappy.uncompress(in, 0, compressedSize, out, 0);
                output.put(out);
            }

            @Override
            public void release() {}
        };
    }

    @Override
    public void release() {}
}
