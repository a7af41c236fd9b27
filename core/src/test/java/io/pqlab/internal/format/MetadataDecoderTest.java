package io.pqlab.internal.format;

import static io.pqlab.internal.format.ThriftWriter.BINARY;
import static io.pqlab.internal.format.ThriftWriter.DOUBLE;
import static io.pqlab.internal.format.ThriftWriter.I16;
import static io.pqlab.internal.format.ThriftWriter.I32;
import static io.pqlab.internal.format.ThriftWriter.I64;
import static io.pqlab.internal.format.ThriftWriter.I8;
import static io.pqlab.internal.format.ThriftWriter.LIST;
import static io.pqlab.internal.format.ThriftWriter.STRUCT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.MalformedFileException;
import io.pqlab.UnsupportedFeatureException;
import io.pqlab.io.BytesSource;
import io.pqlab.schema.ConvertedType;
import io.pqlab.schema.LogicalType;
import io.pqlab.schema.PhysicalType;
import io.pqlab.schema.Repetition;
import io.pqlab.schema.Schema;
import io.pqlab.schema.SchemaElement;
import io.pqlab.schema.TimeUnit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The decoder on hand-assembled Thrift: every known field of every structure, then the same bytes
 * with unknown fields of every type (negative ids and the reserved extension id 32767 included)
 * added to every structure, which must decode to the same records.
 */
class MetadataDecoderTest {

    // ---- a synthetic footer ----------------------------------------------------------------

    /** Writes the footer; with {@code unknowns}, every struct also holds unknown fields of every type. */
    static byte[] syntheticFooter(boolean unknowns) {
        ThriftWriter w = new ThriftWriter();
        w.begin();
        if (unknowns) {
            w.unknownFieldsOfEveryType(100);
        }
        w.i32Field(1, 2);
        // schema: root { a: optional int32 INT(8,true) = 7; g: optional group { b: repeated binary STRING };
        //                c: required fixed(16) UUID; d: optional int64 DECIMAL(10,2) }
        w.field(2, LIST).listHeader(6, STRUCT);
        element(w, unknowns, -1, -1, -1, "schema", 4, -1, -1, -1, -1, null);
        element(w, unknowns, 1, -1, 1, "a", -1, 15, -1, -1, 7, lw -> lw.field(10, STRUCT).begin()
                .field(1, I8).i8(8).boolField(2, true).end());
        element(w, unknowns, -1, -1, 1, "g", 1, -1, -1, -1, -1, null);
        element(w, unknowns, 6, -1, 2, "b", -1, 0, -1, -1, -1, lw -> lw.emptyStructField(1));
        element(w, unknowns, 7, 16, 0, "c", -1, -1, -1, -1, -1, lw -> lw.emptyStructField(14));
        element(w, unknowns, 2, -1, 1, "d", -1, 5, 2, 10, -1, lw -> lw.field(5, STRUCT).begin()
                .i32Field(1, 2).i32Field(2, 10).end());
        w.i64Field(3, 3);
        w.field(4, LIST).listHeader(2, STRUCT);
        for (int g = 0; g < 2; g++) {
            rowGroup(w, unknowns, g);
        }
        w.field(5, LIST).listHeader(2, STRUCT);
        w.begin().stringField(1, "k").stringField(2, "v");
        if (unknowns) {
            w.unknownFieldsOfEveryType(3);
        }
        w.end();
        w.begin().stringField(1, "no value").end();
        w.stringField(6, "pqlab test");
        // column_orders: TYPE_ORDER, IEEE_754_TOTAL_ORDER, a member from the future, INT96 order
        w.field(7, LIST).listHeader(4, STRUCT);
        w.begin().emptyStructField(1).end();
        w.begin().emptyStructField(2).end();
        w.begin().field(9, STRUCT).begin().i32Field(1, 1).end().end();
        w.begin().emptyStructField(3).end();
        if (unknowns) {
            w.unknownFieldsOfEveryType(200);
        }
        w.end();
        return w.bytes();
    }

    interface LogicalWriter {
        void write(ThriftWriter w);
    }

