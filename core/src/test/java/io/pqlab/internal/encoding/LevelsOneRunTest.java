package io.pqlab.internal.encoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.MalformedFileException;
import org.junit.jupiter.api.Test;

/**
 * {@link RleBitPackedDecoder#skipIfOneRun}: the definition levels of a page without nulls are
 * skipped only where one RLE run of the maximum covers every entry asked; anything else (a shorter
 * run, another value, a bit-packed run) is decoded as before, from where the check left it.
 */
class LevelsOneRunTest {
    private static RleBitPackedDecoder d(int... bytes) {
        byte[] b = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            b[i] = (byte) bytes[i];
        }
        return new RleBitPackedDecoder().init(b, 0, b.length, 1, 100);
    }

    private static int[] read(RleBitPackedDecoder d, int n) {
        int[] v = new int[n];
        d.readInts(v, 0, n);
        return v;
    }

    @Test
    void oneRunOfTheValueCoveringEveryEntryIsSkipped() {
        assertThat(d(5 << 1, 1).skipIfOneRun(1, 5)).isTrue();
        RleBitPackedDecoder d = d(5 << 1, 1);
        assertThat(d.skipIfOneRun(1, 3)).isTrue();
        assertThat(read(d, 2)).containsExactly(1, 1); // what is left of the run
    }

    @Test
    void anythingElseIsDecodedFromWhereTheCheckLeftIt() {
        // four 1s then a null (0): the run is one entry short
        RleBitPackedDecoder d = d(4 << 1, 1, 1 << 1, 0);
        assertThat(d.skipIfOneRun(1, 5)).isFalse();
        assertThat(read(d, 5)).containsExactly(1, 1, 1, 1, 0);
        // a run of another value
        d = d(5 << 1, 0);
        assertThat(d.skipIfOneRun(1, 5)).isFalse();
        assertThat(read(d, 5)).containsExactly(0, 0, 0, 0, 0);
        // a bit-packed group of eight 1s: not a run, decoded
        d = d((1 << 1) | 1, 0xFF);
        assertThat(d.skipIfOneRun(1, 8)).isFalse();
        assertThat(read(d, 8)).containsExactly(1, 1, 1, 1, 1, 1, 1, 1);
        assertThat(d(5 << 1, 1).skipIfOneRun(1, 0)).isFalse();
    }

    @Test
    void missingLevelsFailAsAReadWould() {
        assertThatThrownBy(() -> d().skipIfOneRun(1, 3)).isInstanceOf(MalformedFileException.class)
                .hasMessageContaining("3 value(s) still expected");
    }
}
