package io.pqlab.internal.column;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.ParquetFile;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ParquetFiles;
import io.pqlab.io.BytesSource;
import io.pqlab.internal.io.CountingSource;
import io.pqlab.oracle.ParquetJava.Triple;
import io.pqlab.internal.pageindex.OffsetIndex;
import io.pqlab.internal.pageindex.PageIndexReader;
import io.pqlab.internal.pageindex.PageLocation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Decoding only chosen pages {k, m} of a chunk gives exactly those pages of a full decode, and the
 * file is asked for exactly their bytes (and the dictionary page's): nothing else, nothing twice,
 * one read per contiguous span.
 */
class SelectiveDecodeTest {
    private static int selections;

    static Stream<Path> files() {
        return Chunks.judgeable();
    }

    @ParameterizedTest
    @MethodSource("files")
    void chosenPagesDecodeAsInTheFullDecodeAndFetchOnlyTheirBytes(Path path) throws Exception {
        byte[] bytes = Files.readAllBytes(path);
        RecordingSource recording = new RecordingSource(new BytesSource(path.toString(), bytes));
        CountingSource counting = new CountingSource(recording);
        Random random = new Random(path.getFileName().toString().hashCode());
        try (ParquetFile f = ParquetFile.open(counting)) {
            for (int g = 0; g < f.rowGroupCount(); g++) {
                for (int c = 0; c < f.schema().columnCount(); c++) {
                    ColumnChunk chunk = ParquetFiles.chunk(f, g, c);
                    OffsetIndex oi = PageIndexReader.offsetIndex(f.source(), chunk);
                    if (oi == null || oi.pageCount() < 2) {
                        continue;
                    }
                    String where = path.getFileName() + " rg " + g + " " + f.schema().column(c).dottedPath();
                    List<ColumnBatch> full = Chunks.decodeAll(f, g, c);
                    int n = oi.pageCount();
                    List<int[]> choices = new ArrayList<>();
                    choices.add(new int[] {0, n - 1});
                    choices.add(new int[] {n - 2, n - 1});
                    if (n > 2) {
                        int k = random.nextInt(n - 1);
                        int m = k + 1 + random.nextInt(n - 1 - k);
                        choices.add(new int[] {k, m});
                        choices.add(new int[] {random.nextInt(n)});
                    }
                    for (int[] pages : choices) {
                        for (int readSize : new int[] {ColumnChunkReader.Options.DEFAULT.readSize(), 64}) {
                            check(where, f, g, c, oi, full, pages, recording, counting,
                                    ColumnChunkReader.Options.DEFAULT.withReadSize(readSize));
                        }
                        selections++;
                    }
                }
            }
        }
    }

    private static void check(String where, ParquetFile f, int g, int c, OffsetIndex oi, List<ColumnBatch> full,
            int[] pages, RecordingSource recording, CountingSource counting, ColumnChunkReader.Options options)
            throws Exception {
        where += " pages " + java.util.Arrays.toString(pages) + " read size " + options.readSize();
        // the bytes allowed: the chosen pages, and the region before the first data page (dictionary)
        long chunkStart = ParquetFiles.chunk(f, g, c).metaData().chunkStart();
        List<long[]> allowed = new ArrayList<>();
        if (chunkStart < oi.page(0).offset()) {
            allowed.add(new long[] {chunkStart, oi.page(0).offset()});
        }
        for (int p : pages) {
            PageLocation loc = oi.page(p);
            allowed.add(new long[] {loc.offset(), loc.end()});
        }
        long allowedBytes = 0;
        int spans = 0;
        long lastEnd = -1;
        for (long[] a : allowed) {
            allowedBytes += a[1] - a[0];
            if (a[0] != lastEnd) {
                spans++;
            }
            lastEnd = a[1];
        }
        recording.reads.clear();
        counting.reset();
        List<ColumnBatch> got = new ArrayList<>();
        try (ColumnChunkReader r = ColumnChunkReader.openPages(f, g, c, oi, pages, options)) {
            for (ColumnBatch b = r.next(); b != null; b = r.next()) {
                got.add(b);
            }
            assertThat(r.pagesDecoded()).as(where).isEqualTo(pages.length);
            assertThat(r.pagesSkipped()).as(where).isEqualTo(oi.pageCount() - pages.length);
            assertThat(r.bytesFetched()).as(where).isEqualTo(counting.bytesRead());
        }
        assertThat(got).as(where).hasSize(pages.length);
        for (int i = 0; i < pages.length; i++) {
            ColumnBatch want = full.get(pages[i]);
            ColumnBatch b = got.get(i);
            assertThat(b.pageIndex()).as(where).isEqualTo(pages[i]);
            assertThat(b.firstRow()).as(where).isEqualTo(want.firstRow());
            assertThat(b.rowCount()).as(where).isEqualTo(want.rowCount());
            List<Triple> t1 = Chunks.triples(List.of(b));
            List<Triple> t2 = Chunks.triples(List.of(want));
            assertThat(t1).as(where + " entries").isEqualTo(t2);
        }
        // every read inside an allowed range, no byte twice, all allowed bytes and nothing more
        for (long[] read : recording.reads) {
            assertThat(insideUnion(read, allowed)).as(where + " read [" + read[0] + ", " + read[1] + ")").isTrue();
        }
        List<long[]> sorted = new ArrayList<>(recording.reads);
        sorted.sort((x, y) -> Long.compare(x[0], y[0]));
        for (int i = 1; i < sorted.size(); i++) {
            assertThat(sorted.get(i)[0]).as(where + " reads overlap").isGreaterThanOrEqualTo(sorted.get(i - 1)[1]);
        }
        assertThat(counting.bytesRead()).as(where + " bytes").isEqualTo(allowedBytes);
        if (options.readSize() >= allowedBytes) {
            assertThat(counting.reads()).as(where + " reads").isEqualTo(spans);
        }
    }

    /** Whether [read) lies inside the union of the (sorted, disjoint) ranges, touching ones merged. */
    private static boolean insideUnion(long[] read, List<long[]> ranges) {
        long s = -1;
        long e = -1;
        for (long[] a : ranges) {
            if (a[0] == e) {
                e = a[1];
            } else {
                if (read[0] >= s && read[1] <= e) {
                    return true;
                }
                s = a[0];
                e = a[1];
            }
        }
        return read[0] >= s && read[1] <= e;
    }

    @AfterAll
    static void enough() {
        assertThat(selections).isGreaterThan(100);
        System.out.println("SelectiveDecodeTest: " + selections + " selections");
    }
}
