package io.pqlab.internal.bloom;

import io.pqlab.Limits;
import io.pqlab.MalformedFileException;
import io.pqlab.internal.format.ColumnChunk;
import io.pqlab.internal.crypto.ChunkDecryptor;
import io.pqlab.internal.crypto.ModuleType;
import io.pqlab.internal.format.ColumnMetaData;
import io.pqlab.io.ByteSource;
import io.pqlab.internal.thrift.CompactReader;
import java.io.IOException;
import io.pqlab.plan.Span;
import java.util.Arrays;
import java.util.List;

/**
 * Reads a column chunk's Bloom filter: the header at bloom_filter_offset, then the bitset right
 * after it. Anything wrong with the filter (an offset or length outside the file, a header that
 * is not valid Thrift, an algorithm, hash or compression this reader does not know, a bitset that
 * is not a positive whole number of 32-byte blocks or runs past the file or past
 * bloom_filter_length) makes a result that says why the filter is ignored: a filter never stops
 * a query. Only a failing read of the source itself throws (IOException).
 *
 * <p>With bloom_filter_length the reader fetches exactly that span, once. Without it, it fetches a
 * prefix of {@value #PREFIX} bytes (less at the end of the file), parses the header, and fetches
 * the rest of the bitset after the prefix; a header longer than the prefix (unknown fields) gets
 * one more try with {@value #LONG_PREFIX} bytes.
 */
public final class BloomFilterReader {
    /** Enough for any header the format defines (at most about 20 bytes). */
    public static final int PREFIX = 64;
    static final int LONG_PREFIX = 4096;
    /**
     * The largest bitset taken as plausible: parquet-java's upper bound for the filters it writes
     * (128 MiB). A larger one that fits in the file is ignored rather than read, so a header cannot
     * make the reader allocate up to the file's size.
     */
    public static final int MAX_BYTES = 128 << 20;

    /**
     * The largest bitset read here: {@link #MAX_BYTES}, or less in a small heap ({@link
     * Limits#BLOOM_BYTES}, 1/8 of it). A larger filter is ignored, which costs only reading data
     * it could have ruled out.
     */
    static final int LIMIT = Math.min(MAX_BYTES, Limits.BLOOM_BYTES);

    private BloomFilterReader() {}

    /**
     * The chunk's Bloom filter, or null when the chunk has none. An encrypted column's filter is an
     * encrypted module, so it is ignored (with that reason) rather than parsed as plaintext.
     */
    public static BloomFilterResult read(ByteSource source, ColumnChunk chunk) throws IOException {
        ColumnMetaData md = chunk.metaData();
        if (md == null || !md.hasBloomFilter()) {
            return null;
        }
        if (chunk.sealed()) {
            return BloomFilterResult.ignored("the column is encrypted, and so is its Bloom filter; its key was not "
                    + "given", 0);
        }
        if (chunk.decryptor() != null) {
            return readEncrypted(source, md, chunk.decryptor());
        }
        return read(source, md);
    }

    /**
     * An encrypted column's filter: a GCM module holding the header, then one holding the bitset,
     * each length checked against the file (and bloom_filter_length, when given) before anything
     * is allocated. A filter that fails its tag is an error, not ignored: the file was tampered with.
     */
    private static BloomFilterResult readEncrypted(ByteSource source, ColumnMetaData md, ChunkDecryptor d)
            throws IOException {
        long offset = md.bloomFilterOffset();
        long size = source.size();
        if (offset < 0 || offset >= size) {
            return BloomFilterResult.ignored("its offset " + offset + " lies outside the file of " + size + " bytes", 0);
        }
        long available = md.bloomFilterLength() > 0 ? Math.min(size - offset, md.bloomFilterLength()) : size - offset;
        byte[] len = source.read(offset, (int) Math.min(4, available), "an encrypted Bloom filter header's length");
        int headerStored = d.storedLength(ModuleType.BLOOM_FILTER_HEADER, -1, len, 0,
                (int) Math.min(available, LONG_PREFIX + 64), offset);
        byte[] module = source.read(offset, headerStored, "an encrypted Bloom filter header");
        byte[] plain = d.decrypt(ModuleType.BLOOM_FILTER_HEADER, -1, module, 0, headerStored, offset);
        Parsed p = parseHeader(plain, plain.length, offset);
        long fetched = headerStored;
        if (p.reason != null) {
            return BloomFilterResult.ignored(p.reason, fetched);
        }
        String problem = p.header.problem();
        if (problem != null) {
            return BloomFilterResult.ignored(problem, fetched);
        }
        long bitsetAt = offset + headerStored;
        long left = available - headerStored;
        if (p.header.numBytes() > LIMIT) {
            return BloomFilterResult.ignored(tooLarge(p.header.numBytes()), fetched);
        }
        len = source.read(bitsetAt, (int) Math.min(4, left), "an encrypted Bloom filter bitset's length");
        int bitsetStored = d.storedLength(ModuleType.BLOOM_FILTER_BITSET, -1, len, 0,
                (int) Math.min(left, LIMIT + 64L), bitsetAt);
        byte[] bits = source.read(bitsetAt, bitsetStored, "an encrypted Bloom filter bitset");
        fetched += bitsetStored;
        byte[] bitset = d.decrypt(ModuleType.BLOOM_FILTER_BITSET, -1, bits, 0, bitsetStored, bitsetAt);
        if (bitset.length != p.header.numBytes()) {
            return BloomFilterResult.ignored("its header gives " + p.header.numBytes() + " bytes but its decrypted "
                    + "bitset has " + bitset.length, fetched);
        }
        return BloomFilterResult.of(new BloomFilter(p.header, offset, headerStored, bitset, bitsetAt + 4 + 12),
                fetched);
    }

