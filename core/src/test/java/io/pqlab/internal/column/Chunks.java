package io.pqlab.internal.column;

import io.pqlab.ParquetFile;
import io.pqlab.fixtures.Fixtures;
import io.pqlab.oracle.ParquetJava;
import io.pqlab.oracle.ParquetJava.Triple;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Test helpers: the fixture files, and pqlab's decoded chunks in the oracle's terms. */
public final class Chunks {
    private Chunks() {}

    static final Path DATA = Fixtures.DATA;
    static final Path FIXTURES = Fixtures.ROOT;

    /** Every parquet-testing file the oracle can read, and the two pruning fixtures. */
    static Stream<Path> judgeable() {
        List<Path> files = new ArrayList<>(ParquetJava.judgeable(DATA));
        files.add(FIXTURES.resolve("pruning-sorted.parquet"));
        files.add(FIXTURES.resolve("pruning-shuffled.parquet"));
        return files.stream();
    }

    /** A check of one chunk: the file, the row group, the column. */
    interface ChunkCheck {
        void check(ParquetFile f, int g, int c) throws Exception;
    }

    /** Opens {@code path} and checks each of its chunks, row group by row group, column by column. */
    static void eachChunk(Path path, ChunkCheck check) throws Exception {
        try (ParquetFile f = ParquetFile.open(path)) {
            for (int g = 0; g < f.rowGroupCount(); g++) {
                for (int c = 0; c < f.schema().columnCount(); c++) {
                    check.check(f, g, c);
                }
            }
        }
    }

    /** All batches of a chunk, walking it whole. */
    static List<ColumnBatch> decodeAll(ParquetFile f, int g, int c, ColumnChunkReader.Options o) throws IOException {
        List<ColumnBatch> out = new ArrayList<>();
        try (ColumnChunkReader r = ColumnChunkReader.open(f, g, c, o)) {
            for (ColumnBatch b = r.next(); b != null; b = r.next()) {
                out.add(b);
            }
        }
        return out;
    }

    /** Decoded with up to 4 pages decompressed ahead on {@code pool} (a scan's path at 4 threads). */
    static List<ColumnBatch> decodeAll(ParquetFile f, int g, int c, java.util.concurrent.Executor pool)
            throws IOException {
        List<ColumnBatch> out = new ArrayList<>();
        try (ColumnChunkReader r = ColumnChunkReader.open(f, g, c, ColumnChunkReader.Options.DEFAULT)) {
            r.decompressAhead(pool, 4, Long.MAX_VALUE);
            for (ColumnBatch b = r.next(); b != null; b = r.next()) {
                out.add(b);
            }
        }
        return out;
    }

    static List<ColumnBatch> decodeAll(ParquetFile f, int g, int c) throws IOException {
        return decodeAll(f, g, c, ColumnChunkReader.Options.DEFAULT);
    }

    /** The batches' entries as the oracle gives them: (rep, def, value or null). */
    static List<Triple> triples(List<ColumnBatch> batches) {
        List<Triple> out = new ArrayList<>();
        for (ColumnBatch b : batches) {
            int maxDef = b.column().maxDefinitionLevel();
            for (int e = 0; e < b.entryCount(); e++) {
                int def = b.definitionLevel(e);
                int v = b.valueIndex(e);
                out.add(new Triple(b.repetitionLevel(e), def, def == maxDef ? value(b, v) : null));
            }
        }
        return out;
    }

    /** Value v boxed as the oracle (parquet-java) hands it out: binaries as their bytes (tests only). */
    public static Object value(ColumnBatch b, int v) {
        return switch (b.column().type()) {
            case BOOLEAN -> b.getBoolean(v);
            case INT32 -> b.getInt(v);
            case INT64 -> b.getLong(v);
            case FLOAT -> b.getFloat(v);
            case DOUBLE -> b.getDouble(v);
            default -> b.binaries().get(v);
        };
    }
}
