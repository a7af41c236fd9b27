package io.pqlab.fuzz;

import static io.pqlab.fuzz.Contract.fileErrorsOnly;
import static io.pqlab.fuzz.Contract.require;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.pqlab.internal.bloom.BloomFilter;
import io.pqlab.internal.bloom.BloomFilterReader;
import io.pqlab.internal.bloom.BloomFilterResult;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.internal.format.FileMetaData;
import io.pqlab.internal.format.MetadataDecoder;
import io.pqlab.internal.format.PageHeader;
import io.pqlab.internal.format.PageHeaderDecoder;
import io.pqlab.schema.PhysicalType;
import io.pqlab.io.BytesSource;
import io.pqlab.internal.pageindex.ColumnIndex;
import io.pqlab.internal.pageindex.OffsetIndex;
import io.pqlab.internal.pageindex.PageIndexReader;
import io.pqlab.internal.pageindex.RowRange;
import io.pqlab.schema.Schema;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzz targets for the Thrift structures a file carries, each decoded from the raw bytes the
 * fuzzer gives: the footer's FileMetaData (and the schema built from it), a page header, a
 * ColumnIndex with its OffsetIndex, and a Bloom filter. Seeds: {@code ThriftFuzzTestInputs/<target>/},
 * cut from the fixtures by {@link Seeds}.
 */
class ThriftFuzzTest {
    /** The bytes are decoded as if they lay at this file offset, so error offsets can be checked. */
    static final long BASE = 1000;

    /** FileMetaData, then the schema; a decoded footer must decode the same way with a projection. */
    @FuzzTest(maxDuration = Fuzzing.DURATION)
    @Timeout(value = Fuzzing.TIMEOUT_SECONDS, unit = TimeUnit.SECONDS)
    void metadata(byte[] data) {
        long end = BASE + data.length;
        FileMetaData[] md = new FileMetaData[1];
        if (fileErrorsOnly(BASE, end, () -> md[0] = MetadataDecoder.decode(data, 0, data.length, BASE)) != null) {
            return;
        }
        // Skipping a column's chunks must not fail where decoding them did not.
        FileMetaData projected = MetadataDecoder.decode(data, 0, data.length, BASE,
                MetadataDecoder.Options.columns(0).withoutPathInSchema());
        require(projected.rowGroups().size() == md[0].rowGroups().size(), "a projection changed the row groups");
        fileErrorsOnly(BASE, end, () -> Schema.of(md[0].schema(), BASE).render());
    }

    /** A page header: a decoded one takes at least a byte and no more than it was given. */
    @FuzzTest(maxDuration = Fuzzing.DURATION)
    @Timeout(value = Fuzzing.TIMEOUT_SECONDS, unit = TimeUnit.SECONDS)
    void pageHeader(byte[] data) {
        fileErrorsOnly(BASE, BASE + data.length, () -> {
            PageHeaderDecoder.Decoded d = PageHeaderDecoder.decode(data, 0, data.length, BASE);
            PageHeader h = d.header();
            require(d.length() > 0 && d.length() <= data.length, "header length " + d.length());
            require(h.compressedPageSize() >= 0 && h.uncompressedPageSize() >= 0, "negative page size");
        });
    }