    /**
     * A filter whose bloom_filter_length is above this is read a block at a time by {@link
     * #readBlocks}: its header, then only the 32-byte blocks the probes' hashes pick. A smaller one
     * is read whole, in one read (as cheap as two small ones, and then good for any value).
     */
    public static final int WHOLE_BELOW = 64 << 10;

    /**
     * The chunk's Bloom filter for probing {@code hashes} only: where the filter is larger than
     * {@link #WHOLE_BELOW} (and plaintext, with a bloom_filter_length), its header and then only
     * the blocks those hashes pick are read; every other block reads as all bits set, so the
     * filter says "may contain" for any other hash: it stays sound for every value, and decides
     * exactly as the whole filter does for {@code hashes}. Otherwise the whole filter, as
     * {@link #read(ByteSource, ColumnChunk)}.
     *
     * @param spans where the byte ranges read are added, in the order read
     * @return the result; {@link #partial} tells whether it holds only the blocks of {@code hashes}
     */
    public static BloomFilterResult readBlocks(ByteSource source, ColumnChunk chunk, long[] hashes, List<Span> spans)
            throws IOException {
        ColumnMetaData md = chunk.metaData();
        if (md == null || !md.hasBloomFilter()) {
            return null;
        }
        int length = md.bloomFilterLength();
        if (chunk.sealed() || chunk.decryptor() != null || length <= WHOLE_BELOW) {
            // an encrypted bitset is one GCM module, whole or nothing; a small filter is one read
            BloomFilterResult r = read(source, chunk);
            if (r != null && r.bytesFetched() > 0) {
                spans.add(new Span(md.bloomFilterOffset(), r.bytesFetched()));
            }
            return r;
        }
        long offset = md.bloomFilterOffset();
        long size = source.size();
        if (offset < 0 || offset >= size) {
            return BloomFilterResult.ignored("its offset " + offset + " lies outside the file of " + size + " bytes", 0);
        }
        if (length > size - offset) {
            return BloomFilterResult.ignored("its bloom_filter_length of " + length + " bytes at offset " + offset
                    + " runs past the end of the file", 0);
        }
        int prefix = Math.min(PREFIX, length);
        byte[] head = source.read(offset, prefix, "a Bloom filter header");
        spans.add(new Span(offset, prefix));
        long fetched = prefix;
        Parsed p = parseHeader(head, prefix, offset);
        if (p.reason != null && length > prefix) {
            prefix = Math.min(LONG_PREFIX, length);
            head = source.read(offset, prefix, "a Bloom filter header");
            spans.add(new Span(offset, prefix));
            fetched += prefix;
            p = parseHeader(head, prefix, offset);
        }
        // the header's numBytes, checked before anything is allocated: within the span the footer
        // gives, and within this reader's limit (as a whole read checks)
        String unusable = unusable(p, length);
        if (unusable != null) {
            return BloomFilterResult.ignored(unusable, fetched);
        }
        int numBytes = p.header.numBytes();
        if (numBytes > LIMIT) {
            return BloomFilterResult.ignored(tooLarge(numBytes), fetched);
        }
        long bitsetAt = offset + p.length;
        byte[] bitset = new byte[numBytes];
        int blocks = numBytes / BloomFilter.BLOCK_BYTES;
        int[] wanted = new int[hashes.length];
        for (int i = 0; i < hashes.length; i++) {
            wanted[i] = block(hashes[i], blocks);
        }
        Arrays.sort(wanted);
        int distinct = wanted.length == 0 ? 0 : 1;
        for (int i = 1; i < wanted.length; i++) {
            distinct += wanted[i] != wanted[i - 1] ? 1 : 0;
        }
        int inPrefix = Math.min(prefix - p.length, numBytes);
        if (numBytes <= WHOLE_BELOW || distinct > blocks / 2) {
            // a small bitset (a long bloom_filter_length with padding), or most of its blocks: read whole
            System.arraycopy(head, p.length, bitset, 0, inPrefix);
            if (inPrefix < numBytes) {
                source.readFully(offset + prefix, bitset, inPrefix, numBytes - inPrefix);
                spans.add(new Span(offset + prefix, numBytes - inPrefix));
                fetched += numBytes - inPrefix;
            }
            return BloomFilterResult.of(new BloomFilter(p.header, offset, p.length, bitset, bitsetAt), fetched);
        }
        // Here fewer than half the blocks are read, and the bitset is over 64 KiB: what is fetched
        // (at most 4,160 header bytes and half the bitset) stays under the filter's length, which is
        // how partial() tells.
        Arrays.fill(bitset, (byte) 0xFF); // a block not read proves nothing: "may contain"
        for (int i = 0; i < wanted.length; i++) {
            if (i > 0 && wanted[i] == wanted[i - 1]) {
                continue;
            }
            int at = wanted[i] * BloomFilter.BLOCK_BYTES;
            if (at + BloomFilter.BLOCK_BYTES <= inPrefix) {
                System.arraycopy(head, p.length + at, bitset, at, BloomFilter.BLOCK_BYTES); // in the prefix already
                continue;
            }
            source.readFully(bitsetAt + at, bitset, at, BloomFilter.BLOCK_BYTES);
            spans.add(new Span(bitsetAt + at, BloomFilter.BLOCK_BYTES));
            fetched += BloomFilter.BLOCK_BYTES;
        }
        return BloomFilterResult.of(new BloomFilter(p.header, offset, p.length, bitset, bitsetAt), fetched);
    }

