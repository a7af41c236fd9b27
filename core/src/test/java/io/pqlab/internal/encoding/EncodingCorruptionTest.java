package io.pqlab.internal.encoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqlab.MalformedFileException;
import io.pqlab.internal.encoding.Encodings.Encoding;
import io.pqlab.internal.encoding.Encodings.Type;
import io.pqlab.oracle.Encoders;
import java.util.Arrays;
import java.util.Random;
import java.util.function.Consumer;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Truncated and corrupted encodings, and callers expecting more values than are encoded, must
 * end in MalformedFileException (with an offset inside the data) or in a normal return: never
 * another exception, a hang or a huge allocation (the suite runs with a 1 GiB heap).
 */
class EncodingCorruptionTest {
    private static final long FILE_OFFSET = 1 << 20;
    private static final int KINDS = 22;

    /** An encoding of n values and a decoder run that reads all n from a given buffer. */
    record Case(String name, byte[] enc, Consumer<byte[]> decodeAll) {}

    static Case make(Random r, int kind, int n) {
        int shape = r.nextInt(7);
        switch (kind) {
            case 0, 1, 2 -> {
                int w = r.nextInt(33);
                int[] v = Gen.levels(r, n, w, shape);
                byte[] runs = Encoders.rle(w, v);
                if (kind == 0) {
                    return new Case("rle w" + w, runs, b -> new RleBitPackedDecoder().init(b, 0, b.length, w, FILE_OFFSET)
                            .readInts(new int[n], 0, n));
                }
                if (kind == 1) {
                    byte[] pre = new byte[4 + runs.length];
                    pre[0] = (byte) runs.length;
                    pre[1] = (byte) (runs.length >>> 8);
                    pre[2] = (byte) (runs.length >>> 16);
                    System.arraycopy(runs, 0, pre, 4, runs.length);
                    return new Case("rle prefixed w" + w, pre, b -> {
                        RleBitPackedDecoder d = new RleBitPackedDecoder();
                        d.initLengthPrefixed(b, 0, b.length, w, FILE_OFFSET);
                        d.readInts(new int[n], 0, n);
                    });
                }
                byte[] idx = new byte[1 + runs.length];
                idx[0] = (byte) w;
                System.arraycopy(runs, 0, idx, 1, runs.length);
                Dictionary dict = Dictionary.ofInts(new int[Math.max(1, Math.min(1 << Math.min(w, 20), 5000))]);
                return new Case("dict indices w" + w, idx, b -> {
                    DictionaryDecoder d = new DictionaryDecoder(dict);
                    d.init(b, 0, b.length, n, FILE_OFFSET);
                    d.readInts(new int[n], 0, n);
                });
            }
            case 3 -> {
                int maxLevel = 1 + r.nextInt(255);
                int w = 32 - Integer.numberOfLeadingZeros(maxLevel);
                int[] v = Gen.levels(r, n, w, shape);
                for (int i = 0; i < n; i++) {
                    v[i] = Math.min(v[i], maxLevel);
                }
                return new Case("bit packed", Encoders.bitPacked(maxLevel, v),
                        b -> BitPackedLevels.decode(b, 0, b.length, w, n, new int[n], 0, FILE_OFFSET));
            }
            case 4 -> {
                return values("rle booleans", Encoding.RLE, Type.BOOLEAN, 0, n,
                        Encoders.rleBooleans(Gen.booleans(r, n, shape)), null);
            }
            case 5, 6, 7, 8, 9, 10, 11, 12 -> {
                int type = kind - 5;
                int width = type == Type.FIXED_LEN_BYTE_ARRAY ? r.nextInt(20) : type == Type.INT96 ? 12 : 0;
                Values v = Values.random(r, type, width, n, shape);
                byte[] enc = v.plain();
                return values("plain " + Encodings.typeName(type) + " w" + width, Encoding.PLAIN, type, width, n, enc,
                        null);
            }
            case 13 -> {
                return values("delta int32", Encoding.DELTA_BINARY_PACKED, Type.INT32, 0, n,
                        Encoders.deltaInts(128 << r.nextInt(3), 1 << r.nextInt(3), Gen.ints(r, n, shape)), null);
            }
            case 14 -> {
                return values("delta int64", Encoding.DELTA_BINARY_PACKED, Type.INT64, 0, n,
                        Encoders.deltaLongs(128 << r.nextInt(3), 1 << r.nextInt(3), Gen.longs(r, n, shape)), null);
            }
            case 15 -> {
                return values("dlba", Encoding.DELTA_LENGTH_BYTE_ARRAY, Type.BYTE_ARRAY, 0, n,
                        Encoders.deltaLengthByteArray(Gen.binaries(r, n, shape)), null);
            }
            case 16 -> {
                return values("dba", Encoding.DELTA_BYTE_ARRAY, Type.BYTE_ARRAY, 0, n,
                        Encoders.deltaByteArray(Gen.binaries(r, n, shape)), null);
            }
            case 17 -> {
                int width = 1 + r.nextInt(16);
                return values("dba flba", Encoding.DELTA_BYTE_ARRAY, Type.FIXED_LEN_BYTE_ARRAY, width, n,
                        Encoders.deltaByteArray(Gen.fixed(r, n, width, shape)), null);
            }
            case 18 -> {
                return values("bss double", Encoding.BYTE_STREAM_SPLIT, Type.DOUBLE, 0, n,
                        Encoders.bssDoubles(Gen.doubles(r, n, shape)), null);
            }
            case 19 -> {
                int width = 1 + r.nextInt(5);
                return values("bss flba", Encoding.BYTE_STREAM_SPLIT, Type.FIXED_LEN_BYTE_ARRAY, width, n,
                        Encoders.bssFixed(width, Gen.fixed(r, n, width, shape)), null);
            }
            default -> {
                // dictionary-encoded strings: corrupt the dictionary page (20) or the data page (21)
                byte[][] vals = Gen.binaries(r, n, shape);
                Encoders.Dict d = Encoders.dictBinaries(vals);
                if (kind == 20) {
                    return new Case("dictionary page", d.dictionary(), b -> {
                        Dictionary dict = Dictionary.decode(Type.BYTE_ARRAY, 0, b, 0, b.length, d.size(), FILE_OFFSET);
                        ValuesDecoder dec = new DictionaryDecoder(dict);
                        dec.init(d.data(), 0, d.data().length, n, FILE_OFFSET);
                        dec.readBinaries(new Binaries(), n);
                    });
                }
                Dictionary dict = Dictionary.decode(Type.BYTE_ARRAY, 0, d.dictionary(), 0, d.dictionary().length,
                        d.size(), 0);
                return values("dictionary data", Encoding.RLE_DICTIONARY, Type.BYTE_ARRAY, 0, n, d.data(), dict);
            }
        }
    }

