package io.pqlab.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.pqlab.io.BytesSource;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * A fuzzed footer on a fixture's real pages. Input: u8 fixture index (into {@link Fixtures#SMALL},
 * modulo its size), then the FileMetaData bytes. The file is the fixture up to its footer, then
 * those bytes, their length and PAR1: always well framed, so every mutation reaches the metadata
 * decoder, and offsets the fuzzer changes point into real pages, indexes and filters.
 */
class FooterFuzzTest {
    private static final List<byte[]> DATA = Fixtures.SMALL.stream().map(FooterFuzzTest::dataRegion).toList();

    @FuzzTest(maxDuration = Fuzzing.DURATION)
    @Timeout(value = Fuzzing.TIMEOUT_SECONDS, unit = TimeUnit.SECONDS)
    void footer(byte[] input) throws IOException {
        In in = new In(input);
        byte[] data = DATA.get(in.u8() % DATA.size());
        byte[] footer = in.rest();
        byte[] file = new byte[data.length + footer.length + 8];
        System.arraycopy(data, 0, file, 0, data.length);
        System.arraycopy(footer, 0, file, data.length, footer.length);
        int at = data.length + footer.length;
        file[at] = (byte) footer.length;
        file[at + 1] = (byte) (footer.length >>> 8);
        file[at + 2] = (byte) (footer.length >>> 16);
        file[at + 3] = (byte) (footer.length >>> 24);
        file[at + 4] = 'P';
        file[at + 5] = 'A';
        file[at + 6] = 'R';
        file[at + 7] = '1';
        Exercise.file(new BytesSource("fuzz", file));
    }

    /** A fixture's bytes before its footer. */
    static byte[] dataRegion(java.nio.file.Path p) {
        byte[] b = Fixtures.read(p);
        return java.util.Arrays.copyOf(b, b.length - 8 - footerLength(b));
    }

    static int footerLength(byte[] b) {
        int i = b.length - 8;
        return (b[i] & 0xFF) | (b[i + 1] & 0xFF) << 8 | (b[i + 2] & 0xFF) << 16 | (b[i + 3] & 0xFF) << 24;
    }
}
