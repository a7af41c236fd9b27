package io.pqlab.internal.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqlab.internal.encoding.Encodings.Type;
import io.pqlab.oracle.Encoders;
import java.util.Random;

/** A column of one physical type in the array the decoders fill, with read and compare helpers. */
final class Values {
    final int type;
    final int width;
    final int n;
    boolean[] booleans;
    int[] ints;
    long[] longs;
    float[] floats;
    double[] doubles;
    byte[][] binaries;
    /** Decoded byte arrays land here; index i of the column is at binStart[i] in this container. */
    Binaries bin;
    int[] binIndex;

    Values(int type, int width, int n) {
        this.type = type;
        this.width = width;
        this.n = n;
    }

    static Values random(Random r, int type, int width, int n, int shape) {
        Values v = new Values(type, width, n);
        switch (type) {
            case Type.BOOLEAN -> v.booleans = Gen.booleans(r, n, shape);
            case Type.INT32 -> v.ints = Gen.ints(r, n, shape);
            case Type.INT64 -> v.longs = Gen.longs(r, n, shape);
            case Type.FLOAT -> v.floats = Gen.floats(r, n, shape);
            case Type.DOUBLE -> v.doubles = Gen.doubles(r, n, shape);
            case Type.BYTE_ARRAY -> v.binaries = Gen.binaries(r, n, shape);
            case Type.INT96 -> v.binaries = Gen.fixed(r, n, 12, shape);
            default -> v.binaries = Gen.fixed(r, n, width, shape);
        }
        return v;
    }

    /** The column PLAIN-encoded, by the oracle's encoders. */
    byte[] plain() {
        return switch (type) {
            case Type.BOOLEAN -> Encoders.plainBooleans(booleans);
            case Type.INT32 -> Encoders.plainInts(ints);
            case Type.INT64 -> Encoders.plainLongs(longs);
            case Type.FLOAT -> Encoders.plainFloats(floats);
            case Type.DOUBLE -> Encoders.plainDoubles(doubles);
            case Type.BYTE_ARRAY -> Encoders.plainBinaries(binaries);
            default -> Encoders.plainFixed(width, binaries);
        };
    }

    /** The same column with values drawn from its first k (for dictionaries with few entries). */
    Values fewDistinct(Random r, int k) {
        Values v = new Values(type, width, n);
        int d = Math.max(1, Math.min(k, n));
        int[] pick = new int[n];
        for (int i = 0; i < n; i++) {
            pick[i] = r.nextInt(d);
        }
        switch (type) {
            case Type.BOOLEAN -> {
                v.booleans = new boolean[n];
                for (int i = 0; i < n; i++) {
                    v.booleans[i] = booleans[pick[i]];
                }
            }
            case Type.INT32 -> {
                v.ints = new int[n];
                for (int i = 0; i < n; i++) {
                    v.ints[i] = ints[pick[i]];
                }
            }
            case Type.INT64 -> {
                v.longs = new long[n];
                for (int i = 0; i < n; i++) {
                    v.longs[i] = longs[pick[i]];
                }
            }
            case Type.FLOAT -> {
                v.floats = new float[n];
                for (int i = 0; i < n; i++) {
                    v.floats[i] = floats[pick[i]];
                }
            }
            case Type.DOUBLE -> {
                v.doubles = new double[n];
                for (int i = 0; i < n; i++) {
                    v.doubles[i] = doubles[pick[i]];
                }
            }
            default -> {
                v.binaries = new byte[n][];
                for (int i = 0; i < n; i++) {
                    v.binaries[i] = binaries[pick[i]];
                }
            }
        }
        return v;
    }

    Values emptyLike() {
        Values v = new Values(type, width, n);
        switch (type) {
            case Type.BOOLEAN -> v.booleans = new boolean[n];
            case Type.INT32 -> v.ints = new int[n];
            case Type.INT64 -> v.longs = new long[n];
            case Type.FLOAT -> v.floats = new float[n];
            case Type.DOUBLE -> v.doubles = new double[n];
            default -> {
                v.bin = new Binaries(1, 1);
                v.binIndex = new int[n];
            }
        }
        return v;
    }

    /** Reads k values into positions [at, at+k). */
    void read(ValuesDecoder d, int at, int k) {
        switch (type) {
            case Type.BOOLEAN -> d.readBooleans(booleans, at, k);
            case Type.INT32 -> d.readInts(ints, at, k);
            case Type.INT64 -> d.readLongs(longs, at, k);
            case Type.FLOAT -> d.readFloats(floats, at, k);
            case Type.DOUBLE -> d.readDoubles(doubles, at, k);
            default -> {
                int first = bin.size();
                d.readBinaries(bin, k);
                assertThat(bin.size()).isEqualTo(first + k);
                for (int i = 0; i < k; i++) {
                    binIndex[at + i] = first + i;
                }
            }
        }
    }

    /** Compares positions [at, at+k) of the decoded column out with this one. */
    void assertEquals(Values out, int at, int k) {
        for (int i = at; i < at + k; i++) {
            switch (type) {
                case Type.BOOLEAN -> assertThat(out.booleans[i]).as("value %d", i).isEqualTo(booleans[i]);
                case Type.INT32 -> assertThat(out.ints[i]).as("value %d", i).isEqualTo(ints[i]);
                case Type.INT64 -> assertThat(out.longs[i]).as("value %d", i).isEqualTo(longs[i]);
                case Type.FLOAT -> assertThat(Float.floatToRawIntBits(out.floats[i])).as("value %d", i)
                        .isEqualTo(Float.floatToRawIntBits(floats[i]));
                case Type.DOUBLE -> assertThat(Double.doubleToRawLongBits(out.doubles[i])).as("value %d", i)
                        .isEqualTo(Double.doubleToRawLongBits(doubles[i]));
                default -> {
                    assertThat(out.bin.get(out.binIndex[i])).as("value %d", i).isEqualTo(binaries[i]);
                    assertThat(out.bin.equals(out.binIndex[i], binaries[i])).isTrue();
                    assertThat(out.bin.compare(out.binIndex[i], binaries[i])).isZero();
                }
            }
        }
    }
}
