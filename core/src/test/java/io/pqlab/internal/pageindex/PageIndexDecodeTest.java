package io.pqlab.internal.pageindex;

import static io.pqlab.internal.thrift.CompactReader.BINARY;
import static io.pqlab.internal.thrift.CompactReader.BOOL_FALSE;
import static io.pqlab.internal.thrift.CompactReader.BOOL_TRUE;
import static io.pqlab.internal.thrift.CompactReader.I32;
import static io.pqlab.internal.thrift.CompactReader.I64;
import static io.pqlab.internal.thrift.CompactReader.LIST;
import static io.pqlab.internal.thrift.CompactReader.STRUCT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.MalformedFileException;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.ThriftWriter;
import io.pqlab.schema.PhysicalType;
import io.pqlab.io.BytesSource;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.format.BoundaryOrder;
import org.apache.parquet.format.Util;
import org.junit.jupiter.api.Test;

/** Structures built by hand or by parquet-java's Thrift writer, including ones writers get wrong. */
class PageIndexDecodeTest {

    private static byte[] columnIndex(boolean[] nullPages, byte[][] min, byte[][] max, int order, long[] nullCounts,
            int boolElementType) {
        ThriftWriter w = new ThriftWriter();
        w.field(1, LIST).listHeader(nullPages.length, boolElementType);
        for (boolean b : nullPages) {
            w.raw(b ? 1 : (boolElementType == BOOL_TRUE ? 0 : 2));
        }
        w.field(2, LIST).listHeader(min.length, BINARY);
        for (byte[] b : min) {
            w.binary(b);
        }
        w.field(3, LIST).listHeader(max.length, BINARY);
        for (byte[] b : max) {
            w.binary(b);
        }
        if (order >= 0) {
            w.field(4, I32).i32(order);
        }
        if (nullCounts != null) {
            w.field(5, LIST).listHeader(nullCounts.length, I64);
            for (long c : nullCounts) {
                w.i64(c);
            }
        }
        return w.end().bytes();
    }

    @Test
    void boolElementsOfEitherTypeAndEitherFalseByte() {
        boolean[] nulls = {false, true, false};
        byte[][] min = {{1, 0, 0, 0}, {}, {5, 0, 0, 0}};
        byte[][] max = {{4, 0, 0, 0}, {}, {9, 0, 0, 0}};
        for (int type : new int[] {BOOL_TRUE, BOOL_FALSE}) {
            ColumnIndex ci = PageIndexReader.decodeColumnIndex(columnIndex(nulls, min, max, 1, null, type), 100);
            assertThat(ci.nullPages()).containsExactly(false, true, false);
            assertThat(ci.boundaryOrder()).isEqualTo(io.pqlab.internal.pageindex.BoundaryOrder.ASCENDING);
            assertThat(ci.nullCounts()).isNull();
            assertThat(ci.nullCount(0)).isEqualTo(-1);
            assertThat(ci.min(1)).isNull();
            assertThat(ci.max(2)).containsExactly(9, 0, 0, 0);
            assertThat(ci.offset()).isEqualTo(100);
        }
    }

    @Test
    void unknownBoundaryOrderIsUnordered() {
        byte[][] v = {{1, 0, 0, 0}};
        for (int code : new int[] {3, 7, -1, 1000}) {
            ColumnIndex ci = PageIndexReader.decodeColumnIndex(columnIndex(new boolean[1], v, v, code, new long[] {0}, 1), 0);
            assertThat(ci.boundaryOrder()).isEqualTo(io.pqlab.internal.pageindex.BoundaryOrder.UNORDERED);
        }
    }

