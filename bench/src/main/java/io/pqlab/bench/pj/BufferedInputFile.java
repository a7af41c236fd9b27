package io.pqlab.bench.pj;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A buffered InputFile, for timing parquet-java fairly. LocalInputFile's stream goes to the file
 * for every call. parquet-java decodes the column and offset indexes and the Bloom filter headers
 * through Thrift one byte at a time, so without a buffer each byte costs a system call. With
 * Hadoop, parquet-java reads through a BufferedFSInputStream (io.file.buffer.size). This buffer
 * plays that part. Bytes-read measurements count the unbuffered requests instead (see BytesRead).
 */
public final class BufferedInputFile implements InputFile {
    public static final int BUFFER = 8192;
    private final InputFile inner;

    public BufferedInputFile(InputFile inner) {
        this.inner = inner;
    }

    /** The file parquet-java benchmarks read: a LocalInputFile behind an 8 KiB buffer. */
    public static InputFile of(Path p) {
        return new BufferedInputFile(new LocalInputFile(p));
    }

    @Override
    public long getLength() throws IOException {
        return inner.getLength();
    }

    @Override
    public SeekableInputStream newStream() throws IOException {
        return new Stream(inner.newStream(), inner.getLength());
    }

    private static final class Stream extends WrappedStream {
        private final byte[] buf = new byte[BUFFER];
        private long bufStart; // file position of buf[0]
        private int bufLen;
        private long pos;
        private final long length;

        Stream(SeekableInputStream in, long length) throws IOException {
            super(in);
            this.length = length;
            this.pos = in.getPos();
            this.bufStart = pos;
        }

        @Override public long getPos() { return pos; }
        @Override public void seek(long newPos) { pos = newPos; }

        // Only readFully: LocalInputFile's stream leaves read(byte[], int, int) to InputStream's
        // default, which reads a byte per system call.
        private boolean fill() throws IOException {
            int n = (int) Math.min(buf.length, length - pos);
            if (n <= 0) {
                return false;
            }
            in.seek(pos);
            in.readFully(buf, 0, n);
            bufStart = pos;
            bufLen = n;
            return true;
        }

        private int buffered() {
            long off = pos - bufStart;
            return off >= 0 && off < bufLen ? (int) (bufLen - off) : 0;
        }

        @Override
        public int read() throws IOException {
            if (buffered() == 0 && !fill()) {
                return -1;
            }
            return buf[(int) (pos++ - bufStart)] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            int avail = buffered();
            if (avail == 0) {
                if (len >= buf.length) { // large reads go straight to the file
                    int n = (int) Math.min(len, length - pos);
                    if (n <= 0) {
                        return -1;
                    }
                    in.seek(pos);
                    in.readFully(b, off, n);
                    pos += n;
                    return n;
                }
                if (!fill()) {
                    return -1;
                }
                avail = buffered();
            }
            int n = Math.min(avail, len);
            System.arraycopy(buf, (int) (pos - bufStart), b, off, n);
            pos += n;
            return n;
        }

        @Override
        public void readFully(byte[] b, int off, int len) throws IOException {
            while (len > 0) {
                int n = read(b, off, len);
                if (n < 0) {
                    throw new EOFException("end of file with " + len + " bytes to read");
                }
                off += n;
                len -= n;
            }
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            if (!dst.hasRemaining()) {
                return 0;
            }
            int avail = buffered();
            if (avail == 0) {
                if (dst.remaining() >= buf.length) { // large reads go straight to the file
                    int n = (int) Math.min(dst.remaining(), length - pos);
                    if (n <= 0) {
                        return -1;
                    }
                    ByteBuffer slice = dst.duplicate();
                    slice.limit(slice.position() + n);
                    in.seek(pos);
                    in.readFully(slice);
                    dst.position(dst.position() + n);
                    pos += n;
                    return n;
                }
                if (!fill()) {
                    return -1;
                }
                avail = buffered();
            }
            int n = Math.min(avail, dst.remaining());
            dst.put(buf, (int) (pos - bufStart), n);
            pos += n;
            return n;
        }

        @Override
        public void readFully(ByteBuffer dst) throws IOException {
            while (dst.hasRemaining()) {
                if (read(dst) < 0) {
                    throw new EOFException("end of file with " + dst.remaining() + " bytes to read");
                }
            }
        }

        @Override
        public long skip(long n) {
            pos += n;
            return n;
        }
    }
}
