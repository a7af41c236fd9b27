package io.pqlab.internal.column;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.MalformedFileException;
import io.pqlab.internal.assembly.RowPages;
import io.pqlab.ParquetFile;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.oracle.ParquetJava;
import io.pqlab.internal.pageindex.OffsetIndex;
import io.pqlab.internal.pageindex.PageIndexReader;
import io.pqlab.scan.RowBatch;
import io.pqlab.internal.plan.BoundQuery;
import io.pqlab.internal.plan.Scans;
import io.pqlab.scan.Scan;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xerial.snappy.Snappy;

/**
 * Pages written byte by byte with parquet-java's low-level file writer, for what the fixtures do
 * not hold: a page that starts inside a row (allowed for v1 pages, but not for pages an OffsetIndex
 * lists), BIT_PACKED levels, and v2 pages whose values are stored uncompressed in a compressed
 * chunk. parquet-java reads each file as the judge.
 */
class CraftedPagesTest {
    @TempDir
    Path dir;

    /** One data page: levels, INT32 values for the defined entries, and the rows starting in it. */
    record Page(int[] rep, int[] def, int[] values, int rows, boolean v2, Encoding levels, boolean compress,
            boolean v2ValuesCompressed) {
        static Page v1(int[] rep, int[] def, int[] values, int rows) {
            return new Page(rep, def, values, rows, false, Encoding.RLE, false, false);
        }
    }

    private Path write(String name, String schema, CompressionCodecName codec, List<Page> pages) throws Exception {
        MessageType type = MessageTypeParser.parseMessageType(schema);
        ColumnDescriptor col = type.getColumns().get(0);
        Path file = dir.resolve(name);
        ParquetFileWriter w = ParquetJava.startedFileWriter(file, type);
        long rows = pages.stream().mapToLong(Page::rows).sum();
        w.startBlock(rows);
        w.startColumn(col, pages.stream().mapToLong(p -> p.rep.length).sum(), codec);
        int wRep = bits(col.getMaxRepetitionLevel());
        int wDef = bits(col.getMaxDefinitionLevel());
        for (Page p : pages) {
            byte[] values = plain(p.values);
            if (!p.v2) {
                ByteArrayOutputStream body = new ByteArrayOutputStream();
                if (wRep > 0) {
                    body.write(levels(p.rep, wRep, p.levels));
                }
                if (wDef > 0) {
                    body.write(levels(p.def, wDef, p.levels));
                }
                body.write(values);
                byte[] raw = body.toByteArray();
                byte[] stored = p.compress ? Snappy.compress(raw) : raw;
                w.writeDataPage(p.rep.length, raw.length, BytesInput.from(stored),
                        Statistics.createStats(col.getPrimitiveType()), p.rows,
                        wRep > 0 ? p.levels : Encoding.BIT_PACKED, wDef > 0 ? p.levels : Encoding.BIT_PACKED,
                        Encoding.PLAIN);
            } else {
                byte[] rep = wRep > 0 ? rle(p.rep, wRep) : new byte[0];
                byte[] def = wDef > 0 ? rle(p.def, wDef) : new byte[0];
                byte[] stored = p.v2ValuesCompressed ? Snappy.compress(values) : values;
                int nulls = 0;
                for (int d : p.def) {
                    nulls += d < col.getMaxDefinitionLevel() ? 1 : 0;
                }
                w.writeDataPageV2(p.rows, nulls, p.rep.length, BytesInput.from(rep), BytesInput.from(def),
                        Encoding.PLAIN, BytesInput.from(stored), p.v2ValuesCompressed,
                        values.length, Statistics.createStats(col.getPrimitiveType()));
            }
        }
        w.endColumn();
        w.endBlock();
        w.end(new HashMap<>());
        return file;
    }

    private static int bits(int max) {
        return 32 - Integer.numberOfLeadingZeros(max);
    }