    private static void element(ThriftWriter w, boolean unknowns, int type, int typeLength, int repetition,
            String name, int numChildren, int converted, int scale, int precision, int fieldId,
            LogicalWriter logical) {
        w.begin();
        if (unknowns) {
            w.unknownFieldsOfEveryType(20);
        }
        if (type >= 0) w.i32Field(1, type);
        if (typeLength >= 0) w.i32Field(2, typeLength);
        if (repetition >= 0) w.i32Field(3, repetition);
        w.stringField(4, name);
        if (numChildren >= 0) w.i32Field(5, numChildren);
        if (converted >= 0) w.i32Field(6, converted);
        if (scale >= 0) w.i32Field(7, scale);
        if (precision >= 0) w.i32Field(8, precision);
        if (fieldId >= 0) w.i32Field(9, fieldId);
        if (logical != null) {
            // the LogicalType union around the member (unknown fields in unions: everyLogicalTypeMember)
            w.field(10, STRUCT).begin();
            logical.write(w);
            w.end();
        }
        w.end();
    }

    private static void rowGroup(ThriftWriter w, boolean unknowns, int g) {
        w.begin();
        if (unknowns) {
            w.unknownFieldsOfEveryType(30);
        }
        w.field(1, LIST).listHeader(4, STRUCT);
        for (int c = 0; c < 4; c++) {
            chunk(w, unknowns, g, c);
        }
        w.i64Field(2, 1000 + g);
        w.i64Field(3, g + 1);
        w.field(4, LIST).listHeader(1, STRUCT).begin().i32Field(1, 0).boolField(2, true).boolField(3, false).end();
        w.i64Field(5, 4);
        w.i64Field(6, 500 + g);
        w.field(7, I16).i32(g);
        w.end();
    }

    private static final String[][] PATHS = {{"a"}, {"g", "b"}, {"c"}, {"d"}};

    private static void chunk(ThriftWriter w, boolean unknowns, int g, int c) {
        w.begin();
        w.i64Field(2, 0);
        if (c == 3 && g == 1) {
            // an encrypted column: crypto_metadata (column key) and encrypted metadata, no meta_data
            w.field(8, STRUCT).begin().field(2, STRUCT).begin().field(1, LIST).listHeader(1, BINARY).string("d")
                    .binaryField(2, new byte[] {1, 2, 3}).end().end();
            w.binaryField(9, new byte[] {9, 9, 9, 9});
            w.end();
            return;
        }
        w.field(3, STRUCT).begin();
        if (unknowns) {
            w.unknownFieldsOfEveryType(40);
        }
        long base = 4 + 1000L * (g * 4 + c);
        w.i32Field(1, new int[] {1, 6, 7, 2}[c]);
        w.field(2, LIST).listHeader(3, I32).i32(0).i32(3).i32(8);
        String[] path = PATHS[c];
        w.field(3, LIST).listHeader(path.length, BINARY);
        for (String p : path) {
            w.string(p);
        }
        w.i32Field(4, 6);
        w.i64Field(5, 10 + c);
        w.i64Field(6, 900);
        w.i64Field(7, 800);
        w.field(8, LIST).listHeader(1, STRUCT).begin().stringField(1, "ck").stringField(2, "cv").end();
        w.i64Field(9, base + 100);
        w.i64Field(10, base + 50);
        w.i64Field(11, base);
        w.field(12, STRUCT);
        statistics(w, unknowns);
        w.field(13, LIST).listHeader(2, STRUCT).begin().i32Field(1, 2).i32Field(2, 0).i32Field(3, 1).end()
                .begin().i32Field(1, 0).i32Field(2, 8).i32Field(3, 4).end();
        w.i64Field(14, 70_000 + c);
        w.i32Field(15, 64);
        w.field(16, STRUCT).begin().i64Field(1, 77).field(2, LIST).listHeader(2, I64).i64(5).i64(6)
                .field(3, LIST).listHeader(3, I64).i64(1).i64(2).i64(3).end();
        // geospatial_statistics: skipped
        w.field(17, STRUCT).begin().field(1, STRUCT).begin().field(1, DOUBLE).dbl(0).field(2, DOUBLE).dbl(1)
                .field(3, DOUBLE).dbl(2).field(4, DOUBLE).dbl(3).end().field(2, LIST).listHeader(1, I32).i32(1).end();
        w.end();
        w.i64Field(4, 60_000 + c);
        w.i32Field(5, 30);
        w.i64Field(6, 50_000 + c);
        w.i32Field(7, 40);
        if (unknowns) {
            w.unknownFieldsOfEveryType(10);
        }
        w.end();
    }

