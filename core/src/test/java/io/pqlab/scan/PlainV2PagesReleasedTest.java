package io.pqlab.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.Query;
import io.pqlab.internal.column.AheadBudget;
import io.pqlab.oracle.ParquetJava;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.Predicate;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.Page;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.factory.DefaultValuesWriterFactory;
import org.apache.parquet.column.values.factory.ValuesWriterFactory;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * (reuse) DataPageV2 pages with PLAIN strings, where the v2 page path (levels stored uncompressed
 * before the compressed values) meets the PLAIN string pages' leases ({@code PageLease},
 * {@link RowBatch#release()}). parquet-java's v2 writer encodes strings DELTA_BYTE_ARRAY, so
 * {@link ReleasedBatchesTest}'s v2 file leases no page; here a values-writer factory makes every
 * string column PLAIN (dictionary off) in v2 pages, Snappy and uncompressed, and parquet-java's
 * own page reader confirms it. Pages of about 300 rows, row groups of 70,000 rows (a 65,536-row
 * batch ends inside a page, the page's rest in the next batch: asserted against the pages' row
 * ranges as parquet-java reads them; pages of 256 rows would not) and a last one of 10,000; an
 * optional string with nulls, a required one (no definition levels: a v2 page whose levels take
 * no bytes) with empty strings, an optional one null for whole pages (values of no bytes). Every
 * value of every batch is checked against parquet-java's decoded rows as the batch comes and, for
 * the batches kept, again after the scan (every array given back poisoned,
 * {@link AheadBudget#poisonForTests}); batches never released, all released, all but every third
 * released; 1 and 2 threads; no condition, a sparse one on the numbers (batches compacted on the
 * pool) and one on a PLAIN string column. The Snappy file's buffers given back are counted
 * against the batches' rows ({@link ReleasingScan#givenBackBounds}; a page of nulls only has none).
 */
class PlainV2PagesReleasedTest {
    static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message m { required int64 id; "
            + "optional binary s (STRING); required binary t (STRING); optional binary e (STRING); optional int64 n; }");
    static final int ROWS = 150_000;
    static final int PAGE_ROWS = 300;

    @TempDir
    static Path dir;

    static Path snappy;
    static Path uncompressed;
    /** parquet-java's rows of each file: id, s, t, e, n as Long and byte[]. */
    static java.util.Map<Path, List<Object[]>> rows;

    @BeforeAll
    static void write() throws IOException {
        AheadBudget.poisonForTests(true);
        snappy = write("v2-plain-snappy.parquet", CompressionCodecName.SNAPPY);
        uncompressed = write("v2-plain-uncompressed.parquet", CompressionCodecName.UNCOMPRESSED);
        rows = java.util.Map.of(snappy, ParquetJava.rows(snappy), uncompressed, ParquetJava.rows(uncompressed));
    }

    @AfterAll
    static void cure() {
        AheadBudget.poisonForTests(false);
    }

    static String t(long r) {
        if (r % 17 == 0) {
            return "";
        }
        return "t" + (r * 7919 % 100_003) + "-".repeat((int) (r % 5));
    }

    static String e(long r) {
        if ((r / 1500) % 3 == 1) {
            return null; // 1,500 rows in a row: whole pages of nulls
        }
        return r % 9 == 0 ? "" : "e" + (r % 97);
    }

    /** Every string column PLAIN, whatever the writer version; the other columns as parquet-java's v2 writer has them. */
    static final class PlainStrings implements ValuesWriterFactory {
        private final DefaultValuesWriterFactory others = new DefaultValuesWriterFactory();
        private ParquetProperties props;

        @Override
        public void initialize(ParquetProperties properties) {
            props = properties;
            others.initialize(properties);
        }

        @Override
        public ValuesWriter newValuesWriter(ColumnDescriptor column) {
            if (column.getPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.BINARY) {
                return new PlainValuesWriter(props.getInitialSlabSize(), props.getPageSizeThreshold(),
                        props.getAllocator());
            }
            return others.newValuesWriter(column);
        }
    }

    static Path write(String name, CompressionCodecName codec) throws IOException {
        ExampleParquetWriter.Builder b = ParquetJava.writer(dir.resolve(name), SCHEMA)
                .withRowGroupRowCountLimit(70_000)
                .withRowGroupSize(256L << 20)
                .withPageRowCountLimit(PAGE_ROWS)
                .withPageSize(64 << 20)
                .withDictionaryEncoding(false)
                .withCompressionCodec(codec)
                .withWriterVersion(WriterVersion.PARQUET_2_0);
        if (codec == CompressionCodecName.SNAPPY) {
            b = b.withCodecFactory(WideProjectionSmallHeapTest.SNAPPY);
        }
        try {
            // ParquetWriter.Builder offers no values-writer factory, its encoding properties' builder
            // does; a method handle, since Field reflection loads the Builder's Hadoop-typed fields
            MethodHandle props = MethodHandles.privateLookupIn(ParquetWriter.Builder.class, MethodHandles.lookup())
                    .findGetter(ParquetWriter.Builder.class, "encodingPropsBuilder", ParquetProperties.Builder.class);
            ((ParquetProperties.Builder) props.invoke(b)).withValuesWriterFactory(new PlainStrings());
        } catch (Throwable x) {
            throw new IllegalStateException("parquet-java's ParquetWriter.Builder.encodingPropsBuilder", x);
        }
        b = ParquetJava.hadoopFree(b);
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> w = b.build()) {
            for (long r = 0; r < ROWS; r++) {
                w.write(ParquetJava.group(groups, new Object[] {r, PageArraysTest.s(r), t(r), e(r), PageArraysTest.n(r)}));
            }
        }
        return dir.resolve(name);
    }

    /** parquet-java's page reader: every page of every string column a DataPageV2, PLAIN, of at most a few hundred rows; no dictionary. */
    @Test
    void thePagesAreV2AndPlain() {
        for (Path file : List.of(snappy, uncompressed)) {
            ParquetMetadata footer = ParquetJava.footer(file);
            assertThat(footer.getBlocks()).as("row groups of %s", file.getFileName()).hasSize(3);
            for (int g = 0; g < footer.getBlocks().size(); g++) {
                for (int c : new int[] {1, 2, 3}) {
                    ColumnChunkMetaData chunk = footer.getBlocks().get(g).getColumns().get(c);
                    assertThat(chunk.getCodec()).isEqualTo(file == snappy ? CompressionCodecName.SNAPPY
                            : CompressionCodecName.UNCOMPRESSED);
                    List<Page> pages = ParquetJava.pages(file, g, c);
                    assertThat(pages.size()).as("pages of column %d in row group %d", c, g)
                            .isGreaterThanOrEqualTo(10_000 / PAGE_ROWS);
                    for (Page p : pages) {
                        assertThat(p).isInstanceOf(DataPageV2.class);
                        DataPageV2 v2 = (DataPageV2) p;
                        assertThat(v2.getDataEncoding()).isEqualTo(Encoding.PLAIN);
                        assertThat(v2.getRowCount()).isBetween(1, 2 * PAGE_ROWS);
                        if (c == 2) {
                            assertThat(v2.getDefinitionLevels().size()).as("a required column's levels").isZero();
                        }
                    }
                }
            }
        }
    }

    @Test
    void everyValueAgreesWithParquetJava() throws Exception {
        // (condition, the same on parquet-java's row)
        List<String> conditions = Arrays.asList(null, "n < 300000000 OR (id >= 100000 AND id < 101000)",
                "e = 'e5' OR s IS NULL");
        List<Predicate<Object[]>> matches = List.of(row -> true,
                row -> row[4] != null && (Long) row[4] < 300_000_000L
                        || (Long) row[0] >= 100_000 && (Long) row[0] < 101_000,
                row -> row[3] != null && "e5".equals(new String((byte[]) row[3], StandardCharsets.UTF_8))
                        || row[1] == null);
        // (which batches are kept, by index; the others are released as they come)
        List<IntPredicate> keeps = List.of(k -> true, k -> false, k -> k % 3 == 1);
        for (Path file : List.of(snappy, uncompressed)) {
            List<Object[]> rows = PlainV2PagesReleasedTest.rows.get(file);
            // the string columns' pages as parquet-java reads them
            ReleasingScan.Leased[] pages = {ReleasingScan.pages(file, 1), ReleasingScan.pages(file, 2),
                    ReleasingScan.pages(file, 3)};
            long givenBack = 0;
            for (int threads : new int[] {1, 2}) {
                for (int c = 0; c < conditions.size(); c++) {
                    Predicate<Object[]> m = matches.get(c);
                    for (IntPredicate keep : keeps) {
                        ReleasingScan.Seen seen = ReleasingScan.scan(file, conditions.get(c), null,
                                Query.all().threads(threads), r -> m.test(rows.get(Math.toIntExact(r))), rows.size(), keep,
                                (b, context) -> check(b, rows, context));
                        if (conditions.get(c) == null) {
                            // the case this class is for: a batch ends inside a page of each string
                            // column, and the page's rest is in the next batch
                            for (int col = 0; col < pages.length; col++) {
                                assertThat(endsInsideAPage(seen, pages[col])).as("a batch ending inside a page of column %d: %s",
                                        col + 1, seen.context()).isTrue();
                            }
                        }
                        // (the uncompressed file's strings are copied out of the read window, not leased)
                        givenBack += file == snappy ? ReleasingScan.assertGivenBack(seen, pages) : 0;
                    }
                }
            }
            if (file == snappy) {
                // a Snappy v2 page's PLAIN values are decompressed into a leased buffer: some come
                // back when batches are released (else no lease was tested)
                assertThat(givenBack).as("buffers of v2 PLAIN pages given back").isPositive();
            }
        }
    }

    /** Whether a batch of the scan ends strictly inside one of the pages (by their bounds), before the file's last row. */
    private static boolean endsInsideAPage(ReleasingScan.Seen seen, ReleasingScan.Leased pages) {
        long[] bounds = pages.bounds();
        for (long[] rows : seen.batches()) {
            long end = rows[rows.length - 1] + 1;
            if (end < bounds[bounds.length - 1] && java.util.Arrays.binarySearch(bounds, end) < 0) {
                return true;
            }
        }
        return false;
    }

    /** Every value of the batch against parquet-java's, through the columnar values and the getters. */
    private static void check(RowBatch b, List<Object[]> rows, String context) {
        long[] ids = b.values(0).longs();
        ColumnValues[] strings = {b.values(1), b.values(2), b.values(3)};
        ColumnValues ns = b.values(4);
        for (int i = 0; i < b.size(); i++) {
            long r = b.rowNumber(i);
            Object[] want = rows.get(Math.toIntExact(r));
            same(ids[i], want[0], "id", r, context);
            for (int c = 1; c <= 3; c++) {
                ColumnValues v = strings[c - 1];
                byte[] w = (byte[]) want[c];
                if (v.isNull(i) != (w == null) || w != null
                        && !Arrays.equals(v.bytes(i), v.offset(i), v.offset(i) + v.length(i), w, 0, w.length)) {
                    throw new AssertionError("column " + c + " of row " + r + ": " + v.string(i) + ", parquet-java "
                            + (w == null ? null : new String(w, StandardCharsets.UTF_8)) + ": " + context);
                }
                byte[] got = b.isNull(c, i) ? null : b.getBinary(c, i);
                if (!Arrays.equals(got, w)) {
                    throw new AssertionError("column " + c + " of row " + r + " (getter): " + ParquetJava.show(got)
                            + ", parquet-java " + ParquetJava.show(w) + ": " + context);
                }
            }
            same(ns.isNull(i) ? null : ns.longs()[i], want[4], "n", r, context);
        }
    }

    private static void same(Object got, Object want, String what, long row, String context) {
        if (!java.util.Objects.equals(got, want)) {
            throw new AssertionError(what + " of row " + row + ": " + got + ", parquet-java " + want + ": " + context);
        }
    }
}
