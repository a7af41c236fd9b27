package io.pqlab.s3;

import io.pqlab.io.ContentRange;
import io.pqlab.io.RemoteReadException;
import io.pqlab.io.AbstractRemoteSource;
import io.pqlab.io.RetryPolicy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProviderChain;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.AwsProfileRegionProvider;
import software.amazon.awssdk.regions.providers.AwsRegionProviderChain;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.regions.providers.SystemSettingsRegionProvider;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;

/**
 * An object in S3 or an S3-compatible store ({@code s3://bucket/key}), read with ranged GetObject
 * calls through the AWS SDK v2. Credentials and region come from the SDK's standard chains
 * (environment, system properties, profile files, ...; without credentials the object is read
 * anonymously, as a public bucket allows). An endpoint override (an S3-compatible store such as
 * MinIO or s3proxy) switches to path-style addressing.
 *
 * <p>Replies are checked as {@link io.pqlab.io.HttpSource} checks them (the same
 * {@link ContentRange} rules), and retried by the same {@link RetryPolicy}: the SDK's own retries
 * are off, so that every request is counted once.
 *
 * <p>Thread-safe: reads from several threads at once are independent requests on the shared client; what it learns of the object (size, ETag) is set once under a lock and kept in volatile fields.
 */
public final class S3Source extends AbstractRemoteSource {
    /** Where the endpoint may come from when {@code --endpoint} is not given. */
    public static final String[] ENDPOINT_VARIABLES = {"AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL"};

    /**
     * @param endpoint an S3-compatible endpoint (path-style addressing), or null for AWS
     * @param region the region, or null for the SDK's chain (us-east-1 where an endpoint is given and
     *     nothing else says)
     * @param retry attempts, backoff and the deadline of each attempt
     */
    public record Options(URI endpoint, String region, RetryPolicy retry) {
        public static Options defaults() {
            return new Options(null, null, RetryPolicy.DEFAULT);
        }

        /** The endpoint from the environment ({@link #ENDPOINT_VARIABLES}) where none was given. */
        public Options withEnvironmentEndpoint() {
            if (endpoint != null) {
                return this;
            }
            for (String v : ENDPOINT_VARIABLES) {
                String e = System.getenv(v);
                if (e != null && !e.isBlank()) {
                    return new Options(URI.create(e.trim()), region, retry);
                }
            }
            return this;
        }
    }

    private final String url;
    private final String bucket;
    private final String key;
    private final S3Client s3;
    private volatile String etag;

    private final boolean ownsClient;

    private S3Source(String url, String bucket, String key, S3Client s3, RetryPolicy retry, boolean ownsClient) {
        super(retry);
        this.ownsClient = ownsClient;
        this.url = url;
        this.bucket = bucket;
        this.key = key;
        this.s3 = s3;
    }

    /** Whether {@code location} is an s3:// URL. */
    public static boolean handles(String location) {
        return location.regionMatches(true, 0, "s3://", 0, 5);
    }

    /** A source for {@code s3://bucket/key}; nothing is requested until a read. */
    public static S3Source open(String location, Options options) {
        if (!handles(location)) {
            throw new IllegalArgumentException("not an s3:// URL: " + location);
        }
        String rest = location.substring(5);
        int slash = rest.indexOf('/');
        if (slash <= 0 || slash == rest.length() - 1) {
            throw new IllegalArgumentException("an s3:// URL names a bucket and a key: s3://bucket/key, not " + location);
        }
        String bucket = rest.substring(0, slash);
        String key = URLDecoder.decode(rest.substring(slash + 1).replace("+", "%2B"), StandardCharsets.UTF_8);
        return new S3Source(location, bucket, key, client(options), options.retry(), true);
    }

    /**
     * A source for an object whose key is known as stored (from a listing: not decoded again),
     * read through a client shared with other sources; closing the source leaves the client open.
     */
    public static S3Source open(String bucket, String key, S3Client shared, RetryPolicy retry) {
        return new S3Source("s3://" + bucket + "/" + key, bucket, key, shared, retry, false);
    }