    /** Missing required fields decode, and validation rejects them in words. */
    @Test
    void missingRequiredFieldsAreProblemsNotErrors() {
        OffsetIndex oi = offsetIndex(2);
        byte[] noMax = new ThriftWriter().field(1, LIST).listHeader(2, BOOL_TRUE).raw(0, 0)
                .field(2, LIST).listHeader(2, BINARY).binary(new byte[4]).binary(new byte[4]).field(4, I32).i32(0).end().bytes();
        ColumnIndex ci = PageIndexReader.decodeColumnIndex(noMax, 0);
        assertThat(ci.maxValues()).isNull();
        assertThat(ci.problem(oi)).contains("max_values");

        byte[] noNullPages = new ThriftWriter().field(4, I32).i32(1).end().bytes();
        assertThat(PageIndexReader.decodeColumnIndex(noNullPages, 0).problem(oi)).contains("null_pages");

        byte[] emptyOffsetIndex = new ThriftWriter().end().bytes();
        OffsetIndex none = PageIndexReader.decodeOffsetIndex(emptyOffsetIndex, 0);
        assertThat(none.pages()).isNull();
        assertThat(none.problem(chunk(0, 1000), 10)).contains("page_locations");

        // A PageLocation without first_row_index.
        byte[] partial = new ThriftWriter().field(1, LIST).listHeader(1, STRUCT)
                .begin().field(1, I64).i64(0).field(2, I32).i32(50).end().end().bytes();
        OffsetIndex p = PageIndexReader.decodeOffsetIndex(partial, 0);
        assertThat(p.page(0).firstRowIndex()).isEqualTo(-1);
        assertThat(p.problem(chunk(0, 1000), 10)).isNotNull();
    }

    @Test
    void listLengthsAndWidthsAreChecked() {
        OffsetIndex oi = offsetIndex(2);
        byte[][] two = {{1, 0, 0, 0}, {2, 0, 0, 0}};
        byte[][] one = {{1, 0, 0, 0}};
        assertThat(PageIndexReader.decodeColumnIndex(columnIndex(new boolean[2], two, two, 0, new long[2], 1), 0)
                .problem(oi, PhysicalType.INT32, 0, 0, 1)).isNull();
        assertThat(PageIndexReader.decodeColumnIndex(columnIndex(new boolean[2], one, two, 0, null, 1), 0).problem(oi))
                .contains("min_values");
        assertThat(PageIndexReader.decodeColumnIndex(columnIndex(new boolean[3], two, two, 0, null, 1), 0).problem(oi))
                .contains("null_pages");
        assertThat(PageIndexReader.decodeColumnIndex(columnIndex(new boolean[2], two, two, 0, new long[1], 1), 0).problem(oi))
                .contains("null_counts");
        // 4-byte bounds are not INT64's width.
        assertThat(PageIndexReader.decodeColumnIndex(columnIndex(new boolean[2], two, two, 0, null, 1), 0)
                .problem(oi, PhysicalType.INT64, 0, -1, -1)).contains("bounds");
        // An empty bound is fine on a null page, and on a BYTE_ARRAY page (the empty string).
        byte[][] withEmpty = {{}, {2, 0, 0, 0}};
        assertThat(PageIndexReader.decodeColumnIndex(columnIndex(new boolean[] {true, false}, withEmpty, withEmpty, 0, null, 1), 0)
                .problem(oi, PhysicalType.INT32, 0, -1, -1)).isNull();
        assertThat(PageIndexReader.decodeColumnIndex(columnIndex(new boolean[2], withEmpty, withEmpty, 0, null, 1), 0)
                .problem(oi, PhysicalType.BYTE_ARRAY, 0, -1, -1)).isNull();
        assertThat(PageIndexReader.decodeColumnIndex(columnIndex(new boolean[2], withEmpty, withEmpty, 0, null, 1), 0)
                .problem(oi, PhysicalType.INT32, 0, -1, -1)).contains("bounds");
        assertThat(PageIndexReader.decodeColumnIndex(columnIndex(new boolean[2], two, two, 0, null, 1), 0).problem(null))
                .contains("OffsetIndex");
    }