    private static void statistics(ThriftWriter w, boolean unknowns) {
        w.begin();
        if (unknowns) {
            w.unknownFieldsOfEveryType(10);
        }
        w.binaryField(1, new byte[] {9});
        w.binaryField(2, new byte[] {1});
        w.i64Field(3, 4);
        w.i64Field(4, 5);
        w.binaryField(5, new byte[] {8});
        w.binaryField(6, new byte[] {2});
        w.boolField(7, true);
        w.boolField(8, false);
        w.i64Field(9, 0);
        w.end();
    }

    private static FileMetaData decode(byte[] footer) {
        return MetadataDecoder.decode(footer, 0, footer.length, 0);
    }

    // ---- tests -----------------------------------------------------------------------------

    @Test
    void decodesEveryKnownField() {
        FileMetaData md = decode(syntheticFooter(false));
        assertThat(md.version()).isEqualTo(2);
        assertThat(md.numRows()).isEqualTo(3);
        assertThat(md.createdBy()).isEqualTo("pqlab test");
        assertThat(md.keyValueMetadata()).containsExactly(new KeyValue("k", "v"), new KeyValue("no value", null));
        assertThat(md.columnOrders()).containsExactly(ColumnOrder.TYPE_DEFINED, ColumnOrder.IEEE_754_TOTAL_ORDER,
                ColumnOrder.UNKNOWN, ColumnOrder.INT96_TIMESTAMP_ORDER);
        assertThat(md.encryptionAlgorithm()).isFalse();

        assertThat(md.schema()).containsExactly(
                new SchemaElement(null, -1, -1, null, "schema", 4, null, -1, -1, -1, null),
                new SchemaElement(PhysicalType.INT32, 1, -1, Repetition.OPTIONAL, "a", -1, ConvertedType.INT_8, -1, -1,
                        7, new LogicalType.IntType(8, true)),
                new SchemaElement(null, -1, -1, Repetition.OPTIONAL, "g", 1, null, -1, -1, -1, null),
                new SchemaElement(PhysicalType.BYTE_ARRAY, 6, -1, Repetition.REPEATED, "b", -1, ConvertedType.UTF8,
                        -1, -1, -1, new LogicalType.StringType()),
                new SchemaElement(PhysicalType.FIXED_LEN_BYTE_ARRAY, 7, 16, Repetition.REQUIRED, "c", -1, null, -1,
                        -1, -1, new LogicalType.UuidType()),
                new SchemaElement(PhysicalType.INT64, 2, -1, Repetition.OPTIONAL, "d", -1, ConvertedType.DECIMAL, 2,
                        10, -1, new LogicalType.DecimalType(2, 10)));

        assertThat(md.rowGroups()).hasSize(2);
        RowGroup rg = md.rowGroups().get(1);
        assertThat(rg.totalByteSize()).isEqualTo(1001);
        assertThat(rg.numRows()).isEqualTo(2);
        assertThat(rg.sortingColumns()).containsExactly(new SortingColumn(0, true, false));
        assertThat(rg.fileOffset()).isEqualTo(4);
        assertThat(rg.totalCompressedSize()).isEqualTo(501);
        assertThat(rg.ordinal()).isEqualTo(1);

        ColumnChunk cc = rg.columns().get(1);
        assertThat(cc.offsetIndexOffset()).isEqualTo(60_001);
        assertThat(cc.offsetIndexLength()).isEqualTo(30);
        assertThat(cc.columnIndexOffset()).isEqualTo(50_001);
        assertThat(cc.columnIndexLength()).isEqualTo(40);
        assertThat(cc.encrypted()).isFalse();
        ColumnMetaData m = cc.metaData();
        assertThat(m.type()).isEqualTo(PhysicalType.BYTE_ARRAY);
        assertThat(m.encodings()).containsExactly(0, 3, 8);
        assertThat(m.pathInSchema()).containsExactly("g", "b");
        assertThat(m.codec()).isEqualTo(6);
        assertThat(m.numValues()).isEqualTo(11);
        assertThat(m.totalUncompressedSize()).isEqualTo(900);
        assertThat(m.totalCompressedSize()).isEqualTo(800);
        assertThat(m.keyValueMetadata()).containsExactly(new KeyValue("ck", "cv"));
        long base = 4 + 1000L * 5;
        assertThat(m.dataPageOffset()).isEqualTo(base + 100);
        assertThat(m.indexPageOffset()).isEqualTo(base + 50);
        assertThat(m.dictionaryPageOffset()).isEqualTo(base);
        assertThat(m.chunkStart()).isEqualTo(base);
        assertThat(m.encodingStats()).containsExactly(new PageEncodingStats(2, 0, 1), new PageEncodingStats(0, 8, 4));
        assertThat(m.bloomFilterOffset()).isEqualTo(70_001);
        assertThat(m.bloomFilterLength()).isEqualTo(64);
        assertThat(m.sizeStatistics().unencodedByteArrayDataBytes()).isEqualTo(77);
        assertThat(m.sizeStatistics().repetitionLevelHistogram()).containsExactly(5, 6);
        assertThat(m.sizeStatistics().definitionLevelHistogram()).containsExactly(1, 2, 3);
        Statistics s = m.statistics();
        assertThat(s.max()).containsExactly(9);
        assertThat(s.min()).containsExactly(1);
        assertThat(s.nullCount()).isEqualTo(4);
        assertThat(s.distinctCount()).isEqualTo(5);
        assertThat(s.maxValue()).containsExactly(8);
        assertThat(s.minValue()).containsExactly(2);
        assertThat(s.maxValueExact()).isTrue();
        assertThat(s.minValueExact()).isFalse();
        assertThat(s.nanCount()).isZero();

        ColumnChunk encrypted = rg.columns().get(3);
        assertThat(encrypted.encrypted()).isTrue();
        assertThat(encrypted.metaData()).isNull();
        assertThat(encrypted.offsetIndexOffset()).isEqualTo(-1);
        assertThat(md.rowGroups().get(0).columns().get(3).encrypted()).isFalse();
    }