    /**
     * Takes the size and ETag a listing found as if a reply had said them: no HEAD is then needed,
     * and a reply with another size or ETag fails as an object that changed.
     */
    public synchronized S3Source expecting(long knownSize, String knownEtag) {
        if (knownSize < 0) {
            throw new IllegalArgumentException("a negative size");
        }
        sizeIs(knownSize);
        if (knownEtag != null) {
            etag = knownEtag;
        }
        return this;
    }

    /** A client as {@link #open(String, Options)} makes one: the SDK's retries off, checksums only where required. */
    static S3Client client(Options options) {
        S3ClientBuilder b = S3Client.builder()
                .credentialsProvider(AwsCredentialsProviderChain.builder()
                        .credentialsProviders(DefaultCredentialsProvider.builder().build(),
                                AnonymousCredentialsProvider.create())
                        .reuseLastProviderEnabled(true)
                        .build())
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
                .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.doNotRetry())
                        .apiCallAttemptTimeout(options.retry().timeout())
                        .apiCallTimeout(options.retry().timeout()))
                .region(region(options));
        if (options.endpoint() != null) {
            b.endpointOverride(options.endpoint()).forcePathStyle(true);
        }
        return b.build();
    }

    private static Region region(Options options) {
        if (options.region() != null) {
            return Region.of(options.region());
        }
        if (options.endpoint() != null) {
            // a store of our own: environment, system properties and profile only (no instance
            // metadata service), and any region where none is set
            try {
                return new AwsRegionProviderChain(new SystemSettingsRegionProvider(), new AwsProfileRegionProvider())
                        .getRegion();
            } catch (SdkClientException e) {
                return Region.US_EAST_1;
            }
        }
        try {
            return DefaultAwsRegionProviderChain.builder().build().getRegion();
        } catch (SdkClientException e) {
            throw new IllegalArgumentException("no AWS region: set AWS_REGION (or aws.region, or a profile's region)");
        }
    }

    @Override
    public String name() {
        return url;
    }

    public String bucket() {
        return bucket;
    }

    public String key() {
        return key;
    }

    @Override
    protected long head() throws IOException {
        HeadObjectResponse r = call(() -> s3.headObject(h -> h.bucket(bucket).key(key)));
        if (r.contentLength() == null) {
            throw new RemoteReadException("the store's answer to HeadObject has no Content-Length", false);
        }
        return learn(r.contentLength(), r.eTag());
    }

    @Override
    protected Suffix suffix(int n) throws IOException {
        try (ResponseInputStream<GetObjectResponse> in = get("bytes=-" + n)) {
            GetObjectResponse r = in.response();
            int status = r.sdkHttpResponse().statusCode();
            if (status == 206) {
                ContentRange cr = ContentRange.parse(r.contentRange());
                if (cr == null || cr.total() < 0 || cr.last() != cr.total() - 1 || cr.length() != Math.min(n, cr.total())) {
                    throw new RemoteReadException("the store answered a request for the last " + n + " bytes with "
                            + (r.contentRange() == null ? "no Content-Range" : "Content-Range '" + r.contentRange() + "'"),
                            false);
                }
                byte[] b = body(in, (int) cr.length());
                learn(cr.total(), r.eTag());
                return new Suffix(cr.total(), b);
            }
            long len = r.contentLength() == null ? -1 : r.contentLength();
            if (status == 200 && len >= 0 && len <= n) {
                byte[] b = body(in, (int) len);
                learn(len, r.eTag());
                return new Suffix(len, b);
            }
            in.abort();
            throw ignoredRange(len);
        }
    }

    @Override
    protected byte[] range(long offset, int length) throws IOException {
        try (ResponseInputStream<GetObjectResponse> in = get(ContentRange.request(offset, length))) {
            GetObjectResponse r = in.response();
            int status = r.sdkHttpResponse().statusCode();
            long len = r.contentLength() == null ? -1 : r.contentLength();
            if (status == 206) {
                ContentRange cr = ContentRange.check(r.contentRange(), offset, length, knownSize());
                byte[] b = body(in, length);
                learn(cr.total(), r.eTag());
                return b;
            }
            if (status == 200 && offset == 0 && len == length) {
                byte[] b = body(in, length); // the whole object was asked for
                learn(len, r.eTag());
                return b;
            }
            in.abort();
            throw ignoredRange(len);
        }
    }

    private ResponseInputStream<GetObjectResponse> get(String range) throws IOException {
        return call(() -> s3.getObject(GetObjectRequest.builder().bucket(bucket).key(key).range(range).build()));
    }

    /** Exactly {@code length} bytes of the body: fewer is a short read (retried), more is refused. */
    private static byte[] body(ResponseInputStream<GetObjectResponse> in, int length) throws IOException {
        byte[] b = new byte[length];
        int n = 0;
        try {
            while (n < length) {
                int r = in.read(b, n, length - n);
                if (r < 0) {
                    break;
                }
                n += r;
            }
            if (n < length) {
                throw new RemoteReadException("short read: the store sent " + n + " of " + length + " bytes", true);
            }
            if (in.read() >= 0) {
                in.abort();
                throw new RemoteReadException("the store sent more than the " + length + " bytes asked for", false);
            }
        } catch (RemoteReadException e) {
            throw e;
        } catch (IOException | UncheckedIOException | SdkClientException e) {
            throw new RemoteReadException("the connection broke after " + n + " of " + length + " bytes: " + e.getMessage(),
                    true, e);
        }
        return b;
    }

    private synchronized long learn(long total, String tag) throws RemoteReadException {
        long known = knownSize();
        if (known >= 0 && known != total) {
            throw new RemoteReadException("the object changed while it was read: its size was " + known
                    + " bytes and is now " + total, false);
        }
        if (tag != null) {
            if (etag == null) {
                etag = tag;
            } else if (!etag.equals(tag)) {
                throw new RemoteReadException("the object changed while it was read: its ETag was " + etag
                        + " and is now " + tag, false);
            }
        }
        sizeIs(total);
        return total;
    }

    private static RemoteReadException ignoredRange(long len) {
        return new RemoteReadException("the store ignored the Range header: it answered 200 with the whole object"
                + (len >= 0 ? " (" + len + " bytes)" : "") + " instead of 206 Partial Content", false);
    }

    /** An SDK call, its failures turned into what the rest of pqlab understands. */
    private <T> T call(java.util.function.Supplier<T> c) throws IOException {
        try {
            return c.get();
        } catch (SdkServiceException e) {
            int s = e.statusCode();
            if (s == 404) {
                throw new NoSuchFileException(url, null, "no such object (HTTP 404)");
            }
            if (s == 401 || s == 403) {
                throw new AccessDeniedException(url, null, "permission denied (HTTP " + s + ")");
            }
            boolean transientStatus = s >= 500 || s == 429 || s == 408 || e.isThrottlingException();
            throw new RemoteReadException("the store answered with HTTP " + s + oneLine(e), transientStatus, e);
        } catch (SdkClientException e) {
            // no answer: a refused or dropped connection, a timeout
            throw new RemoteReadException("no answer: " + oneLine(e).substring(2), true, e);
        } catch (SdkException e) {
            throw new RemoteReadException("the request failed" + oneLine(e), false, e);
        }
    }

    private static String oneLine(Exception e) {
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        m = nl >= 0 ? m.substring(0, nl) : m;
        return ": " + m;
    }

    @Override
    public void close() {
        if (ownsClient) {
            s3.close();
        }
    }

    @Override
    public String toString() {
        return "S3Source[" + url + "]";
    }
}
