package io.pqlab.io;

/** A file held in memory: for tests, fuzzing and files already fetched whole. */
public final class BytesSource implements ByteSource {
    private final String name;
    private final byte[] bytes;

    public BytesSource(String name, byte[] bytes) {
        this.name = name;
        this.bytes = bytes;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long size() {
        return bytes.length;
    }

    @Override
    public void readFully(long offset, byte[] dst, int dstOffset, int length) {
        ByteSource.checkRange(offset, length, bytes.length, "a read");
        System.arraycopy(bytes, (int) offset, dst, dstOffset, length);
    }
    @Override
    public String toString() {
        return "BytesSource[" + name + ", " + bytes.length + " bytes]";
    }

}
