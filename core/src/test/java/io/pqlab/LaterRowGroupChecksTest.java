package io.pqlab;

import static io.pqlab.internal.format.ThriftWriter.LIST;
import static io.pqlab.internal.format.ThriftWriter.STRUCT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.internal.format.ThriftWriter;
import io.pqlab.io.BytesSource;
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
        ThriftWriter w = ParquetFileTest.twoColumns(10);
        w.field(4, LIST).listHeader(2, STRUCT);
        String[][] paths = {{a1, b1}, {a2, "b"}};
        for (int g = 0; g < 2; g++) {
            w.begin().field(1, LIST).listHeader(2, STRUCT);
            for (int c = 0; c < 2; c++) {
                long values = g == 1 && c == 0 ? a2Values : 5;
                w.begin();
                ParquetFileTest.plainChunk(paths[g][c], values).accept(w);
                w.end();
            }
            w.i64Field(2, 10).i64Field(3, 5).end();
        }
        w.end();
        return ParquetFileTest.frame(w.bytes());
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