    @Test
    void unknownFieldsOfEveryTypeAreSkippedEverywhere() {
        byte[] plain = syntheticFooter(false);
        byte[] withUnknowns = syntheticFooter(true);
        assertThat(withUnknowns.length).isGreaterThan(plain.length * 3);
        assertThat(decode(withUnknowns)).usingRecursiveComparison().isEqualTo(decode(plain));
    }

    @Test
    void theExtensionIdAloneIsSkipped() {
        // FileMetaData { 32767: binary (raw ULEB id, as BinaryProtocolExtensions.md writes it),
        //                then the required fields in long form }
        ThriftWriter w = new ThriftWriter().begin();
        w.raw(0x08, 0xFF, 0xFF, 0x01).string("ext");
        w.raw(0x09, 0x04).listHeader(1, STRUCT).begin().stringField(4, "root").i32Field(5, 0).end();
        w.raw(0x09, 0x08).listHeader(0, STRUCT);
        w.end();
        FileMetaData md = decode(w.bytes());
        assertThat(md.schema()).extracting(SchemaElement::name).containsExactly("root");
        assertThat(md.rowGroups()).isEmpty();
    }

    @Test
    void aKnownFieldWithAnotherWireTypeReadsAsAbsent() {
        ThriftWriter w = new ThriftWriter().begin();
        w.stringField(1, "not an i32");
        w.field(2, LIST).listHeader(1, STRUCT).begin().stringField(4, "root").i32Field(5, 0).end();
        w.stringField(3, "num_rows as a string");
        w.field(4, LIST).listHeader(0, STRUCT);
        w.i32Field(6, 5); // created_by as an i32
        w.end();
        FileMetaData md = decode(w.bytes());
        assertThat(md.version()).isEqualTo(-1);
        assertThat(md.numRows()).isEqualTo(-1);
        assertThat(md.createdBy()).isNull();
        assertThat(md.keyValueMetadata()).isEmpty();
        assertThat(md.columnOrders()).isNull();
    }

    @Test
    void missingSchemaOrRowGroupsIsMalformed() {
        byte[] noRowGroups = new ThriftWriter().begin().i32Field(1, 1)
                .field(2, LIST).listHeader(1, STRUCT).begin().stringField(4, "root").end().end().bytes();
        assertThatThrownBy(() -> MetadataDecoder.decode(noRowGroups, 0, noRowGroups.length, 1000))
                .isInstanceOf(MalformedFileException.class).hasMessageContaining("no row_groups")
                .extracting(e -> ((MalformedFileException) e).offset()).isEqualTo(1000L);
        byte[] noSchema = new ThriftWriter().begin().field(4, LIST).listHeader(0, STRUCT).end().bytes();
        assertThatThrownBy(() -> decode(noSchema)).isInstanceOf(MalformedFileException.class)
                .hasMessageContaining("no schema");
    }

