package io.pqlab.internal.encoding;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Many byte strings in one container: value i is {@code data()[offset(i) .. offset(i+1) - gap())}.
 * One backing array and one offsets array (n + 1 entries) instead of an object per value, so
 * decoding a page of strings allocates O(1) objects. Decoders append; readers index. Not
 * thread-safe; {@link #clear()} reuses the arrays.
 *
 * <p>The gap is 0 for a container that owns its bytes (appended values are contiguous). A view of
 * a PLAIN page ({@link #viewPlain}) leaves the values where the page has them, each after its
 * 4-byte length, so its gap is 4: the next value starts 4 bytes after this one ends. Nothing can
 * be appended to a view; {@link #clear()} turns it back into an empty container of its own.
 */
public final class Binaries {
    /** Largest backing array the JVM reliably allocates. */
    public static final int MAX_BYTES = Integer.MAX_VALUE - 16;

    private byte[] data;
    private int[] offsets;
    private int size;
    /** Bytes between one value's end and the next one's start: 0, or 4 in a view of a PLAIN page. */
    private int gap;

    public Binaries() {
        this(16, 256);
    }

    public Binaries(int valuesHint, int bytesHint) {
        data = new byte[Math.max(0, bytesHint)];
        offsets = new int[Math.max(1, valuesHint + 1)];
    }

    private Binaries(int[] offsets) {
        data = new byte[0];
        this.offsets = offsets;
        offsets[0] = 0; // an empty container's first offset; the array's other entries are of no meaning yet
    }

    /**
     * (pages) An empty container whose offsets array is {@code offsets} (at least one entry, of
     * any content; the caller gives it up): a scan's spare, which goes back with its page
     * ({@code PageLease}), its values then a view of the page or appended.
     */
    public static Binaries over(int[] offsets) {
        return new Binaries(offsets);
    }

    /** A container holding copies of the given values (tests, literals, small dictionaries). */
    public static Binaries of(byte[]... values) {
        int bytes = 0;
        for (byte[] v : values) {
            bytes += v.length;
        }
        Binaries b = new Binaries(values.length, bytes);
        for (byte[] v : values) {
            b.append(v, 0, v.length);
        }
        return b;
    }

    public int size() {
        return size;
    }

    public void clear() {
        size = 0;
        if (gap != 0) { // a view: the page's bytes are not ours to append to
            gap = 0;
            data = new byte[0];
            offsets[0] = 0;
        }
    }

    /** Bytes between value i's end and value i+1's start (0, or 4 in a view of a PLAIN page). */
    public int gap() {
        return gap;
    }

    /**
     * Makes this empty container a view of n PLAIN BYTE_ARRAY values of page, whose starts
     * (after each value's 4-byte length) are {@code starts[0..n)} and whose last value ends at
     * {@code end}, each start to the next less 4 being one value. The caller has checked every
     * length against the page and gives up the page (nobody writes it again). starts becomes
     * this container's offsets array.
     */
    void viewPlain(byte[] page, int[] starts, int n, int end) {
        if (size != 0 || n <= 0 || starts.length < n + 1 || end < 0 || end > page.length
                || end > Integer.MAX_VALUE - 4) {
            throw new IllegalArgumentException("view of " + n + " values in " + page.length + " bytes");
        }
        data = page;
        offsets = starts;
        offsets[n] = end + 4;
        size = n;
        gap = 4;
    }

    /** The backing array; valid bytes are [0, offset(size())). Its identity changes as it grows. */
    public byte[] data() {
        return data;
    }

    /** Start of value i in {@link #data()}. {@code offset(size())} is the end of the last value. */
    public int offset(int i) {
        if (i < 0 || i > size) {
            throw new IndexOutOfBoundsException(i);
        }
        return offsets[i];
    }

    /** End (exclusive) of value i in {@link #data()}: {@code offset(i + 1) - gap()}. */
    public int endOf(int i) {
        check(i);
        return offsets[i + 1] - gap;
    }

    /**
     * The offsets array: value i is {@code data()[offsets()[i] .. offsets()[i + 1] - gap())} for i below
     * {@link #size()}; entries past {@code size()} are not meaningful. For readers that copy
     * offsets in bulk; do not change it.
     */
    public int[] offsets() {
        return offsets;
    }

    public int length(int i) {
        check(i);
        return offsets[i + 1] - offsets[i] - gap;
    }

    /** Total bytes of the values held. */
    public int byteSize() {
        return gap == 0 ? offsets[size] : offsets[size] - offsets[0] - gap * size;
    }

    /** A copy of value i. */
    public byte[] get(int i) {
        check(i);
        return Arrays.copyOfRange(data, offsets[i], offsets[i + 1] - gap);
    }

    /** A read-only view of value i, valid until the container is cleared or grows. */
    public ByteBuffer view(int i) {
        check(i);
        return ByteBuffer.wrap(data, offsets[i], offsets[i + 1] - gap - offsets[i]).slice().asReadOnlyBuffer();
    }

    /** Value i decoded as UTF-8 (malformed sequences replaced), for display and tests. */
    public String string(int i) {
        check(i);
        return new String(data, offsets[i], offsets[i + 1] - gap - offsets[i], StandardCharsets.UTF_8);
    }

    /** Unsigned lexicographic comparison of value i with b[off, off+len): the order of strings. */
    public int compare(int i, byte[] b, int off, int len) {
        check(i);
        return Arrays.compareUnsigned(data, offsets[i], offsets[i + 1] - gap, b, off, off + len);
    }

    public int compare(int i, byte[] b) {
        return compare(i, b, 0, b.length);
    }

    /** Unsigned lexicographic comparison of value i here with value j of other. */
    public int compare(int i, Binaries other, int j) {
        other.check(j);
        return compare(i, other.data, other.offsets[j], other.offsets[j + 1] - other.gap - other.offsets[j]);
    }

    public boolean equals(int i, byte[] b, int off, int len) {
        check(i);
        return Arrays.equals(data, offsets[i], offsets[i + 1] - gap, b, off, off + len);
    }

    public boolean equals(int i, byte[] b) {
        return equals(i, b, 0, b.length);
    }

    /** Appends a copy of src[off, off+len). */
    public void append(byte[] src, int off, int len) {
        Bytes.checkRange(src, off, len);
        owned();
        int start = offsets[size];
        reserve(1, len);
        System.arraycopy(src, off, data, start, len);
        offsets[++size] = start + len;
    }

    /** Appends value i of other (which may be this container). */
    public void append(Binaries other, int i) {
        other.check(i);
        owned();
        int len = other.offsets[i + 1] - other.gap - other.offsets[i];
        reserve(1, len);
        // reserve may have replaced other's arrays when other == this: read them afterwards
        int start = offsets[size];
        System.arraycopy(other.data, other.offsets[i], data, start, len);
        offsets[++size] = start + len;
    }

    /**
     * Appends values idx[0..n) of dict, one gather without a check per value: the caller has
     * checked every index against dict's size (a dictionary decoder does) and reserved the room.
     */
    public void appendGather(Binaries dict, int[] idx, int n) {
        if (n < 0 || n > idx.length) {
            throw new IndexOutOfBoundsException("n " + n + " of " + idx.length);
        }
        owned();
        int[] from = dict.offsets;
        int g = dict.gap;
        byte[] src = dict.data;
        int e = offsets[size];
        int s = size;
        for (int i = 0; i < n; i++) {
            int k = idx[i];
            int o = from[k];
            int len = from[k + 1] - g - o;
            System.arraycopy(src, o, data, e, len); // bounds-checked by the VM: a bad index cannot read outside
            e += len;
            offsets[++s] = e;
        }
        size = s;
    }

    /**
     * Makes room for {@code values} more values and {@code bytes} more bytes. Throws
     * IllegalStateException past {@link #MAX_BYTES}; decoders check their totals against that
     * limit first so that the error names the file offset.
     */
    public void reserve(int values, long bytes) {
        owned();
        long needBytes = offsets[size] + bytes;
        if (bytes < 0 || needBytes > MAX_BYTES) {
            throw new IllegalStateException("byte arrays would exceed " + MAX_BYTES + " bytes");
        }
        if (needBytes > data.length) {
            data = Arrays.copyOf(data, (int) Math.min(MAX_BYTES, Math.max(needBytes, 2L * data.length)));
        }
        long needOffsets = (long) size + values + 1;
        if (needOffsets > offsets.length) {
            if (needOffsets > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("too many values");
            }
            offsets = Arrays.copyOf(offsets, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(needOffsets,
                    2L * offsets.length)));
        }
    }

    // Package-private bulk appends for decoders: the caller has reserved the room.

    /** Starts a value at the current end whose bytes the caller writes at {@link #data()}[end()]. */
    int end() {
        return offsets[size];
    }

    void commit(int len) {
        offsets[size + 1] = offsets[size] + len;
        size++;
    }

    /** Appending needs bytes of our own: a view's are the page's. */
    private void owned() {
        if (gap != 0) {
            throw new IllegalStateException("a view of a page's values cannot be appended to; clear() it first");
        }
    }

    private void check(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("value " + i + " of " + size);
        }
    }

    @Override
    public String toString() {
        return "Binaries[" + size + " values, " + byteSize() + " bytes]";
    }
}
