package io.pqlab.internal.column;

/** A byte range of the file, [offset, offset + length): one span a reader fetches. */
public record ByteRange(long offset, long length) {
    public long end() {
        return offset + length;
    }
}
