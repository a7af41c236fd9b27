package io.pqlab.internal.encoding;

import java.util.Arrays;
import java.util.Random;

/** Seeded value generators in several shapes, edge values included. */
final class Gen {
    private Gen() {}

    /** Values in [0, 2^w): random, runs, constant, extremes, mostly-one-value. */
    static int[] levels(Random r, int n, int w, int shape) {
        long max = w == 32 ? 0xFFFF_FFFFL : (1L << w) - 1;
        int[] v = new int[n];
        int constant = (int) (r.nextLong() & max);
        for (int i = 0; i < n;) {
            switch (shape % 5) {
                case 0 -> v[i++] = (int) (r.nextLong() & max);
                case 1 -> {
                    int run = 1 + r.nextInt(r.nextBoolean() ? 10 : 300);
                    int x = (int) (r.nextLong() & max);
                    for (int k = 0; k < run && i < n; k++) {
                        v[i++] = x;
                    }
                }
                case 2 -> v[i++] = constant;
                case 3 -> v[i++] = r.nextBoolean() ? 0 : (int) max;
                default -> v[i++] = r.nextInt(20) == 0 ? (int) (r.nextLong() & max) : constant;
            }
        }
        return v;
    }

    static int[] ints(Random r, int n, int shape) {
        int[] v = new int[n];
        int[] edges = {Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1, 1, Integer.MIN_VALUE + 1, Integer.MAX_VALUE - 1};
        int x = r.nextInt();
        for (int i = 0; i < n; i++) {
            v[i] = switch (shape % 7) {
                case 0 -> r.nextInt();
                case 1 -> r.nextInt(1000) - 500;
                case 2 -> x += r.nextInt(100); // increasing, wrapping at the top
                case 3 -> x -= r.nextInt(1 << 20); // negative deltas
                case 4 -> x; // all equal: width-0 miniblocks
                case 5 -> edges[r.nextInt(edges.length)];
                default -> (i & 1) == 0 ? Integer.MIN_VALUE : Integer.MAX_VALUE; // deltas that overflow
            };
        }
        return v;
    }

    static long[] longs(Random r, int n, int shape) {
        long[] v = new long[n];
        long[] edges = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1,
            Integer.MIN_VALUE, Integer.MAX_VALUE};
        long x = r.nextLong();
        for (int i = 0; i < n; i++) {
            v[i] = switch (shape % 7) {
                case 0 -> r.nextLong(); // deltas need 64 bits
                case 1 -> r.nextInt(1000) - 500;
                case 2 -> x += r.nextInt(1000);
                case 3 -> x -= r.nextLong() >>> 20;
                case 4 -> x;
                case 5 -> edges[r.nextInt(edges.length)];
                default -> (i & 1) == 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
            };
        }
        return v;
    }

    static float[] floats(Random r, int n, int shape) {
        float[] v = new float[n];
        float[] edges = {0f, -0f, Float.NaN, Float.intBitsToFloat(0x7FC00001), Float.intBitsToFloat(0xFF800123),
            Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE};
        for (int i = 0; i < n; i++) {
            v[i] = switch (shape % 3) {
                case 0 -> Float.intBitsToFloat(r.nextInt());
                case 1 -> r.nextInt(100_000) / 100f;
                default -> edges[r.nextInt(edges.length)];
            };
        }
        return v;
    }

    static double[] doubles(Random r, int n, int shape) {
        double[] v = new double[n];
        double[] edges = {0d, -0d, Double.NaN, Double.longBitsToDouble(0x7FF8000000000001L),
            Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int i = 0; i < n; i++) {
            v[i] = switch (shape % 3) {
                case 0 -> Double.longBitsToDouble(r.nextLong());
                case 1 -> r.nextInt(100_000) / 100d;
                default -> edges[r.nextInt(edges.length)];
            };
        }
        return v;
    }

    static boolean[] booleans(Random r, int n, int shape) {
        boolean[] v = new boolean[n];
        boolean run = r.nextBoolean();
        for (int i = 0; i < n; i++) {
            if (shape % 3 == 1 && r.nextInt(50) == 0) {
                run = !run;
            }
            v[i] = switch (shape % 3) {
                case 0 -> r.nextBoolean();
                case 1 -> run;
                default -> true;
            };
        }
        return v;
    }

    /** Byte strings: empty ones, long ones, and many sharing prefixes with the previous one. */
    static byte[][] binaries(Random r, int n, int shape) {
        byte[][] v = new byte[n][];
        byte[] prev = new byte[0];
        for (int i = 0; i < n; i++) {
            byte[] b;
            switch (shape % 4) {
                case 0 -> {
                    b = new byte[r.nextInt(20)];
                    r.nextBytes(b);
                }
                case 1 -> {
                    int keep = prev.length == 0 ? 0 : r.nextInt(prev.length + 1);
                    b = Arrays.copyOf(prev, keep + r.nextInt(6));
                    for (int k = keep; k < b.length; k++) {
                        b[k] = (byte) ('a' + r.nextInt(3));
                    }
                }
                case 2 -> b = r.nextInt(3) == 0 ? new byte[0] : ("value-" + r.nextInt(50)).getBytes();
                default -> {
                    b = new byte[r.nextInt(8) == 0 ? r.nextInt(3000) : r.nextInt(4)];
                    r.nextBytes(b);
                }
            }
            v[i] = b;
            prev = b;
        }
        return v;
    }

    static byte[][] fixed(Random r, int n, int width, int shape) {
        byte[][] v = new byte[n][];
        for (int i = 0; i < n; i++) {
            v[i] = new byte[width];
            if (shape % 3 == 0 || i == 0) {
                r.nextBytes(v[i]);
            } else if (shape % 3 == 1) {
                // shares a prefix with its predecessor, as sorted keys do
                int keep = r.nextInt(width + 1);
                System.arraycopy(v[i - 1], 0, v[i], 0, keep);
                for (int k = keep; k < width; k++) {
                    v[i][k] = (byte) r.nextInt(4);
                }
            } else {
                v[i] = v[r.nextInt(i)].clone();
            }
        }
        return v;
    }

    /** Splits n into random batch sizes (0 included) so the decoders are read in pieces. */
    static int[] batches(Random r, int n) {
        int[] out = new int[n + 2];
        int k = 0;
        int left = n;
        while (left > 0) {
            int b = r.nextInt(4) == 0 ? left : Math.min(left, r.nextInt(r.nextBoolean() ? 9 : 700));
            if (k == out.length) {
                out = Arrays.copyOf(out, 2 * k); // batches of 0 can outnumber n + 2
            }
            out[k++] = b;
            left -= b;
        }
        return Arrays.copyOf(out, k);
    }

    /** Copies b into a larger array at a random offset with random bytes around it. */
    static byte[] embed(Random r, byte[] b, int before, int after) {
        byte[] out = new byte[before + b.length + after];
        r.nextBytes(out);
        System.arraycopy(b, 0, out, before, b.length);
        return out;
    }
}
