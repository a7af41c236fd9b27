package io.pqlab.io;

import java.io.IOException;

/**
 * A read from a server that failed: one line saying what the server did. {@link #isTransient()}
 * says whether trying again may succeed (a 5xx, a dropped connection, a timeout, a short body);
 * a server that ignores ranges, answers with the wrong range, or a file that changed between
 * requests is not retried.
 */
public final class RemoteReadException extends IOException {
    private static final long serialVersionUID = 1L;
    private final boolean transientFailure;

    public RemoteReadException(String message, boolean transientFailure) {
        this(message, transientFailure, null);
    }

    public RemoteReadException(String message, boolean transientFailure, Throwable cause) {
        super(message, cause);
        this.transientFailure = transientFailure;
    }

    public boolean isTransient() {
        return transientFailure;
    }
}
