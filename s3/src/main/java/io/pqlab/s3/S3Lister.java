package io.pqlab.s3;

import io.pqlab.io.ObjectLister;
import io.pqlab.io.ListedFile;
import io.pqlab.io.RemoteReadException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Lists {@code s3://bucket/prefix} with ListObjectsV2 (1,000 keys a page, pages followed by their
 * continuation token), and opens the listed objects on one shared client. Locations are
 * {@code s3://bucket/} and the key as stored, so that a hive value escaped in a key
 * ({@code k=a%2Fb}) is decoded once, by the partition parser.
 */
public final class S3Lister implements ObjectLister, AutoCloseable {
    private final S3Client s3;
    private final S3Source.Options options;
    private final List<String> requests = java.util.Collections.synchronizedList(new ArrayList<>());

    public S3Lister(S3Source.Options options) {
        this.options = options;
        this.s3 = S3Source.client(options);
    }

    @Override
    public boolean handles(String location) {
        return S3Source.handles(location);
    }

    /** The ListObjectsV2 requests sent so far, one "LIST bucket prefix" line each. */
    public List<String> requests() {
        return List.copyOf(requests);
    }

    @Override
    public List<ListedFile> list(String prefix) throws IOException {
        String rest = prefix.substring(5);
        int slash = rest.indexOf('/');
        String bucket = slash < 0 ? rest : rest.substring(0, slash);
        String keyPrefix = slash < 0 ? "" : rest.substring(slash + 1);
        if (bucket.isEmpty()) {
            throw new IllegalArgumentException("an s3:// URL names a bucket: s3://bucket/prefix, not " + prefix);
        }
        List<ListedFile> out = new ArrayList<>();
        String token = null;
        do {
            ListObjectsV2Request.Builder req = ListObjectsV2Request.builder().bucket(bucket);
            if (!keyPrefix.isEmpty()) {
                req.prefix(keyPrefix);
            }
            if (token != null) {
                req.continuationToken(token);
            }
            ListObjectsV2Response r = call(prefix, req.build());
            for (S3Object o : r.contents()) {
                if (o.key().endsWith("/")) {
                    continue; // a "directory" marker some tools write
                }
                out.add(new ListedFile("s3://" + bucket + "/" + o.key(), o.size() == null ? 0 : o.size(),
                        "etag:" + o.eTag()));
            }
            token = Boolean.TRUE.equals(r.isTruncated()) ? r.nextContinuationToken() : null;
        } while (token != null);
        return out;
    }

    private ListObjectsV2Response call(String location, ListObjectsV2Request req) throws IOException {
        return options.retry().run("LIST " + location, new java.util.concurrent.atomic.AtomicLong(), () -> {
            requests.add("LIST " + req.bucket() + " " + (req.prefix() == null ? "" : req.prefix()));
            try {
                return s3.listObjectsV2(req);
            } catch (SdkServiceException e) {
                S3Source.refused(e, location, "no such bucket", "permission denied to list");
                int s = e.statusCode();
                throw new RemoteReadException("the store answered ListObjectsV2 with HTTP " + s, s >= 500 || s == 429, e);
            } catch (SdkClientException e) {
                throw new RemoteReadException("no answer to ListObjectsV2: " + e.getMessage(), true, e);
            }
        });
    }

    /** A source for a listed object on the shared client, its size and ETag known already. */
    public S3Source open(ListedFile file) {
        String rest = file.location().substring(5);
        int slash = rest.indexOf('/');
        String etag = file.version().startsWith("etag:") ? file.version().substring(5) : null;
        return S3Source.open(rest.substring(0, slash), rest.substring(slash + 1), s3, options.retry())
                .expecting(file.size(), etag);
    }

    @Override
    public void close() {
        s3.close();
    }
}