    private static byte[] plain(int[] values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : values) {
            b.putInt(v);
        }
        return b.array();
    }

    private static byte[] levels(int[] levels, int width, Encoding e) throws Exception {
        if (e == Encoding.BIT_PACKED) {
            // deprecated BIT_PACKED: most significant bit first, no length prefix
            byte[] out = new byte[(levels.length * width + 7) / 8];
            int bit = 0;
            for (int v : levels) {
                for (int k = width - 1; k >= 0; k--, bit++) {
                    if (((v >>> k) & 1) != 0) {
                        out[bit / 8] |= (byte) (0x80 >>> (bit % 8));
                    }
                }
            }
            return out;
        }
        byte[] runs = rle(levels, width);
        return ByteBuffer.allocate(4 + runs.length).order(ByteOrder.LITTLE_ENDIAN).putInt(runs.length).put(runs)
                .array();
    }

    /** The RLE hybrid as one run of length 1 per value: plain, and valid. */
    private static byte[] rle(int[] levels, int width) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int v : levels) {
            out.write(2); // header: run of 1, RLE
            for (int k = 0; k < (width + 7) / 8; k++) {
                out.write(v >>> (8 * k));
            }
        }
        return out.toByteArray();
    }

    private static void sameAsOracle(Path file) throws Exception {
        try (ParquetFile f = ParquetFile.open(file)) {
            assertThat(Chunks.triples(Chunks.decodeAll(f, 0, 0))).isEqualTo(ParquetJava.triples(file, 0, 0));
        }
    }

    @Test
    void aPageStartingInsideARowDecodesInAWalkButIsRefusedThroughTheOffsetIndex() throws Exception {
        // rows [1, 2, 3], [4, 5], [6]; the second page starts with 3, inside row 0
        Path file = write("midrow.parquet", "message m { repeated int32 x; }", CompressionCodecName.UNCOMPRESSED,
                List.of(Page.v1(new int[] {0, 1}, new int[] {1, 1}, new int[] {1, 2}, 1),
                        Page.v1(new int[] {1, 0, 1, 0}, new int[] {1, 1, 1, 1}, new int[] {3, 4, 5, 6}, 2)));
        sameAsOracle(file);
        try (ParquetFile f = ParquetFile.open(file)) {
            List<ColumnBatch> pages = Chunks.decodeAll(f, 0, 0);
            assertThat(pages).hasSize(2);
            assertThat(pages.get(1).continuesRow()).isTrue();
            assertThat(pages.get(1).firstRow()).isEqualTo(1);
            assertThat(pages.get(1).rowCount()).isEqualTo(2);
            assertThat(pages.get(1).rowStart(0)).isEqualTo(1);

            OffsetIndex oi = PageIndexReader.offsetIndex(f.source(), ParquetFiles.chunk(f, 0, 0));
            assertThat(oi).isNotNull();
            assertThat(oi.problem(ParquetFiles.chunk(f, 0, 0), 3)).isNull();
            try (ColumnChunkReader r = ColumnChunkReader.openPages(f, 0, 0, oi, new int[] {0})) {
                assertThat(r.next().rowCount()).isEqualTo(1);
            }
            try (ColumnChunkReader r = ColumnChunkReader.openPages(f, 0, 0, oi, new int[] {1})) {
                assertThatThrownBy(r::next).isInstanceOf(MalformedFileException.class)
                        .hasMessageContaining("starts inside a row").hasMessageContaining("sequentially")
                        .extracting(e -> ((MalformedFileException) e).offset()).isEqualTo(oi.page(1).offset());
            }
        }
    }

    @Test
    void bitPackedLevels() throws Exception {
        // optional group a { repeated int32 v }: rows null, [], [7, 8], [9]
        Path file = write("bitpacked.parquet", "message m { optional group a { repeated int32 v; } }",
                CompressionCodecName.UNCOMPRESSED,
                List.of(new Page(new int[] {0, 0, 0, 1}, new int[] {0, 1, 2, 2}, new int[] {7, 8}, 3, false,
                                Encoding.BIT_PACKED, false, false),
                        new Page(new int[] {0}, new int[] {2}, new int[] {9}, 1, false, Encoding.BIT_PACKED, false,
                                false)));
        sameAsOracle(file);
    }

    @Test
    void aLevelAboveTheMaximumThatItsBitsCanHoldIsRefused() throws Exception {
        // maximum definition level 2 in 2 bits: a 3 fits the bits but no writer meant it (the
        // check is skipped only for maxima of 2^w - 1, where every w-bit value is allowed)
        for (Encoding e : List.of(Encoding.RLE, Encoding.BIT_PACKED)) {
            Path file = write("level3-" + e + ".parquet", "message m { optional group a { optional int32 v; } }",
                    CompressionCodecName.UNCOMPRESSED,
                    List.of(new Page(new int[3], new int[] {2, 3, 1}, new int[] {7}, 3, false, e, false, false)));
            try (ParquetFile f = ParquetFile.open(file)) {
                assertThatThrownBy(() -> Chunks.decodeAll(f, 0, 0)).isInstanceOf(MalformedFileException.class)
                        .hasMessageContaining("definition level 3 of entry 1 exceeds the column's maximum 2");
            }
        }
    }

    @Test
    void compressedV1PagesAndV2PagesWithUncompressedValues() throws Exception {
        Path file = write("v2.parquet", "message m { optional int32 y; }", CompressionCodecName.SNAPPY,
                List.of(new Page(new int[3], new int[] {1, 0, 1}, new int[] {10, 11}, 3, false, Encoding.RLE, true,
                                false),
                        new Page(new int[2], new int[] {1, 1}, new int[] {12, 13}, 2, true, Encoding.RLE, false,
                                false),
                        new Page(new int[3], new int[] {0, 1, 0}, new int[] {14}, 3, true, Encoding.RLE, false,
                                true)));
        sameAsOracle(file);
        try (ParquetFile f = ParquetFile.open(file)) {
            List<ColumnBatch> pages = Chunks.decodeAll(f, 0, 0);
            assertThat(pages).extracting(ColumnBatch::isV2).containsExactly(false, true, true);
            assertThat(pages).extracting(ColumnBatch::firstRow).containsExactly(0L, 3L, 5L);
        }
    }

    @Test
    void aScanReturnsARowThatSpansPagesWhole() throws Exception {
        // rows [1, 2, 3, 4, 5], [6], [7]: row 0 begins in page 0, fills page 1 and ends in page 2
        Path file = write("span.parquet", "message m { repeated int32 x; }", CompressionCodecName.UNCOMPRESSED,
                List.of(Page.v1(new int[] {0, 1}, new int[] {1, 1}, new int[] {1, 2}, 1),
                        Page.v1(new int[] {1, 1}, new int[] {1, 1}, new int[] {3, 4}, 0),
                        Page.v1(new int[] {1, 0, 0}, new int[] {1, 1, 1}, new int[] {5, 6, 7}, 2)));
        sameAsOracle(file);
        List<ParquetJava.Triple> oracle = ParquetJava.triples(file, 0, 0);
        try (ParquetFile f = ParquetFile.open(file)) {
            for (boolean late : new boolean[] {true, false}) {
                Scan s = Scans.open(f, BoundQuery.of(null).withLateMaterialization(late));
                RowBatch b = s.nextBatch();
                assertThat(b.size()).isEqualTo(3);
                assertThat(s.nextBatch()).isNull();
                assertThat(b.text(0, 0)).isEqualTo("[1, 2, 3, 4, 5]");
                assertThat(b.text(0, 1)).isEqualTo("[6]");
                assertThat(b.text(0, 2)).isEqualTo("[7]");
                // the entries of each row, as parquet-java gives them
                int[] starts = {0, 5, 6, 7};
                for (int i = 0; i < 3; i++) {
                    ColumnBatch page = RowPages.page(b, 0, i);
                    List<ParquetJava.Triple> got = new java.util.ArrayList<>();
                    for (int e = RowPages.firstEntry(b, 0, i); e < RowPages.endEntry(b, 0, i); e++) {
                        got.add(new ParquetJava.Triple(page.repetitionLevel(e), page.definitionLevel(e),
                                page.getInt(page.valueIndex(e))));
                    }
                    assertThat(got).as("row %d", i).isEqualTo(oracle.subList(starts[i], starts[i + 1]));
                }
            }
        }
    }
}
