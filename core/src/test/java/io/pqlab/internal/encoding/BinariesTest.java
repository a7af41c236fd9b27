package io.pqlab.internal.encoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class BinariesTest {
    @Test
    void appendGetViewCompare() {
        Binaries b = new Binaries(0, 0);
        b.append("".getBytes(), 0, 0);
        b.append("abc".getBytes(), 0, 3);
        byte[] hi = {(byte) 0xC3, (byte) 0xA9}; // "é": above every ASCII byte when unsigned
        b.append(hi, 0, 2);
        b.append(b, 1); // self-append survives growth
        assertThat(b.size()).isEqualTo(4);
        assertThat(b.byteSize()).isEqualTo(8);
        assertThat(b.get(0)).isEmpty();
        assertThat(b.string(2)).isEqualTo("é");
        assertThat(b.get(3)).isEqualTo("abc".getBytes());
        assertThat(b.length(1)).isEqualTo(3);
        assertThat(b.offset(4)).isEqualTo(8);
        assertThat(StandardCharsets.UTF_8.decode(b.view(1)).toString()).isEqualTo("abc");
        assertThat(b.view(1).isReadOnly()).isTrue();
        assertThat(b.compare(2, "z".getBytes())).isPositive(); // unsigned, as strings sort
        assertThat(b.compare(0, "a".getBytes())).isNegative();
        assertThat(b.compare(1, b, 3)).isZero();
        assertThat(b.equals(1, "xabcx".getBytes(), 1, 3)).isTrue();
        assertThatThrownBy(() -> b.get(4)).isInstanceOf(IndexOutOfBoundsException.class);
        b.clear();
        assertThat(b.size()).isZero();
        assertThat(b.byteSize()).isZero();
    }

    @Property(tries = 200)
    void compareAgreesWithUnsignedArrayOrder(@ForAll byte[] x, @ForAll byte[] y, @ForAll long seed) {
        Binaries b = Binaries.of(x, y);
        assertThat(Integer.signum(b.compare(0, b, 1))).isEqualTo(Integer.signum(Arrays.compareUnsigned(x, y)));
        assertThat(b.equals(0, y)).isEqualTo(Arrays.equals(x, y));
        Random r = new Random(seed);
        assertThat(b.get(r.nextInt(2))).isIn(x, y);
    }
}
