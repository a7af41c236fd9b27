package io.pqlab.s3;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;

/**
 * s3proxy on loopback, storing objects in a temporary directory (its filesystem blob store), with
 * every GetObject and HeadObject it serves logged, and faults on demand (a 5xx, a slow reply).
 * Clients authenticate with {@link #ACCESS_KEY} and {@link #SECRET_KEY} (AWS signature v4).
 */
public final class S3Server extends io.pqlab.internal.net.FaultyServer<S3Server.Logged, S3Server.Fault> {
    public static final String ACCESS_KEY = "pqlab-test";
    public static final String SECRET_KEY = "pqlab-test-secret";
    public static final String BUCKET = "fixtures";

    public enum Fault {
        ERROR_500, SLOW,
        /** A GetObject whose body stops halfway (its Content-Length promised the whole range). */
        TRUNCATED
    }

    /** One call: HEAD or GET, the key, the Range asked for (null for none). */
    public record Logged(String method, String key, String range) {}

    private final Path root;
    private final S3Proxy proxy;
    private volatile long latencyMillis;
    private final java.util.concurrent.atomic.AtomicLong listings = new java.util.concurrent.atomic.AtomicLong();

    /**
     * Serves every .parquet file under {@code fixtures} (relative paths as keys) in bucket {@link #BUCKET},
     * and sets the system properties through which the SDK's standard chains give this JVM's clients
     * its credentials, never asking the instance metadata service.
     */
    public S3Server(Path fixtures) throws Exception {
        System.setProperty("aws.accessKeyId", ACCESS_KEY);
        System.setProperty("aws.secretAccessKey", SECRET_KEY);
        System.setProperty("aws.disableEc2Metadata", "true");
        root = Files.createTempDirectory("pqlab-s3");
        Path bucket = root.resolve(BUCKET);
        try (Stream<Path> files = Files.walk(fixtures)) {
            for (Path f : files.filter(p -> Files.isRegularFile(p) && p.toString().contains(".parquet")).toList()) {
                Path to = bucket.resolve(fixtures.relativize(f).toString());
                Files.createDirectories(to.getParent());
                Files.copy(f, to);
            }
        }
        BlobStore store = new Logging(new FilesystemNio2BlobStore(root.toString()));
        proxy = S3Proxy.builder()
                .blobStore(store)
                .endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
                .build();
        proxy.start();
        for (int i = 0; i < 1000 && !proxy.getState().equals("STARTED"); i++) {
            Thread.sleep(5);
        }
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + proxy.getPort());
    }

    /** The s3:// URL of a fixture. */
    public String url(Path fixtures, Path file) {
        return "s3://" + BUCKET + "/" + fixtures.relativize(file).toString().replace('\\', '/');
    }

    /** Where the store keeps an object's bytes (a test may rewrite or delete them behind its back). */
    public Path file(String key) {
        return root.resolve(BUCKET).resolve(key);
    }

    /**
     * A delay before every GET, HEAD and listing is served (a store's first-byte latency, which
     * loopback lacks; S3DatasetBench's remote figures).
     */
    public void latencyMillis(long ms) {
        latencyMillis = ms;
    }

    /** ListObjectsV2 calls served since the start (not in {@link #log}, which tests hold to GETs and HEADs). */
    public long listings() {
        return listings.get();
    }

    private final java.util.concurrent.atomic.AtomicInteger waiting = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.atomic.AtomicInteger mostWaiting = new java.util.concurrent.atomic.AtomicInteger();

    /** The most requests that were in their latency delay at once (how parallel a client's requests were). */
    public int mostConcurrent() {
        return mostWaiting.get();
    }

    public void resetConcurrent() {
        mostWaiting.set(0);
    }

    private void delay() {
        if (latencyMillis > 0) {
            mostWaiting.accumulateAndGet(waiting.incrementAndGet(), Math::max);
            try {
                Thread.sleep(latencyMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                waiting.decrementAndGet();
            }
        }
    }

    @Override
    public void close() throws Exception {
        proxy.stop();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temporary directory left behind is not the test's failure
        }
    }

    private Fault fault(String key) {
        Fault f = next(key);
        if (f == Fault.ERROR_500) {
            throw new org.gaul.s3proxy.S3ProxyException(org.gaul.s3proxy.S3ErrorCode.INTERNAL_ERROR, "on purpose");
        }
        if (f == Fault.SLOW) {
            try {
                Thread.sleep(slowMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return f;
    }

    private final class Logging extends ForwardingBlobStore {
        Logging(BlobStore delegate) {
            super(delegate);
        }

        @Override
        public ResponseInputStream<GetObjectResponse> getBlob(GetObjectRequest request) {
            log.add(new Logged("GET", request.key(), request.range()));
            delay();
            if (fault(request.key()) == Fault.TRUNCATED) {
                ResponseInputStream<GetObjectResponse> whole = super.getBlob(request);
                long half = whole.response().contentLength() == null ? 0 : whole.response().contentLength() / 2;
                java.io.InputStream cut = new java.io.FilterInputStream(whole) {
                    private long left = half;

                    @Override
                    public int read() throws IOException {
                        return left-- > 0 ? super.read() : -1;
                    }

                    @Override
                    public int read(byte[] b, int off, int len) throws IOException {
                        if (left <= 0) {
                            return -1;
                        }
                        int n = super.read(b, off, (int) Math.min(len, left));
                        left -= Math.max(0, n);
                        return n;
                    }
                };
                return new ResponseInputStream<>(whole.response(),
                        software.amazon.awssdk.http.AbortableInputStream.create(cut));
            }
            return super.getBlob(request);
        }

        @Override
        public HeadObjectResponse blobMetadata(HeadObjectRequest request) {
            log.add(new Logged("HEAD", request.key(), null));
            delay();
            fault(request.key());
            return super.blobMetadata(request);
        }

        @Override
        public software.amazon.awssdk.services.s3.model.ListObjectsV2Response list(
                software.amazon.awssdk.services.s3.model.ListObjectsV2Request request) {
            listings.incrementAndGet();
            delay();
            return super.list(request);
        }
    }
}
