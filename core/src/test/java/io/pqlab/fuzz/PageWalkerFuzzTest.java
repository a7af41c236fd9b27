package io.pqlab.fuzz;

import static io.pqlab.fuzz.Contract.fileErrorsOnly;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.schema.PhysicalType;
import io.pqlab.io.BytesSource;
import io.pqlab.internal.pages.PageInfo;
import io.pqlab.internal.pages.PageWalker;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * A column chunk's bytes, walked page by page, every body decompressed and a dictionary page
 * decoded. Input: u8 max repetition level, u8 physical type, u8 FIXED_LEN_BYTE_ARRAY width, u8
 * codec, i64 num_values, then the chunk. The chunk lies at offset 4 of a file that ends with it.
 */
class PageWalkerFuzzTest {

    @FuzzTest(maxDuration = Fuzzing.DURATION)
    @Timeout(value = Fuzzing.TIMEOUT_SECONDS, unit = TimeUnit.SECONDS)
    void pages(byte[] input) {
        In in = new In(input);
        int maxRep = in.u8() & 3;
        int type = in.u8() % 8;
        int typeLength = in.u8();
        int codec = in.u8() % 8;
        long numValues = in.i64();
        byte[] chunk = in.rest();
        byte[] file = new byte[4 + chunk.length];
        System.arraycopy(chunk, 0, file, 4, chunk.length);
        BytesSource source = new BytesSource("fuzz", file);
        ColumnMetaData meta = new ColumnMetaData(PhysicalType.of(type), new int[0], List.of("x"), codec, numValues,
                chunk.length, chunk.length, null, 4, -1, -1, null, null, -1, -1, null);
        fileErrorsOnly(0, file.length, () -> {
            PageWalker w = new PageWalker(source, meta, file.length, maxRep);
            PageInfo p;
            long last = 3;
            while ((p = w.next()) != null) {
                Contract.require(p.offset() > last && p.end() <= file.length, "page at " + p.offset());
                last = p.offset();
                PageInfo page = p;
                fileErrorsOnly(0, file.length, () -> Exercise.body(source, page, codec, type, typeLength));
            }
        });
    }
}
