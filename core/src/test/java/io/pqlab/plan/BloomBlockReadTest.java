package io.pqlab.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.Mechanism;
import io.pqlab.ParquetFile;
import io.pqlab.Query;
import io.pqlab.internal.bloom.BloomFilterReader;
import io.pqlab.internal.bloom.BloomFilterResult;
import io.pqlab.internal.bloom.XxHash64;
import io.pqlab.internal.bloom.BloomFilter;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ParquetFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bloom filters larger than {@link BloomFilterReader#WHOLE_BELOW} read a block at a time: the
 * header, then only the 32-byte blocks the probes pick. Held to the whole filter (the same
 * verdict for every probed value, present or absent, and never "absent" for any other hash) and to
 * the data (every value written is "may contain"), with the bytes read falling from the bitset's
 * size to a header and a block.
 */
class BloomBlockReadTest {
    @TempDir
    static Path dir;

    static Path file;
    static final int ROWS = 40_000;
    static final Set<Long> written = new HashSet<>();
    static final List<List<Long>> byGroup = List.of(new ArrayList<>(), new ArrayList<>());

    /** Two row groups of random longs and doubles, filters sized for 100,000 values (128 KiB and more). */
    @BeforeAll
    static void write() throws IOException {
        Random r = new Random(15);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            long x = r.nextLong() % 1_000_000_000L;
            written.add(x);
            byGroup.get(i < ROWS / 2 ? 0 : 1).add(x);
            rows.add(new Object[] {x, i % 7 == 0 ? (i % 14 == 0 ? 0.0 : -0.0) : (double) x});
        }
        file = TrapFiles.write(dir.resolve("big-bloom.parquet"), "message m { required int64 x; required double y; }",
                rows, ROWS / 2, 1000, b -> b.withBloomFilterEnabled(true).withBloomFilterNDV("x", 100_000)
                        .withBloomFilterNDV("y", 100_000));
    }

    @Test
    void aBlockReadDecidesAsTheWholeFilterForEveryProbedValue() throws IOException {
        Random r = new Random(7);
        int probes = 0;
        int absent = 0;
        try (ParquetFile f = ParquetFile.open(file)) {
            for (int g = 0; g < f.rowGroupCount(); g++) {
                for (int c = 0; c < 2; c++) {
                    ColumnChunk chunk = ParquetFiles.chunk(f, g, c);
                    BloomFilterResult whole = BloomFilterReader.read(f.source(), chunk);
                    assertThat(whole.usable()).isTrue();
                    BloomFilter w = whole.filter();
                    assertThat(w.bitsetLength()).as("a filter larger than the block-read threshold")
                            .isGreaterThan(BloomFilterReader.WHOLE_BELOW);
                    List<Long> values = new ArrayList<>(written);
                    for (int i = 0; i < 1500; i++) {
                        long v = i % 2 == 0 ? values.get(r.nextInt(values.size())) : r.nextLong();
                        long h = c == 0 ? XxHash64.hashLong(v) : XxHash64.hashDouble((double) v);
                        List<Span> spans = new ArrayList<>();
                        BloomFilterResult part = BloomFilterReader.readBlocks(f.source(), chunk, new long[] {h}, spans);
                        assertThat(BloomFilterReader.partial(part)).isTrue();
                        assertThat(part.filter().mightContain(h)).as("value " + v).isEqualTo(w.mightContain(h));
                        // the header's prefix and at most one block
                        assertThat(part.bytesFetched()).isLessThanOrEqualTo(64 + 32);
                        assertThat(spans.stream().mapToLong(Span::length).sum()).isEqualTo(part.bytesFetched());
                        // any other hash: never "absent" where the whole filter is not sure
                        long other = r.nextLong();
                        if (w.mightContain(other)) {
                            assertThat(part.filter().mightContain(other)).isTrue();
                        }
                        probes++;
                        absent += w.mightContain(h) ? 0 : 1;
                    }
                }
            }
        }
        assertThat(probes).isEqualTo(6000);
        assertThat(absent).as("the filters rule out most absent values").isGreaterThan(2500);
    }

    @Test
    void everyWrittenValuePassesABlockReadOfItsRowGroupsFilter() throws IOException {
        try (ParquetFile f = ParquetFile.open(file)) {
            for (int g = 0; g < f.rowGroupCount(); g++) {
                ColumnChunk chunk = ParquetFiles.chunk(f, g, 0);
                List<Long> values = byGroup.get(g);
                for (int i = 0; i < values.size(); i += 10) {
                    long h = XxHash64.hashLong(values.get(i));
                    BloomFilterResult part = BloomFilterReader.readBlocks(f.source(), chunk, new long[] {h},
                            new ArrayList<>());
                    assertThat(part.filter().mightContain(h)).as("row group " + g + " value " + values.get(i)).isTrue();
                }
                // one read for many values: every one of them still passes
                long[] hashes = values.stream().limit(200).mapToLong(XxHash64::hashLong).toArray();
                BloomFilterResult part = BloomFilterReader.readBlocks(f.source(), chunk, hashes, new ArrayList<>());
                for (long h : hashes) {
                    assertThat(part.filter().mightContain(h)).isTrue();
                }
                assertThat(part.bytesFetched()).isLessThanOrEqualTo(64 + 32L * 200);
            }
        }
    }

    @Test
    void aPlanOnTheLargeFilterReadsAHeaderAndABlockAndSkipsAsTheWholeFilterSays() throws IOException {
        Random r = new Random(3);
        List<Long> values = new ArrayList<>(written);
        int skipped = 0;
        try (ParquetFile f = ParquetFile.open(file)) {
            BloomFilter[] whole = new BloomFilter[f.rowGroupCount()];
            for (int g = 0; g < whole.length; g++) {
                whole[g] = BloomFilterReader.read(f.source(), ParquetFiles.chunk(f, g, 0)).filter();
            }
            for (int i = 0; i < 300; i++) {
                List<Long> in = new ArrayList<>();
                for (int k = 0; k < 1 + i % 4; k++) {
                    in.add(k == 0 && i % 3 == 0 ? values.get(r.nextInt(values.size())) : r.nextLong() % 1_000_000_000L);
                }
                String cond = in.size() == 1 ? "x = " + in.get(0)
                        : "x IN (" + String.join(", ", in.stream().map(String::valueOf).toList()) + ")";
                Plan p = f.plan(Query.where(cond).using(Mechanism.BLOOM));
                for (RowGroupPlan g : p.rowGroups()) {
                    boolean wholeRulesOut = in.stream().noneMatch(v -> whole[g.index()].mightContain(XxHash64.hashLong(v)));
                    assertThat(g.skipped()).as(cond + " row group " + g.index()).isEqualTo(wholeRulesOut);
                    skipped += g.skipped() ? 1 : 0;
                }
                // two row groups: a header prefix and a block per value each, far under one bitset
                assertThat(p.indexBytes()).as(cond).isLessThanOrEqualTo(2L * (64 + 32 * in.size()));
            }
        }
        assertThat(skipped).isGreaterThan(300);
    }
}
