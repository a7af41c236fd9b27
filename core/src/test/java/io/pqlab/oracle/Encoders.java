package io.pqlab.oracle;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.bitpacking.BitPackingValuesWriter;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesWriter;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.column.values.plain.BooleanPlainValuesWriter;
import org.apache.parquet.column.values.plain.FixedLenByteArrayPlainValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridValuesWriter;
import org.apache.parquet.io.api.Binary;

/**
 * parquet-java's own value encoders: the independent writer whose output pqlab's decoders must
 * read. Each method gives the bytes of one page body (or one level run) as parquet-java writes it.
 */
public final class Encoders {
    private Encoders() {}

    public static final HeapByteBufferAllocator ALLOC = HeapByteBufferAllocator.getInstance();
    private static final int SLAB = 64;
    private static final int PAGE = 1 << 20;

    public static byte[] bytes(BytesInput b) {
        try {
            return b.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static byte[] bytes(ValuesWriter w) {
        byte[] b = bytes(w.getBytes());
        w.close();
        return b;
    }

    /** RLE/bit-packed hybrid runs, no length prefix. */
    public static byte[] rle(int bitWidth, int[] values) {
        try (RunLengthBitPackingHybridEncoder e = new RunLengthBitPackingHybridEncoder(bitWidth, SLAB, PAGE, ALLOC)) {
            for (int v : values) {
                e.writeInt(v);
            }
            return bytes(e.toBytes());
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /** The deprecated BIT_PACKED encoding for levels of at most maxLevel. */
    public static byte[] bitPacked(int maxLevel, int[] values) {
        BitPackingValuesWriter w = new BitPackingValuesWriter(maxLevel, SLAB, PAGE, ALLOC);
        for (int v : values) {
            w.writeInteger(v);
        }
        return bytes(w);
    }

    /** RLE booleans: 4-byte length prefix, then runs of width 1. */
    public static byte[] rleBooleans(boolean[] values) {
        RunLengthBitPackingHybridValuesWriter w = new RunLengthBitPackingHybridValuesWriter(1, SLAB, PAGE, ALLOC);
        for (boolean v : values) {
            w.writeBoolean(v);
        }
        return bytes(w);
    }

    public static byte[] plainBooleans(boolean[] values) {
        BooleanPlainValuesWriter w = new BooleanPlainValuesWriter();
        for (boolean v : values) {
            w.writeBoolean(v);
        }
        return bytes(w);
    }

    public static byte[] plainInts(int[] values) {
        PlainValuesWriter w = new PlainValuesWriter(SLAB, PAGE, ALLOC);
        for (int v : values) {
            w.writeInteger(v);
        }
        return bytes(w);
    }

    public static byte[] plainLongs(long[] values) {
        PlainValuesWriter w = new PlainValuesWriter(SLAB, PAGE, ALLOC);
        for (long v : values) {
            w.writeLong(v);
        }
        return bytes(w);
    }

    public static byte[] plainFloats(float[] values) {
        PlainValuesWriter w = new PlainValuesWriter(SLAB, PAGE, ALLOC);
        for (float v : values) {
            w.writeFloat(v);
        }
        return bytes(w);
    }

    public static byte[] plainDoubles(double[] values) {
        PlainValuesWriter w = new PlainValuesWriter(SLAB, PAGE, ALLOC);
        for (double v : values) {
            w.writeDouble(v);
        }
        return bytes(w);
    }

    public static byte[] plainBinaries(byte[][] values) {
        PlainValuesWriter w = new PlainValuesWriter(SLAB, PAGE, ALLOC);
        for (byte[] v : values) {
            w.writeBytes(Binary.fromConstantByteArray(v));
        }
        return bytes(w);
    }

    public static byte[] plainFixed(int width, byte[][] values) {
        FixedLenByteArrayPlainValuesWriter w = new FixedLenByteArrayPlainValuesWriter(width, SLAB, PAGE, ALLOC);
        for (byte[] v : values) {
            w.writeBytes(Binary.fromConstantByteArray(v));
        }
        return bytes(w);
    }

    public static byte[] deltaInts(int blockSize, int miniblocks, int[] values) {
        DeltaBinaryPackingValuesWriterForInteger w =
                new DeltaBinaryPackingValuesWriterForInteger(blockSize, miniblocks, SLAB, PAGE, ALLOC);
        for (int v : values) {
            w.writeInteger(v);
        }
        return bytes(w);
    }

    public static byte[] deltaLongs(int blockSize, int miniblocks, long[] values) {
        DeltaBinaryPackingValuesWriterForLong w =
                new DeltaBinaryPackingValuesWriterForLong(blockSize, miniblocks, SLAB, PAGE, ALLOC);
        for (long v : values) {
            w.writeLong(v);
        }
        return bytes(w);
    }

    public static byte[] deltaLengthByteArray(byte[][] values) {
        DeltaLengthByteArrayValuesWriter w = new DeltaLengthByteArrayValuesWriter(SLAB, PAGE, ALLOC);
        for (byte[] v : values) {
            w.writeBytes(Binary.fromConstantByteArray(v));
        }
        return bytes(w);
    }

    public static byte[] deltaByteArray(byte[][] values) {
        DeltaByteArrayWriter w = new DeltaByteArrayWriter(SLAB, PAGE, ALLOC);
        for (byte[] v : values) {
            w.writeBytes(Binary.fromConstantByteArray(v));
        }
        return bytes(w);
    }

    public static byte[] bssFloats(float[] values) {
        var w = new ByteStreamSplitValuesWriter.FloatByteStreamSplitValuesWriter(SLAB, PAGE, ALLOC);
        for (float v : values) {
            w.writeFloat(v);
        }
        return bytes(w);
    }

    public static byte[] bssDoubles(double[] values) {
        var w = new ByteStreamSplitValuesWriter.DoubleByteStreamSplitValuesWriter(SLAB, PAGE, ALLOC);
        for (double v : values) {
            w.writeDouble(v);
        }
        return bytes(w);
    }

    public static byte[] bssInts(int[] values) {
        var w = new ByteStreamSplitValuesWriter.IntegerByteStreamSplitValuesWriter(SLAB, PAGE, ALLOC);
        for (int v : values) {
            w.writeInteger(v);
        }
        return bytes(w);
    }

    public static byte[] bssLongs(long[] values) {
        var w = new ByteStreamSplitValuesWriter.LongByteStreamSplitValuesWriter(SLAB, PAGE, ALLOC);
        for (long v : values) {
            w.writeLong(v);
        }
        return bytes(w);
    }

    public static byte[] bssFixed(int width, byte[][] values) {
        var w = new ByteStreamSplitValuesWriter.FixedLenByteArrayByteStreamSplitValuesWriter(width, SLAB, PAGE, ALLOC);
        for (byte[] v : values) {
            w.writeBytes(Binary.fromConstantByteArray(v));
        }
        return bytes(w);
    }

    /** A dictionary-encoded page: {dictionary page bytes (PLAIN), data page bytes, dictionary size}. */
    public record Dict(byte[] dictionary, byte[] data, int size) {}

    public static Dict dictionary(DictionaryValuesWriter w) {
        byte[] data = bytes(w.getBytes());
        DictionaryPage page = w.toDictPageAndClose();
        if (page == null) {
            return new Dict(new byte[0], data, 0); // no values, no dictionary page
        }
        return new Dict(bytes(page.getBytes()), data, page.getDictionarySize());
    }

    public static Dict dictInts(int[] values) {
        var w = new DictionaryValuesWriter.PlainIntegerDictionaryValuesWriter(Integer.MAX_VALUE,
                Encoding.RLE_DICTIONARY, Encoding.PLAIN, ALLOC);
        for (int v : values) {
            w.writeInteger(v);
        }
        return dictionary(w);
    }

    public static Dict dictLongs(long[] values) {
        var w = new DictionaryValuesWriter.PlainLongDictionaryValuesWriter(Integer.MAX_VALUE,
                Encoding.RLE_DICTIONARY, Encoding.PLAIN, ALLOC);
        for (long v : values) {
            w.writeLong(v);
        }
        return dictionary(w);
    }

    public static Dict dictFloats(float[] values) {
        var w = new DictionaryValuesWriter.PlainFloatDictionaryValuesWriter(Integer.MAX_VALUE,
                Encoding.RLE_DICTIONARY, Encoding.PLAIN, ALLOC);
        for (float v : values) {
            w.writeFloat(v);
        }
        return dictionary(w);
    }

    public static Dict dictDoubles(double[] values) {
        var w = new DictionaryValuesWriter.PlainDoubleDictionaryValuesWriter(Integer.MAX_VALUE,
                Encoding.RLE_DICTIONARY, Encoding.PLAIN, ALLOC);
        for (double v : values) {
            w.writeDouble(v);
        }
        return dictionary(w);
    }

    public static Dict dictBinaries(byte[][] values) {
        var w = new DictionaryValuesWriter.PlainBinaryDictionaryValuesWriter(Integer.MAX_VALUE,
                Encoding.RLE_DICTIONARY, Encoding.PLAIN, ALLOC);
        for (byte[] v : values) {
            w.writeBytes(Binary.fromConstantByteArray(v));
        }
        return dictionary(w);
    }

    public static Dict dictFixed(int width, byte[][] values) {
        var w = new DictionaryValuesWriter.PlainFixedLenArrayDictionaryValuesWriter(Integer.MAX_VALUE, width,
                Encoding.RLE_DICTIONARY, Encoding.PLAIN, ALLOC);
        for (byte[] v : values) {
            w.writeBytes(Binary.fromConstantByteArray(v));
        }
        return dictionary(w);
    }
}
