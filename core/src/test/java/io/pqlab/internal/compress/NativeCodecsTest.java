package io.pqlab.internal.compress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.xerial.snappy.Snappy;

/**
 * Which implementation runs: the JNI codecs on the platforms their jars ship native code for
 * (this test's Linux x86_64 and aarch64), unless {@code pqlab.codecs=java} forces pure Java (the
 * pure-java-codecs test run); and the two agree on the same page.
 */
class NativeCodecsTest {

    @Test
    void thePropertyChoosesTheImplementation() {
        try (Decompressor d = new Decompressor()) {
            if ("java".equals(System.getProperty(Decompressor.CODECS_PROPERTY))) {
                for (int codec : new int[] {Decompressor.SNAPPY, Decompressor.ZSTD, Decompressor.LZ4,
                    Decompressor.LZ4_RAW}) {
                    assertThat(d.isNative(codec)).as(Decompressor.codecName(codec)).isFalse();
                    assertThat(d.implementation(codec)).isEqualTo("aircompressor (pure Java)");
                }
            } else {
                assumeThat(System.getProperty("os.name")).isEqualTo("Linux");
                assumeThat(System.getProperty("os.arch")).isIn("amd64", "aarch64");
                assertThat(d.implementation(Decompressor.SNAPPY)).isEqualTo("snappy-java (JNI)");
                assertThat(d.implementation(Decompressor.ZSTD)).isEqualTo("zstd-jni (JNI)");
                assertThat(d.implementation(Decompressor.LZ4_RAW)).isEqualTo("lz4-java (JNI)");
            }
        }
        try (Decompressor pure = new Decompressor(1 << 20, true)) {
            assertThat(pure.isNative(Decompressor.SNAPPY)).isFalse();
        }
    }

    @Test
    void nativeAndPureJavaGiveTheSameBytes() throws Exception {
        byte[] page = DecompressorTest.data(0, 200_000, 7);
        byte[] snappy = Snappy.compress(page);
        try (Decompressor n = new Decompressor(1 << 20, false); Decompressor j = new Decompressor(1 << 20, true)) {
            assertThat(n.decompress(Decompressor.SNAPPY, snappy, 0, snappy.length, page.length, 0)).isEqualTo(page);
            assertThat(j.decompress(Decompressor.SNAPPY, snappy, 0, snappy.length, page.length, 0)).isEqualTo(page);
        }
    }

    @Test
    void aSnappyPreambleThatDisagreesWithTheHeaderIsRefusedBeforeDecompressing() throws Exception {
        byte[] page = new byte[1000];
        new Random(3).nextBytes(page);
        byte[] c = Snappy.compress(page);
        try (Decompressor n = new Decompressor(1 << 20, false)) {
            byte[] dst = new byte[999];
            // the header says 999: the library would write 1000 bytes into a 999-byte buffer
            org.assertj.core.api.Assertions.assertThatThrownBy(
                    () -> n.decompress(Decompressor.SNAPPY, c, 0, c.length, dst, 0, 999, 50))
                    .isInstanceOf(io.pqlab.MalformedFileException.class).hasMessageContaining("declares 1000");
        }
    }
}
