package io.pqlab.internal.format;

import io.pqlab.Decryption;
import io.pqlab.Limits;
import io.pqlab.MalformedFileException;
import io.pqlab.UnsupportedFeatureException;
import io.pqlab.internal.crypto.FooterDecryption;
import io.pqlab.io.ByteSource;
import java.io.IOException;

/**
 * Finds and decodes a Parquet file's footer: {@code PAR1} | data | FileMetaData | u32 LE length |
 * {@code PAR1}.
 *
 * <p>It first reads as much of the file's end as the source suggests
 * ({@link ByteSource#firstTailRead()}): on a local file the 8-byte trailer, then exactly the
 * footer, so that an answer from metadata alone reads no byte it does not need; over a network
 * {@value io.pqlab.io.RemoteSource#FIRST_TAIL_READ} bytes in one request, which hold most footers whole (a larger footer costs
 * a second read).
 *
 * <p>The head magic is checked here, for every reader: on a local source at the cost of one 4-byte
 * read (unless the tail holds it); on a {@linkplain ByteSource#remote() remote} one only where the
 * bytes already read hold it (a file no larger than the first read), since a request of its own
 * would cost a round trip. A file whose head is not {@code PAR1} is damaged or not Parquet.
 */
public final class FooterReader {
    private static final int PAR1 = magic('P', 'A', 'R', '1');
    private static final int PARE = magic('P', 'A', 'R', 'E');

    private FooterReader() {}

    public static Footer read(ByteSource source) throws IOException {
        return read(source, MetadataDecoder.Options.ALL);
    }

    public static Footer read(ByteSource source, MetadataDecoder.Options options) throws IOException {
        return read(source, options, source.firstTailRead());
    }

    /**
     * Reads the footer from the last {@code tailBytes} bytes (more only where the footer is longer).
     * Readers over a network pass the tail they already hold.
     */
    public static Footer read(ByteSource source, MetadataDecoder.Options options, int tailBytes)
            throws IOException {
        return read(source, options, tailBytes, Decryption.NONE);
    }

    /**
     * As {@link #read(ByteSource, MetadataDecoder.Options, int)}, for encrypted files too: an
     * encrypted footer (PARE) is decrypted with the footer key from {@code keys}, a plaintext one's
     * signature verified when the footer key is known (see {@link FooterDecryption}).
     */
    public static Footer read(ByteSource source, MetadataDecoder.Options options, int tailBytes, Decryption keys)
            throws IOException {
        long size = source.size();
        if (size < 12) {
            throw new MalformedFileException(
                    "a file of " + size + " bytes is too small to be Parquet (it needs at least 12)", 0);
        }
        int tailLength = (int) Math.min(size, Math.max(8, tailBytes));
        long tailStart = size - tailLength;
        byte[] tail = source.read(tailStart, tailLength, "the file's tail");

        int tailMagic = intLE(tail, tailLength - 4);
        boolean pare = tailMagic == PARE;
        if (pare) {
            if ((!source.remote() || tailStart == 0) && headMagic(source, tail, tailStart) != PARE) {
                throw new MalformedFileException("the file ends with PARE but does not start with it", 0);
            }
        } else if (tailMagic != PAR1) {
            if (headMagic(source, tail, tailStart) == PARE) {
                throw mixedMagic(size - 4);
            }
            throw new MalformedFileException("the file does not end with the Parquet magic PAR1", size - 4);
        }
        int headMagic = pare ? PAR1 : !source.remote() || tailStart == 0 ? headMagic(source, tail, tailStart) : PAR1;
        if (headMagic != PAR1) {
            if (headMagic == PARE) {
                throw mixedMagic(0);
            }
            throw new MalformedFileException("the file does not start with the Parquet magic PAR1", 0);
        }
        long length = intLE(tail, tailLength - 8) & 0xFFFFFFFFL;
        if (length > size - 12) {
            throw new MalformedFileException("the footer length " + length + " exceeds the file of " + size
                    + " bytes (at most " + (size - 12) + ")", size - 8);
        }
        if (length > Limits.FOOTER_BYTES) {
            throw new UnsupportedFeatureException("a footer of " + length + " bytes, more than this reader's limit of "
                    + Limits.FOOTER_BYTES + " (1/128 of the Java heap: decoded, a footer can take 60 bytes of heap per "
                    + "byte); " + Limits.REMEDY, size - 8);
        }
        long metadataOffset = size - 8 - length;
        byte[] buf = tail;
        int off = (int) (metadataOffset - tailStart);
        if (metadataOffset < tailStart) {
            buf = source.read(metadataOffset, length, "the footer");
            off = 0;
        }
        if (pare) {
            return FooterDecryption.encrypted(buf, off, (int) length, metadataOffset, size, options, keys);
        }
        FileMetaData metadata = MetadataDecoder.decode(buf, off, (int) length, metadataOffset - off, options);
        if (metadata.encryptionAlgorithm()) {
            return FooterDecryption.plaintext(metadata, buf, off, (int) length, metadataOffset, size, keys);
        }
        return new Footer(metadata, size, metadataOffset, (int) length);
    }

    private static int headMagic(ByteSource source, byte[] tail, long tailStart) throws IOException {
        if (tailStart == 0) {
            return intLE(tail, 0);
        }
        return intLE(source.read(0, 4, "the file's head"), 0);
    }

    private static MalformedFileException mixedMagic(long offset) {
        return new MalformedFileException("the file starts with PARE (an encrypted footer) but does not end with it",
                offset);
    }

    private static int magic(char a, char b, char c, char d) {
        return (a & 0xFF) | (b & 0xFF) << 8 | (c & 0xFF) << 16 | (d & 0xFF) << 24;
    }

    private static int intLE(byte[] b, int i) {
        return (b[i] & 0xFF) | (b[i + 1] & 0xFF) << 8 | (b[i + 2] & 0xFF) << 16 | (b[i + 3] & 0xFF) << 24;
    }
}