    static Case values(String name, int encoding, int type, int width, int n, byte[] enc, Dictionary dict) {
        return new Case(name, enc, b -> {
            ValuesDecoder d = Encodings.decoder(encoding, type, width, dict, FILE_OFFSET);
            d.init(b, 0, b.length, n, FILE_OFFSET);
            Values out = new Values(type, width, n).emptyLike();
            Random r = new Random(b.length);
            int at = 0;
            for (int k : Gen.batches(r, n)) {
                out.read(d, at, k);
                at += k;
            }
        });
    }

    /** Runs the decoder; it may succeed or throw MalformedFileException with an offset in range. */
    static void survive(Case c, byte[] b) {
        long t0 = System.nanoTime();
        try {
            c.decodeAll().accept(b);
        } catch (MalformedFileException e) {
            assertThat(e.offset()).as(c.name() + ": " + e.getMessage()).isBetween(FILE_OFFSET,
                    FILE_OFFSET + Math.max(b.length, 0) + 4);
        }
        assertThat(System.nanoTime() - t0).as(c.name() + " took too long").isLessThan(5_000_000_000L);
    }

    @Property(tries = 1500)
    void truncated(@ForAll @IntRange(min = 0, max = KINDS - 1) int kind, @ForAll @IntRange(min = 0, max = 3000) int n,
            @ForAll long seed) {
        Random r = new Random(seed);
        Case c = make(r, kind, n);
        byte[] cut = Arrays.copyOf(c.enc(), c.enc().length == 0 ? 0 : r.nextInt(c.enc().length));
        survive(c, cut);
    }