    /**
     * Whether a result of {@link #readBlocks} holds only some blocks (the others read as all set),
     * so that it decides only for the hashes it was read for.
     */
    public static boolean partial(BloomFilterResult r) {
        return r != null && r.usable() && r.bytesFetched() < r.filter().totalLength();
    }

    /** The block a hash picks among {@code blocks}: BloomFilter.md's, as {@link BloomFilter#block}. */
    static int block(long hash, int blocks) {
        return (int) (((hash >>> 32) * blocks) >>> 32);
    }

    /** The Bloom filter that {@code md} points to, or null when it points to none. */
    public static BloomFilterResult read(ByteSource source, ColumnMetaData md) throws IOException {
        if (!md.hasBloomFilter()) {
            return null;
        }
        long offset = md.bloomFilterOffset();
        int length = md.bloomFilterLength();
        long size = source.size();
        if (offset >= size) {
            return BloomFilterResult.ignored("its offset " + offset + " lies outside the file of " + size + " bytes", 0);
        }
        long available = size - offset;
        return length == -1 ? readUnbounded(source, offset, available) : readBounded(source, offset, length, available);
    }

    private static BloomFilterResult readBounded(ByteSource source, long offset, int length, long available)
            throws IOException {
        if (length <= 0) {
            return BloomFilterResult.ignored("its bloom_filter_length is " + length, 0);
        }
        if (length > available) {
            return BloomFilterResult.ignored("its bloom_filter_length of " + length + " bytes at offset " + offset
                    + " runs past the end of the file", 0);
        }
        if (length > LIMIT + LONG_PREFIX) {
            return BloomFilterResult.ignored(tooLarge(length), 0);
        }
        byte[] bytes = source.read(offset, length, "a Bloom filter");
        Parsed p = parseHeader(bytes, bytes.length, offset);
        String unusable = unusable(p, length);
        if (unusable != null) {
            return BloomFilterResult.ignored(unusable, length);
        }
        int numBytes = p.header.numBytes();
        byte[] bitset = Arrays.copyOfRange(bytes, p.length, p.length + numBytes);
        return BloomFilterResult.of(new BloomFilter(p.header, offset, p.length, bitset, offset + p.length), length);
    }

