package io.pqlab.internal.column;

import io.pqlab.MalformedFileException;

/**
 * A chunk's OffsetIndex that cannot be read by: it fails its checks against the chunk, or a page it
 * lists starts inside a row or holds other rows than it says. The data may still be sound: a reader
 * that walks the chunk from its start, where rows cannot be misaligned, does not need the index.
 * A {@link MalformedFileException}, so that callers that do not fall back see the usual error.
 */
public final class OffsetIndexMismatchException extends MalformedFileException {
    private static final long serialVersionUID = 1L;

    public OffsetIndexMismatchException(String message, long offset) {
        super(message, offset);
    }
}
