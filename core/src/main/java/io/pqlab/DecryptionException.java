package io.pqlab;

/**
 * An encrypted file pqlab cannot decrypt as asked: a key that is needed and not given, a wrong
 * key, or a module (footer, page, index, filter) that fails its authentication tag or is cut
 * short. The message names the module and the column, never a key.
 */
public final class DecryptionException extends FileException {
    private static final long serialVersionUID = 1L;

    public DecryptionException(String message, long offset) {
        super(message, offset);
    }
}