    /**
     * A ColumnIndex and an OffsetIndex for a chunk. Input: i64 chunk start, i64 chunk size, i64 rows,
     * u8 physical type, u8 type length, u8 max repetition and u8 max definition level (255: not
     * checked), u32 ColumnIndex length, the ColumnIndex, the OffsetIndex. An index pair that its
     * problem() checks accept must be safe to use: every accessor works and the pages cut the row
     * group into non-empty ranges from row 0.
     */
    @FuzzTest(maxDuration = Fuzzing.DURATION)
    @Timeout(value = Fuzzing.TIMEOUT_SECONDS, unit = TimeUnit.SECONDS)
    void pageIndex(byte[] data) {
        In in = new In(data);
        long chunkStart = in.i64();
        long chunkSize = in.i64();
        long rows = in.i64();
        int typeCode = in.u8();
        int typeLength = in.u8();
        int maxRep = in.u8();
        int maxDef = in.u8();
        byte[] ciBytes = in.bytes(in.i32() & 0xFFFF);
        byte[] oiBytes = in.rest();
        ColumnIndex[] ci = new ColumnIndex[1];
        OffsetIndex[] oi = new OffsetIndex[1];
        boolean ciOk = fileErrorsOnly(BASE, BASE + ciBytes.length,
                () -> ci[0] = PageIndexReader.decodeColumnIndex(ciBytes, BASE)) == null;
        boolean oiOk = fileErrorsOnly(BASE, BASE + oiBytes.length,
                () -> oi[0] = PageIndexReader.decodeOffsetIndex(oiBytes, BASE)) == null;
        if (!oiOk) {
            return;
        }
        ColumnChunk chunk = chunk(chunkStart, chunkSize, -1, -1);
        if (oi[0].problem(chunk, rows) != null) {
            return;
        }
        List<RowRange> ranges = oi[0].rowRanges(rows);
        long next = 0;
        for (RowRange r : ranges) {
            require(r.first() == next && r.first() < r.end(), "row ranges " + ranges + " of " + rows + " rows");
            next = r.end();
        }
        require(ranges.isEmpty() ? rows <= 0 : next == rows, "row ranges " + ranges + " of " + rows + " rows");
        if (!ciOk) {
            return;
        }
        PhysicalType type = typeCode < 8 ? PhysicalType.of(typeCode) : null;
        String problem = ci[0].problem(oi[0], type, typeLength, maxRep == 255 ? -1 : maxRep,
                maxDef == 255 ? -1 : maxDef);
        if (problem != null) {
            return;
        }
        for (int i = 0; i < oi[0].pageCount(); i++) {
            ci[0].isNullPage(i);
            byte[] lo = ci[0].min(i);
            byte[] hi = ci[0].max(i);
            ci[0].nullCount(i);
            ci[0].nanCount(i);
            require(ci[0].isNullPage(i) == (lo == null) && (lo == null) == (hi == null), "bounds of page " + i);
        }
    }

    /**
     * A Bloom filter at offset 4 of a file. Input: u8 (1: bloom_filter_length given), u32
     * bloom_filter_length, then the bytes from the filter's offset to the file's end. The reader
     * never throws on a bad filter: it ignores it with a reason.
     */
    @FuzzTest(maxDuration = Fuzzing.DURATION)
    @Timeout(value = Fuzzing.TIMEOUT_SECONDS, unit = TimeUnit.SECONDS)
    void bloomFilter(byte[] data) throws IOException {
        In in = new In(data);
        boolean bounded = (in.u8() & 1) != 0;
        int length = in.i32();
        byte[] rest = in.rest();
        byte[] file = new byte[4 + rest.length];
        System.arraycopy(rest, 0, file, 4, rest.length);
        ColumnMetaData md = metaData(0, 0, 0, 4, bounded ? length : -1);
        BloomFilterResult r = BloomFilterReader.read(new BytesSource("fuzz", file), md);
        require(r != null, "no result for a chunk with a Bloom filter offset");
        require(r.bytesFetched() >= 0 && r.bytesFetched() <= 2L * file.length, "fetched " + r.bytesFetched());
        if (r.usable()) {
            BloomFilter f = r.filter();
            require(f.bitsetLength() == f.header().numBytes(), "bitset length differs from numBytes");
            require(f.bitsetOffset() + f.bitsetLength() <= file.length, "bitset past the file's end");
            for (long h : new long[] {0, -1, 0x0123456789ABCDEFL, Long.MIN_VALUE}) {
                f.mightContain(h);
            }
            f.mightContain(new byte[] {1, 2, 3});
        }
    }

    static ColumnMetaData metaData(long chunkStart, long chunkSize, long numValues, long bloomOffset,
            int bloomLength) {
        return new ColumnMetaData(PhysicalType.INT32, new int[0], List.of("x"), 0, numValues, chunkSize, chunkSize,
                null, chunkStart, -1, -1, null, null, bloomOffset, bloomLength, null);
    }

    static ColumnChunk chunk(long chunkStart, long chunkSize, long bloomOffset, int bloomLength) {
        return new ColumnChunk(null, chunkStart, metaData(chunkStart, chunkSize, 0, bloomOffset, bloomLength),
                -1, -1, -1, -1, false);
    }
}
