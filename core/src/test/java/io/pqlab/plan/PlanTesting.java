package io.pqlab.plan;

import io.pqlab.ParquetFile;
import io.pqlab.oracle.ParquetJava;
import io.pqlab.predicate.Binder;
import io.pqlab.predicate.Predicate;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.Page;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/** What the planner tests share: the one place dictionaries come from, and planning a condition's text. */
final class PlanTesting {
    private PlanTesting() {}

    /**
     * THE place the planner tests get dictionary pages from. Until pqlab's page decoder supplies a
     * {@link Planner.DictionarySource}, parquet-java decodes the dictionary page (the values are
     * the file's either way, so the planner's dictionary logic is what gets tested); swap in the
     * decoder's source here when it lands, and every planner test uses it.
     */
    static Planner.DictionarySource dictionaries(Path path) {
        return new OracleDictionaries(path);
    }

    static Plan plan(ParquetFile file, Path path, String condition, Mechanisms m, List<Integer> projection)
            throws IOException {
        Predicate p = Binder.bind(condition, file.schema());
        return Planner.plan(file, p, new Planner.Options(m, projection, 0), dictionaries(path));
    }

    static Plan plan(Path path, String condition, Mechanisms m) throws IOException {
        try (ParquetFile f = ParquetFile.open(path)) {
            return plan(f, path, condition, m, null);
        }
    }

    /** The 16 subsets of the four mechanisms. */
    static List<Mechanisms> allSubsets() {
        List<Mechanisms> out = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            out.add(new Mechanisms((i & 1) != 0, (i & 2) != 0, (i & 4) != 0, (i & 8) != 0));
        }
        return out;
    }

    /** Dictionary pages decoded by parquet-java, as PLAIN values; cached per chunk. */
    private static final class OracleDictionaries implements Planner.DictionarySource {
        private static final Map<String, Planner.Dictionary> CACHE = new ConcurrentHashMap<>();
        private final Path path;

        OracleDictionaries(Path path) {
            this.path = path;
        }

        @Override
        public Planner.Dictionary read(ParquetFile file, int rowGroup, int column) {
            String key = path.toAbsolutePath() + "#" + path.toFile().lastModified() + "#" + path.toFile().length()
                    + "#" + rowGroup + "#" + column;
            return CACHE.computeIfAbsent(key, k -> decode(rowGroup, column));
        }

        private Planner.Dictionary decode(int rowGroup, int column) {
            ParquetMetadata footer = ParquetJava.footer(path);
            ColumnChunkMetaData cc = footer.getBlocks().get(rowGroup).getColumns().get(column);
            if (!cc.hasDictionaryPage()) {
                return null;
            }
            List<Page> pages = ParquetJava.pages(path, rowGroup, column);
            if (pages.isEmpty() || !(pages.get(0) instanceof DictionaryPage dp)) {
                return null;
            }
            ColumnDescriptor d = footer.getFileMetaData().getSchema().getColumns().get(column);
            Dictionary dict;
            try {
                dict = dp.getEncoding().initDictionary(d, dp);
            } catch (IOException e) {
                return null;
            }
            List<byte[]> values = new ArrayList<>();
            for (int id = 0; id <= dict.getMaxId(); id++) {
                values.add(switch (d.getPrimitiveType().getPrimitiveTypeName()) {
                    case INT32 -> le(4).putInt(dict.decodeToInt(id)).array();
                    case INT64 -> le(8).putLong(dict.decodeToLong(id)).array();
                    case FLOAT -> le(4).putFloat(dict.decodeToFloat(id)).array();
                    case DOUBLE -> le(8).putDouble(dict.decodeToDouble(id)).array();
                    case BOOLEAN -> new byte[] {(byte) (dict.decodeToBoolean(id) ? 1 : 0)};
                    case BINARY, FIXED_LEN_BYTE_ARRAY, INT96 -> dict.decodeToBinary(id).getBytes().clone();
                });
            }
            return new Planner.Dictionary(values, cc.getFirstDataPageOffset() - cc.getDictionaryPageOffset());
        }

        private static ByteBuffer le(int n) {
            return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
        }
    }
}
