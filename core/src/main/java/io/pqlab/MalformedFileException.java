package io.pqlab;

/**
 * The one exception for malformed input: a structure in the file that is not valid Parquet, said
 * in words, with the byte offset at which it was found.
 */
public class MalformedFileException extends FileException {
    private static final long serialVersionUID = 1L;

    public MalformedFileException(String message, long offset) {
        super(message, offset);
    }

    public MalformedFileException(String message, long offset, Throwable cause) {
        super(message, offset, cause);
    }
}
