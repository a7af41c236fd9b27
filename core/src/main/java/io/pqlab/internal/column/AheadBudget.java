package io.pqlab.internal.column;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one scan's readers share: the bytes that pages decompressed ahead may hold together (their
 * stored copies and decompressed sizes, {@link ColumnChunkReader#decompressAhead}), so that a wide
 * projection or more row groups in flight split one budget instead of multiplying it; and the
 * scan's spare page-sized arrays (read windows, decompression outputs no batch keeps, stored-byte
 * copies), handed from one reader to the next instead of allocated and zeroed afresh for every
 * column chunk. A reader takes a page's cost before it queues the page and gives it back once the
 * page is decoded or dropped.
 *
 * <p>The spare arrays count against the same limit: what is held ahead plus what lies spare never
 * exceeds it. Pages ahead come first: {@link #take} drops spares to make room, and an array given
 * back that does not fit is left to the GC. A reader gives an array back only when nothing it
 * handed out references it (a batch never points into one; a PLAIN string page's decompressed
 * buffer, which its batches view, comes back only through its {@link PageLease}, once every batch
 * holding the page is released). {@link #freeArrays} at the scan's end.
 * Safe for any thread.
 */
public final class AheadBudget {
    /** Arrays below this are allocated plainly: not worth a lookup, and they are not what G1 struggles with. */
    static final int MIN_POOLED = 4096;

    /** Tests: fill every array given back with this byte, so a reader of a returned array sees garbage. */
    private static volatile boolean poison;

    private final long limit;
    // all guarded by this: a take or a give is per page, far from contended
    private long held;
    private long peak;
    private long spare;
    private boolean freed;
    /** Spare arrays by length, best fit first; the newest of a length first (warm in the caches). */
    private final TreeMap<Integer, ArrayDeque<byte[]>> spares = new TreeMap<>();
    private long reused;
    private long allocated;
    /**
     * (reuse) A consumer of the scan has released a batch ({@code RowBatch.release()}): from then on
     * a PLAIN string page its batch views is decompressed into a spare ({@link #viewArray}), since
     * the buffer comes back once its batches are released. Until then such a page gets a new array
     * of exactly its size, as before leases (a batch kept forever holds no more than its page).
     */
    private volatile boolean consumerReleases;
    /** (reuse) Viewed pages' buffers that were spares ({@link #viewArray}), and buffers given back by their leases. */
    private long views;
    private long viewsReturned;
    /**
     * (pages) Spare typed arrays of pages no batch holds any more ({@link PageLease}): values,
     * definition levels, dictionary indices, value indexes; by kind ({@link #BOOLEANS} ..
     * {@link #DOUBLES}) and length. Their bytes count in {@link #spare}, against the same limit.
     */
    @SuppressWarnings("unchecked")
    private final TreeMap<Integer, ArrayDeque<Object>>[] typed = new TreeMap[5];
    /** (pages) Typed arrays taken from the spares, made new of a size class, and given back. */
    private long typedReused;
    private long typedAllocated;
    private long typedReturned;

    static final int BOOLEANS = 0;
    static final int INTS = 1;
    static final int LONGS = 2;
    static final int FLOATS = 3;
    static final int DOUBLES = 4;
    /** log2 of an element's bytes, by kind. */
    private static final int[] SHIFT = {0, 2, 3, 2, 3};

    public AheadBudget(long limit) {
        this.limit = limit;
        for (int k = 0; k < typed.length; k++) {
            typed[k] = new TreeMap<>();
        }
    }

    /** Takes {@code cost} if it fits what is left; false (nothing taken) if it does not. */
    synchronized boolean take(long cost) {
        if (cost < 0 || held + cost > limit || held + cost < held) {
            return false;
        }
        while (held + spare + cost > limit && spare > 0) {
            dropLargest(); // pages ahead before spare arrays
        }
        held += cost;
        peak = Math.max(peak, held);
        return true;
    }

    synchronized void release(long cost) {
        held -= cost;
    }

    public long limit() {
        return limit;
    }

    /** Bytes held ahead now. */
    public synchronized long held() {
        return held;
    }

    /** The most bytes held ahead at once so far. */
    public synchronized long peak() {
        return peak;
    }

    /** Bytes lying in spare arrays now. */
    public synchronized long spareBytes() {
        return spare;
    }

    /** Arrays handed out from the spares so far, and arrays made new (tests, profiles). */
    public synchronized long[] arrayCounts() {
        return new long[] {reused, allocated};
    }

    /**
     * An array of at least {@code min} bytes, of any content: a spare one that is not much larger,
     * else a new one of {@link #sizeClass}(min) bytes (so that a chunk's next page, or the next
     * row group's page of the same column, a little larger, still finds it).
     */
    byte[] array(int min) {
        if (min < MIN_POOLED) {
            return new byte[min];
        }
        int cls = sizeClass(min);
        synchronized (this) {
            Map.Entry<Integer, ArrayDeque<byte[]>> e = spares.ceilingEntry(min);
            if (e != null && e.getKey() <= Math.max(cls, 2L * min)) {
                return pop(e);
            }
            allocated++;
        }
        return new byte[cls];
    }

    /**
     * (reuse) The decompression buffer of a PLAIN string page its batch will view: once the scan's
     * consumer has released a batch, a spare of at least {@code min} bytes and at most its size
     * class (never up to twice: a batch the consumer keeps holds it), else a new one of that
     * class; before, a new array of exactly {@code min} bytes.
     */
    byte[] viewArray(int min) {
        if (!consumerReleases) {
            return new byte[min];
        }
        return classArray(min, true);
    }

    /**
     * An array of at least {@code min} bytes and at most {@link #counted}(min), of any content: a
     * spare of its size class, else a new one. For a page read ahead, whose cost the budget takes
     * as its arrays' counted sizes before they are chosen: so held counts at least what the
     * arrays take (a spare from {@link #array} may be up to twice the bytes asked for).
     */
    byte[] classArray(int min) {
        return classArray(min, false);
    }

    private byte[] classArray(int min, boolean view) {
        if (min < MIN_POOLED) {
            return new byte[min];
        }
        int cls = sizeClass(min);
        synchronized (this) {
            Map.Entry<Integer, ArrayDeque<byte[]>> e = spares.ceilingEntry(min);
            if (e != null && e.getKey() <= cls) {
                views += view ? 1 : 0;
                return pop(e);
            }
            allocated++;
        }
        return new byte[cls];
    }

    /** The most bytes {@link #classArray}(n) takes: what a page ahead's array is counted as. */
    static long counted(int n) {
        return n < MIN_POOLED ? Math.max(0, n) : sizeClass(n);
    }

    /**
     * (reuse) Buffers of viewed pages that were spare arrays ({@link #viewArray}), and buffers
     * given back by their page's last release (tests).
     */
    public synchronized long[] viewCounts() {
        return new long[] {views, viewsReturned};
    }

    /** A viewed page's buffer, no batch holding it any more ({@link PageLease}). */
    void recycleViewed(byte[] a) {
        synchronized (this) {
            viewsReturned++;
        }
        recycle(a);
    }

    /** The consumer released a batch (see {@link #viewArray}). */
    void consumerReleases() {
        if (!consumerReleases) {
            consumerReleases = true;
        }
    }

    private byte[] pop(Map.Entry<Integer, ArrayDeque<byte[]>> e) {
        byte[] a = e.getValue().pop();
        if (e.getValue().isEmpty()) {
            spares.remove(e.getKey());
        }
        spare -= a.length;
        reused++;
        return a;
    }

    /**
     * Gives back an array nothing references any more (the caller's promise): kept as a spare if
     * it fits the limit with what is held ahead, else left to the GC.
     */
    void recycle(byte[] a) {
        if (a == null || a.length < MIN_POOLED) {
            return;
        }
        if (poison) {
            Arrays.fill(a, (byte) 0xA7);
        }
        synchronized (this) {
            if (freed || held + spare + a.length > limit) {
                return;
            }
            ArrayDeque<byte[]> q = spares.computeIfAbsent(a.length, k -> new ArrayDeque<>());
            for (byte[] x : q) {
                if (x == a) {
                    // two readers would then write one array: a wrong row, never to be risked
                    throw new IllegalStateException("an array of " + a.length + " bytes given back twice");
                }
            }
            q.push(a);
            spare += a.length;
        }
    }

    /** The scan is over: drops the spares, and any array given back later. */
    public synchronized void freeArrays() {
        freed = true;
        spares.clear();
        for (TreeMap<Integer, ArrayDeque<Object>> t : typed) {
            t.clear();
        }
        spare = 0;
    }

    // ---- (pages) typed arrays of leased pages ------------------------------------------------

    boolean[] booleans(int n) {
        return (boolean[]) typedArray(BOOLEANS, n);
    }

    int[] ints(int n) {
        return (int[]) typedArray(INTS, n);
    }

    long[] longs(int n) {
        return (long[]) typedArray(LONGS, n);
    }

    float[] floats(int n) {
        return (float[]) typedArray(FLOATS, n);
    }

    double[] doubles(int n) {
        return (double[]) typedArray(DOUBLES, n);
    }

    /**
     * An array of {@code kind} of at least {@code n} elements, of any content, for a leased page
     * (it comes back through the page's {@link PageLease}): a spare of at most the size class of
     * its bytes whenever there is one, else a new one of that class once the scan's consumer has
     * released a batch, and before that a new one of exactly {@code n} (a batch kept forever holds
     * no more than without leases). Spares before a release come from pages no batch held (a
     * condition column's, sealed by the pass): a scan whose condition matches nothing hands its
     * consumer no batch, and took a new array (a humongous one for a 1 MiB page) for every page.
     */
    private Object typedArray(int kind, int n) {
        long bytes = (long) n << SHIFT[kind];
        if (bytes < MIN_POOLED || bytes > Integer.MAX_VALUE - 16) {
            return newTyped(kind, n);
        }
        int cls = (int) (sizeClass((int) bytes) >>> SHIFT[kind]); // at least n: a class is at least its bytes
        boolean released = consumerReleases;
        synchronized (this) {
            Map.Entry<Integer, ArrayDeque<Object>> e = typed[kind].ceilingEntry(n);
            if (e != null && e.getKey() <= cls) {
                Object a = e.getValue().pop();
                if (e.getValue().isEmpty()) {
                    typed[kind].remove(e.getKey());
                }
                spare -= (long) e.getKey() << SHIFT[kind];
                typedReused++;
                return a;
            }
            if (released) {
                typedAllocated++;
            }
        }
        return newTyped(kind, released ? cls : n);
    }

    private static Object newTyped(int kind, int n) {
        return switch (kind) {
            case BOOLEANS -> new boolean[n];
            case INTS -> new int[n];
            case LONGS -> new long[n];
            case FLOATS -> new float[n];
            default -> new double[n];
        };
    }

    /**
     * (pages) Gives back a leased page's typed array (any of the kinds, or null: nothing) that
     * nothing reads any more (its lease's promise): kept as a spare if it fits the limit with what
     * is held ahead and lies spare, else left to the GC.
     */
    void recycleTyped(Object a) {
        if (a == null) {
            return;
        }
        int kind = a instanceof long[] ? LONGS : a instanceof int[] ? INTS : a instanceof double[] ? DOUBLES
                : a instanceof float[] ? FLOATS : a instanceof boolean[] ? BOOLEANS : -1;
        if (kind < 0) {
            throw new IllegalArgumentException("not a typed page array: " + a.getClass());
        }
        int n = java.lang.reflect.Array.getLength(a);
        long bytes = (long) n << SHIFT[kind];
        if (bytes < MIN_POOLED) {
            return;
        }
        if (poison) {
            poison(a);
        }
        synchronized (this) {
            typedReturned++;
            if (freed || held + spare + bytes > limit) {
                return;
            }
            ArrayDeque<Object> q = typed[kind].computeIfAbsent(n, k -> new ArrayDeque<>());
            for (Object x : q) {
                if (x == a) {
                    // two pages would then hold one array: a wrong row, never to be risked
                    throw new IllegalStateException("a typed array of " + n + " elements given back twice");
                }
            }
            q.push(a);
            spare += bytes;
        }
    }

    /** Tests: a value no decoder wrote, so a reader of a given-back array sees rows change. */
    private static void poison(Object a) {
        if (a instanceof long[] x) {
            Arrays.fill(x, 0xA7A7A7A7A7A7A7A7L);
        } else if (a instanceof int[] x) {
            Arrays.fill(x, 0xA7A7A7A7); // as levels and indexes: out of range, as values: garbage
        } else if (a instanceof double[] x) {
            Arrays.fill(x, Double.longBitsToDouble(0x7FF8A7A7A7A7A7A7L)); // a NaN
        } else if (a instanceof float[] x) {
            Arrays.fill(x, Float.intBitsToFloat(0x7FC0A7A7));
        } else if (a instanceof boolean[] x) {
            for (int i = 0; i < x.length; i++) {
                x[i] = !x[i]; // every value flipped
            }
        }
    }

    /**
     * (pages) Typed arrays of leased pages taken from the spares, made new of a size class (the
     * consumer releasing batches, none spare), and given back by their page's last release
     * (tests, profiles). Separate from {@link #viewCounts} and {@link #arrayCounts}.
     */
    public synchronized long[] typedCounts() {
        return new long[] {typedReused, typedAllocated, typedReturned};
    }

    /** Drops the spare array of the most bytes, byte or typed. */
    private void dropLargest() {
        int kind = -1;
        long most = spares.isEmpty() ? 0 : spares.lastKey();
        for (int k = 0; k < typed.length; k++) {
            if (!typed[k].isEmpty() && ((long) typed[k].lastKey() << SHIFT[k]) > most) {
                most = (long) typed[k].lastKey() << SHIFT[k];
                kind = k;
            }
        }
        if (kind < 0) {
            Map.Entry<Integer, ArrayDeque<byte[]>> e = spares.lastEntry();
            e.getValue().pop();
            if (e.getValue().isEmpty()) {
                spares.remove(e.getKey());
            }
        } else {
            Map.Entry<Integer, ArrayDeque<Object>> e = typed[kind].lastEntry();
            e.getValue().pop();
            if (e.getValue().isEmpty()) {
                typed[kind].remove(e.getKey());
            }
        }
        spare -= most;
    }

    /**
     * The length of a new array for {@code n} bytes: within an eighth above n below 512 KiB; from
     * there, up to the end of its MiB (less an array's header), the G1 regions such an array
     * takes whole anyway at heaps up to 2 GiB (whole 1 MiB regions; in 2 MiB ones it takes no
     * more of them either).
     */
    static int sizeClass(int n) {
        if (n < (512 << 10)) {
            int step = Math.max(1, Integer.highestOneBit(n) >>> 3);
            return (int) (((long) n + step - 1) / step * step);
        }
        long mib = 1 << 20;
        long c = ((long) n + 16 + mib - 1) / mib * mib - 16;
        return (int) Math.min(c, Integer.MAX_VALUE - 16);
    }

    /** Tests: poison every array given back from now on (see {@link #recycle}). */
    public static void poisonForTests(boolean on) {
        poison = on;
    }
}
