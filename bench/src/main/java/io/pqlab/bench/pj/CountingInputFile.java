package io.pqlab.bench.pj;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * An InputFile that counts what parquet-java reads through it: bytes, read calls (each a
 * positioned request the file system would serve), streams opened, and the byte ranges, merged
 * when one read continues where the previous one ended (a buffered reader's refills).
 */
public final class CountingInputFile implements InputFile {
    private final InputFile inner;
    public long bytes;
    public long reads;
    public long streams;
    /** Requests as [offset, length] pairs, adjacent ones merged. */
    public final List<long[]> ranges = new ArrayList<>();

    public CountingInputFile(InputFile inner) {
        this.inner = inner;
    }

    @Override
    public long getLength() throws IOException {
        return inner.getLength();
    }

    @Override
    public SeekableInputStream newStream() throws IOException {
        streams++;
        return new Counting(inner.newStream());
    }

    private void record(long pos, long n) {
        if (n <= 0) {
            return;
        }
        bytes += n;
        reads++;
        if (!ranges.isEmpty()) {
            long[] last = ranges.get(ranges.size() - 1);
            if (last[0] + last[1] == pos) {
                last[1] += n;
                return;
            }
        }
        ranges.add(new long[] {pos, n});
    }

    private final class Counting extends WrappedStream {
        Counting(SeekableInputStream in) {
            super(in);
        }

        @Override public long getPos() throws IOException { return in.getPos(); }
        @Override public void seek(long newPos) throws IOException { in.seek(newPos); }

        @Override
        public int read() throws IOException {
            long pos = in.getPos();
            int b = in.read();
            if (b >= 0) {
                record(pos, 1);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            long pos = in.getPos();
            int n = in.read(b, off, len);
            record(pos, n);
            return n;
        }

        @Override
        public void readFully(byte[] b, int off, int len) throws IOException {
            long pos = in.getPos();
            in.readFully(b, off, len);
            record(pos, len);
        }

        @Override
        public int read(ByteBuffer buf) throws IOException {
            long pos = in.getPos();
            int n = in.read(buf);
            record(pos, n);
            return n;
        }

        @Override
        public void readFully(ByteBuffer buf) throws IOException {
            long pos = in.getPos();
            int n = buf.remaining();
            in.readFully(buf);
            record(pos, n);
        }

        @Override
        public long skip(long n) throws IOException {
            return in.skip(n);
        }
    }
}
