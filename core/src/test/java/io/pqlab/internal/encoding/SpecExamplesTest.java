package io.pqlab.internal.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.internal.encoding.Encodings.Encoding;
import io.pqlab.internal.encoding.Encodings.Type;
import io.pqlab.oracle.Encoders;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The worked examples of Encodings.md, byte for byte. */
class SpecExamplesTest {
    private static byte[] bits(String... bytes) {
        byte[] b = new byte[bytes.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(bytes[i], 2);
        }
        return b;
    }

    @Test
    void rleHybridBitPackedExample() {
        // header (1 group of 8 values, bit-packed) = (1 << 1) | 1, then "10001000 11000110 11111010"
        byte[] runs = new byte[4];
        runs[0] = 3;
        System.arraycopy(bits("10001000", "11000110", "11111010"), 0, runs, 1, 3);
        int[] out = new int[8];
        new RleBitPackedDecoder().init(runs, 0, runs.length, 3, 0).readInts(out, 0, 8);
        assertThat(out).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
    }

    @Test
    void rleRunWithMultiByteValue() {
        // 300 copies of 0x1234 at width 13: header 300 << 1 as ULEB128, value in 2 LE bytes
        byte[] runs = {(byte) 0xD8, 0x04, 0x34, 0x12};
        int[] out = new int[300];
        new RleBitPackedDecoder().init(runs, 0, runs.length, 13, 0).readInts(out, 0, 300);
        assertThat(out).containsOnly(0x1234);
    }

    @Test
    void deprecatedBitPackedExample() {
        int[] out = new int[8];
        int used = BitPackedLevels.decode(bits("00000101", "00111001", "01110111"), 0, 3, 3, 8, out, 0, 0);
        assertThat(used).isEqualTo(3);
        assertThat(out).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
    }

    @Test
    void deprecatedBitPackedWideValues() {
        // 2 values of 20 bits, MSB first: 0xABCDE, 0x12345 -> AB CD E1 23 45
        byte[] b = {(byte) 0xAB, (byte) 0xCD, (byte) 0xE1, 0x23, 0x45};
        int[] out = new int[2];
        assertThat(BitPackedLevels.decode(b, 0, 5, 20, 2, out, 0, 0)).isEqualTo(5);
        assertThat(out).containsExactly(0xABCDE, 0x12345);
    }

    @Test
    void deltaExample2WithBlockOf128() {
        // 7, 5, 3, 1, 2, 3, 4, 5: deltas -2 -2 -2 1 1 1 1, min -2, relative 0 0 0 3 3 3 3 at width 2
        // header: block 128, 4 miniblocks of 32, 8 values, first 7 (zigzag 14); block: min -2 (zigzag 3),
        // widths 2 and three unused ones holding arbitrary bytes (readers must accept them), then
        // 32 values * 2 bits = 8 bytes: 0,0,0,3 -> 0b11000000, 3,3,3,pad -> 0b00111111
        byte[] enc = {(byte) 0x80, 0x01, 0x04, 0x08, 0x0E, 0x03, 0x02, (byte) 0xFF, 0x77, 0x41, (byte) 0xC0, 0x3F, 0, 0,
            0, 0, 0, 0};
        DeltaBinaryPackedDecoder d = new DeltaBinaryPackedDecoder();
        d.init(enc, 0, enc.length, 8, 0);
        int[] out = new int[8];
        d.readInts(out, 0, 8);
        assertThat(out).containsExactly(7, 5, 3, 1, 2, 3, 4, 5);
        assertThat(d.position()).isEqualTo(enc.length);
    }

    @Test
    void deltaByteArrayExample() {
        // "axis", "axle", "babble", "babyhood": prefixes 0 2 0 3, suffixes "axis" "le" "babble" "yhood"
        byte[][] values = {"axis".getBytes(), "axle".getBytes(), "babble".getBytes(), "babyhood".getBytes()};
        byte[] enc = Encoders.deltaByteArray(values);
        ValuesDecoder d = Encodings.decoder(Encoding.DELTA_BYTE_ARRAY, Type.BYTE_ARRAY, 0, null, 0);
        d.init(enc, 0, enc.length, 4, 0);
        Binaries out = new Binaries();
        d.readBinaries(out, 4);
        assertThat(out.string(3)).isEqualTo("babyhood");
        for (int i = 0; i < 4; i++) {
            assertThat(out.get(i)).isEqualTo(values[i]);
        }
        // the suffix bytes are stored once, after both length streams
        assertThat(new String(enc, StandardCharsets.ISO_8859_1)).endsWith("axislebabbleyhood");
    }

    @Test
    void byteStreamSplitExample() {
        byte[] enc = {(byte) 0xAA, 0x00, (byte) 0xA3, (byte) 0xBB, 0x11, (byte) 0xB4, (byte) 0xCC, 0x22, (byte) 0xC5,
            (byte) 0xDD, 0x33, (byte) 0xD6};
        ValuesDecoder d = new ByteStreamSplitDecoder(4);
        d.init(enc, 0, enc.length, 3, 0);
        int[] out = new int[3];
        d.readInts(out, 0, 3);
        assertThat(out).containsExactly(0xDDCCBBAA, 0x33221100, 0xD6C5B4A3);
    }
}
