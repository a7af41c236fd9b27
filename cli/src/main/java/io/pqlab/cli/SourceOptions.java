package io.pqlab.cli;

import io.pqlab.internal.net.Strategy;
import picocli.CommandLine.Option;

/** How a FILE argument is reached: options every command that reads a file takes. */
final class SourceOptions {
    @picocli.CommandLine.Mixin
    KeyOptions keys = new KeyOptions();

    @Option(names = "--endpoint", paramLabel = "URL",
            description = "For s3:// locations: an S3-compatible endpoint (path-style addressing), e.g. "
                    + "http://127.0.0.1:9000. Default: $AWS_ENDPOINT_URL_S3, $AWS_ENDPOINT_URL, else AWS.")
    String endpoint;

    @Option(names = "--region", paramLabel = "REGION",
            description = "For s3:// locations: the region. Default: the SDK's chain (AWS_REGION, profile).")
    String region;

    @Option(names = "--prefetch", paramLabel = "BYTES", defaultValue = "64KiB",
            description = "Read the footer with one suffix request of this many bytes (it often holds the page "
                    + "indexes and Bloom filters too); 0 for a HEAD, the 8-byte trailer, then the footer. "
                    + "Default: ${DEFAULT-VALUE}.")
    String prefetch;

    @Option(names = "--timeout-ms", paramLabel = "MS", defaultValue = "30000",
            description = "Give up on one request after this long (then retry). Default: ${DEFAULT-VALUE}.")
    long timeoutMs;

    @Option(names = "--retries", paramLabel = "N", defaultValue = "3",
            description = "Retries of a request that failed in a way that may pass (5xx, dropped connection, "
                    + "timeout, short body), with backoff. Default: ${DEFAULT-VALUE}.")
    int retries;

    int prefetchBytes() {
        long n = Sizes.parse(prefetch, "--prefetch");
        if (n > Integer.MAX_VALUE - 8) {
            throw new Main.UserError("--prefetch " + prefetch + " is too large");
        }
        return (int) n;
    }

    /** The footer strategy alone, for commands that only look inside a file. */
    Strategy strategy() {
        return new Strategy(prefetchBytes(), 0, 1, true);
    }
}
