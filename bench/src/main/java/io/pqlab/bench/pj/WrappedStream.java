package io.pqlab.bench.pj;

import java.io.IOException;
import org.apache.parquet.io.SeekableInputStream;

/**
 * What the bench's wrapping streams share: the stream they wrap (closed with them) and the
 * whole-array readFully, which is the ranged one over the array.
 */
abstract class WrappedStream extends SeekableInputStream {
    protected final SeekableInputStream in;

    WrappedStream(SeekableInputStream in) {
        this.in = in;
    }

    @Override
    public final void readFully(byte[] b) throws IOException {
        readFully(b, 0, b.length);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
