package io.pqlab;

/**
 * A valid file that uses something pqlab does not read: an encrypted footer or column, an
 * unsupported codec, a future encoding. Distinct from malformed input so that the message can say
 * exactly that.
 */
public final class UnsupportedFeatureException extends FileException {
    private static final long serialVersionUID = 1L;

    public UnsupportedFeatureException(String message, long offset) {
        super(message, offset);
    }
}
