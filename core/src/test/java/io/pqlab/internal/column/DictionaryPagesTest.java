package io.pqlab.internal.column;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.io.BytesSource;
import io.pqlab.internal.io.CountingSource;
import io.pqlab.oracle.ParquetJava;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.Page;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * DictionaryPages.read gives each chunk's dictionary entries as parquet-java decodes them, in
 * PLAIN form, fetching only the dictionary page; a chunk without one gives null.
 */
class DictionaryPagesTest {
    private static int dictionaries;
    private static int withoutOffset;

    @ParameterizedTest
    @MethodSource("io.pqlab.internal.column.Chunks#judgeable")
    void dictionariesEqualParquetJavasAndFetchOnlyTheirPage(Path path) throws Exception {
        ParquetMetadata footer = ParquetJava.footer(path);
        CountingSource counting = new CountingSource(new BytesSource(path.toString(), Files.readAllBytes(path)));
        try (ParquetFile f = ParquetFile.open(counting)) {
            for (int g = 0; g < f.rowGroupCount(); g++) {
                for (int c = 0; c < f.schema().columnCount(); c++) {
                    String where = path.getFileName() + " rg " + g + " " + f.schema().column(c).dottedPath();
                    List<Page> pages = ParquetJava.pages(path, g, c);
                    DictionaryPage judge = pages.isEmpty() || !(pages.get(0) instanceof DictionaryPage d) ? null : d;
                    counting.reset();
                    DictionaryPages.Result mine = DictionaryPages.read(f, g, c);
                    if (judge == null) {
                        assertThat(mine).as(where).isNull();
                        continue;
                    }
                    assertThat(mine).as(where).isNotNull();
                    dictionaries++;
                    ColumnChunkMetaData meta = footer.getBlocks().get(g).getColumns().get(c);
                    if (meta.hasDictionaryPage() && meta.getDictionaryPageOffset() > 0) {
                        long size = meta.getFirstDataPageOffset() - meta.getDictionaryPageOffset();
                        assertThat(counting.bytesRead()).as(where + " bytes").isEqualTo(size);
                        assertThat(counting.reads()).as(where + " reads").isEqualTo(1);
                        assertThat(mine.bytesFetched()).isEqualTo(size);
                        assertThat(mine.pageOffset()).isEqualTo(meta.getDictionaryPageOffset());
                    } else {
                        withoutOffset++; // found by reading the first page's header
                    }
                    ColumnDescriptor col = footer.getFileMetaData().getSchema().getColumns().get(c);
                    Dictionary d = judge.getEncoding().initDictionary(col, judge);
                    assertThat(mine.values()).as(where).hasSize(d.getMaxId() + 1);
                    for (int i = 0; i <= d.getMaxId(); i++) {
                        assertThat(mine.values().get(i)).as(where + " entry " + i).isEqualTo(plain(d, i, col));
                    }
                }
            }
        }
    }

    private static byte[] plain(Dictionary d, int i, ColumnDescriptor col) {
        ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
        return switch (col.getPrimitiveType().getPrimitiveTypeName()) {
            case INT32 -> java.util.Arrays.copyOf(b.putInt(d.decodeToInt(i)).array(), 4);
            case INT64 -> b.putLong(d.decodeToLong(i)).array();
            case FLOAT -> java.util.Arrays.copyOf(b.putFloat(d.decodeToFloat(i)).array(), 4);
            case DOUBLE -> b.putDouble(d.decodeToDouble(i)).array();
            case BOOLEAN -> new byte[] {(byte) (d.decodeToBoolean(i) ? 1 : 0)};
            default -> d.decodeToBinary(i).getBytes();
        };
    }

    @AfterAll
    static void dictionariesWereFound() {
        assertThat(dictionaries).isGreaterThan(20);
        System.out.println("DictionaryPagesTest: " + dictionaries + " dictionaries, " + withoutOffset
                + " without a dictionary_page_offset");
    }
}
