package io.pqlab.s3;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
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
public final class S3Server implements AutoCloseable {
    public static final String ACCESS_KEY = "pqlab-test";
    public static final String SECRET_KEY = "pqlab-test-secret";
    public static final String BUCKET = "fixtures";

    public enum Fault { ERROR_500, SLOW }

    /** One call: HEAD or GET, the key, the Range asked for (null for none). */
    public record Logged(String method, String key, String range) {}

    private final Path root;
    private final S3Proxy proxy;
    private final List<Logged> log = new CopyOnWriteArrayList<>();
    private final ConcurrentLinkedQueue<Fault> faults = new ConcurrentLinkedQueue<>();
    private volatile long slowMillis = 2000;

    /** Serves every .parquet file under {@code fixtures} (relative paths as keys) in bucket {@link #BUCKET}. */
    public S3Server(Path fixtures) throws Exception {
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

    public List<Logged> log() {
        return new ArrayList<>(log);
    }

    public void clearLog() {
        log.clear();
    }

    public void fail(Fault... f) {
        faults.addAll(List.of(f));
    }

    public void slowMillis(long ms) {
        slowMillis = ms;
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

    private void fault() {
        Fault f = faults.poll();
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
    }

    private final class Logging extends ForwardingBlobStore {
        Logging(BlobStore delegate) {
            super(delegate);
        }

        @Override
        public ResponseInputStream<GetObjectResponse> getBlob(GetObjectRequest request) {
            log.add(new Logged("GET", request.key(), request.range()));
            fault();
            return super.getBlob(request);
        }

        @Override
        public HeadObjectResponse blobMetadata(HeadObjectRequest request) {
            log.add(new Logged("HEAD", request.key(), null));
            fault();
            return super.blobMetadata(request);
        }
    }
}
