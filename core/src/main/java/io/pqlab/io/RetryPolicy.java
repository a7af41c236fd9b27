package io.pqlab.io;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How often and how patiently a remote read is tried: bounded attempts, exponential backoff with
 * jitter between them, and a deadline for each attempt. Only transient failures are retried, and
 * only reads (GET and HEAD are idempotent, so another attempt is always safe).
 *
 * @param attempts tries in all, at least 1
 * @param initialBackoff the wait before the second try; doubled before each further one
 * @param maxBackoff the longest wait between tries
 * @param timeout the deadline for one attempt, from sending the request to the last byte of the body
 */
public record RetryPolicy(int attempts, Duration initialBackoff, Duration maxBackoff, Duration timeout) {

    /** Four tries, 100 ms then 200 ms then 400 ms apart (up to 2 s), 30 s per attempt. */
    public static final RetryPolicy DEFAULT =
            new RetryPolicy(4, Duration.ofMillis(100), Duration.ofSeconds(2), Duration.ofSeconds(30));

    public RetryPolicy {
        if (attempts < 1) {
            throw new IllegalArgumentException("attempts must be at least 1");
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the timeout must be positive");
        }
    }

    public RetryPolicy withAttempts(int n) {
        return new RetryPolicy(n, initialBackoff, maxBackoff, timeout);
    }

    public RetryPolicy withTimeout(Duration t) {
        return new RetryPolicy(attempts, initialBackoff, maxBackoff, t);
    }

    public RetryPolicy withBackoff(Duration initial, Duration max) {
        return new RetryPolicy(attempts, initial, max, timeout);
    }

    /** One attempt at a read. */
    @FunctionalInterface
    public interface Attempt<T> {
        T run() throws IOException;
    }

    /**
     * Runs {@code attempt} until it succeeds, fails for good, or the tries are used up; the last
     * failure is thrown with the number of tries in its message.
     *
     * @param retries counts the attempts that failed and were retried
     */
    public <T> T run(String what, AtomicLong retries, Attempt<T> attempt) throws IOException {
        long backoff = Math.max(0, initialBackoff.toMillis());
        for (int i = 1; ; i++) {
            try {
                return attempt.run();
            } catch (RemoteReadException e) {
                if (!e.isTransient()) {
                    throw e;
                }
                if (i >= attempts) {
                    throw new RemoteReadException(what + ": " + e.getMessage()
                            + (attempts > 1 ? " (gave up after " + attempts + " tries)" : ""), false, e);
                }
            }
            retries.incrementAndGet();
            long wait = Math.min(backoff, maxBackoff.toMillis());
            // jitter in [wait/2, wait]: clients that failed together do not retry together
            wait = wait / 2 + (wait > 1 ? ThreadLocalRandom.current().nextLong(wait / 2 + 1) : 0);
            try {
                Thread.sleep(wait);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                throw new RemoteReadException(what + ": interrupted", false, ie);
            }
            backoff = Math.min(backoff * 2, maxBackoff.toMillis());
        }
    }
}
