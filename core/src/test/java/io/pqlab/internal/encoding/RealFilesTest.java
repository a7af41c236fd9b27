package io.pqlab.internal.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.UnsupportedFeatureException;
import io.pqlab.fixtures.Fixtures;
import io.pqlab.internal.compress.Decompressor;
import io.pqlab.internal.encoding.Encodings.Encoding;
import io.pqlab.internal.encoding.Encodings.Type;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every page of every column chunk of the parquet-testing files is decompressed with {@link
 * Decompressor} (exact declared sizes, stored CRCs checked) and decoded, levels and values, with
 * this package; parquet-java's column reader, fed the same decompressed pages, must read the same
 * levels and values. parquet-java's footer and page-header parsing locate the pages (this package
 * has none of its own). parquet-java cannot decompress without Hadoop here, which is why it gets
 * the pages decompressed; the codecs themselves are judged in DecompressorTest.
 */
class RealFilesTest {
    private static final Path DATA = Fixtures.DATA;

    static Stream<String> files() throws IOException {
        try (Stream<Path> s = Files.list(DATA)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".parquet")).sorted().toList().stream();
        }
    }

    /** One column chunk as decoded here: levels per entry and the non-null values as strings. */
    static final class Decoded {
        final List<Integer> rep = new ArrayList<>();
        final List<Integer> def = new ArrayList<>();
        final List<String> values = new ArrayList<>();
    }

    /** The pages of one chunk as parquet-java objects, fed to its column reader. */
    record Pages(DictionaryPage dictionary, List<DataPage> data, long values) implements PageReader {
        Pages {
            data = new ArrayList<>(data);
        }

        @Override
        public DictionaryPage readDictionaryPage() {
            return dictionary;
        }

        @Override
        public long getTotalValueCount() {
            return values;
        }

        @Override
        public DataPage readPage() {
            return data.isEmpty() ? null : data.remove(0);
        }
    }

    @ParameterizedTest
    @MethodSource("files")
    void pagesDecompressAndDecodeLikeParquetJava(String name) throws IOException {
        Path file = DATA.resolve(name);
        byte[] all = Files.readAllBytes(file);
        int footerLen = (all[all.length - 8] & 0xFF) | (all[all.length - 7] & 0xFF) << 8
                | (all[all.length - 6] & 0xFF) << 16 | (all[all.length - 5] & 0xFF) << 24;
        ParquetMetadata footer = new ParquetMetadataConverter().readParquetMetadata(
                new ByteArrayInputStream(all, all.length - 8 - footerLen, footerLen), ParquetMetadataConverter.NO_FILTER);
        MessageType schema = footer.getFileMetaData().getSchema();
        String createdBy = footer.getFileMetaData().getCreatedBy();
        int pages = 0;
        // a cap well below the test heap: large_string_map.brotli.parquet holds a 1 GiB page
        try (Decompressor dec = new Decompressor(256 << 20)) {
            for (BlockMetaData block : footer.getBlocks()) {
                Map<ColumnDescriptor, Pages> judgePages = new HashMap<>();
                Map<ColumnDescriptor, Decoded> mine = new HashMap<>();
                for (ColumnChunkMetaData c : block.getColumns()) {
                    ColumnDescriptor col = schema.getColumnDescription(c.getPath().toArray());
                    List<DataPage> data = new ArrayList<>();
                    DictionaryPage[] dict = new DictionaryPage[1];
                    try {
                        mine.put(col, decodeChunk(all, c, col, dec, createdBy, data, dict));
                    } catch (UnsupportedFeatureException e) {
                        assertThat(name).isEqualTo("large_string_map.brotli.parquet");
                        assertThat(e.getMessage()).contains("exceeds the limit");
                        return;
                    }
                    judgePages.put(col, new Pages(dict[0], data, c.getValueCount()));
                    pages += data.size();
                }
                PageReadStore store = new PageReadStore() {
                    @Override
                    public PageReader getPageReader(ColumnDescriptor d) {
                        return judgePages.get(d);
                    }

                    @Override
                    public long getRowCount() {
                        return block.getRowCount();
                    }
                };
                ColumnReadStoreImpl readers = new ColumnReadStoreImpl(store,
                        new GroupRecordConverter(schema).getRootConverter(), schema, createdBy);
                for (ColumnDescriptor col : schema.getColumns()) {
                    Decoded d = mine.get(col);
                    ColumnReader cr = readers.getColumnReader(col);
                    long total = cr.getTotalValueCount();
                    assertThat(d.def).as(name + " " + col + " entries").hasSize((int) total);
                    int v = 0;
                    for (int i = 0; i < total; i++) {
                        assertThat(d.rep.get(i)).as("rep %d", i).isEqualTo(cr.getCurrentRepetitionLevel());
                        assertThat(d.def.get(i)).as("def %d", i).isEqualTo(cr.getCurrentDefinitionLevel());
                        if (cr.getCurrentDefinitionLevel() == col.getMaxDefinitionLevel()) {
                            assertThat(d.values.get(v++)).as(name + " " + col + " value %d", i).isEqualTo(judge(cr, col));
                        }
                        cr.consume();
                    }
                    assertThat(d.values).hasSize(v);
                }
            }
        }
        assertThat(pages).isPositive();
    }

    private static String judge(ColumnReader cr, ColumnDescriptor col) {
        return switch (col.getPrimitiveType().getPrimitiveTypeName()) {
            case BOOLEAN -> Boolean.toString(cr.getBoolean());
            case INT32 -> Integer.toString(cr.getInteger());
            case INT64 -> Long.toString(cr.getLong());
            case FLOAT -> Integer.toHexString(Float.floatToRawIntBits(cr.getFloat()));
            case DOUBLE -> Long.toHexString(Double.doubleToRawLongBits(cr.getDouble()));
            default -> HexFormat.of().formatHex(cr.getBinary().getBytes());
        };
    }

    /**
     * Walks the chunk's pages, decompresses and decodes them here, and hands the decompressed
     * pages to the judge (data, dictionary).
     */
    private static Decoded decodeChunk(byte[] file, ColumnChunkMetaData c, ColumnDescriptor col, Decompressor dec,
            String createdBy, List<DataPage> data, DictionaryPage[] dictOut) throws IOException {
        byte[] chunk = java.util.Arrays.copyOfRange(file, (int) c.getStartingPos(),
                (int) (c.getStartingPos() + c.getTotalSize()));
        int codec = c.getCodec().getParquetCompressionCodec().getValue();
        // parquet.thrift Type ids by name (parquet-java's enum has another order)
        int type = java.util.Arrays.asList("BOOLEAN", "INT32", "INT64", "INT96", "FLOAT", "DOUBLE", "BINARY",
                "FIXED_LEN_BYTE_ARRAY").indexOf(col.getPrimitiveType().getPrimitiveTypeName().name());
        int typeLength = col.getPrimitiveType().getTypeLength();
        int maxRep = col.getMaxRepetitionLevel();
        int maxDef = col.getMaxDefinitionLevel();
        Decoded out = new Decoded();
        Dictionary dict = null;
        long valuesLeft = c.getValueCount();
        int pos = 0;
        while (pos < chunk.length && valuesLeft > 0) {
            ByteArrayInputStream in = new ByteArrayInputStream(chunk, pos, chunk.length - pos);
            PageHeader h = Util.readPageHeader(in);
            int bodyStart = chunk.length - in.available();
            int bodyLen = h.getCompressed_page_size();
            long fileOffset = c.getStartingPos() + bodyStart;
            if (h.isSetCrc()) {
                CRC32 crc = new CRC32();
                crc.update(chunk, bodyStart, bodyLen);
                assertThat((int) crc.getValue()).as("page CRC").isEqualTo(h.getCrc());
            }
            if (h.getType() == PageType.DICTIONARY_PAGE) {
                byte[] page = dec.decompress(codec, chunk, bodyStart, bodyLen, h.getUncompressed_page_size(), fileOffset);
                dict = Dictionary.decode(type, typeLength, page, 0, page.length,
                        h.getDictionary_page_header().getNum_values(), fileOffset);
                dictOut[0] = new DictionaryPage(BytesInput.from(page), h.getDictionary_page_header().getNum_values(),
                        enc(h.getDictionary_page_header().getEncoding()));
            } else if (h.getType() == PageType.DATA_PAGE) {
                var dh = h.getData_page_header();
                byte[] page = dec.decompress(codec, chunk, bodyStart, bodyLen, h.getUncompressed_page_size(), fileOffset);
                int n = dh.getNum_values();
                int p = 0;
                int[] rep = new int[n];
                int[] def = new int[n];
                p += levels(page, p, maxRep, n, rep, dh.getRepetition_level_encoding().getValue(), true);
                p += levels(page, p, maxDef, n, def, dh.getDefinition_level_encoding().getValue(), true);
                values(page, p, page.length - p, n, def, rep, maxDef, dh.getEncoding().getValue(), type, typeLength, dict,
                        out);
                data.add(new DataPageV1(BytesInput.from(page), n, page.length, null,
                        enc(dh.getRepetition_level_encoding()), enc(dh.getDefinition_level_encoding()),
                        enc(dh.getEncoding())));
                valuesLeft -= n;
            } else if (h.getType() == PageType.DATA_PAGE_V2) {
                var dh = h.getData_page_header_v2();
                int n = dh.getNum_values();
                int repLen = dh.getRepetition_levels_byte_length();
                int defLen = dh.getDefinition_levels_byte_length();
                int[] rep = new int[n];
                int[] def = new int[n];
                levels(chunk, bodyStart, maxRep, n, rep, Encoding.RLE, false, repLen);
                levels(chunk, bodyStart + repLen, maxDef, n, def, Encoding.RLE, false, defLen);
                int vStart = bodyStart + repLen + defLen;
                int vLen = bodyLen - repLen - defLen;
                int vSize = h.getUncompressed_page_size() - repLen - defLen;
                byte[] vals = !dh.isSetIs_compressed() || dh.isIs_compressed()
                        ? dec.decompress(codec, chunk, vStart, vLen, vSize, fileOffset + repLen + defLen)
                        : java.util.Arrays.copyOfRange(chunk, vStart, vStart + vLen);
                values(vals, 0, vals.length, n, def, rep, maxDef, dh.getEncoding().getValue(), type, typeLength, dict, out);
                data.add(DataPageV2.uncompressed(dh.getNum_rows(), dh.getNum_nulls(), n,
                        BytesInput.from(java.util.Arrays.copyOfRange(chunk, bodyStart, bodyStart + repLen)),
                        BytesInput.from(java.util.Arrays.copyOfRange(chunk, bodyStart + repLen, bodyStart + repLen + defLen)),
                        enc(dh.getEncoding()), BytesInput.from(vals), null));
                valuesLeft -= n;
            }
            pos = bodyStart + bodyLen;
        }
        return out;
    }

    private static org.apache.parquet.column.Encoding enc(org.apache.parquet.format.Encoding e) {
        return org.apache.parquet.column.Encoding.valueOf(e.name());
    }

    private static int levels(byte[] page, int p, int maxLevel, int n, int[] dst, int encoding, boolean v1) {
        return levels(page, p, maxLevel, n, dst, encoding, v1, page.length - p);
    }

    /** Decodes n levels at p; returns the bytes they take. */
    private static int levels(byte[] page, int p, int maxLevel, int n, int[] dst, int encoding, boolean v1, int len) {
        if (maxLevel == 0) {
            return 0;
        }
        int w = 32 - Integer.numberOfLeadingZeros(maxLevel);
        if (encoding == Encoding.BIT_PACKED) {
            return BitPackedLevels.decode(page, p, len, w, n, dst, 0, p);
        }
        RleBitPackedDecoder d = new RleBitPackedDecoder();
        int used = v1 ? d.initLengthPrefixed(page, p, len, w, p) : len;
        if (!v1) {
            d.init(page, p, len, w, p);
        }
        d.readInts(dst, 0, n);
        for (int i = 0; i < n; i++) {
            assertThat(dst[i]).isBetween(0, maxLevel);
        }
        return used;
    }

    private static void values(byte[] buf, int off, int len, int n, int[] def, int[] rep, int maxDef, int encoding,
            int type, int typeLength, Dictionary dict, Decoded out) {
        int nonNull = 0;
        for (int i = 0; i < n; i++) {
            out.rep.add(rep[i]);
            out.def.add(def[i]);
            if (def[i] == maxDef) {
                nonNull++;
            }
        }
        ValuesDecoder d = Encodings.decoder(encoding, type, typeLength, dict, off);
        d.init(buf, off, len, nonNull, off);
        Values v = new Values(type, typeLength, nonNull).emptyLike();
        v.read(d, 0, nonNull);
        for (int i = 0; i < nonNull; i++) {
            out.values.add(switch (type) {
                case Type.BOOLEAN -> Boolean.toString(v.booleans[i]);
                case Type.INT32 -> Integer.toString(v.ints[i]);
                case Type.INT64 -> Long.toString(v.longs[i]);
                case Type.FLOAT -> Integer.toHexString(Float.floatToRawIntBits(v.floats[i]));
                case Type.DOUBLE -> Long.toHexString(Double.doubleToRawLongBits(v.doubles[i]));
                default -> HexFormat.of().formatHex(v.bin.get(v.binIndex[i]));
            });
        }
    }
}
