package io.pqlab.internal.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.internal.encoding.Encodings.Type;
import org.junit.jupiter.api.Test;

/**
 * A PLAIN BOOLEAN decoder reused across a chunk's pages: a page whose entries are all null (no
 * value bytes) after one with values must not carry the last page's bit position over. Found by
 * the dataset sweep against DuckDB: parquet-java's pages of an optional boolean column, one of
 * them all null, failed with "PLAIN booleans: need 1 bytes, 0 present".
 */
class PlainBooleansAfterAnEmptyPageTest {
    @Test
    void anEmptyPageAfterOneWithValuesReadsNothingAndTheNextReadsFromItsStart() {
        PlainDecoder d = new PlainDecoder(Type.BOOLEAN, -1);
        boolean[] out = new boolean[8];
        d.init(new byte[] {0b101}, 0, 1, 3, 0);
        d.readBooleans(out, 0, 3);
        assertThat(out).startsWith(true, false, true);
        d.init(new byte[0], 0, 0, 0, 100);
        d.readBooleans(out, 0, 0);
        assertThat(d.position()).isZero();
        d.init(new byte[] {0b10}, 0, 1, 2, 200);
        d.readBooleans(out, 0, 2);
        assertThat(out).startsWith(false, true);
    }
}
