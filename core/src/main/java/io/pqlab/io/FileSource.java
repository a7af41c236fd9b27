package io.pqlab.io;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** A local file read with positional reads, so that several readers can share one channel. */
public final class FileSource implements ByteSource {
    private final Path path;
    private final FileChannel channel;
    private final long size;

    public FileSource(Path path) throws IOException {
        this.path = path;
        this.channel = FileChannel.open(path, StandardOpenOption.READ);
        this.size = channel.size();
    }

    public static FileSource open(Path path) throws IOException {
        return new FileSource(path);
    }

    @Override
    public String name() {
        return path.toString();
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public void readFully(long offset, byte[] dst, int dstOffset, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(dst, dstOffset, length);
        long position = offset;
        while (buffer.hasRemaining()) {
            int n = channel.read(buffer, position);
            if (n < 0) {
                throw new EOFException(path + ": unexpected end of file at byte " + position);
            }
            position += n;
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    @Override
    public String toString() {
        return "FileSource[" + path + ", " + size + " bytes]";
    }
}
