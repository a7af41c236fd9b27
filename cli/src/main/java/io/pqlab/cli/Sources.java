package io.pqlab.cli;

import io.pqlab.io.ByteSource;
import io.pqlab.io.FileSource;
import io.pqlab.io.HttpSource;
import io.pqlab.io.RetryPolicy;
import io.pqlab.internal.net.FetchingSource;
import io.pqlab.internal.net.ReadSession;
import io.pqlab.internal.net.RequestLog;
import io.pqlab.internal.net.Strategy;
import io.pqlab.s3.S3Source;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * The one place a FILE argument becomes a byte source: a local path, an http:// or https:// URL,
 * or s3://bucket/key. Every command opens its file here, so every command takes a URL.
 */
final class Sources {
    private Sources() {}

    static boolean isRemote(String location) {
        String l = location.toLowerCase(Locale.ROOT);
        return l.startsWith("http://") || l.startsWith("https://") || S3Source.handles(location);
    }

    /** The source for a FILE argument; nothing is requested yet. */
    static ByteSource open(String location, SourceOptions o) throws IOException {
        RetryPolicy retry = retry(o);
        String l = location.toLowerCase(Locale.ROOT);
        if (l.startsWith("http://") || l.startsWith("https://")) {
            try {
                URI uri = new URI(location);
                if (uri.getHost() == null) {
                    throw new URISyntaxException(location, "no host");
                }
                return HttpSource.open(uri, retry);
            } catch (URISyntaxException | IllegalArgumentException e) {
                throw new Main.UserError("not a URL pqlab can read: " + e.getMessage());
            }
        }
        if (S3Source.handles(location)) {
            S3Source.Options options = s3(o);
            try {
                return S3Source.open(location, options);
            } catch (IllegalArgumentException e) {
                throw new Main.UserError(e.getMessage());
            }
        }
        Path path = Path.of(location);
        if (Files.isDirectory(path)) {
            throw new Main.UserError("is a directory, not a Parquet file");
        }
        if (!Files.exists(path)) {
            throw new NoSuchFileException(location);
        }
        return FileSource.open(path);
    }

    /** Retries and timeouts as --retries and --timeout-ms say. */
    static RetryPolicy retry(SourceOptions o) {
        if (o.retries < 0) {
            throw new Main.UserError("--retries must be 0 or more");
        }
        if (o.timeoutMs <= 0) {
            throw new Main.UserError("--timeout-ms must be positive");
        }
        return RetryPolicy.DEFAULT.withAttempts(o.retries + 1).withTimeout(Duration.ofMillis(o.timeoutMs));
    }

    /** How s3:// locations are reached: --endpoint (or the environment's), --region, the retries. */
    static S3Source.Options s3(SourceOptions o) {
        URI endpoint = null;
        if (o.endpoint != null) {
            try {
                endpoint = new URI(o.endpoint);
                if (endpoint.getScheme() == null || endpoint.getHost() == null) {
                    throw new URISyntaxException(o.endpoint, "give a URL such as http://127.0.0.1:9000");
                }
            } catch (URISyntaxException e) {
                throw new Main.UserError("--endpoint: " + e.getMessage());
            }
        }
        try {
            return new S3Source.Options(endpoint, o.region, retry(o)).withEnvironmentEndpoint();
        } catch (IllegalArgumentException e) {
            throw new Main.UserError(e.getMessage());
        }
    }

    /** Opens the file and reads its footer with the strategy: the first phase of a read. */
    static ReadSession session(String location, SourceOptions o, Strategy strategy) throws IOException {
        ByteSource source = open(location, o);
        try {
            return ReadSession.open(source, strategy, new RequestLog(), FetchingSource.DEFAULT_MAX_HELD,
                    o.keys.decryption(location));
        } catch (IOException | RuntimeException e) {
            source.close();
            throw e;
        }
    }
}