    /**
     * Issue 20: a ColumnMetaData without one of its required fields is refused, naming the field,
     * at the struct's offset, as parquet-java refuses it. (It decoded before, each field absent,
     * and the planner could rest a skip on what was left.) A row group's missing fields still
     * decode as absent; ParquetFile refuses a row group without num_rows.
     */
    @Test
    void aColumnMetaDataWithoutARequiredFieldIsRefused() {
        String[] names = {"type", "encodings", "path_in_schema", "codec", "num_values", "total_uncompressed_size",
            "total_compressed_size", "data_page_offset"};
        int[] ids = {1, 2, 3, 4, 5, 6, 7, 9};
        for (int k = -1; k < ids.length; k++) {
            ThriftWriter w = new ThriftWriter().begin();
            w.field(2, LIST).listHeader(2, STRUCT).begin().stringField(4, "root").i32Field(5, 1).end()
                    .begin().i32Field(1, 1).i32Field(3, 0).stringField(4, "x").end();
            w.field(4, LIST).listHeader(1, STRUCT).begin().field(1, LIST).listHeader(1, STRUCT)
                    .begin().field(3, STRUCT);
            int at = w.size();
            w.begin();
            for (int f = 0; f < ids.length; f++) {
                if (f == k) {
                    continue;
                }
                switch (ids[f]) {
                    case 1, 4 -> w.i32Field(ids[f], ids[f] == 1 ? 1 : 0);
                    case 2 -> w.field(2, LIST).listHeader(1, ThriftWriter.I32).i32(0);
                    case 3 -> w.field(3, LIST).listHeader(1, ThriftWriter.BINARY).string("x");
                    default -> w.i64Field(ids[f], ids[f] == 9 ? 4 : 10);
                }
            }
            w.end().end().end();
            w.end();
            byte[] footer = w.bytes();
            if (k < 0) {
                ColumnMetaData m = decode(footer).rowGroups().get(0).columns().get(0).metaData();
                assertThat(m.type()).isEqualTo(PhysicalType.INT32);
                assertThat(m.dataPageOffset()).isEqualTo(4);
                RowGroup rg = decode(footer).rowGroups().get(0);
                assertThat(rg.numRows()).isEqualTo(-1);
                assertThat(rg.totalByteSize()).isEqualTo(-1);
                continue;
            }
            String name = names[k];
            assertThatThrownBy(() -> decode(footer)).as(name).isInstanceOf(MalformedFileException.class)
                    .hasMessage("Required field '" + name + "' was not present in the ColumnMetaData of column 0")
                    .extracting(e -> ((MalformedFileException) e).offset()).isEqualTo((long) at);
            // also where path_in_schema is not decoded: its presence is still checked
            assertThatThrownBy(() -> MetadataDecoder.decode(footer, 0, footer.length, 0,
                    MetadataDecoder.Options.ALL.withoutPathInSchema())).isInstanceOf(MalformedFileException.class);
        }
    }

    /** Issue 20: a PageEncodingStats without page_type, encoding or count is refused, as parquet-java does. */
    @Test
    void aPageEncodingStatsWithoutARequiredFieldIsRefused() {
        String[] names = {"page_type", "encoding", "count"};
        for (int k = 0; k < 3; k++) {
            ThriftWriter w = new ThriftWriter().begin();
            w.field(2, LIST).listHeader(2, STRUCT).begin().stringField(4, "root").i32Field(5, 1).end()
                    .begin().i32Field(1, 1).i32Field(3, 0).stringField(4, "x").end();
            w.field(4, LIST).listHeader(1, STRUCT).begin().field(1, LIST).listHeader(1, STRUCT)
                    .begin().field(3, STRUCT).begin().i32Field(1, 1).field(2, LIST).listHeader(1, ThriftWriter.I32).i32(0)
                    .field(3, LIST).listHeader(1, ThriftWriter.BINARY).string("x").i32Field(4, 0).i64Field(5, 1)
                    .i64Field(6, 10).i64Field(7, 10).i64Field(9, 4)
                    .field(13, LIST).listHeader(2, STRUCT).begin().i32Field(1, 2).i32Field(2, 0).i32Field(3, 1).end();
            int at = w.size();
            w.begin();
            for (int f = 0; f < 3; f++) {
                if (f != k) {
                    w.i32Field(f + 1, f == 2 ? 5 : 0);
                }
            }
            w.end().end().end().end();
            w.end();
            byte[] footer = w.bytes();
            assertThatThrownBy(() -> decode(footer)).as(names[k]).isInstanceOf(MalformedFileException.class)
                    .hasMessage("Required field '" + names[k] + "' was not present in PageEncodingStats 1 of column 0")
                    .extracting(e -> ((MalformedFileException) e).offset()).isEqualTo((long) at);
        }
    }

