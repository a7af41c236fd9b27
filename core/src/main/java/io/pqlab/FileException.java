package io.pqlab;

/**
 * A file pqlab cannot read as asked, with the byte offset where the trouble lies. The CLI turns
 * every one of these into a single line and exit code 2.
 */
public abstract class FileException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final long offset;

    protected FileException(String message, long offset) {
        super(message);
        this.offset = offset;
    }

    protected FileException(String message, long offset, Throwable cause) {
        super(message, cause);
        this.offset = offset;
    }

    /** The byte offset in the file where the problem was found, or -1 where none applies. */
    public long offset() {
        return offset;
    }

    /** "what is wrong (at byte N)", the form the CLI prints after the file name. */
    public String describe() {
        return offset >= 0 ? getMessage() + " (at byte " + offset + ")" : getMessage();
    }
}