    /** Histograms written by parquet-java's Thrift writer: lengths must be pages × levels. */
    @Test
    void histogramsAndNanCountsFromParquetJavasWriter() throws Exception {
        var ref = new org.apache.parquet.format.ColumnIndex(List.of(false, false),
                List.of(ByteBuffer.wrap(new byte[8]), ByteBuffer.wrap(new byte[8])),
                List.of(ByteBuffer.wrap(new byte[8]), ByteBuffer.wrap(new byte[8])), BoundaryOrder.DESCENDING);
        ref.setNull_counts(List.of(0L, 3L));
        ref.setDefinition_level_histograms(List.of(0L, 10L, 3L, 7L));
        ref.setRepetition_level_histograms(List.of(10L, 10L));
        ref.setNan_counts(List.of(1L, 0L));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Util.writeColumnIndex(ref, out);
        ColumnIndex ci = PageIndexReader.decodeColumnIndex(out.toByteArray(), 0);
        assertThat(ci.boundaryOrder()).isEqualTo(io.pqlab.internal.pageindex.BoundaryOrder.DESCENDING);
        assertThat(ci.definitionLevelHistograms()).containsExactly(0, 10, 3, 7);
        assertThat(ci.repetitionLevelHistograms()).containsExactly(10, 10);
        assertThat(ci.nanCounts()).containsExactly(1, 0);
        OffsetIndex oi = offsetIndex(2);
        assertThat(ci.problem(oi, PhysicalType.DOUBLE, 0, 0, 1)).isNull();
        assertThat(ci.problem(oi, PhysicalType.DOUBLE, 0, 0, 2)).contains("definition level histograms");
        assertThat(ci.problem(offsetIndex(3))).isNotNull();
    }

    @Test
    void trailingOrMissingBytesAreMalformed() throws Exception {
        byte[][] v = {{1, 0, 0, 0}};
        byte[] good = columnIndex(new boolean[1], v, v, 0, null, 1);
        byte[] longer = Arrays.copyOf(good, good.length + 1);
        assertThatThrownBy(() -> PageIndexReader.decodeColumnIndex(longer, 40))
                .isInstanceOf(MalformedFileException.class).hasMessageContaining("ends 1 bytes before");
        for (int n = 0; n < good.length; n++) {
            byte[] cut = Arrays.copyOf(good, n);
            assertThatThrownBy(() -> PageIndexReader.decodeColumnIndex(cut, 40)).isInstanceOf(MalformedFileException.class);
        }
        // A known field of the wrong type.
        byte[] wrong = new ThriftWriter().field(1, I32).i32(3).end().bytes();
        assertThatThrownBy(() -> PageIndexReader.decodeColumnIndex(wrong, 0))
                .isInstanceOf(MalformedFileException.class).hasMessageContaining("null_pages");
        // An unknown field is skipped.
        byte[] extra = new ThriftWriter().field(1, LIST).listHeader(0, BOOL_TRUE).field(2, LIST).listHeader(0, BINARY)
                .field(3, LIST).listHeader(0, BINARY).field(4, I32).i32(0).field(99, BINARY).binary(new byte[3]).end().bytes();
        assertThat(PageIndexReader.decodeColumnIndex(extra, 0).pageCount()).isZero();
    }

    @Test
    void spansOutsideTheFileAreMalformedBeforeAnyRead() {
        BytesSource file = new BytesSource("f", new byte[100]);
        ColumnChunk beyond = new ColumnChunk(null, 0, null, 90, 20, 95, 10, false);
        assertThatThrownBy(() -> PageIndexReader.offsetIndex(file, beyond)).isInstanceOf(MalformedFileException.class);
        assertThatThrownBy(() -> PageIndexReader.columnIndex(file, beyond)).isInstanceOf(MalformedFileException.class);
        ColumnChunk huge = new ColumnChunk(null, 0, null, 0, Integer.MAX_VALUE, Long.MAX_VALUE, 10, false);
        assertThatThrownBy(() -> PageIndexReader.offsetIndex(file, huge)).isInstanceOf(MalformedFileException.class);
        assertThatThrownBy(() -> PageIndexReader.columnIndex(file, huge)).isInstanceOf(MalformedFileException.class);
    }

    @Test
    void absentOrEncryptedIndexesAreNull() throws Exception {
        BytesSource file = new BytesSource("f", new byte[100]);
        assertThat(PageIndexReader.offsetIndex(file, new ColumnChunk(null, 0, null, -1, -1, -1, -1, false))).isNull();
        assertThat(PageIndexReader.columnIndex(file, new ColumnChunk(null, 0, null, -1, -1, -1, -1, false))).isNull();
        assertThat(PageIndexReader.offsetIndex(file, new ColumnChunk(null, 0, null, 0, 10, 10, 10, true))).isNull();
        assertThat(PageIndexReader.columnIndex(file, new ColumnChunk(null, 0, null, 0, 10, 10, 10, true))).isNull();
    }

