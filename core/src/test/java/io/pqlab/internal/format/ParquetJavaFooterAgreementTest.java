package io.pqlab.internal.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.FileException;
import io.pqlab.MalformedFileException;
import io.pqlab.ParquetFile;
import io.pqlab.io.BytesSource;
import io.pqlab.oracle.ParquetJava;
import io.pqlab.schema.ColumnDescriptor;
import io.pqlab.schema.LogicalType;
import io.pqlab.schema.PhysicalType;
import io.pqlab.schema.Schema;
import io.pqlab.schema.SchemaElement;
import io.pqlab.schema.TimeUnit;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.internal.hadoop.metadata.IndexReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * For every fixture, what pqlab decodes from the footer agrees with two independent readings by
 * parquet-java: its high-level footer ({@link ParquetFileReader#getFooter()}: row groups, chunk
 * offsets and sizes, codecs, encodings, index references, Bloom offsets, schema paths and levels,
 * created_by, key-value metadata) and its generated Thrift classes
 * ({@link Util#readFileMetaData}: every raw field, statistics bytes included, which parquet-java's
 * high-level API filters).
 */
class ParquetJavaFooterAgreementTest {

    static List<Path> files() {
        return FormatFixtures.allFiles();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void footerAgreesWithParquetJava(Path path) throws IOException {
        byte[] file = Files.readAllBytes(path);

        ParquetMetadata pj = null;
        Exception pjError = null;
        try (ParquetFileReader reader = ParquetJava.open(path)) {
            pj = reader.getFooter();
        } catch (Exception e) {
            pjError = e;
        }
        org.apache.parquet.format.FileMetaData raw = null;
        try {
            raw = Util.readFileMetaData(new ByteArrayInputStream(FormatFixtures.footerBytes(file)));
        } catch (Exception e) {
            // the Thrift reading fails too: checked below
        }

        // The decoder alone, against the generated Thrift classes, wherever those can read it.
        if (raw != null) {
            Footer footer = FooterReader.read(new BytesSource(path.toString(), file));
            compareRaw(raw, footer.metadata());
        }

        ParquetFile ours;
        try {
            ours = ParquetFile.open(new BytesSource(path.toString(), file));
        } catch (FileException e) {
            // pqlab refuses the file: only acceptable where parquet-java's reading fails too
            // (ARROW-GH-41317: a chunk's path_in_schema is not its schema column's; PARQUET-1481:
            // a corrupted physical type).
            assertThat(pjError)
                    .as("pqlab rejects %s (%s) but parquet-java reads it", path, e.describe())
                    .isNotNull();
            return;
        }
        try (ours) {
            if (pj != null) {
                compareHighLevel(pj, ours);
            }
            // else parquet-java refuses the file for a reason of its own; the raw comparison
            // above is what can be checked.
        }
    }

    /**
     * parquet-java cannot open two of the fixtures; for those only the generated Thrift (where it
     * can read the footer) judges pqlab's decoding, and pqlab refuses both for the defect
     * parquet-java trips on.
     */
    @Test
    void filesParquetJavaCannotOpen() {
        List<String> refused = List.of("ARROW-GH-41317.parquet", "PARQUET-1481.parquet");
        for (Path p : FormatFixtures.allFiles()) {
            boolean pjOpens;
            try (ParquetFileReader r = ParquetJava.open(p)) {
                pjOpens = r.getFooter() != null;
            } catch (Exception e) {
                pjOpens = false;
            }
            assertThat(pjOpens).as("parquet-java opens %s", p).isEqualTo(!refused.contains(p.getFileName().toString()));
        }
        // a chunk's path_in_schema that is not its schema column's
        assertThatThrownBy(() -> ParquetFile.open(FormatFixtures.BAD.resolve(refused.get(0))))
                .isInstanceOf(MalformedFileException.class).hasMessageContaining("path_in_schema timestampWus_no_tz");
        // a negative physical type code
        assertThatThrownBy(() -> ParquetFile.open(FormatFixtures.BAD.resolve(refused.get(1))))
                .isInstanceOf(MalformedFileException.class).hasMessageContaining("physical type code -7");
    }

    @Test
    void encryptedFooterIsRefusedWithTheEncryptedFooterMessage() {
        assertThatThrownBy(() -> ParquetFile.open(FormatFixtures.ENCRYPTED))
                .isInstanceOf(io.pqlab.DecryptionException.class)
                .hasMessageContaining("no footer key was given: pass --footer-key");
        // parquet-java cannot read it without keys either.
        assertThatThrownBy(() -> ParquetJava.open(FormatFixtures.ENCRYPTED).close())
                .isInstanceOf(Exception.class);
    }

    // ---- parquet-java's footer -------------------------------------------------------------

    private static void compareHighLevel(ParquetMetadata pj, ParquetFile ours) {
        FileMetaData md = ParquetFiles.metadata(ours);
        Schema schema = ours.schema();
        assertThat(md.createdBy()).isEqualTo(pj.getFileMetaData().getCreatedBy());
        Map<String, String> kv = new HashMap<>();
        for (KeyValue e : md.keyValueMetadata()) {
            kv.put(e.key(), e.value());
        }
        assertThat(kv).isEqualTo(pj.getFileMetaData().getKeyValueMetaData());

        List<org.apache.parquet.column.ColumnDescriptor> pjColumns = pj.getFileMetaData().getSchema().getColumns();
        assertThat(schema.columnCount()).isEqualTo(pjColumns.size());
        for (int i = 0; i < pjColumns.size(); i++) {
            org.apache.parquet.column.ColumnDescriptor p = pjColumns.get(i);
            ColumnDescriptor c = schema.column(i);
            assertThat(c.path()).containsExactly(p.getPath());
            assertThat(c.maxDefinitionLevel()).as("max def of %s", c.dottedPath()).isEqualTo(p.getMaxDefinitionLevel());
            assertThat(c.maxRepetitionLevel()).as("max rep of %s", c.dottedPath()).isEqualTo(p.getMaxRepetitionLevel());
            assertThat(c.type().name()).isEqualTo(physicalName(p.getPrimitiveType().getPrimitiveTypeName()));
            if (c.type() == PhysicalType.FIXED_LEN_BYTE_ARRAY) {
                assertThat(c.typeLength()).isEqualTo(p.getPrimitiveType().getTypeLength());
            }
            assertThat(schema.column(c.dottedPath())).isSameAs(c);
        }
        // The rendering names the same nodes in the same order as parquet-java's.
        assertThat(normalize(schema.render())).isEqualTo(normalize(pj.getFileMetaData().getSchema().toString()));

        List<BlockMetaData> blocks = pj.getBlocks();
        assertThat(md.rowGroups()).hasSize(blocks.size());
        for (int g = 0; g < blocks.size(); g++) {
            BlockMetaData b = blocks.get(g);
            RowGroup rg = md.rowGroups().get(g);
            assertThat(rg.numRows()).isEqualTo(b.getRowCount());
            assertThat(rg.totalByteSize()).isEqualTo(b.getTotalByteSize());
            assertThat(rg.columns()).hasSize(b.getColumns().size());
            for (int c = 0; c < b.getColumns().size(); c++) {
                compareChunk(b.getColumns().get(c), ParquetFiles.chunk(ours, g, c), schema.column(c));
            }
        }
    }

    private static void compareChunk(ColumnChunkMetaData p, ColumnChunk cc, ColumnDescriptor column) {
        String what = column.dottedPath();
        ColumnMetaData m = cc.metaData();
        assertThat(m.pathInSchema()).as(what).containsExactly(p.getPath().toArray());
        assertThat(m.type().name()).as(what).isEqualTo(physicalName(p.getPrimitiveType().getPrimitiveTypeName()));
        assertThat(m.codec()).as(what).isEqualTo(p.getCodec().getParquetCompressionCodec().getValue());
        Set<String> encodings = new TreeSet<>();
        for (int e : m.encodings()) {
            encodings.add(Encoding.name(e));
        }
        assertThat(encodings).as(what)
                .isEqualTo(p.getEncodings().stream().map(Enum::name).collect(Collectors.toCollection(TreeSet::new)));
        assertThat(m.numValues()).as(what).isEqualTo(p.getValueCount());
        assertThat(m.dataPageOffset()).as(what).isEqualTo(p.getFirstDataPageOffset());
        assertThat(m.chunkStart()).as(what).isEqualTo(p.getStartingPos());
        assertThat(m.totalCompressedSize()).as(what).isEqualTo(p.getTotalSize());
        assertThat(m.totalUncompressedSize()).as(what).isEqualTo(p.getTotalUncompressedSize());
        assertThat(m.hasDictionaryPageOffset() && m.dictionaryPageOffset() > 0 ? m.dictionaryPageOffset() : 0)
                .as(what).isEqualTo(p.getDictionaryPageOffset());
        IndexReference ci = p.getColumnIndexReference();
        assertThat(cc.hasColumnIndex()).as(what).isEqualTo(ci != null);
        if (ci != null) {
            assertThat(cc.columnIndexOffset()).isEqualTo(ci.getOffset());
            assertThat(cc.columnIndexLength()).isEqualTo(ci.getLength());
        }
        IndexReference oi = p.getOffsetIndexReference();
        assertThat(cc.hasOffsetIndex()).as(what).isEqualTo(oi != null);
        if (oi != null) {
            assertThat(cc.offsetIndexOffset()).isEqualTo(oi.getOffset());
            assertThat(cc.offsetIndexLength()).isEqualTo(oi.getLength());
        }
        assertThat(m.bloomFilterOffset()).as(what).isEqualTo(p.getBloomFilterOffset());
        assertThat(m.bloomFilterLength()).as(what).isEqualTo(p.getBloomFilterLength());
        org.apache.parquet.column.statistics.Statistics<?> ps = p.getStatistics();
        if (ps != null && ps.isNumNullsSet() && m.statistics() != null) {
            assertThat(m.statistics().nullCount()).as(what).isEqualTo(ps.getNumNulls());
        }
        if (ps != null && ps.hasNonNullValue() && m.statistics() != null) {
            // parquet-java keeps min_value/max_value where it trusts them, else the deprecated
            // pair; the bytes it keeps are one of the two pqlab decoded.
            // For floating point, parquet-java writes a zero min as -0.0 and a zero max as +0.0.
            Statistics s = m.statistics();
            assertThat(List.of(hex(s.minValue()), hex(s.min())).stream().map(h -> zero(h, m.type())).toList())
                    .as(what).contains(zero(hex(ps.getMinBytes()), m.type()));
            assertThat(List.of(hex(s.maxValue()), hex(s.max())).stream().map(h -> zero(h, m.type())).toList())
                    .as(what).contains(zero(hex(ps.getMaxBytes()), m.type()));
        }
        assertThat(cc.encrypted()).as(what).isEqualTo(p.isEncrypted());
    }

    /**
     * Whitespace-insensitive, case-insensitive form of a schema rendering, without the column
     * orders parquet-java prints for floating-point columns.
     */
    private static String normalize(String schema) {
        return schema.replaceAll("\\s+", " ").trim().toLowerCase().replaceAll(" columnorder\\([a-z_0-9]+\\)", "");
    }

    private static String physicalName(org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName t) {
        return t == org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BINARY ? "BYTE_ARRAY" : t.name();
    }

    // ---- generated Thrift ------------------------------------------------------------------

    private static void compareRaw(org.apache.parquet.format.FileMetaData raw, FileMetaData md) {
        assertThat(md.version()).isEqualTo(raw.getVersion());
        assertThat(md.numRows()).isEqualTo(raw.getNum_rows());
        assertThat(md.createdBy()).isEqualTo(raw.getCreated_by());
        assertThat(md.encryptionAlgorithm()).isEqualTo(raw.isSetEncryption_algorithm());
        List<KeyValue> kv = new ArrayList<>();
        if (raw.isSetKey_value_metadata()) {
            for (org.apache.parquet.format.KeyValue e : raw.getKey_value_metadata()) {
                kv.add(new KeyValue(e.getKey(), e.getValue()));
            }
        }
        assertThat(md.keyValueMetadata()).isEqualTo(kv);
        if (raw.isSetColumn_orders()) {
            assertThat(md.columnOrders()).hasSize(raw.getColumn_ordersSize());
            for (int i = 0; i < raw.getColumn_ordersSize(); i++) {
                org.apache.parquet.format.ColumnOrder o = raw.getColumn_orders().get(i);
                assertThat(md.columnOrders().get(i) == ColumnOrder.TYPE_DEFINED).isEqualTo(o.isSetTYPE_ORDER());
            }
        } else {
            assertThat(md.columnOrders()).isNull();
        }

        assertThat(md.schema()).hasSize(raw.getSchemaSize());
        for (int i = 0; i < raw.getSchemaSize(); i++) {
            compareElement(raw.getSchema().get(i), md.schema().get(i));
        }

        assertThat(md.rowGroups()).hasSize(raw.getRow_groupsSize());
        for (int g = 0; g < raw.getRow_groupsSize(); g++) {
            org.apache.parquet.format.RowGroup r = raw.getRow_groups().get(g);
            RowGroup rg = md.rowGroups().get(g);
            assertThat(rg.numRows()).isEqualTo(r.getNum_rows());
            assertThat(rg.totalByteSize()).isEqualTo(r.getTotal_byte_size());
            assertThat(rg.fileOffset()).isEqualTo(r.isSetFile_offset() ? r.getFile_offset() : -1);
            assertThat(rg.totalCompressedSize())
                    .isEqualTo(r.isSetTotal_compressed_size() ? r.getTotal_compressed_size() : -1);
            assertThat(rg.ordinal()).isEqualTo(r.isSetOrdinal() ? r.getOrdinal() : -1);
            if (r.isSetSorting_columns()) {
                assertThat(rg.sortingColumns()).hasSize(r.getSorting_columnsSize());
                for (int s = 0; s < r.getSorting_columnsSize(); s++) {
                    org.apache.parquet.format.SortingColumn sc = r.getSorting_columns().get(s);
                    assertThat(rg.sortingColumns().get(s))
                            .isEqualTo(new SortingColumn(sc.getColumn_idx(), sc.isDescending(), sc.isNulls_first()));
                }
            } else {
                assertThat(rg.sortingColumns()).isNull();
            }
            assertThat(rg.columns()).hasSize(r.getColumnsSize());
            for (int c = 0; c < r.getColumnsSize(); c++) {
                compareRawChunk(r.getColumns().get(c), rg.columns().get(c));
            }
        }
    }

    private static void compareElement(org.apache.parquet.format.SchemaElement r, SchemaElement e) {
        assertThat(e.name()).isEqualTo(r.getName());
        assertThat(e.typeCode()).isEqualTo(r.isSetType() ? r.getType().getValue() : -1);
        assertThat(e.typeLength()).isEqualTo(r.isSetType_length() ? r.getType_length() : -1);
        assertThat(e.repetition() == null ? -1 : e.repetition().ordinal())
                .isEqualTo(r.isSetRepetition_type() ? r.getRepetition_type().getValue() : -1);
        assertThat(e.numChildren()).isEqualTo(r.isSetNum_children() ? r.getNum_children() : -1);
        assertThat(e.convertedType() == null ? -1 : e.convertedType().ordinal())
                .isEqualTo(r.isSetConverted_type() ? r.getConverted_type().getValue() : -1);
        assertThat(e.scale()).isEqualTo(r.isSetScale() ? r.getScale() : -1);
        assertThat(e.precision()).isEqualTo(r.isSetPrecision() ? r.getPrecision() : -1);
        assertThat(e.fieldId()).isEqualTo(r.isSetField_id() ? r.getField_id() : -1);
        if (!r.isSetLogicalType()) {
            assertThat(e.logicalType()).isNull();
            return;
        }
        org.apache.parquet.format.LogicalType lt = r.getLogicalType();
        LogicalType ours = e.logicalType();
        switch (lt.getSetField()) {
            case STRING -> assertThat(ours).isInstanceOf(LogicalType.StringType.class);
            case MAP -> assertThat(ours).isInstanceOf(LogicalType.MapType.class);
            case LIST -> assertThat(ours).isInstanceOf(LogicalType.ListType.class);
            case ENUM -> assertThat(ours).isInstanceOf(LogicalType.EnumType.class);
            case DATE -> assertThat(ours).isInstanceOf(LogicalType.DateType.class);
            case DECIMAL -> assertThat(ours).isEqualTo(
                    new LogicalType.DecimalType(lt.getDECIMAL().getScale(), lt.getDECIMAL().getPrecision()));
            case TIME -> assertThat(ours).isEqualTo(new LogicalType.TimeType(lt.getTIME().isIsAdjustedToUTC(),
                    unit(lt.getTIME().getUnit())));
            case TIMESTAMP -> assertThat(ours).isEqualTo(new LogicalType.TimestampType(
                    lt.getTIMESTAMP().isIsAdjustedToUTC(), unit(lt.getTIMESTAMP().getUnit())));
            case INTEGER -> assertThat(ours).isEqualTo(
                    new LogicalType.IntType(lt.getINTEGER().getBitWidth(), lt.getINTEGER().isIsSigned()));
            case UNKNOWN -> assertThat(ours).isInstanceOf(LogicalType.NullType.class);
            case JSON -> assertThat(ours).isInstanceOf(LogicalType.JsonType.class);
            case BSON -> assertThat(ours).isInstanceOf(LogicalType.BsonType.class);
            case UUID -> assertThat(ours).isInstanceOf(LogicalType.UuidType.class);
            case FLOAT16 -> assertThat(ours).isInstanceOf(LogicalType.Float16Type.class);
            case VARIANT -> assertThat(ours).isInstanceOf(LogicalType.VariantType.class);
            case GEOMETRY -> assertThat(ours).isInstanceOf(LogicalType.GeometryType.class);
            case GEOGRAPHY -> assertThat(ours).isInstanceOf(LogicalType.GeographyType.class);
            default -> throw new AssertionError("a logical type this test does not know: " + lt);
        }
    }

    private static TimeUnit unit(org.apache.parquet.format.TimeUnit u) {
        return u.isSetMILLIS() ? TimeUnit.MILLIS : u.isSetMICROS() ? TimeUnit.MICROS : TimeUnit.NANOS;
    }

    private static void compareRawChunk(org.apache.parquet.format.ColumnChunk r, ColumnChunk cc) {
        assertThat(cc.filePath()).isEqualTo(r.getFile_path());
        assertThat(cc.fileOffset()).isEqualTo(r.getFile_offset());
        assertThat(cc.offsetIndexOffset()).isEqualTo(r.isSetOffset_index_offset() ? r.getOffset_index_offset() : -1);
        assertThat(cc.offsetIndexLength()).isEqualTo(r.isSetOffset_index_length() ? r.getOffset_index_length() : -1);
        assertThat(cc.columnIndexOffset()).isEqualTo(r.isSetColumn_index_offset() ? r.getColumn_index_offset() : -1);
        assertThat(cc.columnIndexLength()).isEqualTo(r.isSetColumn_index_length() ? r.getColumn_index_length() : -1);
        assertThat(cc.encrypted()).isEqualTo(r.isSetCrypto_metadata());
        assertThat(cc.metaData() != null).isEqualTo(r.isSetMeta_data());
        if (!r.isSetMeta_data()) {
            return;
        }
        org.apache.parquet.format.ColumnMetaData rm = r.getMeta_data();
        ColumnMetaData m = cc.metaData();
        assertThat(m.type().ordinal()).isEqualTo(rm.getType().getValue());
        assertThat(m.encodings()).containsExactly(rm.getEncodings().stream().mapToInt(e -> e.getValue()).toArray());
        assertThat(m.pathInSchema()).isEqualTo(rm.getPath_in_schema());
        assertThat(m.codec()).isEqualTo(rm.getCodec().getValue());
        assertThat(m.numValues()).isEqualTo(rm.getNum_values());
        assertThat(m.totalUncompressedSize()).isEqualTo(rm.getTotal_uncompressed_size());
        assertThat(m.totalCompressedSize()).isEqualTo(rm.getTotal_compressed_size());
        assertThat(m.dataPageOffset()).isEqualTo(rm.getData_page_offset());
        assertThat(m.indexPageOffset()).isEqualTo(rm.isSetIndex_page_offset() ? rm.getIndex_page_offset() : -1);
        assertThat(m.dictionaryPageOffset())
                .isEqualTo(rm.isSetDictionary_page_offset() ? rm.getDictionary_page_offset() : -1);
        assertThat(m.bloomFilterOffset()).isEqualTo(rm.isSetBloom_filter_offset() ? rm.getBloom_filter_offset() : -1);
        assertThat(m.bloomFilterLength()).isEqualTo(rm.isSetBloom_filter_length() ? rm.getBloom_filter_length() : -1);
        if (rm.isSetKey_value_metadata()) {
            assertThat(m.keyValueMetadata()).containsExactlyElementsOf(rm.getKey_value_metadata().stream()
                    .map(e -> new KeyValue(e.getKey(), e.getValue())).toList());
        } else {
            assertThat(m.keyValueMetadata()).isNull();
        }
        if (rm.isSetEncoding_stats()) {
            assertThat(m.encodingStats()).containsExactlyElementsOf(rm.getEncoding_stats().stream()
                    .map(s -> new PageEncodingStats(s.getPage_type().getValue(), s.getEncoding().getValue(),
                            s.getCount()))
                    .toList());
        } else {
            assertThat(m.encodingStats()).isNull();
        }
        compareStatistics(rm.isSetStatistics() ? rm.getStatistics() : null, m.statistics());
        if (rm.isSetSize_statistics()) {
            org.apache.parquet.format.SizeStatistics rs = rm.getSize_statistics();
            SizeStatistics s = m.sizeStatistics();
            assertThat(s.unencodedByteArrayDataBytes())
                    .isEqualTo(rs.isSetUnencoded_byte_array_data_bytes() ? rs.getUnencoded_byte_array_data_bytes() : -1);
            assertThat(s.repetitionLevelHistogram()).isEqualTo(rs.isSetRepetition_level_histogram()
                    ? rs.getRepetition_level_histogram().stream().mapToLong(Long::longValue).toArray() : null);
            assertThat(s.definitionLevelHistogram()).isEqualTo(rs.isSetDefinition_level_histogram()
                    ? rs.getDefinition_level_histogram().stream().mapToLong(Long::longValue).toArray() : null);
        } else {
            assertThat(m.sizeStatistics()).isNull();
        }
    }

    /** Every field of a raw Statistics against pqlab's (shared with the page header test). */
    static void compareStatistics(org.apache.parquet.format.Statistics r, Statistics s) {
        if (r == null) {
            assertThat(s).isNull();
            return;
        }
        assertThat(s.max()).isEqualTo(r.isSetMax() ? r.getMax() : null);
        assertThat(s.min()).isEqualTo(r.isSetMin() ? r.getMin() : null);
        assertThat(s.maxValue()).isEqualTo(r.isSetMax_value() ? r.getMax_value() : null);
        assertThat(s.minValue()).isEqualTo(r.isSetMin_value() ? r.getMin_value() : null);
        assertThat(s.nullCount()).isEqualTo(r.isSetNull_count() ? r.getNull_count() : -1);
        assertThat(s.distinctCount()).isEqualTo(r.isSetDistinct_count() ? r.getDistinct_count() : -1);
        assertThat(s.nanCount()).isEqualTo(r.isSetNan_count() ? r.getNan_count() : -1);
        assertThat(s.maxValueExact()).isEqualTo(r.isSetIs_max_value_exact() ? r.isIs_max_value_exact() : null);
        assertThat(s.minValueExact()).isEqualTo(r.isSetIs_min_value_exact() ? r.isIs_min_value_exact() : null);
    }

    /** The hex of a float or double zero of either sign, as that of +0. */
    private static String zero(String hex, PhysicalType type) {
        if (type == PhysicalType.FLOAT && hex.equals("00000080")) {
            return "00000000";
        }
        if (type == PhysicalType.DOUBLE && hex.equals("0000000000000080")) {
            return "0000000000000000";
        }
        return hex;
    }

    private static String hex(byte[] b) {
        if (b == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder();
        for (byte x : b) {
            sb.append(String.format("%02x", x));
        }
        return sb.toString();
    }
}
