package io.pqlab.internal.dataset;

import io.pqlab.io.ListedFile;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.CRC32C;

/**
 * A directory of metadata cache entries, one file per dataset file: the byte ranges of that file
 * which hold metadata (its footer, head magic, and the page indexes and Bloom filters read so far),
 * exactly as they were read from it. A later run serves those reads from the entry, so that
 * planning with a warm cache reads no footer byte; re-decoding a footer costs less than reading it.
 *
 * <p>An entry is {@code magic "PQLABMC\0" | u32 format version | key (location, size, version) |
 * u32 range count | (u64 offset, u32 length, bytes)* | u32 CRC-32C of all before}. It is used only
 * when every part checks: magic, version, the key equal to the file's identity now (location,
 * size, mtime or ETag), counts and lengths that fit in the entry, ranges inside the file, and the
 * checksum. Anything else (another file's entry under a colliding name, a truncated or corrupt
 * write, an older format) is ignored, and rebuilt by the next store: an entry is never trusted
 * over the file. Entries are written to a temporary file and renamed over the old one, so that
 * processes sharing the directory only ever see whole entries.
 */
public final class MetadataCache {
    static final byte[] MAGIC = "PQLABMC\0".getBytes(StandardCharsets.US_ASCII);
    static final int FORMAT = 1;
    /** An entry larger than this is neither written nor read. */
    public static final int MAX_ENTRY_BYTES = 64 << 20;

    /** A range of a file's bytes. */
    public record Range(long offset, byte[] bytes) {
        public long end() {
            return offset + bytes.length;
        }
    }

    private final Path dir;

    public MetadataCache(Path dir) throws IOException {
        this.dir = dir;
        Files.createDirectories(dir);
    }

    public Path dir() {
        return dir;
    }

    /** Where the entry of a location lives: a hash of it, so that any location makes a file name. */
    Path entry(String location) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(location.getBytes(StandardCharsets.UTF_8));
            return dir.resolve(HexFormat.of().formatHex(h, 0, 20) + ".pqmc");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether a file's version identifies its bytes well enough to cache them. */
    static boolean cacheable(ListedFile f) {
        return !f.version().equals("unversioned");
    }

    /** The cached ranges of {@code file}, or an empty list where there is no valid entry for it now. */
    public List<Range> load(ListedFile file) {
        if (!cacheable(file)) {
            return List.of();
        }
        Path p = entry(file.location());
        // one open and one read (no stat before): a dataset's warm plan loads an entry per file
        try (java.nio.channels.SeekableByteChannel ch = Files.newByteChannel(p)) {
            long n = ch.size();
            if (n > MAX_ENTRY_BYTES) {
                return List.of();
            }
            ByteBuffer b = ByteBuffer.allocate((int) n);
            while (b.hasRemaining() && ch.read(b) >= 0) {
                // until full or the end (a shorter file fails the checksum)
            }
            List<Range> r = decode(b.hasRemaining() ? java.util.Arrays.copyOf(b.array(), b.position()) : b.array(), file);
            return r == null ? List.of() : r;
        } catch (IOException | RuntimeException e) {
            return List.of(); // unreadable: as if absent; the next store replaces it
        }
    }

    /** Stores the ranges as the entry of {@code file}, replacing any entry there. */
    public void store(ListedFile file, List<Range> ranges) throws IOException {
        if (!cacheable(file)) {
            return;
        }
        byte[] bytes = encode(file, ranges);
        if (bytes.length > MAX_ENTRY_BYTES) {
            return;
        }
        Path target = entry(file.location());
        Path tmp = dir.resolve(target.getFileName() + "." + ProcessHandle.current().pid() + "."
                + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
        try {
            Files.write(tmp, bytes);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    static byte[] encode(ListedFile file, List<Range> ranges) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.write(MAGIC);
            out.writeInt(FORMAT);
            writeString(out, file.location());
            out.writeLong(file.size());
            writeString(out, file.version());
            out.writeInt(ranges.size());
            for (Range r : ranges) {
                out.writeLong(r.offset());
                out.writeInt(r.bytes().length);
                out.write(r.bytes());
            }
            out.flush();
            CRC32C crc = new CRC32C();
            crc.update(bytes.toByteArray());
            out.writeInt((int) crc.getValue());
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException(e); // in memory: cannot happen
        }
    }

    /** The entry's ranges where it is whole and is {@code file}'s entry now, else null. */
    static List<Range> decode(byte[] b, ListedFile file) {
        if (b.length < MAGIC.length + 8) {
            return null;
        }
        CRC32C crc = new CRC32C();
        crc.update(b, 0, b.length - 4);
        ByteBuffer in = ByteBuffer.wrap(b);
        if (in.getInt(b.length - 4) != (int) crc.getValue()) {
            return null;
        }
        in.limit(b.length - 4);
        try {
            byte[] magic = new byte[MAGIC.length];
            in.get(magic);
            if (!java.util.Arrays.equals(magic, MAGIC) || in.getInt() != FORMAT) {
                return null;
            }
            if (!file.location().equals(readString(in)) || in.getLong() != file.size()
                    || !file.version().equals(readString(in))) {
                return null;
            }
            int count = in.getInt();
            if (count < 0 || count > in.remaining() / 12) {
                return null;
            }
            List<Range> ranges = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                long offset = in.getLong();
                int length = in.getInt();
                if (length < 0 || length > in.remaining() || offset < 0 || offset > file.size() - length) {
                    return null;
                }
                byte[] r = new byte[length];
                in.get(r);
                ranges.add(new Range(offset, r));
            }
            return in.remaining() == 0 ? ranges : null;
        } catch (java.nio.BufferUnderflowException e) {
            return null;
        }
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String readString(ByteBuffer in) {
        int n = in.getInt();
        if (n < 0 || n > in.remaining()) {
            throw new java.nio.BufferUnderflowException();
        }
        byte[] b = new byte[n];
        in.get(b);
        return new String(b, StandardCharsets.UTF_8);
    }
}