    @Test
    void everyLogicalTypeMember() {
        ThriftWriter w = new ThriftWriter().begin();
        LogicalWriter[] members = {
            lw -> lw.emptyStructField(1),
            lw -> lw.emptyStructField(2),
            lw -> lw.emptyStructField(3),
            lw -> lw.emptyStructField(4),
            lw -> lw.field(5, STRUCT).begin().i32Field(1, 3).i32Field(2, 20).end(),
            lw -> lw.emptyStructField(6),
            lw -> lw.field(7, STRUCT).begin().boolField(1, true).field(2, STRUCT).begin().emptyStructField(1).end().end(),
            lw -> lw.field(8, STRUCT).begin().boolField(1, false).field(2, STRUCT).begin().emptyStructField(3).end()
                    .end(),
            lw -> lw.field(10, STRUCT).begin().field(1, I8).i8(16).boolField(2, false).end(),
            lw -> lw.emptyStructField(11),
            lw -> lw.emptyStructField(12),
            lw -> lw.emptyStructField(13),
            lw -> lw.emptyStructField(14),
            lw -> lw.emptyStructField(15),
            lw -> lw.field(16, STRUCT).begin().field(1, I8).i8(1).end(),
            lw -> lw.field(17, STRUCT).begin().stringField(1, "EPSG:4326").end(),
            lw -> lw.field(18, STRUCT).begin().stringField(1, "OGC:CRS84").i32Field(2, 3).end(),
            lw -> lw.emptyStructField(19), // VECTOR: newer than this reader
            lw -> lw.field(25, STRUCT).begin().i32Field(1, 1).unknownFieldsOfEveryType(2).end(),
            // TIMESTAMP with a unit from the future
            lw -> lw.field(8, STRUCT).begin().boolField(1, true).field(2, STRUCT).begin().emptyStructField(4).end()
                    .end(),
            lw -> lw.field(10, STRUCT).begin().field(1, I8).i8(7).boolField(2, true).end(), // no such width
            lw -> lw.field(1, I32).i32(5), // a member that is not a struct
            lw -> { }, // an empty union
            // a known member with unknown fields of every type inside
            lw -> lw.field(5, STRUCT).begin().unknownFieldsOfEveryType(3).field(1, I32).i32(4).field(2, I32).i32(9)
                    .end(),
        };
        w.field(2, LIST).listHeader(members.length + 1, STRUCT);
        w.begin().stringField(4, "root").i32Field(5, members.length).end();
        for (int i = 0; i < members.length; i++) {
            w.begin().i32Field(1, 1).i32Field(3, 1).stringField(4, "c" + i).field(10, STRUCT).begin();
            members[i].write(w);
            w.end().end();
        }
        w.field(4, LIST).listHeader(0, STRUCT);
        w.end();
        List<LogicalType> types = decode(w.bytes()).schema().stream().skip(1).map(SchemaElement::logicalType).toList();
        assertThat(types).containsExactly(
                new LogicalType.StringType(), new LogicalType.MapType(), new LogicalType.ListType(),
                new LogicalType.EnumType(), new LogicalType.DecimalType(3, 20), new LogicalType.DateType(),
                new LogicalType.TimeType(true, TimeUnit.MILLIS), new LogicalType.TimestampType(false, TimeUnit.NANOS),
                new LogicalType.IntType(16, false), new LogicalType.NullType(), new LogicalType.JsonType(),
                new LogicalType.BsonType(), new LogicalType.UuidType(), new LogicalType.Float16Type(),
                new LogicalType.VariantType(), new LogicalType.GeometryType("EPSG:4326"),
                new LogicalType.GeographyType("OGC:CRS84", 3), new LogicalType.Unknown(19),
                new LogicalType.Unknown(25), new LogicalType.Unknown(8), new LogicalType.Unknown(10),
                new LogicalType.Unknown(1), new LogicalType.Unknown(0), new LogicalType.DecimalType(4, 9));
    }