    private static BloomFilterResult readUnbounded(ByteSource source, long offset, long available) throws IOException {
        int prefix = (int) Math.min(PREFIX, available);
        byte[] head = source.read(offset, prefix, "a Bloom filter header");
        long fetched = prefix;
        Parsed p = parseHeader(head, prefix, offset);
        if (p.reason != null && available > prefix) {
            prefix = (int) Math.min(LONG_PREFIX, available);
            head = source.read(offset, prefix, "a Bloom filter header");
            fetched += prefix;
            p = parseHeader(head, prefix, offset);
        }
        if (p.reason != null) {
            return BloomFilterResult.ignored(p.reason, fetched);
        }
        String problem = p.header.problem();
        if (problem != null) {
            return BloomFilterResult.ignored(problem, fetched);
        }
        int numBytes = p.header.numBytes();
        if (numBytes > available - p.length) {
            return BloomFilterResult.ignored("its bitset of " + numBytes + " bytes after a header of " + p.length
                    + " bytes at offset " + offset + " runs past the end of the file", fetched);
        }
        if (numBytes > LIMIT) {
            return BloomFilterResult.ignored(tooLarge(numBytes), fetched);
        }
        // The bitset follows the header: use what the prefix already holds, fetch the rest.
        byte[] bitset = new byte[numBytes];
        int have = Math.min(prefix - p.length, numBytes);
        System.arraycopy(head, p.length, bitset, 0, have);
        if (have < numBytes) {
            source.readFully(offset + prefix, bitset, have, numBytes - have);
            fetched += numBytes - have;
        }
        return BloomFilterResult.of(new BloomFilter(p.header, offset, p.length, bitset, offset + p.length), fetched);
    }

    /**
     * Why a filter with a bloom_filter_length cannot be used, from its parsed header: a header
     * that did not parse, one this reader does not accept, or a bitset that does not fit in the
     * length; null where it can be.
     */
    private static String unusable(Parsed p, int length) {
        if (p.reason != null) {
            return p.reason + " within its bloom_filter_length of " + length + " bytes";
        }
        String problem = p.header.problem();
        if (problem != null) {
            return problem;
        }
        if (p.header.numBytes() > length - p.length) {
            return "its header (" + p.length + " bytes) and bitset (" + p.header.numBytes()
                    + " bytes) do not fit in its bloom_filter_length of " + length + " bytes";
        }
        return null;
    }

    private static String tooLarge(long bytes) {
        if (bytes > MAX_BYTES) {
            return "it takes " + bytes + " bytes, more than any writer makes (" + MAX_BYTES + ")";
        }
        return "it takes " + bytes + " bytes, more than this reader's limit of " + LIMIT
                + " (1/8 of the Java heap); " + Limits.REMEDY;
    }

    /** A parsed header and its length, or the reason it could not be parsed. */
    private record Parsed(BloomFilterHeader header, int length, String reason) {}

    private static Parsed parseHeader(byte[] bytes, int length, long offset) {
        try {
            CompactReader r = new CompactReader(bytes, 0, length, offset);
            int numBytes = BloomFilterHeader.ABSENT, algorithm = 0, hash = 0, compression = 0;
            r.structBegin();
            int type;
            while ((type = r.readFieldHeader()) != CompactReader.STOP) {
                switch (r.fieldId()) {
                    case 1 -> {
                        if (type != CompactReader.I32) {
                            throw r.error("BloomFilterHeader.numBytes has Thrift type " + type);
                        }
                        numBytes = r.readI32();
                    }
                    case 2 -> algorithm = union(r, type);
                    case 3 -> hash = union(r, type);
                    case 4 -> compression = union(r, type);
                    default -> r.skip(type);
                }
            }
            r.structEnd();
            return new Parsed(new BloomFilterHeader(numBytes, algorithm, hash, compression), r.position(), null);
        } catch (MalformedFileException e) {
            return new Parsed(null, 0, "its header is not valid (" + e.describe() + ")");
        }
    }

    /**
     * Reads a union field: the id of its one member if that member is a struct (the format's
     * members are all empty structs; fields a newer writer adds inside them are skipped), 0 when
     * no member is set, -1 when the union is not a struct, holds more than one member, or its
     * member is not a struct.
     */
    private static int union(CompactReader r, int type) {
        if (type != CompactReader.STRUCT) {
            r.skip(type);
            return -1;
        }
        int member = 0;
        int count = 0;
        r.structBegin();
        int t;
        while ((t = r.readFieldHeader()) != CompactReader.STOP) {
            count++;
            member = t == CompactReader.STRUCT ? r.fieldId() : -1;
            r.skip(t);
        }
        r.structEnd();
        return count > 1 ? -1 : member;
    }
}
