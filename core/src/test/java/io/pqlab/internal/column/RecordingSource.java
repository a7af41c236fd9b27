package io.pqlab.internal.column;

import io.pqlab.io.ForwardingSource;
import io.pqlab.io.ByteSource;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** A source that remembers every range read from it, to hold readers to the bytes they may fetch (thread-safe: a scan reads on its pool). */
public final class RecordingSource extends ForwardingSource {
    public final List<long[]> reads = java.util.Collections.synchronizedList(new ArrayList<>());

    public RecordingSource(ByteSource inner) {
        super(inner);
    }

    @Override
    public void readFully(long offset, byte[] dst, int dstOffset, int length) throws IOException {
        inner.readFully(offset, dst, dstOffset, length);
        reads.add(new long[] {offset, offset + length});
    }

    public long bytes() {
        synchronized (reads) {
            long n = 0;
            for (long[] r : reads) {
                n += r[1] - r[0];
            }
            return n;
        }
    }
}
