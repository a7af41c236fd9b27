package io.pqlab;

import static io.pqlab.internal.format.ThriftWriter.BINARY;
import static io.pqlab.internal.format.ThriftWriter.I32;
import static io.pqlab.internal.format.ThriftWriter.LIST;
import static io.pqlab.internal.format.ThriftWriter.STRUCT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.internal.format.FormatFixtures;
import io.pqlab.internal.format.MetadataDecoder;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.internal.column.ChunkPages;
import io.pqlab.internal.format.ThriftWriter;
import io.pqlab.io.BytesSource;
import io.pqlab.internal.io.CountingSource;
import io.pqlab.internal.pages.PageInfo;
import io.pqlab.schema.NoSuchColumnException;
import io.pqlab.schema.Schema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class ParquetFileTest {

    /**
     * PAR1 | 100 filler bytes | footer | length | PAR1, the footer having one row group of 5 rows
     * and two flat columns a, b whose chunks the consumer writes (inside ColumnChunk structs).
     */
    private static byte[] synthetic(Consumer<ThriftWriter> chunkA, Consumer<ThriftWriter> chunkB) {
        ThriftWriter w = twoColumns(5);
        w.field(4, LIST).listHeader(1, STRUCT).begin().field(1, LIST).listHeader(2, STRUCT);
        w.begin();
        chunkA.accept(w);
        w.end();
        w.begin();
        chunkB.accept(w);
        w.end();
        w.i64Field(2, 10).i64Field(3, 5).end();
        w.end();
        return frame(w.bytes());
    }

    /** A FileMetaData begun with two flat INT32 columns a, b and {@code rows} rows; row groups follow. */
    static ThriftWriter twoColumns(long rows) {
        ThriftWriter w = new ThriftWriter().begin().i32Field(1, 1);
        w.field(2, LIST).listHeader(3, STRUCT)
                .begin().stringField(4, "root").i32Field(5, 2).end()
                .begin().i32Field(1, 1).i32Field(3, 0).stringField(4, "a").end()
                .begin().i32Field(1, 1).i32Field(3, 1).stringField(4, "b").end();
        return w.i64Field(3, rows);
    }

    /** PAR1 | 100 filler bytes | footer | length | PAR1. */
    static byte[] frame(byte[] footer) {
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

    /** A ColumnMetaData with the given path and value count, pointing into the filler. */
    static Consumer<ThriftWriter> plainChunk(String name, long values) {
        return w -> w.i64Field(2, 0).field(3, STRUCT).begin().i32Field(1, 1)
                .field(2, LIST).listHeader(1, I32).i32(0)
                .field(3, LIST).listHeader(1, BINARY).string(name)
                .i32Field(4, 0).i64Field(5, values).i64Field(6, 10).i64Field(7, 10).i64Field(9, 4).end();
    }

    private static ParquetFile open(byte[] file) throws IOException {
        return ParquetFile.open(new BytesSource("synthetic", file));
    }

    @Test
    void theEntryPointOnAFixture() throws IOException {
        Path path = FormatFixtures.DATA.resolve("alltypes_plain.parquet");
        try (ParquetFile pf = ParquetFile.open(path)) {
            assertThat(pf.source().name()).isEqualTo(path.toString());
            assertThat(ParquetFiles.metadata(pf).numRows()).isEqualTo(8);
            assertThat(pf.rowGroupCount()).isEqualTo(1);
            assertThat(pf.schema().column("id").index()).isZero();
            assertThat(ParquetFiles.chunk(pf, 0, 0).metaData().numValues()).isEqualTo(8);
            List<PageInfo> pages = ChunkPages.pages(pf, 0, 0);
            assertThat(pages).isNotEmpty();
            assertThat(pages.get(pages.size() - 1).end())
                    .isEqualTo(ParquetFiles.chunk(pf, 0, 0).metaData().chunkStart() + ParquetFiles.chunk(pf, 0, 0).metaData().totalCompressedSize());
            assertThatThrownBy(() -> ParquetFiles.rowGroup(pf, 1)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("row group 1 does not exist");
            assertThatThrownBy(() -> ParquetFiles.chunk(pf, 0, 99)).isInstanceOf(NoSuchColumnException.class);
        }
    }

    @Test
    void openingReadsOnlyTheTail() throws IOException {
        byte[] bytes = Files.readAllBytes(FormatFixtures.DATA.resolve("alltypes_tiny_pages.parquet"));
        CountingSource counting = new CountingSource(new BytesSource("tiny", bytes));
        try (ParquetFile pf = ParquetFile.open(counting)) {
            assertThat(pf.schema().columnCount()).isPositive();
            assertThat(counting.reads()).isLessThanOrEqualTo(3); // tail, head magic, footer if larger
            assertThat(counting.bytesRead()).isLessThan(bytes.length / 2);
        }
    }

    @Test
    void projectionByName() throws IOException {
        byte[] bytes = Files.readAllBytes(FormatFixtures.DATA.resolve("alltypes_plain.parquet"));
        try (ParquetFile pf = io.pqlab.internal.format.ParquetFiles.open(new BytesSource("p", bytes),
                MetadataDecoder.Options.columns(Schema.selector(List.of("bool_col", "STRING_COL"))))) {
            assertThat(ParquetFiles.chunk(pf, 0, 1).metaData()).isNotNull();
            assertThat(ParquetFiles.chunk(pf, 0, pf.schema().column("string_col").index()).metaData()).isNotNull();
            assertThat(ParquetFiles.rowGroup(pf, 0).columns().get(0)).isNull();
            assertThatThrownBy(() -> ParquetFiles.chunk(pf, 0, 0)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("\"id\" was not decoded");
        }
        assertThatThrownBy(() -> io.pqlab.internal.format.ParquetFiles.open(new BytesSource("p", bytes),
                MetadataDecoder.Options.columns(Schema.selector(List.of("bool_column")))))
                .isInstanceOf(NoSuchColumnException.class).hasMessageContaining("did you mean \"bool_col\"?");
    }

    @Test
    void encryptedColumnsAreRefusedClearly() throws IOException {
        // b: column key, metadata encrypted (absent); a: footer key, metadata present, pages encrypted
        byte[] file = synthetic(
                w -> {
                    plainChunk("a", 5).accept(w);
                    w.field(8, STRUCT).begin().emptyStructField(1).end();
                },
                w -> w.i64Field(2, 0).field(8, STRUCT).begin().field(2, STRUCT).begin()
                        .field(1, LIST).listHeader(1, BINARY).string("b").end().end()
                        .binaryField(9, new byte[] {1, 2, 3}));
        try (ParquetFile pf = open(file)) {
            assertThat(ParquetFiles.chunk(pf, 0, 0).encrypted()).isTrue();
            // opened without keys (and without the footer's encryption_algorithm): no decryptor
            assertThatThrownBy(() -> ChunkPages.pages(pf, 0, 0)).isInstanceOf(io.pqlab.DecryptionException.class)
                    .hasMessageContaining("\"a\" in row group 0 is encrypted and its pages cannot be read: it is "
                            + "encrypted with the footer key, which was not given (--footer-key)");
            assertThatThrownBy(() -> ParquetFiles.chunk(pf, 0, 1)).isInstanceOf(io.pqlab.DecryptionException.class)
                    .hasMessageContaining("\"b\" in row group 0 is encrypted and its metadata cannot be read: it is "
                            + "encrypted with its own key, which was not given (--column-key b=KEY)");
        }
    }

    @Test
    void aChunkInAnotherFileIsNotFollowed() throws IOException {
        byte[] file = synthetic(w -> {
            w.stringField(1, "other.parquet");
            plainChunk("a", 5).accept(w);
        }, plainChunk("b", 5));
        try (ParquetFile pf = open(file)) {
            assertThatThrownBy(() -> ChunkPages.pages(pf, 0, 0)).isInstanceOf(UnsupportedFeatureException.class)
                    .hasMessageContaining("other.parquet");
        }
    }

    @Test
    void rowGroupsMustMatchTheSchema() {
        // a flat column with fewer values than the row group has rows
        assertThatThrownBy(() -> open(synthetic(plainChunk("a", 5), plainChunk("b", 4))))
                .isInstanceOf(MalformedFileException.class).hasMessageContaining("has 5 rows but its column b has 4");
        // a chunk whose path is another column's
        assertThatThrownBy(() -> open(synthetic(plainChunk("b", 5), plainChunk("b", 5))))
                .isInstanceOf(MalformedFileException.class).hasMessageContaining("path_in_schema b");
        // a chunk without metadata and not encrypted
        assertThatThrownBy(() -> {
            try (ParquetFile pf = open(synthetic(plainChunk("a", 5), w -> w.i64Field(2, 0)))) {
                ParquetFiles.chunk(pf, 0, 1);
            }
        }).isInstanceOf(MalformedFileException.class).hasMessageContaining("has no metadata");
    }

    @Test
    void chunksOutsideTheDataRegionAreMalformed() throws IOException {
        // (a complete ColumnMetaData: one missing a required field is refused on opening, issue 20)
        byte[] file = synthetic(plainChunk("a", 5), w -> w.i64Field(2, 0).field(3, STRUCT).begin().i32Field(1, 1)
                .field(2, LIST).listHeader(1, I32).i32(0)
                .field(3, LIST).listHeader(1, BINARY).string("b").i32Field(4, 0)
                .i64Field(5, 5).i64Field(6, 1_000_000).i64Field(7, 1_000_000).i64Field(9, 50).end());
        try (ParquetFile pf = open(file)) {
            assertThatThrownBy(() -> ChunkPages.pages(pf, 0, 1)).isInstanceOf(MalformedFileException.class)
                    .hasMessageContaining("lies outside the file's data region")
                    .extracting(e -> ((MalformedFileException) e).offset()).isEqualTo(50L);
        }
    }
}