    @Property(tries = 3000)
    void corrupted(@ForAll @IntRange(min = 0, max = KINDS - 1) int kind, @ForAll @IntRange(min = 0, max = 3000) int n,
            @ForAll @IntRange(min = 1, max = 6) int flips, @ForAll long seed) {
        Random r = new Random(seed);
        Case c = make(r, kind, n);
        byte[] b = c.enc().clone();
        for (int i = 0; i < flips && b.length > 0; i++) {
            // headers and lengths live near the start: hit them more often
            int at = r.nextBoolean() ? r.nextInt(Math.min(b.length, 24)) : r.nextInt(b.length);
            b[at] = r.nextInt(4) == 0 ? (byte) (r.nextBoolean() ? 0xFF : 0x80) : (byte) r.nextInt(256);
        }
        if (r.nextInt(4) == 0 && b.length > 0) {
            b = Arrays.copyOf(b, r.nextInt(b.length));
        }
        survive(c, b);
    }

    @Property(tries = 500)
    void moreValuesExpectedThanEncoded(@ForAll @IntRange(min = 0, max = KINDS - 1) int kind,
            @ForAll @IntRange(min = 0, max = 2000) int n, @ForAll long seed) {
        if (kind == 20) {
            return; // the dictionary page case is about the page, not the value count
        }
        Random r = new Random(seed);
        Case encoded = make(r, kind, n);
        // the same bytes read by a caller that expects more values
        Random r2 = new Random(seed);
        Case expecting = make(r2, kind, n + 1 + r.nextInt(2000));
        long t0 = System.nanoTime();
        try {
            expecting.decodeAll().accept(encoded.enc());
            // legal only where the encoding's padding really holds further values: RLE and bit
            // packing pad to whole groups, booleans to whole bytes
            assertThat(encoded.name()).matches("rle.*|dict indices.*|bit packed|plain BOOLEAN.*|dictionary data"
                    + "|plain FIXED_LEN_BYTE_ARRAY w0");
        } catch (MalformedFileException e) {
            assertThat(e.offset()).isGreaterThanOrEqualTo(FILE_OFFSET);
        }
        assertThat(System.nanoTime() - t0).isLessThan(5_000_000_000L);
    }

    // ---- hostile headers: huge counts and sizes cost nothing until their bytes exist

