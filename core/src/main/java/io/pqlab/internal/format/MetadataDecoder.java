package io.pqlab.internal.format;

import static io.pqlab.internal.thrift.CompactReader.BINARY;
import static io.pqlab.internal.thrift.CompactReader.BOOL_FALSE;
import static io.pqlab.internal.thrift.CompactReader.BOOL_TRUE;
import static io.pqlab.internal.thrift.CompactReader.I16;
import static io.pqlab.internal.thrift.CompactReader.I32;
import static io.pqlab.internal.thrift.CompactReader.I64;
import static io.pqlab.internal.thrift.CompactReader.I8;
import static io.pqlab.internal.thrift.CompactReader.LIST;
import static io.pqlab.internal.thrift.CompactReader.STOP;
import static io.pqlab.internal.thrift.CompactReader.STRUCT;

import io.pqlab.MalformedFileException;
import io.pqlab.UnsupportedFeatureException;
import io.pqlab.internal.crypto.ColumnCryptoMetaData;
import io.pqlab.internal.crypto.CryptoDecoder;
import io.pqlab.internal.thrift.CompactReader;
import io.pqlab.schema.ConvertedType;
import io.pqlab.schema.LogicalType;
import io.pqlab.schema.PhysicalType;
import io.pqlab.schema.Repetition;
import io.pqlab.schema.SchemaElement;
import io.pqlab.schema.TimeUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Decodes parquet.thrift's FileMetaData from its Thrift compact bytes into the records of this
 * package, by hand: one switch on the field id per structure, every unknown field (any id,
 * negative ones included) skipped by its wire type, a field whose wire type is not the one this
 * reader expects skipped too (as generated Thrift code does), so that it reads as absent.
 *
 * <p>Absent fields get the absent values the records document (-1, null, empty). A required field
 * missing from a structure the planner or the reader rests on (ColumnMetaData, PageEncodingStats)
 * makes the file malformed, as parquet-java, arrow-rs and DuckDB find it ("Required field
 * 'page_type' was not present"); a FileMetaData without a schema or without row groups is
 * malformed too, since reading it as "no data" would be a wrong answer. Elsewhere (names, key-value
 * pairs, sorting columns: display only) a missing required field is tolerated. An enum code pqlab
 * does not know is kept as it is, for display; the mechanism that would use it refuses the
 * evidence (docs/design/trust.md).
 *
 * <p>Projection: with {@link Options#columns}, only the selected leaf columns' ColumnChunks are
 * decoded; the others are skipped without building anything and stand as {@code null} in
 * {@link RowGroup#columns()}, so that the list's positions still match the leaf indexes.
 */
public final class MetadataDecoder {

    /**
     * What to decode.
     *
     * @param columns given the decoded schema list, the leaf indexes whose ColumnChunks to decode;
     *     null for all. Called once, when the schema has been decoded (writers put it before the
     *     row groups; if a file does not, every column is decoded).
     * @param pathInSchema whether to decode ColumnMetaData.path_in_schema (it repeats the schema;
     *     without it {@link ColumnMetaData#pathInSchema()} is null)
     */
    public record Options(Function<List<SchemaElement>, BitSet> columns, boolean pathInSchema) {
        /** Everything. */
        public static final Options ALL = new Options(null, true);

        /** Only these leaf columns' chunks. */
        public static Options columns(int... leafIndexes) {
            BitSet set = new BitSet();
            for (int i : leafIndexes) {
                set.set(i);
            }
            return new Options(schema -> set, true);
        }

        /** Only the chunks of the leaves that {@code selector} picks from the schema list. */
        public static Options columns(Function<List<SchemaElement>, BitSet> selector) {
            return new Options(Objects.requireNonNull(selector), true);
        }

        /** The same, without path_in_schema strings. */
        public Options withoutPathInSchema() {
            return new Options(columns, false);
        }
    }

    private final CompactReader r;
    private final boolean decodePaths;
    private final Function<List<SchemaElement>, BitSet> selector;
    private BitSet selected; // null: every column
    // Per leaf index, the list fields of the previous row group's chunk, reused when their
    // bytes repeat (wide footers spend much of their size and decoding time on them).
    private final Memo paths = new Memo();
    private final Memo encodingLists = new Memo();
    private final Memo encodingStatsLists = new Memo();

    private MetadataDecoder(CompactReader r, Options options) {
        this.r = r;
        this.decodePaths = options.pathInSchema();
        this.selector = options.columns();
    }

    /** Decodes a whole FileMetaData. */
    public static FileMetaData decode(byte[] buf, int offset, int length, long fileOffset) {
        return decode(buf, offset, length, fileOffset, Options.ALL);
    }

    /**
     * Decodes a FileMetaData from {@code buf[offset, offset + length)}, whose first byte lies at
     * {@code fileOffset + offset} in the file. Decoding stops at the structure's stop byte:
     * bytes after it (a plaintext footer's signature) are not read.
     */
    public static FileMetaData decode(byte[] buf, int offset, int length, long fileOffset, Options options) {
        CompactReader r = new CompactReader(buf, offset, length, fileOffset);
        return new MetadataDecoder(r, options).fileMetaData();
    }

    /**
     * Decodes a ColumnMetaData that fills {@code buf} (a decrypted encrypted_column_metadata) of
     * leaf column {@code index}; {@code fileOffset} is where errors point.
     */
    public static ColumnMetaData decodeColumnMetaData(byte[] buf, long fileOffset, int index) {
        return new MetadataDecoder(new CompactReader(buf, 0, buf.length, fileOffset), Options.ALL).columnMetaData(index);
    }

    /** Decodes FileMetaData from a reader positioned at its first field header. */
    public static FileMetaData decode(CompactReader r, Options options) {
        return new MetadataDecoder(r, options).fileMetaData();
    }

    // ---- FileMetaData ----------------------------------------------------------------------

    private FileMetaData fileMetaData() {
        long start = r.fileOffset();
        int version = -1;
        List<SchemaElement> schema = null;
        long numRows = -1;
        List<RowGroup> rowGroups = null;
        List<KeyValue> kv = List.of();
        String createdBy = null;
        List<ColumnOrder> orders = null;
        boolean encryption = false;
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            switch (r.fieldId()) {
                case 1 -> version = r.i32(t, version);
                case 2 -> {
                    if (t == LIST) {
                        schema = schemaList();
                        if (selector != null) {
                            selected = selector.apply(schema);
                        }
                    } else {
                        r.skip(t);
                    }
                }
                case 3 -> numRows = r.i64(t, numRows);
                case 4 -> {
                    if (t == LIST) rowGroups = rowGroups(); else r.skip(t);
                }
                case 5 -> {
                    if (t == LIST) kv = keyValues(); else r.skip(t);
                }
                case 6 -> createdBy = r.string(t, createdBy);
                case 7 -> {
                    if (t == LIST) orders = columnOrders(); else r.skip(t);
                }
                case 8 -> {
                    encryption = t == STRUCT;
                    r.skip(t);
                }
                default -> r.skip(t);
            }
        }
        r.structEnd();
        if (schema == null) {
            throw new MalformedFileException("the footer's FileMetaData has no schema", start);
        }
        if (rowGroups == null) {
            throw new MalformedFileException("the footer's FileMetaData has no row_groups list", start);
        }
        return new FileMetaData(version, schema, numRows, rowGroups, kv, createdBy, orders, encryption);
    }

    // ---- schema ----------------------------------------------------------------------------

    private List<SchemaElement> schemaList() {
        int n = r.readListHeader();
        if (r.elementType() != STRUCT) {
            throw r.error("the schema list has elements of Thrift type " + r.elementType() + ", not structs");
        }
        ArrayList<SchemaElement> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(schemaElement());
        }
        return Collections.unmodifiableList(list);
    }

    private SchemaElement schemaElement() {
        int typeCode = -1;
        int typeLength = -1;
        Repetition repetition = null;
        String name = "";
        int numChildren = -1;
        ConvertedType converted = null;
        int scale = -1;
        int precision = -1;
        int fieldId = -1;
        LogicalType logical = null;
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            switch (r.fieldId()) {
                case 1 -> {
                    if (t == I32) {
                        long at = r.fileOffset();
                        typeCode = r.readI32();
                        if (typeCode < 0) {
                            throw new MalformedFileException("a schema element with physical type code " + typeCode, at);
                        }
                    } else {
                        r.skip(t);
                    }
                }
                case 2 -> typeLength = r.i32(t, typeLength);
                case 3 -> {
                    if (t == I32) {
                        long at = r.fileOffset();
                        int code = r.readI32();
                        repetition = Repetition.of(code);
                        if (repetition == null) {
                            // VECTOR (3) and anything newer: the levels of such a column are
                            // defined by rules this reader does not know.
                            throw new UnsupportedFeatureException(
                                    "a schema element with repetition type " + code
                                            + (code == 3 ? " (VECTOR)" : "") + ", which pqlab does not read", at);
                        }
                    } else {
                        r.skip(t);
                    }
                }
                case 4 -> name = r.string(t, name);
                case 5 -> numChildren = r.i32(t, numChildren);
                case 6 -> {
                    if (t == I32) converted = ConvertedType.of(r.readI32()); else r.skip(t);
                }
                case 7 -> scale = r.i32(t, scale);
                case 8 -> precision = r.i32(t, precision);
                case 9 -> fieldId = r.i32(t, fieldId);
                case 10 -> {
                    if (t == STRUCT) logical = logicalType(); else r.skip(t);
                }
                default -> r.skip(t);
            }
        }
        r.structEnd();
        PhysicalType type = typeCode >= 0 ? PhysicalType.of(typeCode) : null;
        return new SchemaElement(type, typeCode, typeLength, repetition, name, numChildren, converted,
                scale, precision, fieldId, logical);
    }

    private static final LogicalType STRING = new LogicalType.StringType();
    private static final LogicalType MAP = new LogicalType.MapType();
    private static final LogicalType LIST_TYPE = new LogicalType.ListType();
    private static final LogicalType ENUM = new LogicalType.EnumType();
    private static final LogicalType DATE = new LogicalType.DateType();
    private static final LogicalType NULL = new LogicalType.NullType();
    private static final LogicalType JSON = new LogicalType.JsonType();
    private static final LogicalType BSON = new LogicalType.BsonType();
    private static final LogicalType UUID = new LogicalType.UuidType();
    private static final LogicalType FLOAT16 = new LogicalType.Float16Type();
    private static final LogicalType VARIANT = new LogicalType.VariantType();

    /** The LogicalType union; an unknown or malformed member becomes {@link LogicalType.Unknown}. */
    private LogicalType logicalType() {
        LogicalType result = null;
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            int id = r.fieldId();
            if (t != STRUCT) {
                r.skip(t);
                result = new LogicalType.Unknown(id);
                continue;
            }
            result = switch (id) {
                case 1 -> emptyStruct(STRING);
                case 2 -> emptyStruct(MAP);
                case 3 -> emptyStruct(LIST_TYPE);
                case 4 -> emptyStruct(ENUM);
                case 5 -> decimalType();
                case 6 -> emptyStruct(DATE);
                case 7 -> timeType(true);
                case 8 -> timeType(false);
                case 10 -> intType();
                case 11 -> emptyStruct(NULL);
                case 12 -> emptyStruct(JSON);
                case 13 -> emptyStruct(BSON);
                case 14 -> emptyStruct(UUID);
                case 15 -> emptyStruct(FLOAT16);
                case 16 -> emptyStruct(VARIANT); // specification_version is not needed here
                case 17 -> geometryType();
                case 18 -> geographyType();
                default -> {
                    r.skipStruct();
                    yield new LogicalType.Unknown(id);
                }
            };
        }
        r.structEnd();
        // A union with no member set says nothing known: treat it as an unknown annotation, so
        // that no order is assumed for the column.
        return result != null ? result : new LogicalType.Unknown(0);
    }

    /** Skips a struct the reader only needs the presence of (fields of newer versions included). */
    private LogicalType emptyStruct(LogicalType value) {
        r.skipStruct();
        return value;
    }

    private LogicalType decimalType() {
        int scale = -1;
        int precision = -1;
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            switch (r.fieldId()) {
                case 1 -> scale = r.i32(t, scale);
                case 2 -> precision = r.i32(t, precision);
                default -> r.skip(t);
            }
        }
        r.structEnd();
        return new LogicalType.DecimalType(scale, precision);
    }

    /** TimeType (time) or TimestampType; without a known unit the annotation is unknown. */
    private LogicalType timeType(boolean time) {
        boolean utc = false;
        TimeUnit unit = null;
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            switch (r.fieldId()) {
                case 1 -> {
                    if (t == BOOL_TRUE || t == BOOL_FALSE) utc = r.fieldBool(); else r.skip(t);
                }
                case 2 -> {
                    if (t == STRUCT) unit = timeUnit(); else r.skip(t);
                }
                default -> r.skip(t);
            }
        }
        r.structEnd();
        if (unit == null) {
            return new LogicalType.Unknown(time ? 7 : 8);
        }
        return time ? new LogicalType.TimeType(utc, unit) : new LogicalType.TimestampType(utc, unit);
    }

    private TimeUnit timeUnit() {
        TimeUnit unit = null;
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            int id = r.fieldId();
            if (t == STRUCT && id >= 1 && id <= 3) {
                r.skipStruct();
                unit = id == 1 ? TimeUnit.MILLIS : id == 2 ? TimeUnit.MICROS : TimeUnit.NANOS;
            } else {
                r.skip(t);
                unit = null; // an unknown member: the unit is not known
            }
        }
        r.structEnd();
        return unit;
    }

    private LogicalType intType() {
        int bitWidth = -1;
        boolean signed = true;
        boolean hasSigned = false;
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            switch (r.fieldId()) {
                case 1 -> {
                    if (t == I8) bitWidth = r.readByte(); else r.skip(t); // i8: one raw byte
                }
                case 2 -> {
                    if (t == BOOL_TRUE || t == BOOL_FALSE) {
                        signed = r.fieldBool();
                        hasSigned = true;
                    } else {
                        r.skip(t);
                    }
                }
                default -> r.skip(t);
            }
        }
        r.structEnd();
        if (!hasSigned || (bitWidth != 8 && bitWidth != 16 && bitWidth != 32 && bitWidth != 64)) {
            return new LogicalType.Unknown(10); // no signedness or width: no known order
        }
        return new LogicalType.IntType(bitWidth, signed);
    }

    private LogicalType geometryType() {
        String crs = null;
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            if (r.fieldId() == 1 && t == BINARY) crs = r.readString(); else r.skip(t);
        }
        r.structEnd();
        return new LogicalType.GeometryType(crs);
    }

    private LogicalType geographyType() {
        String crs = null;
        int algorithm = 0; // SPHERICAL when absent
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            switch (r.fieldId()) {
                case 1 -> crs = r.string(t, crs);
                case 2 -> algorithm = r.i32(t, algorithm);
                default -> r.skip(t);
            }
        }
        r.structEnd();
        return new LogicalType.GeographyType(crs, algorithm);
    }

    // ---- row groups ------------------------------------------------------------------------

    private List<RowGroup> rowGroups() {
        int n = r.readListHeader();
        if (r.elementType() != STRUCT) {
            throw r.error("the row_groups list has elements of Thrift type " + r.elementType() + ", not structs");
        }
        ArrayList<RowGroup> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(rowGroup());
        }
        return Collections.unmodifiableList(list);
    }

    private RowGroup rowGroup() {
        List<ColumnChunk> columns = List.of();
        long totalByteSize = -1;
        long numRows = -1;
        List<SortingColumn> sorting = null;
        long fileOffset = -1;
        long totalCompressed = -1;
        int ordinal = -1;
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            switch (r.fieldId()) {
                case 1 -> {
                    if (t == LIST) columns = columnChunks(); else r.skip(t);
                }
                case 2 -> totalByteSize = r.i64(t, totalByteSize);
                case 3 -> numRows = r.i64(t, numRows);
                case 4 -> {
                    if (t == LIST) sorting = sortingColumns(); else r.skip(t);
                }
                case 5 -> fileOffset = r.i64(t, fileOffset);
                case 6 -> totalCompressed = r.i64(t, totalCompressed);
                case 7 -> {
                    if (t == I16) ordinal = r.readI16(); else r.skip(t);
                }
                default -> r.skip(t);
            }
        }
        r.structEnd();
        return new RowGroup(columns, totalByteSize, numRows, sorting, fileOffset, totalCompressed, ordinal);
    }

    private List<ColumnChunk> columnChunks() {
        int n = r.readListHeader();
        int et = r.elementType();
        if (et != STRUCT) {
            throw r.error("a row group's columns list has elements of Thrift type " + et + ", not structs");
        }
        ColumnChunk[] chunks = new ColumnChunk[n];
        BitSet sel = selected;
        for (int i = 0; i < n; i++) {
            if (sel == null || sel.get(i)) {
                chunks[i] = columnChunk(i);
            } else {
                r.skipStruct(); // not projected: nothing is built
            }
        }
        // Arrays.asList: a fixed-size view that allows the nulls of skipped columns.
        return Collections.unmodifiableList(Arrays.asList(chunks));
    }

    // The per-chunk decoders below (ColumnChunk, ColumnMetaData, PageEncodingStats,
    // SizeStatistics, Statistics) run once per chunk, tens of thousands of times in a wide footer,
    // and spell each typed field out (if the wire type is right read it, else skip) rather than
    // call CompactReader's i32/i64/string/binary helpers as the once-per-file decoders do. The
    // behaviour is the same; the helper form measured about 10 % slower per decode of a small footer
    // (in-process A/B, docs/design/api.md "What opening a file costs"): with it C2 compiled the
    // large field loops less well. Keep these two forms as they are unless a measurement says otherwise.
    private ColumnChunk columnChunk(int index) {
        String filePath = null;
        long fileOffset = 0;
        ColumnMetaData meta = null;
        long oiOffset = -1;
        int oiLength = -1;
        long ciOffset = -1;
        int ciLength = -1;
        boolean encrypted = false;
        ColumnCryptoMetaData crypto = null;
        byte[] encryptedMeta = null;
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            switch (r.fieldId()) {
                case 1 -> {
                    if (t == BINARY) filePath = r.readString(); else r.skip(t);
                }
                case 2 -> {
                    if (t == I64) fileOffset = r.readI64(); else r.skip(t);
                }
                case 3 -> {
                    if (t == STRUCT) meta = columnMetaData(index); else r.skip(t);
                }
                case 4 -> {
                    if (t == I64) oiOffset = r.readI64(); else r.skip(t);
                }
                case 5 -> {
                    if (t == I32) oiLength = r.readI32(); else r.skip(t);
                }
                case 6 -> {
                    if (t == I64) ciOffset = r.readI64(); else r.skip(t);
                }
                case 7 -> {
                    if (t == I32) ciLength = r.readI32(); else r.skip(t);
                }
                case 8 -> {
                    encrypted = true; // crypto_metadata: the chunk's pages and indexes are encrypted
                    if (t == STRUCT) crypto = CryptoDecoder.columnCryptoMetaData(r); else r.skip(t);
                }
                case 9 -> {
                    if (t == BINARY) encryptedMeta = r.readBinary(); else r.skip(t);
                }
                default -> r.skip(t);
            }
        }
        r.structEnd();
        ColumnChunk.Crypto c = null;
        if (encrypted) {
            // A crypto_metadata of the wrong wire type reads as the footer key.
            c = new ColumnChunk.Crypto(crypto == null ? ColumnCryptoMetaData.FOOTER_KEY : crypto, encryptedMeta, null);
        }
        return new ColumnChunk(filePath, fileOffset, meta, oiOffset, oiLength, ciOffset, ciLength, c);
    }

    private ColumnMetaData columnMetaData(int index) {
        long at = r.fileOffset();
        int present = 0; // bit i: required field i seen
        PhysicalType type = null;
        int[] encodings = EMPTY_INTS;
        List<String> path = null;
        int codec = -1;
        long numValues = -1;
        long totalUncompressed = -1;
        long totalCompressed = -1;
        List<KeyValue> kv = null;
        long dataPageOffset = -1;
        long indexPageOffset = -1;
        long dictionaryPageOffset = -1;
        Statistics stats = null;
        List<PageEncodingStats> encodingStats = null;
        long bloomOffset = -1;
        int bloomLength = -1;
        SizeStatistics sizeStats = null;
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            int id = r.fieldId();
            if (id >= 1 && id <= 9) {
                present |= 1 << id;
            }
            switch (id) {
                case 1 -> {
                    if (t == I32) type = PhysicalType.of(r.readI32()); else r.skip(t);
                }
                case 2 -> {
                    if (t == LIST) encodings = encodings(index); else r.skip(t);
                }
                case 3 -> {
                    if (t == LIST && decodePaths) path = pathInSchema(index); else r.skip(t);
                }
                case 4 -> {
                    if (t == I32) codec = r.readI32(); else r.skip(t);
                }
                case 5 -> {
                    if (t == I64) numValues = r.readI64(); else r.skip(t);
                }
                case 6 -> {
                    if (t == I64) totalUncompressed = r.readI64(); else r.skip(t);
                }
                case 7 -> {
                    if (t == I64) totalCompressed = r.readI64(); else r.skip(t);
                }
                case 8 -> {
                    if (t == LIST) kv = keyValues(); else r.skip(t);
                }
                case 9 -> {
                    if (t == I64) dataPageOffset = r.readI64(); else r.skip(t);
                }
                case 10 -> {
                    if (t == I64) indexPageOffset = r.readI64(); else r.skip(t);
                }
                case 11 -> {
                    if (t == I64) dictionaryPageOffset = r.readI64(); else r.skip(t);
                }
                case 12 -> {
                    if (t == STRUCT) stats = statistics(r); else r.skip(t);
                }
                case 13 -> {
                    if (t == LIST) encodingStats = encodingStats(index); else r.skip(t);
                }
                case 14 -> {
                    if (t == I64) bloomOffset = r.readI64(); else r.skip(t);
                }
                case 15 -> {
                    if (t == I32) bloomLength = r.readI32(); else r.skip(t);
                }
                case 16 -> {
                    if (t == STRUCT) sizeStats = sizeStatistics(); else r.skip(t);
                }
                default -> r.skip(t); // 17 geospatial_statistics and anything newer
            }
        }
        r.structEnd();
        if ((COLUMN_META_DATA_REQUIRED & ~present) != 0) {
            missing(present, COLUMN_META_DATA_REQUIRED, COLUMN_META_DATA_FIELDS, "the ColumnMetaData of column " + index, at);
        }
        return new ColumnMetaData(type, encodings, path, codec, numValues, totalUncompressed, totalCompressed,
                kv, dataPageOffset, indexPageOffset, dictionaryPageOffset, stats, encodingStats, bloomOffset,
                bloomLength, sizeStats);
    }

    private static final int[] EMPTY_INTS = new int[0];

    /** ColumnMetaData's required fields (parquet.thrift): ids 1 to 7 and 9, by name. */
    private static final String[] COLUMN_META_DATA_FIELDS = {null, "type", "encodings", "path_in_schema", "codec",
        "num_values", "total_uncompressed_size", "total_compressed_size", null, "data_page_offset"};
    private static final int COLUMN_META_DATA_REQUIRED = 0b10_1111_1110;
    private static final String[] PAGE_ENCODING_STATS_FIELDS = {null, "page_type", "encoding", "count"};
    private static final int PAGE_ENCODING_STATS_REQUIRED = 0b1110;

    /**
     * Throws for the first required field not seen, in parquet-java's words. Only the field's
     * presence counts (a field of the wrong wire type is present, though unusable, and reads as
     * absent later), as in generated Thrift code. Callers test the mask first and build
     * {@code where} only then: a message built for every chunk was a fifth of a wide footer's
     * allocation and CPU (bench/profiles/footer-decode.txt).
     */
    private static void missing(int present, int required, String[] names, String where, long at) {
        String name = names[Integer.numberOfTrailingZeros(required & ~present)];
        throw new MalformedFileException("Required field '" + name + "' was not present in " + where, at);
    }

    /**
     * A list of i32 (enum codes). Elements labelled i16 or i64 are read too: they are the same
     * zigzag varints, and some writers label them wrongly (Arrow wrote i16 encodings lists,
     * apache/arrow#41317). Elements of another type are skipped and give an empty array.
     */
    private int[] i32List() {
        int n = r.readListHeader();
        int et = r.elementType();
        if (et != I32 && et != I16 && et != I64) {
            skipElements(n, et);
            return EMPTY_INTS;
        }
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = r.readI32();
        }
        return out;
    }

    /** A list of i64; as for {@link #i32List()}, any varint element type is read. */
    private long[] i64List() {
        int n = r.readListHeader();
        int et = r.elementType();
        if (et != I64 && et != I32 && et != I16) {
            skipElements(n, et);
            return null;
        }
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = r.readI64();
        }
        return out;
    }

    /**
     * The value a list field decoded to in the previous row group's chunk of the same column,
     * kept with where its bytes lie. When the same bytes come again the value is reused: equal
     * bytes decode to an equal value, so this saves work and changes nothing else. The values
     * are immutable (unmodifiable lists of records), or arrays that no one writes to.
     */
    private static final class Memo {
        private static final int[] NO_INTS = new int[0];
        private static final Object[] NO_VALUES = new Object[0];
        private int[] start = NO_INTS;
        private int[] length = NO_INTS;
        private Object[] value = NO_VALUES;

        /** The value for this column if the bytes at the reader repeat its bytes (then skipped). */
        Object reuse(CompactReader r, int index) {
            if (index >= value.length) {
                return null;
            }
            Object v = value[index];
            return v != null && r.skipIfRepeats(start[index], length[index]) ? v : null;
        }

        void keep(int index, int from, int to, Object v) {
            if (index >= value.length) {
                int n = Math.max(index + 1, Math.max(16, value.length * 2));
                start = Arrays.copyOf(start, n);
                length = Arrays.copyOf(length, n);
                value = Arrays.copyOf(value, n);
            }
            start[index] = from;
            length[index] = to - from;
            value[index] = v;
        }
    }

    /** ColumnMetaData.encodings, reused from the previous row group when the bytes repeat. */
    private int[] encodings(int index) {
        Object same = encodingLists.reuse(r, index);
        if (same != null) {
            return (int[]) same;
        }
        int from = r.position();
        int[] codes = i32List();
        encodingLists.keep(index, from, r.position(), codes);
        return codes;
    }

    /** path_in_schema, reused from the previous row group when the bytes repeat. */
    @SuppressWarnings("unchecked")
    private List<String> pathInSchema(int index) {
        Object same = paths.reuse(r, index);
        if (same != null) {
            return (List<String>) same;
        }
        int from = r.position();
        int n = r.readListHeader();
        int et = r.elementType();
        if (et != BINARY) {
            skipElements(n, et);
            return null;
        }
        String[] parts = new String[n];
        for (int i = 0; i < n; i++) {
            parts[i] = r.readString();
        }
        List<String> path = List.of(parts);
        paths.keep(index, from, r.position(), path);
        return path;
    }

    private List<KeyValue> keyValues() {
        int n = r.readListHeader();
        int et = r.elementType();
        if (et != STRUCT) {
            skipElements(n, et);
            return List.of();
        }
        ArrayList<KeyValue> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String key = null;
            String value = null;
            r.structBegin();
            int t;
            while ((t = r.readFieldHeader()) != STOP) {
                switch (r.fieldId()) {
                    case 1 -> key = r.string(t, key);
                    case 2 -> value = r.string(t, value);
                    default -> r.skip(t);
                }
            }
            r.structEnd();
            list.add(new KeyValue(key != null ? key : "", value));
        }
        return Collections.unmodifiableList(list);
    }

    private List<ColumnOrder> columnOrders() {
        int n = r.readListHeader();
        int et = r.elementType();
        if (et != STRUCT) {
            skipElements(n, et);
            return null;
        }
        ColumnOrder[] orders = new ColumnOrder[n];
        for (int i = 0; i < n; i++) {
            ColumnOrder order = ColumnOrder.UNKNOWN;
            r.structBegin();
            int t;
            while ((t = r.readFieldHeader()) != STOP) {
                int id = r.fieldId();
                r.skip(t);
                if (t != STRUCT) {
                    order = ColumnOrder.UNKNOWN;
                } else if (id == 1) {
                    order = ColumnOrder.TYPE_DEFINED;
                } else if (id == 2) {
                    order = ColumnOrder.IEEE_754_TOTAL_ORDER;
                } else if (id == 3) {
                    order = ColumnOrder.INT96_TIMESTAMP_ORDER;
                } else {
                    order = ColumnOrder.UNKNOWN;
                }
            }
            r.structEnd();
            orders[i] = order;
        }
        return List.of(orders);
    }

    private List<SortingColumn> sortingColumns() {
        int n = r.readListHeader();
        int et = r.elementType();
        if (et != STRUCT) {
            skipElements(n, et);
            return null;
        }
        ArrayList<SortingColumn> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int column = -1;
            boolean descending = false;
            boolean nullsFirst = false;
            r.structBegin();
            int t;
            while ((t = r.readFieldHeader()) != STOP) {
                boolean bool = t == BOOL_TRUE || t == BOOL_FALSE;
                switch (r.fieldId()) {
                    case 1 -> column = r.i32(t, column);
                    case 2 -> {
                        if (bool) descending = r.fieldBool(); else r.skip(t);
                    }
                    case 3 -> {
                        if (bool) nullsFirst = r.fieldBool(); else r.skip(t);
                    }
                    default -> r.skip(t);
                }
            }
            r.structEnd();
            list.add(new SortingColumn(column, descending, nullsFirst));
        }
        return Collections.unmodifiableList(list);
    }

    /** ColumnMetaData.encoding_stats, reused from the previous row group when the bytes repeat. */
    @SuppressWarnings("unchecked")
    private List<PageEncodingStats> encodingStats(int index) {
        Object same = encodingStatsLists.reuse(r, index);
        if (same != null) {
            return (List<PageEncodingStats>) same;
        }
        int from = r.position();
        List<PageEncodingStats> list = encodingStatsList(index);
        if (list != null) {
            encodingStatsLists.keep(index, from, r.position(), list);
        }
        return list;
    }

    private List<PageEncodingStats> encodingStatsList(int column) {
        int n = r.readListHeader();
        int et = r.elementType();
        if (et != STRUCT) {
            skipElements(n, et);
            return null;
        }
        PageEncodingStats[] list = new PageEncodingStats[n];
        for (int i = 0; i < n; i++) {
            long at = r.fileOffset();
            int present = 0;
            int pageType = -1;
            int encoding = -1;
            int count = -1;
            r.structBegin();
            int t;
            while ((t = r.readFieldHeader()) != STOP) {
                int id = r.fieldId();
                if (id >= 1 && id <= 3) {
                    present |= 1 << id;
                }
                switch (id) {
                    case 1 -> {
                        if (t == I32) pageType = r.readI32(); else r.skip(t);
                    }
                    case 2 -> {
                        if (t == I32) encoding = r.readI32(); else r.skip(t);
                    }
                    case 3 -> {
                        if (t == I32) count = r.readI32(); else r.skip(t);
                    }
                    default -> r.skip(t);
                }
            }
            r.structEnd();
            if ((PAGE_ENCODING_STATS_REQUIRED & ~present) != 0) {
                missing(present, PAGE_ENCODING_STATS_REQUIRED, PAGE_ENCODING_STATS_FIELDS,
                        "PageEncodingStats " + i + " of column " + column, at);
            }
            list[i] = new PageEncodingStats(pageType, encoding, count);
        }
        return List.of(list); // one or two elements: no array kept
    }

    private SizeStatistics sizeStatistics() {
        long unencoded = -1;
        long[] rep = null;
        long[] def = null;
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            switch (r.fieldId()) {
                case 1 -> {
                    if (t == I64) unencoded = r.readI64(); else r.skip(t);
                }
                case 2 -> {
                    if (t == LIST) rep = i64List(); else r.skip(t);
                }
                case 3 -> {
                    if (t == LIST) def = i64List(); else r.skip(t);
                }
                default -> r.skip(t);
            }
        }
        r.structEnd();
        return new SizeStatistics(unencoded, rep, def);
    }

    /**
     * Decodes a Statistics struct whose field header has been read (shared with the page header
     * decoder).
     */
    static Statistics statistics(CompactReader r) {
        byte[] max = null;
        byte[] min = null;
        long nullCount = -1;
        long distinct = -1;
        byte[] maxValue = null;
        byte[] minValue = null;
        Boolean maxExact = null;
        Boolean minExact = null;
        long nanCount = -1;
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != STOP) {
            boolean bool = t == BOOL_TRUE || t == BOOL_FALSE;
            switch (r.fieldId()) {
                case 1 -> {
                    if (t == BINARY) max = r.readBinary(); else r.skip(t);
                }
                case 2 -> {
                    if (t == BINARY) min = r.readBinary(); else r.skip(t);
                }
                case 3 -> {
                    if (t == I64) nullCount = nonNegative(r.readI64()); else r.skip(t);
                }
                case 4 -> {
                    if (t == I64) distinct = nonNegative(r.readI64()); else r.skip(t);
                }
                case 5 -> {
                    if (t == BINARY) maxValue = r.readBinary(max); else r.skip(t); // shares max's array when equal
                }
                case 6 -> {
                    if (t == BINARY) minValue = r.readBinary(min); else r.skip(t);
                }
                case 7 -> {
                    if (bool) maxExact = r.fieldBool(); else r.skip(t);
                }
                case 8 -> {
                    if (bool) minExact = r.fieldBool(); else r.skip(t);
                }
                case 9 -> {
                    if (t == I64) nanCount = nonNegative(r.readI64()); else r.skip(t);
                }
                default -> r.skip(t);
            }
        }
        r.structEnd();
        return new Statistics(max, min, nullCount, distinct, maxValue, minValue, maxExact, minExact, nanCount);
    }

    /** A negative count means nothing: it reads as absent (-1, "unknown"), never as a count. */
    private static long nonNegative(long count) {
        return count < 0 ? -1 : count;
    }

    private void skipElements(int n, int et) {
        for (int i = 0; i < n; i++) {
            if (et == BOOL_TRUE || et == BOOL_FALSE) {
                r.readBoolElement();
            } else {
                r.skip(et);
            }
        }
    }
}
