package io.pqlab.internal.pageindex;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.MalformedFileException;
import io.pqlab.fixtures.Fixtures;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.schema.PhysicalType;
import io.pqlab.io.BytesSource;
import io.pqlab.oracle.ParquetJava;
import io.pqlab.oracle.PqlabRecords;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/**
 * Damaged page indexes (bytes flipped, cut short, lengths changed) give a MalformedFileException
 * or a structure whose validation answers in words; never another exception.
 */
class PageIndexCorruptionTest {

    /** A real chunk, the file it is in, and its row count. */
    record Case(String name, byte[] file, ColumnChunk chunk, long rows, PhysicalType type) {}

    private static final List<Case> CASES = load();

    private static List<Case> load() {
        List<Case> out = new ArrayList<>();
        try {
            for (Path p : Fixtures.dataFiles()) {
                byte[] file = Files.readAllBytes(p);
                ParquetMetadata md = ParquetJava.footer(file);
                for (BlockMetaData b : md.getBlocks()) {
                    for (ColumnChunkMetaData c : b.getColumns()) {
                        if (c.getOffsetIndexReference() != null) {
                            out.add(new Case(p.getFileName() + " " + c.getPath(), file, PqlabRecords.chunk(c),
                                    b.getRowCount(), PqlabRecords.type(c.getPrimitiveType().getPrimitiveTypeName())));
                        }
                    }
                }
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    @Property(tries = 1500)
    void flippedBytesNeverEscapeAsAnotherException(
            @ForAll @IntRange(min = 0, max = 10_000) int which, @ForAll long seed,
            @ForAll @IntRange(min = 1, max = 6) int flips, @ForAll boolean columnIndex) throws Exception {
        assertThat(CASES).isNotEmpty();
        Case k = CASES.get(which % CASES.size());
        Random random = new Random(seed);
        byte[] file = k.file().clone();
        ColumnChunk c = k.chunk();
        long start = columnIndex && c.hasColumnIndex() ? c.columnIndexOffset() : c.offsetIndexOffset();
        int length = columnIndex && c.hasColumnIndex() ? c.columnIndexLength() : c.offsetIndexLength();
        for (int i = 0; i < flips; i++) {
            file[(int) start + random.nextInt(length)] = (byte) random.nextInt(256);
        }
        exercise(new BytesSource(k.name(), file), c, k);
    }

    @Property(tries = 500)
    void changedSpansNeverEscapeAsAnotherException(
            @ForAll @IntRange(min = 0, max = 10_000) int which, @ForAll int offsetDelta, @ForAll int lengthDelta)
            throws Exception {
        Case k = CASES.get(which % CASES.size());
        ColumnChunk c = k.chunk();
        int dOff = offsetDelta % 64;
        int dLen = lengthDelta % 64;
        ColumnChunk moved = new ColumnChunk(null, 0, c.metaData(),
                c.offsetIndexOffset() + dOff, c.offsetIndexLength() + dLen,
                c.columnIndexOffset() + dOff, c.columnIndexLength() + dLen, false);
        exercise(new BytesSource(k.name(), k.file()), moved, k);
    }

    @Property(tries = 300)
    void truncatedStructuresAreMalformed(@ForAll @IntRange(min = 0, max = 10_000) int which, @ForAll long seed) {
        Case k = CASES.get(which % CASES.size());
        ColumnChunk c = k.chunk();
        int len = c.offsetIndexLength();
        int cut = new Random(seed).nextInt(len);
        byte[] bytes = Arrays.copyOfRange(k.file(), (int) c.offsetIndexOffset(), (int) c.offsetIndexOffset() + cut);
        try {
            PageIndexReader.decodeOffsetIndex(bytes, c.offsetIndexOffset());
            throw new AssertionError("a structure cut to " + cut + " of " + len + " bytes decoded");
        } catch (MalformedFileException expected) {
            assertThat(expected.offset()).isBetween(c.offsetIndexOffset(), c.offsetIndexOffset() + len);
        }
    }

    private static void exercise(BytesSource source, ColumnChunk chunk, Case k) throws Exception {
        OffsetIndex oi = null;
        try {
            oi = PageIndexReader.offsetIndex(source, chunk);
            if (oi != null) {
                oi.problem(chunk, k.rows());
                if (oi.problem(chunk, k.rows()) == null) {
                    assertThat(oi.rowRanges(k.rows())).hasSize(oi.pageCount());
                }
            }
        } catch (MalformedFileException expected) {
            // fine: a reason with an offset
        }
        try {
            ColumnIndex ci = PageIndexReader.columnIndex(source, chunk);
            if (ci != null && oi != null) {
                String problem = ci.problem(oi, k.type(), 0, -1, -1);
                if (problem == null) {
                    for (int i = 0; i < ci.pageCount(); i++) {
                        ci.min(i);
                        ci.max(i);
                        ci.nullCount(i);
                    }
                }
            }
        } catch (MalformedFileException expected) {
            // fine
        }
    }
}
