package io.pqlab;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.format.FooterReader;
import io.pqlab.format.ThriftWriter;
import io.pqlab.io.BytesSource;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Amplification, which no length check stops: a few stored bytes that decode to far more heap. The
 * reader's caps are derived from the heap, so that such a file ends in an {@link
 * UnsupportedFeatureException} naming the cap, not in an OutOfMemoryError. Runs in the 64 MiB
 * "small-heap" JVM, where each of these files, read without the caps, exhausts the heap.
 */
@Tag("small-heap")
class HeapLimitsTest {

    /** A footer of 4 MiB of empty key-value pairs: 3 bytes each, about 60 bytes of heap each decoded. */
    @Test
    void aFooterLargerThanTheHeapAffords() {
        int pairs = 1_400_000;
        ThriftWriter w = new ThriftWriter().begin().i32Field(1, 1).field(2, ThriftWriter.LIST)
                .listHeader(1, ThriftWriter.STRUCT).begin().stringField(4, "m").i32Field(5, 0).end()
                .i64Field(3, 0).field(4, ThriftWriter.LIST).listHeader(0, ThriftWriter.STRUCT)
                .field(5, ThriftWriter.LIST).listHeader(pairs, ThriftWriter.STRUCT);
        ByteArrayOutputStream md = new ByteArrayOutputStream();
        md.writeBytes(w.bytes());
        for (int i = 0; i < pairs; i++) {
            md.write(0x18); // field 1 (key), binary
            md.write(0); // of length 0
            md.write(0); // stop
        }
        md.write(0); // FileMetaData's stop
        byte[] footer = md.toByteArray();
        ByteBuffer file = ByteBuffer.allocate(4 + footer.length + 8).order(ByteOrder.LITTLE_ENDIAN);
        file.put("PAR1".getBytes()).put(footer).putInt(footer.length).put("PAR1".getBytes());
        assertThatThrownBy(() -> FooterReader.read(new BytesSource("big-footer", file.array())))
                .isInstanceOf(UnsupportedFeatureException.class).hasMessageContaining("footer")
                .hasMessageContaining(Integer.toString(footer.length)).hasMessageContaining("-Xmx");
    }
}
