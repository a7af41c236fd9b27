package io.pqlab;

import static io.pqlab.internal.format.ThriftWriter.BINARY;
import static io.pqlab.internal.format.ThriftWriter.I32;
import static io.pqlab.internal.format.ThriftWriter.LIST;
import static io.pqlab.internal.format.ThriftWriter.STRUCT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.internal.format.ThriftWriter;
import io.pqlab.io.BytesSource;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * Opening checks every row group's chunks, not only the first's: ParquetFile.open compares a
 * chunk's path_in_schema with its column's only where the decoder handed it a new list (the bytes
 * differ from the previous group's), so a later group that disagrees must still be refused.
 */
class LaterRowGroupChecksTest {

    /** Two flat columns a, b; two row groups of 5 rows whose chunks have these paths and value counts. */
    private static byte[] file(String a1, String b1, String a2, long a2Values) {
        ThriftWriter w = new ThriftWriter().begin().i32Field(1, 1);
        w.field(2, LIST).listHeader(3, STRUCT)
                .begin().stringField(4, "root").i32Field(5, 2).end()
                .begin().i32Field(1, 1).i32Field(3, 0).stringField(4, "a").end()
                .begin().i32Field(1, 1).i32Field(3, 1).stringField(4, "b").end();
        w.i64Field(3, 10);
        w.field(4, LIST).listHeader(2, STRUCT);
        String[][] paths = {{a1, b1}, {a2, "b"}};
        for (int g = 0; g < 2; g++) {
            w.begin().field(1, LIST).listHeader(2, STRUCT);
            for (int c = 0; c < 2; c++) {
                long values = g == 1 && c == 0 ? a2Values : 5;
                w.begin().i64Field(2, 0).field(3, STRUCT).begin().i32Field(1, 1)
                        .field(2, LIST).listHeader(1, I32).i32(0)
                        .field(3, LIST).listHeader(1, BINARY).string(paths[g][c])
                        .i32Field(4, 0).i64Field(5, values).i64Field(6, 10).i64Field(7, 10).i64Field(9, 4).end()
                        .end();
            }
            w.i64Field(2, 10).i64Field(3, 5).end();
        }
        w.end();
        byte[] footer = w.bytes();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {'P', 'A', 'R', '1'});
        out.writeBytes(new byte[100]);
        out.writeBytes(footer);
        for (int i = 0; i < 4; i++) {
            out.write(footer.length >>> (8 * i));
        }
        out.writeBytes(new byte[] {'P', 'A', 'R', '1'});
        return out.toByteArray();
    }

    private static ParquetFile open(byte[] file) throws IOException {
        return ParquetFile.open(new BytesSource("synthetic", file));
    }

    @Test
    void aLaterGroupsPathAndCountAreChecked() throws IOException {
        try (ParquetFile pf = open(file("a", "b", "a", 5))) { // the second group's paths repeat the first's
            assertThat(pf.rowGroupCount()).isEqualTo(2);
        }
        assertThatThrownBy(() -> open(file("a", "b", "b", 5))).isInstanceOf(MalformedFileException.class)
                .hasMessageContaining("row group 1 column 0 has path_in_schema b");
        // the first group wrong, the second right: the first is named
        assertThatThrownBy(() -> open(file("b", "b", "a", 5))).isInstanceOf(MalformedFileException.class)
                .hasMessageContaining("row group 0 column 0 has path_in_schema b");
        assertThatThrownBy(() -> open(file("a", "b", "a", 4))).isInstanceOf(MalformedFileException.class)
                .hasMessageContaining("row group 1 has 5 rows but its column a has 4");
    }
}
