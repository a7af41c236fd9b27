package io.pqlab.internal.format;

import static io.pqlab.internal.format.ThriftWriter.LIST;
import static io.pqlab.internal.format.ThriftWriter.STRUCT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.FileException;
import io.pqlab.MalformedFileException;
import io.pqlab.io.ByteSource;
import io.pqlab.io.BytesSource;
import io.pqlab.internal.io.CountingSource;
import io.pqlab.io.RemoteSource;
import io.pqlab.internal.net.ReadSession;
import io.pqlab.internal.net.Strategy;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

class FooterReaderTest {

    /** A minimal valid FileMetaData: a root without children and no row groups. */
    private static byte[] minimalFooter() {
        return new ThriftWriter().begin().i32Field(1, 1)
                .field(2, LIST).listHeader(1, STRUCT).begin().stringField(4, "root").i32Field(5, 0).end()
                .i64Field(3, 0).field(4, LIST).listHeader(0, STRUCT).end().bytes();
    }

    /** head | filler | footer | length | tail */
    private static byte[] file(String head, int filler, byte[] footer, long length, String tail) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head.getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(new byte[filler]);
        out.writeBytes(footer);
        for (int i = 0; i < 4; i++) {
            out.write((int) (length >>> (8 * i)));
        }
        out.writeBytes(tail.getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    private static Footer read(byte[] file) throws IOException {
        return FooterReader.read(new BytesSource("test", file));
    }

    private static long offsetOf(FileException e) {
        return e.offset();
    }

    @Test
    void readsAMinimalFile() throws IOException {
        byte[] footer = minimalFooter();
        Footer f = read(file("PAR1", 0, footer, footer.length, "PAR1"));
        assertThat(f.metadataOffset()).isEqualTo(4);
        assertThat(f.metadataLength()).isEqualTo(footer.length);
        assertThat(f.fileSize()).isEqualTo(footer.length + 12);
        assertThat(f.metadata().schema()).hasSize(1);
    }

    @Test
    void tooSmallFiles() {
        for (int n = 0; n < 12; n++) {
            byte[] b = "PAR1PAR1PAR1".substring(0, n).getBytes(StandardCharsets.US_ASCII);
            assertThatThrownBy(() -> read(b)).isInstanceOf(MalformedFileException.class)
                    .hasMessageContaining("too small");
        }
    }

    @Test
    void badMagicIsMalformedAtItsOffset() {
        byte[] footer = minimalFooter();
        byte[] badTail = file("PAR1", 0, footer, footer.length, "PAR2");
        assertThatThrownBy(() -> read(badTail)).isInstanceOf(MalformedFileException.class)
                .hasMessageContaining("does not end with")
                .extracting(e -> offsetOf((FileException) e)).isEqualTo((long) badTail.length - 4);
        byte[] badHead = file("XAR1", 0, footer, footer.length, "PAR1");
        assertThatThrownBy(() -> read(badHead)).isInstanceOf(MalformedFileException.class)
                .hasMessageContaining("does not start with")
                .extracting(e -> offsetOf((FileException) e)).isEqualTo(0L);
        // and for a file larger than the tail read, where the head is a separate read
        byte[] bigBadHead = file("XAR1", 100_000, footer, footer.length, "PAR1");
        assertThatThrownBy(() -> read(bigBadHead)).isInstanceOf(MalformedFileException.class)
                .hasMessageContaining("does not start with");
    }

    @Test
    void encryptedFooterMagicAtEitherEnd() {
        byte[] footer = minimalFooter();
        // PARE at both ends: the footer is read as FileCryptoMetaData, which a FileMetaData is not
        assertThatThrownBy(() -> read(file("PARE", 0, footer, footer.length, "PARE")))
                .isInstanceOf(MalformedFileException.class).hasMessageContaining("FileCryptoMetaData");
        assertThatThrownBy(() -> read(file("PAR1", 0, footer, footer.length, "PARE")))
                .isInstanceOf(MalformedFileException.class)
                .hasMessage("the file ends with PARE but does not start with it");
        String mixed = "the file starts with PARE (an encrypted footer) but does not end with it";
        assertThatThrownBy(() -> read(file("PARE", 0, footer, footer.length, "PAR1")))
                .isInstanceOf(MalformedFileException.class).hasMessage(mixed);
        assertThatThrownBy(() -> read(file("PARE", 100_000, footer, footer.length, "XXXX")))
                .isInstanceOf(MalformedFileException.class).hasMessage(mixed);
    }

    @Test
    void footerLengthMustLieInTheFile() {
        byte[] footer = minimalFooter();
        for (long length : new long[] {footer.length + 1L, 1L << 31, 0xFFFFFFFFL}) {
            byte[] f = file("PAR1", 0, footer, length, "PAR1");
            assertThatThrownBy(() -> read(f)).isInstanceOf(MalformedFileException.class)
                    .hasMessageContaining("footer length " + length)
                    .extracting(e -> offsetOf((FileException) e)).isEqualTo((long) f.length - 8);
        }
        // a length that lies in the file but does not cover the whole struct
        byte[] shorter = file("PAR1", 10, footer, footer.length - 3, "PAR1");
        assertThatThrownBy(() -> read(shorter)).isInstanceOf(MalformedFileException.class);
        assertThatThrownBy(() -> read(file("PAR1", 10, footer, 0, "PAR1"))).isInstanceOf(MalformedFileException.class);
    }

    @Test
    void truncatedFooterErrorsNameAnOffsetInsideTheFooter() {
        byte[] footer = minimalFooter();
        for (int cut = 0; cut < footer.length; cut++) {
            byte[] part = java.util.Arrays.copyOf(footer, cut);
            byte[] f = file("PAR1", 0, part, part.length, "PAR1");
            assertThatThrownBy(() -> read(f)).isInstanceOf(MalformedFileException.class)
                    .extracting(e -> offsetOf((FileException) e))
                    .satisfies(o -> assertThat((long) o).isBetween(4L, (long) f.length - 8));
        }
    }

    @Test
    void plaintextFooterEncryptionIsReadUpToTheStopByte() throws IOException {
        // FileMetaData with field 8 (EncryptionAlgorithm AES_GCM_V1 {aad_prefix}) and 9, then the
        // 28-byte signature the length also covers.
        byte[] metadata = new ThriftWriter().begin().i32Field(1, 1)
                .field(2, LIST).listHeader(1, STRUCT).begin().stringField(4, "root").i32Field(5, 0).end()
                .i64Field(3, 0).field(4, LIST).listHeader(0, STRUCT)
                .field(8, STRUCT).begin().field(1, STRUCT).begin().binaryField(1, new byte[] {1, 2}).end().end()
                .binaryField(9, new byte[] {7, 7, 7})
                .end().bytes();
        byte[] footer = java.util.Arrays.copyOf(metadata, metadata.length + 28);
        java.util.Arrays.fill(footer, metadata.length, footer.length, (byte) 0xAB);
        Footer f = read(file("PAR1", 0, footer, footer.length, "PAR1"));
        assertThat(f.metadata().encryptionAlgorithm()).isTrue();
        assertThat(f.metadataLength()).isEqualTo(footer.length);
    }

    @Test
    void aLocalFileReadsTheTrailerThenExactlyTheFooter() throws IOException {
        // A metadata-only answer must read no byte it does not need: trailer, head magic, footer.
        byte[] footer = minimalFooter();
        byte[] large = file("PAR1", 1_000_000, footer, footer.length, "PAR1");
        CountingSource counting = new CountingSource(new BytesSource("large", large));
        Footer f = FooterReader.read(counting);
        assertThat(counting.reads()).isEqualTo(3);
        assertThat(counting.bytesRead()).isEqualTo(8 + 4 + footer.length);
        assertThat(f.metadataLength()).isEqualTo(footer.length);

        // a real file: the same, whatever its footer's size
        byte[] small = Files.readAllBytes(FormatFixtures.DATA.resolve("alltypes_plain.parquet"));
        counting = new CountingSource(new BytesSource("small", small));
        f = FooterReader.read(counting);
        assertThat(counting.bytesRead()).isEqualTo(8 + 4 + f.metadataLength());
    }

    @Test
    void aRemoteSourceGetsTheFooterInOneSpeculativeRead() throws IOException {
        int tail = RemoteSource.FIRST_TAIL_READ;
        byte[] small = Files.readAllBytes(FormatFixtures.DATA.resolve("alltypes_plain.parquet"));
        CountingSource counting = new CountingSource(remote(small));
        FooterReader.read(counting);
        assertThat(counting.reads()).isEqualTo(1);
        assertThat(counting.bytesRead()).isEqualTo(small.length);

        // a large file with a small footer: the tail alone; the head magic, which would cost a
        // request of its own, is not checked remotely (issue 20: the README says so)
        byte[] footer = minimalFooter();
        byte[] large = file("PAR1", 1_000_000, footer, footer.length, "PAR1");
        counting = new CountingSource(remote(large));
        FooterReader.read(counting);
        assertThat(counting.reads()).isEqualTo(1);
        assertThat(counting.bytesRead()).isEqualTo(tail);

        // a footer larger than the tail: one more read, of exactly the footer
        byte[] big = new ThriftWriter().begin().i32Field(1, 1)
                .field(2, LIST).listHeader(1, STRUCT).begin().stringField(4, "root").i32Field(5, 0).end()
                .field(4, LIST).listHeader(0, STRUCT)
                .field(5, LIST).listHeader(1, STRUCT).begin().stringField(1, "big").stringField(2, "x".repeat(100_000))
                .end().end().bytes();
        byte[] bigFile = file("PAR1", 1_000_000, big, big.length, "PAR1");
        counting = new CountingSource(remote(bigFile));
        Footer f = FooterReader.read(counting);
        assertThat(f.metadata().keyValueMetadata().get(0).value()).hasSize(100_000);
        assertThat(counting.reads()).isEqualTo(2);
        assertThat(counting.bytesRead()).isEqualTo(tail + big.length);
    }

    /**
     * Issue 20: a local file whose head is not PAR1 is refused however it is opened, also through
     * the network reader the CLI uses ({@link ReadSession}), which reads a 64 KiB tail as over a
     * network. Before the fix ReadSession told the footer reader never to check the head, so a
     * zeroed head on a file larger than its tail read was accepted ({@code pqlab footer} exited 0).
     */
    @Test
    void aZeroedHeadIsRefusedOnEveryLocalPath() throws IOException {
        byte[] footer = minimalFooter();
        byte[] large = file("\0\0\0\0", 100_000, footer, footer.length, "PAR1");
        byte[] small = file("\0\0\0\0", 100, footer, footer.length, "PAR1");
        for (byte[] f : List.of(large, small)) {
            assertThatThrownBy(() -> ReadSession.open(new BytesSource("zeroed", f), new Strategy(64 * 1024, 0, 1, true)))
                    .isInstanceOf(MalformedFileException.class)
                    .hasMessage("the file does not start with the Parquet magic PAR1")
                    .extracting(e -> offsetOf((FileException) e)).isEqualTo(0L);
            assertThatThrownBy(() -> ReadSession.open(new BytesSource("zeroed", f), new Strategy(0, 0, 1, true)))
                    .isInstanceOf(MalformedFileException.class).hasMessageContaining("does not start with");
            assertThatThrownBy(() -> read(f)).isInstanceOf(MalformedFileException.class)
                    .hasMessageContaining("does not start with");
        }
    }

    /**
     * Remotely the head is checked where the first read holds it (a file no larger than that
     * read), and only there: on a larger file it would cost a request of its own.
     */
    @Test
    void aRemoteSourceChecksTheHeadWhereItsTailReadHoldsIt() throws IOException {
        byte[] footer = minimalFooter();
        byte[] small = file("\0\0\0\0", 100, footer, footer.length, "PAR1");
        assertThatThrownBy(() -> FooterReader.read(remote(small))).isInstanceOf(MalformedFileException.class)
                .hasMessageContaining("does not start with");
        assertThatThrownBy(() -> ReadSession.open(remote(small), new Strategy(64 * 1024, 0, 1, true)))
                .isInstanceOf(MalformedFileException.class).hasMessageContaining("does not start with");
        byte[] large = file("\0\0\0\0", 100_000, footer, footer.length, "PAR1");
        CountingSource counting = new CountingSource(remote(large));
        assertThat(FooterReader.read(counting).metadataLength()).isEqualTo(footer.length);
        assertThat(counting.reads()).as("no request for the head alone").isEqualTo(1);
    }

    /** Bytes in memory that ask for a footer read the way a remote source does. */
    private static ByteSource remote(byte[] bytes) {
        BytesSource inner = new BytesSource("remote", bytes);
        return new ByteSource() {
            @Override
            public String name() {
                return inner.name();
            }

            @Override
            public long size() {
                return bytes.length;
            }

            @Override
            public void readFully(long offset, byte[] dst, int dstOffset, int length) throws IOException {
                inner.readFully(offset, dst, dstOffset, length);
            }

            @Override
            public int firstTailRead() {
                return RemoteSource.FIRST_TAIL_READ;
            }

            @Override
            public boolean remote() {
                return true;
            }
        };
    }
}
