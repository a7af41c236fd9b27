package io.pqlab.internal.dataset;

import java.util.Objects;

/**
 * One file of a dataset as the listing found it, before anything of it is read.
 *
 * @param location the path or URL, as the reader opens it (a local path as the user gave its base)
 * @param size its size in bytes, from the listing (so no request is needed to learn it)
 * @param version what changes when the file does: {@code mtime:<ns since epoch>} for a local file,
 *     {@code etag:<ETag>} for S3 and HTTP where the server gives one, else
 *     {@code modified:<Last-Modified>}; with the size it is the identity a cache entry is keyed by
 */
public record ListedFile(String location, long size, String version) {
    public ListedFile {
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(version, "version");
        if (size < 0) {
            throw new IllegalArgumentException("a negative size for " + location);
        }
    }
}