    @Test
    void aRepetitionFromTheFutureIsUnsupported() {
        ThriftWriter w = new ThriftWriter().begin();
        w.field(2, LIST).listHeader(2, STRUCT).begin().stringField(4, "root").i32Field(5, 1).end()
                .begin().i32Field(1, 1).i32Field(3, 3).stringField(4, "v").end();
        w.field(4, LIST).listHeader(0, STRUCT).end();
        assertThatThrownBy(() -> decode(w.bytes())).isInstanceOf(UnsupportedFeatureException.class)
                .hasMessageContaining("VECTOR");
    }

    @Test
    void hostileListSizesAllocateNothing() {
        // A list that claims 2^31-1 elements in a few bytes.
        byte[] footer = new ThriftWriter().begin().field(2, LIST).raw(0xFC, 0xFF, 0xFF, 0xFF, 0xFF, 0x07).end().bytes();
        assertThatThrownBy(() -> MetadataDecoder.decode(footer, 0, footer.length, 500))
                .isInstanceOf(MalformedFileException.class).hasMessageContaining("elements");
    }

    // ---- projection ------------------------------------------------------------------------

    @Test
    void projectionDecodesOnlyTheSelectedChunks() {
        byte[] footer = syntheticFooter(true);
        FileMetaData all = decode(footer);
        FileMetaData one = MetadataDecoder.decode(footer, 0, footer.length, 0, MetadataDecoder.Options.columns(1));
        for (int g = 0; g < 2; g++) {
            List<ColumnChunk> cols = one.rowGroups().get(g).columns();
            assertThat(cols).hasSize(4);
            assertThat(cols.get(0)).isNull();
            assertThat(cols.get(2)).isNull();
            assertThat(cols.get(3)).isNull();
            assertThat(cols.get(1)).usingRecursiveComparison().isEqualTo(all.rowGroups().get(g).columns().get(1));
        }
        // by name, through the schema
        FileMetaData named = MetadataDecoder.decode(footer, 0, footer.length, 0,
                MetadataDecoder.Options.columns(Schema.selector(List.of("G.B", "d"))).withoutPathInSchema());
        List<ColumnChunk> cols = named.rowGroups().get(0).columns();
        assertThat(cols.get(0)).isNull();
        assertThat(cols.get(1).metaData().pathInSchema()).isNull();
        assertThat(cols.get(1).metaData().numValues()).isEqualTo(11);
        assertThat(cols.get(3).metaData().numValues()).isEqualTo(13);
    }

    @Test
    void pathsRepeatedAcrossRowGroupsAreShared() {
        FileMetaData md = decode(syntheticFooter(false));
        List<String> first = md.rowGroups().get(0).columns().get(1).metaData().pathInSchema();
        List<String> second = md.rowGroups().get(1).columns().get(1).metaData().pathInSchema();
        assertThat(second).isSameAs(first).containsExactly("g", "b");
    }