    // ---- OffsetIndex validation ----------------------------------------------------------

    static ColumnChunk chunk(long start, long size) {
        ColumnMetaData md = new ColumnMetaData(PhysicalType.INT32, new int[0], List.of("x"), 0, 10, size, size, null,
                start, -1, -1, null, null, -1, -1, null);
        return new ColumnChunk(null, 0, md, -1, -1, -1, -1, false);
    }

    /** Pages of 100 bytes from 0 with 10 rows each. */
    static OffsetIndex offsetIndex(int pages) {
        PageLocation[] p = new PageLocation[pages];
        for (int i = 0; i < pages; i++) {
            p[i] = new PageLocation(100L * i, 100, 10L * i);
        }
        return new OffsetIndex(List.of(p), null, 0, 0);
    }

    static OffsetIndex of(PageLocation... p) {
        return new OffsetIndex(List.of(p), null, 0, 0);
    }

    @Test
    void offsetIndexProblems() {
        ColumnChunk c = chunk(0, 300);
        assertThat(offsetIndex(3).problem(c, 30)).isNull();
        assertThat(offsetIndex(3).problem(c, 21)).isNull();
        assertThat(offsetIndex(3).problem(c, 20)).contains("row 20 of a row group of 20");
        assertThat(offsetIndex(0).problem(c, 0)).isNull();
        assertThat(offsetIndex(0).problem(c, 5)).contains("no pages");
        assertThat(offsetIndex(3).problem(chunk(0, 299), 30)).contains("outside");
        assertThat(offsetIndex(3).problem(chunk(1, 400), 30)).contains("outside");
        assertThat(of(new PageLocation(0, 100, 0), new PageLocation(99, 100, 10)).problem(c, 30)).contains("overlaps");
        assertThat(of(new PageLocation(100, 100, 0), new PageLocation(0, 100, 10)).problem(c, 30)).contains("overlaps or precedes");
        assertThat(of(new PageLocation(0, 100, 1), new PageLocation(100, 100, 10)).problem(c, 30)).contains("not 0");
        assertThat(of(new PageLocation(0, 100, 0), new PageLocation(100, 100, 0)).problem(c, 30)).contains("not after");
        assertThat(of(new PageLocation(0, -5, 0)).problem(c, 30)).contains("size");
        assertThat(of(new PageLocation(0, 0, 0)).problem(c, 30)).contains("size");
        // -1 is the decoder's absent value (issue 20: a PageLocation without a required field)
        assertThat(of(new PageLocation(-1, 100, 0)).problem(c, 30)).contains("has no offset (a required field)");
        assertThat(of(new PageLocation(0, -1, 0)).problem(c, 30)).contains("has no compressed_page_size");
        assertThat(of(new PageLocation(0, 100, -1)).problem(c, 30)).contains("has no first_row_index");
        assertThat(of(new PageLocation(-2, 100, 0)).problem(c, 30)).contains("outside");
        assertThat(of(new PageLocation(250, Integer.MAX_VALUE, 0)).problem(c, 30)).contains("outside");
        assertThat(new OffsetIndex(offsetIndex(2).pages(), new long[] {1}, 0, 0).problem(c, 30)).contains("unencoded");
        assertThat(offsetIndex(1).problem(new ColumnChunk(null, 0, null, -1, -1, -1, -1, false), 10)).contains("metadata");
        // A dictionary page before the first data page is part of the chunk, not a listed page.
        ColumnMetaData md = new ColumnMetaData(PhysicalType.INT32, new int[0], List.of("x"), 0, 10, 350, 350, null,
                50, -1, 0 + 10, null, null, -1, -1, null);
        OffsetIndex afterDictionary = of(new PageLocation(50, 100, 0), new PageLocation(150, 100, 5));
        assertThat(afterDictionary.problem(new ColumnChunk(null, 0, md, -1, -1, -1, -1, false), 30)).isNull();
        assertThat(afterDictionary.rowRanges(30)).containsExactly(new RowRange(0, 5), new RowRange(5, 30));
    }
}