    @Test
    void rleRunClaimingBillionsOfValues() {
        // bit-packed run of 2^31-1 groups with 3 bytes of data
        byte[] b = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F, 1, 2, 3};
        RleBitPackedDecoder d = new RleBitPackedDecoder().init(b, 0, b.length, 5, FILE_OFFSET);
        int[] out = new int[100];
        assertThatThrownBy(() -> d.readInts(out, 0, 100)).isInstanceOf(MalformedFileException.class);
        // an RLE run of 2^31-1 copies is fine: the caller asks for what it needs
        byte[] rle = {(byte) 0xFE, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F, 7};
        new RleBitPackedDecoder().init(rle, 0, rle.length, 3, 0).readInts(out, 0, 100);
        assertThat(out).containsOnly(7);
        // a varint longer than 5 bytes or above 32 bits
        byte[] bad = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x01};
        assertThatThrownBy(() -> new RleBitPackedDecoder().init(bad, 0, bad.length, 3, FILE_OFFSET).readInt())
                .isInstanceOf(MalformedFileException.class).hasMessageContaining("varint");
    }

    @Test
    void deltaHeaderWithHugeCountsAllocatesNothing() {
        // blocks of 2^27 values in 1 miniblock, 2^31-1 values, first 1; one block: min delta 1, width 0.
        // Legal as far as it goes, and it costs only the bytes read
        byte[] b = {(byte) 0x80, (byte) 0x80, (byte) 0x80, 0x40, 0x01, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF,
            (byte) 0xFF, 0x07, 0x02, 0x02, 0x00};
        DeltaBinaryPackedDecoder d = new DeltaBinaryPackedDecoder();
        d.init(b, 0, b.length, 1000, FILE_OFFSET);
        int[] out = new int[1000];
        d.readInts(out, 0, 1000);
        assertThat(out[0]).isEqualTo(1);
        assertThat(out[999]).isEqualTo(1 + 999);
        assertThat(d.totalCount()).isEqualTo(Integer.MAX_VALUE);
        // the same stream as DELTA_LENGTH_BYTE_ARRAY lengths: 2^31-1 strings that would need terabytes
        ValuesDecoder dl = new DeltaLengthByteArrayDecoder();
        assertThatThrownBy(() -> dl.init(b, 0, b.length, 1000, FILE_OFFSET)).isInstanceOf(MalformedFileException.class);
        // miniblock count that does not divide the block, or leaves fewer than 32 values each
        byte[] m = {(byte) 0x80, 0x01, 0x03, 0x01, 0x00};
        assertThatThrownBy(() -> d.init(m, 0, m.length, 1, FILE_OFFSET)).isInstanceOf(MalformedFileException.class);
        byte[] m2 = {(byte) 0x80, 0x01, 0x08, 0x01, 0x00};
        assertThatThrownBy(() -> d.init(m2, 0, m2.length, 1, FILE_OFFSET)).isInstanceOf(MalformedFileException.class);
        // a miniblock width above 64
        byte[] w = {(byte) 0x80, 0x01, 0x04, 0x05, 0x00, 0x00, 65, 0, 0, 0};
        d.init(w, 0, w.length, 5, FILE_OFFSET);
        assertThatThrownBy(() -> d.readInts(new int[5], 0, 5)).isInstanceOf(MalformedFileException.class)
                .hasMessageContaining("bit width 65");
    }

    @Test
    void deltaMiniblockWidthsZeroAnd64() {
        Random r = new Random(1);
        long[] random = Gen.longs(r, 300, 0);
        long[] equal = new long[300];
        Arrays.fill(equal, Long.MIN_VALUE);
        for (long[] v : new long[][] {random, equal}) {
            byte[] enc = Encoders.deltaLongs(128, 4, v);
            // header: 128 (2 bytes), 4, 300 (2 bytes), first value (up to 10 bytes); then min delta and widths
            int p = 5;
            while (enc[p] < 0) {
                p++;
            }
            p++;
            while (enc[p] < 0) {
                p++;
            }
            p++;
            assertThat(enc[p] & 0xFF).isEqualTo(v == random ? 64 : 0);
            DeltaBinaryPackedDecoder d = new DeltaBinaryPackedDecoder();
            d.init(enc, 0, enc.length, 300, 0);
            long[] out = new long[300];
            d.readLongs(out, 0, 300);
            assertThat(out).isEqualTo(v);
        }
    }

    @Test
    void dictionaryIndexOutOfRange() {
        Dictionary dict = Dictionary.ofLongs(new long[] {10, 20, 30});
        byte[] idx = {2, 0x02, 3}; // width 2, RLE run of 1 copy of 3
        DictionaryDecoder d = new DictionaryDecoder(dict);
        d.init(idx, 0, idx.length, 1, FILE_OFFSET);
        assertThatThrownBy(() -> d.readLongs(new long[1], 0, 1)).isInstanceOf(MalformedFileException.class)
                .hasMessageContaining("dictionary index 3 outside a dictionary of 3")
                .satisfies(e -> assertThat(((MalformedFileException) e).offset()).isEqualTo(FILE_OFFSET + 1));
        byte[] wide = {33, 0x02, 0};
        assertThatThrownBy(() -> d.init(wide, 0, wide.length, 1, FILE_OFFSET)).isInstanceOf(MalformedFileException.class);
        // an all-null page may hold no bytes at all
        d.init(new byte[0], 0, 0, 0, FILE_OFFSET);
        assertThat(d.remaining()).isZero();
    }

    @Test
    void dictionaryPageCountCheckedBeforeAllocating() {
        byte[] page = new byte[16];
        for (int type : new int[] {Type.BOOLEAN, Type.INT32, Type.INT64, Type.INT96, Type.FLOAT, Type.DOUBLE,
            Type.BYTE_ARRAY, Type.FIXED_LEN_BYTE_ARRAY}) {
            assertThatThrownBy(() -> Dictionary.decode(type, 3, page, 0, page.length, Integer.MAX_VALUE, FILE_OFFSET))
                    .isInstanceOf(MalformedFileException.class);
        }
        assertThatThrownBy(() -> Dictionary.decode(Type.INT32, 0, page, 0, page.length, -1, FILE_OFFSET))
                .isInstanceOf(MalformedFileException.class);
    }

    @Test
    void byteArrayLengthsOutOfRange() {
        byte[] neg = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 1, 2};
        byte[] huge = {100, 0, 0, 0, 1, 2};
        for (byte[] b : new byte[][] {neg, huge}) {
            PlainDecoder d = new PlainDecoder(Type.BYTE_ARRAY, 0);
            d.init(b, 0, b.length, 1, FILE_OFFSET);
            assertThatThrownBy(() -> d.readBinaries(new Binaries(), 1)).isInstanceOf(MalformedFileException.class)
                    .satisfies(e -> assertThat(((MalformedFileException) e).offset()).isEqualTo(FILE_OFFSET));
            d.init(b, 0, b.length, 1, FILE_OFFSET);
            assertThatThrownBy(() -> d.skip(1)).isInstanceOf(MalformedFileException.class);
        }
    }

    @Test
    void byteStreamSplitSizeMustBeAMultipleOfTheWidth() {
        ByteStreamSplitDecoder d = new ByteStreamSplitDecoder(8);
        assertThatThrownBy(() -> d.init(new byte[17], 0, 17, 2, FILE_OFFSET)).isInstanceOf(MalformedFileException.class);
        assertThatThrownBy(() -> d.init(new byte[16], 0, 16, 3, FILE_OFFSET)).isInstanceOf(MalformedFileException.class);
    }

    @Test
    void deltaByteArrayPrefixLongerThanPreviousValue() {
        // prefixes {0, 5} against a first value of 2 bytes
        byte[][] vals = {"ab".getBytes(), "abcdefg".getBytes()};
        byte[] enc = Encoders.deltaByteArray(vals);
        // rebuild with a bad prefix stream: encode prefixes 0, 5 with parquet-java's delta writer
        byte[] prefixes = Encoders.deltaInts(128, 4, new int[] {0, 5});
        byte[] goodPrefixes = Encoders.deltaInts(128, 4, new int[] {0, 2});
        assertThat(Arrays.copyOf(enc, goodPrefixes.length)).isEqualTo(goodPrefixes);
        byte[] bad = new byte[enc.length - goodPrefixes.length + prefixes.length];
        System.arraycopy(prefixes, 0, bad, 0, prefixes.length);
        System.arraycopy(enc, goodPrefixes.length, bad, prefixes.length, enc.length - goodPrefixes.length);
        DeltaByteArrayDecoder d = new DeltaByteArrayDecoder();
        d.init(bad, 0, bad.length, 2, FILE_OFFSET);
        assertThatThrownBy(() -> d.readBinaries(new Binaries(), 2)).isInstanceOf(MalformedFileException.class)
                .hasMessageContaining("prefix length 5");
        // FLBA: every value must have the declared width
        DeltaByteArrayDecoder f = new DeltaByteArrayDecoder(2);
        f.init(enc, 0, enc.length, 2, FILE_OFFSET);
        assertThatThrownBy(() -> f.readBinaries(new Binaries(), 2)).isInstanceOf(MalformedFileException.class)
                .hasMessageContaining("width is 2");
    }

    @Test
    void noValuesAndNoBytesParseNothing() {
        for (int[] et : new int[][] {{Encoding.PLAIN, Type.INT32}, {Encoding.DELTA_BINARY_PACKED, Type.INT64},
            {Encoding.DELTA_LENGTH_BYTE_ARRAY, Type.BYTE_ARRAY}, {Encoding.DELTA_BYTE_ARRAY, Type.BYTE_ARRAY},
            {Encoding.BYTE_STREAM_SPLIT, Type.FLOAT}, {Encoding.RLE, Type.BOOLEAN}, {Encoding.RLE_DICTIONARY, Type.INT32}}) {
            ValuesDecoder d = Encodings.decoder(et[0], et[1], 0, Dictionary.ofInts(new int[] {1}), 0);
            d.init(new byte[8], 3, 0, 0, FILE_OFFSET);
            assertThat(d.remaining()).isZero();
            assertThat(d.position()).isEqualTo(3);
            if (et[0] == Encoding.PLAIN) {
                continue; // PLAIN has no header to get wrong
            }
            // but bytes that are there must parse
            assertThatThrownBy(() -> d.init(new byte[] {(byte) 0xFF}, 0, 1, 0, FILE_OFFSET))
                    .as(Encodings.Encoding.name(et[0])).isInstanceOf(MalformedFileException.class);
        }
    }

    @Test
    void deltaByteArrayCarryOverAcrossPages() {
        // page 1: "abcdef"; page 2 as parquet-mr < 1.8.0 wrote it: "abcxyz" stored as prefix 3 + "xyz"
        byte[] page1 = Encoders.deltaByteArray(new byte[][] {"abcdef".getBytes()});
        byte[] page2 = EncodingRoundTripTest.concat(Encoders.deltaInts(128, 4, new int[] {3}),
                Encoders.deltaLengthByteArray(new byte[][] {"xyz".getBytes()}));
        DeltaByteArrayDecoder d = new DeltaByteArrayDecoder();
        Binaries out = new Binaries();
        d.init(page1, 0, page1.length, 1, 0);
        d.readBinaries(out, 1);
        d.init(page2, 0, page2.length, 1, 100);
        assertThatThrownBy(() -> d.readBinaries(out, 1)).isInstanceOf(MalformedFileException.class);
        d.setCarryOver(true);
        d.init(page1, 0, page1.length, 1, 0);
        d.readBinaries(out, 1);
        d.init(page2, 0, page2.length, 1, 100);
        d.readBinaries(out, 1);
        assertThat(out.string(out.size() - 1)).isEqualTo("abcxyz");
    }

    @Test
    void encodingsNotDefinedForATypeAreMalformedAndUnknownOnesUnsupported() {
        assertThatThrownBy(() -> Encodings.decoder(Encoding.DELTA_BINARY_PACKED, Type.DOUBLE, 0, null, 5))
                .isInstanceOf(MalformedFileException.class);
        assertThatThrownBy(() -> Encodings.decoder(Encoding.RLE_DICTIONARY, Type.INT32, 0, null, 5))
                .isInstanceOf(MalformedFileException.class).hasMessageContaining("without a dictionary");
        assertThatThrownBy(() -> Encodings.decoder(Encoding.ALP, Type.DOUBLE, 0, null, 5))
                .isInstanceOf(io.pqlab.UnsupportedFeatureException.class);
        assertThatThrownBy(() -> Encodings.decoder(42, Type.INT32, 0, null, 5))
                .isInstanceOf(io.pqlab.UnsupportedFeatureException.class);
    }
}
