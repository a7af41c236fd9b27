package io.pqlab.internal.column;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.ParquetFile;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.pageindex.OffsetIndex;
import io.pqlab.internal.pageindex.PageIndexReader;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pages decompressed ahead are read once (review finding F3): a page too large for the budget
 * left is read and its checksum checked when the reader first looks ahead at it, and decoded from
 * the read buffer where it lies, not read again by the next look ahead and again by {@link
 * ColumnChunkReader#next()}. Every chunk of every fixture, walked and (where it has an
 * OffsetIndex) through its pages, with checksums checked: as many page reads as inline, whether
 * no page fits the budget (1 byte), every page does, or some do; and the same entries.
 */
class DecompressAheadTest {
    static Stream<Path> files() {
        return Chunks.judgeable();
    }

    private static final ColumnChunkReader.Options CHECKED = ColumnChunkReader.Options.DEFAULT.withVerifyChecksums(true);

    @ParameterizedTest
    @MethodSource("files")
    void eachPageIsReadOnce(Path path) throws Exception {
        Chunks.eachChunk(path, (f, g, c) -> {
            ColumnChunk chunk = ParquetFiles.chunk(f, g, c);
            if (chunk.sealed()) {
                return; // encrypted: never decompressed ahead
            }
            OffsetIndex oi = null;
            if (chunk.hasOffsetIndex()) {
                try {
                    oi = PageIndexReader.offsetIndex(f.source(), chunk);
                } catch (RuntimeException e) {
                    oi = null; // a fixture's broken index: the walk is still checked
                }
                if (oi != null && oi.problem(chunk, ParquetFiles.rowGroup(f, g).numRows()) != null) {
                    oi = null;
                }
            }
            for (OffsetIndex index : oi == null ? new OffsetIndex[] {null} : new OffsetIndex[] {null, oi}) {
                String where = path.getFileName() + " rg " + g + " column " + c + (index == null ? " walk" : " pages");
                Run inline = run(f, g, c, index, -1);
                for (long budget : new long[] {1, 64 << 10}) {
                    Run ahead = run(f, g, c, index, budget);
                    assertThat(ahead.pageReads).as(where + ", budget " + budget).isEqualTo(inline.pageReads);
                    assertThat(Chunks.triples(ahead.batches)).as(where + ", budget " + budget)
                            .isEqualTo(Chunks.triples(inline.batches));
                }
            }
        });
    }

    private record Run(List<ColumnBatch> batches, int pageReads) {}

    /** Decoded whole (budget -1: inline, else two pages ahead on the pool within the budget). */
    private static Run run(ParquetFile f, int g, int c, OffsetIndex oi, long budget) throws Exception {
        List<ColumnBatch> out = new java.util.ArrayList<>();
        try (ColumnChunkReader r = oi == null ? ColumnChunkReader.open(f, g, c, CHECKED)
                : ColumnChunkReader.openPages(f, g, c, oi, IntStream.range(0, oi.pageCount()).toArray(), CHECKED)) {
            if (budget >= 0) {
                r.decompressAhead(OracleAgreementTest.POOL, 2, budget);
            }
            for (ColumnBatch b = r.next(); b != null; b = r.next()) {
                out.add(b);
            }
            return new Run(out, r.pageReads());
        }
    }
}
