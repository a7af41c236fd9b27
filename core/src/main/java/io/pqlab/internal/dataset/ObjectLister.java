package io.pqlab.internal.dataset;

import java.io.IOException;
import java.util.List;

/**
 * Lists an object store whose keys are flat strings (S3 and its kin): the one operation
 * {@link Listing} needs from it, so that globs, directory semantics and the hidden-file rules are
 * applied once, in {@link Listing}, for every store. Implementations live beside their store (the
 * s3 module), so that the core stays free of its SDK.
 */
public interface ObjectLister {

    /** Whether this lister serves {@code location} (for instance an {@code s3://} URL). */
    boolean handles(String location);

    /**
     * Every object whose URL starts with {@code prefix} (a URL of the store, cut anywhere), in any
     * order, with its size and version ({@code etag:...}).
     */
    List<ListedFile> list(String prefix) throws IOException;

    /** A source for a file this lister listed, its size (and ETag) known already. */
    io.pqlab.io.ByteSource open(ListedFile file) throws IOException;
}