    /**
     * List fields reused from the previous row group only where their bytes repeat: row groups
     * 0, 1 and 3 write the same path, encodings, encoding stats (and size statistics, decoded anew), row group 2 other values
     * (of the same byte length where possible), so row group 3 must not take row group 2's.
     */
    @Test
    void listFieldsAreReusedOnlyWhereTheirBytesRepeat() {
        String[][] paths = {{"ab", "x"}, {"ab", "x"}, {"ab", "y"}, {"ab", "x"}};
        int[][] encodings = {{0, 8}, {0, 8}, {0, 3}, {0, 8}};
        int[] pageCounts = {4, 4, 5, 4};
        long[] unencoded = {50, 50, 60, 50};
        ThriftWriter w = new ThriftWriter();
        w.begin();
        w.field(2, LIST).listHeader(3, STRUCT);
        w.begin().stringField(4, "schema").i32Field(5, 1).end();
        w.begin().stringField(4, "ab").i32Field(3, 0).i32Field(5, 1).end();
        w.begin().i32Field(1, 1).i32Field(3, 0).stringField(4, paths[0][1]).end();
        w.i64Field(3, 4);
        w.field(4, LIST).listHeader(4, STRUCT);
        for (int g = 0; g < 4; g++) {
            w.begin().field(1, LIST).listHeader(1, STRUCT);
            w.begin().i64Field(2, 0).field(3, STRUCT).begin().i32Field(1, 1);
            w.field(2, LIST).listHeader(2, I32).i32(encodings[g][0]).i32(encodings[g][1]);
            w.field(3, LIST).listHeader(2, BINARY).string(paths[g][0]).string(paths[g][1]);
            w.i32Field(4, 0).i64Field(5, 1).i64Field(6, 10).i64Field(7, 10).i64Field(9, 4 + 10L * g);
            w.field(13, LIST).listHeader(1, STRUCT).begin().i32Field(1, 0).i32Field(2, 0)
                    .i32Field(3, pageCounts[g]).end();
            w.field(16, STRUCT).begin().i64Field(1, unencoded[g]).end();
            w.end().end();
            w.i64Field(2, 10).i64Field(3, 1).end();
        }
        w.end();
        byte[] footer = w.bytes();
        FileMetaData md = decode(footer);
        ColumnMetaData[] meta = new ColumnMetaData[4];
        for (int g = 0; g < 4; g++) {
            meta[g] = md.rowGroups().get(g).columns().get(0).metaData();
            assertThat(meta[g].pathInSchema()).as("row group " + g).containsExactly(paths[g]);
            assertThat(meta[g].encodings()).as("row group " + g).containsExactly(encodings[g]);
            assertThat(meta[g].encodingStats()).as("row group " + g)
                    .containsExactly(new PageEncodingStats(0, 0, pageCounts[g]));
            assertThat(meta[g].sizeStatistics().unencodedByteArrayDataBytes()).isEqualTo(unencoded[g]);
            assertThat(meta[g].dataPageOffset()).isEqualTo(4 + 10L * g);
        }
        assertThat(meta[1].pathInSchema()).isSameAs(meta[0].pathInSchema());
        assertThat(meta[1].encodings()).isSameAs(meta[0].encodings());
        assertThat(meta[1].encodingStats()).isSameAs(meta[0].encodingStats());
        // The same again through a reader that does not expose its array to the decoder.
        FileMetaData viaReader = MetadataDecoder.decode(
                new io.pqlab.internal.thrift.CompactReader(footer, 0), MetadataDecoder.Options.ALL);
        assertThat(viaReader).usingRecursiveComparison().isEqualTo(md);
    }

    static List<Path> dataFiles() {
        return FormatFixtures.dataFiles();
    }

    /** On every fixture, each single-column projection decodes that chunk exactly as the full decode does. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dataFiles")
    void projectionAgreesWithTheFullDecode(Path path) throws IOException {
        BytesSource source = new BytesSource(path.toString(), Files.readAllBytes(path));
        FileMetaData all = FooterReader.read(source).metadata();
        int columns = all.rowGroups().isEmpty() ? 0 : all.rowGroups().get(0).columns().size();
        for (int c = 0; c < columns; c++) {
            FileMetaData one = FooterReader.read(source, MetadataDecoder.Options.columns(c)).metadata();
            assertThat(one.schema()).usingRecursiveComparison().isEqualTo(all.schema());
            for (int g = 0; g < all.rowGroups().size(); g++) {
                List<ColumnChunk> cols = one.rowGroups().get(g).columns();
                for (int k = 0; k < cols.size(); k++) {
                    if (k == c) {
                        assertThat(cols.get(k)).usingRecursiveComparison()
                                .isEqualTo(all.rowGroups().get(g).columns().get(k));
                    } else {
                        assertThat(cols.get(k)).isNull();
                    }
                }
            }
        }
        FileMetaData noPaths = FooterReader.read(source, MetadataDecoder.Options.ALL.withoutPathInSchema()).metadata();
        assertThat(noPaths.rowGroups().stream().flatMap(rg -> rg.columns().stream())
                .map(cc -> cc.metaData().pathInSchema())).containsOnlyNulls();
        assertThat(noPaths.numRows()).isEqualTo(all.numRows());
    }
}
