package io.pqlab;

/**
 * A set of files that cannot be read as one dataset: nothing matched, two files disagree about a
 * partition key or a column's type, a partition value is not of its declared type. The message
 * names the files and what differs; unlike a {@link FileException} no single byte offset is at
 * fault.
 */
public final class DatasetException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DatasetException(String message) {
        super(message);
    }

    public DatasetException(String message, Throwable cause) {
        super(message, cause);
    }
}
